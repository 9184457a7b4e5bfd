"""Two app servers on one PostgreSQL behave as one server.

Two gunicorn instances (`tests/servers.py`) serve the test's database with the same secret
key, as two machines behind one proxy would; a phone's cookies go to either. A save on one is
seen by a poll on the other at once; sign-in and passcode limits count the tries made on
both; a sign-out, a sign-out everywhere and a removed phone are refused by both; the
standings and the PDFs of either follow a correction made on the other; and a hand sent to
both at once is saved once.
"""

from __future__ import annotations

import functools
import http.cookiejar
import io
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
import servers
from conftest import ON_POSTGRES, SETTINGS, out, play_hand, tally
from pypdf import PdfReader
from sqlalchemy import func, select
from test_access import hand_fields

from scorekeeper.extensions import db
from scorekeeper.league import passcodes, tries
from scorekeeper.models import Game, Hand, HandScore, HandState, LoginAttempt
from scorekeeper.play import games

pytestmark = [
    pytest.mark.database,
    pytest.mark.slow,
    pytest.mark.skipif(
        not ON_POSTGRES, reason="two servers share a PostgreSQL: TEST_DATABASE_URL names none"
    ),
]

PASSWORD = "owner-password"
PASSCODE = "velvet harbour pickle"
HIDDEN = re.compile(r'<input[^>]*name="(csrf_token|action_key|version)"[^>]*value="([^"]*)"')


@dataclass
class Answer:
    status: int
    text: str
    headers: dict[str, str]


class NoRedirects(urllib.request.HTTPRedirectHandler):
    """Answer a redirect as it is, so the test sees where it leads."""

    def redirect_request(self, *args: object) -> None:
        return None


class Phone:
    """A browser on a phone: its cookies, sent to whichever server it asks."""

    def __init__(self, jar: http.cookiejar.CookieJar | None = None) -> None:
        self.jar = jar or http.cookiejar.CookieJar()
        handlers = (urllib.request.HTTPCookieProcessor(self.jar), NoRedirects())
        self.opener = urllib.request.build_opener(*handlers)

    def open(self, url: str, data: dict[str, str] | None = None, **headers: str) -> Answer:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        request = urllib.request.Request(url, data=body, headers=headers)
        try:
            with self.opener.open(request, timeout=30) as answer:
                return Answer(answer.status, answer.read().decode("latin-1"), dict(answer.headers))
        except urllib.error.HTTPError as refused:
            with refused:
                return Answer(refused.code, refused.read().decode("latin-1"), dict(refused.headers))

    def form(self, url: str) -> dict[str, str]:
        """The hidden fields of the page's form (its CSRF token, action key, version)."""
        page = self.open(url)
        assert page.status == 200, (url, page.status)
        return dict(HIDDEN.findall(page.text))

    def send(self, url: str, **values: str) -> Answer:
        """Fill in the page's form at `url` and send it there."""
        return self.open(url, {**self.form(url), **values})

    def copy(self) -> Phone:
        """Another browser holding the same cookies (a cookie copied elsewhere)."""
        jar = http.cookiejar.CookieJar()
        for cookie in self.jar:
            jar.set_cookie(cookie)
        return Phone(jar)


@pytest.fixture(scope="module")
def servers_of_the_database(migrated, tmp_path_factory) -> Iterator[tuple[str, str]]:
    """Two gunicorn servers on the tests' database, for the whole module: each test's rows
    are new to them (ids start again after the `app` fixture empties the tables)."""
    url = SETTINGS["SQLALCHEMY_DATABASE_URI"]
    folder = tmp_path_factory.mktemp("servers")
    # Threads as deploy/gunicorn.conf.py gives each process: requests race within a server
    # as well as across the two.
    threads = {"GUNICORN_CMD_ARGS": "--threads 4"}
    with (
        servers.running("gunicorn", url, folder / "one", **threads) as first,
        servers.running("gunicorn", url, folder / "two", **threads) as second,
    ):
        yield f"http://127.0.0.1:{first}", f"http://127.0.0.1:{second}"


