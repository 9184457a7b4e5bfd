"""Accessibility: axe finds nothing on any page in either scheme; scoring works by keyboard
and by thumb."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from .pages import (
    PLAYERS,
    SCHEMES,
    THUMB,
    Scene,
    axe_report,
    build_scene,
    mark_tab_stops,
    open_every_details,
    small_targets,
    tab_through,
)
from .phone import HandForm
from .signing_in import sign_in

pytestmark = pytest.mark.browser

Opener = Callable[[Page, Scene], Any]
ICON = Path(__file__).resolve().parents[2] / "static" / "icons" / "icon.svg"


@pytest.fixture(autouse=True)
def icon_from_disk(page: Page) -> None:
    """Serve the app's icon from disk, not from the live server.

    Chromium fetches it again as the favicon just after each page loads, and these tests move
    to the next page at once: the cancelled download leaves the development server's file open,
    a ResourceWarning that `filterwarnings = error` turns into a failure.
    """
    page.route("**/static/icons/icon.svg*", lambda route: route.fulfill(path=ICON))


@pytest.fixture
def scene(live_app: Flask, make_league: Callable[..., int]) -> Scene:
    """One league with two finished games, one in play, one suspended, and a read-only link."""
    return build_scene(live_app, make_league(PLAYERS))


@pytest.fixture
def owner_page(page: Page, scene: Scene) -> Page:
    """The phone, signed in as the league's owner."""
    sign_in(page)
    return page


def goto(path: str, *showing: str) -> Opener:
    """Open a path made from the scene's ids, e.g. "/leagues/{league_id}", and check that the
    page shows what it is audited for (CSS selectors)."""

    def open_page(page: Page, scene: Scene) -> None:
        page.goto(path.format(**vars(scene)))
        for selector in showing:
            expect(page.locator(selector).first).to_be_visible()

    return open_page


def open_seating(page: Page, scene: Scene) -> None:
    """New game, step 1: tick the four players and go on to step 2, the seating."""
    page.goto(f"/leagues/{scene.league_id}/games/new")
    playing = page.get_by_role("group", name="Who is playing?")
    for name in PLAYERS:
        playing.get_by_label(name, exact=True).check()
    page.get_by_role("button", name="Next: seating").click()
    expect(page.get_by_role("heading", name="Seating")).to_be_visible()


def refuse_nobody_out(page: Page, scene: Scene) -> None:
    """Save the hand form with nobody out: refused, with the errors on the page."""
    page.goto(f"/games/{scene.playing_game_id}/hand/{scene.playing_hand_number}/score")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.get_by_role("alert")).to_contain_text("Nobody is marked out")


def refuse_unusual_totals(page: Page, scene: Scene) -> None:
    """Type totals no cards can make: the form asks the table to confirm them."""
    page.goto(f"/games/{scene.playing_game_id}/hand/{scene.playing_hand_number}/score")
    cards = page.locator("fieldset[data-player]")
    cards.nth(0).get_by_label("Went out").check()
    for seat in (1, 2, 3):
        cards.nth(seat).get_by_label("Or type the points").fill("7")
    page.get_by_role("button", name="Save hand 2").click()
    expect(page.get_by_role("alert")).to_contain_text("no cards add up to 7")
    expect(page.get_by_role("button", name="Yes, save hand 2 as it is")).to_be_visible()


def refuse_house_rules(page: Page, scene: Scene) -> None:
    """Save the league's rules with a card left without a price: refused, fields marked."""
    page.goto(f"/leagues/{scene.league_id}/rules/{scene.ruleset_id}")
    page.get_by_label("Points for A", exact=True).fill("")
    page.get_by_role("button", name="Save the rules").click()
    expect(page.get_by_role("alert")).to_be_visible()
    expect(page.get_by_label("Points for A", exact=True)).to_have_attribute("aria-invalid", "true")


