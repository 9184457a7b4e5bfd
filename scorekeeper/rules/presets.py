"""The five rule sets a league can pick from or clone, with the numbers of RULES.md."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.rules.ruleset import (
    DeckCount,
    HandRule,
    MayIPolicy,
    Meld,
    PriceGroup,
    RulesError,
    RuleSet,
    StockPolicy,
)

SET = Meld("set", 3)
RUN = Meld("run", 4)

# The seven contracts shared by Continental, the 11-card rules, Contract Rummy and Liverpool.
FAMILY_CONTRACTS: tuple[tuple[Meld, ...], ...] = (
    (SET, SET),
    (SET, RUN),
    (RUN, RUN),
    (SET, SET, SET),
    (SET, SET, RUN),
    (SET, RUN, RUN),
    (RUN, RUN, RUN),
)

# The deuces-wild rules ask for a longer run in hand 5.
DEUCES_CONTRACTS: tuple[tuple[Meld, ...], ...] = (
    *FAMILY_CONTRACTS[:4],
    (SET, Meld("run", 7)),
    *FAMILY_CONTRACTS[5:],
)

NO_THREE_SETS = "You may not go down with three sets in this hand."
NO_DISCARD = "To go out you meld every card you hold; there is no last discard."
DEUCES_HAND_7 = (
    "Table option: 2 sets of 3 and a run of 4 instead, all melded in one go, with no discard."
)


def _face_value_prices(low: int) -> tuple[PriceGroup, ...]:
    """One group per number card from `low` to 9, each worth its own number."""
    return tuple(PriceGroup(str(n), (str(n),), n) for n in range(low, 10))


def _hands(contracts: tuple[tuple[Meld, ...], ...], dealt: tuple[int, ...]) -> tuple[HandRule, ...]:
    """Pair each contract with its cards dealt, hand by hand."""
    return tuple(HandRule(melds, cards) for melds, cards in zip(contracts, dealt, strict=True))


def _amend(hands: tuple[HandRule, ...], index: int, **changes: Any) -> tuple[HandRule, ...]:
    """The hands with one of them (0-based `index`, -1 for the last) changed."""
    amended = list(hands)
    amended[index] = replace(amended[index], **changes)
    return tuple(amended)


TWO_TO_NINE = PriceGroup("2-9", ("2", "3", "4", "5", "6", "7", "8", "9"), 5)
TEN_TO_KING = PriceGroup("10-K", ("10", "J", "Q", "K"), 10)
TENS_AND_FACES = PriceGroup("10, J, Q, K", ("10", "J", "Q", "K"), 10)
HIGH_OR_LOW = "An ace may be high or low in a run, but not both in the same run."

CONTINENTAL = RuleSet(
    key="continental",
    name="Continental",
    min_players=4,
    max_players=8,
    hands=_amend(_hands(FAMILY_CONTRACTS, (12,) * 7), 0, note=NO_THREE_SETS),
    deck_counts=(DeckCount(4, 4, 2, 4), DeckCount(5, 6, 3, 6), DeckCount(7, 8, 4, 8)),
    wild="Jokers and red aces are wild.",
    ace_in_runs=HIGH_OR_LOW,
    prices=(
        TWO_TO_NINE,
        TEN_TO_KING,
        PriceGroup("A", ("A",), 20),
        PriceGroup("Joker", ("JOKER",), 50),
    ),
    may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
    stock=StockPolicy("turn_over_once"),
    extra_rules=(
        "Once you are down you start no new sets or runs; you only add to melds on the table.",
        "Two runs of one suit may go down in the same contract, but they stay separate melds.",
    ),
)

MAY_I_11 = RuleSet(
    key="may-i-11",
    name="May I? (11-card family rules)",
    min_players=4,
    max_players=8,
    hands=_amend(
        _amend(_hands(FAMILY_CONTRACTS, (11,) * 7), 0, note=NO_THREE_SETS),
        -1,
        going_out="no_discard",
        note=NO_DISCARD,
    ),
    deck_counts=(DeckCount(4, 6, 3, 0), DeckCount(7, 8, 4, 0)),
    wild="No wild cards.",
    ace_in_runs="An ace may be high or low in a run, and one run may use it at both ends.",
    prices=(TWO_TO_NINE, TEN_TO_KING, PriceGroup("A", ("A",), 15)),
    may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
    stock=StockPolicy("turn_over_once"),
    extra_rules=(
        "The runs of one contract must each be in a different suit.",
        "You may add cards to melds on the table only from your turn after going down.",
    ),
)

MAY_I_DEUCES = RuleSet(
    key="may-i-deuces",
    name="May I? (deuces wild)",
    min_players=3,
    max_players=8,
    hands=_amend(_hands(DEUCES_CONTRACTS, (7, 8, 9, 10, 11, 12, 13)), -1, note=DEUCES_HAND_7),
    deck_counts=(DeckCount(3, 5, 2, 0), DeckCount(6, 8, 3, 0)),
    wild="2s are wild.",
    ace_in_runs="Aces are high only; 3 is the lowest card of a run.",
    prices=(
        *_face_value_prices(3),
        TENS_AND_FACES,
        PriceGroup("A", ("A",), 15),
        PriceGroup("2", ("2",), 20),
    ),
    may_i=MayIPolicy(
        penalty_cards=1,
        priority="first_to_ask",
        not_twice_running=True,
        not_after_current_takes=True,
    ),
    stock=StockPolicy("reshuffle_keep_top"),
    extra_rules=(
        "You may meld more cards than the contract asks for.",
        "A player who is down may put the real card in place of a 2 in a run; "
        "the 2 stays in that run.",
    ),
    show_lengths=True,
)

_FACE_VALUE_WITH_JOKERS = (
    *_face_value_prices(2),
    TENS_AND_FACES,
    PriceGroup("A, Joker", ("A", "JOKER"), 15),
)

CONTRACT_RUMMY = RuleSet(
    key="contract-rummy",
    name="Contract Rummy",
    min_players=3,
    max_players=8,
    hands=_hands(FAMILY_CONTRACTS, (10,) * 4 + (12,) * 3),
    deck_counts=(DeckCount(3, 4, 2, 1), DeckCount(5, 8, 3, 2)),
    wild="Jokers are wild.",
    ace_in_runs=HIGH_OR_LOW,
    prices=_FACE_VALUE_WITH_JOKERS,
    may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        "Meld only the cards the contract asks for, no more.",
        "You may add to melds on the table only on a turn after the one you went down in.",
    ),
)

LIVERPOOL = RuleSet(
    key="liverpool",
    name="Liverpool",
    min_players=3,
    max_players=5,
    hands=_amend(
        _hands(FAMILY_CONTRACTS, (10,) * 4 + (12,) * 3), -1, going_out="no_discard", note=NO_DISCARD
    ),
    deck_counts=(DeckCount(3, 4, 2, 4), DeckCount(5, 5, 3, 6)),
    wild="Jokers are wild.",
    ace_in_runs="An ace may be high or low in a run.",
    prices=_FACE_VALUE_WITH_JOKERS,
    may_i=MayIPolicy(penalty_cards=1, priority="nearest", after_going_down=False),
    stock=StockPolicy("reshuffle"),
)

PRESETS: dict[str, RuleSet] = {
    rs.key: rs for rs in (CONTINENTAL, MAY_I_11, MAY_I_DEUCES, CONTRACT_RUMMY, LIVERPOOL)
}


def preset(key: str) -> RuleSet:
    """The preset rule set called `key`.

    :raises RulesError: for a key that is not a preset.
    """
    try:
        return PRESETS[key]
    except KeyError:
        known = ", ".join(PRESETS)
        raise RulesError(f"There is no preset called {key!r}; the presets are {known}.") from None
