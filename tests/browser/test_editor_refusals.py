"""A refused save of the house rules on a phone: every fault is read where the page opens, with
a link to each box, with or without JavaScript."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import League

from .conftest import PHONE
from .signing_in import sign_in
from .test_family_setup import buying_league

pytestmark = pytest.mark.browser

SCREEN = 844  # the phone's height in CSS pixels
HUGE = "99999999999999999999"


@pytest.fixture
def no_script_phone(browser: Browser, live_server: str) -> Iterator[Page]:
    """The same phone with JavaScript switched off."""
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    yield context.new_page()
    context.close()


def editor_url(app: Flask, league_id: int) -> str:
    """The editor of the league's own copy of the buying game."""
    with app.app_context():
        record = db.session.get(League, league_id).rulesets[0]
        return f"/leagues/{league_id}/rules/{record.id}"


@pytest.mark.parametrize("script", [True, False], ids=["with-script", "without-script"])
def test_every_fault_of_a_save_is_listed_where_the_page_opens(
    page: Page, no_script_phone: Page, live_app: Flask, owner: int, script: bool
):
    phone = page if script else no_script_phone
    url = editor_url(live_app, buying_league(live_app, owner))
    sign_in(phone)
    phone.goto(url)
    contract, dealt = phone.locator("#hands-2-contract"), phone.locator("#hands-4-cards_dealt")
    price = phone.get_by_label("Price of a buy (pennies into the kitty)")
    contract.fill("2 sest")
    dealt.fill(HUGE)
    price.fill(HUGE)
    phone.get_by_role("button", name="Save the rules").tap()

    # All three are listed at once, focused, within the first screen; the boxes are far below.
    summary = phone.locator(".form-errors")
    expect(summary).to_be_focused()
    box = summary.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN, box
    expect(summary.get_by_role("link")).to_have_count(3)
    for far in (dealt, price):
        far_box = far.bounding_box()
        assert far_box is not None and far_box["y"] > SCREEN, far_box
    expect(contract).to_have_value("2 sest")  # nothing typed is lost

    # Each link leads to its box.
    summary.get_by_role("link", name="Hand 5, Cards dealt").tap()
    expect(dealt).to_be_in_viewport()
    summary.get_by_role("link", name="Price of a buy").tap()
    expect(price).to_be_in_viewport()
    summary.get_by_role("link", name="Hand 3, Contract").tap()
    expect(contract).to_be_in_viewport()

    # Fixed in one round, the rules are saved.
    contract.fill("2 sets")
    dealt.fill("10")
    price.fill("1")
    phone.get_by_role("button", name="Save the rules").tap()
    expect(phone.locator(".flash")).to_contain_text("saved")
    expect(phone.locator(".form-errors")).to_have_count(0)
