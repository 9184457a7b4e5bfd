"""Eight fresh standings PDFs of the largest league asked for at once, on `make run`'s real
server: another family's sheet and the health check still answer within two seconds.

The server runs in its own process (waitress with its threads, as `make run` starts it), on a
SQLite file; the owners sign in through the sign-in form.
"""

from __future__ import annotations

import http.cookiejar
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta

import pytest
import servers

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.league.settings import NewSeason, add_seasons
from scorekeeper.models import GameStatus
from scorekeeper.play import games
from scorekeeper.rules import limits

pytestmark = pytest.mark.slow

PASSWORD = "a long kitchen-table password"
FRESH = {"Cache-Control": "no-cache"}
AT_ONCE = 8


@dataclass(frozen=True)
class Leagues:
    big: int
    small_game: int


def build(url: str, instance) -> Leagues:
    """The largest league the bounds allow (players, seasons, the discarded games a sheet
    lists), of one owner, and a four-player game of another family's."""
    app = create_app({"SQLALCHEMY_DATABASE_URI": url}, instance_path=instance)
    with app.app_context():
        db.create_all()
        owner = accounts.create_account("big", PASSWORD)
        big = leagues.create_league("B" * limits.LONGEST["league"], "continental", owner)
        players = leagues.add_players(
            big, [f"{n:03} {'W' * 36}" for n in range(limits.LEAGUE_PLAYERS.high)]
        )
        first = date(2020, 1, 1)
        add_seasons(
            big,
            [
                NewSeason(f"Season {n}", first + timedelta(days=n), first + timedelta(days=n))
                for n in range(limits.LEAGUE_SEASONS.high - 1)
            ]
            + [NewSeason("This year", date.today().replace(month=1, day=1), date.today())],
        )
        for _ in range(limits.PRINTED_GAMES.high + 1):
            game = games.start_game(big, big.rulesets[0], players[:8], 0, today=date.today())
            game.status, game.discarded, game.end_note = GameStatus.INCOMPLETE, True, "Left."
        small_owner = accounts.create_account("small", PASSWORD)
        small = leagues.create_league("The Smiths", "continental", small_owner)
        four = leagues.add_players(small, ["Ann", "Bob", "Cat", "Dan"])
        game = games.start_game(small, small.rulesets[0], four, 0)
        db.session.commit()
        found = Leagues(big.id, game.id)
        db.engine.dispose()
    return found


@pytest.fixture
def served(tmp_path) -> Iterator[tuple[str, Leagues]]:
    url = f"sqlite:///{tmp_path / 'printing.db'}"
    made = build(url, tmp_path / "instance")
    with servers.running("waitress", url, tmp_path / "instance") as port:
        yield f"http://127.0.0.1:{port}", made


def signed_in(base: str, username: str) -> urllib.request.OpenerDirector:
    """A browser of its own, signed in through the sign-in form."""
    opener = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    with opener.open(f"{base}/login", timeout=30) as page:
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.read().decode())[1]
    form = {"csrf_token": token, "username": username, "password": PASSWORD}
    request = urllib.request.Request(
        f"{base}/login", urllib.parse.urlencode(form).encode(), {"Referer": f"{base}/login"}
    )
    with opener.open(request, timeout=30) as home:
        assert home.status == 200
    return opener


def timed(opener: urllib.request.OpenerDirector, url: str, **headers: str) -> tuple[int, float]:
    """The status of a GET and the seconds it took."""
    started = time.monotonic()
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=60) as answer:
            answer.read()
            status = answer.status
    except urllib.error.HTTPError as refused:
        status = refused.code
    return status, time.monotonic() - started


def test_many_fresh_pdfs_of_one_league_leave_others_answering(served):
    base, made = served
    big, small = signed_in(base, "big"), signed_in(base, "small")
    standings = f"{base}/leagues/{made.big}/standings.pdf"
    sheet = f"{base}/games/{made.small_game}/sheet.pdf"
    assert timed(small, sheet)[0] == 200  # the server has loaded WeasyPrint

    answers: list[tuple[int, float]] = []
    crowd = [
        threading.Thread(target=lambda: answers.append(timed(big, standings, **FRESH)))
        for _ in range(AT_ONCE)
    ]
    for thread in crowd:
        thread.start()
    time.sleep(0.3)  # all eight are drawing or waiting for a slot
    other_pdf = timed(small, sheet, **FRESH)
    health = timed(small, f"{base}/healthz")
    for thread in crowd:
        thread.join(timeout=60)

    assert other_pdf[0] == 200 and other_pdf[1] < 2
    assert health[0] == 200 and health[1] < 2
    # Each of the eight was drawn or told to try again in a moment; none failed or hung.
    statuses = sorted(status for status, _ in answers)
    assert len(statuses) == AT_ONCE and set(statuses) <= {200, 503} and 200 in statuses
    assert max(seconds for _, seconds in answers) < 10
