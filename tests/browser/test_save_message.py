"""A phone never loses the message that its own save worked, whatever its background checks
of the game's version were doing at that moment."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import APIResponse, Page, Route, expect

from .phone import HandForm, Tally, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat", "Dan")
HAND_1 = (None, Tally(1, 1, 0, 0), Tally(2, 0, 1, 0), Tally(0, 2, 0, 0))  # Ann went out


def until(page: Page, done: Callable[[], bool]) -> None:
    """Let the page's events (requests, route handlers) run until `done()` holds."""
    while not done():
        page.context.cookies()  # a round trip to the browser delivers what it sent meanwhile


def test_a_poll_that_crossed_the_save_does_not_lose_hand_1_saved(
    phone: Callable[[], Page], make_game: Callable[..., Any]
):
    """The hand form checks the version every second. One check leaves before Save with the
    cookie of that moment; its answer comes back after the save's answer, before the phone
    follows that answer to the table. The table must still say "Hand 1 saved."."""
    game = make_game(SEATING, first_dealer=0)
    page = phone()
    form = HandForm(page, Thumb())
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    page.get_by_role("link", name="Score hand 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 1")
    for name, tally in zip(SEATING, HAND_1, strict=True):
        if tally is None:
            form.tap_went_out(name)
        else:
            form.tap_tally(name, tally)

    # Hold the next version check, answered by the server now (before the save).
    polls: list[tuple[Route, APIResponse]] = []

    def hold_poll(route: Route) -> None:
        if not polls:
            polls.append((route, route.fetch()))
        else:
            route.continue_()

    version_path = f"/games/{game.game_id}/version"
    page.context.route(lambda url: urlparse(url).path == version_path, hold_poll)
    until(page, lambda: bool(polls))

    # Save. The server saves at once; its answer (a redirect to the table, with a cookie that
    # carries "Hand 1 saved.") is taken in by the phone's cookie jar, and held.
    saves: list[tuple[Route, APIResponse]] = []

    def hold_save(route: Route) -> None:
        if route.request.method == "POST":
            saves.append((route, route.fetch(max_redirects=0)))
        else:
            route.continue_()

    score_path = urlparse(page.url).path
    # The context's routes, not the page's: the service worker sends the form on the page's
    # behalf, and only the context's routes see what a worker sends.
    page.context.route(lambda url: urlparse(url).path == score_path, hold_save)
    page.get_by_role("button", name="Save hand 1").tap(no_wait_after=True)
    until(page, lambda: bool(saves))

    # The check that left before the save comes back now, before the redirect is followed.
    poll, poll_answer = polls[0]
    with page.expect_response(lambda response: urlparse(response.url).path == version_path):
        poll.fulfill(response=poll_answer)
    save, save_answer = saves[0]
    assert save_answer.status == 302
    headers = {k: v for k, v in save_answer.headers.items() if k.lower() != "set-cookie"}
    save.fulfill(status=302, headers=headers, body=save_answer.body())

    expect(page.locator(".hand-of")).to_have_text("Hand 2 of 7")
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
