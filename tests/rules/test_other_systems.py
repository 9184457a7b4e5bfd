"""The progressive game, the buying game and the six-hand list, hand by hand, from the texts."""

from dataclasses import replace
from fractions import Fraction

import pytest

from scorekeeper.rules.dealing import (
    cards_dealt,
    cards_dealt_words,
    contract_words,
    hand_count,
    hand_rule,
    ruleset_summary,
)
from scorekeeper.rules.entries import PlayerEntry, check_hand, entry_score
from scorekeeper.rules.family import family_gaps, gap_words, start_refusal
from scorekeeper.rules.mayi import (
    blind_cards,
    claims_left,
    expected_hand_size,
    may_i_allowed,
    may_i_priority,
)
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import (
    DeckCount,
    HandRule,
    Meld,
    Payouts,
    PriceGroup,
    RulesError,
    RuleSetError,
    Settlement,
)
from scorekeeper.rules.scoring import hand_prices, is_possible_total, points_for_tally
from scorekeeper.rules.settlement import pennies, settle
from scorekeeper.rules.storage import ruleset_from_dict, ruleset_to_dict
from scorekeeper.rules.validation import validate_ruleset

# The progressive game: round, cards dealt, wild rank, the wild group's label.
PROGRESSIVE = [
    (1,  3,  "3",  "3s (wild)"),
    (2,  4,  "4",  "4s (wild)"),
    (3,  5,  "5",  "5s (wild)"),
    (4,  6,  "6",  "6s (wild)"),
    (5,  7,  "7",  "7s (wild)"),
    (6,  8,  "8",  "8s (wild)"),
    (7,  9,  "9",  "9s (wild)"),
    (8,  10, "10", "10s (wild)"),
    (9,  11, "J",  "Jacks (wild)"),
    (10, 12, "Q",  "Queens (wild)"),
    (11, 13, "K",  "Kings (wild)"),
]  # fmt: skip
# The 13-round house rule goes on past kings (our reading): aces, then 2s.
PROGRESSIVE_13 = [*PROGRESSIVE, (12, 14, "A", "Aces (wild)"), (13, 15, "2", "2s (wild)")]
# Face value, J 11, Q 12, K 13, jokers 50; the ace at face value 1 is our reading.
USUAL = {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13, "JOKER": 50}


@pytest.mark.parametrize(
    ("key", "rows"), [("progressive", PROGRESSIVE), ("progressive-13", PROGRESSIVE_13)]
)
def test_progressive_round_counts(key: str, rows: list[tuple[int, int, str, str]]) -> None:
    rs = preset(key)
    validate_ruleset(rs)
    assert hand_count(rs) == len(rows)
    assert rs.last_turn_after_out


@pytest.mark.parametrize(("hand", "dealt", "wild", "label"), PROGRESSIVE_13)
@pytest.mark.parametrize("key", ["progressive", "progressive-13"])
def test_progressive_every_round(key: str, hand: int, dealt: int, wild: str, label: str) -> None:
    rs = preset(key)
    if hand > hand_count(rs):
        pytest.skip("the 11-round game stops at kings")
    assert cards_dealt(rs, hand) == dealt
    assert hand_rule(rs, hand).wild_rank == wild
    assert contract_words(rs, hand) == "sets or runs of 3 or more cards"
    # The round's wild rank costs 20; every other rank its usual price.
    for rank, usual in USUAL.items():
        assert price_in(hand_prices(rs, hand), rank) == (20 if rank == wild else usual), rank
        assert price_in(hand_prices(rs), rank) == usual
    groups = hand_prices(rs, hand)
    assert [g for g in groups if g.label == label] == [PriceGroup(label, (wild,), 20)]
    assert sum(len(g.ranks) for g in groups) == 14
    # Two of the wild rank and a king: 20 + 20 + 13 (or 20 + 20 + 20 when kings are wild).
    tally = {label: 2, "K": 1} if wild != "K" else {label: 3}
    expected = 53 if wild != "K" else 60
    assert points_for_tally(rs, tally, hand_number=hand) == expected


def test_a_wild_label_is_no_group_in_another_round() -> None:
    rs = preset("progressive")
    with pytest.raises(RulesError, match="no card group '7s \\(wild\\)'"):
        points_for_tally(rs, {"7s (wild)": 1}, hand_number=4)
    assert points_for_tally(rs, {"7": 1}, hand_number=4) == 7


