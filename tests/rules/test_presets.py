"""The five presets against the tables of RULES.md, written out here by hand."""

import pytest

from scorekeeper.rules.dealing import (
    cards_dealt,
    contract_words,
    decks_for,
    hand_count,
    hand_rule,
    minimum_cards,
)
from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.ruleset import RANKS, RulesError
from scorekeeper.rules.validation import validate_ruleset

C, M11, DW, CR, LP = "continental", "may-i-11", "may-i-deuces", "contract-rummy", "liverpool"

# Family contracts in the words of RULES.md, with their minimum cards.
FAMILY = [
    (1, "2 sets",         6),
    (2, "1 set + 1 run",  7),
    (3, "2 runs",         8),
    (4, "3 sets",         9),
    (5, "2 sets + 1 run", 10),
    (6, "1 set + 2 runs", 11),
    (7, "3 runs",         12),
]  # fmt: skip

# Deuces wild spells out every length, and hand 5 asks for a run of 7.
DEUCES = [
    (1, "2 sets of 3",              6),
    (2, "1 set of 3 + 1 run of 4",  7),
    (3, "2 runs of 4",              8),
    (4, "3 sets of 3",              9),
    (5, "1 set of 3 + 1 run of 7",  10),
    (6, "1 set of 3 + 2 runs of 4", 11),
    (7, "3 runs of 4",              12),
]  # fmt: skip

DEALT = {
    C:   (12, 12, 12, 12, 12, 12, 12),
    M11: (11, 11, 11, 11, 11, 11, 11),
    DW:  (7, 8, 9, 10, 11, 12, 13),
    CR:  (10, 10, 10, 10, 12, 12, 12),
    LP:  (10, 10, 10, 10, 12, 12, 12),
}  # fmt: skip

CONTRACT_ROWS = [
    (key, hand, words, minimum, DEALT[key][hand - 1])
    for key in (C, M11, DW, CR, LP)
    for hand, words, minimum in (DEUCES if key == DW else FAMILY)
]


def test_presets_in_order() -> None:
    assert list(PRESETS) == [
        C,
        M11,
        DW,
        CR,
        LP,
        "progressive",
        "progressive-13",
        "buying",
        "six-hands",
        "carioca",
        "carioca-closing",
        "carioca-house",
        "continental-spain",
        "contract-romme",
    ]


@pytest.mark.parametrize("key", [C, M11, DW, CR, LP])
def test_every_preset_is_valid_with_seven_hands(key: str) -> None:
    validate_ruleset(preset(key))
    assert hand_count(preset(key)) == 7


# Every preset, every hand: contract words, minimum cards, cards dealt.
@pytest.mark.parametrize(
    ("key", "hand", "words", "minimum", "dealt"),
    CONTRACT_ROWS,
    ids=[f"{row[0]}-hand{row[1]}" for row in CONTRACT_ROWS],
)
def test_contract_of_every_hand(key: str, hand: int, words: str, minimum: int, dealt: int) -> None:
    rs = preset(key)
    assert contract_words(rs, hand) == words
    assert minimum_cards(rs, hand) == minimum
    assert cards_dealt(rs, hand) == dealt


# Going out: only the last hand differs, and only where RULES.md says so.
@pytest.mark.parametrize(
    ("key", "last_hand",    "earlier_hands"),
    [
        (C,   "normal",     "normal"),
        (M11, "no_discard", "normal"),
        (DW,  "normal",     "normal"),
        (CR,  "normal",     "normal"),
        (LP,  "no_discard", "normal"),
    ],
    ids=[C, M11, DW, CR, LP],
)  # fmt: skip
def test_going_out(key: str, last_hand: str, earlier_hands: str) -> None:
    rs = preset(key)
    assert hand_rule(rs, 7).going_out == last_hand
    assert {hand_rule(rs, k).going_out for k in range(1, 7)} == {earlier_hands}


# Hand notes: Continental and the 11-card rules forbid three sets in hand 1; the deuces
# rules offer another hand 7.
@pytest.mark.parametrize(
    ("key", "hand", "mentions"),
    [
        (C,   1, "three sets"),
        (M11, 1, "three sets"),
        (M11, 7, "no last discard"),
        (DW,  7, "2 sets of 3 and a run of 4"),
        (LP,  7, "no last discard"),
    ],
    ids=["continental-1", "11card-1", "11card-7", "deuces-7", "liverpool-7"],
)  # fmt: skip
def test_hand_notes(key: str, hand: int, mentions: str) -> None:
    assert mentions in hand_rule(preset(key), hand).note


