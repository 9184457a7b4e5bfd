"""A save a phone kept while offline meets a hand another phone saved first: it lands as a
proposed correction, shown on the table screen beside the saved hand, and the table accepts
it through the hand's fix form. Two phones offline scoring one hand differently end with one
saved and the other proposed, on both phones."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Page, expect
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Hand, HandScore, ProposedCorrection, Seat

from .phone import HandForm, Tally, Thumb
from .signing_in import join_table, sign_in
from .test_offline import worker_ready
from .test_outbox import LANDS_MS, forms_kept
from .test_outbox import saved as saved_in

pytestmark = [pytest.mark.browser, pytest.mark.database]

SEATING = ("Ann", "Bob", "Cat", "Dan")  # Ann deals hand 1
OUT = None
T = Tally
FROM_A = (OUT, T(2, 0, 0, 0), T(0, 1, 0, 0), T(3, 0, 0, 0))  # Ann out; 10, 10, 15
FROM_B = (T(3, 0, 0, 0), OUT, T(0, 0, 1, 0), T(0, 2, 0, 0))  # Bob out; 15, 20, 20


def fill(form: HandForm, tallies: tuple[Tally | None, ...]) -> None:
    """Tick who went out and tap everyone else's cards."""
    for name, tally in zip(SEATING, tallies, strict=True):
        if tally is OUT:
            form.tap_went_out(name)
        else:
            form.tap_tally(name, tally)


def shown(tallies: tuple[Tally | None, ...]) -> list[str]:
    """Each seat's score as the comparison shows it: "out · 0", or the points."""
    return ["out · 0" if tally is OUT else str(tally.points) for tally in tallies]


def test_a_save_that_waited_lands_as_a_proposal_the_table_accepts(
    phone: Callable[[], Page], make_game: Callable[..., Any]
):
    game = make_game(SEATING, first_dealer=0)
    a, b = phone(), phone()
    form_a, form_b = HandForm(a, Thumb()), HandForm(b, Thumb())
    sign_in(a)
    join_table(b, game.league_id)
    worker_ready(b)
    for page in (a, b):
        page.goto(f"/games/{game.game_id}")
        page.get_by_role("link", name="Score hand 1").tap()

    # B saves hand 1 with its phone offline: it waits in B's outbox. A saves it first with
    # other numbers; B's phone, back online, sends what waited (static/outbox.js).
    fill(form_b, FROM_B)
    b.context.set_offline(True)
    form_b.save(1)
    expect(b.locator("#outbox")).to_contain_text("1 save waiting")
    fill(form_a, FROM_A)
    form_a.save(1)
    expect(a.locator(".flash")).to_have_text("Hand 1 saved.")
    b.context.set_offline(False)

    # B is told plainly what happened, on the table screen; nothing of A's hand changed.
    expect(b.locator(".flash")).to_have_text(
        "Hand 1 was saved first by another phone. What this phone sent is kept as a proposed "
        "correction: the table can accept or drop it.",
        timeout=LANDS_MS,
    )
    expect(b.locator(".hand-of")).to_have_text("Hand 2 of 7")

    # A's table screen follows (the proposal moved the game's version: its poll loads it
    # again) and shows the proposal at the top, each phone's numbers side by side.
    proposal = a.get_by_test_id("proposal")
    expect(proposal).to_be_in_viewport()
    expect(proposal.get_by_role("heading")).to_contain_text(
        "Proposed correction of hand 1, from a phone ("
    )
    rows = proposal.get_by_test_id("saved-beside-proposed").locator("tbody tr")
    for n, (name, saved, sent) in enumerate(
        zip(SEATING, shown(FROM_A), shown(FROM_B), strict=True)
    ):
        expect(rows.nth(n).locator("th, td")).to_have_text([name, saved, sent + " differs"])

    # Accept opens the fix form filled with B's numbers; saving it makes the correction.
    proposal.get_by_role("link", name="Accept").tap()
    expect(a.get_by_role("heading", level=1)).to_have_text("Fix hand 1")
    expect(a.get_by_test_id("accepting")).to_contain_text("Saving this fix accepts it.")
    for name, tally in zip(SEATING, FROM_B, strict=True):
        if tally is not OUT:
            form_a.expect_tally(name, tally)
    expect(form_a.card("Bob").get_by_label("Went out")).to_be_checked()
    a.get_by_role("button", name="Save the correction").tap()
    expect(a.locator(".flash").first).to_have_text(
        "Hand 1 corrected; the change is in its history."
    )
    expect(a.locator(".flash").nth(1)).to_have_text(
        "The proposed correction of hand 1 is accepted."
    )
    expect(a.get_by_test_id("proposal")).to_have_count(0)
    totals = a.get_by_test_id("totals").locator("li")
    for name, tally in zip(SEATING, FROM_B, strict=True):
        total = 0 if tally is OUT else tally.points
        expect(totals.filter(has_text=name).locator(".total")).to_have_text(str(total))

    # The sheet keeps it in the hand's history.
    a.get_by_role("link", name="Scoresheet and history").tap()
    expect(a.get_by_test_id("proposal-history")).to_contain_text(
        "Accepted by owner: the hand was fixed with it."
    )


