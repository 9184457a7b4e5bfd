"""The owner sets a table passcode on a phone: an easy one is refused, the suggested phrase is
taken, and wrong guesses at the table show in Settings."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .signing_in import join_table, sign_in

pytestmark = pytest.mark.browser

SUGGESTION = re.compile(r"e\.g\. “(\w+ \w+ \w+)”")


def test_owner_sets_the_suggested_passcode_and_sees_a_wrong_guess(
    phone: Callable[[], Page], make_league: Callable[..., int]
):
    league_id = make_league(["Ann", "Bob"])
    owner, guest = phone(), phone()
    sign_in(owner)
    owner.goto(f"/leagues/{league_id}/settings")
    passcode = owner.get_by_label("New table passcode")

    passcode.fill("1234")
    owner.get_by_role("button", name="Set the passcode").tap()
    expect(owner.locator("#passcode-error")).to_have_text(
        "That passcode is too easy to guess. Try three short unrelated words, as suggested."
    )
    expect(passcode).to_have_attribute("aria-invalid", "true")

    hint = owner.locator("#passcode-hint").inner_text()
    match = SUGGESTION.search(hint)
    assert match, hint
    phrase = match.group(1)
    owner.get_by_label("New table passcode").fill(phrase.title())  # a phone's capitals
    owner.get_by_role("button", name="Set the passcode").tap()
    expect(owner.locator(".flash")).to_contain_text("Table passcode set")
    expect(owner.locator("#passcode-guesses")).to_have_count(0)

    guest.goto(f"/leagues/{league_id}/join")
    guest.get_by_label("Table passcode").fill("kitchen table")
    guest.get_by_role("button", name="Join").tap()
    expect(guest.locator("#passcode-error")).to_have_text("That passcode is not right.")
    join_table(guest, league_id, phrase)

    owner.reload()
    expect(owner.locator("#passcode-guesses")).to_contain_text(
        "Wrong passcodes typed in the last 24 hours: 1, from 1 network; the last on "
    )
    box = owner.locator("#passcode-guesses").bounding_box()
    assert box is not None and box["width"] <= 390
