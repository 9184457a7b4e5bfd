"""Seats when players have left, and who deals first when the same table plays again."""

import pytest

from scorekeeper.rules import rematch_first_dealer


# fmt: off
@pytest.mark.parametrize(
    ("first_dealer", "players", "present",        "next_first"),
    [
        (0,              5,         {0, 1, 2, 3, 4},  1),   # the deal passes one seat left
        (4,              5,         {0, 1, 2, 3, 4},  0),   # round the table to seat 0
        (1,              4,         {0, 1, 3},        3),   # seat 2 left: skip it
        (3,              4,         {1, 2},           1),   # from seat 0 on, the first still here
    ],
    ids=["next-seat", "wraps", "skips-a-leaver", "wraps-past-leavers"],
)
# fmt: on
def test_rematch_first_dealer(first_dealer, players, present, next_first):
    assert rematch_first_dealer(first_dealer, players, present) == next_first
