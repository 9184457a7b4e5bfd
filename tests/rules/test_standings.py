"""League standings as rules: each ranking measure, its tie-breaks, shared places, the minimum."""

from __future__ import annotations

import pytest

from scorekeeper.rules.standings import (
    MEASURES,
    TIE_BREAKS,
    PlayerRecord,
    Ranked,
    points_for_place,
    rank,
    ranking_words,
)


def rec(
    name: str, games: int, wins: int, total: int, best: int | None, points: int = 0
) -> PlayerRecord:
    """A player's record; the player id is made from the name so lines can be told apart."""
    return PlayerRecord(
        player=sum(map(ord, name)),
        name=name,
        games=games,
        wins=wins,
        total_points=total,
        best=best,
        worst=best,
        place_points=points,
    )


def lines(ranked: list[Ranked]) -> list[tuple[int | None, str]]:
    """The standings as (place, name), top to bottom."""
    return [(line.place, line.record.name) for line in ranked]


# Four players, each first under one measure only: the measure decides the order.
#   name  games wins total (avg) best points
FOUR = [
    rec("Ann", 4, 2, 200, 30, 14),  # avg 50
    rec("Bob", 4, 1, 160, 20, 12),  # avg 40
    rec("Cat", 4, 3, 240, 10, 16),  # avg 60
    rec("Dan", 4, 0, 180, 35, 17),  # avg 45
]


# fmt: off
@pytest.mark.parametrize(
    ("measure",  "expected"),
    [
        # Average game total, lowest first.
        ("average",  [(1, "Bob"), (2, "Dan"), (3, "Ann"), (4, "Cat")]),
        # Most games won.
        ("wins",     [(1, "Cat"), (2, "Ann"), (3, "Bob"), (4, "Dan")]),
        # Most points for places.
        ("points",   [(1, "Dan"), (2, "Cat"), (3, "Ann"), (4, "Bob")]),
    ],
    ids=["average-lowest-first", "most-wins", "most-points-for-places"],
)
# fmt: on
def test_each_measure_orders_the_players(measure, expected):
    assert lines(rank(FOUR, measure)) == expected


def test_every_measure_has_words_and_tie_breaks():
    assert set(MEASURES) == set(TIE_BREAKS) == {"average", "wins", "points"}


# Two players equal on the measure and on every earlier tie-break, apart on this one. The winner
# is always Zed and is worse on every later step (and by name), so only this step can decide.
#   (games, wins, total, best, points)
# fmt: off
TIE_BREAK_CASES = [
    # Average: equal averages of 50.
    ("average",  0,  "more wins",                      (2, 1, 100, 50, 0),    (4, 0, 200, 10, 0)),
    ("average",  1,  "more games played",              (4, 1, 200, 50, 0),    (2, 1, 100, 10, 0)),
    ("average",  2,  "the lower best game",            (2, 1, 100, 20, 0),    (2, 1, 100, 40, 0)),
    # Wins: equal wins.
    ("wins",     0,  "the lower average game total",   (4, 2, 160, 40, 0),    (6, 2, 300, 10, 0)),
    ("wins",     1,  "more games played",              (4, 2, 200, 50, 0),    (2, 2, 100, 10, 0)),
    ("wins",     2,  "the lower best game",            (2, 1, 100, 20, 0),    (2, 1, 100, 40, 0)),
    # Points for places: equal points.
    ("points",   0,  "more wins",                      (4, 2, 240, 60, 10),   (6, 1, 120, 10, 10)),
    ("points",   1,  "the lower average game total",   (2, 1, 80, 40, 8),     (4, 1, 200, 10, 8)),
    ("points",   2,  "more games played",              (4, 1, 200, 50, 8),    (2, 1, 100, 10, 8)),
]
# fmt: on


@pytest.mark.parametrize(
    ("measure", "step", "words", "zed", "amy"),
    TIE_BREAK_CASES,
    ids=[f"{measure}-then-{words.replace(' ', '-')}" for measure, _, words, *_ in TIE_BREAK_CASES],
)
def test_tie_breaks_apply_in_the_documented_order(measure, step, words, zed, amy):
    assert TIE_BREAKS[measure][step] == words
    records = [rec("Amy", *amy), rec("Zed", *zed)]

    assert lines(rank(records, measure)) == [(1, "Zed"), (2, "Amy")]


def test_every_documented_tie_break_has_a_case():
    documented = {(m, i) for m, steps in TIE_BREAKS.items() for i in range(len(steps))}
    assert {(measure, step) for measure, step, *_ in TIE_BREAK_CASES} == documented


