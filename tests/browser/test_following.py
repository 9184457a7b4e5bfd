"""A phone follows the others' saves cheaply: answered 304 while nothing moves, silent while
offline, and asking at once when back online."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import pytest
from flask import Flask
from playwright.sync_api import Page, Response, expect

from scorekeeper.extensions import db
from scorekeeper.league import settings
from scorekeeper.models import League

from .phone import HandForm, Tally, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat", "Dan")
HAND = (None, Tally(1, 1, 0, 0), Tally(2, 0, 1, 0), Tally(0, 2, 0, 0))  # Ann went out
# Polling every second, a few rounds.
FOLLOW_TIMEOUT_MS = 5_000
# Long enough for several polls of a page that polls every second.
SILENCE_MS = 3_500


def score_hand(page: Page, number: int) -> None:
    """Score hand `number` on this phone, from the table screen back to it."""
    form = HandForm(page, Thumb())
    page.get_by_role("link", name=f"Score hand {number}").tap()
    for name, tally in zip(SEATING, HAND, strict=True):
        if tally is None:
            form.tap_went_out(name)
        else:
            form.tap_tally(name, tally)
    form.save(number)
    expect(page.locator(".flash")).to_have_text(f"Hand {number} saved.")


def at_the_table(phone: Callable[[], Page], game_id: int) -> tuple[Page, Page]:
    """Two signed-in phones on the game's table screen, at hand 1."""
    a, b = phone(), phone()
    for page in (a, b):
        sign_in(page)
        page.goto(f"/games/{game_id}")
        expect(page.locator(".hand-of")).to_have_text("Hand 1 of 7")
    return a, b


def not_modified(path: str) -> Callable[[Response], bool]:
    """Whether a response is a 304 to a poll of `path`."""
    return lambda response: urlparse(response.url).path == path and response.status == 304


def test_a_phone_follows_by_304s_and_stays_silent_offline(
    phone: Callable[[], Page], make_game: Callable[..., Any]
):
    game = make_game(SEATING, first_dealer=0)
    a, b = at_the_table(phone, game.game_id)
    version_path = f"/games/{game.game_id}/version"
    asked: list[str] = []
    b.on("request", lambda request: asked.append(urlparse(request.url).path))

    # B sends back what it was told, and hears "not modified" while nothing moves.
    b.wait_for_event("response", not_modified(version_path), timeout=FOLLOW_TIMEOUT_MS)

    # A saves; B moves on to hand 2 by itself.
    score_hand(a, 1)
    expect(b.locator(".hand-of")).to_have_text("Hand 2 of 7", timeout=FOLLOW_TIMEOUT_MS)

    # Offline, B asks nothing, and misses A's next save...
    b.context.set_offline(True)
    asked.clear()
    score_hand(a, 2)
    b.wait_for_timeout(SILENCE_MS)
    assert version_path not in asked
    expect(b.locator(".hand-of")).to_have_text("Hand 2 of 7")

    # ...until it is back online.
    b.context.set_offline(False)
    expect(b.locator(".hand-of")).to_have_text("Hand 3 of 7", timeout=FOLLOW_TIMEOUT_MS)


@pytest.mark.parametrize("poll_seconds", [60])
def test_a_phone_back_online_asks_at_once(
    phone: Callable[[], Page], make_game: Callable[..., Any], poll_seconds: int
):
    """Its next poll is a minute away: only the one made on coming back online can follow."""
    game = make_game(SEATING, first_dealer=0)
    a, b = at_the_table(phone, game.game_id)
    b.context.set_offline(True)
    score_hand(a, 1)

    b.context.set_offline(False)

    expect(b.locator(".hand-of")).to_have_text("Hand 2 of 7", timeout=FOLLOW_TIMEOUT_MS)


def test_a_relative_with_the_read_only_link_follows_the_table(
    phone: Callable[[], Page], make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING, first_dealer=0)
    with live_app.app_context():
        token = settings.share(db.session.get(League, game.league_id))
        db.session.commit()
    a, relative = phone(), phone()
    sign_in(a)
    a.goto(f"/games/{game.game_id}")
    relative.goto(f"/watch/{token}/games/{game.game_id}")
    expect(relative.locator(".hand-of")).to_have_text("Hand 1 of 7")
    watched = f"/watch/{token}/games/{game.game_id}/version"
    relative.wait_for_event("response", not_modified(watched), timeout=FOLLOW_TIMEOUT_MS)

    score_hand(a, 1)

    expect(relative.locator(".hand-of")).to_have_text("Hand 2 of 7", timeout=FOLLOW_TIMEOUT_MS)
