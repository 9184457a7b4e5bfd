"""A page's background check of the game's version: answered 304 with no body while nothing
moved, read by the table's access check with the game's league (one query past the link's),
and never undoing what a save told the phone."""

from __future__ import annotations

import re
import time
from typing import NamedTuple

import pytest
from conftest import hand_data, out, play_hand, tally
from flask.testing import FlaskClient
from reading import markup
from sqlalchemy import event

from scorekeeper.extensions import db
from scorekeeper.league import passcodes, settings
from scorekeeper.models import Game

OUT = {"out": "y"}
HOLDS_FIVE = {"total": "5"}
PASSCODE = "velvet harbour pickle"


def signed_in_for_weeks(app, owner):
    """A phone signed in as a lasting session, as the sign-in page leaves it."""
    phone = app.test_client()
    with phone.session_transaction() as session:
        session.permanent = True
        session["account_id"] = owner.id
        session["seen"] = time.time()
    return phone


def test_version_answers_never_set_the_session_cookie(app, owner, make_game):
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    token = settings.share(game.league)
    db.session.commit()
    phone = signed_in_for_weeks(app, owner)

    polled = phone.get(f"/games/{game.id}/version")
    watched = phone.get(f"/watch/{token}/games/{game.id}/version")
    table = phone.get(f"/games/{game.id}")

    assert polled.status_code == watched.status_code == table.status_code == 200
    assert "Set-Cookie" not in polled.headers
    assert "Set-Cookie" not in watched.headers
    # A page keeps the lasting session alive: once its "seen" time is over a minute old, the
    # page moves it and sends the cookie again; within the minute, with its CSRF token already
    # in the session (the first page put it there), it has nothing new to send.
    assert "Set-Cookie" in table.headers
    assert "Set-Cookie" not in phone.get(f"/games/{game.id}").headers
    with phone.session_transaction() as session:
        session["seen"] = time.time() - 120
    later = phone.get(f"/games/{game.id}")
    assert later.status_code == 200 and "Set-Cookie" in later.headers
    assert "Expires=" in later.headers["Set-Cookie"]


def test_a_poll_that_crossed_a_save_keeps_the_saves_message(app, owner, make_game):
    """The poll leaves before the save with the old cookie and comes back after the save's
    answer: whatever it answers must not put the old session back over the message."""
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    hand = game.hands[0]
    phone = signed_in_for_weeks(app, owner)
    cookie_before_save = phone.get_cookie("session").value
    poll = app.test_client()  # the same phone's fetch, sent with the cookie of that moment
    poll.set_cookie("session", cookie_before_save, domain="localhost")

    saved = phone.post(
        f"/games/{game.id}/hand/{hand.number}/score",
        data=hand_data(hand, [OUT, HOLDS_FIVE, HOLDS_FIVE, HOLDS_FIVE]),
    )
    assert saved.status_code == 302
    answer = poll.get(f"/games/{game.id}/version")
    assert answer.status_code == 200
    if "Set-Cookie" in answer.headers:  # the phone keeps one cookie jar for both
        crossed = poll.get_cookie("session")
        if crossed is None:
            phone.delete_cookie("session", domain="localhost")
        else:
            phone.set_cookie("session", crossed.value, domain="localhost")

    table = markup(phone.get(saved.headers["Location"]))
    assert "Hand 1 saved." in table
    assert re.search(r"Hand\s*<span[^>]*>2</span>\s*of", table), "the table shows hand 2"


class Poll(NamedTuple):
    """A page's poll: whose URL (the table's or the read-only link's), and who asks."""

    where: str
    url: str
    phone: FlaskClient


@pytest.fixture
def playing(make_game) -> Game:
    """A game in play whose league has a read-only link."""
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    settings.share(game.league)
    db.session.commit()
    return game


