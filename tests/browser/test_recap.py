"""The recap on a phone: from the finished game's table screen to its card, which fits 390 px,
and its picture shared as a file where the browser can, downloaded elsewhere."""

from __future__ import annotations

from datetime import date

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import League
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry

from .signing_in import sign_in

pytestmark = pytest.mark.browser

# Eight players, some with long names, as a big family table writes them.
NAMES = (
    "Grandma Rosalind Núñez",
    "Uncle Bartholomew",
    "Cousin Maximiliana",
    "Jörg",
    "Zoë",
    "Dan",
    "Eve",
    "Fay",
)
# The points each player holds in every hand, 0 for going out: Grandma wins.
POINTS = (0, 5, 10, 15, 20, 25, 30, 35)

# A browser that can share files: records what it was asked to share.
CAN_SHARE = """
Object.defineProperty(Navigator.prototype, "canShare", {
  configurable: true, value: function (data) { return !!(data && data.files && data.files.length); }
});
Object.defineProperty(Navigator.prototype, "share", {
  configurable: true,
  value: function (data) {
    var file = data.files[0];
    window.sharedFile = { name: file.name, type: file.type, size: file.size, title: data.title };
    return Promise.resolve();
  }
});
"""
# A browser without the Web Share API.
CANNOT_SHARE = """
delete Navigator.prototype.canShare;
delete Navigator.prototype.share;
"""


def played_out(app: Flask, league_id: int) -> int:
    """A game of the eight played out; its id."""
    with app.app_context():
        league = db.session.get(League, league_id)
        by_name = {player.name: player for player in league.players}
        seated = [by_name[name] for name in NAMES]
        game = games.start_game(league, league.rulesets[0], seated, 0, date(2026, 11, 26))
        for _ in range(7):
            report = [
                PlayerEntry(typed_total=p) if p else PlayerEntry(went_out=True) for p in POINTS
            ]
            hands.score_hand(games.current_hand(game), report, stock_ran_out=False, confirmed=True)
        db.session.commit()
        return game.id


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the recap scrolls sideways ({width} px)"


def test_the_recap_fits_a_phone_and_its_picture_downloads(page: Page, live_app, make_league):
    game_id = played_out(live_app, make_league(NAMES))
    page.add_init_script(CANNOT_SHARE)
    sign_in(page)

    page.goto(f"/games/{game_id}")
    page.get_by_role("link", name="Recap to share").tap()

    card = page.get_by_test_id("recap")
    expect(card.get_by_role("heading", level=1)).to_have_text("Game 1")
    expect(card).to_contain_text("Grandma Rosalind Núñez won with 0 points.")
    expect(card).to_contain_text("Grandma Rosalind Núñez led from the first hand to the end.")
    expect(card.locator("li")).to_have_count(8)
    fits(page)
    expect(page.get_by_role("button", name="Share the picture")).to_be_hidden()
    download_link = page.get_by_role("link", name="Download the picture")
    expect(download_link).to_be_visible()
    with page.expect_download() as downloading:
        download_link.tap()
    assert downloading.value.suggested_filename == "game-1-recap.png"


def test_a_phone_that_can_share_files_shares_the_picture(page: Page, live_app, make_league):
    game_id = played_out(live_app, make_league(NAMES))
    page.add_init_script(CAN_SHARE)
    sign_in(page)

    page.goto(f"/games/{game_id}/recap")

    share = page.get_by_role("button", name="Share the picture")
    expect(share).to_be_visible()
    expect(page.get_by_role("link", name="Download the picture")).to_be_visible()
    fits(page)
    share.tap()
    page.wait_for_function("window.sharedFile !== undefined")
    shared = page.evaluate("window.sharedFile")
    assert shared["name"] == "game-1-recap.png"
    assert shared["type"] == "image/png"
    assert shared["size"] > 10_000
    assert shared["title"] == "Game 1"


def test_the_days_recap_fits_a_phone(page: Page, live_app, make_league):
    league_id = make_league(NAMES)
    played_out(live_app, league_id)
    played_out(live_app, league_id)
    sign_in(page)

    page.goto(f"/leagues/{league_id}")
    page.get_by_role("link", name="November 26, 2026").tap()

    card = page.get_by_test_id("recap")
    expect(card.get_by_role("heading", level=1)).to_have_text("Game night")
    expect(card).to_contain_text("Grandma Rosalind Núñez took the night with 2 wins.")
    fits(page)
