"""The printed standings' second page on a phone: the records, ratings and rivals follow the
table on the print page, and nothing scrolls the page sideways at 390 px."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from .signing_in import sign_in
from .test_records import NAMES, three_games

pytestmark = pytest.mark.browser


def test_the_print_pages_second_page_fits_a_phone(page: Page, live_app: Flask, make_league):
    league_id = make_league(NAMES)
    three_games(live_app, league_id)
    sign_in(page)

    page.goto(f"/leagues/{league_id}/standings/print?season=2026")

    more = page.get_by_test_id("standings-more")
    expect(more.get_by_role("heading", level=1)).to_have_text("Records, rating and rivals, 2026")
    runs = more.locator("tr", has=page.get_by_text("Longest run of hands gone out"))
    expect(runs).to_contain_text("7 hands in a row")
    rivals = more.locator(".sheet-rivals tbody tr")
    expect(rivals).to_have_count(6)  # every pair of the four, each once
    expect(rivals.first.locator("td.num").first).to_have_text("3")  # the three games together
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
