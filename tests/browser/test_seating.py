"""The seating page: whoever the table chose as first dealer keeps the deal when seats move;
playing again after any ending, taking players out and adding them back; a player who left."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.play import games, hands, interruptions
from scorekeeper.rules.entries import PlayerEntry

from .phone import Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve")


def test_the_chosen_first_dealer_keeps_the_deal_when_seats_move(
    page: Page, make_league: Callable[..., int]
):
    league = make_league(PLAYERS)
    sign_in(page)
    page.goto(f"/leagues/{league}/games/new")
    playing = page.get_by_role("group", name="Who is playing?")
    for name in PLAYERS:
        playing.get_by_label(name, exact=True).tap()
    page.get_by_role("button", name="Next: seating").tap()
    dealer = page.get_by_label("Who drew the high card? They deal first.")
    dealer.select_option(label="Cat")
    page.get_by_role("button", name="Move Cat up").tap()
    expect(page.locator("ol.seating .seat-name")).to_have_text(["Ann", "Cat", "Bob", "Dan", "Eve"])
    expect(dealer.locator("option:checked")).to_have_text("Cat")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".flash")).to_have_text("Game on! Cat deals hand 1.")


def _ended_early(live_app: Flask, game_id: int) -> None:
    """One hand scored, then the table ends the game here (it is discarded)."""
    with live_app.app_context():
        game = games.load_game(game_id)
        report = [PlayerEntry(went_out=True), *[PlayerEntry(typed_total=10)] * 3]
        hands.score_hand(games.current_hand(game), report, stock_ran_out=False, confirmed=True)
        interruptions.end_game(game)
        db.session.commit()


def test_play_again_after_an_early_end_lets_the_table_take_out_and_add_back(
    page: Page, live_app: Flask, make_game: Callable[..., Any], thumb: Thumb
):
    made = make_game(("Ann", "Bob", "Cat", "Dan"), first_dealer=0)
    _ended_early(live_app, made.game_id)
    sign_in(page)
    page.goto(f"/games/{made.game_id}")
    expect(page.get_by_test_id("discarded")).to_be_visible()

    thumb.tap(page.get_by_role("link", name="Play again"))
    seats = page.locator("ol.seating .seat-name")
    expect(seats).to_have_text(["Ann", "Bob", "Cat", "Dan"])
    thumb.tap(page.get_by_role("button", name="Take out Dan"))
    expect(seats).to_have_text(["Ann", "Bob", "Cat"])
    refusal = page.get_by_test_id("count-refusal")
    expect(refusal).to_contain_text("Continental is played by 4 to 8 players; you chose 3.")
    expect(refusal.get_by_role("link", name="step 1")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]

    thumb.tap(page.get_by_role("button", name="Add Dan"))
    expect(seats).to_have_text(["Ann", "Bob", "Cat", "Dan"])
    expect(page.get_by_test_id("count-refusal")).to_have_count(0)
    thumb.tap(page.get_by_role("button", name="Start the game"))
    expect(page.locator(".flash")).to_have_text("Game on! Bob deals hand 1.")
    assert thumb.taps <= 4


def test_a_player_who_left_is_listed_apart_and_the_deal_passes_on(
    page: Page, live_app: Flask, make_game: Callable[..., Any]
):
    made = make_game(("Mom", "Dad", "Amy", "Ben"), first_dealer=0)
    with live_app.app_context():
        game = games.load_game(made.game_id)
        for _ in range(2):
            report = [PlayerEntry(typed_total=30), PlayerEntry(typed_total=20)]
            report += [PlayerEntry(went_out=True), PlayerEntry(typed_total=10)]
            hands.score_hand(games.current_hand(game), report, stock_ran_out=False, confirmed=True)
        interruptions.player_leaves(game, game.seats[3], 3)
        report = [PlayerEntry(typed_total=30), PlayerEntry(went_out=True)]
        report += [PlayerEntry(typed_total=25)]
        hands.score_hand(games.current_hand(game), report, stock_ran_out=False, confirmed=True)
        db.session.commit()
    sign_in(page)
    page.goto(f"/games/{made.game_id}")

    expect(page.get_by_test_id("dealer")).to_have_text("Mom")
    expect(page.get_by_test_id("first-player")).to_have_text("Dad")
    ranked = page.get_by_test_id("totals").locator(".name")
    expect(ranked).to_have_text(["Amy leads", "Dad", "Mom"])
    expect(page.locator(".leader .name")).to_contain_text("Amy")
    apart = page.get_by_test_id("left-apart")
    expect(apart).to_contain_text("Ben left from hand 3")
    expect(apart.locator(".leader")).to_have_count(0)
    expect(page.get_by_test_id("left-apart-note")).to_be_visible()
