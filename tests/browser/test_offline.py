"""A phone that loses the connection at the table: the game's pages it opened show as saved
copies marked not live, other pages show the app's own offline page, a form sent offline says
nothing was sent, and signing out forgets the pages kept (static/sw.js)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.play import games

from .phone import HandForm, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat", "Dan")
STATIC = Path(__file__).resolve().parents[2] / "static"
NOT_LIVE = re.compile(r"^Saved copy from \S.* — not live: the connection is down\. Reload$")
# The URLs of the pages the worker keeps, as the page itself can read them.
KEPT_PAGES = """async () => {
  const cache = await caches.open("pages");
  return (await cache.keys()).map(request => new URL(request.url).pathname + new URL(request.url).search);
}"""
SHELL_URLS = """async () => {
  const urls = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith("shell-")) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) urls.push(new URL(request.url).pathname + new URL(request.url).search);
  }
  return urls;
}"""


def worker_ready(page: Page) -> None:
    """Wait until the service worker is installed: it answers for the pages opened next."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")


def open_at_the_table(page: Page, game_id: int) -> str:
    """Sign in and open the game's table screen and hand form with the worker running; the hand
    form's path."""
    sign_in(page)
    worker_ready(page)
    page.goto(f"/games/{game_id}")
    page.get_by_role("link", name="Score hand 1").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 1")
    page.wait_for_function(
        "async path => (await caches.open('pages').then(c => c.match(path))) !== undefined",
        arg=page.url,
    )
    return page.url


def banner(page: Page):
    return page.locator("#saved-copy")


def test_the_table_screen_and_hand_form_opened_online_show_offline_as_saved_copies(
    page: Page, make_game: Callable[..., Any]
):
    game = make_game(SEATING)
    hand_form = open_at_the_table(page, game.game_id)
    expect(banner(page)).to_be_hidden()

    page.context.set_offline(True)
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 1")
    expect(banner(page)).to_be_visible()
    expect(banner(page)).to_have_text(NOT_LIVE)

    page.goto(f"/games/{game.game_id}")
    expect(page.locator(".hand-of")).to_have_text("Hand 1 of 7")
    expect(banner(page)).to_have_text(NOT_LIVE)

    # Never opened on this phone: the app's own page, not the browser's error.
    page.goto(f"/games/{game.game_id}/sheet")
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
    expect(page.locator("main")).to_contain_text("it has no saved copy of this page")

    page.context.set_offline(False)
    page.goto(hand_form)
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 1")
    expect(banner(page)).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.savedAt") is None


def test_a_saved_copy_gives_way_to_the_live_page_unless_something_was_typed_on_it(
    page: Page, make_game: Callable[..., Any]
):
    game = make_game(SEATING)
    hand_form = open_at_the_table(page, game.game_id)
    page.goto(f"/games/{game.game_id}")
    page.context.set_offline(True)
    page.reload()
    expect(banner(page)).to_be_visible()

    page.context.set_offline(False)  # the table screen, live again by itself
    expect(banner(page)).to_be_hidden()
    assert page.evaluate("document.documentElement.dataset.savedAt") is None

    # A hand form's copy with a count tapped stays as it is: the count would be lost.
    page.context.set_offline(True)
    page.goto(hand_form)
    expect(banner(page)).to_be_visible()
    HandForm(page, Thumb()).tap_more("Bob", "A")
    page.context.set_offline(False)
    page.wait_for_timeout(1500)
    expect(banner(page)).to_be_visible()
    expect(HandForm(page, Thumb()).count("Bob", "A")).to_have_value("1")


def test_only_a_game_s_pages_are_kept_and_the_last_twenty_of_them(
    page: Page, make_game: Callable[..., Any]
):
    game = make_game(SEATING)
    open_at_the_table(page, game.game_id)
    table = f"/games/{game.game_id}"
    page.goto("/account")
    page.goto(f"/leagues/{game.league_id}")
    page.goto(f"/leagues/{game.league_id}/settings")
    page.goto(table)
    kept = page.evaluate(KEPT_PAGES)
    assert kept and all(path.startswith(table) for path in kept), kept

    # The table screen has the worker keep the forms of the hand in play and the next two
    # (fetched again when they were dropped): they stay among the last twenty pages.
    forms = [f"{table}/hand/{number}/score" for number in (1, 2, 3)]
    visits = [f"{table}?visit={n}" for n in range(1, 22)]
    for url in visits:
        page.goto(url)
    for _ in range(50):  # evaluate() waits for the cache, where wait_for_function may not
        kept = page.evaluate(KEPT_PAGES)
        if visits[-1] in kept and all(form in kept for form in forms):
            break
        page.wait_for_timeout(100)
    assert len(kept) == 20
    assert [path for path in kept if path not in forms] == visits[-17:]


