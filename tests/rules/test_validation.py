"""Rule sets that make no sense are refused, each fault named in plain words."""

import tracemalloc
from collections.abc import Callable
from dataclasses import replace

import pytest

from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import DeckCount, Meld, PriceGroup, RuleSet, RuleSetError
from scorekeeper.rules.validation import ruleset_problems, validate_ruleset

CONTINENTAL = preset("continental")
SET, RUN = Meld("set", 3), Meld("run", 4)


def hand(number: int, **changes: object) -> Callable[[RuleSet], RuleSet]:
    """A change to one hand (counted from 1) of the rule set."""

    def change(rs: RuleSet) -> RuleSet:
        hands = list(rs.hands)
        hands[number - 1] = replace(hands[number - 1], **changes)  # type: ignore[arg-type]
        return replace(rs, hands=tuple(hands))

    return change


def field(**changes: object) -> Callable[[RuleSet], RuleSet]:
    """A change to top-level fields."""
    return lambda rs: replace(rs, **changes)  # type: ignore[arg-type]


def may_i(**changes: object) -> Callable[[RuleSet], RuleSet]:
    """A change to the May I? policy."""
    return lambda rs: replace(rs, may_i=replace(rs.may_i, **changes))  # type: ignore[arg-type]


def prices(*groups: PriceGroup) -> Callable[[RuleSet], RuleSet]:
    """Continental's prices with these groups instead."""
    return field(prices=groups)


def more_prices(group: PriceGroup) -> Callable[[RuleSet], RuleSet]:
    """Continental's prices and one more group."""
    return prices(*CONTINENTAL.prices, group)


def more_decks(row: DeckCount) -> Callable[[RuleSet], RuleSet]:
    """Continental's deck counts and one more row."""
    return field(deck_counts=(*CONTINENTAL.deck_counts, row))


TWO_TO_NINE, TEN_TO_KING, ACE, JOKER = CONTINENTAL.prices

