"""The rule sets a league can pick from or clone: those of RULES.md, then the games of the
Chilean, Spanish and German tables (sources and our readings in docs/presets.md)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from scorekeeper.rules.ruleset import (
    Bonus,
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
PAST_KINGS = (
    "Our reading: past kings the wild rank goes on to aces, then 2s. Change it if you like."
)


def _progressive_hands(rounds: int) -> tuple[HandRule, ...]:
    return tuple(
        HandRule((Meld("any", 3),), cards, wild_rank=WILD_FOR_CARDS[cards])
        for cards in range(3, 3 + rounds)
    )


def _progressive(rounds: int) -> RuleSet:
    return RuleSet(
        key="progressive" if rounds == 11 else f"progressive-{rounds}",
        name="Progressive game" if rounds == 11 else f"Progressive game ({rounds} rounds)",
        min_players=2,
        max_players=8,
        hands=_progressive_hands(rounds),
        deck_counts=(DeckCount(2, 4, 2, 4), DeckCount(5, 8, 3, 6)),
        wild="Jokers, and each round the rank equal to the cards dealt (3s, then 4s, up to kings).",
        ace_in_runs=HIGH_OR_LOW,
        prices=(
            PriceGroup("A", ("A",), 1),
            *_face_value_prices(2),
            PriceGroup("10", ("10",), 10),
            PriceGroup("J", ("J",), 11),
            PriceGroup("Q", ("Q",), 12),
            PriceGroup("K", ("K",), 13),
            PriceGroup("Joker", ("JOKER",), 50),
        ),
        may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
        stock=StockPolicy("reshuffle"),
        extra_rules=(
            "Sets and runs need only 3 cards; go out by melding your whole hand, "
            "with or without a last discard.",
            "Cards left in hand count their face value (ace 1, our reading), J 11, Q 12, K 13.",
            "Decks by number of players are our reading; set your family's own.",
            *((PAST_KINGS,) if rounds > 11 else ()),
        ),
        wild_rank_points=20,
        last_turn_after_out=True,
        description=(
            f"{rounds} rounds of 3 to {rounds + 2} cards, the round's wild rank costs 20, "
            "and everyone gets a last turn to go out too."
        ),
    )


PROGRESSIVE = _progressive(11)
PROGRESSIVE_13 = _progressive(13)

# The buying game lost its table of contracts and cards per deal: those cells are the family's.
BUYING_HANDS = 15
_BUYING_KNOWN: dict[int, HandRule] = {
    12: HandRule((), 0, may_i_limit=2, blind_cards=1),
    13: HandRule((), 0, may_i_limit=2, blind_cards=1),
    14: HandRule((Meld("pair", 2),), 0, may_i_limit=1, blind_cards=0),
}
BUYING = RuleSet(
    key="buying",
    name="Buying game",
    min_players=3,
    max_players=6,
    hands=tuple(
        _BUYING_KNOWN.get(n, HandRule((), 0, blind_cards=0)) for n in range(1, BUYING_HANDS + 1)
    ),
    deck_counts=(DeckCount(3, 6, 2, 4),),
    wild="Jokers and 2s are wild.",
    ace_in_runs=HIGH_OR_LOW,
    prices=(),
    may_i=MayIPolicy(
        penalty_cards=0, priority="in_turn_first", per_hand_limit=None, buying=True, price=1
    ),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        "A pair is two cards of one rank; a set may hold identical cards.",
        "A wild card once melded stays: nobody may swap the real card for it.",
        "The player in turn may stop a buy only by taking or buying the card themselves.",
        "The number of players is not in the text: 3 to 6 is our reading.",
    ),
    settlement=Settlement(schedule=(), kitty_split="winner"),
    unset=(
        *(f"hands[{i}].melds" for i in range(BUYING_HANDS)),
        *(f"hands[{i}].cards_dealt" for i in range(BUYING_HANDS)),
        *(f"hands[{i}].may_i_limit" for i in range(BUYING_HANDS) if i + 1 not in _BUYING_KNOWN),
        "prices",
        "settlement.schedule",
    ),
    description=(
        "15 deals with pairs in the contracts, buys at a penny into a kitty, and a settling "
        "up by place; your family fills in the cells the text lost."
    ),
)

# Words for whoever sets the rules up, so kept with the other rules, not on hand 4's card.
FOURTH_HAND = (
    "Hand 4 is our reading: the text lost it, so 3 sets stands in. "
    "Change it if your family plays another."
)
SIX_HANDS = RuleSet(
    key="six-hands",
    name="Six-hand family list",
    min_players=4,
    max_players=8,
    hands=_hands(
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
        "A set may mix suits; a run is all in one suit.",
        "Dealing, decks, wild cards and prices follow Continental.",
        FOURTH_HAND,
    ),
    description=(
        "Six contracts from 2 sets to 3 runs, the fourth (3 sets) our reading; "
        "otherwise played as Continental."
    ),
)

# Carioca (Chile): a trio is 3 of a rank, an escala 4 or more of one suit in order.
CARIOCA_CONTRACTS: tuple[tuple[Meld, ...], ...] = (*FAMILY_CONTRACTS, (SET, SET, SET, SET))
# The closing rounds some families add, each a 13-card run melded whole; what tells them
# apart is our reading of their names, so it stands in each hand's note.
THIRTEEN = Meld("run", 13)
CARIOCA_CLOSING = (
    "Escala sucia: 13 cards in order, suits mixed (our reading).",
    "Escala real: 13 cards in order, all of one suit; jokers may stand in (our reading).",
    "Escala imperial: 13 cards of one suit in order, no joker (our reading).",
)
CARIOCA_FACE_VALUE = (
    *_face_value_prices(2),
    TENS_AND_FACES,
    PriceGroup("A", ("A",), 20),
    PriceGroup("Joker", ("JOKER",), 30),
)
CARIOCA_HOUSE_PRICES = (
    PriceGroup("2-7", ("2", "3", "4", "5", "6", "7"), 5),
    PriceGroup("8-K", ("8", "9", "10", "J", "Q", "K"), 10),
    PriceGroup("A", ("A",), 20),
    PriceGroup("Joker", ("JOKER",), 30),
)
CARIOCA_RULES = (
    "A run may go on from king through the ace to 2 (our reading: one source allows it, "
    "another keeps the ace at one end).",
    "Two decks with four jokers, 108 cards: both sources count 108, one of them names two "
    "jokers (our reading: four).",
    "Taking the discard out of turn costs no penalty card (our reading); a family that "
    "charges points for it gives them as a penalty.",
    "2 to 5 players and the stock shuffled again when it runs out are our reading.",
)


def _carioca(key: str, name: str, closing: bool, house: bool, description: str) -> RuleSet:
    hands = _hands(CARIOCA_CONTRACTS, (12,) * len(CARIOCA_CONTRACTS))
    if closing:
        hands += tuple(
            HandRule((THIRTEEN,), 12, going_out="no_discard", note=note) for note in CARIOCA_CLOSING
        )
    return RuleSet(
        key=key,
        name=name,
        min_players=2,
        max_players=5,
        hands=hands,
        deck_counts=(DeckCount(2, 5, 2, 4),),
        wild="Jokers are wild.",
        ace_in_runs="An ace may be high or low, and a run may turn the corner (K, A, 2).",
        prices=CARIOCA_HOUSE_PRICES if house else CARIOCA_FACE_VALUE,
        may_i=MayIPolicy(penalty_cards=0, priority="nearest"),
        stock=StockPolicy("reshuffle"),
        extra_rules=CARIOCA_RULES,
        description=description,
    )


CARIOCA = _carioca(
    "carioca",
    "Carioca",
    closing=False,
    house=False,
    description="Chile's game: 8 rounds from 2 sets (trios) to 4 sets, 12 cards each, "
    "aces 20 and jokers 30.",
)
CARIOCA_CLOSING_ROUNDS = _carioca(
    "carioca-closing",
    "Carioca with closing rounds",
    closing=True,
    house=False,
    description="Carioca's 8 rounds, then the three 13-card runs some families close with: "
    "escala sucia, real and imperial.",
)
CARIOCA_HOUSE = _carioca(
    "carioca-house",
    "Carioca (house scoring)",
    closing=False,
    house=True,
    description="Carioca with the common house prices: 2 to 7 cost 5, 8 to king 10, "
    "aces 20, jokers 30.",
)

# Continental as Spain plays it: one card more than the contract needs, 7 up to 13.
DOWN_AND_OUT = Bonus("Down and out in one turn", -10, out_only=True)
CONTINENTAL_SPAIN = RuleSet(
    key="continental-spain",
    name="Continental (Spain)",
    min_players=2,
    max_players=8,
    hands=_hands(FAMILY_CONTRACTS, (7, 8, 9, 10, 11, 12, 13)),
    deck_counts=(DeckCount(2, 4, 2, 6), DeckCount(5, 8, 3, 9)),
    wild="Jokers are wild.",
    ace_in_runs="A run has no ends: the ace may be high, low or between king and 2.",
    prices=(
        *_face_value_prices(2),
        TENS_AND_FACES,
        PriceGroup("A", ("A",), 20),
        PriceGroup("Joker", ("JOKER",), 50),
    ),
    may_i=MayIPolicy(penalty_cards=1, priority="nearest", not_after_current_takes=True),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        "When the player in turn leaves the discard, anyone after them may take it, even "
        "whoever threw it; they take the top card of the stock as a penalty and discard nothing.",
        "A player who goes down and goes out in the same turn scores -10 for the hand.",
        "A joker in a run may be swapped for the card it stands for, and must be used at once; "
        "two jokers never stand side by side in a run.",
        "Runs of one contract may share a suit.",
        "Decks for 5 to 8 players (three, with three jokers each) and the stock shuffled "
        "again when it runs out are our reading.",
    ),
    description="Continental as Spain plays it: 7 to 13 cards, a penalty card for taking "
    "the discard out of turn, and -10 for going down and out in one turn.",
    bonuses=(DOWN_AND_OUT,),
)

# Contract Rommé (German tables): two decks and one joker fewer than the players.
CONTRACT_ROMME = RuleSet(
    key="contract-romme",
    name="Contract Rommé",
    min_players=3,
    max_players=5,
    hands=_hands(FAMILY_CONTRACTS, (10,) * 3 + (12,) * 4),
    deck_counts=tuple(DeckCount(n, n, 2, n - 1) for n in range(3, 6)),
    wild="Jokers are wild.",
    ace_in_runs=HIGH_OR_LOW,
    prices=_FACE_VALUE_WITH_JOKERS,
    may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        "A sequence is 4 or more cards of one suit in order; a group is 3 of a rank.",
        "Prices follow a Swiss description of the game (our reading: the German one we read "
        "gives none).",
        "Taking the discard out of turn with a penalty card, and the stock shuffled again, "
        "are our reading.",
    ),
    description="The German tables' game for 3 to 5: one joker fewer than the players, "
    "10 cards in rounds 1 to 3 and 12 in rounds 4 to 7.",
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
