"""The standings chart on a phone: an evening's games told apart, its lines in both schemes."""

from __future__ import annotations

from datetime import date

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import League
from scorekeeper.play import games

from .pages import FINISHED_HANDS, PLAYERS, _play
from .signing_in import sign_in

pytestmark = pytest.mark.browser

# The colours of the first player's line: written on the SVG (light), and app.css's dark one.
LIGHT, DARK = "rgb(15, 110, 74)", "rgb(95, 211, 160)"


def three_games_one_evening(app: Flask, league_id: int) -> None:
    with app.app_context():
        league = db.session.get(League, league_id)
        seated = sorted(league.players, key=lambda player: PLAYERS.index(player.name))
        for dealer in range(3):
            game = games.start_game(league, league.rulesets[0], seated, dealer, date(2026, 11, 26))
            _play(game, FINISHED_HANDS)
        db.session.commit()


def test_the_standings_chart_tells_an_evenings_games_apart_in_both_schemes(
    page: Page, live_app: Flask, make_league
):
    league_id = make_league(PLAYERS)
    three_games_one_evening(live_app, league_id)
    sign_in(page)

    page.goto(f"/leagues/{league_id}/standings?season=2026")

    chart = page.locator("svg.chart")
    axis = chart.locator(".axes text")
    # The y-axis's totals, then each game's number, its day written once.
    assert axis.all_text_contents()[-5:] == ["Game", "1", "2", "3", "26/11"]
    # The chart fits the phone: no label runs past its edge, nothing scrolls sideways.
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    for label in axis.all():
        edge = label.bounding_box()
        assert (
            edge is not None
            and box["x"] <= edge["x"] <= edge["x"] + edge["width"] <= box["x"] + box["width"]
        )
    assert page.evaluate("document.documentElement.scrollWidth") <= 390

    line = chart.locator(".series polyline").first
    for scheme, colour in (("light", LIGHT), ("dark", DARK)):
        page.emulate_media(color_scheme=scheme)
        expect(line).to_have_css("stroke", colour)
        expect(line).to_have_css("fill", "none")
