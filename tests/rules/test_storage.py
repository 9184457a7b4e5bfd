"""Rule sets to plain data and back: exact round trips, and broken data named by field."""

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.ruleset import RuleSetError
from scorekeeper.rules.storage import ruleset_from_dict, ruleset_to_dict


def json_types_only(value: Any) -> bool:
    """True when the value holds nothing but JSON's own types."""
    if isinstance(value, dict):
        return all(isinstance(k, str) and json_types_only(v) for k, v in value.items())
    if isinstance(value, list):
        return all(json_types_only(item) for item in value)
    return value is None or isinstance(value, str | int | bool)


@pytest.mark.parametrize("key", list(PRESETS))
def test_round_trip_through_dict_and_json(key: str) -> None:
    rs = preset(key)
    data = ruleset_to_dict(rs)
    assert json_types_only(data)
    assert ruleset_from_dict(data) == rs
    assert ruleset_from_dict(json.loads(json.dumps(data))) == rs


def test_stored_shape_is_stable() -> None:
    data = ruleset_to_dict(preset("continental"))
    assert list(data) == [
        "format", "key", "name", "min_players", "max_players", "hands", "deck_counts", "wild",
        "ace_in_runs", "prices", "may_i", "stock", "fairness", "short_card_penalty",
        "extra_rules", "show_lengths", "wild_rank_points", "last_turn_after_out", "settlement",
        "unset", "description", "bonuses",
    ]  # fmt: skip
    assert data["format"] == 1
    assert data["hands"][4] == {
        "melds": [{"kind": "set", "length": 3}, {"kind": "set", "length": 3},
                  {"kind": "run", "length": 4}],
        "cards_dealt": 12,
        "going_out": "normal",
        "may_i_limit": None,
        "note": "",
        "wild_rank": None,
        "blind_cards": None,
    }  # fmt: skip
    assert data["deck_counts"][0] == {"min_players": 4, "max_players": 4, "decks": 2, "jokers": 4}
    assert data["prices"][3] == {"label": "Joker", "ranks": ["JOKER"], "points": 50}
    assert data["stock"] == {"kind": "turn_over_once"}


def test_fields_with_defaults_may_be_left_out() -> None:
    data = ruleset_to_dict(preset("liverpool"))
    # "bonuses" came later: a rule set stored before it reads with none.
    for name in (
        "format",
        "fairness",
        "short_card_penalty",
        "extra_rules",
        "show_lengths",
        "bonuses",
    ):
        del data[name]
    del data["hands"][0]["note"]
    assert ruleset_from_dict(data) == preset("liverpool")


def break_with(path: tuple[Any, ...], value: Any = KeyError) -> Callable[[dict[str, Any]], None]:
    """A change that sets (or, given KeyError, deletes) the entry at `path`."""

    def change(data: dict[str, Any]) -> None:
        *parents, last = path
        for step in parents:
            data = data[step]
        if value is KeyError:
            del data[last]
        else:
            data[last] = value

    return change


# Broken data: each refused with the path of the field at fault.
BROKEN = [
    ("name-missing",     break_with(("name",)),
     "name",                        "this field is missing"),
    ("dealt-as-text",    break_with(("hands", 0, "cards_dealt"), "12"),
     "hands[0].cards_dealt",        "expected a whole number, got '12'"),
    ("dealt-as-bool",    break_with(("hands", 0, "cards_dealt"), True),
     "hands[0].cards_dealt",        "expected a whole number, got True"),
    ("hands-not-list",   break_with(("hands",), "all of them"),
     "hands",                       "expected a list"),
    ("meld-as-text",     break_with(("hands", 1, "melds", 0), "set"),
     "hands[1].melds[0]",           "expected an object"),
    ("length-missing",   break_with(("hands", 2, "melds", 1, "length")),
     "hands[2].melds[1].length",    "this field is missing"),
    ("limit-as-float",   break_with(("hands", 3, "may_i_limit"), 1.5),
     "hands[3].may_i_limit",        "expected a whole number"),
    ("flag-as-text",     break_with(("may_i", "after_going_down"), "no"),
     "may_i.after_going_down",      "expected true or false"),
    ("ranks-as-text",    break_with(("prices", 0, "ranks"), "2-9"),
     "prices[0].ranks",             "expected a list"),
    ("rank-as-number",   break_with(("prices", 0, "ranks", 0), 2),
     "prices[0].ranks[0]",          "expected text"),
    ("unknown-field",    break_with(("colour",), "green"),
     "colour",                      "not part of a rule set"),
    ("unknown-in-stock", break_with(("stock", "times"), 2),
     "stock.times",                 "not part of a rule set"),
    ("future-format",    break_with(("format",), 2),
     "format",                      "rule sets of format 1"),
    ("wild-as-list",     break_with(("wild",), ["jokers"]),
     "wild",                        "expected text"),
    ("may-i-as-list",    break_with(("may_i",), []),
     "may_i",                       "expected an object"),
    # Shape right, sense wrong: validation names the field too.
    ("set-of-2",         break_with(("hands", 0, "melds", 0, "length"), 2),
     "hands[0].melds[0].length",    "Hand 1: a set needs at least 3 cards."),
    ("bad-priority",     break_with(("may_i", "priority"), "loudest"),
     "may_i.priority",              "not a priority rule"),
    ("bonus-as-text",    break_with(("bonuses",), ["out in one go"]),
     "bonuses[0]",                  "expected an object"),
    ("bonus-past-bound", break_with(("bonuses",), [{"label": "Cut", "points": -5000}]),
     "bonuses[0].points",           "a bonus is -1000 to 1000 points"),
    ("bonus-as-a-card",  break_with(("bonuses",), [{"label": "Joker", "points": -10}]),
     "bonuses[0].label",            "a card group or bonus has this label"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("change", "path", "fragment"),
    [case[1:] for case in BROKEN],
    ids=[case[0] for case in BROKEN],
)
def test_broken_data_names_the_field(
    change: Callable[[dict[str, Any]], None], path: str, fragment: str
) -> None:
    data = copy.deepcopy(ruleset_to_dict(preset("continental")))
    change(data)
    with pytest.raises(RuleSetError) as refused:
        ruleset_from_dict(data)
    assert any(p == path and fragment in m for p, m in refused.value.errors), refused.value.errors


def test_not_an_object_at_all() -> None:
    with pytest.raises(RuleSetError, match="expected an object"):
        ruleset_from_dict([])  # type: ignore[arg-type]


def test_check_false_reads_a_rule_set_that_makes_no_sense() -> None:
    data = ruleset_to_dict(preset("continental"))
    data["hands"][0]["melds"][0]["length"] = 2
    assert ruleset_from_dict(data, check=False).hands[0].melds[0].length == 2
