"""Getting a phone into a league: its owner signs in, anyone else types the table passcode."""

from __future__ import annotations

from playwright.sync_api import Page, expect

OWNER = "owner"
OWNER_PASSWORD = "owner-password"
PASSCODE = "kitchen-table"


def sign_in(page: Page, username: str = OWNER, password: str = OWNER_PASSWORD) -> None:
    """Sign in on the "Sign in" page."""
    page.goto("/login")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").tap()
    expect(page.locator(".flash")).to_have_text(f"Signed in as {username}.")


def join_table(page: Page, league_id: int, passcode: str = PASSCODE) -> None:
    """Open the league's table link and type its passcode, as a second phone at the table does."""
    page.goto(f"/leagues/{league_id}/join")
    page.get_by_label("Table passcode").fill(passcode)
    page.get_by_role("button", name="Join").tap()
    expect(page.locator(".flash")).to_contain_text("This phone can now score")
