"""The money on a 390 px phone: the settling-up table and the standings' Pennies fit the
screen, nothing scrolls sideways, and "Who pays whom" lists the kitty."""

from __future__ import annotations

from dataclasses import replace

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import leagues, rulesets
from scorekeeper.models import Account
from scorekeeper.play import games, mayi
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.ruleset import Payouts, Settlement
from tests.conftest import play_hand
from tests.test_other_systems import filled_buying_rules

from .signing_in import sign_in

pytestmark = pytest.mark.browser

# Long names and fractional pennies: the widest a family's table gets.
FAMILY = ("Grandma Rosalind", "Dad", "Amy", "Benjamin")

# What sticks out past the screen's right edge, or scrolls inside a box: none of it may.
OVERFLOW = """
(selector) => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > window.innerWidth) {
    out.push(`page ${document.documentElement.scrollWidth} > ${window.innerWidth}`);
  }
  const table = document.querySelector(selector);
  for (const cell of table.querySelectorAll("th, td")) {
    const box = cell.getBoundingClientRect();
    if (box.width <= 1) continue;  // headers kept for screen readers only
    if (box.left < 0 || box.right > width) {
      out.push(`${cell.textContent.trim()}: ${box.left}..${box.right}`);
    }
  }
  for (let box = table; box; box = box.parentElement) {
    if (box.scrollWidth > box.clientWidth + 1 && getComputedStyle(box).overflowX !== "visible") {
      out.push(`${box.tagName}.${box.className} scrolls: ${box.scrollWidth} > ${box.clientWidth}`);
    }
  }
  return out;
}
"""


def played_out_buying_game(app: Flask, owner: int) -> tuple[int, int]:
    """A four-player buying game played out, ranked by points, its kitty split in thirds.

    Grandma goes out every hand; Dad holds 5, Amy 15, Benjamin 25. Buys: Dad 1, Amy 1,
    Benjamin 2 (4 pennies: 2 2/3 to Grandma, 1 1/3 to Dad). Returns (league, game) ids.
    """
    with app.app_context():
        league = leagues.create_league("The Parkers", "buying", db.session.get(Account, owner))
        league.ranking = "points"
        players = [leagues.add_player(league, name) for name in FAMILY]
        rs = filled_buying_rules()
        rs = replace(rs, settlement=Settlement((Payouts(4, (6, 2, -2, -6)),), "two_thirds"))
        record = rulesets.copy_ruleset(league, rs, "Our buying")
        game = games.start_game(league, record, players, 0)
        db.session.commit()
        game = games.load_game(game.id)
        for number in range(1, 16):
            buyers = {1: (1, 2, 3), 2: (3,)}.get(number, ())
            for seat in buyers:
                mayi.record_claim(games.current_hand(game), game.seats[seat])
            play_hand(game, [PlayerEntry(went_out=True), *map(total, (5, 15, 25))])
        return league.id, game.id


def total(points: int) -> PlayerEntry:
    return PlayerEntry(typed_total=points)


def test_the_settling_up_fits_a_phone_and_lists_the_kitty(page: Page, live_app: Flask, owner: int):
    _, game_id = played_out_buying_game(live_app, owner)
    sign_in(page)
    for url in (f"/games/{game_id}", f"/games/{game_id}/sheet"):
        page.goto(url)
        table = page.locator(".settlement-table")
        expect(table).to_be_visible()
        expect(table.locator("thead th")).to_have_text(
            ["Place", "Player", "By place", "Buys paid", "Kitty", "Net"]
        )
        # Net: Grandma 6 + 2 2/3; Dad 2 - 1 + 1 1/3; Amy -2 - 1; Benjamin -6 - 2.
        expect(table.locator("tbody td:last-child")).to_have_text(["8 2/3", "2 1/3", "-3", "-8"])
        assert page.evaluate(OVERFLOW, ".settlement-table") == [], url
        expect(page.get_by_test_id("payments").locator("li")).to_have_text(
            [
                "Benjamin pays Grandma Rosalind 6",
                "Amy pays Dad 2",
                "Grandma Rosalind takes 2 2/3 from the kitty",
                "Dad takes 1 1/3 from the kitty",
            ]
        )


def test_ending_early_says_and_shows_the_kitty_given_back(page: Page, live_app: Flask, owner: int):
    with live_app.app_context():
        league = leagues.create_league("The Parkers", "buying", db.session.get(Account, owner))
        players = [leagues.add_player(league, name) for name in FAMILY]
        record = rulesets.copy_ruleset(league, filled_buying_rules(), "Our buying")
        game = games.start_game(league, record, players[:3], 0)
        db.session.commit()
        game_id = game.id
    sign_in(page)
    page.goto(f"/games/{game_id}")
    page.get_by_role("button", name="Buy for Grandma Rosalind").tap()
    page.get_by_role("button", name="Buy for Amy").tap()
    expect(page.get_by_test_id("kitty")).to_have_text("Kitty: 2 pennies")

    page.goto(f"/games/{game_id}/end")
    expect(page.get_by_test_id("ending-headline")).to_have_text("The game will be discarded.")
    expect(page.get_by_test_id("money-headline")).to_have_text(
        "The game counts for nothing, so no place money is paid, and the kitty's 2 pennies "
        "go back to whoever paid them."
    )
    expect(page.get_by_test_id("money-lines").locator("li")).to_have_text(
        ["Grandma Rosalind and Amy each take back 1 from the kitty"]
    )
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    page.get_by_role("button", name="End the game").tap()

    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.get_by_test_id("settlement-headline")).to_contain_text(
        "the kitty's 2 pennies go back to whoever paid them"
    )
    rows = page.get_by_test_id("settlement-row")
    expect(rows.nth(0).locator("td, th")).to_have_text(
        ["–", "Grandma Rosalind", "0", "-1", "1", "0"]
    )
    expect(page.get_by_test_id("payments").locator("li")).to_have_text(
        ["Grandma Rosalind and Amy each take back 1 from the kitty"]
    )
    assert page.evaluate(OVERFLOW, ".settlement-table") == []


def test_the_standings_fit_a_phone_with_their_pennies(page: Page, live_app: Flask, owner: int):
    league_id, _ = played_out_buying_game(live_app, owner)
    sign_in(page)
    page.goto(f"/leagues/{league_id}/standings")
    table = page.get_by_test_id("standings")
    expect(table).to_be_visible()
    pennies = table.get_by_test_id("pennies")
    expect(pennies).to_have_text(["8 2/3", "2 1/3", "-3", "-8"])
    for index in range(4):
        expect(pennies.nth(index)).to_be_in_viewport()
    assert page.evaluate(OVERFLOW, "[data-testid=standings]") == []
