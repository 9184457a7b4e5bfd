"""A sheet's lists within their bounds: what is kept, and how many are left off."""

from __future__ import annotations

import pytest

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
