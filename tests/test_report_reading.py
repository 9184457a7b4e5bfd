"""A player's report in a league file is read at once when it is plain, and otherwise field
by field: both readings accept the same reports and give the same entry."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.exchange.format import (
    MOST_CARDS,
    MOST_POINTS,
    ImportRefused,
    Node,
    _plain_report,
    _read_report,
    read_report,
)
from scorekeeper.rules.entries import PlayerEntry

FIELDS = (
    "went_out",
    "tally",
    "typed_total",
    "short_cards",
    "penalty",
    "penalty_reason",
    "no_score",
    "score",
    "posted",
    "missing_cards",
    "stray",
)
EDGES = [MOST_CARDS, MOST_CARDS + 1, -MOST_CARDS, -MOST_CARDS - 1, MOST_POINTS, MOST_POINTS + 1]
ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.sampled_from([*EDGES, *(-n for n in EDGES), 0, 1, 1.0, 2.5, "", " ", "7"]),
    st.sampled_from(["sorry", "\x00", "a\x1fb", "\ud800", "x" * 120, "x" * 121, [], {}, [1]]),
)
LABELS = st.sampled_from(["2-9", "10-K", "A", "Joker", "", "\x07", "\udc00", "A" * 50])
TALLY = st.one_of(ODD, st.dictionaries(LABELS, ODD, max_size=4))
REPORT = st.one_of(
    ODD,
    st.dictionaries(st.sampled_from(FIELDS), st.one_of(ODD, TALLY), max_size=8),
    st.fixed_dictionaries(
        {"went_out": st.booleans(), "tally": st.dictionaries(LABELS, ODD, max_size=4)},
        optional={name: ODD for name in FIELDS[2:]},
    ),
)


def field_by_field(value: Any) -> PlayerEntry | str:
    try:
        return _read_report(Node(value, "games[0].hands[0].players"))
    except ImportRefused as refused:
        return str(refused)


@settings(
    max_examples=400, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(REPORT)
@example({"went_out": True, "tally": {}, "score": 0, "posted": False})
@example({"tally": {"2-9": 3, "A": 1}, "short_cards": 1, "penalty": 5, "penalty_reason": "x"})
@example({"typed_total": MOST_POINTS, "short_cards": -MOST_CARDS, "penalty": -MOST_POINTS})
@example({"tally": []})
@example({"tally": {"2-9": True}})
@example({"went_out": 1})
def test_a_report_read_at_once_is_the_report_read_field_by_field(value):
    at_once = _plain_report(value)
    if at_once is not None:  # otherwise the reading field by field decides, naming a place
        assert field_by_field(value) == at_once
        assert read_report(Node(value)) is not at_once  # a fresh entry each time


@pytest.mark.parametrize(
    "value",
    [
        {"went_out": True, "tally": None, "score": 0, "posted": False},
        {"tally": {"2-9": 3, "Joker": 1}, "score": 40, "posted": False},
        {"typed_total": 25, "short_cards": 2, "penalty": 10, "penalty_reason": "reneged"},
        {"no_score": True, "score": None, "posted": True},
    ],
)
def test_the_reports_a_league_file_holds_are_read_at_once(value):
    assert _plain_report(value) == field_by_field(value)


@pytest.mark.parametrize(
    "value",
    [
        [],
        {"tally": []},
        {"tally": {"A": True}},
        {"tally": {"A": MOST_CARDS + 1}},
        {"tally": {"\x07": 1}},
        {"went_out": 1},
        {"typed_total": True},
        {"typed_total": MOST_POINTS + 1},
        {"short_cards": 1.0},
        {"penalty": -MOST_POINTS - 1},
        {"penalty_reason": "x" * 121},
        {"penalty_reason": "a\x00b"},
        {"missing_cards": 1},
        {"stray": 1},
    ],
)
def test_a_report_with_anything_odd_is_read_field_by_field(value):
    assert _plain_report(value) is None
    assert isinstance(field_by_field(value), str) or "missing_cards" in value