def shown_scores(tallies: tuple[Tally | None, ...]) -> list[int]:
    """Each seat's score for the hand: 0 for going out, else the points held."""
    return [0 if tally is OUT else tally.points for tally in tallies]


def scores_of_hand_1(app: Flask, game_id: int) -> list[int | None]:
    """The scores saved for hand 1, in seat order."""
    with app.app_context():
        return list(
            db.session.scalars(
                select(HandScore.score)
                .join(Hand, HandScore.hand_id == Hand.id)
                .join(Seat, HandScore.seat_id == Seat.id)
                .where(Hand.game_id == game_id, Hand.number == 1)
                .order_by(Seat.position)
            )
        )


KEPT_AS_PROPOSAL = (
    "Hand 1 was saved first by another phone. What this phone sent is kept as a proposed "
    "correction: the table can accept or drop it."
)


def test_two_phones_offline_scoring_one_hand_end_with_one_saved_and_the_other_proposed(
    phone: Callable[[], Page], make_game: Callable[..., Any], live_app: Flask
):
    game = make_game(SEATING, first_dealer=0)
    a, b = phone(), phone()
    sign_in(a)
    join_table(b, game.league_id)
    said = {}
    for page, tallies in ((a, FROM_A), (b, FROM_B)):
        forms_kept(page, game.game_id)
        page.context.set_offline(True)
        page.get_by_role("link", name="Score hand 1").tap()
        form = HandForm(page, Thumb())
        fill(form, tallies)
        form.save(1)
        expect(page.locator("#outbox")).to_contain_text("1 save waiting")
        said[page] = tallies

    # Both phones back at the same moment: whichever lands first is saved, the other is
    # kept as a proposed correction, and its phone is told so.
    a.context.set_offline(False)
    b.context.set_offline(False)
    for page in (a, b):
        expect(page.locator(".hand-of")).to_have_text("Hand 2 of 7", timeout=LANDS_MS)
        expect(page.locator("#outbox")).to_be_hidden(timeout=LANDS_MS)
    first = a if scores_of_hand_1(live_app, game.game_id) == shown_scores(FROM_A) else b
    second = b if first is a else a
    expect(second.locator(".flash")).to_have_text(KEPT_AS_PROPOSAL)

    # Each phone's table screen shows what each phone said, side by side (the first one's
    # follows by itself: the proposal moved the game's version).
    for page in (a, b):
        proposal = page.get_by_test_id("proposal")
        expect(proposal).to_have_count(1)
        rows = proposal.get_by_test_id("saved-beside-proposed").locator("tbody tr")
        for n, (name, kept, sent) in enumerate(
            zip(SEATING, shown(said[first]), shown(said[second]), strict=True)
        ):
            expect(rows.nth(n).locator("th, td")).to_have_text([name, kept, sent + " differs"])
        totals = page.get_by_test_id("totals").locator("li")
        for name, score in zip(SEATING, shown_scores(said[first]), strict=True):
            expect(totals.filter(has_text=name).locator(".total")).to_have_text(str(score))

    # Nothing lost, nothing doubled: one hand saved, one proposal, each phone's key kept once.
    assert saved_in(live_app, game.game_id) == (
        [(1, "scored", 2), (2, "playing", 1)],
        len(SEATING),
        2,
    )
    with live_app.app_context():
        assert db.session.scalar(select(func.count()).select_from(ProposedCorrection)) == 1
