"""The one-line summary that tells presets apart when a league is created."""

from __future__ import annotations

import pytest

from scorekeeper.rules.dealing import ruleset_summary
from scorekeeper.rules.presets import preset


# fmt: off
@pytest.mark.parametrize(
    ("key",             "summary"),
    [
        ("continental",    "4-8 players · 7 hands · 12 cards every hand · Jokers and red aces are wild."),
        ("may-i-11",       "4-8 players · 7 hands · 11 cards every hand · No wild cards."),
        ("may-i-deuces",   "3-8 players · 7 hands · 7 to 13 cards a hand · 2s are wild."),
        ("contract-rummy", "3-8 players · 7 hands · 10 to 12 cards a hand · Jokers are wild."),
        ("liverpool",      "3-5 players · 7 hands · 10 to 12 cards a hand · Jokers are wild."),
    ],
    ids=["continental", "may-i-11", "may-i-deuces", "contract-rummy", "liverpool"],
)
# fmt: on
def test_each_preset_is_told_apart_in_one_line(key, summary):
    assert ruleset_summary(preset(key)) == summary