# Players equal on the measure and on every tie-break share a place; the next place skips.
# Shared lines are listed by name, ignoring case.
#   (name, games, wins, total, best, points)
# fmt: off
@pytest.mark.parametrize(
    ("measure",  "records",                                                       "expected"),
    [
        ("average",  [("Ann", 2, 1, 80, 30, 8), ("cat", 2, 0, 100, 40, 6),
                      ("Bob", 2, 0, 100, 40, 6), ("Dan", 2, 0, 150, 60, 2)],      [(1, "Ann"), (2, "Bob"), (2, "cat"), (4, "Dan")]),
        ("wins",     [("Ann", 2, 2, 80, 30, 10), ("cat", 2, 1, 100, 40, 6),
                      ("Bob", 2, 1, 100, 40, 6), ("Dan", 2, 0, 150, 60, 2)],      [(1, "Ann"), (2, "Bob"), (2, "cat"), (4, "Dan")]),
        ("points",   [("Ann", 2, 1, 80, 30, 10), ("cat", 2, 0, 100, 40, 6),
                      ("Bob", 2, 0, 100, 40, 6), ("Dan", 2, 0, 150, 60, 2)],      [(1, "Ann"), (2, "Bob"), (2, "cat"), (4, "Dan")]),
        # Three share first place; the fourth is fourth.
        ("average",  [("Eve", 1, 1, 50, 50), ("Ann", 1, 1, 50, 50),
                      ("Bob", 1, 1, 50, 50), ("Dan", 1, 0, 90, 90)],              [(1, "Ann"), (1, "Bob"), (1, "Eve"), (4, "Dan")]),
        # Points ignore the best game: equal on points, wins, average and games is a tie.
        ("points",   [("Zed", 2, 1, 100, 40, 8), ("Amy", 2, 1, 100, 10, 8)],     [(1, "Amy"), (1, "Zed")]),
        # Everyone equal: everyone first.
        ("wins",     [("Bob", 3, 1, 120, 30), ("Ann", 3, 1, 120, 30)],            [(1, "Ann"), (1, "Bob")]),
    ],
    ids=["average-1-2-2-4", "wins-1-2-2-4", "points-1-2-2-4", "three-share-first",
         "points-ignore-best-game", "all-equal"],
)
# fmt: on
def test_full_ties_share_a_place(measure, records, expected):
    assert lines(rank([rec(*r) for r in records], measure)) == expected


# Players below the minimum of games follow the ranked ones, unranked (place None), by name,
# however good their figures. A player with no game is never ranked.
#   (name, games, wins, total, best)
PLAYERS = [
    ("dee", 1, 1, 10, 10),  # the best average, but only one game
    ("Ann", 3, 1, 150, 30),
    ("Bob", 2, 1, 80, 30),
    ("Cy", 0, 0, 0, None),
]


# fmt: off
@pytest.mark.parametrize(
    ("min_games", "expected"),
    [
        (0,           [(1, "dee"), (2, "Bob"), (3, "Ann"), (None, "Cy")]),
        (1,           [(1, "dee"), (2, "Bob"), (3, "Ann"), (None, "Cy")]),
        (2,           [(1, "Bob"), (2, "Ann"), (None, "Cy"), (None, "dee")]),
        (3,           [(1, "Ann"), (None, "Bob"), (None, "Cy"), (None, "dee")]),
        (4,           [(None, "Ann"), (None, "Bob"), (None, "Cy"), (None, "dee")]),
    ],
    ids=["no-minimum", "one-game", "two-games", "exactly-at-the-minimum", "nobody-ranked"],
)
# fmt: on
def test_players_below_the_minimum_are_listed_apart_by_name(min_games, expected):
    assert lines(rank([rec(*p) for p in PLAYERS], "average", min_games)) == expected


@pytest.mark.parametrize("measure", ["average", "wins", "points"])
def test_players_without_a_game_are_never_ranked(measure):
    nobody = [rec("Bob", 0, 0, 0, None), rec("Ann", 0, 0, 0, None)]

    assert lines(rank(nobody, measure)) == [(None, "Ann"), (None, "Bob")]
    assert lines(rank([*nobody, rec("Cy", 1, 0, 40, 40)], measure)) == [
        (1, "Cy"),
        (None, "Ann"),
        (None, "Bob"),
    ]


def test_a_record_without_games_has_no_average():
    assert rec("Ann", 0, 0, 0, None).average is None
    assert rec("Ann", 3, 1, 110, 20).average == pytest.approx(36.667, abs=0.001)


def test_an_empty_league_has_empty_standings():
    assert rank([], "average") == []


def test_an_unknown_measure_is_refused():
    with pytest.raises(ValueError, match="Unknown ranking measure 'elo'"):
        rank([rec("Ann", 1, 1, 50, 50)], "elo")


# fmt: off
@pytest.mark.parametrize(
    ("place", "place_points",   "points"),
    [
        (1,       [5, 3, 1],        5),
        (2,       [5, 3, 1],        3),
        (3,       [5, 3, 1],        1),
        # Past the end of the list: nothing.
        (4,       [5, 3, 1],        0),
        (8,       [5, 3, 1],        0),
        (1,       [],               0),
        # Not a place at all: nothing (a negative place must not count from the end).
        (0,       [5, 3, 1],        0),
        (-1,      [5, 3, 1],        0),
    ],
    ids=["first", "second", "third", "fourth-past-the-list", "eighth", "empty-list",
         "place-zero", "negative-place"],
)
# fmt: on
def test_points_for_place(place, place_points, points):
    assert points_for_place(place, place_points) == points


@pytest.mark.parametrize(
    ("measure", "starts"),
    [
        ("average", "Ranked by average game total (lowest first); ties go to more wins, then"),
        ("wins",    "Ranked by games won; ties go to the lower average game total, then"),
        ("points",  "Ranked by points for places; ties go to more wins, then"),
    ],
)  # fmt: skip
def test_ranking_words_name_the_measure_and_its_tie_breaks(measure: str, starts: str) -> None:
    words = ranking_words(measure)
    assert words.startswith(starts)
    assert words.endswith("players still equal share a place. Wins count shared wins.")
