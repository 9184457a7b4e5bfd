"""A page's background check of the game's version never undoes what a save told the phone."""

from __future__ import annotations

import re
import time

from conftest import hand_data
from reading import markup

from scorekeeper.extensions import db
from scorekeeper.league import settings

OUT = {"out": "y"}
HOLDS_FIVE = {"total": "5"}


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
        f"/games/{game.id}/hands/{hand.id}/score",
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
