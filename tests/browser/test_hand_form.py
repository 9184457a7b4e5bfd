"""The hand form on a phone: short enough to fill without hunting, and its scores the rules'."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from scorekeeper.rules import limits
from scorekeeper.rules.entries import PlayerEntry, entry_score, score_terms
from scorekeeper.rules.missing_score import posted_missing_score
from scorekeeper.rules.presets import preset

from .conftest import PHONE
from .phone import HandForm, Thumb
from .signing_in import sign_in

pytestmark = pytest.mark.browser

SCREEN = 844  # the phone's height in CSS pixels
FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
EIGHT = (*FIVE, "Fay", "Gus", "Hal")
CONTINENTAL = preset("continental")


def open_form(page: Page, make_game: Callable[..., Any], players: tuple[str, ...]) -> None:
    game = make_game(players, first_dealer=0)
    sign_in(page)
    page.goto(f"/games/{game.game_id}")
    page.get_by_role("link", name="Score hand 1").tap()
    expect(page.get_by_role("heading", name="Score hand 1")).to_be_visible()


def page_height(page: Page) -> float:
    return page.evaluate("document.documentElement.scrollHeight")


def card_height(form: HandForm, name: str) -> float:
    return form.card(name).evaluate("el => el.getBoundingClientRect().height")


# The tallest the whole form may be: two screens (about 1,700 px) for five, three for eight.
@pytest.mark.parametrize(("players", "most"), [(FIVE, 1_700), (EIGHT, 3 * SCREEN)], ids=["5", "8"])
def test_the_hand_form_fits_in_two_screens_for_five_and_three_for_eight(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm, players, most, screenshots
):
    open_form(page, make_game, players)
    height = page_height(page)
    print(
        f"\nHand form for {len(players)} players: {height:.0f} px ({height / SCREEN:.2f} screens)"
    )
    if screenshots:
        page.screenshot(path=screenshots / f"hand-form-{len(players)}.png", full_page=True)
    assert height <= most


def test_who_went_out_or_gave_no_score_folds_to_one_line(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm
):
    open_form(page, make_game, FIVE)
    full = card_height(hand_form, "Ann")
    hand_form.tap_went_out("Ann")
    expect(hand_form.points("Ann")).to_have_text("out · 0")
    expect(hand_form.card("Ann").get_by_role("button", name="One more A for Ann")).to_be_hidden()
    one_line = card_height(hand_form, "Ann")
    assert one_line <= 64 < full, (one_line, full)

    bob = hand_form.card("Bob")
    bob.locator("summary").tap()
    bob.get_by_label("No score given").tap()
    expect(bob.get_by_role("button", name="One more A for Bob")).to_be_hidden()
    expect(hand_form.points("Bob")).to_have_text("posted …")  # too few counts yet to post
    assert card_height(hand_form, "Bob") <= 64


def score_shown(form: HandForm, name: str) -> int:
    text = form.points(name).inner_text()
    return int(text.replace("out · ", "").replace(" pts", ""))


def test_each_score_shown_while_counting_is_the_rules_entry_score(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm
):
    open_form(page, make_game, FIVE)
    # Ann went out but drew a penalty; Bob is two cards short; Cat has a penalty;
    # Dan's count is typed; Eve is short and typed.
    reports = {
        "Ann": PlayerEntry(went_out=True, penalty=25, penalty_reason="played out of turn"),
        "Bob": PlayerEntry(tally={"10-K": 1}, short_cards=2),
        "Cat": PlayerEntry(
            tally={"2-9": 2, "Joker": 1}, penalty=10, penalty_reason="discarded early"
        ),
        "Dan": PlayerEntry(typed_total=35),
        "Eve": PlayerEntry(typed_total=40, short_cards=1, penalty=5, penalty_reason="looked"),
    }
    for name, entry in reports.items():
        card = hand_form.card(name)
        if entry.went_out:
            hand_form.tap_went_out(name)
        for label, count in entry.tally.items():
            for _ in range(count):
                hand_form.tap_more(name, label)
        if entry.typed_total is not None:
            card.get_by_label("Or type the points").fill(str(entry.typed_total))
        if entry.short_cards or entry.penalty:
            card.locator("summary").tap()
            card.get_by_label("Cards short").fill(str(entry.short_cards))
            card.get_by_label("Other penalty").fill(str(entry.penalty))
            card.get_by_label("Reason for the penalty").fill(entry.penalty_reason)
    for name, entry in reports.items():
        expected = entry_score(CONTINENTAL, entry)
        expect(hand_form.points(name)).to_contain_text(str(expected))
        assert score_shown(hand_form, name) == expected, name

    # Saved, each score reads as the rules word it: "30 = 10 + 2 short".
    page.get_by_role("button", name="Save hand 1").tap()
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    cells = page.locator("table.sheet tbody tr").first.locator("td")
    for seat, entry in enumerate(reports.values()):
        score, terms = entry_score(CONTINENTAL, entry), score_terms(CONTINENTAL, entry)
        sentence = f"{score} = {terms}" if terms else str(score)  # e.g. "30 = 10 + 2 short"
        expect(cells.nth(seat)).to_contain_text(sentence)
    expect(cells.nth(1)).to_contain_text("30 = 10 + 2 short")


def test_a_typed_total_and_taps_never_disagree(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm
):
    open_form(page, make_game, FIVE)
    bob = hand_form.card("Bob")
    typed = bob.get_by_label("Or type the points")
    typed.fill("23")
    # No cards make 23 under Continental's prices: flagged as it is typed.
    expect(bob.get_by_text("No cards add up to this total under these prices.")).to_be_visible()
    expect(typed).to_have_attribute("aria-invalid", "true")
    expect(hand_form.points("Bob")).to_have_text("23 pts")
    hand_form.tap_more("Bob", "10-K")
    expect(typed).to_have_value("")
    expect(hand_form.points("Bob")).to_have_text("10 pts")
    expect(bob.get_by_text("No cards add up to this total under these prices.")).to_be_hidden()
    typed.fill("25")
    expect(hand_form.count("Bob", "10-K")).to_have_value("0")
    expect(hand_form.points("Bob")).to_have_text("25 pts")
    expect(typed).to_have_attribute("aria-invalid", "false")


def test_an_impossible_total_is_still_checked_by_the_server(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm
):
    open_form(page, make_game, ("Ann", "Bob", "Cat", "Dan"))
    hand_form.tap_went_out("Ann")
    for name in ("Cat", "Dan"):
        hand_form.tap_more(name, "A")
    hand_form.card("Bob").get_by_label("Or type the points").fill("23")
    hand_form.save(1)
    warning = page.locator("#check-totals")
    expect(warning).to_contain_text("Bob: no cards add up to 23 under these prices.")
    page.get_by_role("button", name="Yes, save hand 1 as it is").tap()
    expect(page.locator(".flash")).to_have_text("Hand 1 saved.")


def test_a_number_past_the_servers_bound_shows_as_no_count_before_and_after_save(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm
):
    open_form(page, make_game, ("Ann", "Bob", "Cat", "Dan"))
    hand_form.tap_went_out("Ann")
    bob = hand_form.card("Bob")
    typed = bob.get_by_label("Or type the points")
    most = limits.HAND_POINTS.high
    typed.fill(str(most))
    expect(hand_form.points("Bob")).to_have_text(f"{most} pts")
    expect(typed).to_have_attribute("aria-invalid", "false")

    for refused in ("99999999999999999999999", str(most + 1)):
        typed.fill(refused)
        expect(hand_form.points("Bob")).to_have_text("—")
        expect(typed).to_have_attribute("aria-invalid", "true")
    # Cat's count past the most cards a hand holds reads the same.
    count = hand_form.count("Cat", "A")
    count.fill(str(limits.CARDS_IN_HAND.high + 1))
    expect(hand_form.points("Cat")).to_have_text("—")
    expect(count).to_have_attribute("aria-invalid", "true")
    count.fill("1")
    expect(hand_form.points("Cat")).to_have_text("20 pts")
    expect(count).to_have_attribute("aria-invalid", "false")

    typed.fill("99999999999999999999999")
    hand_form.tap_more("Dan", "A")
    hand_form.save(1)
    expect(page.locator("#p1_total-error")).to_have_text(
        f"Give a whole number of points, 0 to {most}."
    )
    expect(hand_form.points("Bob")).to_have_text("—")
    expect(bob.get_by_label("Or type the points")).to_have_attribute("aria-invalid", "true")
    # Bob's card shows no number the server would not take, nor does the page anywhere.
    assert "e+" not in page.locator("main").inner_text()
    typed.fill("25")
    expect(hand_form.points("Bob")).to_have_text("25 pts")


def test_no_score_rests_the_taps_and_shows_the_posted_score(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm
):
    open_form(page, make_game, FIVE)
    hand_form.tap_went_out("Ann")
    for name, label in (("Cat", "A"), ("Dan", "10-K"), ("Dan", "2-9"), ("Eve", "Joker")):
        hand_form.tap_more(name, label)
    bob = hand_form.card("Bob")
    bob.locator("summary").tap()
    bob.get_by_label("No score given").tap()
    given = [0, 20, 15, 50]  # Ann out, Cat an ace, Dan 10 + 5, Eve a joker
    expect(hand_form.points("Bob")).to_have_text(f"posted {posted_missing_score(given)}")
    expect(bob.locator("[data-total]")).to_be_disabled()
    bob.get_by_label("No score given").tap()
    expect(page.get_by_role("button", name="One more A for Bob")).to_be_enabled()


LOOKS_TAPPABLE = """el => {
  const style = getComputedStyle(el), arrow = getComputedStyle(el, "::before");
  return {border: style.borderTopStyle, height: el.getBoundingClientRect().height,
          arrow: arrow.content !== "none" && parseFloat(arrow.borderLeftWidth) > 0};
}"""


def test_disclosures_look_like_buttons_with_an_arrow(
    page: Page, make_game: Callable[..., Any], hand_form: HandForm
):
    open_form(page, make_game, FIVE)
    penalty = hand_form.card("Bob").locator("summary")
    assert penalty.evaluate(LOOKS_TAPPABLE) == {"border": "solid", "height": 44, "arrow": True}
    page.get_by_role("link", name="Back to the table").tap()
    redeal = page.locator("summary", has_text="Deal this hand again")
    expect(redeal).to_be_visible()
    page.wait_for_load_state("load")  # the table screen's stylesheet applied, not only its HTML
    assert redeal.evaluate(LOOKS_TAPPABLE) == {"border": "solid", "height": 44, "arrow": True}
    # Far from "Score hand 1": below the totals, May I? and the stock.
    score = page.get_by_role("link", name="Score hand 1").bounding_box()
    assert score is not None and redeal.bounding_box()["y"] > score["y"] + 400


def test_without_javascript_the_counts_are_typed_and_the_hand_saves(
    browser: Browser, live_server: str, make_game: Callable[..., Any]
):
    context = browser.new_context(base_url=live_server, java_script_enabled=False, **PHONE)
    try:
        page = context.new_page()
        form = HandForm(page, Thumb())
        open_form(page, make_game, ("Ann", "Bob", "Cat", "Dan"))
        expect(page.get_by_role("button", name="One more A for Bob")).to_be_hidden()
        form.card("Ann").get_by_label("Went out").check()
        for name in ("Bob", "Cat", "Dan"):
            count = form.count(name, "10-K")
            assert count.bounding_box()["width"] >= 60  # a box to type in, not a sliver
            count.fill("2")
        page.get_by_role("button", name="Save hand 1").click()
        expect(page.locator(".flash")).to_have_text("Hand 1 saved.")
    finally:
        context.close()
