"""The records on a phone: reached from the standings, every holder shown, nothing scrolls
sideways at 390 px, each game a tap away; the same without JavaScript."""

from __future__ import annotations

import re
from datetime import date

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import League
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry

from .conftest import phone_context
from .signing_in import sign_in

pytestmark = pytest.mark.browser

# Long names, as a family writes them: a shared record lists them side by side.
NAMES = ("Grandma Rosalind", "Uncle Bartholomew", "Cousin Maximiliana", "Dan")

# Each game's hands: the points every player holds, 0 for going out. Bartholomew goes out of
# every hand of the first two games; in the third Maximiliana and Grandma take turns, and
# finish level first on 60.
TURNS = [(15, 10, 0, 30) if n % 2 == 0 else (0, 10, 20, 30) for n in range(7)]
GAMES = ([(10, 0, 20, 30)] * 7, [(10, 0, 20, 30)] * 7, TURNS)


def three_games(app: Flask, league_id: int) -> int:
    """The three games played out; Bartholomew's id."""
    with app.app_context():
        league = db.session.get(League, league_id)
        by_name = {player.name: player for player in league.players}
        seated = [by_name[name] for name in NAMES]
        for rows in GAMES:
            game = games.start_game(league, league.rulesets[0], seated, 0, date(2026, 11, 26))
            for row in rows:
                report = [
                    PlayerEntry(typed_total=p) if p else PlayerEntry(went_out=True) for p in row
                ]
                hands.score_hand(
                    games.current_hand(game), report, stock_ran_out=False, confirmed=True
                )
        db.session.commit()
        return seated[1].id


def fits_the_phone(page: Page) -> None:
    """Nothing scrolls sideways, and every link to a game is a thumb's height."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    links = page.locator(".holder-where a")
    assert links.count() > 0
    for link in links.all():
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 390


def record(page: Page, title: str):
    """The record headed `title` on the page."""
    return page.locator(".records > li", has=page.get_by_role("heading", name=title))


def test_the_records_fit_a_phone(page: Page, live_app: Flask, make_league):
    league_id = make_league(NAMES)
    bartholomew = three_games(live_app, league_id)
    sign_in(page)

    page.goto(f"/leagues/{league_id}/standings?season=2026")
    page.get_by_role("link", name="Records").tap()

    expect(page.get_by_role("heading", level=1)).to_have_text("Records")
    runs = record(page, "Longest run of hands gone out")
    expect(runs.locator(".record-value")).to_have_text("7 hands in a row")
    expect(runs.locator(".holder-names")).to_have_text(["Uncle Bartholomew"] * 2)
    closest = record(page, "Closest finish")
    expect(closest.locator(".record-value")).to_have_text("a shared win")
    expect(closest.locator(".holder-names")).to_have_text("Grandma Rosalind, Cousin Maximiliana")
    fits_the_phone(page)

    closest.get_by_role("link", name="Game 3").tap()
    expect(page).to_have_url(re.compile(r"/games/\d+$"))
    page.goto(f"/leagues/{league_id}/players/{bartholomew}")
    held = page.locator("section", has=page.get_by_role("heading", name="Records", level=2))
    expect(held).to_contain_text("Longest run of hands gone out · 7 hands in a row")
    fits_the_phone(page)


def test_the_records_without_javascript(
    browser: Browser, live_server: str, live_app: Flask, make_league
):
    league_id = make_league(NAMES)
    three_games(live_app, league_id)
    context = phone_context(browser, live_server, scripts=False)
    page = context.new_page()
    sign_in(page)

    page.goto(f"/leagues/{league_id}/records?season=all")
    page.get_by_role("link", name="2026").tap()

    expect(page).to_have_url(re.compile(rf"/leagues/{league_id}/records\?season=2026$"))
    expect(record(page, "Most games won").locator(".record-value")).to_have_text("2 games won")
    fits_the_phone(page)
    context.close()
