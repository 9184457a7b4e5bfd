"""Two phones on one game: the second follows the first's saves, and cannot overwrite them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .phone import HandForm, Tally, Thumb
from .signing_in import join_table, sign_in

pytestmark = pytest.mark.browser

SEATING = ("Ann", "Bob", "Cat", "Dan", "Eve")  # Ann deals hand 1
# live.js polls at most every 2 seconds, whatever POLL_SECONDS says; allow a few rounds.
FOLLOW_TIMEOUT_MS = 10_000

OUT = None
T = Tally
HAND_1 = (OUT, T(1, 1, 0, 0), T(2, 0, 1, 0), T(0, 2, 0, 0), T(3, 0, 0, 0))
HAND_2_FROM_A = (T(2, 0, 0, 0), OUT, T(1, 1, 0, 0), T(0, 0, 1, 0), T(1, 0, 0, 1))
HAND_2_FROM_B = (T(0, 1, 0, 0), OUT, T(3, 0, 0, 0), T(0, 0, 2, 0), T(1, 0, 0, 0))


def fill(form: HandForm, tallies: tuple[Tally | None, ...]) -> None:
    """Tick who went out and tap everyone else's cards."""
    for name, tally in zip(SEATING, tallies, strict=True):
        if tally is OUT:
            form.tap_went_out(name)
        else:
            form.tap_tally(name, tally)


def scores(tallies: tuple[Tally | None, ...]) -> list[int]:
    """Each seat's score for a hand."""
    return [0 if tally is OUT else tally.points for tally in tallies]


def hand_scores_shown(tallies: tuple[Tally | None, ...]) -> list[str]:
    """The scores a hand's row of the sheet shows, "out 0" for the player who went out."""
    return [
        f"{'out ' if tally is OUT else ''}{score}"
        for tally, score in zip(tallies, scores(tallies), strict=True)
    ]


def expect_totals(page: Page, totals: list[int]) -> None:
    """The "Totals so far" list shows these totals, by seat."""
    rows = page.get_by_test_id("totals").locator("li")
    for name, total in zip(SEATING, totals, strict=True):
        expect(rows.filter(has_text=name).locator(".total")).to_have_text(str(total))


def test_phone_b_follows_phone_a_and_cannot_overwrite_its_hand(
    phone: Callable[[], Page], make_game: Callable[..., Any]
):
    game = make_game(SEATING, first_dealer=0)
    a, b = phone(), phone()
    form_a, form_b = HandForm(a, Thumb()), HandForm(b, Thumb())
    for page in (a, b):
        sign_in(page)  # the owner's phone and tablet; a passcode join is tested below
    for page in (a, b):
        page.goto(f"/games/{game.game_id}")
        expect(page.locator(".hand-of")).to_have_text("Hand 1 of 7")
    b.evaluate("window.seenBeforeTheSave = true")

    # Phone A scores hand 1; phone B, left alone, moves on to hand 2 by itself.
    a.get_by_role("link", name="Score hand 1").tap()
    fill(form_a, HAND_1)
    form_a.save(1)
    expect(a.locator(".flash")).to_have_text("Hand 1 saved.")
    expect(b.locator(".hand-of")).to_have_text("Hand 2 of 7", timeout=FOLLOW_TIMEOUT_MS)
    assert b.evaluate("window.seenBeforeTheSave") is None, "phone B did not reload by itself"
    expect(b.get_by_test_id("dealer")).to_have_text(SEATING[1])  # the deal passed left
    after_1 = scores(HAND_1)
    expect_totals(b, after_1)

    # Both open hand 2's form. A saves first; B's different numbers are refused.
    for page in (a, b):
        page.get_by_role("link", name="Score hand 2").tap()
        expect(page.get_by_role("heading", level=1)).to_have_text("Score hand 2")
    fill(form_a, HAND_2_FROM_A)
    fill(form_b, HAND_2_FROM_B)
    form_a.save(2)
    expect(a.locator(".hand-of")).to_have_text("Hand 3 of 7")
    form_b.save(2)
    expect(b.get_by_role("heading", level=1)).to_have_text("Hand 2 was already saved")
    expect(b.get_by_text("What you sent was not saved")).to_be_visible()
    # B sees its own numbers beside the saved ones, in the first screen, the differences named.
    expect(b.get_by_test_id("differ")).to_have_text(
        "Your scores differ for Dan, Eve: compare them at the table."
    )
    compared = b.get_by_test_id("saved-beside-sent")
    expect(compared).to_be_in_viewport()
    saved_scores = [s.replace("out ", "out · ") for s in hand_scores_shown(HAND_2_FROM_A)]
    sent_scores = [s.replace("out ", "out · ") for s in hand_scores_shown(HAND_2_FROM_B)]
    for n, (name, saved, sent) in enumerate(zip(SEATING, saved_scores, sent_scores, strict=True)):
        mark = "" if saved == sent else " differs"
        row = compared.locator("tbody tr").nth(n).locator("th, td")
        expect(row).to_have_text([name, saved, sent + mark])
    after_2 = [x + y for x, y in zip(after_1, scores(HAND_2_FROM_A), strict=True)]
    saved = b.locator("table.sheet tbody tr").nth(1).locator(".hand-score")
    expect(saved).to_have_text(hand_scores_shown(HAND_2_FROM_A))
    expect(b.locator("table.sheet tfoot tr").first.locator("td")).to_have_text(
        [str(total) for total in after_2]
    )

    # B may open the fix form filled with its own numbers, to propose them: nothing is saved.
    b.get_by_role("button", name="Fix hand 2 with what you sent").tap()
    expect(b.get_by_role("heading", level=1)).to_have_text("Fix hand 2")
    for name, tally in zip(SEATING, HAND_2_FROM_B, strict=True):
        if tally is not OUT:
            form_b.expect_tally(name, tally)

    # A's numbers stand, on both phones.
    b.get_by_role("link", name="Back to the table").tap()
    expect(b.locator(".hand-of")).to_have_text("Hand 3 of 7")
    for page in (a, b):
        expect_totals(page, after_2)


def test_a_second_phone_joins_the_table_with_the_passcode_and_sees_the_game(
    phone: Callable[[], Page], make_game: Callable[..., Any]
):
    game = make_game(SEATING, first_dealer=0)
    b = phone()
    join_table(b, game.league_id)
    b.get_by_role("link", name=f"Game {game.game_id}").tap()
    expect(b.locator(".hand-of")).to_have_text("Hand 1 of 7")
    expect(b.get_by_role("link", name="Score hand 1")).to_be_visible()
