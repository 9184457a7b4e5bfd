"""The referee page's rulings: every irregularity of the digest, worded per rule set."""

from __future__ import annotations

import pytest

from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.rulings import rulings, search_rulings

IRREGULARITIES = {
    "stock", "out-of-turn", "illegal-draw", "premature-discard", "incorrect-hand",
    "redeal", "illegal-meld", "scoring-errors", "may-i", "wild", "going-out",
}  # fmt: skip


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_preset_has_a_ruling_for_each_irregularity(key):
    found = {ruling.key for ruling in rulings(preset(key))}
    assert found == IRREGULARITIES


# fmt: off
@pytest.mark.parametrize(
    ("key",             "ruling",         "words"),
    [
        # what the table does with the stock follows the rule set's policy
        ("continental",    "stock",          "turn the discard pile over"),
        ("contract-rummy", "stock",          "shuffle the discard pile"),
        ("may-i-deuces",   "stock",          "leave the top discard face up"),
        # May I? priority follows the policy
        ("continental",    "may-i",          "next in turn after the current player"),
        ("may-i-deuces",   "may-i",          "whoever asked first"),
        ("liverpool",      "may-i",          "has gone down may not claim"),
        # the short-card charge is the rule set's
        ("continental",    "incorrect-hand", "costs 10 points"),
    ],
    ids=["turn-over", "reshuffle", "keep-top", "nearest", "first-to-ask", "not-after-down",
         "short-cards"],
)
# fmt: on
def test_rulings_are_worded_for_the_rule_set(key, ruling, words):
    text = {r.key: " ".join(r.points) for r in rulings(preset(key))}
    assert words in text[ruling]


# fmt: off
@pytest.mark.parametrize(
    ("query",          "expected"),
    [
        ("",               IRREGULARITIES),
        ("stock",          {"stock", "illegal-draw", "may-i"}),
        ("RE-DEAL",        {"redeal"}),
        ("redeal",         {"redeal"}),
        ("discard turn",   {"illegal-draw", "may-i", "stock"}),
        ("May I?",         {"illegal-draw", "incorrect-hand", "may-i"}),
        # the words families use find the ruling too
        ("misdeal",        {"redeal"}),
        ("joker",          {"wild"}),
        ("going out",      {"going-out"}),
        ("zebra",          set()),
    ],
    ids=["empty-shows-all", "one-word", "case-and-dash", "dash-in-text", "every-word",
         "short-word-whole", "misdeal", "joker", "going-out", "nothing"],
)
# fmt: on
def test_search_finds_rulings_containing_every_word(query, expected):
    every = rulings(preset("continental"))
    assert {r.key for r in search_rulings(every, query)} == expected


# fmt: off
@pytest.mark.parametrize(
    ("key",           "points"),
    [
        ("continental",  ("Go out by melding, laying off or discarding your last card.",)),
        ("may-i-11",     ("Hands 1, 2, 3, 4, 5, 6: Go out by melding, laying off or discarding your last card.",
                          "Hand 7: Go out only by melding every card you hold; no last discard.")),
    ],
    ids=["same-every-hand", "last-hand-differs"],
)
# fmt: on
def test_going_out_is_told_hand_by_hand_where_it_changes(key, points):
    going_out = {r.key: r for r in rulings(preset(key))}["going-out"]
    assert going_out.points == points
