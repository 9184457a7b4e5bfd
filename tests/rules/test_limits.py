"""A sheet's lists within their bounds: what is kept, and how many are left off."""

from __future__ import annotations

import pytest

from scorekeeper.rules import limits
from scorekeeper.rules.limits import Bound, first_of

THREE = Bound(0, 3)


@pytest.mark.parametrize(
    ("items",          "kept",      "left"),
    [
        # fewer than the bound, or exactly as many: all kept
        ([],               [],          0),
        ([1, 2],           [1, 2],      0),
        ([1, 2, 3],        [1, 2, 3],   0),
        # more: the first ones kept, the rest counted
        ([1, 2, 3, 4],     [1, 2, 3],   1),
        (list(range(10)),  [0, 1, 2],   7),
    ],
    ids=["none", "fewer", "as many", "one over", "many over"],
)  # fmt: skip
def test_first_of_keeps_the_bound_and_counts_the_rest(items, kept, left):
    assert first_of(items, THREE) == (kept, left)


@pytest.mark.parametrize(
    ("games", "said"),
    [
        (0, None),
        (limits.FILE_GAMES.high, None),
        (
            limits.FILE_GAMES.high + 1,
            f"This league has {limits.FILE_GAMES.high + 1} games, and a league file holds at most "
            f"{limits.FILE_GAMES.high} games to import: the download keeps every game, but "
            "importing it elsewhere is refused.",
        ),
    ],
)
def test_a_league_too_big_to_import_whole_is_told_before_its_download(games, said):
    assert limits.too_big_to_import(games) == said
