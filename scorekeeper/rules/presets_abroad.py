"""The presets of the Chilean, Spanish and German tables: Carioca, Continental as Spain plays
it and Contract Rommé (sources and our readings in docs/presets.md)."""

from __future__ import annotations

from scorekeeper.rules.language import N_
from scorekeeper.rules.preset_parts import (
    FACE_VALUE_WITH_JOKERS,
    FAMILY_CONTRACTS,
    HIGH_OR_LOW,
    SET,
    TENS_AND_FACES,
    face_value_prices,
    paired_hands,
)
from scorekeeper.rules.ruleset import (
    Bonus,
    DeckCount,
    HandRule,
    MayIPolicy,
    Meld,
    PriceGroup,
    RuleSet,
    StockPolicy,
)

# Carioca (Chile): a trio is 3 of a rank, an escala 4 or more of one suit in order.
CARIOCA_CONTRACTS: tuple[tuple[Meld, ...], ...] = (*FAMILY_CONTRACTS, (SET, SET, SET, SET))
# The closing rounds some families add, each a 13-card run melded whole; what tells them
# apart is our reading of their names, so it stands in each hand's note.
THIRTEEN = Meld("run", 13)
CARIOCA_CLOSING = (
    N_("Escala sucia: 13 cards in order, suits mixed (our reading)."),
    N_("Escala real: 13 cards in order, all of one suit; jokers may stand in (our reading)."),
    N_("Escala imperial: 13 cards of one suit in order, no joker (our reading)."),
)
CARIOCA_FACE_VALUE = (
    *face_value_prices(2),
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
    N_(
        "A run may go on from king through the ace to 2 (our reading: one source allows it, "
        "another keeps the ace at one end)."
    ),
    N_(
        "Two decks with four jokers, 108 cards: both sources count 108, one of them names two "
        "jokers (our reading: four)."
    ),
    N_(
        "Taking the discard out of turn costs no penalty card (our reading); a family that "
        "charges points for it gives them as a penalty."
    ),
    N_("2 to 5 players and the stock shuffled again when it runs out are our reading."),
)


def _carioca(key: str, name: str, closing: bool, house: bool, description: str) -> RuleSet:
    hands = paired_hands(CARIOCA_CONTRACTS, (12,) * len(CARIOCA_CONTRACTS))
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
        wild=N_("Jokers are wild."),
        ace_in_runs="An ace may be high or low, and a run may turn the corner (K, A, 2).",
        prices=CARIOCA_HOUSE_PRICES if house else CARIOCA_FACE_VALUE,
        may_i=MayIPolicy(penalty_cards=0, priority="nearest"),
        stock=StockPolicy("reshuffle"),
        extra_rules=CARIOCA_RULES,
        description=description,
    )


CARIOCA = _carioca(
    "carioca",
    N_("Carioca"),
    closing=False,
    house=False,
    description=N_(
        "Chile's game: 8 rounds from 2 sets (trios) to 4 sets, 12 cards each, "
        "aces 20 and jokers 30."
    ),
)
CARIOCA_CLOSING_ROUNDS = _carioca(
    "carioca-closing",
    N_("Carioca with closing rounds"),
    closing=True,
    house=False,
    description=N_(
        "Carioca's 8 rounds, then the three 13-card runs some families close with: "
        "escala sucia, real and imperial."
    ),
)
CARIOCA_HOUSE = _carioca(
    "carioca-house",
    N_("Carioca (house scoring)"),
    closing=False,
    house=True,
    description=N_(
        "Carioca with the common house prices: 2 to 7 cost 5, 8 to king 10, aces 20, jokers 30."
    ),
)

# Continental as Spain plays it: one card more than the contract needs, 7 up to 13.
DOWN_AND_OUT = Bonus(N_("Down and out in one turn"), -10, out_only=True)
CONTINENTAL_SPAIN = RuleSet(
    key="continental-spain",
    name=N_("Continental (Spain)"),
    min_players=2,
    max_players=8,
    hands=paired_hands(FAMILY_CONTRACTS, (7, 8, 9, 10, 11, 12, 13)),
    deck_counts=(DeckCount(2, 4, 2, 6), DeckCount(5, 8, 3, 9)),
    wild=N_("Jokers are wild."),
    ace_in_runs="A run has no ends: the ace may be high, low or between king and 2.",
    prices=(
        *face_value_prices(2),
        TENS_AND_FACES,
        PriceGroup("A", ("A",), 20),
        PriceGroup("Joker", ("JOKER",), 50),
    ),
    may_i=MayIPolicy(penalty_cards=1, priority="nearest", not_after_current_takes=True),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        N_(
            "When the player in turn leaves the discard, anyone after them may take it, even "
            "whoever threw it; they take the top card of the stock as a penalty and discard "
            "nothing."
        ),
        N_("A player who goes down and goes out in the same turn scores -10 for the hand."),
        N_(
            "A joker in a run may be swapped for the card it stands for, and must be used at once; "
            "two jokers never stand side by side in a run."
        ),
        N_("Runs of one contract may share a suit."),
        N_(
            "Decks for 5 to 8 players (three, with three jokers each) and the stock shuffled "
            "again when it runs out are our reading."
        ),
    ),
    description=N_(
        "Continental as Spain plays it: 7 to 13 cards, a penalty card for taking "
        "the discard out of turn, and -10 for going down and out in one turn."
    ),
    bonuses=(DOWN_AND_OUT,),
)

# Contract Rommé (German tables): two decks and one joker fewer than the players.
CONTRACT_ROMME = RuleSet(
    key="contract-romme",
    name=N_("Contract Rommé"),
    min_players=3,
    max_players=5,
    hands=paired_hands(FAMILY_CONTRACTS, (10,) * 3 + (12,) * 4),
    deck_counts=tuple(DeckCount(n, n, 2, n - 1) for n in range(3, 6)),
    wild=N_("Jokers are wild."),
    ace_in_runs=HIGH_OR_LOW,
    prices=FACE_VALUE_WITH_JOKERS,
    may_i=MayIPolicy(penalty_cards=1, priority="nearest"),
    stock=StockPolicy("reshuffle"),
    extra_rules=(
        N_("A sequence is 4 or more cards of one suit in order; a group is 3 of a rank."),
        N_(
            "Prices follow a Swiss description of the game (our reading: the German one we read "
            "gives none)."
        ),
        N_(
            "Taking the discard out of turn with a penalty card, and the stock shuffled again, "
            "are our reading."
        ),
    ),
    description=N_(
        "The German tables' game for 3 to 5: one joker fewer than the players, "
        "10 cards in rounds 1 to 3 and 12 in rounds 4 to 7."
    ),
)
