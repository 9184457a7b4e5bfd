"""Records as rules: half-time, runs, comebacks, the closest finish, ties, and their words."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.rules.record_words import amount_words
from scorekeeper.rules.records import (
    GameFacts,
    HandFacts,
    Record,
    SeatFacts,
    comebacks,
    half_time,
    league_records,
    margin,
    out_runs,
    records_held,
    win_runs,
)

ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = {ANN: "Ann", BOB: "Bob", CAT: "Cat", DAN: "Dan"}


def seat(player: int, total: int = 50, place: int = 2, **facts) -> SeatFacts:
    return SeatFacts(player, NAMES[player], total, place, **facts)


def game(number: int, seats, outs=(), points=None, ruleset="Continental", season="2025"):
    """A game numbered `number`; `outs` names who went out of each hand (None: nobody)."""
    hands = tuple(
        HandFacts(n, (points or {}).get(n, 30), out) for n, out in enumerate(outs, start=1)
    )
    return GameFacts(
        number * 10, number, date(2025, 1, number), ruleset, tuple(seats), hands, season
    )


def record(records: tuple[Record, ...], kind: str, ruleset: str | None = None) -> Record:
    return next(r for r in records if r.kind == kind and r.ruleset == ruleset)


def who(found: Record) -> list[tuple[int, list[str]]]:
    """Each holder as (game number, names)."""
    return [(h.number, [name for _id, name in h.players]) for h in found.holders]


# fmt: off
@pytest.mark.parametrize(
    ("hands", "half"),
    [
        (1,  0),   # one hand: no half-time
        (2,  1),
        (7,  3),   # an odd number: half, rounded down
        (8,  4),
        (11, 5),
        (13, 6),
    ],
    ids=["one-hand", "two", "odd-seven", "eight", "odd-eleven", "odd-thirteen"],
)
# fmt: on
def test_half_time(hands, half):
    assert half_time(hands) == half


# Who went out of each hand, and the runs found (player, length): a run is two or more hands
# gone out one after another by one player.
RUNS = {
    # broken by a hand someone else went out of, then a longer one
    "broken-by-another": ((ANN, ANN, BOB, ANN, ANN, ANN), [(ANN, 2), (ANN, 3)]),
    # a hand nobody went out of (the stock ran out) breaks the run too
    "broken-by-nobody": ((ANN, None, ANN, BOB, BOB), [(BOB, 2)]),
    # one hand gone out is no run
    "singles": ((ANN, BOB, ANN, BOB), []),
    # a run to the last hand
    "to-the-end": ((CAT, DAN, DAN, DAN), [(DAN, 3)]),
    # a game of one hand
    "one-hand": ((ANN,), []),
    "every-hand": ((BOB,) * 7, [(BOB, 7)]),
}


@pytest.mark.parametrize(("outs", "expected"), RUNS.values(), ids=RUNS.keys())
def test_runs_of_hands_gone_out(outs, expected):
    played = game(1, [seat(p) for p in NAMES], outs)

    found = [(what.player, length) for length, _game, what in out_runs(played)]

    assert found == expected


def test_a_hand_number_missing_is_no_run():
    played = GameFacts(1, 1, date(2025, 1, 1), "C", (seat(ANN),), (HandFacts(1, 5, ANN), HandFacts(3, 5, ANN)))

    assert list(out_runs(played)) == []


# Each game's winners (place 1) among those seated; the runs of games won found as
# (player, games in a row, first game, last game).
WIN_RUNS = {
    # a game the player sat in and did not win ends the run
    "lost-breaks": (
        [({ANN, BOB}, {ANN}), ({ANN, BOB}, {ANN}), ({ANN, BOB}, {BOB}), ({ANN, BOB}, {ANN})],
        [(ANN, 2, 1, 2)],
    ),
    # a game the player sat out does not
    "sat-out": (
        [({ANN, BOB}, {ANN}), ({BOB, CAT}, {CAT}), ({ANN, CAT}, {ANN}), ({ANN, DAN}, {ANN})],
        [(ANN, 3, 1, 4)],
    ),
    # a shared win is a win
    "shared": ([({ANN, BOB}, {ANN, BOB}), ({ANN, BOB}, {ANN, BOB})], [(ANN, 2, 1, 2), (BOB, 2, 1, 2)]),
    "single-wins": ([({ANN, BOB}, {ANN}), ({ANN, BOB}, {BOB}), ({ANN, BOB}, {ANN})], []),
}


@pytest.mark.parametrize(("played", "expected"), WIN_RUNS.values(), ids=WIN_RUNS.keys())
def test_runs_of_games_won(played, expected):
    games = [
        game(n, [seat(p, place=1 if p in winners else 2) for p in sorted(seated)])
        for n, (seated, winners) in enumerate(played, start=1)
    ]

    found = sorted(
        (what[0].player, length, what[1], last.number) for length, last, what in win_runs(games)
    )

    assert found == expected


# A game's seats as (player, place, running total at half-time, first hand not played), its
# number of hands, and the comebacks found (player, points behind the leader at half-time).
COMEBACKS = {
    # seven hands: half-time is after hand 3; Bob was 40 behind Ann then, and won
    "odd-hands": ([(ANN, 2, 10, None), (BOB, 1, 50, None), (CAT, 3, 30, None)], 7, [(BOB, 40)]),
    # the winner led at half-time: no comeback
    "led-all-along": ([(ANN, 1, 10, None), (BOB, 2, 50, None)], 8, []),
    # level at half-time is not behind
    "level": ([(ANN, 1, 20, None), (BOB, 2, 20, None)], 8, []),
    # a game of one hand has no half-time
    "one-hand": ([(ANN, 2, None, None), (BOB, 1, None, None)], 1, []),
    # Dan left before half-time: his low total then is not the lead
    "leader-left": (
        [(ANN, 2, 30, None), (BOB, 1, 45, None), (DAN, 3, 5, 3)], 7, [(BOB, 15)],
    ),
    # below zero with bonuses: Cat at -20 led, Ann at 5 came back
    "bonuses": ([(ANN, 1, 5, None), (CAT, 2, -20, None)], 8, [(ANN, 25)]),
    # two winners sharing first place, both behind at half-time
    "shared-win": (
        [(ANN, 1, 30, None), (BOB, 1, 40, None), (CAT, 3, 10, None)], 7, [(ANN, 20), (BOB, 30)],
    ),
}  # fmt: skip


@pytest.mark.parametrize(("seats", "hands", "expected"), COMEBACKS.values(), ids=COMEBACKS.keys())
def test_comebacks(seats, hands, expected):
    played = game(
        1,
        [seat(p, place=place, half_time=half, left_from=left) for p, place, half, left in seats],
        outs=[None] * hands,
    )

    assert [(what.player, behind) for behind, _game, what in comebacks(played)] == expected


# A game's seats as (player, total, place), and its margin: the points between the winner
# and the next place, and who holds it.
MARGINS = {
    "sole-winner": ([(ANN, 40, 1), (BOB, 45, 2), (CAT, 90, 3)], (5, ["Ann", "Bob"])),
    # a shared win is 0, held by the winners alone
    "shared-win": ([(ANN, 40, 1), (BOB, 40, 1), (CAT, 90, 3)], (0, ["Ann", "Bob"])),
    # two sharing second place both hold it with the winner
    "shared-second": ([(ANN, 40, 1), (BOB, 60, 2), (CAT, 60, 2)], (20, ["Ann", "Bob", "Cat"])),
    # totals below zero from bonuses
    "below-zero": ([(ANN, -25, 1), (BOB, 10, 2)], (35, ["Ann", "Bob"])),
}


@pytest.mark.parametrize(("seats", "expected"), MARGINS.values(), ids=MARGINS.keys())
def test_margin(seats, expected):
    played = game(1, [seat(p, total, place) for p, total, place in seats])

    value, _game, holders = margin(played)

    assert (value, [s.name for s in holders]) == expected


def test_ties_are_shared_and_counts_name_the_game_they_were_reached_in():
    games = [
        game(1, [seat(ANN, 30, 1, hands_out=2), seat(BOB, 40, 2, hands_out=1)]),
        game(2, [seat(ANN, 50, 2), seat(BOB, 20, 1, hands_out=3)]),
        game(3, [seat(CAT, 10, 1), seat(DAN, 30, 2, hands_out=2)]),
    ]

    records = league_records(games)

    wins = record(records, "wins")
    # Ann, Bob and Cat each won once: every holder shown, oldest game first.
    assert (wins.value, who(wins)) == (1, [(1, ["Ann"]), (2, ["Bob"]), (3, ["Cat"])])
    assert all(h.reached for h in wins.holders)
    out = record(records, "out")
    assert (out.value, who(out)) == (4, [(2, ["Bob"])])


def test_best_and_worst_totals_per_rule_set_below_zero_with_bonuses():
    games = [
        game(1, [seat(ANN, -25, 1), seat(BOB, 10, 2)], ruleset="Carioca with bonuses"),
        game(2, [seat(ANN, 15, 1), seat(BOB, 90, 2, posted=True)]),
        game(3, [seat(CAT, -10, 1), seat(DAN, 35, 2)], ruleset="Carioca with bonuses"),
    ]

    records = league_records(games)

    assert record(records, "best", "Carioca with bonuses").value == -25
    assert who(record(records, "best", "Continental")) == [(2, ["Ann"])]
    worst = record(records, "worst", "Continental")
    # A total the incomplete-game rule posted counts, as in the standings, and says so.
    assert (worst.value, [h.posted for h in worst.holders]) == (90, [True])
    assert record(records, "worst", "Carioca with bonuses").value == 35


def test_zeros_count_per_season():
    games = [
        game(1, [seat(ANN, zeros=4), seat(BOB, zeros=3)], season="2024"),
        game(2, [seat(ANN, zeros=2), seat(BOB, zeros=4)], season="2025"),
        game(3, [seat(BOB, zeros=2), seat(CAT, zeros=9)], season=None),
        game(4, [seat(BOB, zeros=1), seat(CAT, zeros=1)], season="2025"),
    ]

    zeros = record(league_records(games), "zeros")

    # Ann's 6 over two seasons is no record; Bob's 5 in 2025 is, reached in game 4. A game
    # outside every season counts in none.
    assert (zeros.value, who(zeros), zeros.holders[0].season) == (5, [(4, ["Bob"])], "2025")


def test_a_game_hand_and_its_table():
    # Cat left before hand 3; hand 3 is the lowest for the whole table, held by those at it.
    played = game(
        1,
        [seat(ANN, claims=2), seat(BOB, claims=3), seat(CAT, claims=3, left_from=3)],
        outs=(ANN, BOB, ANN),
        points={1: 20, 2: 25, 3: 5},
    )

    records = league_records([played])

    low = record(records, "low_hand")
    assert (low.value, who(low), low.holders[0].hand) == (5, [(1, ["Ann", "Bob"])], 3)
    assert who(record(records, "claims")) == [(1, ["Bob"]), (1, ["Cat"])]


def test_nobody_holds_a_record_of_no_games():
    records = league_records([])

    assert [r.kind for r in records] == [
        "wins", "out", "zeros", "out_run", "win_run", "comeback", "closest", "claims", "low_hand"
    ]  # fmt: skip
    assert all(r.value is None and not r.holders and r.amount() == "" for r in records)


# fmt: off
@pytest.mark.parametrize(
    ("kind",     "value", "words"),
    [
        ("wins",     1,   "1 game won"),
        ("wins",     12,  "12 games won"),
        ("best",     -25, "-25 points"),
        ("zeros",    1,   "1 zero"),
        ("out_run",  3,   "3 hands in a row"),
        ("comeback", 40,  "40 points behind"),
        ("closest",  0,   "a shared win"),
        ("closest",  1,   "won by 1 point"),
        ("claims",   3,   "3 May I?s or buys"),
        ("low_hand", -16, "-16 points in all"),
    ],
)
# fmt: on
def test_amounts(kind, value, words):
    assert amount_words(kind, value) == words


def test_a_total_names_its_rule_set_and_a_player_sees_only_their_own_holdings():
    games = [
        game(1, [seat(ANN, 20, 1), seat(BOB, 30, 2)]),
        game(2, [seat(ANN, 25, 2), seat(BOB, 20, 1)]),
    ]
    records = league_records(games)

    best = record(records, "best", "Continental")
    assert best.title() == "Best game total, Continental"
    held = records_held(records, BOB)
    assert [h.number for h in next(r for r in held if r.kind == "best").holders] == [2]
    assert "claims" not in {r.kind for r in held}
