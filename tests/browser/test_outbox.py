"""The outbox on a phone that loses the connection at the table (static/outbox.js): hands
saved offline wait on the phone, shown on the table screen with the totals they will make,
and land once when the phone is back; a save that waited past its form token or its session
still lands; a refused save stays with the server's reason until someone dismisses it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlparse

import pytest
from flask import Flask, request
from playwright.sync_api import Browser, Page, Playwright, expect
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import ActionReceipt, Hand, HandScore
from scorekeeper.play import endings, games, hands
from scorekeeper.rules.entries import PlayerEntry

from .conftest import PHONE
from .phone import HandForm, Tally, Thumb
from .signing_in import OWNER, OWNER_PASSWORD, sign_in
from .test_offline import KEPT_PAGES, worker_ready

pytestmark = [pytest.mark.browser, pytest.mark.database]

SEATING = ("Ann", "Bob", "Cat", "Dan")
BOB_HAND_1 = Tally(2, 1, 0, 0)  # 20 points
CAT_HAND_1 = Tally(0, 1, 0, 0)  # 10
DAN_HAND_1 = Tally(0, 0, 1, 0)  # 20
ANN_HAND_2 = Tally(1, 0, 0, 0)  # 5
# How long saves kept on the phone may take to land once the server can be reached: the
# outbox sends on the next page's load, or on its timer (2 s, then twice as long) when the
# page it left still held the phone's lock; on a busy machine, a few seconds more.
LANDS_MS = 20_000


def at_the_table(page: Page, game_id: int) -> None:
    """Sign in and open the table screen with the worker running, until it keeps the table
    screen and the forms of hand 1 and the next two."""
    sign_in(page)
    forms_kept(page, game_id)


def forms_kept(page: Page, game_id: int) -> None:
    """Open the table screen of a phone that may score, until the worker keeps it and the
    forms of hand 1 and the next two."""
    worker_ready(page)
    page.goto(f"/games/{game_id}")
    wanted = [f"/games/{game_id}"] + [f"/games/{game_id}/hand/{n}/score" for n in (1, 2, 3)]
    for _ in range(50):
        kept = page.evaluate(KEPT_PAGES)
        if all(path in kept for path in wanted):
            return
        page.wait_for_timeout(100)
    pytest.fail(f"the worker kept {kept}, not all of {wanted}")


def score_hand_1(page: Page) -> HandForm:
    form = HandForm(page, Thumb())
    page.get_by_role("link", name="Score hand 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 1")
    form.tap_went_out("Ann")
    form.tap_tally("Bob", BOB_HAND_1)
    form.tap_tally("Cat", CAT_HAND_1)
    form.tap_tally("Dan", DAN_HAND_1)
    form.save(1)
    return form


def outbox(page: Page):
    return page.locator("#outbox")


def posts_received(app: Flask) -> list[str]:
    """The paths of the forms of a game the server receives from now on, as it receives them
    (the events of a request a service worker sends may never reach the test). Called before
    the test's first request: an app takes no new hook once it has served one."""
    received: list[str] = []

    def note() -> None:
        if request.method == "POST" and request.path.startswith("/games/"):
            received.append(request.path)

    app.before_request(note)
    return received


def saved(live_app: Flask, game_id: int) -> tuple[list[tuple[int, str, int]], int, int]:
    """Each hand's (number, state, version), the score rows and the receipts of the game."""
    with live_app.app_context():
        found = db.session.scalars(
            select(Hand).filter_by(game_id=game_id).order_by(Hand.number, Hand.attempt)
        )
        dealt = [(hand.number, hand.state.value, hand.version) for hand in found]
        scores = db.session.scalar(select(func.count()).select_from(HandScore))
        receipts = db.session.scalar(select(func.count()).select_from(ActionReceipt))
        return dealt, scores or 0, receipts or 0


