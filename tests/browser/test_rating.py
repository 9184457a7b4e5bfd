"""The rating on a phone: the standings' panel, a player's rating and history, and the owner
choosing a rating for each family of rules, all within 390 px."""

from __future__ import annotations

from datetime import date

import pytest
from flask import Flask
from playwright.sync_api import Locator, Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import rulesets
from scorekeeper.models import League
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset

from .signing_in import sign_in

pytestmark = pytest.mark.browser

# Long names, as a family writes them.
NAMES = ("Grandma Rosalind", "Uncle Bartholomew", "Cousin Maximiliana", "Dan")
# Each game: the rule set (0 Continental, 1 deuces), then the points every player holds in
# every hand, 0 for going out. Grandma wins most; the deuces game has Dan first.
GAMES = (
    (0, (0, 10, 20, 30)),
    (0, (0, 20, 10, 30)),
    (0, (10, 0, 20, 30)),
    (0, (0, 10, 20, 30)),
    (0, (0, 10, 10, 30)),
    (1, (20, 30, 10, 0)),
)


def six_games(app: Flask, league_id: int) -> int:
    """The games played out; Grandma's id."""
    with app.app_context():
        league = db.session.get(League, league_id)
        rulesets.copy_ruleset(league, preset("may-i-deuces"), "Deuces at Gran's")
        by_name = {player.name: player for player in league.players}
        seated = [by_name[name] for name in NAMES]
        for ruleset, points in GAMES:
            record = league.rulesets[ruleset]
            game = games.start_game(league, record, seated, 0, date(2026, 11, 26))
            for _ in range(7):
                report = [
                    PlayerEntry(typed_total=p) if p else PlayerEntry(went_out=True) for p in points
                ]
                hands.score_hand(
                    games.current_hand(game), report, stock_ran_out=False, confirmed=True
                )
        db.session.commit()
        return seated[0].id


def fits_the_phone(page: Page, panel: Locator) -> None:
    """Nothing scrolls sideways: not the page, not a table inside its frame."""
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    for frame in panel.locator(".table-wrap").all():
        assert frame.evaluate("el => el.scrollWidth <= el.clientWidth")
        box = frame.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_the_rating_fits_a_phone_and_follows_the_owner_s_choice(
    page: Page, live_app: Flask, make_league
):
    league_id = make_league(NAMES)
    grandma = six_games(live_app, league_id)
    sign_in(page)

    page.goto(f"/leagues/{league_id}/standings")
    panel = page.locator("#rating")
    rows = panel.get_by_test_id("ratings").locator("tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first.locator("th")).to_have_text("Grandma Rosalind")
    expect(panel).to_contain_text("second of eight is a better result than second of three")
    fits_the_phone(page, panel)

    page.goto(f"/leagues/{league_id}/players/{grandma}")
    panel = page.locator("#rating")
    expect(panel.get_by_test_id("rating")).to_contain_text("in the last game")
    # Her fifth and sixth games, newest first.
    history = panel.locator("tbody tr")
    expect(history).to_have_count(2)
    expect(history.first.locator("td").first).to_have_text("3 of 4")
    fits_the_phone(page, panel)

    page.goto(f"/leagues/{league_id}/settings")
    page.get_by_label("Rating", exact=True).select_option(label="A rating for each family of rules")
    page.get_by_role("button", name="Save settings").tap()
    expect(page.locator(".flash")).to_have_text("Settings saved.")

    page.goto(f"/leagues/{league_id}/standings")
    panel = page.locator("#rating")
    expect(panel.locator("h3")).to_have_text(["Continental", "May I? (deuces wild)"])
    expect(panel.get_by_test_id("ratings")).to_have_count(1)  # five Continental games rated
    expect(panel.get_by_test_id("rating-waiting").locator("li")).to_have_count(4)
    expect(panel.get_by_test_id("rating-waiting").first).to_contain_text(
        "Rated after 5 games: 4 more games to go."
    )
    fits_the_phone(page, panel)
