"""A hand sent twice from one phone's form is saved once, and the phone is told it was saved."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, Playwright, Route, expect
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Hand, HandScore

from .conftest import PHONE
from .phone import HandForm, Thumb
from .signing_in import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.database]

SEATING = ("Ann", "Bob", "Cat", "Dan")


def until(page: Page, done: Callable[[], bool]) -> None:
    """Let the page's events (requests, route handlers) run until `done()` holds."""
    while not done():
        page.context.cookies()  # a round trip to the browser delivers what it sent meanwhile


def test_a_second_tap_on_save_after_the_first_answer_was_lost_saves_the_hand_once(
    browser: Browser,
    playwright: Playwright,
    live_server: str,
    live_app: Flask,
    make_game: Callable[..., Any],
):
    """Without JavaScript nothing stops a second tap. The first tap's save reaches the
    server and is saved, but its answer is lost on the way back; the thumb taps Save again.
    The phone is told "Hand 1 saved." (not that another phone saved it first), and the hand
    is saved once."""
    game = make_game(SEATING, first_dealer=0)
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    elsewhere = playwright.request.new_context()
    try:
        page = context.new_page()
        sign_in(page)
        page.goto(f"/games/{game.game_id}")
        page.get_by_role("link", name="Score hand 1").tap()
        form = HandForm(page, Thumb())
        form.card("Ann").get_by_label("Went out").check()
        for name in SEATING[1:]:
            form.count(name, "10-K").fill("2")

        # The first save reaches the server, which saves the hand; its answer never comes
        # back to the phone (sent on apart from the phone, so not even its cookie arrives).
        held: list[Route] = []

        def lose_the_first_answer(route: Route) -> None:
            if route.request.method == "POST" and not held:
                sent = route.request
                answer = elsewhere.fetch(
                    sent.url,
                    method="POST",
                    headers=sent.all_headers(),
                    data=sent.post_data_buffer,
                    max_redirects=0,
                )
                assert answer.status == 302
                held.append(route)
            else:
                route.continue_()

        score_path = urlparse(page.url).path
        page.route(lambda url: urlparse(url).path == score_path, lose_the_first_answer)
        save = page.get_by_role("button", name="Save hand 1")
        save.scroll_into_view_if_needed()
        box = save.bounding_box()
        assert box is not None
        save.tap(no_wait_after=True)
        until(page, lambda: bool(held))
        # The thumb taps the same spot again (a plain touch: the page is still the form).
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)

        expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
        expect(page.get_by_role("heading", level=1)).to_contain_text("Hand 2 of 7")
    finally:
        context.close()
        elsewhere.dispose()
    with live_app.app_context():
        states = db.session.scalars(
            select(Hand.state).where(Hand.game_id == game.game_id).order_by(Hand.number)
        ).all()
        assert [state.value for state in states] == ["scored", "playing"]
        assert db.session.scalar(select(func.count()).select_from(HandScore)) == len(SEATING)
