"""Saves the server refuses after they waited on the phone (static/outbox.js, waiting.js): a
refusal answered by a redirect stays on the phone with its reason like any other; a hand
waiting behind a refused hand says so, and lands with it once that hand is put right."""

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

from .phone import HandForm, Tally, Thumb
from .test_outbox import SEATING, at_the_table, outbox, saved

pytestmark = pytest.mark.browser

ANN_OUT = (None, Tally(2, 1, 0, 0), Tally(0, 1, 0, 0), Tally(0, 0, 1, 0))  # 20, 10, 20
BOB_OUT = (Tally(1, 0, 0, 0), None, Tally(0, 0, 0, 1), Tally(1, 1, 0, 0))  # 5, 50, 15


def fill(form: HandForm, tallies: tuple[Tally | None, ...]) -> None:
    """Tick who went out (None) and tap everyone else's cards."""
    for name, tally in zip(SEATING, tallies, strict=True):
        if tally is None:
            form.tap_went_out(name)
        else:
            form.tap_tally(name, tally)


def score(page: Page, number: int, tallies: tuple[Tally | None, ...]) -> HandForm:
    """Open "Score hand n" from the table screen, fill it in and save it."""
    page.get_by_role("link", name=f"Score hand {number}").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Score hand {number}")
    form = HandForm(page, Thumb())
    fill(form, tallies)
    form.save(number)
    return form


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


def two_out_then_hand_2(page: Page, game_id: int) -> None:
    """Offline: hand 1 with two players ticked out (the server refuses it), then hand 2;
    back online, hand 1 comes back refused and hand 2 waits."""
    at_the_table(page, game_id)
    page.context.set_offline(True)
    score(page, 1, (None, None, Tally(0, 1, 0, 0), Tally(0, 0, 1, 0)))
    expect(outbox(page)).to_contain_text("1 save waiting")
    score(page, 2, BOB_OUT)
    expect(outbox(page)).to_contain_text("2 saves waiting")
    page.context.set_offline(False)
    expect(outbox(page).locator(".outbox-refused")).to_contain_text(
        "Not saved: Hand 1. Only one player can go out in a hand"
    )


def test_a_hand_behind_a_refused_one_waits_for_it_and_lands_once_it_is_put_right(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    two_out_then_hand_2(page, game.game_id)

    # The live table screen replaces the saved copy; the status line says what hand 2 waits
    # for, and the next hand to score is the one in play.
    expect(page.locator("#saved-copy")).to_be_hidden()
    behind = outbox(page).locator(".outbox-behind")
    expect(behind).to_have_text(
        "Hand 2 waits on this phone until hand 1 is put right (or dismissed). "
        "Open hand 1 to put it right"
    )
    expect(outbox(page)).not_to_contain_text("will be sent when the connection is back")
    expect(page.get_by_role("link", name="Score hand 1")).to_be_visible()
    assert saved(live_app, game.game_id)[1:] == (0, 0)

    # Put right: Bob did not go out after all.
    behind.get_by_role("button", name="Open hand 1 to put it right").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 1")
    form = HandForm(page, Thumb())
    form.tap_went_out("Bob")
    form.tap_tally("Bob", Tally(2, 1, 0, 0))
    form.save(1)

    expect(page.locator(".hand-of")).to_have_text("Hand 3 of 7")
    expect(page.locator(".flash")).to_have_text(["Hand 1 saved.", "Hand 2 saved."])
    expect(outbox(page)).to_be_hidden()
    assert saved(live_app, game.game_id) == (
        [(1, "scored", 2), (2, "scored", 2), (3, "playing", 1)],
        2 * len(SEATING),
        2,
    )


def test_after_the_refused_hand_is_dismissed_the_table_offers_it_to_score_again(
    page: Page, make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING)
    two_out_then_hand_2(page, game.game_id)
    outbox(page).locator(".outbox-refused").get_by_role("button", name="Dismiss").tap()

    expect(outbox(page)).to_have_text("1 save waiting")
    expect(page.locator(".hand-of")).to_have_text("Hand 1 of 7")
    expect(page.locator("#waiting-next")).to_have_text(
        "Hand 2 waits on this phone until hand 1 is saved."
    )
    score(page, 1, ANN_OUT)

    expect(page.locator(".hand-of")).to_have_text("Hand 3 of 7")
    expect(page.locator(".flash")).to_have_text(["Hand 1 saved.", "Hand 2 saved."])
    assert saved(live_app, game.game_id)[1:] == (2 * len(SEATING), 2)