@pytest.mark.parametrize(
    ("total", "hand", "possible"),
    [(20, 1, True), (3, 1, False), (3, 2, True), (50, 5, True), (1, 1, True)],
)
def test_totals_follow_the_round_prices(total: int, hand: int, possible: bool) -> None:
    # In round 1 the 3s are wild (20), so no single card costs 3.
    assert is_possible_total(preset("progressive"), total, 1, hand_number=hand) is possible


E = PlayerEntry


@pytest.mark.parametrize(
    ("key", "entries", "error"),
    [
        ("progressive", [E(went_out=True), E(went_out=True), E(typed_total=9)], None),
        ("progressive", [E(went_out=True), E(went_out=True), E(went_out=True)], None),
        (
            "continental",
            [E(went_out=True), E(went_out=True), E(typed_total=10), E(typed_total=5)],
            "Only one player can go out in a hand, but Ann and Bea are marked out.",
        ),
        (
            "progressive",
            [E(typed_total=20), E(typed_total=9), E(typed_total=9)],
            "Nobody is marked out.",
        ),
    ],
)
def test_last_turn_lets_several_go_out(
    key: str, entries: list[PlayerEntry], error: str | None
) -> None:
    names = ["Ann", "Bea", "Cy", "Di"][: len(entries)]
    check = check_hand(preset(key), entries, names, stock_ran_out=False, hand_number=1)
    messages = [p.message for p in check.errors]
    if error is None:
        assert messages == []
    else:
        assert any(m.startswith(error) for m in messages), messages


def test_several_out_with_the_stock_run_out_is_refused() -> None:
    entries = [E(went_out=True), E(went_out=True), E(typed_total=9)]
    check = check_hand(preset("progressive"), entries, ["Ann", "Bea", "Cy"], stock_ran_out=True)
    assert [p.message for p in check.errors] == [
        "Ann and Bea went out, so the hand did not end with the stock running out."
    ]


def test_entry_scores_use_the_hand_prices() -> None:
    rs = preset("progressive")
    entry = E(tally={"7s (wild)": 1, "Joker": 1, "8": 2})
    assert entry_score(rs, entry, 5) == 20 + 50 + 16


# The buying game: hand, contract words, buy limit, blind cards per buy.
FAMILY = "Set by your family"
BUYING = [
    *[(n, FAMILY, None, 0) for n in range(1, 12)],
    (12, FAMILY, 2, 1),
    (13, FAMILY, 2, 1),
    (14, "1 pair + more, set by your family", 1, 0),
    (15, FAMILY, None, 0),
]


@pytest.mark.parametrize(("hand", "words", "limit", "blind"), BUYING)
def test_buying_game_every_hand(hand: int, words: str, limit: int | None, blind: int) -> None:
    rs = preset("buying")
    assert contract_words(rs, hand) == words
    assert cards_dealt_words(rs, hand) == FAMILY
    assert hand_rule(rs, hand).may_i_limit == limit
    assert blind_cards(rs, hand) == blind
    unset_limit = f"hands[{hand - 1}].may_i_limit" in rs.unset
    assert unset_limit is (hand not in (12, 13, 14))


def test_buying_game_mechanics_and_gaps() -> None:
    rs = preset("buying")
    validate_ruleset(rs)
    assert hand_count(rs) == 15
    assert rs.may_i.buying and rs.may_i.price == 1 and rs.may_i.priority == "in_turn_first"
    assert rs.deck_counts == (DeckCount(3, 6, 2, 4),)
    assert rs.wild == "Jokers and 2s are wild."
    assert rs.settlement == Settlement((), "winner")
    gaps = [f"{gap_words(path)}: set by your family" for path in rs.unset]
    assert gaps[0] == "Hand 1: the contract: set by your family"
    assert "What each card costs left in hand: set by your family" in gaps
    assert "The payments by place at the end: set by your family" in gaps
    assert start_refusal(rs, 4) == (
        "Buying game still has cells for your family to set before a game: "
        "Hand 1: the contract; Hand 1: the cards dealt; Hand 1: the buy limit; "
        "Hand 2: the contract; Hand 2: the cards dealt; Hand 2: the buy limit and 38 more. "
        "Fill them in on the rules' page, then start."
    )


