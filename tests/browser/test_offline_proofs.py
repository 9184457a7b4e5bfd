"""Proof that a phone at the table never loses a hand and never saves one twice: the answer
lost after the server committed, a double tap on Save offline, the server killed (SIGKILL)
while the outbox sends, and the plain forms without JavaScript. With test_outbox.py and
test_proposals.py these are the tests `make offline-proof` runs over and over
(docs/offline.md)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, Route, expect
from servers import Server

from .conftest import PHONE, phone_context
from .phone import HandForm, Tally, Thumb
from .signing_in import sign_in
from .test_outbox import (
    BOB_HAND_1,
    CAT_HAND_1,
    DAN_HAND_1,
    LANDS_MS,
    at_the_table,
    outbox,
    posts_received,
    saved,
)

pytestmark = [pytest.mark.browser, pytest.mark.database]

SEATING = ("Ann", "Bob", "Cat", "Dan")  # Ann deals hand 1
# The saves the phone keeps, as its own script reads them (static/outbox-store.js).
KEPT_SAVES = """() => new Promise((resolve, reject) => {
  const opening = indexedDB.open("scorekeeper-outbox");
  opening.onerror = () => reject(opening.error);
  opening.onsuccess = () => {
    const all = opening.result.transaction("saves").objectStore("saves").getAll();
    all.onsuccess = () => resolve(all.result.map(save => save.what + ": " + save.state));
    all.onerror = () => reject(all.error);
  };
})"""


def fill_hand(page: Page, number: int, out: str, tallies: dict[str, Tally]) -> HandForm:
    """Open the form of hand `number` from the table screen and fill it in, without saving."""
    page.get_by_role("link", name=f"Score hand {number}").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Score hand {number}")
    form = HandForm(page, Thumb())
    form.tap_went_out(out)
    for name, tally in tallies.items():
        form.tap_tally(name, tally)
    return form


HAND_1 = {"Bob": BOB_HAND_1, "Cat": CAT_HAND_1, "Dan": DAN_HAND_1}


def test_an_answer_lost_after_the_server_committed_is_sent_again_and_the_hand_saved_once(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    received = posts_received(live_app)
    at_the_table(page, game.game_id)
    score = f"/games/{game.game_id}/hand/1/score"

    # The save reaches the server, which commits it; the answer never reaches the phone,
    # which sees the connection drop: neither the page nor the cookie it set arrives.
    committed: list[int] = []

    def lose_the_first_answer(route: Route) -> None:
        if route.request.method != "POST" or committed:
            route.continue_()
            return
        cookies = page.context.cookies()
        committed.append(route.fetch(max_redirects=0).status)
        page.context.clear_cookies()
        page.context.add_cookies(cookies)
        route.abort("connectionreset")

    page.context.route(f"**{score}", lose_the_first_answer)
    fill_hand(page, 1, "Ann", HAND_1).save(1)

    # The outbox kept it, sent it again, and the server answered as the first time.
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.", timeout=LANDS_MS)
    expect(page.locator(".hand-of")).to_have_text("Hand 2 of 7")
    expect(outbox(page)).to_be_hidden()
    expect(page.locator("#waiting")).to_be_hidden()
    assert page.evaluate(KEPT_SAVES) == []
    assert committed == [302]
    assert received == [score, score]
    assert saved(live_app, game.game_id) == (
        [(1, "scored", 2), (2, "playing", 1)],
        len(SEATING),
        1,
    )


def test_a_double_tap_on_save_offline_keeps_one_save_which_lands_once(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    received = posts_received(live_app)
    at_the_table(page, game.game_id)
    page.context.set_offline(True)
    fill_hand(page, 1, "Ann", HAND_1)
    # Two taps in one moment, before the page can answer the first.
    page.get_by_role("button", name="Save hand 1").evaluate(
        "save => { save.click(); save.click(); }"
    )

    expect(outbox(page)).to_contain_text("1 save waiting")
    assert page.evaluate(KEPT_SAVES) == ["Hand 1: waiting"]
    page.context.set_offline(False)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.", timeout=LANDS_MS)
    expect(outbox(page)).to_be_hidden()
    assert received == [f"/games/{game.game_id}/hand/1/score"]
    assert saved(live_app, game.game_id) == (
        [(1, "scored", 2), (2, "playing", 1)],
        len(SEATING),
        1,
    )


HAND_2 = {"Ann": Tally(1, 0, 0, 0), "Cat": Tally(0, 0, 0, 1), "Dan": Tally(1, 1, 0, 0)}
HAND_3 = {"Ann": Tally(0, 1, 0, 0), "Bob": Tally(0, 0, 1, 0), "Dan": Tally(2, 0, 0, 0)}


@pytest.fixture
def server(live_app: Flask, tmp_path: Path):
    """`make run`'s server (waitress) in a process of its own, on the browser tests' database."""
    process = Server("waitress", live_app.config["SQLALCHEMY_DATABASE_URI"], tmp_path / "server")
    process.start()
    yield process
    process.stop()


def test_the_server_killed_while_the_outbox_sends_loses_nothing_and_doubles_nothing(
    browser: Browser, server: Server, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    context = phone_context(browser, f"http://127.0.0.1:{server.port}")
    try:
        page = context.new_page()
        at_the_table(page, game.game_id)
        context.set_offline(True)
        fill_hand(page, 1, "Ann", HAND_1).save(1)
        fill_hand(page, 2, "Bob", HAND_2).save(2)
        fill_hand(page, 3, "Cat", HAND_3).save(3)
        expect(outbox(page)).to_contain_text("3 saves waiting")

        # Back online, the outbox sends hand 1, which lands; as it sends hand 2 the server
        # is killed.
        killed: list[str] = []

        def kill_the_server(route: Route) -> None:
            if route.request.method == "POST" and not killed:
                server.kill()
                killed.append(route.request.url)
            route.continue_()

        context.route(f"**/games/{game.game_id}/hand/2/score", kill_the_server)
        context.set_offline(False)
        expect(outbox(page)).to_contain_text("2 saves waiting", timeout=LANDS_MS)
        assert killed
        assert saved(live_app, game.game_id) == (
            [(1, "scored", 2), (2, "playing", 1)],
            len(SEATING),
            1,
        )

        # Started again on the same port and database: what waits lands, on the phone's
        # own timer, and the table screen shows every hand once.
        server.start()
        expect(page.locator(".hand-of")).to_have_text("Hand 4 of 7", timeout=2 * LANDS_MS)
        expect(outbox(page)).to_be_hidden()
        assert page.evaluate(KEPT_SAVES) == []
    finally:
        context.close()
    assert saved(live_app, game.game_id) == (
        [(1, "scored", 2), (2, "scored", 2), (3, "scored", 2), (4, "playing", 1)],
        3 * len(SEATING),
        3,
    )


def test_without_javascript_a_hand_its_fix_and_a_may_i_go_through_the_plain_forms(
    browser: Browser, live_server: str, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        sign_in(page)
        page.goto(f"/games/{game.game_id}")
        page.get_by_role("button", name="May I? for Cat").tap()
        expect(page.locator("#mayi .flash")).to_contain_text("Cat")
        expect(page.get_by_role("button", name="Take back Cat's May I?")).to_be_visible()

        page.get_by_role("link", name="Score hand 1").tap()
        form = HandForm(page, Thumb())
        form.card("Ann").get_by_label("Went out").check()
        for name in SEATING[1:]:
            form.count(name, "10-K").fill("1")
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.locator(".flash")).to_have_text("Hand 1 saved.")

        page.get_by_test_id("fix-hand-1").tap()
        expect(page.get_by_role("heading", level=1)).to_have_text("Fix hand 1")
        form.count("Dan", "10-K").fill("2")
        page.get_by_role("button", name="Save the correction").tap()
        expect(page.locator(".flash")).to_contain_text("Hand 1 corrected")
        dan = page.get_by_test_id("totals").locator("li").filter(has_text="Dan")
        expect(dan.locator(".total")).to_have_text("20")
    finally:
        context.close()
    dealt, scores, receipts = saved(live_app, game.game_id)
    assert dealt == [(1, "scored", 3), (2, "playing", 1)]
    assert (scores, receipts) == (len(SEATING), 3)
