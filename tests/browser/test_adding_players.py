"""Adding the family one after another: the name box keeps the focus."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .signing_in import sign_in

pytestmark = pytest.mark.browser


def test_after_adding_a_player_the_next_name_is_typed_straight_away(
    page: Page, make_league: Callable[..., int]
):
    league_id = make_league(["Ann"])
    sign_in(page)
    page.goto(f"/leagues/{league_id}")
    name = page.get_by_label("Name", exact=True)
    name.tap()
    for player in ("Bob", "Cat", "Dan"):
        page.keyboard.type(player)
        page.keyboard.press("Enter")
        expect(page.locator(".flash")).to_have_text(f"{player} joined The Smiths.")
        expect(name).to_be_focused()
        expect(name).to_have_value("")
    players = page.get_by_role("region", name="Players").get_by_role("listitem")
    expect(players).to_have_count(4)


def test_the_player_past_a_leagues_bound_is_refused_beside_the_name_box(
    page: Page, make_league: Callable[..., int]
):
    league_id = make_league([f"Player {number}" for number in range(99)])
    sign_in(page)
    page.goto(f"/leagues/{league_id}")
    name = page.get_by_label("Name", exact=True)

    name.fill("Zed")
    name.press("Enter")
    expect(page.locator(".flash")).to_have_text("Zed joined The Smiths.")
    name.fill("Yan")
    name.press("Enter")

    refusal = page.get_by_text("A league has at most 100 players, and this one has 100.")
    expect(refusal).to_be_visible()
    players = page.get_by_role("region", name="Players").get_by_role("listitem")
    expect(players).to_have_count(100)
    expect(page.get_by_role("region", name="Players").get_by_text("Yan")).to_have_count(0)