# The cells still to set, hand by hand as the editor shows them: (unset paths) -> gaps.
GAPS = [
    ("hand-order", ("hands[1].melds", "prices", "hands[0].may_i_limit", "hands[0].melds"),
     [("hands[0].melds", "Hand 1", "the contract", 1), ("hands[0].may_i_limit", "Hand 1", "the buy limit", 1),
      ("hands[1].melds", "Hand 2", "the contract", 2), ("prices", "What each card costs left in hand", "", None)]),
    ("tenth-after-ninth", ("hands[10].cards_dealt", "hands[9].blind_cards", "settlement.schedule"),
     [("hands[9].blind_cards", "Hand 10", "the blind cards per buy", 10),
      ("hands[10].cards_dealt", "Hand 11", "the cards dealt", 11),
      ("settlement.schedule", "The payments by place at the end", "", None)]),
    ("none",              (), []),
]  # fmt: skip


@pytest.mark.parametrize(("unset", "gaps"), [row[1:] for row in GAPS], ids=[row[0] for row in GAPS])
def test_family_gaps_follow_the_editor(
    unset: tuple[str, ...], gaps: list[tuple[str, str, str, int | None]]
) -> None:
    rs = replace(preset("buying"), unset=unset)
    assert [tuple(g) for g in family_gaps(rs)] == gaps


def filled_buying() -> "object":
    """The buying game as one family fills it in (their own numbers, for the tests)."""
    rs = preset("buying")
    hands = tuple(
        replace(
            hand,
            melds=hand.melds + (Meld("set", 3), Meld("set", 3)),
            cards_dealt=10,
            may_i_limit=1 if hand.may_i_limit is None else hand.may_i_limit,
        )
        for hand in rs.hands
    )
    return replace(
        rs,
        hands=hands,
        prices=(
            PriceGroup("2-9", tuple(str(n) for n in range(2, 10)), 5),
            PriceGroup("10-K", ("10", "J", "Q", "K"), 10),
            PriceGroup("A", ("A",), 15),
            PriceGroup("Joker", ("JOKER",), 25),
        ),
        settlement=Settlement((Payouts(3, (4, 0, -4)), Payouts(4, (6, 2, -2, -6))), "winner"),
        unset=(),
    )


def test_a_filled_buying_game_can_start() -> None:
    rs = filled_buying()
    validate_ruleset(rs)
    assert start_refusal(rs, 4) is None
    assert start_refusal(rs, 5) == (
        "Buying game is played for pennies, but its payments have no row for 5 players: "
        "add one to the rules first."
    )


@pytest.mark.parametrize(
    ("hand", "made", "allowed", "reason", "left"),
    [
        (1, 0, True, "", 1),
        (1, 1, False, "A player may buy only once in this hand.", 0),
        (12, 1, True, "", 1),
        (12, 2, False, "A player may buy only twice in this hand.", 0),
        (14, 1, False, "A player may buy only once in this hand.", 0),
    ],
)
def test_buys_per_hand(hand: int, made: int, allowed: bool, reason: str, left: int) -> None:
    rs = filled_buying()
    ruling = may_i_allowed(rs, hand, made, False)
    assert (ruling.allowed, ruling.reason) == (allowed, reason)
    assert claims_left(rs, hand, made) == left


@pytest.mark.parametrize(
    ("hand", "buys", "cards"),
    [(1, 0, 10), (1, 1, 11), (12, 1, 12), (12, 2, 14), (14, 1, 11)],
)
def test_a_buy_takes_the_card_and_the_hands_blind_cards(hand: int, buys: int, cards: int) -> None:
    assert expected_hand_size(filled_buying(), hand, buys) == cards


@pytest.mark.parametrize(
    ("current", "buyers", "winner"),
    [(1, [1, 2, 3], 1), (1, [3, 2], 2), (2, [1, 0], 0), (3, [0, 2], 0)],
)
def test_buying_priority_player_in_turn_then_soonest(
    current: int, buyers: list[int], winner: int
) -> None:
    assert may_i_priority(filled_buying(), 4, current, buyers) == winner


