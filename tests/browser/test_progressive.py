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
FAMILY = ("Mom", "Dad", "Amy", "Ben")
SCREEN = 844  # the phone's height in CSS pixels
# Where the text "Penalty" ends and ", no score" begins in a summary: no gap between them.
GAP_BEFORE_COMMA = """summary => {
  const walker = document.createTreeWalker(summary, NodeFilter.SHOW_TEXT);
  let node = walker.nextNode();
  while (node && !node.textContent.includes("Penalty")) node = walker.nextNode();
  const range = document.createRange();
  range.selectNodeContents(node);
  return summary.querySelector(".folds-away").getBoundingClientRect().left
    - range.getBoundingClientRect().right;
}"""


def progressive_game(app: Flask, owner: int, seating: tuple[str, ...] = SEATING) -> int:
    with app.app_context():
        league = leagues.create_league("The Smiths", "progressive", db.session.get(Account, owner))
        players = [leagues.add_player(league, name) for name in seating]
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


def test_four_players_fit_in_fewer_screens_with_the_cheaper_cards_folded(
    page: Page, live_app: Flask, owner: int, hand_form: HandForm, thumb: Thumb
):
    game_id = progressive_game(live_app, owner, FAMILY)
    sign_in(page)
    page.goto(f"/games/{game_id}")
    thumb.tap(page.get_by_role("link", name="Score hand 1"))
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 1")

    # 14 prices a player: the six dearest show, the rest fold. 2,770 px (3.3 screens) before.
    # Measured to the form's end, its Save button: the page's footer below is no scoring.
    height = page.evaluate(
        "document.querySelector('form.hand-form').getBoundingClientRect().bottom + window.scrollY"
    )
    print(f"\nProgressive hand form for 4 players: {height} px ({height / SCREEN:.2f} screens)")
    assert height <= 2.3 * SCREEN
    amy = hand_form.card("Amy")
    more = amy.locator("summary", has_text="More cards: A to 9")
    expect(amy.get_by_role("button", name="One more 7 for Amy")).to_be_hidden()
    penalty = amy.locator("summary", has_text="Penalty")
    expect(penalty).to_have_text("Penalty, no score")
    assert abs(penalty.evaluate(GAP_BEFORE_COMMA)) < 1  # "Penalty, no score", not "Penalty , no"

    # Amy holds two 7s (in the fold), a king and a 3 (wild): 7 + 7 + 13 + 20.
    hand_form.tap_went_out("Mom")
    thumb.tap(more)
    for label in ("7", "7", "K", "3s (wild)"):
        thumb.tap(page.get_by_role("button", name=f"One more {label} for Amy", exact=True))
    expect(hand_form.points("Amy")).to_have_text("47 pts")
    thumb.tap(more)  # folded again: the 7s stay counted and are sent
    expect(amy.get_by_role("button", name="One more 7 for Amy")).to_be_hidden()
    expect(hand_form.points("Amy")).to_have_text("47 pts")
    for name in ("Dad", "Ben"):
        thumb.tap(page.get_by_role("button", name=f"One more Q for {name}", exact=True))
    hand_form.save(1)
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    rows = page.get_by_test_id("totals").locator("li")
    for name, total in (("Mom", "0"), ("Dad", "12"), ("Amy", "47"), ("Ben", "12")):
        expect(rows.filter(has_text=name).locator(".total")).to_have_text(total)