DECK_ROWS = [
    # Continental: ceil(players / 2) decks, 2 jokers a deck.
    (C,   4, 2, 4),
    (C,   5, 3, 6),
    (C,   6, 3, 6),
    (C,   7, 4, 8),
    (C,   8, 4, 8),
    # 11-card rules: no jokers.
    (M11, 4, 3, 0),
    (M11, 5, 3, 0),
    (M11, 6, 3, 0),
    (M11, 7, 4, 0),
    (M11, 8, 4, 0),
    # Deuces wild: no jokers.
    (DW,  3, 2, 0),
    (DW,  4, 2, 0),
    (DW,  5, 2, 0),
    (DW,  6, 3, 0),
    (DW,  7, 3, 0),
    (DW,  8, 3, 0),
    # Contract Rummy.
    (CR,  3, 2, 1),
    (CR,  4, 2, 1),
    (CR,  5, 3, 2),
    (CR,  6, 3, 2),
    (CR,  7, 3, 2),
    (CR,  8, 3, 2),
    # Liverpool.
    (LP,  3, 2, 4),
    (LP,  4, 2, 4),
    (LP,  5, 3, 6),
]  # fmt: skip


@pytest.mark.parametrize(
    ("key", "players", "decks", "jokers"),
    DECK_ROWS,
    ids=[f"{row[0]}-{row[1]}p" for row in DECK_ROWS],
)
def test_decks_and_jokers(key: str, players: int, decks: int, jokers: int) -> None:
    row = decks_for(preset(key), players)
    assert (row.decks, row.jokers) == (decks, jokers)


# Player ranges: one too few and one too many are refused.
@pytest.mark.parametrize(
    ("key", "fewest", "most"),
    [
        (C,   4, 8),
        (M11, 4, 8),
        (DW,  3, 8),
        (CR,  3, 8),
        (LP,  3, 5),
    ],
    ids=[C, M11, DW, CR, LP],
)  # fmt: skip
def test_player_range(key: str, fewest: int, most: int) -> None:
    rs = preset(key)
    assert (rs.min_players, rs.max_players) == (fewest, most)
    for players in (fewest - 1, most + 1):
        with pytest.raises(RulesError, match=f"{fewest} to {most} players; you chose {players}"):
            decks_for(rs, players)


# Price of every card left in hand: A, 2..10, J, Q, K, joker (None: no jokers in play).
PRICE_ROWS = [
    (C,   (20, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, 50)),
    (M11, (15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10, None)),
    (DW,  (15, 20, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, None)),
    (CR,  (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 15)),
    (LP,  (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 15)),
]  # fmt: skip


@pytest.mark.parametrize(("key", "prices"), PRICE_ROWS, ids=[row[0] for row in PRICE_ROWS])
def test_price_of_every_card(key: str, prices: tuple[int | None, ...]) -> None:
    rs = preset(key)
    for rank, expected in zip(RANKS, prices, strict=True):
        priced = [group.points for group in rs.prices if rank in group.ranks]
        assert priced == ([] if expected is None else [expected]), rank


# Score-pad buttons: one per price, labelled with its cards.
@pytest.mark.parametrize(
    ("key", "buttons"),
    [
        (C,   [("2-9", 5), ("10-K", 10), ("A", 20), ("Joker", 50)]),
        (M11, [("2-9", 5), ("10-K", 10), ("A", 15)]),
        (DW,  [("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8), ("9", 9),
               ("10, J, Q, K", 10), ("A", 15), ("2", 20)]),
        (CR,  [("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6), ("7", 7), ("8", 8), ("9", 9),
               ("10, J, Q, K", 10), ("A, Joker", 15)]),
    ],
    ids=[C, M11, DW, CR],
)  # fmt: skip
def test_price_groups(key: str, buttons: list[tuple[str, int]]) -> None:
    assert [(group.label, group.points) for group in preset(key).prices] == buttons


# May I? policies.
@pytest.mark.parametrize(
    ("key", "penalty", "priority",       "after_down", "twice", "after_current", "banned"),
    [
        (C,   1,       "nearest",        True,         False,   False,           0),
        (M11, 1,       "nearest",        True,         False,   False,           0),
        (DW,  1,       "first_to_ask",   True,         True,    True,            0),
        (CR,  1,       "nearest",        True,         False,   False,           0),
        (LP,  1,       "nearest",        False,        False,   False,           0),
    ],
    ids=[C, M11, DW, CR, LP],
)  # fmt: skip
def test_may_i_policy(
    key: str,
    penalty: int,
    priority: str,
    after_down: bool,
    twice: bool,
    after_current: bool,
    banned: int,
) -> None:
    policy = preset(key).may_i
    assert policy.penalty_cards == penalty
    assert policy.priority == priority
    assert policy.after_going_down is after_down
    assert policy.not_twice_running is twice
    assert policy.not_after_current_takes is after_current
    assert policy.banned_last_hands == banned
    assert policy.per_hand_limit is None


# Stock renewal.
@pytest.mark.parametrize(
    ("key", "kind"),
    [
        (C,   "turn_over_once"),
        (M11, "turn_over_once"),
        (DW,  "reshuffle_keep_top"),
        (CR,  "reshuffle"),
        (LP,  "reshuffle"),
    ],
    ids=[C, M11, DW, CR, LP],
)  # fmt: skip
def test_stock_policy(key: str, kind: str) -> None:
    assert preset(key).stock.kind == kind


def test_unknown_preset_is_named() -> None:
    with pytest.raises(RulesError, match="no preset called 'rummikub'"):
        preset("rummikub")