# Settling up: places, buys, and what each player ends up with, worked out by hand.
SETTLEMENTS = [
    # 4 players, schedule +6 +2 -2 -6, 5 buys at 1p go to the winner.
    ("winner", {"A": 1, "B": 2, "C": 3, "D": 4}, {"A": 1, "B": 0, "C": 2, "D": 2},
     {"A": 6 + 5 - 1, "B": 2, "C": -2 - 2, "D": -6 - 2}),
    # B and C tie for second: each gets (2 - 2) / 2 = 0.
    ("winner", {"A": 1, "B": 2, "C": 2, "D": 4}, {},
     {"A": 6, "B": 0, "C": 0, "D": -6}),
    # A and B tie for first: (6 + 2) / 2 = 4 each, and share the kitty of 3.
    ("winner", {"A": 1, "B": 1, "C": 3, "D": 4}, {"C": 3},
     {"A": Fraction(4) + Fraction(3, 2), "B": Fraction(4) + Fraction(3, 2), "C": -2 - 3, "D": -6}),
    # By agreement 2/3 of the kitty of 6 to the winner, 1/3 to second.
    ("two_thirds", {"A": 1, "B": 2, "C": 3, "D": 4}, {"C": 3, "D": 3},
     {"A": 6 + 4, "B": 2 + 2, "C": -2 - 3, "D": -6 - 3}),
]  # fmt: skip


@pytest.mark.parametrize(("split", "places", "buys", "net"), SETTLEMENTS)
def test_settlement(split: str, places: dict, buys: dict, net: dict) -> None:
    rs = filled_buying()
    rs = replace(rs, settlement=replace(rs.settlement, kitty_split=split))
    settled = settle(rs, places, buys)
    assert settled.net == net
    assert sum(settled.net.values()) == 0
    assert settled.kitty == sum(buys.values())
    paid = {p: Fraction(0) for p in places}
    for transfer in settled.transfers:
        paid[transfer.payer] -= transfer.amount
        paid[transfer.payee] += transfer.amount
    assert paid == settled.by_place


def test_transfers_last_pays_first() -> None:
    settled = settle(filled_buying(), {"A": 1, "B": 2, "C": 3, "D": 4})
    assert [(t.payer, t.payee, t.amount) for t in settled.transfers] == [
        ("D", "A", 6),
        ("C", "B", 2),
    ]


@pytest.mark.parametrize(
    ("amount", "words"),
    [(3, "3"), (-2, "-2"), (Fraction(20, 3), "6 2/3"), (Fraction(-1, 3), "-1/3")],
)
def test_pennies_in_words(amount: Fraction, words: str) -> None:
    assert pennies(amount) == words


def test_settle_refuses_a_game_not_for_pennies_or_without_a_row() -> None:
    with pytest.raises(RulesError, match="not played for pennies"):
        settle(preset("continental"), {"A": 1, "B": 2, "C": 3, "D": 4})
    with pytest.raises(RulesError, match="no row for 5 players"):
        settle(filled_buying(), {p: 1 for p in "ABCDE"})


# The six-hand family list (seed 000): hand, contract, note.
SIX = [
    (1, "2 sets", ""),
    (2, "2 runs", ""),
    (3, "2 sets + 1 run", ""),
    (4, "3 sets", ""),
    (5, "2 runs + 1 set", ""),
    (6, "3 runs", ""),
]  # fmt: skip


@pytest.mark.parametrize(("hand", "words", "note"), SIX)
def test_six_hand_list(hand: int, words: str, note: str) -> None:
    rs = preset("six-hands")
    validate_ruleset(rs)
    assert hand_count(rs) == 6
    assert contract_words(rs, hand) == words
    assert hand_rule(rs, hand).note == note
    assert cards_dealt(rs, hand) == 12


@pytest.mark.parametrize(
    ("key", "reading"),
    [
        ("six-hands", "Hand 4 is our reading: the text lost it, so 3 sets stands in."),
        ("progressive-13", "Our reading: past kings the wild rank goes on to aces, then 2s."),
    ],
)
def test_a_presets_reading_is_said_with_its_rules_not_on_a_hands_card(
    key: str, reading: str
) -> None:
    """Words for whoever sets the rules up: on the editor and the referee page, not the table."""
    rs = preset(key)
    assert reading in " ".join(rs.extra_rules)
    assert [hand.note for hand in rs.hands if "reading" in hand.note] == []


@pytest.mark.parametrize("key", ["progressive", "progressive-13", "buying", "six-hands"])
def test_new_presets_round_trip_and_describe_themselves(key: str) -> None:
    rs = preset(key)
    assert ruleset_from_dict(ruleset_to_dict(rs)) == rs
    assert rs.description and len(rs.description) < 200
    assert ruleset_summary(rs).endswith(rs.description)


