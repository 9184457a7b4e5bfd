"""An owner changes the password on one phone: a weak one is refused with its reason, and the
owner's other phone must sign in again, with the new password."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from .signing_in import OWNER, OWNER_PASSWORD, sign_in

pytestmark = pytest.mark.browser

NEW = "lamp rummy owl kettle"


def type_passwords(page: Page, current: str, new: str) -> None:
    page.get_by_label("Current password").fill(current)
    page.get_by_label("New password", exact=True).fill(new)
    page.get_by_label("New password again").fill(new)
    page.get_by_role("button", name="Change the password").tap()


def test_owner_changes_the_password_and_the_other_phone_signs_in_again(
    phone: Callable[[], Page], owner: int
):
    kitchen, pocket = phone(), phone()
    sign_in(kitchen)
    sign_in(pocket)

    kitchen.goto("/")
    kitchen.get_by_role("link", name="Your account").tap()
    type_passwords(kitchen, OWNER_PASSWORD, "password12")
    expect(kitchen.locator("#password-error")).to_contain_text("common")
    expect(kitchen.get_by_label("New password", exact=True)).to_have_attribute(
        "aria-invalid", "true"
    )
    type_passwords(kitchen, OWNER_PASSWORD, NEW)
    expect(kitchen.locator(".flash")).to_contain_text("Password changed.")
    kitchen.goto("/")
    expect(kitchen.get_by_text(f"Signed in as {OWNER}.")).to_be_visible()

    pocket.goto("/account")
    expect(pocket.get_by_role("heading", name="Sign in")).to_be_visible()
    sign_in(pocket, OWNER, NEW)
