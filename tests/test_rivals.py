"""Rivals on a player's page, checked against rivals worked out apart from the league file."""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from datetime import date, timedelta

import pytest
from conftest import out, play_hand
from sqlalchemy import event
from test_player_page import player_page, rows

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.models import Game, GameStatus, League, Seat
from scorekeeper.play import games, hands, interruptions
from scorekeeper.rules.entries import PlayerEntry

FOUR = ("Ann", "Bob", "Cat", "Dan")


def report(points: int) -> PlayerEntry:
    return out() if points == 0 else PlayerEntry(typed_total=points)


def play_game(league: League, names: Sequence[str], points: Sequence[int], on: date) -> Game:
    """A whole game: every hand, each player (as seated) holding the same points each time."""
    by_name = {p.name: p for p in league.players}
    game = games.start_game(league, league.rulesets[0], [by_name[n] for n in names], 0, on)
    db.session.commit()
    for _ in range(7):
        play_hand(game, [report(p) for p in points])
    return game


@pytest.fixture
def league(make_league) -> League:
    """Five counting games of four or five, a shared place, a leaver and a discarded game."""
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    day = date(2025, 3, 1)
    play_game(league, FOUR, (0, 10, 20, 30), day)  # Ann, Bob, Cat, Dan
    play_game(league, FOUR, (20, 0, 10, 30), day)  # Bob, Cat, Ann, Dan
    play_game(league, FOUR, (30, 0, 10, 10), day)  # Bob, then Cat and Dan level, Ann
    play_game(league, ("Ann", "Bob", "Cat", "Dan", "Eve"), (10, 0, 20, 30, 5), day)
    # Eve leaves before hand 2: the rule posts her a total and a place.
    left = games.start_game(league, league.rulesets[0], sorted_players(league, FOUR + ("Eve",)), 0)
    db.session.commit()
    play_hand(left, [report(p) for p in (5, 0, 10, 20, 30)])
    interruptions.player_leaves(left, left.seats[4], 2)
    db.session.commit()
    for _ in range(6):
        play_hand(left, [report(p) for p in (0, 5, 10, 20)])
    # Two hands, then closed: discarded, so it counts nowhere (Dan "won" it).
    dropped = games.start_game(league, league.rulesets[0], sorted_players(league, FOUR), 0)
    db.session.commit()
    play_hand(dropped, [report(p) for p in (30, 20, 10, 0)])
    interruptions.suspend(dropped)
    interruptions.close_incomplete(dropped)
    db.session.commit()
    return league


def sorted_players(league: League, names: Sequence[str]):
    by_name = {p.name: p for p in league.players}
    return [by_name[n] for n in names]


def rivals_from_file(league: League, name: str) -> dict[str, tuple[int, int, int, int]]:
    """(games, ahead, behind, level) against each opponent, from the league file alone."""
    found: dict[str, list[int]] = {}
    for game in exchange.league_to_dict(league)["games"]:
        if game["status"] != "finished" or game["discarded"]:
            continue
        places = {seat["player"]: seat["place"] for seat in game["seats"]}
        if name not in places:
            continue
        for other, theirs in places.items():
            if other == name:
                continue
            line = found.setdefault(other, [0, 0, 0, 0])
            line[0] += 1
            line[1] += places[name] < theirs
            line[2] += places[name] > theirs
            line[3] += places[name] == theirs
    return {other: tuple(line) for other, line in found.items()}  # type: ignore[misc]


def page_rivals(text: str) -> dict[str, tuple[int, int, int, int]]:
    """(games, ahead, behind, level) against each opponent, as the page's table shows them."""
    found = {}
    for against, *finishes in rows(text, "Head to head"):
        name, games = re.fullmatch(r"(.+) (\d+) games?", against).groups()  # type: ignore[union-attr]
        found[name] = (int(games), *(int(cell) for cell in finishes))
    return found  # type: ignore[return-value]


def picks(text: str) -> dict[str, str]:
    """The page's nemesis and favourite opponent, by their titles."""
    block = re.search(r'data-testid="rivals">(.*?)</dl>', text, re.S)
    if block is None:
        return {}
    found = re.findall(r"<dt>(.*?)</dt>\s*<dd><a [^>]*>(.*?)</a></dd>", block.group(1), re.S)
    return dict(found)


def expected_picks(lines: dict[str, tuple[int, int, int, int]]) -> dict[str, str]:
    """The nemesis and favourite worked out from the lines by the rule as the page says it."""
    enough = {name: line for name, line in lines.items() if line[0] >= 3}
    found = {}
    worse = [(n, g, b) for n, (g, a, b, _) in enough.items() if b > a]
    if worse:
        found["Nemesis"] = min(worse, key=lambda w: (-w[2] / w[1], -w[1], w[0].casefold()))[0]
    better = [(n, g, a) for n, (g, a, b, _) in enough.items() if a > b]
    if better:
        found["Favourite opponent"] = min(
            better, key=lambda w: (-w[2] / w[1], -w[1], w[0].casefold())
        )[0]
    return found


