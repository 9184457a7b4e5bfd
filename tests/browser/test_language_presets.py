"""Continental as Spain plays it on a phone: the bonus for going down and out in one turn
ticked on the score form (in view after "Went out" and a typed total, its points in the running
figure as the rules count them), and a total below zero leading the table."""

from __future__ import annotations

import dataclasses

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import leagues, rulesets
from scorekeeper.models import Account
from scorekeeper.play import games
from scorekeeper.rules.entries import PlayerEntry, entry_score
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Bonus

from .phone import HandForm, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat")
BONUS = "Down and out in one turn"


PERFECT_CUT = Bonus("Perfect cut", -5)  # a family's own, earned out or not


def spain_game(app: Flask, owner: int, *extra: Bonus) -> int:
    """Start a game of Continental (Spain), with the family's `extra` bonuses if any."""
    with app.app_context():
        league = leagues.create_league(
            "Los García", "continental-spain", db.session.get(Account, owner)
        )
        players = [leagues.add_player(league, name) for name in SEATING]
        record = league.rulesets[0]
        if extra:
            spain = record.rules
            rulesets.save_ruleset(record, dataclasses.replace(spain, bonuses=spain.bonuses + extra))
        game = games.start_game(league, record, players, 0)
        db.session.commit()
        return game.id


def tick(page: Page, thumb: Thumb, bonus: str, name: str) -> None:
    thumb.tap(page.get_by_role("button", name=f"One more {bonus} for {name}", exact=True))


def bonus_tick(page: Page, bonus: str, name: str):
    return page.get_by_role("button", name=f"One more {bonus} for {name}", exact=True)


def shown(entry: PlayerEntry, *extra: Bonus) -> int | None:
    """The score the rules give `entry` in hand 1 of Spain's rules with the `extra` bonuses."""
    spain = preset("continental-spain")
    rs = dataclasses.replace(spain, bonuses=spain.bonuses + extra)
    return entry_score(rs, entry, hand_number=1)


def test_going_down_and_out_in_one_turn_takes_ten_off(
    page: Page, live_app: Flask, owner: int, hand_form: HandForm, thumb: Thumb
):
    game_id = spain_game(live_app, owner)
    sign_in(page)
    page.goto(f"/games/{game_id}")
    expect(page.get_by_test_id("cards-dealt")).to_have_text("7")
    expect(page.get_by_test_id("decks")).to_have_text("2 + 6 jokers")

    thumb.tap(page.get_by_role("link", name="Score hand 1"))
    # Ann goes down and out in one turn; Bob holds a joker (50), Cat an ace (20). Her cards
    # fold away once she is out; the bonus stays in view, and her figure is the rules' own.
    hand_form.tap_went_out("Ann")
    expect(hand_form.points("Ann")).to_have_text("out · 0")
    tick(page, thumb, BONUS, "Ann")
    expect(bonus_tick(page, BONUS, "Ann")).to_be_visible()
    expect(hand_form.points("Ann")).to_have_text(f"out · {shown(PlayerEntry(True, {BONUS: 1}))}")
    thumb.tap(page.get_by_role("button", name="One more Joker for Bob", exact=True))
    thumb.tap(page.get_by_role("button", name="One more A for Cat", exact=True))
    expect(hand_form.points("Bob")).to_have_text("50 pts")
    hand_form.save(1)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    rows = page.get_by_test_id("totals").locator("li")
    for name, total in (("Ann", "-10"), ("Bob", "50"), ("Cat", "20")):
        expect(rows.filter(has_text=name).locator(".total")).to_have_text(total)
    expect(rows.first).to_contain_text("Ann")


def test_a_bonus_stays_ticked_when_the_points_are_typed(
    page: Page, live_app: Flask, owner: int, hand_form: HandForm, thumb: Thumb
):
    game_id = spain_game(live_app, owner, PERFECT_CUT)
    sign_in(page)
    page.goto(f"/games/{game_id}/hand/1/score")
    hand_form.tap_went_out("Ann")
    # Cat cut perfectly and holds an ace (20): the cut comes off what she holds.
    tick(page, thumb, PERFECT_CUT.label, "Cat")
    cut = {PERFECT_CUT.label: 1}
    expect(hand_form.points("Cat")).to_have_text(
        f"{shown(PlayerEntry(tally=cut), PERFECT_CUT)} pts"
    )
    thumb.tap(page.get_by_role("button", name="One more A for Cat", exact=True))
    with_ace = PlayerEntry(tally={"A": 1, **cut})
    expect(hand_form.points("Cat")).to_have_text(f"{shown(with_ace, PERFECT_CUT)} pts")

    # Typing her points replaces the cards tapped, not the bonus ticked.
    hand_form.card("Cat").get_by_label("Or type the points").fill("30")
    typed = PlayerEntry(tally=cut, typed_total=30)
    expect(hand_form.points("Cat")).to_have_text(f"{shown(typed, PERFECT_CUT)} pts")
    cat_cut = hand_form.card("Cat").get_by_label(f"{PERFECT_CUT.label} -5 pts", exact=True)
    expect(cat_cut).to_have_value("1")
    expect(hand_form.count("Cat", "A")).to_have_value("0")
    tick(page, thumb, PERFECT_CUT.label, "Bob")  # a tick leaves a typed total as it is
    expect(hand_form.card("Cat").get_by_label("Or type the points")).to_have_value("30")

    hand_form.card("Bob").get_by_label("Or type the points").fill("10")
    hand_form.save(1)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    rows = page.get_by_test_id("totals").locator("li")
    expect(rows.filter(has_text="Cat").locator(".total")).to_have_text("25")
    expect(rows.filter(has_text="Bob").locator(".total")).to_have_text("5")
