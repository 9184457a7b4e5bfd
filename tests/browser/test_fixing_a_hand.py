"""Fixing an earlier hand on a phone: a refusal is read where the page opens, not a screen
below it, with or without JavaScript."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.extensions import db
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry

from .conftest import PHONE
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SCREEN = 844  # the phone's height in CSS pixels
SEATING = ("Ann", "Bob", "Cat", "Dan")
HAND_1 = [PlayerEntry(went_out=True), *(PlayerEntry(typed_total=n) for n in (10, 15, 20))]
HAND_2 = [PlayerEntry(typed_total=5), PlayerEntry(went_out=True), *(PlayerEntry(typed_total=n) for n in (10, 25))]  # fmt: skip


@pytest.fixture
def no_script_phone(browser: Browser, live_server: str) -> Iterator[Page]:
    """The same phone with JavaScript switched off."""
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    yield context.new_page()
    context.close()


def two_hands_scored(app: Flask, make_game: Callable[..., Any]) -> int:
    """A game of four with hands 1 and 2 scored: hand 1's cards are mixed."""
    made = make_game(SEATING, first_dealer=0)
    with app.app_context():
        for entries in (HAND_1, HAND_2):
            game = games.load_game(made.game_id)  # held: the session keeps it weakly
            hand = games.current_hand(game)
            hands.score_hand(hand, entries, stock_ran_out=False, confirmed=True)
            db.session.commit()
    return made.game_id


@pytest.mark.parametrize("script", [True, False], ids=["with-script", "without-script"])
def test_a_fix_without_a_reason_is_refused_where_the_page_opens(
    page: Page, no_script_phone: Page, live_app: Flask, make_game: Callable[..., Any], script
):
    phone = page if script else no_script_phone
    game_id = two_hands_scored(live_app, make_game)
    sign_in(phone)
    phone.goto(f"/games/{game_id}")
    phone.get_by_test_id("fix-hand-1").tap()
    expect(phone.get_by_role("heading", level=1)).to_have_text("Fix hand 1")
    dan = phone.locator("fieldset[data-player]").nth(3)
    dan.get_by_label("Or type the points").fill("30")
    phone.get_by_role("button", name="Save the correction").tap()

    # The page opens on the refusal, focused, within the first screen; the reason is far below.
    summary = phone.locator(".form-errors")
    expect(summary).to_contain_text("changing it needs the whole table's agreement and a reason")
    expect(summary).to_be_focused()
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN, box
    reason = phone.get_by_label("Why the change")
    reason_box = reason.bounding_box()
    assert reason_box is not None and reason_box["y"] > SCREEN, reason_box
    expect(dan.get_by_label("Or type the points")).to_have_value("30")  # nothing typed is lost

    # Its link leads to the field; with a reason and the table's agreement the fix is saved.
    summary.get_by_role("link").tap()
    expect(reason).to_be_in_viewport()
    reason.fill("Dan counted a king twice")
    phone.get_by_label("The whole table agrees to this change").check()
    phone.get_by_role("button", name="Save the correction").tap()
    expect(phone.locator(".flash")).to_contain_text("Hand 1 corrected")
