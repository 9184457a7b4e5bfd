"""Points for the cards left in hand, totals that can happen, running totals and places."""

from dataclasses import replace

import pytest

from scorekeeper.rules.entries import PlayerEntry, entry_score, score_terms, tally_words
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Bonus, PriceGroup, RulesError, RuleSet
from scorekeeper.rules.scoring import (
    is_possible_total,
    places,
    points_for_tally,
    possible_totals,
    running_totals,
)


# Tallies count cards per price-group label.
@pytest.mark.parametrize(
    ("key",            "tally",                                 "short", "points"),
    [
        ("continental",    {},                                      0,       0),
        ("continental",    {"2-9": 3, "10-K": 1},                   0,       25),
        ("continental",    {"A": 1, "Joker": 2},                    0,       120),
        ("continental",    {"2-9": 0, "A": 0},                      0,       0),
        ("continental",    {"2-9": 1},                              2,       25),
        ("may-i-11",       {"A": 2, "10-K": 3, "2-9": 1},           0,       65),
        ("may-i-deuces",   {"2": 1, "3": 2, "10, J, Q, K": 1},      0,       36),
        ("contract-rummy", {"A, Joker": 2, "9": 1, "2": 1},         0,       41),
        ("liverpool",      {"10, J, Q, K": 4},                      1,       50),
    ],
    ids=["went-out", "low-cards", "ace-and-jokers", "zero-counts", "short-hand", "11card",
         "deuces", "contract-rummy", "liverpool-short"],
)  # fmt: skip
def test_points_for_tally(key: str, tally: dict[str, int], short: int, points: int) -> None:
    assert points_for_tally(preset(key), tally, short_cards=short) == points


