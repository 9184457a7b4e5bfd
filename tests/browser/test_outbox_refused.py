"""Saves the server refuses after they waited on the phone (static/outbox.js, waiting.js): a
refusal answered by a redirect stays on the phone with its reason like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import MayIClaim
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry

from .test_outbox import SEATING, at_the_table, outbox, saved

pytestmark = pytest.mark.browser


def another_phone_saves_hand_1(live_app: Flask, game_id: int) -> None:
    with live_app.app_context():
        played = games.load_game(game_id)
        hands.score_hand(
            games.current_hand(played),
            [PlayerEntry(went_out=True)] + [PlayerEntry(typed_total=10)] * 3,
            stock_ran_out=False,
            confirmed=True,
        )
        db.session.commit()


def record_may_i(page: Page) -> None:
    page.get_by_role("button", name="May I? for Bob").tap()


def record_stock(page: Page) -> None:
    page.get_by_role("button", name="The stock ran out").tap()


def record_redeal(page: Page) -> None:
    page.get_by_text("Deal this hand again").tap()
    page.get_by_label("Why is it dealt again?").fill("A card was exposed")
    page.get_by_role("button", name="Record the re-deal").tap()


@pytest.mark.parametrize(
    ("record", "what", "reason"),
    [
        (record_may_i, "May I? for Bob in hand 1", "Hand 1 is not being played."),
        (record_stock, "The stock running out in hand 1", "Hand 1 is not being played."),
        (
            record_redeal,
            "The re-deal of hand 1",
            "The hand changed on another phone; look again.",
        ),
    ],
    ids=["may-i", "stock", "re-deal"],
)
def test_a_save_refused_with_a_redirect_stays_refused_until_it_is_dismissed(
    page: Page,
    make_game: Callable[..., Any],
    live_app: Flask,
    record: Callable[[Page], None],
    what: str,
    reason: str,
):
    game = make_game(SEATING)
    at_the_table(page, game.game_id)
    page.context.set_offline(True)
    record(page)
    expect(outbox(page)).to_contain_text("1 save waiting")
    another_phone_saves_hand_1(live_app, game.game_id)

    # The server answers with the table screen and its error message: not saved.
    page.context.set_offline(False)
    refusal = outbox(page).locator(".outbox-refused")
    expect(refusal.locator("p")).to_have_text(f"Not saved: {what}. {reason}")
    page.reload()
    expect(page.locator(".hand-of")).to_have_text("Hand 2 of 7")
    expect(refusal.locator("p")).to_have_text(f"Not saved: {what}. {reason}")
    expect(outbox(page)).not_to_contain_text("waiting")
    # Nothing entered can put it right: it is only dismissed.
    expect(refusal.get_by_role("button")).to_have_text(["Dismiss"])

    refusal.get_by_role("button", name="Dismiss").tap()
    expect(outbox(page)).to_be_hidden()
    with live_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(MayIClaim)) == 0
        assert [(n, state) for n, state, _ in saved(live_app, game.game_id)[0]] == [
            (1, "scored"),
            (2, "playing"),
        ]
