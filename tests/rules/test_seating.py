"""Who deals when players have left, who is placed while a game goes on, and who deals first
when the same table plays again."""

from dataclasses import replace
from itertools import pairwise

import pytest

from scorekeeper.rules.incomplete_game import places_so_far, unranked_leaver_note
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import RulesError
from scorekeeper.rules.seating import (
    dealers,
    first_player_among,
    rematch_first_dealer,
    seated_for_hand,
)

# The family of the issue: Mom, Dad, Amy, Ben clockwise (seats 0 to 3), six hands.
MOM, DAD, AMY, BEN = range(4)


# The deal passes one seat to the left every hand among the players still seated: nobody
# deals twice running, whoever leaves and whenever.
# fmt: off
@pytest.mark.parametrize(
    ("first", "players", "left_from",          "hands", "expected"),
    [
        # Nobody leaves: seat after seat, round the table.
        (MOM,     4,         {},                   6,       [MOM, DAD, AMY, BEN, MOM, DAD]),
        # One leaver, at each seat, from hand 3 (the issue: Ben).
        (MOM,     4,         {BEN: 3},             6,       [MOM, DAD, AMY, MOM, DAD, AMY]),
        (MOM,     4,         {AMY: 3},             6,       [MOM, DAD, BEN, MOM, DAD, BEN]),
        (MOM,     4,         {DAD: 3},             6,       [MOM, DAD, AMY, BEN, MOM, AMY]),
        (MOM,     4,         {MOM: 3},             6,       [MOM, DAD, AMY, BEN, DAD, AMY]),
        # The player who was to deal next leaves: the one after them deals.
        (MOM,     4,         {AMY: 3},             4,       [MOM, DAD, BEN, MOM]),
        (MOM,     4,         {DAD: 2},             4,       [MOM, AMY, BEN, MOM]),
        # The first dealer leaves before hand 1: the player to their left deals it.
        (MOM,     4,         {MOM: 1},             4,       [DAD, AMY, BEN, DAD]),
        (BEN,     4,         {BEN: 1},             3,       [MOM, DAD, AMY]),
        # Two leavers, together or apart, side by side or not.
        (MOM,     5,         {1: 2, 2: 2},         5,       [0, 3, 4, 0, 3]),
        (MOM,     5,         {1: 3, 3: 4},         6,       [0, 1, 2, 4, 0, 2]),
        (2,       5,         {0: 2, 4: 2},         4,       [2, 3, 1, 2]),
        # Too few left for a hand: nobody deals it (the game ends before it).
        (MOM,     3,         {1: 3, 2: 3},         4,       [0, 1, None, None]),
    ],
    ids=["nobody-leaves", "last-seat-leaves", "third-seat-leaves", "second-seat-leaves",
         "first-seat-leaves", "next-dealer-leaves", "next-dealer-leaves-early",
         "first-dealer-leaves", "first-dealer-wraps", "two-side-by-side",
         "two-apart", "two-round-the-wrap", "too-few-left"],
)
# fmt: on
def test_the_deal_passes_left_among_those_still_seated(first, players, left_from, hands, expected):
    dealt = dealers(first, players, hands, left_from, {})
    assert dealt == expected
    dealing = [seat for seat in dealt if seat is not None]
    assert all(a != b for a, b in pairwise(dealing)), "nobody deals twice running"
    for number, dealer in enumerate(dealt, start=1):
        assert dealer is None or dealer in seated_for_hand(players, left_from, number)


# A hand already dealt keeps its dealer (as it was dealt, or under an older reckoning); the
# next hand passes the deal on from there.
# fmt: off
@pytest.mark.parametrize(
    ("left_from",   "dealt",                               "expected"),
    [
        ({BEN: 3},      {1: MOM, 2: DAD, 3: AMY},              [MOM, DAD, AMY, MOM, DAD, AMY]),
        ({BEN: 3},      {1: MOM, 2: DAD, 3: AMY, 4: MOM, 5: MOM},
                                                               [MOM, DAD, AMY, MOM, MOM, DAD]),
        ({},            {1: AMY},                              [AMY, BEN, MOM, DAD, AMY, BEN]),
    ],
    ids=["from-the-last-dealt", "keeps-what-was-dealt", "from-a-recorded-first-hand"],
)
# fmt: on
def test_dealt_hands_keep_their_dealer(left_from, dealt, expected):
    assert dealers(MOM, 4, 6, left_from, dealt) == expected