@pytest.mark.parametrize("name", ["Ann", "Bob", "Cat", "Dan", "Eve"])
def test_rivals_match_the_league_file(client, league, name):
    text = player_page(client, league, name)

    expected = rivals_from_file(league, name)
    assert page_rivals(text) == expected
    assert picks(text) == expected_picks(expected)


def test_the_table_and_the_picks_of_one_player(client, league):
    text = player_page(client, league, "Ann")

    # Ann: 1st, 3rd, 4th, 3rd of five, then 1st of five with Eve posted last. The discarded
    # game, where three finished ahead of her, is not counted.
    # fmt: off
    assert rows(text, "Head to head") == [
        # against, games    ahead behind level
        ("Bob 5 games",     "2",  "3",  "0"),
        ("Cat 5 games",     "3",  "2",  "0"),
        ("Dan 5 games",     "4",  "1",  "0"),
        ("Eve 2 games",     "1",  "1",  "0"),
    ]
    # fmt: on
    assert picks(text) == {"Nemesis": "Bob", "Favourite opponent": "Dan"}
    assert "Ann finished behind Bob in 3 of 5 games." in text
    assert "Ann finished ahead of Dan in 4 of 5 games." in text
    # A shared place is level for both.
    cat = rows(player_page(client, league, "Cat"), "Head to head")
    assert cat[2] == ("Dan 5 games", "4", "0", "1")


def test_no_picks_before_three_games_together(client, make_league):
    league = make_league(players=FOUR)
    play_game(league, FOUR, (0, 10, 20, 30), date(2025, 3, 1))
    play_game(league, FOUR, (0, 10, 20, 30), date(2025, 3, 2))

    text = player_page(client, league, "Dan")

    assert page_rivals(text)["Ann"] == (2, 0, 2, 0)
    assert picks(text) == {}
    assert "at least 3 games together" in text


def test_a_correction_that_changes_who_finished_ahead_shows_at_once(client, league):
    assert picks(player_page(client, league, "Ann"))["Nemesis"] == "Bob"
    first = next(g for g in league.games if g.number == 2)
    game = games.load_game(first.id)
    hand = next(h for h in game.hands if h.number == 7)
    # Ann goes out of game 2's last hand instead of Bob, who is charged 200: Ann wins it.
    hands.correct_hand(
        hand,
        [report(p) for p in (0, 200, 10, 30)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Ann",
        reason="Bob counted the wrong pile",
        agreed=True,
    )
    db.session.commit()

    text = player_page(client, league, "Ann")

    assert page_rivals(text) == rivals_from_file(league, "Ann")
    assert page_rivals(text)["Bob"] == (5, 3, 2, 0)
    assert "Nemesis" not in picks(text)


class Statements:
    """The SQL statements sent while inside the block."""

    def __enter__(self) -> Statements:
        self.seen: list[str] = []
        event.listen(db.engine, "before_cursor_execute", self._listen)
        return self

    def _listen(self, _conn, _cursor, statement, *_args) -> None:
        self.seen.append(statement)

    def __exit__(self, *_exc) -> None:
        event.remove(db.engine, "before_cursor_execute", self._listen)


def settled_games(league: League, count: int, size: int) -> None:
    """`count` finished games of `size` of the league's players, with places, written at once
    (the rivals read only the games' seats)."""
    players = sorted(league.players, key=lambda p: p.id)
    for n in range(count):
        seated = [players[(n + i) % len(players)] for i in range(size)]
        game = Game(
            league=league,
            number=n + 1,
            rules_data=league.rulesets[0].data,
            status=GameStatus.FINISHED,
            first_dealer_position=0,
            started_on=date(2024, 1, 1) + timedelta(days=n % 700),
        )
        db.session.add(game)
        for i, player in enumerate(seated):
            place = 1 + (i + n) % size
            db.session.add(
                Seat(game=game, player=player, position=i, final_total=place, place=place)
            )
    db.session.commit()


def test_a_league_of_a_thousand_games_and_a_hundred_players(client, make_league):
    small = make_league(name="Small", players=[f"P{n:03}" for n in range(100)])
    settled_games(small, 3, 8)
    big = make_league(name="Big", players=[f"Q{n:03}" for n in range(100)])
    settled_games(big, 1000, 8)

    with Statements() as few:
        player_page(client, small, "P000")
    with Statements() as many:
        text = player_page(client, big, "Q000")

    assert len(many.seen) == len(few.seen)
    assert page_rivals(text) == rivals_from_file(big, "Q000")
    # Against the three-game league's page in the same run, so a busy machine slows both;
    # the best of three visits each, as a busy machine may stall one. About 2.5 times as long
    # when quiet (the page is read afresh at each visit).
    assert quickest(client, big, "Q000") < 10 * quickest(client, small, "P000")


def quickest(client, league: League, name: str) -> float:
    """The seconds of the quickest of three visits to `name`'s player page."""
    took = []
    for _ in range(3):
        started = time.perf_counter()
        player_page(client, league, name)
        took.append(time.perf_counter() - started)
    return min(took)