# A tally with a group the rule set lacks, or a negative count, is refused.
@pytest.mark.parametrize(
    ("key",          "tally",             "short", "message"),
    [
        ("continental",  {"Q": 1},            0,       "no card group 'Q'"),
        ("may-i-11",     {"Joker": 1},        0,       "no card group 'Joker'"),
        ("continental",  {"2-9": -1},         0,       "cannot hold -1 cards"),
        ("continental",  {},                  -1,      "short by -1"),
    ],
    ids=["rank-not-label", "no-jokers-in-11card", "negative-count", "negative-short"],
)  # fmt: skip
def test_points_for_tally_refuses(
    key: str, tally: dict[str, int], short: int, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        points_for_tally(preset(key), tally, short_cards=short)


# Totals the prices can and cannot make.
@pytest.mark.parametrize(
    ("key",            "total", "max_cards", "possible"),
    [
        ("continental",    0,       None,        True),
        ("continental",    23,      None,        False),
        ("continental",    25,      None,        True),
        ("continental",    5,       None,        True),
        ("continental",    -5,      None,        False),
        ("continental",    100,     2,           True),
        ("continental",    110,     2,           False),
        ("continental",    110,     3,           True),
        ("may-i-11",       50,      None,        True),
        ("may-i-11",       12,      None,        False),
        ("may-i-deuces",   1,       None,        False),
        ("may-i-deuces",   2,       None,        False),
        ("may-i-deuces",   23,      None,        True),
        ("may-i-deuces",   20,      1,           True),
        ("contract-rummy", 1,       None,        False),
        ("contract-rummy", 2,       None,        True),
        ("contract-rummy", 31,      2,           False),
        ("contract-rummy", 30,      2,           True),
    ],
    ids=["zero", "23-continental", "25-continental", "one-low-card", "negative",
         "two-jokers", "110-in-two", "110-in-three", "11card-50", "11card-12", "deuces-1",
         "deuces-2-no-price", "deuces-23", "deuces-one-deuce", "cr-1", "cr-2", "cr-31-in-two",
         "cr-30-in-two"],
)  # fmt: skip
def test_is_possible_total(key: str, total: int, max_cards: int | None, possible: bool) -> None:
    assert is_possible_total(preset(key), total, max_cards) is possible


# Places: lowest total wins, ties share a place and skip the next.
@pytest.mark.parametrize(
    ("totals",                                     "expected"),
    [
        ({"ann": 10, "bob": 30, "cy": 30, "dee": 55},  {"ann": 1, "bob": 2, "cy": 2, "dee": 4}),
        ({"ann": 40, "bob": 40, "cy": 40},             {"ann": 1, "bob": 1, "cy": 1}),
        ({"ann": 0},                                   {"ann": 1}),
        ({"ann": 90, "bob": 5, "cy": 5, "dee": 5},     {"ann": 4, "bob": 1, "cy": 1, "dee": 1}),
        ({"ann": 7, "bob": 3},                         {"ann": 2, "bob": 1}),
        ({},                                           {}),
    ],
    ids=["1-2-2-4", "all-tie", "single", "three-way-first", "two-players", "nobody"],
)  # fmt: skip
def test_places(totals: dict[str, int], expected: dict[str, int]) -> None:
    assert places(totals) == expected


def test_running_totals() -> None:
    hands = [{"ann": 0, "bob": 25}, {"ann": 40, "bob": 0}, {"ann": 5, "bob": 10}]
    assert running_totals(hands) == [
        {"ann": 0, "bob": 25},
        {"ann": 40, "bob": 25},
        {"ann": 45, "bob": 35},
    ]


def _priced(*points: int) -> RuleSet:
    groups = tuple(PriceGroup(f"g{p}", (rank,), p) for p, rank in zip(points, "AKQJ", strict=False))
    return replace(preset("continental"), prices=groups)


# fmt: off
@pytest.mark.parametrize(
    ("prices",      "step", "gaps"),
    [
        ((5, 10, 20, 50), 5, ()),                      # Continental: any multiple of 5
        ((2, 3),          1, (1,)),                    # 1 alone cannot be made
        ((6, 9, 20),      1, (1, 2, 3, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17, 19, 22, 23, 25, 28,
                              31, 34, 37, 43)),
        ((0, 10),         10, ()),                     # a free card adds nothing
        ((0,),            0, ()),                      # nothing costs anything: only 0
    ],
    ids=["continental", "two-three", "six-nine-twenty", "free-card", "all-free"],
)
# fmt: on
def test_possible_totals_agree_with_is_possible_total(prices, step, gaps) -> None:
    rs = _priced(*prices)
    possible = possible_totals(rs)
    assert (possible.step, possible.gaps) == (step, gaps)
    for total in range(0, 400):
        # At most `total` cards (each costs a point or more): the card-by-card count.
        assert possible.allows(total) == is_possible_total(rs, total, max_cards=total), total
        assert is_possible_total(rs, total) == possible.allows(total), total


CONTINENTAL = preset("continental")


# A score says what it is made of when more than the cards count (short cards at 10 each).
# fmt: off
@pytest.mark.parametrize(
    ("entry",                                                             "sentence"),
    [
        (PlayerEntry(tally={"10-K": 1}),                                      "10"),
        (PlayerEntry(went_out=True),                                          "0"),
        (PlayerEntry(tally={"10-K": 1}, short_cards=2),                     "30 = 10 + 2 short"),
        (PlayerEntry(typed_total=35, penalty=15, penalty_reason="x"),         "50 = 35 + 15 penalty"),
        (PlayerEntry(tally={"2-9": 2}, short_cards=1, penalty=5, penalty_reason="x"),
                                                                              "25 = 10 + 1 short + 5 penalty"),
        (PlayerEntry(went_out=True, penalty=25, penalty_reason="x"),          "25 = out + 25 penalty"),
        (PlayerEntry(no_score=True),                                          ""),
    ],
    ids=["cards", "out", "short", "typed-penalty", "all-three", "out-penalty", "no-score"],
)
# fmt: on
def test_score_terms_as_the_sheet_prints_them(entry: PlayerEntry, sentence: str) -> None:
    score = entry_score(CONTINENTAL, entry)
    terms = score_terms(CONTINENTAL, entry)
    printed = "" if score is None else f"{score} = {terms}" if terms else str(score)
    assert printed == sentence


@pytest.mark.parametrize(
    ("entry", "stored"),
    [
        (
            PlayerEntry(tally={"A": 0, "2-9": 2}, penalty=0, penalty_reason="late"),
            PlayerEntry(tally={"2-9": 2}),
        ),
        (
            PlayerEntry(penalty=5, penalty_reason="  reneged "),
            PlayerEntry(penalty=5, penalty_reason="reneged"),
        ),
        (
            PlayerEntry(
                went_out=True,
                tally={"A": 1},
                typed_total=15,
                short_cards=2,
                penalty=-3,
                penalty_reason="x",
                no_score=True,
            ),
            PlayerEntry(
                went_out=True,
                tally={"A": 1},
                typed_total=15,
                short_cards=2,
                penalty=-3,
                penalty_reason="x",
                no_score=True,
            ),
        ),
    ],
)
def test_a_report_is_stored_without_zero_counts_or_a_reason_without_penalty(entry, stored):
    assert entry.normalised() == stored
    assert stored.normalised() == stored


# A report's tally as a spreadsheet shows it: groups in the order counted, bonus ticks by name.
IN_ONE_GO = replace(CONTINENTAL, bonuses=(Bonus("In one go", -10, out_only=True),))
# fmt: off
@pytest.mark.parametrize(
    ("entry",                                                          "words"),
    [
        (PlayerEntry(tally={"2-9": 3, "10-K": 1}),                        "3 × 2-9, 1 × 10-K"),
        (PlayerEntry(tally={"Joker": 1, "A": 2}),                         "1 × Joker, 2 × A"),
        (PlayerEntry(tally={"2-9": 0, "A": 1}),                           "1 × A"),
        (PlayerEntry(typed_total=35),                                     "35 typed"),
        (PlayerEntry(went_out=True),                                      ""),
        (PlayerEntry(no_score=True),                                      ""),
        (PlayerEntry(went_out=True, tally={"In one go": 1}),              "In one go"),
        (PlayerEntry(tally={"=1+1": 2}),                                  "2 × =1+1"),
    ],
    ids=["groups", "order-kept", "zero-left-out", "typed", "out", "no-score", "bonus", "odd-label"],
)
# fmt: on
def test_tally_words(entry: PlayerEntry, words: str) -> None:
    assert tally_words(IN_ONE_GO, entry) == words
