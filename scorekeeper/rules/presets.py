"""The rule sets a league can pick from or clone: those of RULES.md, then the games of the
Chilean, Spanish and German tables (sources and our readings in docs/presets.md).

Names, descriptions and what is wild are kept in English, as a league keeps them, and marked
(`N_`) for the catalogs: the pages translate them where they show them (`preset_summary`).
"""

from __future__ import annotations

from scorekeeper.rules.language import N_
from scorekeeper.rules.preset_parts import (
    DEUCES_CONTRACTS,
    DEUCES_HAND_7,
    FACE_VALUE_WITH_JOKERS,
    FAMILY_CONTRACTS,
    HIGH_OR_LOW,
    NO_DISCARD,
    NO_THREE_SETS,
    RUN,
    SET,
    TEN_TO_KING,
    TENS_AND_FACES,
    TWO_TO_NINE,
    amended,
    face_value_prices,
    paired_hands,
)
from scorekeeper.rules.presets_abroad import (
    CARIOCA,
    CARIOCA_CLOSING_ROUNDS,
    CARIOCA_HOUSE,
    CONTINENTAL_SPAIN,
    CONTRACT_ROMME,
)
from scorekeeper.rules.ruleset import (
    DeckCount,
    HandRule,
    MayIPolicy,
    Meld,
    PriceGroup,
    RulesError,
    RuleSet,
    Settlement,
    StockPolicy,
)

CONTINENTAL = RuleSet(
    key="continental",
    name=N_("Continental"),
    min_players=4,
    max_players=8,
    hands=amended(paired_hands(FAMILY_CONTRACTS, (12,) * 7), 0, note=NO_THREE_SETS),
    deck_counts=(DeckCount(4, 4, 2, 4), DeckCount(5, 6, 3, 6), DeckCount(7, 8, 4, 8)),
    wild=N_("Jokers and red aces are wild."),
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
        N_("Once you are down you start no new sets or runs; you only add to melds on the table."),
        N_("Two runs of one suit may go down in the same contract, but they stay separate melds."),
    ),
)

MAY_I_11 = RuleSet(
    key="may-i-11",
    name=N_("May I? (11-card family rules)"),
    min_players=4,
    max_players=8,
    hands=amended(
        amended(paired_hands(FAMILY_CONTRACTS, (11,) * 7), 0, note=NO_THREE_SETS),
        -1,
        going_out="no_discard",
        note=NO_DISCARD,
    ),
    deck_counts=(DeckCount(4, 6, 3, 0), DeckCount(7, 8, 4, 0)),
    wild=N_("No wild cards."),
    ace_in_runs="An ace may be high or low in a run, and one run may use it at both ends.",
    prices=(TWO_TO_NINE, TEN_TO_KING, PriceGroup("A", ("A",), 15)),
    may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
    stock=StockPolicy("turn_over_once"),
    extra_rules=(
        N_("The runs of one contract must each be in a different suit."),
        N_("You may add cards to melds on the table only from your turn after going down."),
    ),
)

MAY_I_DEUCES = RuleSet(
    key="may-i-deuces",
    name=N_("May I? (deuces wild)"),
    min_players=3,
    max_players=8,
    hands=amended(
        paired_hands(DEUCES_CONTRACTS, (7, 8, 9, 10, 11, 12, 13)), -1, note=DEUCES_HAND_7
    ),
    deck_counts=(DeckCount(3, 5, 2, 0), DeckCount(6, 8, 3, 0)),
    wild=N_("2s are wild."),
    ace_in_runs="Aces are high only; 3 is the lowest card of a run.",
    prices=(
        *face_value_prices(3),
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
        N_("You may meld more cards than the contract asks for."),
        N_(
            "A player who is down may put the real card in place of a 2 in a run; "
            "the 2 stays in that run."
        ),
    ),
    show_lengths=True,
)

