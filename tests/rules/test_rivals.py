"""Rivals as rules: who finished ahead, each opponent's tally, the nemesis and the favourite."""

from __future__ import annotations

import pytest

from scorekeeper.rules.rivals import (
    FEWEST_GAMES,
    Rivalry,
    favourite,
    finish,
    nemesis,
    rivalries,
    rivals_rule_words,
)


@pytest.mark.parametrize(
    ("mine", "theirs", "expected"),
    [
        # a lower place is ahead
        (1, 2, "ahead"),
        (2, 4, "ahead"),
        # a higher place is behind
        (3, 1, "behind"),
        (8, 7, "behind"),
        # a shared place is level: neither ahead (1, 2, 2, 4)
        (1, 1, "level"),
        (2, 2, "level"),
    ],
    ids=["first-second", "second-fourth", "third-first", "eighth-seventh", "shared-1", "shared-2"],
)
def test_finish(mine, theirs, expected):
    assert finish(mine, theirs) == expected


def test_rivalries_sum_each_pair_of_places_most_games_first():
    # (opponent, name, my place, their place, games with those places)
    rows = [
        (2, "Bob", 1, 2, 3),
        (2, "Bob", 2, 1, 1),
        (2, "Bob", 1, 1, 2),
        (3, "cat", 4, 1, 2),
        (4, "Ann", 3, 2, 1),
        (4, "Ann", 2, 3, 1),
    ]
    assert rivalries(rows) == [
        Rivalry(2, "Bob", games=6, ahead=3, behind=1, level=2),
        Rivalry(4, "Ann", games=2, ahead=1, behind=1, level=0),
        Rivalry(3, "cat", games=2, ahead=0, behind=2, level=0),
    ]


def r(name: str, games: int, ahead: int, behind: int) -> Rivalry:
    return Rivalry(sum(map(ord, name)), name, games, ahead, behind, games - ahead - behind)


# Each row: the opponents' lines, then the nemesis and the favourite expected (None: none).
#   name  games ahead behind
CASES = {
    # the largest share behind, not the most games behind: 3 of 3 beats 5 of 10
    "share-not-count": ([r("Bob", 10, 2, 5), r("Cat", 3, 0, 3), r("Dan", 4, 4, 0)], "Cat", "Dan"),
    # fewer than FEWEST_GAMES together: no nemesis, however lopsided
    "too-few-games": ([r("Bob", 2, 0, 2), r("Cat", 2, 2, 0)], None, None),
    # exactly FEWEST_GAMES is enough
    "just-enough": ([r("Bob", 3, 0, 2), r("Cat", 3, 2, 1)], "Bob", "Cat"),
    # a nemesis must beat the player more often than not, a favourite the other way round
    "even-record": ([r("Bob", 4, 2, 2), r("Cat", 6, 1, 1)], None, None),
    # equal shares: more games together first
    "tie-more-games": ([r("Bob", 3, 0, 3), r("Cat", 5, 0, 5)], "Cat", None),
    # equal shares and games: the first name in alphabetical order, whatever the case
    "tie-by-name": ([r("dan", 4, 0, 2), r("Bob", 4, 0, 2)], "Bob", None),
    "tie-favourite": ([r("Eve", 3, 3, 0), r("ann", 3, 3, 0)], None, "ann"),
    # level games count as games together, not as ahead or behind
    "levels": ([r("Bob", 5, 0, 1), r("Cat", 3, 1, 2)], "Cat", None),
    # no opponent at all
    "nobody": ([], None, None),
}


@pytest.mark.parametrize(("lines", "worst", "best"), CASES.values(), ids=CASES.keys())
def test_nemesis_and_favourite(lines, worst, best):
    found = nemesis("Ann", lines)
    liked = favourite("Ann", lines)

    assert (found.rivalry.name if found else None) == worst
    assert (liked.rivalry.name if liked else None) == best


def test_the_picks_say_why():
    lines = [r("Bob", 5, 1, 3), r("Cat", 4, 3, 0)]

    assert nemesis("Ann", lines).words == "Ann finished behind Bob in 3 of 5 games."
    assert favourite("Ann", lines).words == "Ann finished ahead of Cat in 3 of 4 games."


def test_the_rule_words_name_the_threshold_and_the_tie_break():
    words = rivals_rule_words()

    assert f"at least {FEWEST_GAMES} games together" in words
    assert "a shared place is level" in words
    assert "then to the first name in alphabetical order" in words