@pytest.fixture
def two(app, servers_of_the_database) -> tuple[str, str]:
    """The two servers, on the empty database of the test's `app`."""
    return servers_of_the_database


def signed_in(server: str) -> Phone:
    """The owner's phone, signed in on `server`."""
    phone = Phone()
    assert phone.send(f"{server}/login", username="owner", password=PASSWORD).status == 302
    return phone


def test_a_save_on_one_is_seen_by_a_poll_on_the_other_at_once(two, make_game):
    first, second = two
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    phone = signed_in(first)
    polled = phone.open(f"{second}/games/{game.id}/version", Accept="application/json")
    tag = polled.headers["ETag"]
    assert phone.open(f"{second}/games/{game.id}/version", **{"If-None-Match": tag}).status == 304

    hand = games.current_hand(game)
    form = f"{first}/games/{game.id}/hand/{hand.number}/score"
    assert phone.send(form, **hand_fields()).status == 302

    after = phone.open(f"{second}/games/{game.id}/version", **{"If-None-Match": tag})
    assert after.status == 200
    assert after.headers["ETag"] != tag


def at_once(sends: list[Callable[[], Answer]]) -> list[Answer]:
    """Send every request at the same moment, each from its own thread; their answers."""
    barrier = threading.Barrier(len(sends))
    answers: list[Answer | None] = [None] * len(sends)

    def send(i: int) -> None:
        barrier.wait()
        answers[i] = sends[i]()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(sends))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert all(answers)
    return [answer for answer in answers if answer]


def test_wrong_passwords_split_between_the_two_lock_at_the_limit(two, owner):
    first, second = two
    guesses = []
    for i in range(3 * tries.MAX_FAILURES):  # split between the two servers
        phone, login = Phone(), f"{two[i % 2]}/login"
        wrong = {**phone.form(login), "username": "owner", "password": f"wrong guess {i}"}
        guesses.append(functools.partial(phone.open, login, wrong))

    statuses = sorted(answer.status for answer in at_once(guesses))

    limit = tries.MAX_FAILURES
    assert statuses == [401] * limit + [429] * (len(guesses) - limit)
    # The right password waits too, on either server.
    for server in (first, second):
        right = Phone().send(f"{server}/login", username="owner", password=PASSWORD)
        assert right.status == 429
        assert "Too many wrong tries" in right.text
    db.session.expire_all()
    assert db.session.scalar(select(func.count(LoginAttempt.id))) == tries.MAX_FAILURES


def test_wrong_passcodes_split_between_the_two_lock_at_the_limit(two, make_league):
    league = make_league()
    passcodes.set_passcode(league, PASSCODE)
    db.session.commit()
    for i in range(tries.PASSCODE_FAILURES):
        wrong = Phone().send(f"{two[i % 2]}/leagues/{league.id}/join", passcode="wrong words")
        assert wrong.status == 401
    for server in two:
        right = Phone().send(f"{server}/leagues/{league.id}/join", passcode=PASSCODE)
        assert right.status == 429


def test_a_sign_out_on_one_is_refused_by_both(two, make_game):
    first, second = two
    game = make_game()
    phone = signed_in(first)
    copied = phone.copy()
    assert copied.open(f"{second}/games/{game.id}").status == 200

    signed_out = phone.open(f"{first}/logout", phone.form(f"{second}/account"))
    assert signed_out.status == 302

    for server in two:
        refused = copied.open(f"{server}/games/{game.id}")
        assert refused.status == 302 and "/login" in refused.headers["Location"]


def test_a_sign_out_everywhere_on_one_is_refused_by_both(two, make_game):
    first, second = two
    game = make_game()
    here, elsewhere = signed_in(first), signed_in(second)
    assert elsewhere.open(f"{first}/games/{game.id}").status == 200

    ended = here.open(f"{first}/logout/everywhere", here.form(f"{second}/account"))
    assert ended.status == 302

    for server in two:
        refused = elsewhere.open(f"{server}/games/{game.id}")
        assert refused.status == 302 and "/login" in refused.headers["Location"]


