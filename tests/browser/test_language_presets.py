"""Continental as Spain plays it on a phone: the bonus for going down and out in one turn
ticked on the score form, and a total below zero leading the table."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.models import Account
from scorekeeper.play import games

from .phone import HandForm, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat")
BONUS = "Down and out in one turn"


def spain_game(app: Flask, owner: int) -> int:
    with app.app_context():
        league = leagues.create_league(
            "Los García", "continental-spain", db.session.get(Account, owner)
        )
        players = [leagues.add_player(league, name) for name in SEATING]
        game = games.start_game(league, league.rulesets[0], players, 0)
        db.session.commit()
        return game.id


def test_going_down_and_out_in_one_turn_takes_ten_off(
    page: Page, live_app: Flask, owner: int, hand_form: HandForm, thumb: Thumb
):
    game_id = spain_game(live_app, owner)
    sign_in(page)
    page.goto(f"/games/{game_id}")
    expect(page.get_by_test_id("cards-dealt")).to_have_text("7")
    expect(page.get_by_test_id("decks")).to_have_text("2 + 6 jokers")

    thumb.tap(page.get_by_role("link", name="Score hand 1"))
    # Ann goes down and out in one turn; Bob holds a joker (50), Cat an ace (20). The bonus is
    # tapped before "Went out": the page's script folds an out player's counts away.
    thumb.tap(page.get_by_role("button", name=f"One more {BONUS} for Ann", exact=True))
    hand_form.tap_went_out("Ann")
    thumb.tap(page.get_by_role("button", name="One more Joker for Bob", exact=True))
    thumb.tap(page.get_by_role("button", name="One more A for Cat", exact=True))
    expect(hand_form.points("Bob")).to_have_text("50 pts")
    hand_form.save(1)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    rows = page.get_by_test_id("totals").locator("li")
    for name, total in (("Ann", "-10"), ("Bob", "50"), ("Cat", "20")):
        expect(rows.filter(has_text=name).locator(".total")).to_have_text(total)
    expect(rows.first).to_contain_text("Ann")
