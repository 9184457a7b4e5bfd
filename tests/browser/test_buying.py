"""The buying game on a phone: a buy into the kitty within the hand's limit, and the settling
up by place once the fifteenth deal is scored."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import leagues, rulesets
from scorekeeper.models import Account, GameStatus, MayIClaim
from scorekeeper.play import games, mayi
from scorekeeper.rules.entries import PlayerEntry
from tests.conftest import play_hand
from tests.test_other_systems import filled_buying_rules

from .phone import HandForm, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat")


def buying_game_at_its_last_deal(app: Flask, owner: int) -> int:
    """A three-player buying game (the family's cells filled in: +4, 0, -4 by place, the
    kitty to the winner) whose first 14 deals are scored; Bob bought once, in deal 1."""
    with app.app_context():
        league = leagues.create_league("The Smiths", "buying", db.session.get(Account, owner))
        players = [leagues.add_player(league, name) for name in SEATING]
        record = rulesets.copy_ruleset(league, filled_buying_rules(), "Our buying")
        game = games.start_game(league, record, players, 0)
        db.session.commit()
        game = games.load_game(game.id)
        mayi.record_claim(games.current_hand(game), game.seats[1])
        report = [
            PlayerEntry(went_out=True),
            PlayerEntry(typed_total=10),
            PlayerEntry(typed_total=20),
        ]
        for _ in range(14):
            play_hand(game, report)
        return game.id


def test_a_buy_goes_into_the_kitty_and_the_winner_takes_it_at_the_end(
    page: Page, live_app: Flask, owner: int, hand_form: HandForm, thumb: Thumb
):
    game_id = buying_game_at_its_last_deal(live_app, owner)
    sign_in(page)
    page.goto(f"/games/{game_id}")
    expect(page.locator(".hand-of")).to_have_text("Hand 15 of 15")
    expect(page.get_by_role("heading", name="Buying")).to_be_visible()
    expect(page.get_by_test_id("kitty")).to_have_text("Kitty: 1 penny")

    thumb.tap(page.get_by_role("button", name="Buy for Cat"))
    expect(page.locator("#mayi")).to_contain_text("Cat buys the face-up card for 1 penny")
    expect(page.get_by_test_id("kitty")).to_have_text("Kitty: 2 pennies")
    # The last deal allows one buy each: Cat's button is spent, Bob's is still there.
    expect(page.get_by_role("button", name="Buy for Cat")).to_be_disabled()
    expect(page.get_by_role("button", name="Buy for Bob")).to_be_enabled()

    thumb.tap(page.get_by_role("link", name="Score hand 15"))
    hand_form.tap_went_out("Ann")
    hand_form.tap_more("Bob", "A")  # an ace: 15 in this family's prices
    hand_form.tap_more("Cat", "Joker")  # a joker: 25
    expect(hand_form.points("Bob")).to_have_text("15 pts")
    expect(hand_form.points("Cat")).to_have_text("25 pts")
    hand_form.save(15)

    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    # Ann first (+4, and the kitty's 2); Bob second (0, less his buy); Cat last (-4, less hers).
    rows = page.get_by_test_id("settlement-row")
    expected = [
        ["1", "Ann", "4", "0", "2", "6"],
        ["2", "Bob", "0", "-1", "0", "-1"],
        ["3", "Cat", "-4", "-1", "0", "-5"],
    ]
    expect(rows).to_have_count(len(expected))
    for index, cells in enumerate(expected):
        expect(rows.nth(index).locator("td, th")).to_have_text(cells)
    expect(page.get_by_test_id("payments").locator("li")).to_have_text(
        ["Cat pays Ann 4", "Ann takes 2 from the kitty"]
    )
    expect(page.get_by_test_id("kitty-total")).to_contain_text(
        "The kitty holds 2 pennies (1 a buy)."
    )
    with live_app.app_context():
        game = games.load_game(game_id)
        assert game.status == GameStatus.FINISHED
        assert db.session.query(MayIClaim).count() == 2
        assert {s.player.name: s.final_total for s in game.seats} == {
            "Ann": 0,
            "Bob": 155,
            "Cat": 305,
        }