@pytest.fixture(params=["table", "scorer", "link"])
def poll(request, playing) -> Poll:
    """The table's poll by the league's signed-in owner and by a phone that joined it with
    the passcode, and the link's by a relative signed in nowhere."""
    if request.param == "table":
        return Poll("table", f"/games/{playing.id}/version", request.getfixturevalue("client"))
    if request.param == "scorer":
        passcodes.set_passcode(playing.league, PASSCODE)
        db.session.commit()
        phone = request.getfixturevalue("app").test_client()
        joined = phone.post(f"/leagues/{playing.league_id}/join", data={"passcode": PASSCODE})
        assert joined.status_code == 302
        return Poll("scorer", f"/games/{playing.id}/version", phone)
    link = f"/watch/{playing.league.share_token}/games/{playing.id}/version"
    return Poll("link", link, request.getfixturevalue("anonymous"))


def test_a_poll_carries_the_versions_etag(poll, playing):
    answer = poll.phone.get(poll.url)

    assert answer.status_code == 200
    assert answer.json == {"version": playing.version}
    assert answer.headers["ETag"] == f'"v{playing.version}"'


@pytest.mark.parametrize(
    "if_none_match",
    ['"v{v}"', 'W/"v{v}"', '"v0", "v{v}"', 'W/"v0", W/"v{v}", "other"', "*"],
    ids=["strong", "weak", "list", "weak list", "any"],
)
def test_a_poll_that_has_the_version_is_answered_304_with_no_body(poll, playing, if_none_match):
    answer = poll.phone.get(
        poll.url, headers={"If-None-Match": if_none_match.format(v=playing.version)}
    )

    assert answer.status_code == 304
    assert answer.get_data() == b""
    assert answer.headers["ETag"] == f'"v{playing.version}"'
    assert "Set-Cookie" not in answer.headers


def test_a_poll_with_the_old_version_gets_the_new_one_after_a_save(poll, playing):
    before = poll.phone.get(poll.url)
    tag = before.headers["ETag"]
    assert poll.phone.get(poll.url, headers={"If-None-Match": tag}).status_code == 304

    play_hand(playing, [out(), tally(low=3), tally(high=1), tally(ace=1)])

    after = poll.phone.get(poll.url, headers={"If-None-Match": tag})
    assert after.status_code == 200
    assert after.json == {"version": playing.version} != before.json
    new_tag = after.headers["ETag"]
    assert new_tag == f'"v{playing.version}"' != tag
    assert poll.phone.get(poll.url, headers={"If-None-Match": new_tag}).status_code == 304


def test_the_link_polls_no_game_of_another_league_whatever_it_sends(
    playing, make_league, make_game, anonymous
):
    other = make_league(name="The Joneses", players=("Wes", "Xia", "Yul", "Zoe"))
    theirs = make_game(("Wes", "Xia", "Yul", "Zoe"), league=other)
    link = f"/watch/{playing.league.share_token}/games/{theirs.id}/version"

    assert anonymous.get(link, headers={"If-None-Match": "*"}).status_code == 404


class Statements:
    """The SQL statements sent while inside the block, each on one line."""

    def __enter__(self) -> Statements:
        self.seen: list[str] = []
        event.listen(db.engine, "before_cursor_execute", self._listen)
        return self

    def _listen(self, _conn, _cursor, statement, *_args) -> None:
        self.seen.append(" ".join(statement.split()))

    def __exit__(self, *_exc) -> None:
        event.remove(db.engine, "before_cursor_execute", self._listen)


# What a poll reads: the table's, who the visitor is (the signed-in account, or a joined
# phone's session not signed out), then the game's league with its version and whether the
# phone joined it; the link's, its league, then the version alone.
READS = {
    "table": ("FROM account", "FROM league JOIN game"),
    "scorer": ("FROM signed_out_session", "FROM league JOIN game"),
    "link": ("FROM league", "SELECT game.version FROM game WHERE game.id = "),
}


def test_a_poll_sends_two_queries(poll):
    tag = poll.phone.get(poll.url).headers["ETag"]

    for headers, status in (({}, 200), ({"If-None-Match": tag}, 304)):
        db.session.expire_all()  # the request reads what it needs itself, as on a server
        with Statements() as sent:
            assert poll.phone.get(poll.url, headers=headers).status_code == status
        assert len(sent.seen) == len(READS[poll.where]), sent.seen
        for statement, reads in zip(sent.seen, READS[poll.where], strict=True):
            assert reads in statement, statement
        assert "game.version" in sent.seen[-1]
