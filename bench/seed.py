"""The bench's leagues, made as a family makes them: through the app's pages and a league file.

A few games are played through the pages (sign up, a league and its players, seating, each
hand's form); the league is downloaded as a league file, whose games are copied, dated over two
seasons, into bigger files that are uploaded on the import page. The import replays each game
through the app's own operations, and the big league's older games, more than one file holds,
are replayed by the same function afterwards: no game is written any other way.
"""

from __future__ import annotations

import io
import itertools
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from flask import Flask

from bench.browser import BenchError, Browser
from bench.pages import SCORE_LINK, FormData, filled_report, read
from scorekeeper import models
from scorekeeper.exchange.format import Node
from scorekeeper.exchange.replay import replay_game
from scorekeeper.extensions import db

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve")
PRESET = "continental"  # seven hands: the game most families play
LONG_PRESET = "progressive-13"  # thirteen hands: hand 12 is saved before the game ends
GAME_LINK = re.compile(r'href="(/games/\d+)"')
RENAME_LINK = re.compile(r'href="(/leagues/\d+/players/\d+/rename)"')


@dataclass(frozen=True)
class League:
    """An imported league: its page, and the games its page lists first."""

    path: str
    table_game: str  # the game in play (listed first)
    score_form: str  # the hand form of its hand in play
    sheet_game: str  # the newest finished game (listed next)


def sign_up(browser: Browser, username: str, password: str) -> None:
    """Make an account on the sign-up page (which signs in too)."""
    browser.submit("/signup", "/signup", username=username, password=password, confirm=password)


def new_league(browser: Browser, name: str, preset: str) -> str:
    """Create a league of the five players from the home page; its address."""
    path = browser.submit("/", "/leagues", name=name, preset=preset).location
    for player in PLAYERS:
        browser.submit(path, f"{path}/players", name=player)
    return path


def start_game(browser: Browser, league: str) -> str:
    """Start a game of every player, seated as listed; the table screen's address."""
    chosen = browser.form(f"{league}/games/new", f"{league}/games/new")
    ticked = [value for name, value in chosen.boxes if name == "players"]
    page = browser.post(f"{league}/games/new", {**chosen.fields, "players": ticked}, 200)
    seating = next(f for f in read(page.text).forms if f.action.endswith("/games/seating"))
    return browser.post(seating.action, {**seating.fields, "move": "start"}).location


def hand_save(browser: Browser, game: str, turn: int) -> tuple[str, FormData] | None:
    """The form of the game's hand in play, filled in for `turn` (`pages.filled_report`);
    None when no hand is in play."""
    form = read(browser.get(game)).link_to(SCORE_LINK)
    if form is None:
        return None
    return form, filled_report(browser.form(form, form), turn)


def played_league(browser: Browser, finished: int) -> dict[str, Any]:
    """The league file of a league of `finished` games played to the end, and one 3 hands in."""
    league = new_league(browser, "Played", PRESET)
    for number in range(finished + 1):
        game, hands = start_game(browser, league), 3 if number == finished else 99  # 99: all
        for turn in range(7 * number, 7 * number + hands):  # a new turn: other reports
            if (save := hand_save(browser, game, turn)) is None:  # the game is over
                break
            browser.post(*save)
    data: dict[str, Any] = json.loads(browser.get(f"{league}/export"))
    return data


def league_file(
    played: dict[str, Any], name: str, seasons: dict[int, int], in_play: bool = True
) -> bytes:
    """A league file of the played games copied `seasons[year]` times into each year.

    The copies of a year are spread over its first 300 days, every time in each moved with
    it; the game in play comes last, as it was (unless left out).
    """
    games = []
    finished = [game for game in played["games"] if game["status"] == "finished"]
    for year, count in sorted(seasons.items()):
        for index in range(count):
            day = date(year, 1, 1) + timedelta(days=index * 300 // count)
            games.append(moved(finished[index % len(finished)], day))
    games += [game for game in played["games"] if game["status"] == "playing" and in_play]
    data = {**played, "league": {**played["league"], "name": name}, "games": games}
    return json.dumps(data).encode()


def moved(game: dict[str, Any], day: date) -> dict[str, Any]:
    """A copy of a game started on `day`, every time in it (`..._at`) moved by as much."""
    shift = day - date.fromisoformat(game["started_on"])

    def move(node: Any) -> Any:
        if isinstance(node, list):
            return [move(item) for item in node]
        if not isinstance(node, dict):
            return node
        return {
            key: (datetime.fromisoformat(value) + shift).isoformat()
            if key.endswith("_at") and value
            else move(value)
            for key, value in node.items()
        }

    return {**move(game), "started_on": day.isoformat()}


def in_parts(data: bytes, imported: int) -> tuple[bytes, list[dict[str, Any]]]:
    """The league file cut to its last `imported` games (the game in play among them), which
    one upload takes, and the older games left out, oldest first."""
    whole = json.loads(data)
    games = whole["games"]
    return json.dumps({**whole, "games": games[-imported:]}).encode(), games[:-imported]


def grown(app: Flask, league: str, games: list[dict[str, Any]]) -> None:
    """Add games to the league of the page `league`, each replayed as its import replays one:
    a league may grow past what one league file holds, as a family's does over the years."""
    with app.app_context():
        found = db.get_or_404(models.League, int(league.rsplit("/", 1)[-1]))
        players = {player.name: player for player in found.players}
        with db.session.no_autoflush:
            for index, game in enumerate(games):
                replay_game(found, Node(game, f"games[{index}]"), players, list(found.rulesets))
        db.session.commit()


def upload_form(browser: Browser, data: bytes) -> FormData:
    """The import page's form with the league file `data` chosen."""
    form = browser.form("/leagues/import", "/leagues/import")
    return {**form.fields, "file": (io.BytesIO(data), "league.json")}


def imported(browser: Browser, data: bytes) -> League:
    """Import a league file on the import page; its league, with the games it lists first."""
    path = browser.post("/leagues/import", upload_form(browser, data)).location
    games = GAME_LINK.findall(browser.get(path))
    form = read(browser.get(games[0])).link_to(SCORE_LINK) if games else None
    if len(games) < 2 or form is None:
        raise BenchError(f"{path} does not list its game in play, then a finished one.")
    return League(path, games[0], form, games[1])


def changer(browser: Browser, league: str) -> Callable[[], None]:
    """A change to the league that its standings must show: a player renamed, and back."""
    found = RENAME_LINK.search(browser.get(league))
    if found is None:
        raise BenchError(f"{league} has no player to rename.")
    names = itertools.cycle([f"{PLAYERS[0]} B", PLAYERS[0]])

    def change() -> None:
        browser.submit(found[1], found[1], name=next(names))

    return change


class Saves:
    """Hand saves, each of the next hand in play, in games started as they run out."""

    def __init__(self, browser: Browser, league: str) -> None:
        self.browser, self.league, self.game, self.turn = browser, league, "", 0

    def next(self, new_game: bool = False) -> tuple[str, FormData]:
        """The next hand's form, filled in (in a new game when asked or when one ends)."""
        self.turn += 1
        save = None if new_game or not self.game else hand_save(self.browser, self.game, self.turn)
        if save is None:
            self.game = start_game(self.browser, self.league)
            save = hand_save(self.browser, self.game, self.turn)
        if save is None:
            raise BenchError(f"{self.game} has no hand to score.")
        return save

    def visit(self) -> float:
        """Save the next hand; its seconds (answered by the redirect to the table)."""
        return self.browser.timed(*self.next())