def test_a_phone_removed_on_one_is_refused_by_both(two, make_game):
    first, second = two
    game = make_game()
    passcodes.set_passcode(game.league, PASSCODE)
    db.session.commit()
    scorer = Phone()
    joined = scorer.send(f"{second}/leagues/{game.league_id}/join", passcode=PASSCODE)
    assert joined.status == 302
    for server in two:
        assert scorer.open(f"{server}/games/{game.id}").status == 200

    owner = signed_in(first)
    (phone,) = passcodes.joined_phones(game.league)
    settings = f"{first}/leagues/{game.league_id}/settings"
    removed = owner.open(f"{settings}/phones/{phone.id}/remove", owner.form(settings))
    assert removed.status == 302

    for server in two:
        assert scorer.open(f"{server}/games/{game.id}").status == 404


def finished_game(make_game) -> Game:
    """A game of four played to its end, Ann out in every hand, Bob holding a ten."""
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    while games.current_hand(game) is not None:
        play_hand(game, [out(), tally(high=1), tally(low=2), tally(ace=1)])
    return game


def pdf_text(answer: Answer) -> str:
    assert answer.status == 200 and answer.text.startswith("%PDF"), answer.status
    reader = PdfReader(io.BytesIO(answer.text.encode("latin-1")))
    return " ".join(page.extract_text() for page in reader.pages)


def standings_row(page: Answer, name: str) -> str:
    """The words of a player's row on the standings page."""
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", page.text, re.S)
    words = [" ".join(re.sub(r"<[^>]+>", " ", row).split()) for row in rows]
    return next(row for row in words if name in row)


def test_standings_and_pdfs_of_both_follow_a_correction_made_on_one(two, make_game):
    first, second = two
    game = finished_game(make_game)
    bob = next(seat for seat in game.seats if seat.player.name == "Bob")
    total = bob.final_total
    phone = signed_in(first)
    standings = f"/leagues/{game.league_id}/standings"
    sheet = f"/games/{game.id}/sheet.pdf"
    for server in two:  # each server draws and keeps both
        assert str(total) in standings_row(phone.open(server + standings), "Bob")
        assert f"Total 0 {total} " in pdf_text(phone.open(server + sheet))  # Ann went out

    hand = db.session.scalar(select(Hand).where(Hand.game_id == game.id, Hand.number == 1))
    report = {**hand_fields(), "p1_cards_2_9": "0", "p2_cards_10_k": "0", "p3_cards_a": "0"}
    report |= {"p1_cards_10_k": "2", "p2_cards_2_9": "2", "p3_cards_a": "1"}
    why = {"made_by": "Ann", "reason": "Bob held two tens", "agreed": "y"}
    fixed = phone.send(f"{second}/games/{game.id}/hands/{hand.id}/edit", **report, **why)
    assert fixed.status == 302, fixed.text[:2000]
    db.session.expire_all()
    assert bob.final_total == total + 10

    for server in two:
        assert str(total + 10) in standings_row(phone.open(server + standings), "Bob")
        assert f"Total 0 {total + 10} " in pdf_text(phone.open(server + sheet))


def test_a_hand_sent_to_both_at_once_is_saved_once(two, make_game):
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    phone = signed_in(two[0])
    for number, same_key in enumerate([False, True, False, True]):
        hand = games.current_hand(games.load_game(game.id))
        path = f"/games/{game.id}/hand/{hand.number}/score"
        forms = [phone.form(server + path) for server in two]
        if same_key:
            forms[1] = forms[0]
        sends = [
            functools.partial(phone.open, server + path, {**form, **hand_fields()})
            for server, form in zip(two, forms, strict=True)
        ]
        answers = at_once(sends)

        statuses = sorted(answer.status for answer in answers)
        assert statuses in ([302, 302], [302, 409]), (number, statuses)
        db.session.expire_all()
        scored = select(func.count(Hand.id)).where(
            Hand.game_id == game.id, Hand.state == HandState.SCORED
        )
        assert db.session.scalar(scored) == number + 1
        rows = select(func.count(HandScore.id)).join(Hand).where(Hand.game_id == game.id)
        assert db.session.scalar(rows) == 4 * (number + 1)
