"""A sheet asked for while the server is busy drawing the owner's other sheets: a page on the
phone saying to try again in a moment, and the sheet when tried again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import League
from scorekeeper.read import pdf

from .signing_in import sign_in

pytestmark = pytest.mark.browser


def test_a_busy_server_says_to_try_again_and_the_sheet_comes_then(
    live_app: Flask, page: Page, make_game: Callable[..., Any]
):
    made = make_game(["Ann", "Bob", "Cat", "Dan"])
    sign_in(page)
    with live_app.test_request_context():
        slots, drawer = pdf.drawing_slots(), pdf.owner_of(db.session.get(League, made.league_id))
    with slots.held(drawer):  # the owner's other sheet is being drawn
        answer = page.goto(f"/leagues/{made.league_id}/standings.pdf")
    assert answer is not None and answer.status == 503
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Busy printing, try again in a moment"
    )
    expect(
        page.get_by_text("Many sheets are being printed on this server right now.")
    ).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert width, "the page is wider than the phone"
    again = page.get_by_role("link", name="Try again")
    expect(again).to_be_visible()
    assert again.bounding_box()["height"] >= 44
    sheet = page.request.get(again.get_attribute("href"))
    assert sheet.status == 200 and sheet.body().startswith(b"%PDF")
