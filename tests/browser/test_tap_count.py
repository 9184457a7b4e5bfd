"""How many taps it takes to score a hand: the table's patience is the app's budget."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .phone import HandForm, Tally, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat", "Dan", "Eve")
WENT_OUT = "Ann"
# The others hold 3, 5, 7 and 9 cards, as (2-9, 10-K, A, Joker).
HELD = {
    "Bob": Tally(2, 1, 0, 0),
    "Cat": Tally(2, 2, 1, 0),
    "Dan": Tally(4, 2, 0, 1),
    "Eve": Tally(5, 2, 1, 1),
}
# "Score hand 1" on the table screen, "Went out" for Ann, and "Save hand 1".
FIXED_TAPS = 3
README = Path(__file__).resolve().parents[2] / "README.md"


def readme_tap_count() -> int:
    """The taps the README promises for a typical 5-player hand."""
    said = re.search(r"A typical 5-player hand takes (\d+) taps", README.read_text())
    assert said, "README.md no longer states the taps of a typical hand"
    return int(said.group(1))


def test_scoring_a_five_player_hand_takes_a_tap_per_card_plus_three(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm, thumb: Thumb
):
    assert sorted(tally.cards for tally in HELD.values()) == [3, 5, 7, 9]
    game = make_game(SEATING, first_dealer=0)
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    expect(page.locator(".hand-of")).to_have_text("Hand 1 of 7")

    thumb.tap(page.get_by_role("link", name="Score hand 1"))
    hand_form.tap_went_out(WENT_OUT)
    for name, tally in HELD.items():
        hand_form.tap_tally(name, tally)
    hand_form.save(1)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    rows = page.get_by_test_id("totals").locator("li")
    expect(rows.filter(has_text=WENT_OUT).locator(".total")).to_have_text("0")
    for name, tally in HELD.items():
        expect(rows.filter(has_text=name).locator(".total")).to_have_text(str(tally.points))

    cards = sum(tally.cards for tally in HELD.values())
    print(f"\nTaps to score a 5-player Continental hand ({cards} cards left): {thumb.taps}")
    assert thumb.taps == cards + FIXED_TAPS
    assert thumb.taps == readme_tap_count(), "README.md must state the taps measured here"
