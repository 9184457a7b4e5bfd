"""The table screen while hands wait on the phone (static/waiting.js): its hand card says
which hands wait and which is next to score, and the forms of the hand in play on the server
(May I?, the stock, a re-deal) wait until the hand saved here lands."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from .test_outbox import SEATING, at_the_table, outbox, saved
from .test_outbox_refused import ANN_OUT, BOB_OUT, score

pytestmark = pytest.mark.browser

HELD = "Hand 1 waits on this phone: these come back here once it lands."


def held_forms(page: Page) -> list:
    """The buttons of the forms of the hand in play: May I?, the stock, the re-deal."""
    page.get_by_text("Deal this hand again").tap()
    return [
        page.get_by_role("button", name="May I? for Bob"),
        page.get_by_role("button", name="The stock ran out"),
        page.get_by_role("button", name="Record the re-deal"),
    ]


def test_while_hands_wait_the_table_says_what_is_next_and_holds_the_hand_s_forms(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    at_the_table(page, game.game_id)
    page.context.set_offline(True)

    score(page, 1, ANN_OUT)
    expect(outbox(page)).to_contain_text("1 save waiting")
    expect(page.locator(".hand-of")).to_have_text("Hand 1 of 7")  # the server's hand in play
    expect(page.locator("#waiting-next")).to_have_text(
        "Hand 1 waits on this phone, so the next to score is hand 2: "
        "its dealer and contract are on its form."
    )
    expect(page.locator("#mayi [data-held-note]")).to_have_text(HELD)
    expect(page.locator("#more-title ~ [data-held-note]")).to_have_text(HELD)
    for button in held_forms(page):
        expect(button).to_be_disabled()

    score(page, 2, BOB_OUT)
    expect(page.locator("#waiting-next")).to_have_text(
        "Hands 1 and 2 wait on this phone, so the next to score is hand 3: "
        "its dealer and contract are on its form."
    )
    expect(page.get_by_role("link", name="Score hand 3")).to_be_visible()

    # Landed, the table screen is that of hand 3, its forms offered again.
    page.context.set_offline(False)
    expect(page.locator(".hand-of")).to_have_text("Hand 3 of 7")
    expect(page.locator("#waiting-next")).to_have_count(0)
    expect(page.locator("[data-held-note]")).to_have_count(0)
    for button in held_forms(page):
        expect(button).to_be_enabled()
    assert saved(live_app, game.game_id)[1:] == (2 * len(SEATING), 2)
