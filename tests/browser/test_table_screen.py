"""The table screen on a phone: the hand and the totals read at a glance, without scrolling."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from scorekeeper.extensions import db
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset

from .phone import Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SCREEN = {"width": 390, "height": 844}
FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
CONTINENTAL = preset("continental")
# What the table needs at a glance, by the test ids and classes of the table screen.
AT_A_GLANCE = (".hand-of", "contract", ".minimum", "cards-dealt", "decks", "wild", "dealer",
               "first-player")  # fmt: skip


def glance(page: Page, what: str) -> Locator:
    return page.locator(what) if what.startswith(".") else page.get_by_test_id(what)


def bottom(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None, locator
    return box["y"] + box["height"]


def font_size(locator: Locator) -> float:
    return locator.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")


def expect_one_screen(page: Page, hand: int) -> None:
    """Everything the table asks for is on the first screen; the rest comes below it."""
    assert page.evaluate("window.scrollY") == 0
    expect(page.locator(".hand-of")).to_have_text(f"Hand {hand} of 7")
    for what in AT_A_GLANCE:
        assert bottom(glance(page, what)) <= SCREEN["height"], f"{what} is below the fold"
    rows = page.get_by_test_id("totals").locator("li")
    expect(rows).to_have_count(len(FIVE))
    last_total = max(bottom(rows.nth(i)) for i in range(len(FIVE)))
    assert last_total <= SCREEN["height"], f"the totals end at {last_total:.0f} px"
    cards = font_size(page.get_by_test_id("cards-dealt"))
    for who in ("dealer", "first-player"):
        assert font_size(page.get_by_test_id(who)) >= cards, who
    # The controls of the hand in play come after the totals.
    for control in (
        page.get_by_role("heading", name="May I?"),
        page.get_by_role("button", name="The stock ran out"),
        page.locator("summary", has_text="Deal this hand again"),
    ):
        box = control.bounding_box()
        assert box is not None and box["y"] >= last_total


def score_with_typed_totals(page: Page, hand: int) -> None:
    """Score hand `hand`: the next player in turn went out, the others typed 25 each."""
    page.get_by_role("link", name=f"Score hand {hand}").tap()
    cards = page.locator("fieldset[data-player]")
    for seat in range(len(FIVE)):
        card = cards.nth(seat)
        if seat == hand % len(FIVE):
            card.get_by_label("Went out").check()
        else:
            card.get_by_label("Or type the points").fill("25")
    page.get_by_role("button", name=f"Save hand {hand}").tap()


def test_a_seven_hand_game_is_scored_without_scrolling_up_for_dealer_or_totals(
    page: Page, make_game: Callable[..., Any], screenshots
):
    game = make_game(FIVE, first_dealer=0)
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    for hand in range(1, 8):
        expect_one_screen(page, hand)
        if screenshots and hand == 3:
            page.screenshot(path=screenshots / "table-screen-5.png")
        expect(page.get_by_test_id("wild")).to_have_text("Jokers and red aces are wild.")
        score_with_typed_totals(page, hand)
        if hand < 7:
            expect(page.locator(".flash")).to_have_text(f"Hand {hand} saved.")
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.get_by_text("Scored on another phone?")).to_have_count(0)


FAKE_WAKE_LOCK = """
window.wakeRequests = [];
Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {
  request(type) {
    window.wakeRequests.push(type);
    return Promise.resolve({released: false, addEventListener() {}, release: async () => {}});
  }
}});
"""
NO_WAKE_LOCK = (
    'Object.defineProperty(navigator, "wakeLock", {configurable: true, value: undefined});'
)


def test_the_screen_stays_awake_on_the_table_screen_and_the_hand_form(
    page: Page, make_game: Callable[..., Any]
):
    page.add_init_script(FAKE_WAKE_LOCK)
    game = make_game(FIVE, first_dealer=0)
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    expect(page.locator("html")).to_have_attribute("data-awake", "on")
    assert page.evaluate("window.wakeRequests") == ["screen"]
    page.get_by_role("link", name="Score hand 1").tap()
    expect(page.locator("html")).to_have_attribute("data-awake", "on")
    assert page.evaluate("window.wakeRequests") == ["screen"]


def test_without_a_wake_lock_the_table_works_as_before(page: Page, make_game: Callable[..., Any]):
    page.add_init_script(NO_WAKE_LOCK)
    game = make_game(FIVE, first_dealer=0)
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    score_with_typed_totals(page, 1)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    expect(page.locator("html")).not_to_have_attribute("data-awake", "on")


def finish(live_app: Flask, game_id: int) -> None:
    """Score every hand of the game straight in the database: seat 0 out, the others 25."""
    with live_app.app_context():
        game = games.load_game(game_id)
        while (hand := games.current_hand(game)) is not None:
            entries = [PlayerEntry(went_out=True)] + [PlayerEntry(typed_total=25)] * 4
            hands.score_hand(hand, entries, stock_ran_out=False, confirmed=True)
        db.session.commit()


def test_play_again_seats_the_same_table_with_the_next_first_dealer_in_two_taps(
    page: Page, make_game: Callable[..., Any], live_app: Flask, thumb: Thumb
):
    game = make_game(FIVE, first_dealer=2)  # Cat dealt first
    finish(live_app, game.game_id)
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    thumb.tap(page.get_by_role("link", name="Play again"))
    expect(page.locator(".seat-name")).to_have_text(list(FIVE))
    expect(page.get_by_label("Who drew the high card? They deal first.")).to_have_value(
        page.get_by_role("option", name="Dan").get_attribute("value") or ""
    )
    thumb.tap(page.get_by_role("button", name="Start the game"))
    expect(page.locator(".flash")).to_have_text("Game on! Dan deals hand 1.")
    expect(page.get_by_test_id("dealer")).to_have_text("Dan")
    expect(page.get_by_test_id("first-player")).to_have_text("Eve")
    assert thumb.taps <= 3
    print(f"\nTaps from the game-over screen to the next game: {thumb.taps}")


EIGHT = (*FIVE, "Fay", "Gus", "Hal")


def test_eight_players_still_read_the_hand_and_every_total_on_one_screen(
    page: Page, make_game: Callable[..., Any]
):
    game = make_game(EIGHT, first_dealer=0)
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    page.get_by_role("link", name="Score hand 1").tap()
    cards = page.locator("fieldset[data-player]")
    cards.nth(1).get_by_label("Went out").check()
    for seat in (0, 2, 3, 4, 5, 6, 7):
        cards.nth(seat).get_by_label("Or type the points").fill("25")
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")  # the flash takes room too
    for what in AT_A_GLANCE:
        assert bottom(glance(page, what)) <= SCREEN["height"], f"{what} is below the fold"
    rows = page.get_by_test_id("totals").locator("li")
    expect(rows).to_have_count(len(EIGHT))
    last_total = max(bottom(rows.nth(i)) for i in range(len(EIGHT)))
    print(f"\nEight players: the last total ends at {last_total:.0f} px")
    assert last_total <= SCREEN["height"]
