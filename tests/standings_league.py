"""A league that shows every part of the standings page: seasons of its own, a discarded game,
games played for pennies, a player who left (posted total and hand), players below the minimum
of games, a game in progress. Built through the operations, as the pages would build it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from conftest import loaded, out, play_hand, tally

from scorekeeper.extensions import db
from scorekeeper.league import leagues, rulesets, settings
from scorekeeper.models import Account, Game, League
from scorekeeper.play import games, interruptions
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.ruleset import Payouts, Settlement

MISSING = PlayerEntry(no_score=True)
PENNIES = Settlement((Payouts(4, (6, 2, -2, -6)), Payouts(5, (8, 4, 0, -4, -8))), "winner")


def entry(points: int | PlayerEntry) -> PlayerEntry:
    """A Continental report worth `points` (a multiple of 5); 0 means the player went out."""
    if isinstance(points, PlayerEntry):
        return points
    if points == 0:
        return out()
    return tally(high=points // 10, low=points % 10 // 5)


def play(game: Game, rows: list[tuple]) -> None:
    """Score these hands in order, one row of points per hand, committing each as a request."""
    for row in rows:
        play_hand(game, [entry(p) for p in row])


def start(league: League, names: tuple[str, ...], on: date, pennies: bool = False) -> Game:
    record = league.rulesets[-1] if pennies else league.rulesets[0]
    by_name = {p.name: p for p in league.players}
    game = games.start_game(league, record, [by_name[n] for n in names], 0, today=on)
    db.session.commit()
    return loaded(game)


FOUR = ("Ann", "Bob", "Cat", "Dan")
# fmt: off
PLAYED_OUT = [
    (0, 10, 20, 5), (5, 0, 10, 10), (10, 5, 0, 15), (20, 20, 5, 0),
    (0, 10, 10, 10), (5, 0, 15, 5), (10, 5, 0, 10),
]
SECOND = [
    (10, 0, 20, 5), (20, 5, 0, 10), (5, 10, 15, 0), (0, 5, 10, 5),
    (10, 0, 30, 5), (15, 5, 0, 5), (20, 0, 10, 5),
]
# fmt: on


def build(owner: Account) -> League:
    """The league, committed; its seasons are s1 (Spring 25) and s2 (Winter 25-26)."""
    league = leagues.create_league("The Pinned", "continental", owner)
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve", "Gus", "Hal"):
        leagues.add_player(league, name)
    rulesets.copy_ruleset(
        league, replace(league.rulesets[0].rules, settlement=PENNIES), "Continental for pennies"
    )
    settings.update_settings(
        league, "The Pinned", "average", [5, 3, 1], 2, "A4", "UTC", rating_by="league"
    )
    db.session.commit()

    play(start(league, FOUR, date(2025, 3, 1), pennies=True), PLAYED_OUT)
    play(start(league, FOUR, date(2025, 6, 1)), SECOND)
    # Cat goes out every hand; Eve plays her only game.
    play(start(league, (*FOUR, "Eve"), date(2026, 2, 1)), [(5, 5, 0, 5, 5)] * 7)
    # Two hands, then suspended and closed: discarded.
    abandoned = start(league, FOUR, date(2025, 9, 1))
    play(abandoned, [(50, 50, 50, 0), (40, 40, 40, 0)])
    interruptions.suspend(abandoned)
    interruptions.close_incomplete(abandoned)
    db.session.commit()
    # For pennies: Dan gives no score in hand 2 (posted), then leaves from hand 4.
    left = start(league, FOUR, date(2025, 11, 8), pennies=True)
    play(left, [(0, 10, 20, 5), (5, 0, 10, MISSING), (10, 5, 0, 15)])
    interruptions.player_leaves(left, left.seats[3], 4)
    db.session.commit()
    play(left, [(0, 10, 20), (5, 0, 10), (10, 5, 0), (0, 20, 5)])
    # Hal plays his one game on the last day of Winter.
    play(start(league, ("Ann", "Bob", "Hal", "Cat"), date(2026, 4, 30)), [(0, 5, 10, 5)] * 7)
    # A game in progress counts nowhere.
    play(start(league, FOUR, date(2026, 5, 2)), [(0, 5, 10, 15)])
    settings.add_season(league, "Spring 25", date(2025, 1, 1), date(2025, 4, 30))
    settings.add_season(league, "Winter 25-26", date(2025, 5, 1), date(2026, 4, 30))
    db.session.commit()
    return league
