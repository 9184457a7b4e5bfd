"""May I?: when a claim is allowed, who gets the discard, and the hand size it leaves."""

from dataclasses import replace

import pytest

from scorekeeper.rules.mayi import (
    expected_hand_size,
    may_i_allowed,
    may_i_limit,
    may_i_priority,
    may_i_words,
)
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import RulesError, RuleSet


def continental_with(**changes: object) -> RuleSet:
    """Continental with its May I? policy changed."""
    rs = preset("continental")
    return replace(rs, may_i=replace(rs.may_i, **changes))  # type: ignore[arg-type]


LIMIT_ONE = continental_with(per_hand_limit=1)
LAST_THREE = continental_with(banned_last_hands=3)
HAND_3_NONE = replace(
    preset("continental"),
    hands=tuple(
        replace(h, may_i_limit=0) if n == 3 else h
        for n, h in enumerate(preset("continental").hands, 1)
    ),
)

# Rulings: (rule set, hand, claims made, down, claimed last, current took) -> allowed, reason.
RULINGS = [
    # Limits per hand.
    ("no-limit",        preset("continental"), 7, 9, False, False, False, True,  ""),
    ("under-limit",     LIMIT_ONE,             2, 0, False, False, False, True,  ""),
    ("past-limit",      LIMIT_ONE,             2, 1, False, False, False, False, "only once"),
    ("hand-bans-all",   HAND_3_NONE,           3, 0, False, False, False, False, "in this hand"),
    ("other-hand-free", HAND_3_NONE,           4, 0, False, False, False, True,  ""),
    # House option: none in the last 3 hands.
    ("hand-4-of-7",     LAST_THREE,            4, 0, False, False, False, True,  ""),
    ("hand-5-of-7",     LAST_THREE,            5, 0, False, False, False, False, "last 3 hands"),
    ("hand-7-of-7",     LAST_THREE,            7, 0, False, False, False, False, "last 3 hands"),
    # Going down: Liverpool stops buying, Continental does not.
    ("liverpool-down",  preset("liverpool"),   2, 0, True,  False, False, False, "gone down"),
    ("liverpool-up",    preset("liverpool"),   2, 0, False, False, False, True,  ""),
    ("continental-down", preset("continental"), 2, 0, True, False, False, True,  ""),
    # Deuces wild: not twice running, not once the current player takes it.
    ("deuces-twice",    preset("may-i-deuces"), 1, 1, False, True, False, False, "two discards"),
    ("deuces-current",  preset("may-i-deuces"), 1, 0, False, False, True, False, "took the"),
    ("deuces-fine",     preset("may-i-deuces"), 1, 3, True,  False, False, True,  ""),
    ("11card-twice",    preset("may-i-11"),    1, 1, False, True,  False, True,  ""),
]  # fmt: skip


@pytest.mark.parametrize(
    ("rs", "hand", "claims", "down", "claimed_last", "current_took", "allowed", "reason"),
    [row[1:] for row in RULINGS],
    ids=[row[0] for row in RULINGS],
)
def test_may_i_allowed(
    rs: RuleSet,
    hand: int,
    claims: int,
    down: bool,
    claimed_last: bool,
    current_took: bool,
    allowed: bool,
    reason: str,
) -> None:
    ruling = may_i_allowed(
        rs,
        hand,
        claims,
        down,
        took_last_discard_by_claim=claimed_last,
        current_player_took=current_took,
    )
    assert ruling.allowed is allowed
    assert reason in ruling.reason
    assert bool(ruling.reason) is not allowed


@pytest.mark.parametrize(
    ("rs",          "hand", "limit"),
    [
        (preset("continental"), 1, None),
        (LIMIT_ONE,             1, 1),
        (HAND_3_NONE,           3, 0),
        (LAST_THREE,            4, None),
        (LAST_THREE,            5, 0),
    ],
    ids=["none", "policy", "hand-rule", "before-ban", "in-ban"],
)  # fmt: skip
def test_may_i_limit(rs: RuleSet, hand: int, limit: int | None) -> None:
    assert may_i_limit(rs, hand) == limit


def test_may_i_allowed_refuses_nonsense() -> None:
    with pytest.raises(RulesError, match="not hand 8"):
        may_i_allowed(preset("continental"), 8, 0, False)
    with pytest.raises(RulesError, match="-1 May I"):
        may_i_allowed(preset("continental"), 1, -1, False)


# Priority: nearest after the current player (clockwise, seat + 1, ...) or first to ask.
@pytest.mark.parametrize(
    ("key",          "players", "current", "claimants", "first", "winner"),
    [
        ("continental",  4,         0,         [3, 2],      None,    2),
        ("continental",  4,         0,         [1, 3],      None,    1),
        ("continental",  5,         3,         [2, 0],      None,    0),
        ("continental",  5,         3,         [2, 4],      None,    4),
        ("continental",  6,         5,         [4, 1],      None,    1),
        ("liverpool",    3,         2,         [1],         None,    1),
        ("may-i-deuces", 5,         0,         [3, 1],      None,    3),
        ("may-i-deuces", 5,         0,         [1, 3],      3,       3),
        ("may-i-deuces", 5,         4,         [0, 3],      None,    0),
    ],
    ids=["nearest", "next-seat", "wraps-past-last-seat", "no-wrap-needed", "wraps-6p",
         "single", "first-to-ask-order", "first-to-ask-named", "first-to-ask-wraps"],
)  # fmt: skip
def test_may_i_priority(
    key: str, players: int, current: int, claimants: list[int], first: int | None, winner: int
) -> None:
    assert may_i_priority(preset(key), players, current, claimants, first) == winner


@pytest.mark.parametrize(
    ("current", "claimants", "first", "message"),
    [
        (0,         [],          None,    "Nobody"),
        (0,         [0, 1],      None,    "whose turn it is"),
        (0,         [4],         None,    "Seat 4 is not"),
        (0,         [1, 2],      3,       "Seat 3 did not"),
    ],
    ids=["no-claimants", "current-player", "seat-off-table", "first-not-claimant"],
)  # fmt: skip
def test_may_i_priority_refuses(
    current: int, claimants: list[int], first: int | None, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        may_i_priority(preset("may-i-deuces"), 4, current, claimants, first)


# Hand size before going down: dealt + (1 + penalty cards) x claims.
@pytest.mark.parametrize(
    ("rs",                        "hand", "claims", "size"),
    [
        (preset("continental"),       1,      0,        12),
        (preset("continental"),       1,      2,        16),
        (preset("may-i-deuces"),      3,      1,        11),
        (preset("contract-rummy"),    5,      3,        18),
        (continental_with(penalty_cards=2), 2, 2,       18),
    ],
    ids=["no-claims", "two-claims", "deuces-hand-3", "cr-hand-5", "two-penalty-cards"],
)  # fmt: skip
def test_expected_hand_size(rs: RuleSet, hand: int, claims: int, size: int) -> None:
    assert expected_hand_size(rs, hand, claims) == size


def test_may_i_words_follow_the_policy() -> None:
    words = " ".join(may_i_words(LAST_THREE.may_i, 7))
    assert "1 penalty card" in words and "next in turn" in words and "from hand 5 on" in words
    deuces = " ".join(may_i_words(preset("may-i-deuces").may_i, 7))
    assert "asked first" in deuces and "two discards in a row" in deuces
    assert "gone down" in " ".join(may_i_words(preset("liverpool").may_i, 7))