CONTRACT_RUMMY = RuleSet(
    key="contract-rummy",
    name=N_("Contract Rummy"),
    min_players=3,
    max_players=8,
    hands=paired_hands(FAMILY_CONTRACTS, (10,) * 4 + (12,) * 3),
    deck_counts=(DeckCount(3, 4, 2, 1), DeckCount(5, 8, 3, 2)),
    wild=N_("Jokers are wild."),
    ace_in_runs=HIGH_OR_LOW,
    prices=FACE_VALUE_WITH_JOKERS,
    may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        N_("Meld only the cards the contract asks for, no more."),
        N_("You may add to melds on the table only on a turn after the one you went down in."),
    ),
)

LIVERPOOL = RuleSet(
    key="liverpool",
    name=N_("Liverpool"),
    min_players=3,
    max_players=5,
    hands=amended(
        paired_hands(FAMILY_CONTRACTS, (10,) * 4 + (12,) * 3),
        -1,
        going_out="no_discard",
        note=NO_DISCARD,
    ),
    deck_counts=(DeckCount(3, 4, 2, 4), DeckCount(5, 5, 3, 6)),
    wild=N_("Jokers are wild."),
    ace_in_runs="An ace may be high or low in a run.",
    prices=FACE_VALUE_WITH_JOKERS,
    may_i=MayIPolicy(penalty_cards=1, priority="nearest", after_going_down=False),
    stock=StockPolicy("reshuffle"),
)

# The progressive game: one more card each round, the rank equal to the cards dealt is wild.
# Past 13 cards (the 13-round house rule) our reading goes on to aces, then 2s.
WILD_FOR_CARDS: dict[int, str] = {
    **{n: str(n) for n in range(3, 11)},
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
    15: "2",
}
# Like FOURTH_HAND below, words for whoever sets the rules up, kept with the other rules.
PAST_KINGS = N_(
    "Our reading: past kings the wild rank goes on to aces, then 2s. Change it if you like."
)


def _progressivepaired_hands(rounds: int) -> tuple[HandRule, ...]:
    return tuple(
        HandRule((Meld("any", 3),), cards, wild_rank=WILD_FOR_CARDS[cards])
        for cards in range(3, 3 + rounds)
    )


def _progressive(rounds: int, name: str, description: str) -> RuleSet:
    return RuleSet(
        key="progressive" if rounds == 11 else f"progressive-{rounds}",
        name=name,
        min_players=2,
        max_players=8,
        hands=_progressivepaired_hands(rounds),
        deck_counts=(DeckCount(2, 4, 2, 4), DeckCount(5, 8, 3, 6)),
        wild=N_(
            "Jokers, and each round the rank equal to the cards dealt (3s, then 4s, up to kings)."
        ),
        ace_in_runs=HIGH_OR_LOW,
        prices=(
            PriceGroup("A", ("A",), 1),
            *face_value_prices(2),
            PriceGroup("10", ("10",), 10),
            PriceGroup("J", ("J",), 11),
            PriceGroup("Q", ("Q",), 12),
            PriceGroup("K", ("K",), 13),
            PriceGroup("Joker", ("JOKER",), 50),
        ),
        may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
        stock=StockPolicy("reshuffle"),
        extra_rules=(
            N_(
                "Sets and runs need only 3 cards; go out by melding your whole hand, "
                "with or without a last discard."
            ),
            N_("Cards left in hand count their face value (ace 1, our reading), J 11, Q 12, K 13."),
            N_("Decks by number of players are our reading; set your family's own."),
            *((PAST_KINGS,) if rounds > 11 else ()),
        ),
        wild_rank_points=20,
        last_turn_after_out=True,
        description=description,
    )


PROGRESSIVE = _progressive(
    11,
    N_("Progressive game"),
    N_(
        "11 rounds of 3 to 13 cards, the round's wild rank costs 20, "
        "and everyone gets a last turn to go out too."
    ),
)
PROGRESSIVE_13 = _progressive(
    13,
    N_("Progressive game (13 rounds)"),
    N_(
        "13 rounds of 3 to 15 cards, the round's wild rank costs 20, "
        "and everyone gets a last turn to go out too."
    ),
)

