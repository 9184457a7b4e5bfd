"""A family of four sets up the buying game from its preset on a phone, and starts it.

The editor stays a few screens long, marks every cell the text lost, lists what is missing
after a save with links to the boxes, and the game starts without sending anyone back.
"""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.models import Account
from scorekeeper.rules.contracts import rank_name
from scorekeeper.rules.ruleset import JOKER, RANKS

from .signing_in import sign_in

pytestmark = pytest.mark.browser

FAMILY = ("Mom", "Dad", "Amy", "Ben")
# Hands 12 and 13 ask 16 cards of 12 dealt: two buys of a card and a blind one reach 17.
CONTRACTS = {11: "4 runs", 12: "4 runs"}
DEALT = {11: "12", 12: "12"}
# The editor of the 15-hand game was about 19,700 px tall, its hands some 13,800 px of fields
# under one another; a hand now takes two lines.
TALLEST_EDITOR = 12_000
TALLEST_HANDS = 3_500
TALLEST_HAND = 160


def buying_league(app: Flask, owner: int) -> int:
    """A league of four whose rules are the buying game's preset, cells still unset."""
    with app.app_context():
        league = leagues.create_league("The Parkers", "buying", db.session.get(Account, owner))
        for name in FAMILY:
            leagues.add_player(league, name)
        db.session.commit()
        return league.id


def fill_the_marked_boxes(page: Page) -> None:
    """Type the family's value in every marked box left blank; a box showing one is kept."""
    for i in range(15):
        for cell, value in (
            ("contract", CONTRACTS.get(i, "2 sets")),
            ("cards_dealt", DEALT.get(i, "10")),
            ("may_i_limit", "1"),
        ):
            box = page.locator(f".family-cell #hands-{i}-{cell}")
            if box.count() and not box.input_value():
                box.fill(value)
    for rank in RANKS:
        name = rank_name(rank)
        page.get_by_label(f"Points for {name}", exact=True).fill(
            "15" if rank in ("A", JOKER) else "5"
        )
    page.get_by_label("Payments by place").fill("4 players: +6, +2, -2, -6")


def test_a_family_of_four_sets_up_the_buying_game_and_starts_it(
    page: Page, live_app: Flask, owner: int
):
    league = buying_league(live_app, owner)
    sign_in(page)
    page.goto(f"/leagues/{league}/rules/new")
    start_from = page.get_by_label("Start from")
    expect(start_from.locator("option", has_text="Buying game")).to_have_text(
        ["Buying game (preset)", "Buying game (this league's)"]
    )
    start_from.select_option(label="Buying game (preset)")
    page.get_by_label("Name of the new rules").fill("Our buying")
    page.get_by_role("button", name="Copy and edit").tap()
    expect(page.get_by_role("heading", name="Our buying", exact=True)).to_be_visible()

    # A few screens, never wider than the phone; every cell the text lost is marked.
    page.wait_for_load_state("load")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < TALLEST_EDITOR, height
    hands_height = page.locator("#hands").bounding_box()["height"]
    assert hands_height < TALLEST_HANDS, hands_height
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    hands = page.get_by_test_id("hand-row")
    expect(hands).to_have_count(15 + 3)  # and three blank rows to add a hand
    tallest = max(box["height"] for box in (hands.nth(i).bounding_box() for i in range(18)))
    assert tallest < TALLEST_HAND, tallest
    expect(page.locator(".family-cell #hands-0-may_i_limit")).to_be_visible()
    expect(page.locator(".family-cell #hands-13-contract")).to_have_value("1 pair")
    expect(page.locator(".family-cell #hands-11-may_i_limit")).to_have_count(0)

    # Save with the contracts only: what is missing is listed at the top, each a link.
    for i in range(15):
        box = page.locator(f"#hands-{i}-contract")
        if not box.input_value():
            box.fill(CONTRACTS.get(i, "2 sets"))
    page.get_by_role("button", name="Save the rules").tap()
    missing = page.get_by_test_id("still-to-set")
    expect(missing).to_be_in_viewport()
    expect(missing).not_to_contain_text("Hand 14: the contract")
    missing.get_by_role("link", name="Hand 7: the cards dealt").tap()
    expect(page.locator("#hands-6-cards_dealt")).to_be_in_viewport()

    fill_the_marked_boxes(page)
    page.get_by_role("button", name="Save the rules").tap()
    expect(page.locator(".flash")).to_contain_text("“Our buying” saved.")
    expect(page.get_by_test_id("still-to-set")).to_have_count(0)
    expect(page.locator(".family-cell")).to_have_count(0)

    page.goto(f"/leagues/{league}/games/new")
    playing = page.get_by_role("group", name="Who is playing?")
    for name in FAMILY:
        playing.get_by_label(name, exact=True).tap()
    page.get_by_label("Rules").select_option(label="Our buying")
    page.get_by_role("button", name="Next: seating").tap()
    page.get_by_label("Who drew the high card? They deal first.").select_option(label="Mom")
    page.get_by_role("button", name="Start the game").tap()
    expect(page.locator(".flash")).to_have_text("Game on! Mom deals hand 1.")


def test_start_says_what_is_missing_where_the_rules_are_chosen(
    page: Page, live_app: Flask, owner: int
):
    league = buying_league(live_app, owner)
    sign_in(page)
    page.goto(f"/leagues/{league}/games/new")
    playing = page.get_by_role("group", name="Who is playing?")
    for name in FAMILY:
        playing.get_by_label(name, exact=True).tap()
    page.get_by_role("button", name="Next: seating").tap()
    rules_box = page.get_by_label("Rules")
    expect(rules_box).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#ruleset-error")).to_contain_text(
        "Buying game still has cells for your family to set before a game"
    )
    page.get_by_role("link", name="Set them in the rules").tap()
    expect(page.get_by_test_id("still-to-set")).to_be_in_viewport()