def test_a_first_dealer_off_the_table_is_refused():
    with pytest.raises(RulesError, match="Seat 4 is not at a table of 4"):
        dealers(4, 4, 6, {}, {})


# Who plays first follows the dealer: the next player still seated on the left.
# fmt: off
@pytest.mark.parametrize(
    ("dealer", "players", "present",       "first_player"),
    [
        (AMY,      4,         {MOM, DAD, AMY},  MOM),
        (DAD,      4,         {MOM, DAD, BEN},  BEN),
        (BEN,      4,         {DAD, AMY, BEN},  DAD),
    ],
    ids=["skips-a-leaver-round-the-wrap", "skips-a-leaver", "skips-the-first-seat"],
)
# fmt: on
def test_who_plays_first_follows_the_dealer(dealer, players, present, first_player):
    assert first_player_among(dealer, players, present) == first_player


# While a game goes on, a player who left is placed only once the incomplete-game rule posts
# their total; with the rule off their total stands and places them.
# fmt: off
@pytest.mark.parametrize(
    ("totals",                               "left",   "rule", "expected"),
    [
        ({"Mom": 90, "Dad": 70, "Amy": 80, "Ben": 60}, {"Ben"}, True,
                                             {"Mom": 3, "Dad": 1, "Amy": 2, "Ben": None}),
        ({"Mom": 90, "Dad": 70, "Amy": 70, "Ben": 60}, {"Ben"}, True,
                                             {"Mom": 3, "Dad": 1, "Amy": 1, "Ben": None}),
        ({"Mom": 90, "Dad": 70, "Amy": 80, "Ben": 60}, {"Ben"}, False,
                                             {"Mom": 4, "Dad": 2, "Amy": 3, "Ben": 1}),
        ({"Mom": 90, "Dad": 70, "Amy": 80, "Ben": 60}, set(),   True,
                                             {"Mom": 4, "Dad": 2, "Amy": 3, "Ben": 1}),
        ({"Mom": 9, "Dad": 7, "Amy": 8, "Ben": 6}, {"Ben", "Dad"}, True,
                                             {"Mom": 2, "Dad": None, "Amy": 1, "Ben": None}),
    ],
    ids=["leaver-not-leading", "tie-among-the-seated", "rule-off-places-the-leaver",
         "nobody-left", "two-leavers"],
)
# fmt: on
def test_places_so_far_leave_out_players_who_left(totals, left, rule, expected):
    assert places_so_far(totals, left, incomplete_game_rule=rule) == expected


def test_the_note_on_unranked_leavers_follows_the_rule_switch():
    rs = preset("continental")
    off = replace(rs, fairness=replace(rs.fairness, incomplete_game=False))
    assert "not ranked while the game goes on" in unranked_leaver_note(rs)
    assert unranked_leaver_note(off) == ""


# Playing again: the next seat on deals first; a new game of some of the same players, the
# next one on to the left who sits down again.
# fmt: off
@pytest.mark.parametrize(
    ("first_dealer", "players", "present",  "next_first"),
    [
        (0,              5,         None,       1),
        (4,              5,         None,       0),
        (2,              3,         None,       0),
        (0,              4,         {0, 1, 2},  1),
        (0,              4,         {0, 2, 3},  2),
        (3,              4,         {1, 2},     1),
        (1,              4,         {1},        1),
    ],
    ids=["next-seat", "wraps", "wraps-three", "next-plays-again", "skips-who-stays-away",
         "wraps-past-who-stays-away", "only-the-last-first-dealer"],
)
# fmt: on
def test_rematch_first_dealer(first_dealer, players, present, next_first):
    assert rematch_first_dealer(first_dealer, players, present) == next_first


def test_rematch_first_dealer_needs_someone_at_the_table():
    with pytest.raises(RulesError):
        rematch_first_dealer(0, 4, set())