def test_two_hands_scored_offline_wait_on_the_phone_and_land_once_when_it_is_back(
    phone: Callable[[], Page], make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    page = phone()
    at_the_table(page, game.game_id)
    page.context.set_offline(True)

    score_hand_1(page)
    expect(outbox(page)).to_contain_text(
        "Hand 1 is saved on this phone and will be sent when the connection is back."
    )
    expect(outbox(page)).to_contain_text("1 save waiting")
    waiting = page.locator("#waiting")
    expect(waiting).to_contain_text("Hand 1 waiting")
    expect(waiting).to_contain_text("Ann: out · 0")
    expect(waiting).to_contain_text("Bob: 20 pts")
    expect(waiting).to_contain_text("Totals then: Ann 0 · Bob 20 · Cat 10 · Dan 20")

    page.get_by_role("link", name="Score hand 2").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 2")
    form = HandForm(page, Thumb())
    form.tap_went_out("Bob")
    form.tap_tally("Ann", ANN_HAND_2)
    form.tap_tally("Cat", Tally(0, 0, 0, 1))  # 50
    form.tap_tally("Dan", Tally(1, 1, 0, 0))  # 15
    form.save(2)

    expect(outbox(page)).to_contain_text("2 saves waiting")
    expect(waiting).to_contain_text("Hand 2 waiting")
    expect(waiting).to_contain_text("Totals then: Ann 5 · Bob 20 · Cat 60 · Dan 35")
    expect(page.get_by_role("link", name="Score hand 3")).to_be_visible()
    assert saved(live_app, game.game_id) == ([(1, "playing", 1)], 0, 0)

    page.context.set_offline(False)
    expect(page.locator(".hand-of")).to_have_text("Hand 3 of 7", timeout=LANDS_MS)
    expect(page.locator(".flash")).to_have_text(["Hand 1 saved.", "Hand 2 saved."])
    expect(outbox(page)).to_be_hidden()
    expect(waiting).to_be_hidden()
    # Each hand saved once: one row per player, its version moved once by its save.
    assert saved(live_app, game.game_id) == (
        [(1, "scored", 2), (2, "scored", 2), (3, "playing", 1)],
        2 * len(SEATING),
        2,
    )

    other = phone()
    sign_in(other)
    other.goto(f"/games/{game.game_id}")
    expect(other.locator(".hand-of")).to_have_text("Hand 3 of 7")
    for seat, total in enumerate((5, 20, 60, 35)):
        row = other.get_by_test_id("totals").locator(f'li[data-seat="{seat}"]')
        expect(row).to_have_attribute("data-total", str(total))


def test_the_forms_ahead_are_fetched_again_only_once_the_game_has_moved(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    at_the_table(page, game.game_id)
    fetched: list[str] = []
    page.context.on(
        "request",
        lambda r: fetched.append(r.url) if r.service_worker and "/hand/" in r.url else None,
    )

    page.reload()  # the game has not moved: the forms kept are current
    page.wait_for_timeout(500)
    assert fetched == []

    with live_app.app_context():  # another phone saves hand 1
        played = games.load_game(game.game_id)
        hands.score_hand(
            games.current_hand(played),
            [PlayerEntry(went_out=True)] + [PlayerEntry(typed_total=10)] * 3,
            stock_ran_out=False,
            confirmed=True,
        )
        db.session.commit()
    expect(page.locator(".hand-of")).to_have_text("Hand 2 of 7")  # the table follows
    table = f"/games/{game.game_id}"
    wanted = [f"{table}/hand/{n}/score" for n in (2, 3, 4)]
    for _ in range(50):
        if len(fetched) >= len(wanted):
            break
        page.wait_for_timeout(100)
    assert sorted(urlparse(url).path for url in fetched) == wanted


def test_a_save_sent_by_two_tabs_at_once_lands_once(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    received = posts_received(live_app)
    at_the_table(page, game.game_id)
    second_tab = page.context.new_page()
    second_tab.goto(f"/games/{game.game_id}")
    page.context.set_offline(True)

    score_hand_1(page)
    expect(second_tab.locator("#waiting")).to_be_hidden()  # it has not looked yet
    expect(outbox(page)).to_contain_text("1 save waiting")

    # Back online, both tabs would send what waits at the same moment: the lock the phone's
    # tabs share lets one send it.
    page.context.set_offline(False)
    for tab in (page, second_tab):
        expect(tab.locator(".hand-of")).to_have_text("Hand 2 of 7", timeout=LANDS_MS)
    assert received == [f"/games/{game.game_id}/hand/1/score"]
    assert saved(live_app, game.game_id) == (
        [(1, "scored", 2), (2, "playing", 1)],
        len(SEATING),
        1,
    )


def test_a_save_that_waited_past_its_form_token_lands_with_a_fresh_one(
    page: Page,
    make_game: Callable[..., Any],
    live_app: Flask,
    playwright: Playwright,
    live_server: str,
):
    game = make_game(SEATING)
    at_the_table(page, game.game_id)
    page.context.set_offline(True)
    score_hand_1(page)
    expect(outbox(page)).to_contain_text("1 save waiting")

    # Meanwhile the phone signed in again (say in another tab): a new session, whose form
    # tokens are not the one the waiting save was made with.
    elsewhere = playwright.request.new_context(base_url=live_server)
    try:
        login = elsewhere.get("/login").text()
        token = login.split('name="csrf_token" type="hidden" value="')[1].split('"')[0]
        elsewhere.post(
            "/login",
            form={"csrf_token": token, "username": OWNER, "password": OWNER_PASSWORD},
        )
        cookies = elsewhere.storage_state()["cookies"]
    finally:
        elsewhere.dispose()
    page.context.clear_cookies()
    page.context.add_cookies(cookies)

    page.context.set_offline(False)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.", timeout=LANDS_MS)
    assert saved(live_app, game.game_id)[1:] == (len(SEATING), 1)


def test_a_signed_out_phone_keeps_its_outbox_and_asks_to_sign_in(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    at_the_table(page, game.game_id)
    page.context.set_offline(True)
    score_hand_1(page)
    expect(outbox(page)).to_contain_text("1 save waiting")

    page.context.clear_cookies()  # the session ended while the phone was away
    page.context.set_offline(False)
    expect(outbox(page)).to_contain_text("Sign in again to send 1 save waiting.")
    assert saved(live_app, game.game_id)[1:] == (0, 0)

    posts: list[str] = []
    page.on("request", lambda request: request.method == "POST" and posts.append(request.url))
    outbox(page).get_by_role("link", name="Sign in").tap()
    page.get_by_label("User name").fill(OWNER)
    page.get_by_label("Password").fill(OWNER_PASSWORD)
    # The sign-in page sends no save, even when told the phone is back: an answer to one
    # could set the signed-out cookie over the sign-in's.
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_timeout(1000)
    assert posts == []
    page.get_by_role("button", name="Sign in").tap()
    expect(page.locator(".hand-of")).to_have_text("Hand 2 of 7", timeout=LANDS_MS)
    expect(outbox(page)).to_be_hidden()
    assert saved(live_app, game.game_id)[1:] == (len(SEATING), 1)


def test_a_refused_save_stays_with_the_server_s_reason_until_it_is_dismissed(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    at_the_table(page, game.game_id)
    page.context.set_offline(True)
    score_hand_1(page)
    expect(outbox(page)).to_contain_text("1 save waiting")
    with live_app.app_context():  # another phone ended the game meanwhile
        endings.end(games.load_game(game.game_id), "agreement")
        db.session.commit()

    page.context.set_offline(False)
    refusal = outbox(page).locator(".outbox-refused")
    expect(refusal).to_contain_text("Not saved: Hand 1. Game 1 was discarded")
    page.reload()
    expect(refusal).to_contain_text("Not saved: Hand 1. Game 1 was discarded")

    # Nothing entered can put it right: it is only dismissed.
    expect(refusal.get_by_role("button", name="Open it to put it right")).to_have_count(0)
    refusal.get_by_role("button", name="Dismiss").tap()
    expect(refusal).to_have_count(0)
    page.reload()
    expect(refusal).to_have_count(0)
    assert saved(live_app, game.game_id)[1:] == (0, 0)


def test_without_javascript_a_hand_is_posted_as_before(
    browser: Browser, live_server: str, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        sign_in(page)
        page.goto(f"/games/{game.game_id}")
        page.get_by_role("link", name="Score hand 1").tap()
        form = HandForm(page, Thumb())
        form.card("Ann").get_by_label("Went out").check()
        for name in SEATING[1:]:
            form.count(name, "10-K").fill("1")
        page.get_by_role("button", name="Save hand 1").tap()
        expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    finally:
        context.close()
    assert saved(live_app, game.game_id)[1:] == (len(SEATING), 1)