def test_a_form_that_changes_no_game_sent_offline_is_not_sent(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    """A hand saved offline waits in the outbox (test_outbox.py); any other form is not sent."""
    game = make_game(SEATING)
    sign_in(page)
    worker_ready(page)
    league = f"/leagues/{game.league_id}"
    page.goto(league)
    name = page.get_by_label("Name", exact=True)
    name.fill("Eve")

    page.context.set_offline(True)
    name.press("Enter")
    expect(page.get_by_role("heading", level=1)).to_have_text("Not sent: no connection")
    expect(page.locator("main")).to_contain_text("nothing was sent and nothing was saved")
    with live_app.app_context():
        assert "Eve" not in {player.name for player in games.load_game(game.game_id).league.players}
    expect(page.get_by_role("button", name="Go back to the form")).to_be_visible()


def test_signing_out_forgets_the_game_s_pages(page: Page, make_game: Callable[..., Any]):
    game = make_game(SEATING)
    open_at_the_table(page, game.game_id)
    page.goto(f"/games/{game.game_id}")
    # The worker keeps and forgets pages beside the page's own loading: waited for.
    page.wait_for_function(f"async () => (await ({KEPT_PAGES})()).length > 0")

    page.get_by_role("button", name="Sign out").tap()
    expect(page.locator(".flash")).to_have_text("Signed out.")
    page.wait_for_function(f"async () => (await ({KEPT_PAGES})()).length === 0")

    page.context.set_offline(True)
    page.goto(f"/games/{game.game_id}")
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
    expect(page.locator(".hand-of")).to_have_count(0)


def test_signing_out_offline_keeps_the_pages_of_the_phone_still_signed_in(
    page: Page, make_game: Callable[..., Any]
):
    game = make_game(SEATING)
    open_at_the_table(page, game.game_id)
    table = f"/games/{game.game_id}"
    page.goto(table)
    page.wait_for_function(f"async () => (await ({KEPT_PAGES})()).includes({table!r})")

    page.context.set_offline(True)
    page.get_by_role("button", name="Sign out").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Not sent: no connection")
    assert table in page.evaluate(KEPT_PAGES)

    # The sign-out never reached the server: the phone is signed in, its pages still there.
    page.goto(f"/games/{game.game_id}")
    expect(page.locator(".hand-of")).to_have_text("Hand 1 of 7")
    expect(banner(page)).to_be_visible()
    # Back online, the saved copy loads itself again, live (static/offline.js).
    page.context.set_offline(False)
    expect(banner(page)).to_be_hidden()
    expect(page.get_by_role("button", name="Sign out")).to_be_visible()


@pytest.fixture
def static_copy(live_app: Flask, tmp_path: Path) -> Path:
    """The app serving a copy of static/, so a test can change a file as an update would."""
    folder = tmp_path / "static"
    shutil.copytree(STATIC, folder)
    live_app.static_folder = str(folder)
    live_app.extensions["static_files"].folder = str(folder)
    return folder


def test_an_updated_stylesheet_replaces_the_old_one(
    page: Page, make_game: Callable[..., Any], static_copy: Path
):
    game = make_game(SEATING)
    sign_in(page)
    worker_ready(page)
    page.goto(f"/games/{game.game_id}")
    old = page.locator("link[rel=stylesheet]").get_attribute("href")
    assert old in page.evaluate(SHELL_URLS)

    stylesheet = static_copy / "app.css"
    stylesheet.write_text(stylesheet.read_text() + "\n.updated { color: inherit; }\n")
    page.goto(f"/games/{game.game_id}")
    new = page.locator("link[rel=stylesheet]").get_attribute("href")
    assert new != old
    # The new worker caches the new stylesheet, and deletes the old cache once it takes over.
    page.wait_for_function(
        f"async () => {{ const urls = await ({SHELL_URLS})(); "
        f"return urls.includes({new!r}) && !urls.includes({old!r}); }}"
    )

    page.context.set_offline(True)
    page.reload()
    expect(banner(page)).to_be_visible()
    assert (
        page.evaluate("getComputedStyle(document.getElementById('saved-copy')).position")
        == "sticky"
    )
