"""The progressive game on a phone: the round's wild rank on the card and in the taps, and
two players out in one hand."""

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


def progressive_game(app: Flask, owner: int) -> int:
    with app.app_context():
        league = leagues.create_league("The Smiths", "progressive", db.session.get(Account, owner))
        players = [leagues.add_player(league, name) for name in SEATING]
        game = games.start_game(league, league.rulesets[0], players, 0)
        db.session.commit()
        return game.id


def test_round_one_prices_threes_at_20_and_lets_two_go_out(
    page: Page, live_app: Flask, owner: int, hand_form: HandForm, thumb: Thumb
):
    game_id = progressive_game(live_app, owner)
    sign_in(page)
    page.goto(f"/games/{game_id}")
    expect(page.locator(".hand-of")).to_have_text("Hand 1 of 11")
    expect(page.get_by_test_id("wild-rank")).to_have_text("3s: 20 points each left in hand")
    expect(page.get_by_test_id("cards-dealt")).to_have_text("3")

    thumb.tap(page.get_by_role("link", name="Score hand 1"))
    # Ann goes out; Bob empties his hand on his last turn; Cat holds two 3s (wild) and a king.
    hand_form.tap_went_out("Ann")
    hand_form.tap_went_out("Bob")
    for label in ("3s (wild)", "3s (wild)", "K"):
        thumb.tap(page.get_by_role("button", name=f"One more {label} for Cat", exact=True))
    expect(hand_form.points("Cat")).to_have_text("53 pts")  # 20 + 20 + 13
    hand_form.save(1)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    rows = page.get_by_test_id("totals").locator("li")
    for name, total in (("Ann", "0"), ("Bob", "0"), ("Cat", "53")):
        expect(rows.filter(has_text=name).locator(".total")).to_have_text(total)
    # Round 2 deals 4 cards and the 4s are wild.
    expect(page.get_by_test_id("wild-rank")).to_have_text("4s: 20 points each left in hand")
