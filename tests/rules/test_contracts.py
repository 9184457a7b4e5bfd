"""Contracts read from the words a table writes (nonsense refused), and card groups by price."""

import pytest

from scorekeeper.rules.contracts import group_label, groups_by_price, melds_in_words, parse_contract
from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.ruleset import JOKER, Meld, PriceGroup, RulesError, RuleSet

SET, RUN = Meld("set", 3), Meld("run", 4)
CONTINENTAL = preset("continental")

# fmt: off
GOOD = [
    # The family's seven contracts, as the presets write them.
    ("2 sets",                       (SET, SET)),
    ("1 set + 1 run",                (SET, RUN)),
    ("2 runs",                       (RUN, RUN)),
    ("3 sets",                       (SET, SET, SET)),
    ("2 sets + 1 run",               (SET, SET, RUN)),
    ("1 set + 2 runs",               (SET, RUN, RUN)),
    ("3 runs",                       (RUN, RUN, RUN)),
    # The order of the words is kept: seed 000's family list says "2 runs + 1 set".
    ("2 runs + 1 set",               (RUN, RUN, SET)),
    # Lengths, spelt out or longer than usual.
    ("2 sets of 3",                  (SET, SET)),
    ("1 set of 3 + 1 run of 7",      (SET, Meld("run", 7))),
    ("1 run of 3",                   (Meld("run", 3),)),
    ("2 sets of 4 cards + 1 run",    (Meld("set", 4), Meld("set", 4), RUN)),
    # Other ways a family writes them: words for numbers, "and", commas, no separator.
    ("two trios and a run",          (SET, SET, RUN)),
    ("a group, a sequence",          (SET, RUN)),
    ("1 set 1 run",                  (SET, RUN)),
    ("  2 SETS  +  1 Run ",          (SET, SET, RUN)),
    ("3 books & 1 straight of 5",    (SET, SET, SET, Meld("run", 5))),
    ("run",                          (RUN,)),
]

EXAMPLE = "e.g. “2 sets + 1 run” or “1 set of 3 + 1 run of 7”"
BAD = [
    # Nothing, or words that are no meld.
    ("",                   f"Write the contract, {EXAMPLE}."),
    ("   ",                f"Write the contract, {EXAMPLE}."),
    ("2 flushes",          f"“flushes” is not a set, a run or a pair. Write the contract {EXAMPLE}."),
    ("2 sets + 1 flush",   f"“flush” is not a set, a run or a pair. Write the contract {EXAMPLE}."),
    ("2 sets + + 1 run",   f"“+” is not a set, a run or a pair. Write the contract {EXAMPLE}."),
    ("2 3 sets",           f"“3” is not a set, a run or a pair. Write the contract {EXAMPLE}."),
    ("2² sets",            f"“²” is not a set, a run or a pair. Write the contract {EXAMPLE}."),
    # A number with nothing after it, or a separator with nothing after it.
    ("2",                  f"2 of what? Name sets or runs, {EXAMPLE}."),
    ("2 sets +",           f"Say what comes after “+”, {EXAMPLE}."),
    ("1 set and",          f"Say what comes after “and”, {EXAMPLE}."),
    # Counts and lengths out of reason.
    ("0 sets",             "A contract asks for at least 1 of each meld it names, not 0."),
    ("13 runs",            "A contract asks for at most 12 sets and runs."),
    ("99999999999 runs",   "A contract asks for at most 12 sets and runs."),
    ("6 sets + 7 runs",    "A contract asks for at most 12 sets and runs."),
    ("1 run of",           "Give a number of cards after “of”, e.g. “1 run of 5”."),
    ("1 set of many",      "Give a number of cards after “of”, e.g. “1 set of 5”."),
    ("1 run of 100",       "A run of 100 cards is more than a hand holds."),
]
# fmt: on


@pytest.mark.parametrize(("words", "melds"), GOOD, ids=[words for words, _ in GOOD])
def test_contract_words_are_read(words: str, melds: tuple[Meld, ...]) -> None:
    assert parse_contract(words) == melds


@pytest.mark.parametrize(("words", "message"), BAD, ids=[repr(words) for words, _ in BAD])
def test_nonsense_is_refused_in_plain_words(words: str, message: str) -> None:
    with pytest.raises(RulesError) as refusal:
        parse_contract(words)
    assert str(refusal.value) == message


def test_a_set_of_two_is_read_and_left_to_the_rule_set_checks() -> None:
    # The words are clear; whether a set of 2 is a meld is for validate_ruleset to say.
    assert parse_contract("1 set of 2 + 1 run") == (Meld("set", 2), RUN)


@pytest.mark.parametrize("key", sorted(PRESETS))
@pytest.mark.parametrize("show_lengths", [False, True], ids=["usual", "lengths"])
def test_every_preset_contract_reads_back_from_its_words(key: str, show_lengths: bool) -> None:
    for hand in PRESETS[key].hands:
        if not hand.melds:  # a contract the family sets
            continue
        words = melds_in_words(hand.melds, show_lengths=show_lengths)
        assert parse_contract(words) == hand.melds, words


def test_seed_family_six_hands_read_back_from_their_words() -> None:
    words = ["2 sets", "2 runs", "2 sets + 1 run", "3 sets", "2 runs + 1 set", "3 runs"]
    assert [melds_in_words(parse_contract(w)) for w in words] == words


# --- Card groups from a price for each rank ---

# fmt: off
LABELS = [
    (("2", "3", "4", "5", "6", "7", "8", "9"), "2-9"),
    (("10", "J", "Q", "K"),                    "10-K"),
    (("A",),                                   "A"),
    (("JOKER",),                               "Joker"),
    (("A", "JOKER"),                           "A, Joker"),
    (("9", "10"),                              "9, 10"),
    (("A", "2", "3", "K"),                     "A-3, K"),
    (("Q", "K", "JOKER"),                      "Q, K, Joker"),
]
# fmt: on


@pytest.mark.parametrize(("ranks", "label"), LABELS, ids=[label for _, label in LABELS])
def test_card_group_label(ranks, label):
    assert group_label(ranks) == label


def prices_of(rs: RuleSet) -> dict[str, int | None]:
    return {rank: g.points for g in rs.prices for rank in g.ranks}


def test_continental_prices_make_continental_groups_even_without_the_old_labels():
    assert groups_by_price(prices_of(CONTINENTAL)) == CONTINENTAL.prices


def test_unchanged_groups_keep_their_labels_and_changed_ones_get_new_ones():
    rummy = preset("contract-rummy")
    assert groups_by_price(prices_of(rummy), rummy.prices) == rummy.prices
    assert groups_by_price(prices_of(rummy))[-2].label == "10-K"
    nines_at_ten = groups_by_price(prices_of(rummy) | {"9": 10}, rummy.prices)
    assert nines_at_ten[-2] == PriceGroup("9-K", ("9", "10", "J", "Q", "K"), 10)
    assert JOKER not in groups_by_price(prices_of(rummy) | {"JOKER": None})[-1].ranks
