"""The seating page: whoever the table chose as first dealer keeps the deal when seats move."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .signing_in import sign_in

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve")


def test_the_chosen_first_dealer_keeps_the_deal_when_seats_move(
    page: Page, make_league: Callable[..., int]
):
    league = make_league(PLAYERS)
    sign_in(page)
    page.goto(f"/leagues/{league}/games/new")
    playing = page.get_by_role("group", name="Who is playing?")
    for name in PLAYERS:
        playing.get_by_label(name, exact=True).tap()
    page.get_by_role("button", name="Next: seating").tap()
    dealer = page.get_by_label("Who drew the high card? They deal first.")
    dealer.select_option(label="Cat")
    page.get_by_role("button", name="Move Cat up").tap()
    expect(page.locator("ol.seating .seat-name")).to_have_text(["Ann", "Cat", "Bob", "Dan", "Eve"])
    expect(dealer.locator("option:checked")).to_have_text("Cat")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".flash")).to_have_text("Game on! Cat deals hand 1.")