def test_old_rule_sets_still_read() -> None:
    data = ruleset_to_dict(preset("continental"))
    for name in ("wild_rank_points", "last_turn_after_out", "settlement", "unset", "description"):
        del data[name]
    for hand in data["hands"]:
        del hand["wild_rank"], hand["blind_cards"]
    for name in ("buying", "price"):
        del data["may_i"][name]
    assert ruleset_from_dict(data) == preset("continental")


def _hand(rs, index, **changes):
    hands = list(rs.hands)
    hands[index] = replace(hands[index], **changes)
    return replace(rs, hands=tuple(hands))


BAD = [
    ("wild rank", lambda rs: _hand(rs, 0, wild_rank="1"), "hands[0].wild_rank",
     "Hand 1: '1' is not a rank (A, 2-10, J, Q, K)."),
    ("blind cards", lambda rs: _hand(rs, 0, blind_cards=11), "hands[0].blind_cards",
     "Hand 1: blind cards per buy are 0 to 10."),
    ("pair of 3", lambda rs: _hand(rs, 13, melds=(Meld("pair", 3), Meld("set", 3))), "hands[13].melds[0].length",
     "Hand 14: a pair is two cards of one rank."),
    ("wild price", lambda rs: replace(rs, wild_rank_points=1001), "wild_rank_points",
     "A hand's wild rank costs 0 to 1000 points left in hand."),
    ("buy price", lambda rs: replace(rs, may_i=replace(rs.may_i, price=-1)), "may_i.price",
     "Buying: a buy costs 0 to 100 pennies."),
    ("kitty nowhere", lambda rs: replace(rs, settlement=None), "may_i.price",
     "Buying: buys paid into a kitty need the settlement at the end: say how the kitty is split."),
    ("split", lambda rs: replace(rs, settlement=Settlement(rs.settlement.schedule, "half")),
     "settlement.kitty_split", "'half' is no way to split the kitty."),
    ("short row", lambda rs: replace(rs, settlement=Settlement((Payouts(4, (6, -6)),))),
     "settlement.schedule[0].amounts", "Payments for 4 players: give one amount per place, 4 in all."),
    ("not zero", lambda rs: replace(rs, settlement=Settlement((Payouts(3, (4, 0, -3)),))),
     "settlement.schedule[0].amounts", "Payments for 3 players: what the places win and pay must add up to 0, not 1."),
    ("huge", lambda rs: replace(rs, settlement=Settlement((Payouts(3, (10**9, 0, -(10**9))),))),
     "settlement.schedule[0].amounts", "Payments are at most 10000 pennies a place."),
    ("twice", lambda rs: replace(rs, settlement=Settlement((Payouts(3, (1, 0, -1)), Payouts(3, (1, 0, -1))))),
     "settlement.schedule[1].players", "Payments for 3 players are given twice."),
    ("outside", lambda rs: replace(rs, settlement=Settlement((Payouts(9, (0,) * 9),))),
     "settlement.schedule[0].players", "Payments: 9 players is outside the rule set's 3 to 6."),
    ("unset path", lambda rs: replace(rs, unset=("name",)), "unset[0]", "'name' is not a cell a family can set."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "path", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD]
)
def test_new_fields_are_checked(change, path: str, message: str) -> None:
    with pytest.raises(RuleSetError) as refused:
        validate_ruleset(change(filled_buying()))
    assert (path, message) in refused.value.errors


def test_unset_cells_are_skipped_by_the_checks_until_filled() -> None:
    rs = preset("buying")
    validate_ruleset(rs)
    with pytest.raises(RuleSetError) as refused:
        validate_ruleset(replace(rs, unset=()))
    assert "hands[0].cards_dealt" in {path for path, _ in refused.value.errors}
    dealt = tuple(replace(hand, cards_dealt=10) for hand in rs.hands)
    with pytest.raises(RuleSetError) as refused:
        validate_ruleset(replace(rs, hands=dealt, unset=()))
    assert {"hands[0].melds", "prices"} <= {path for path, _ in refused.value.errors}


def test_hand_rule_default_fields() -> None:
    assert HandRule((Meld("set", 3),), 7).wild_rank is None


def price_in(groups, rank: str) -> int | None:
    """What a card of `rank` costs among these price groups (None: no price)."""
    return next((group.points for group in groups if rank in group.ranks), None)
