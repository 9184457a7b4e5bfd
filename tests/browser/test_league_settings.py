"""At 390x844: the owner sets the league's time zone, and a phone types the passcode in sight."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .signing_in import PASSCODE, sign_in

pytestmark = pytest.mark.browser


def test_the_owner_picks_the_league_s_time_zone_from_the_list(
    page: Page, make_league: Callable[..., Any]
):
    league_id = make_league(["Ann", "Bob", "Cat", "Dan"])
    sign_in(page)
    page.goto(f"/leagues/{league_id}/settings")

    zone = page.get_by_label("Time zone")
    expect(zone).to_have_value("UTC")
    zone.select_option("America/Chicago")
    page.get_by_role("button", name="Save settings").tap()

    expect(page.locator(".flash")).to_have_text("Settings saved.")
    expect(page.get_by_label("Time zone")).to_have_value("America/Chicago")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the settings page scrolls sideways ({width} px)"


def test_the_passcode_shows_as_it_is_typed(phone: Callable[[], Page], make_league):
    league_id = make_league(["Ann", "Bob", "Cat", "Dan"])
    page = phone()
    page.goto(f"/leagues/{league_id}/join")

    field = page.get_by_label("Table passcode")
    field.fill(PASSCODE)

    expect(field).to_have_attribute("type", "text")
    expect(field).to_have_value(PASSCODE)
    expect(field).to_have_attribute("autocomplete", "off")