# Every page of the owner's, how to get there, and what it must show to be worth auditing.
OWNER_PAGES: list[tuple[str, Opener]] = [
    ("home", goto("/", ".card-link")),
    ("league", goto("/leagues/{league_id}", ".card-link")),
    ("new game, step 1", goto("/leagues/{league_id}/games/new")),
    ("new game, seating", open_seating),
    (
        "table screen mid-game",
        goto("/games/{playing_game_id}", "[data-testid=stock-words]", "text=Take back", ".sheet"),
    ),
    ("hand form", goto("/games/{playing_game_id}/hand/{playing_hand_number}/score", ".tap.plus")),
    ("hand form refused", refuse_nobody_out),
    ("hand form with unusual totals", refuse_unusual_totals),
    ("fix a hand", goto("/games/{playing_game_id}/hands/{scored_hand_id}/edit")),
    ("scoresheet", goto("/games/{playing_game_id}/sheet", "a[href$='.pdf']")),
    ("finished game results", goto("/games/{finished_game_id}", "[data-testid=winner]")),
    ("finished game scoresheet", goto("/games/{finished_game_id}/sheet", "a[href$='.pdf']")),
    ("printable scoresheet", goto("/games/{finished_game_id}/sheet/print", ".paper")),
    ("printable blank scoresheet of a game", goto("/games/{playing_game_id}/blank", ".paper")),
    ("rulings", goto("/games/{playing_game_id}/rulings", "[data-ruling]")),
    ("rulings searched", goto("/games/{playing_game_id}/rulings?q=stock", "p[role=status]")),
    (
        "May I? priority answered",
        goto(
            "/games/{playing_game_id}/mayi?current=0&claimants=1&claimants=3",
            "[data-testid=priority-answer]",
        ),
    ),
    ("a player leaves", goto("/games/{playing_game_id}/leave", "select")),
    ("suspended game", goto("/games/{suspended_game_id}", "#suspended-title")),
    ("resume", goto("/games/{suspended_game_id}/resume", "input[type=checkbox]")),
    ("standings", goto("/leagues/{league_id}/standings", "[data-testid=standings]", ".chart")),
    ("records", goto("/leagues/{league_id}/records?season=all", ".records .holders")),
    ("player with charts", goto("/leagues/{league_id}/players/{player_id}", ".chart")),
    ("rename a player", goto("/leagues/{league_id}/players/{player_id}/rename")),
    ("house rules, new", goto("/leagues/{league_id}/rules/new")),
    ("house rules, edit", goto("/leagues/{league_id}/rules/{ruleset_id}", "[data-testid=prices]")),
    ("house rules refused", refuse_house_rules),
    ("delete rules", goto("/leagues/{league_id}/rules/{ruleset_id}/delete")),
    ("import a league", goto("/leagues/import", "input[type=file]")),
    ("settings", goto("/leagues/{league_id}/settings", "#share-link")),
    ("your account", goto("/account", "text=Change the password")),
    ("blank scoresheet (PDF links)", goto("/leagues/{league_id}/blank", "a[href$='.pdf']")),
    ("printable blank scoresheet", goto("/leagues/{league_id}/blank/print", ".paper")),
    ("not found", goto("/leagues/{league_id}/nowhere", "text=Nothing here")),
]
# Pages seen without an account: signing in, joining the table, following from afar.
VISITOR_PAGES: list[tuple[str, Opener]] = [
    ("home", goto("/", "text=Make an account")),
    ("sign in", goto("/login")),
    ("sign up", goto("/signup")),
    ("join the table", goto("/leagues/{league_id}/join")),
    ("read-only standings", goto("/watch/{share_token}", "[data-testid=standings]", ".chart")),
    ("read-only game in play", goto("/watch/{share_token}/games/{playing_game_id}", ".hand-card")),
    (
        "read-only finished game",
        goto("/watch/{share_token}/games/{finished_game_id}", ".sheet"),
    ),
]
# The two screens used at the table, scored from with a thumb or a keyboard.
SCORING_SCREENS: list[tuple[str, Opener]] = [
    ("table screen", goto("/games/{playing_game_id}", "text=Take back")),
    ("hand form", goto("/games/{playing_game_id}/hand/{playing_hand_number}/score", ".tap.plus")),
]


def axe_reports(page: Page, scene: Scene, pages: list[tuple[str, Opener]]) -> str:
    """Open each page in turn and run axe on it in both schemes; the reports of any failures."""
    reports = []
    for name, open_page in pages:
        open_page(page, scene)
        report = axe_report(page)
        if report:
            reports.append(f"=== {name}\n{report}")
    return "\n".join(reports)


def test_axe_finds_nothing_on_the_owners_pages_in_either_scheme(owner_page: Page, scene: Scene):
    report = axe_reports(owner_page, scene, OWNER_PAGES)
    assert not report, report


def test_axe_finds_nothing_on_the_visitors_pages_in_either_scheme(page: Page, scene: Scene):
    report = axe_reports(page, scene, VISITOR_PAGES)
    assert not report, report


def test_tab_reaches_every_control_in_order_named_and_outlined(owner_page: Page, scene: Scene):
    problems = []
    for scheme in SCHEMES:
        owner_page.emulate_media(color_scheme=scheme)
        for name, open_page in SCORING_SCREENS:
            open_page(owner_page, scene)
            open_every_details(owner_page)
            stops = mark_tab_stops(owner_page)
            assert len(stops) > 10, f"{name}: too few controls found: {stops}"
            walk = tab_through(owner_page, stops)
            problems += [f"{name}, {scheme} scheme: {problem}" for problem in walk]
    assert not problems, "\n".join(problems)


def test_the_tally_buttons_work_with_enter_and_space(
    owner_page: Page, scene: Scene, hand_form: HandForm
):
    owner_page.goto(f"/games/{scene.playing_game_id}/hand/{scene.playing_hand_number}/score")
    count = hand_form.count("Bob", "A")
    more = owner_page.get_by_role("button", name="One more A for Bob", exact=True)
    fewer = owner_page.get_by_role("button", name="One A fewer for Bob", exact=True)
    more.focus()
    owner_page.keyboard.press("Enter")
    expect(count).to_have_value("1")
    owner_page.keyboard.press("Space")
    expect(count).to_have_value("2")
    expect(more).to_be_focused()
    expect(hand_form.points("Bob")).to_have_text("40 pts")
    fewer.focus()
    owner_page.keyboard.press("Space")
    expect(count).to_have_value("1")
    owner_page.keyboard.press("Enter")
    expect(count).to_have_value("0")
    expect(fewer).to_be_focused()


# Every link, button, form control and <summary> (with the <details> opened) is at least
# 44 x 44 CSS px, except a text link inside a sentence (display: inline, words beside it), as
# WCAG 2.5.5 allows; a checkbox counts the <label> that a tap on it also ticks, and the skip
# link, off the screen until focused, is no touch target. See `pages.small_targets`.
def test_every_control_on_the_scoring_screens_is_thumb_sized(owner_page: Page, scene: Scene):
    viewport = owner_page.viewport_size
    assert viewport == {"width": 390, "height": 844}
    problems = []
    for name, open_page in SCORING_SCREENS:
        open_page(owner_page, scene)
        open_every_details(owner_page)
        problems += [f"{name}: {target}" for target in small_targets(owner_page)]
    assert not problems, f"Smaller than {THUMB}x{THUMB} CSS px:\n" + "\n".join(problems)
