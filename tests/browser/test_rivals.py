"""A player's rivals on a phone: the nemesis, the favourite and the table fit 390 px."""

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

# Long names, as a family writes them, in a table of five columns.
NAMES = ("Grandma Rosalind", "Uncle Bartholomew", "Cousin Maximiliana", "Dan")


# Each game: the points every player holds in every hand, 0 for going out. Grandma finishes
# behind Bartholomew three times in four, and ahead of Dan every time.
GAMES = ((10, 0, 20, 30), (10, 0, 20, 30), (0, 10, 20, 30), (20, 0, 10, 30))


def four_games(app: Flask, league_id: int) -> int:
    """The four games played out; Grandma's id."""
    with app.app_context():
        league = db.session.get(League, league_id)
        by_name = {player.name: player for player in league.players}
        seated = [by_name[name] for name in NAMES]
        for points in GAMES:
            game = games.start_game(league, league.rulesets[0], seated, 0, date(2026, 11, 26))
            for _ in range(7):
                report = [
                    PlayerEntry(typed_total=p) if p else PlayerEntry(went_out=True) for p in points
                ]
                hands.score_hand(
                    games.current_hand(game), report, stock_ran_out=False, confirmed=True
                )
        db.session.commit()
        return seated[0].id


def test_rivals_fit_a_phone(page: Page, live_app: Flask, make_league):
    league_id = make_league(NAMES)
    player_id = four_games(live_app, league_id)
    sign_in(page)

    page.goto(f"/leagues/{league_id}/players/{player_id}")

    picks = page.get_by_test_id("rivals")
    expect(picks).to_contain_text("Nemesis Uncle Bartholomew")
    expect(picks).to_contain_text("Grandma Rosalind finished behind Uncle Bartholomew in 3 of 4")
    expect(picks).to_contain_text("Favourite opponent Dan")
    table = page.locator("section", has=page.get_by_role("heading", name="Head to head"))
    rows = table.locator("tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.first.locator("th")).to_have_text("Cousin Maximiliana 4 games")
    expect(rows.first.locator("td")).to_have_text(["3", "1", "0"])
    # Nothing scrolls sideways: not the page, not the table inside its frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    frame = table.locator(".table-wrap")
    assert frame.evaluate("el => el.scrollWidth <= el.clientWidth")
    box = frame.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
