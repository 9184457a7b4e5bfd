"""What the presets are built of: melds, the contracts they share, price groups, and the
helpers that pair contracts with cards dealt (rules/presets.py, rules/presets_abroad.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.rules.language import N_
from scorekeeper.rules.ruleset import HandRule, Meld, PriceGroup

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

# Each hand's special rule, kept in English in the rule set and translated where shown.
NO_THREE_SETS = N_("You may not go down with three sets in this hand.")
NO_DISCARD = N_("To go out you meld every card you hold; there is no last discard.")
DEUCES_HAND_7 = N_(
    "Table option: 2 sets of 3 and a run of 4 instead, all melded in one go, with no discard."
)


def face_value_prices(low: int) -> tuple[PriceGroup, ...]:
    """One group per number card from `low` to 9, each worth its own number."""
    return tuple(PriceGroup(str(n), (str(n),), n) for n in range(low, 10))


def paired_hands(
    contracts: tuple[tuple[Meld, ...], ...], dealt: tuple[int, ...]
) -> tuple[HandRule, ...]:
    """Pair each contract with its cards dealt, hand by hand."""
    return tuple(HandRule(melds, cards) for melds, cards in zip(contracts, dealt, strict=True))


def amended(hands: tuple[HandRule, ...], index: int, **changes: Any) -> tuple[HandRule, ...]:
    """The hands with one of them (0-based `index`, -1 for the last) changed."""
    amended = list(hands)
    amended[index] = replace(amended[index], **changes)
    return tuple(amended)


TWO_TO_NINE = PriceGroup("2-9", ("2", "3", "4", "5", "6", "7", "8", "9"), 5)
TEN_TO_KING = PriceGroup("10-K", ("10", "J", "Q", "K"), 10)
TENS_AND_FACES = PriceGroup("10, J, Q, K", ("10", "J", "Q", "K"), 10)
HIGH_OR_LOW = "An ace may be high or low in a run, but not both in the same run."

FACE_VALUE_WITH_JOKERS = (
    *face_value_prices(2),
    TENS_AND_FACES,
    PriceGroup("A, Joker", ("A", "JOKER"), 15),
)
