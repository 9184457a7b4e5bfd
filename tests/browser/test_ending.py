"""Ending a game early on a phone: bedtime at the table, in at most three taps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.models import GameStatus, HandState
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry

from .phone import Thumb
from .signing_in import join_table

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat", "Dan")
MOST_TAPS = 3  # "End the game here", "everyone agrees", "End the game"


def test_the_table_ends_a_game_early_in_three_taps(
    page: Page, live_app: Flask, make_game: Callable[..., Any], thumb: Thumb
):
    made = make_game(SEATING)
    with live_app.app_context():
        game = games.load_game(made.game_id)
        report = [PlayerEntry(went_out=True), *[PlayerEntry(typed_total=10)] * 3]
        hands.score_hand(games.current_hand(game), report, stock_ran_out=False, confirmed=True)
        db.session.commit()
    join_table(page, made.league_id)  # a phone at the table, not the owner's
    page.goto(f"/games/{made.game_id}")
    expect(page.locator(".hand-of")).to_have_text("Hand 2 of 7")

    thumb.tap(page.get_by_role("link", name="End the game here"))
    expect(page.get_by_test_id("ending-headline")).to_have_text("The game will be discarded.")
    expect(page.get_by_text("Nobody played every hand")).to_be_visible()
    thumb.tap(page.get_by_label("Everyone at the table agrees to end the game here"))
    thumb.tap(page.get_by_role("button", name="End the game"))

    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.get_by_test_id("discarded")).to_contain_text(
        "The table ended the game after 1 of 7 hands."
    )
    expect(page.get_by_role("link", name="Score hand 2")).to_have_count(0)
    assert thumb.taps <= MOST_TAPS
    with live_app.app_context():
        ended = games.load_game(made.game_id)
        assert (ended.status, ended.discarded) == (GameStatus.INCOMPLETE, True)
        assert [hand.state for hand in ended.hands] == [HandState.SCORED, HandState.UNPLAYED]