# The buying game lost its table of contracts and cards per deal: those cells are the family's.
BUYING_HANDS = 15
_BUYING_KNOWN: dict[int, HandRule] = {
    12: HandRule((), 0, may_i_limit=2, blind_cards=1),
    13: HandRule((), 0, may_i_limit=2, blind_cards=1),
    14: HandRule((Meld("pair", 2),), 0, may_i_limit=1, blind_cards=0),
}
BUYING = RuleSet(
    key="buying",
    name=N_("Buying game"),
    min_players=3,
    max_players=6,
    hands=tuple(
        _BUYING_KNOWN.get(n, HandRule((), 0, blind_cards=0)) for n in range(1, BUYING_HANDS + 1)
    ),
    deck_counts=(DeckCount(3, 6, 2, 4),),
    wild=N_("Jokers and 2s are wild."),
    ace_in_runs=HIGH_OR_LOW,
    prices=(),
    may_i=MayIPolicy(
        penalty_cards=0, priority="in_turn_first", per_hand_limit=None, buying=True, price=1
    ),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        N_("A pair is two cards of one rank; a set may hold identical cards."),
        N_("A wild card once melded stays: nobody may swap the real card for it."),
        N_("The player in turn may stop a buy only by taking or buying the card themselves."),
        N_("The number of players is not in the text: 3 to 6 is our reading."),
    ),
    settlement=Settlement(schedule=(), kitty_split="winner"),
    unset=(
        *(f"hands[{i}].melds" for i in range(BUYING_HANDS)),
        *(f"hands[{i}].cards_dealt" for i in range(BUYING_HANDS)),
        *(f"hands[{i}].may_i_limit" for i in range(BUYING_HANDS) if i + 1 not in _BUYING_KNOWN),
        "prices",
        "settlement.schedule",
    ),
    description=N_(
        "15 deals with pairs in the contracts, buys at a penny into a kitty, and a settling "
        "up by place; your family fills in the cells the text lost."
    ),
)

# Words for whoever sets the rules up, so kept with the other rules, not on hand 4's card.
FOURTH_HAND = N_(
    "Hand 4 is our reading: the text lost it, so 3 sets stands in. "
    "Change it if your family plays another."
)
SIX_HANDS = RuleSet(
    key="six-hands",
    name=N_("Six-hand family list"),
    min_players=4,
    max_players=8,
    hands=paired_hands(
        (
            (SET, SET),
            (RUN, RUN),
            (SET, SET, RUN),
            (SET, SET, SET),
            (RUN, RUN, SET),
            (RUN, RUN, RUN),
        ),
        (12,) * 6,
    ),
    deck_counts=CONTINENTAL.deck_counts,
    wild=CONTINENTAL.wild,
    ace_in_runs=HIGH_OR_LOW,
    prices=CONTINENTAL.prices,
    may_i=CONTINENTAL.may_i,
    stock=CONTINENTAL.stock,
    extra_rules=(
        N_("A set may mix suits; a run is all in one suit."),
        N_("Dealing, decks, wild cards and prices follow Continental."),
        FOURTH_HAND,
    ),
    description=N_(
        "Six contracts from 2 sets to 3 runs, the fourth (3 sets) our reading; "
        "otherwise played as Continental."
    ),
)

PRESETS: dict[str, RuleSet] = {
    rs.key: rs
    for rs in (
        CONTINENTAL,
        MAY_I_11,
        MAY_I_DEUCES,
        CONTRACT_RUMMY,
        LIVERPOOL,
        PROGRESSIVE,
        PROGRESSIVE_13,
        BUYING,
        SIX_HANDS,
        CARIOCA,
        CARIOCA_CLOSING_ROUNDS,
        CARIOCA_HOUSE,
        CONTINENTAL_SPAIN,
        CONTRACT_ROMME,
    )
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