CASES = [
    # Hands and contracts.
    ("no-hands",         field(hands=()),
     "hands",                     "A game needs at least one hand."),
    ("empty-contract",   hand(2, melds=()),
     "hands[1].melds",            "Hand 2: the contract needs at least one set or run."),
    ("set-of-2",         hand(3, melds=(Meld("set", 2), RUN)),
     "hands[2].melds[0].length",  "Hand 3: a set needs at least 3 cards."),
    ("run-of-2",         hand(1, melds=(SET, Meld("run", 2))),
     "hands[0].melds[1].length",  "Hand 1: a run needs at least 3 cards."),
    ("flush",            hand(1, melds=(Meld("flush", 2),)),  # type: ignore[arg-type]
     "hands[0].melds[0].kind",    "Hand 1: 'flush' is not a set, a run or a pair."),
    ("too-few-dealt",    hand(7, cards_dealt=10),
     "hands[6].cards_dealt",
     "Hand 7: 10 cards dealt and 1 drawn cannot make a contract of 12 cards."),
    ("none-dealt",       hand(1, cards_dealt=0),
     "hands[0].cards_dealt",      "Hand 1: each player is dealt 1 to 60 cards, not 0."),
    ("going-out",        hand(4, going_out="dance"),
     "hands[3].going_out",        "Hand 4: 'dance' is no way to go out."),
    ("hand-may-i-limit", hand(5, may_i_limit=-1),
     "hands[4].may_i_limit",      "Hand 5: the limit is 0 to 99 May I?s, not -1."),
    # Players.
    ("one-player",       field(min_players=1),
     "min_players",               "Fewest players: a game is for 2 to 10 players, not 1."),
    ("eleven-players",   field(max_players=11),
     "max_players",               "Most players: a game is for 2 to 10 players, not 11."),
    ("min-over-max",     field(min_players=8, max_players=4),
     "max_players",               "The most players cannot be fewer than the fewest players."),
    # Decks and jokers.
    ("count-uncovered",  field(deck_counts=CONTINENTAL.deck_counts[:2]),
     "deck_counts",               "Say how many decks 7 players use."),
    ("count-twice",      more_decks(DeckCount(6, 7, 3, 6)),
     "deck_counts[3]",            "Decks for 6 players are given twice."),
    ("count-outside",    more_decks(DeckCount(9, 9, 5, 10)),
     "deck_counts[3]",
     "Decks for 9 players: 9 players is outside the rule set's range."),
    ("no-decks",         field(deck_counts=(DeckCount(4, 8, 0, 0),)),
     "deck_counts[0].decks",      "Decks row 1: a table plays with 1 to 10 decks, not 0."),
    ("negative-jokers",  field(deck_counts=(DeckCount(4, 8, 3, -1),)),
     "deck_counts[0].jokers",
     "Decks row 1: a table plays with 0 to 50 jokers, not -1."),
    ("upside-down-row",  field(deck_counts=(DeckCount(8, 4, 3, 6),)),
     "deck_counts[0].max_players", "Decks for 8-4 players: the range is upside down."),
    # Prices.
    ("negative-points",  prices(replace(TWO_TO_NINE, points=-5), TEN_TO_KING, ACE, JOKER),
     "prices[0].points",          "Card group '2-9': a card costs 0 to 1000 points, not -5."),
    ("empty-group",      more_prices(PriceGroup("X", (), 1)),
     "prices[4].ranks",           "Card group 'X': the group holds no cards."),
    ("rank-twice",       more_prices(PriceGroup("Q", ("Q",), 12)),
     "prices[4].ranks",           "The card Q has a price in two groups."),
    ("unknown-rank",     more_prices(PriceGroup("11", ("11",), 11)),
     "prices[4].ranks",           "Card group '11': '11' is not a card."),
    ("label-twice",      prices(TWO_TO_NINE, TEN_TO_KING, replace(ACE, label="2-9"), JOKER),
     "prices[2].label",           "Card group '2-9': two card groups have this label."),
    ("no-label",         prices(TWO_TO_NINE, TEN_TO_KING, replace(ACE, label=" "), JOKER),
     "prices[2].label",           "Card group 3 needs a label."),
    ("ace-unpriced",     prices(TWO_TO_NINE, TEN_TO_KING, JOKER),
     "prices",                    "Say what the card A costs when left in hand."),
    ("joker-unpriced",   prices(TWO_TO_NINE, TEN_TO_KING, ACE),
     "prices",                    "The game uses jokers: say what a joker costs left in hand."),
    ("short-penalty",    field(short_card_penalty=-10),
     "short_card_penalty",        "Points per missing card: a missing card costs 0 to 1000 points, not -10."),
    # May I? and stock.
    ("penalty-cards",    may_i(penalty_cards=-1),
     "may_i.penalty_cards",       "May I?: a May I? takes 0 to 20 penalty cards, not -1."),
    ("priority",         may_i(priority="loudest"),
     "may_i.priority",            "May I?: 'loudest' is not a priority rule."),
    ("per-hand-limit",   may_i(per_hand_limit=-2),
     "may_i.per_hand_limit",      "May I?: the limit is 0 to 99 May I?s, not -2."),
    ("ban-too-long",     may_i(banned_last_hands=8),
     "may_i.banned_last_hands",   "May I?: cannot ban the last 8 hands of a 7-hand game."),
    ("ban-negative",     may_i(banned_last_hands=-1),
     "may_i.banned_last_hands",   "May I?: a ban covers 0 to 40 hands, not -1."),
    ("stock-kind",       lambda rs: replace(rs, stock=replace(rs.stock, kind="burn")),
     "stock.kind",                "Stock: 'burn' is not a way to renew the stock."),
    # Names.
    ("empty-name",       field(name="  "),
     "name",                      "The rule set needs a name."),
    ("empty-key",        field(key=""),
     "key",                       "The rule set needs a short key."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "path", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_invalid_ruleset_is_refused(
    change: Callable[[RuleSet], RuleSet], path: str, message: str
) -> None:
    with pytest.raises(RuleSetError) as refused:
        validate_ruleset(change(CONTINENTAL))
    assert (path, message) in refused.value.errors
    assert message in str(refused.value)


# Changes that stay within the rules are accepted.
@pytest.mark.parametrize(
    "change",
    [
        hand(1, melds=(Meld("run", 3), SET)),
        hand(7, cards_dealt=11),
        field(min_players=2, deck_counts=(DeckCount(2, 4, 2, 4), *CONTINENTAL.deck_counts[1:])),
        prices(TWO_TO_NINE, TEN_TO_KING, replace(ACE, points=0), JOKER),
        may_i(banned_last_hands=3, per_hand_limit=0),
        hand(2, may_i_limit=0),
    ],
    ids=["run-of-3", "dealt-one-short-of-contract", "two-players", "free-aces",
         "house-ban-last-3", "may-i-banned-in-hand"],
)  # fmt: skip
def test_sensible_changes_pass(change: Callable[[RuleSet], RuleSet]) -> None:
    assert ruleset_problems(change(CONTINENTAL)) == []


def test_joker_price_without_jokers_is_fine() -> None:
    eleven = preset("may-i-11")
    with_joker = replace(eleven, prices=(*eleven.prices, PriceGroup("Joker", ("JOKER",), 50)))
    assert ruleset_problems(with_joker) == []


def test_every_fault_is_listed_at_once() -> None:
    broken = hand(1, cards_dealt=0)(replace(CONTINENTAL, name="", key="", short_card_penalty=-1))
    paths = [path for path, _ in ruleset_problems(broken)]
    assert paths == ["name", "key", "hands[0].cards_dealt", "short_card_penalty"]


# Hostile numbers: each is refused at its field, with work and memory that do not grow with
# the number (the deck table once looped over every player count up to max_players).
HUGE = 2**31
HOSTILE = [
    ("max-players-2**31",    field(max_players=HUGE),                         "max_players"),
    ("min-players-negative", field(min_players=-(10**21)),                    "min_players"),
    ("deck-row-to-huge",     more_decks(DeckCount(2, 10**20, 1, 0)),          "deck_counts[3].max_players"),
    ("deck-row-from-huge",   more_decks(DeckCount(-(10**21), 8, 1, 0)),       "deck_counts[3].min_players"),
    ("deck-count-huge",      field(deck_counts=(DeckCount(4, 8, 10**20, 0),)), "deck_counts[0].decks"),
    ("jokers-huge",          field(deck_counts=(DeckCount(4, 8, 3, 10**20),)), "deck_counts[0].jokers"),
    ("price-10**20",         prices(replace(TWO_TO_NINE, points=10**20), TEN_TO_KING, ACE, JOKER), "prices[0].points"),
    ("dealt-huge",           hand(1, cards_dealt=10**20),                     "hands[0].cards_dealt"),
    ("meld-huge",            hand(1, melds=(Meld("run", 10**20),)),           "hands[0].melds[0].length"),
    ("limit-huge",           hand(1, may_i_limit=10**20),                     "hands[0].may_i_limit"),
    ("short-charge-huge",    field(short_card_penalty=10**19),                "short_card_penalty"),
    ("ban-huge",             may_i(banned_last_hands=10**20),                 "may_i.banned_last_hands"),
    ("hands-too-many",       field(hands=CONTINENTAL.hands * 10),             "hands"),
    ("extra-rule-nul",       field(extra_rules=("No \x00 here",)),           "extra_rules[0]"),
    ("extra-rule-escape",    field(extra_rules=("bell \x07 and \x1b[31m",)), "extra_rules[0]"),
    ("name-surrogate",       field(name="Ann \ud800"),                       "name"),
    ("label-zero-width",     prices(replace(TWO_TO_NINE, label="2-9\u200b"), TEN_TO_KING, ACE, JOKER), "prices[0].label"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "path"), [case[1:] for case in HOSTILE], ids=[case[0] for case in HOSTILE]
)
def test_hostile_values_are_refused_at_their_field_cheaply(
    change: Callable[[RuleSet], RuleSet], path: str
) -> None:
    hostile = change(CONTINENTAL)
    tracemalloc.start()
    try:
        problems = ruleset_problems(hostile)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert path in [where for where, _ in problems]
    assert peak < 200_000  # bytes: a few messages, never a list per player count


def buying(number: int, melds: tuple[Meld, ...], dealt: int, limit: int | None, blind: int):
    """The buying game with every cell set, hand `number` changed."""
    rs = preset("buying")
    hands = tuple(replace(h, melds=(SET, SET), cards_dealt=10, may_i_limit=1) for h in rs.hands)
    rs = replace(rs, hands=hands, prices=CONTINENTAL.prices, unset=("settlement.schedule",))
    return hand(number, melds=melds, cards_dealt=dealt, may_i_limit=limit, blind_cards=blind)(rs)


FOUR_RUNS, SIX_SETS = (RUN,) * 4, (SET,) * 6
# A deal counts the card drawn and, up to the hand's limit, each buy's card and blind cards.
DEALS = [
    ("two-buys-reach-16", buying(12, FOUR_RUNS, 12, 2, 1),   None),
    ("two-buys-reach-17", buying(12, (RUN, RUN, RUN, Meld("run", 5)), 12, 2, 1), None),
    ("two-buys-miss-18",  buying(12, SIX_SETS, 12, 2, 1),
     "Hand 12: 12 cards dealt, 1 drawn and 2 buys of 2 cards cannot make a contract of 18 cards."),
    ("one-buy-no-blind",  buying(3, FOUR_RUNS, 12, 1, 0),
     "Hand 3: 12 cards dealt, 1 drawn and 1 buy of 1 card cannot make a contract of 16 cards."),
    ("one-buy-reach-14",  buying(3, (RUN, RUN, Meld("run", 6)), 12, 1, 0), None),
    ("no-buys-here",      buying(5, FOUR_RUNS, 12, 0, 1),
     "Hand 5: 12 cards dealt and 1 drawn cannot make a contract of 16 cards."),
    # No limit: nothing bounds the claims a player wins, so the deal alone must reach it.
    ("no-limit",          buying(5, FOUR_RUNS, 12, None, 1),
     "Hand 5: 12 cards dealt and 1 drawn cannot make a contract of 16 cards."),
    ("may-i-limit",       may_i(per_hand_limit=1)(hand(7, cards_dealt=8)(CONTINENTAL)),
     "Hand 7: 8 cards dealt, 1 drawn and 1 May I? of 2 cards cannot make a contract of 12 cards."),
    ("may-i-reaches",     may_i(per_hand_limit=1)(hand(7, cards_dealt=9)(CONTINENTAL)), None),
    ("banned-last-hand",  may_i(per_hand_limit=1, banned_last_hands=1)(hand(7, cards_dealt=10)(CONTINENTAL)),
     "Hand 7: 10 cards dealt and 1 drawn cannot make a contract of 12 cards."),
]  # fmt: skip


@pytest.mark.parametrize(("rs", "fault"), [row[1:] for row in DEALS], ids=[row[0] for row in DEALS])
def test_a_deal_counts_the_cards_a_player_can_buy(rs: RuleSet, fault: str | None) -> None:
    deals = [message for path, message in ruleset_problems(rs) if path.endswith("cards_dealt")]
    assert deals == ([fault] if fault else [])
