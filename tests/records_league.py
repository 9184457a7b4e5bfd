"""Leagues for the records: a few games of every shape played through the operations, and a
league of a thousand games imported from copies of them, each copy with other players and
other cards left in hand, so that its records are not a thousand ties.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from conftest import loaded, out, play_hand, tally

from bench.seed import moved
from scorekeeper.exchange import import_league, league_to_dict
from scorekeeper.exchange.format import Node
from scorekeeper.exchange.replay import replay_game
from scorekeeper.extensions import db
from scorekeeper.league import leagues, rulesets
from scorekeeper.models import Account, Game, League
from scorekeeper.play import games, hands, interruptions, mayi
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Bonus

# Carioca with a family's two bonuses, below zero: a game total can end below zero.
OUT_IN_ONE = Bonus("Out in one go", -30, out_only=True)
CUT = Bonus("Perfect cut", -10)
CARIOCA = replace(preset("carioca"), bonuses=(OUT_IN_ONE, CUT))
NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
MISSING = PlayerEntry(no_score=True)
IMPORTED = 40  # games in the league file uploaded; the rest replayed after, as a league grows


def entry(points: int | PlayerEntry) -> PlayerEntry:
    """A Continental report worth `points` (a multiple of 5); 0 means the player went out."""
    if isinstance(points, PlayerEntry):
        return points
    if points == 0:
        return out()
    return tally(high=points // 10, low=points % 10 // 5)


def start(league: League, names: tuple[str, ...], on: date, carioca: bool = False) -> Game:
    """A game of these players, seated in this order, seat 0 dealing first."""
    by_name = {p.name: p for p in league.players}
    record = league.rulesets[-1] if carioca else league.rulesets[0]
    game = games.start_game(league, record, [by_name[n] for n in names], 0, today=on)
    db.session.commit()
    return loaded(game)


def play(game: Game, rows: list[tuple[int | PlayerEntry, ...]]) -> None:
    """Score these hands in order, one row of reports per hand."""
    for row in rows:
        play_hand(game, [entry(p) for p in row])


def claim(game: Game, *positions: int) -> None:
    """May I?s of these seats in the hand in play (a seat named twice claims twice)."""
    hand = games.current_hand(loaded(game))
    assert hand is not None
    for position in positions:
        mayi.record_claim(hand, game.seats[position])
    db.session.commit()


def build(owner: Account) -> League:
    """The league of a few games, each a shape the records must read right: committed."""
    league = leagues.create_league("Kitchen table", "continental", owner)
    for name in NAMES:
        leagues.add_player(league, name)
    rulesets.copy_ruleset(league, CARIOCA, "Carioca with bonuses")
    db.session.commit()
    four = ("Ann", "Bob", "Cat", "Dan")
    # Ann goes out three hands running and leads at half-time (hand 3); Bob, 45 behind
    # then, wins. Cat says May I? three times.
    first = start(league, four, date(2024, 3, 2))
    claim(first, 2, 2)
    play(first, [(0, 20, 30, 10), (0, 30, 20, 10)])
    claim(first, 2)
    play(first, [(0, 10, 20, 5), (30, 0, 10, 20), (40, 0, 20, 10), (20, 0, 5, 10)])
    play(first, [(30, 0, 10, 20)])
    # Dan gives no score in hand 2 (posted), Eve leaves from hand 4 (her total posted).
    second = start(league, (*four, "Eve"), date(2024, 3, 9))
    play(second, [(5, 0, 10, 20, 15), (0, 10, 5, MISSING, 20), (10, 5, 0, 20, 30)])
    interruptions.player_leaves(loaded(second), second.seats[4], 4)
    db.session.commit()
    play(second, [(0, 5, 10, 15), (5, 0, 10, 20), (10, 5, 0, 20), (0, 10, 5, 20)])
    # Carioca with bonuses: Fay goes out in one go twice and ends below zero.
    third = start(league, ("Fay", "Gus", "Hal"), date(2024, 3, 16), carioca=True)
    bonus = PlayerEntry(went_out=True, tally={OUT_IN_ONE.label: 1})
    cut = PlayerEntry(typed_total=4, tally={CUT.label: 1})
    carioca = [
        (bonus, PlayerEntry(typed_total=20), cut),
        (out(), PlayerEntry(typed_total=15), PlayerEntry(typed_total=30)),
        (PlayerEntry(typed_total=5), out(), PlayerEntry(typed_total=25)),
        (bonus, PlayerEntry(typed_total=10), PlayerEntry(typed_total=40)),
        (PlayerEntry(typed_total=10), out(), PlayerEntry(typed_total=5)),
        (out(), PlayerEntry(typed_total=35), PlayerEntry(typed_total=20)),
        (PlayerEntry(typed_total=20), PlayerEntry(typed_total=10), out()),
        (out(), PlayerEntry(typed_total=5), PlayerEntry(typed_total=15)),
    ]
    for row in carioca:
        play_hand(third, list(row))
    # Two hands, then closed: discarded, it counts nowhere (Gus would hold every record).
    dropped = start(league, ("Gus", "Ann", "Bob", "Hal"), date(2024, 3, 23))
    claim(dropped, 0, 0, 0)
    play(dropped, [(0, 200, 300, 100), (0, 250, 150, 200)])
    interruptions.suspend(loaded(dropped))
    interruptions.close_incomplete(dropped)
    db.session.commit()
    # Cat goes out of hands 1 to 4, hand 2 dealt again before it is played (no break), and
    # finishes level first with Dan.
    level = start(league, ("Cat", "Dan", "Eve", "Fay", "Gus"), date(2024, 4, 6))
    play(level, [(0, 5, 10, 20, 25)])
    redealt = games.current_hand(loaded(level))
    assert redealt is not None
    hands.redeal(redealt, "Two cards turned over")
    db.session.commit()
    play(level, [(0, 5, 20, 10, 15), (0, 5, 5, 30, 10), (0, 5, 10, 5, 20)])
    play(level, [(5, 0, 15, 10, 5), (5, 0, 20, 25, 10), (10, 0, 5, 5, 30)])
    return league


def varied(game: dict[str, Any], index: int, day: date) -> dict[str, Any]:
    """A copy of a game of the league file, started on `day`, told apart from the others by a
    generator seeded with `index`: its players drawn from NAMES, each hand's reports dealt
    out again among the players at that hand's table, and everyone who did not go out
    holding a few more low cards."""
    chance = random.Random(index)
    copy = moved(game, day)
    seated = [seat["player"] for seat in game["seats"]]
    rename = dict(zip(seated, chance.sample(NAMES, len(seated)), strict=True))
    low = copy["rules"]["prices"][0]["label"]
    for seat in copy["seats"]:
        seat["player"] = rename[seat["player"]]
    for hand in copy["hands"]:
        # Half the May I?s are left out, so that their record is not held by every copy.
        hand["claims"] = [c for c in hand["claims"] if chance.random() < 0.5]
        for claimed in hand["claims"]:
            claimed["player"] = rename[claimed["player"]]
        names, reports = list(hand["players"]), list(hand["players"].values())
        chance.shuffle(reports)
        for report in reports:
            more = chance.randint(0, 4)
            if report["went_out"] or report["no_score"]:
                continue
            if report["typed_total"] is not None:
                report["typed_total"] += more * 5
            else:
                report["tally"][low] = report["tally"].get(low, 0) + more
        hand["players"] = {
            rename[name]: report for name, report in zip(names, reports, strict=True)
        }
    return copy


def thousand_file(source: dict[str, Any], count: int = 1000) -> dict[str, Any]:
    """A league file of `count` games copied from the source league's, over 2024 and 2025."""
    played = source["games"]
    copies = [
        varied(played[n % len(played)], n, date(2024, 1, 1) + timedelta(days=n * 700 // count))
        for n in range(count)
    ]
    return {**source, "league": {**source["league"], "name": "A thousand"}, "games": copies}


def imported(owner: Account, data: dict[str, Any]) -> League:
    """The league file imported: its first games uploaded in one file, the others replayed
    into the league after, by the import's own `replay_game`; committed."""
    first = {**data, "games": data["games"][:IMPORTED]}
    league = import_league(json.dumps(first), owner)
    players = {player.name: player for player in league.players}
    with db.session.no_autoflush:
        for index, game in enumerate(data["games"][IMPORTED:], start=IMPORTED):
            replay_game(league, Node(game, f"games[{index}]"), players, list(league.rulesets))
    db.session.commit()
    return league


def file_of(league: League) -> dict[str, Any]:
    """The league's file, as its download gives it."""
    return json.loads(json.dumps(league_to_dict(league)))
