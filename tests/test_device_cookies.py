"""Device cookies: a guesser who holds an account at its back-off ceiling from many addresses
never keeps the owner's own phone out; the phone is judged by its own failures."""

from __future__ import annotations

import html
from datetime import UTC, datetime, timedelta

import pytest
import test_access
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import func, select
from test_access import Browser, text

from scorekeeper.extensions import db
from scorekeeper.league import accounts, tries
from scorekeeper.models import Account, LoginAttempt
from scorekeeper.web import devices

world = test_access.world  # the fixture: two leagues of two families

PASSWORD = "owner-password"
NEW = "lamp rummy owl kettle"


def phone(app, address: str = "192.0.2.50") -> Browser:
    browser = Browser(app)
    browser.client.environ_base["REMOTE_ADDR"] = address
    return browser


def sign_in(browser: Browser, password: str = PASSWORD, username: str = "owner"):
    return browser.post("/login", data={"username": username, "password": password})


def owners_phone(app) -> Browser:
    """The owner's phone: signed in once (so it holds a device cookie), then signed out."""
    browser = phone(app)
    assert sign_in(browser).status_code == 302
    assert browser.client.get_cookie(devices.COOKIE) is not None
    assert browser.post("/logout").status_code == 302
    return browser


def at_the_ceiling(username: str = "owner") -> None:
    """A patient guesser, from a new address each time, has the account at its longest wait."""
    now = datetime.now(UTC)
    guesses = tries.MAX_FAILURES + 12
    for n in range(guesses):
        at = now - timedelta(seconds=guesses - n)
        db.session.add(LoginAttempt(username=username, address=f"203.0.113.{n + 1}", at=at))
    db.session.commit()


def shown(response) -> str:
    return html.unescape(text(response))


def failures_of(key_start: str) -> int:
    db.session.expire_all()
    query = select(func.count(LoginAttempt.id)).where(LoginAttempt.username.startswith(key_start))
    return db.session.scalar(query)


def test_sign_in_gives_a_long_lived_httponly_device_cookie(app, world):
    response = sign_in(phone(app))

    [cookie] = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("device=")]
    flags = {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}
    assert {"httponly", "max-age", "path"} <= flags
    assert "SameSite=Lax" in cookie
    assert f"Max-Age={int(devices.LIFETIME.total_seconds())}" in cookie
    assert "owner" not in cookie.split(";")[0]  # it names the account without showing it


def test_at_the_ceiling_the_owners_phone_signs_in_at_once(app, world):
    owners = owners_phone(app)
    at_the_ceiling()
    stranger = phone(app, "192.0.2.51")
    held_back = sign_in(stranger)
    assert held_back.status_code == 429
    assert "Wait 15 minutes" in shown(held_back)

    response = sign_in(owners)

    assert response.status_code == 302
    assert owners.session()["account_id"] == world.a.owner_id
    assert owners.get(f"/leagues/{world.a.league_id}").status_code == 200
    # The guesser's back-off on the account stays where it was.
    assert sign_in(phone(app, "192.0.2.52")).status_code == 429


def test_a_wrong_password_on_the_owners_phone_counts_against_the_phone(app, world):
    owners = owners_phone(app)
    account_failures = failures_of("owner")

    response = sign_in(owners, "a typo")

    assert response.status_code == 401
    assert failures_of(tries.DEVICE_KEY) == 1
    assert failures_of("owner") == account_failures
    # The phone is not judged by the account: the ceiling does not hold it back.
    at_the_ceiling()
    assert sign_in(owners).status_code == 302


def test_a_phone_collecting_failures_is_slowed_down_itself(app, world):
    owners = owners_phone(app)
    for n in range(tries.DEVICE_FAILURES):
        assert sign_in(owners, f"guess-{n}").status_code == 401

    refused = sign_in(owners)

    assert refused.status_code == 429
    assert "Too many wrong tries here. Wait 2 seconds, then try again." in shown(refused)
    assert "account_id" not in owners.session()
    # Other browsers are judged by the account, which the phone's failures did not touch.
    assert sign_in(phone(app, "192.0.2.53")).status_code == 302


def test_the_phones_wait_ends_like_any_back_off(app, world):
    owners = owners_phone(app)
    for n in range(tries.DEVICE_FAILURES):
        sign_in(owners, f"guess-{n}")
    for attempt in db.session.scalars(select(LoginAttempt)).all():
        attempt.at -= timedelta(seconds=3)
    db.session.commit()

    assert sign_in(owners).status_code == 302
    assert failures_of(tries.DEVICE_KEY) == 0


def forged(app, value: str) -> Browser:
    browser = phone(app, "192.0.2.60")
    browser.client.set_cookie(devices.COOKIE, value)
    return browser


def signature_of(app, account: Account, nonce: str, secret: str | None = None) -> str:
    salt = f"device-cookie:{account.id}:{account.password_hash}"
    return URLSafeTimedSerializer(secret or app.secret_key, salt=salt).dumps(nonce)


@pytest.mark.parametrize("kind", ["garbage", "tampered", "other secret", "too long"])
def test_a_forged_device_cookie_gives_no_exemption(app, world, kind):
    owner = db.session.get(Account, world.a.owner_id)
    real = signature_of(app, owner, accounts.new_device())
    value = {
        "garbage": "owner.not-a-signature",
        "tampered": real[:-2] + ("AA" if real[-2:] != "AA" else "BB"),
        "other secret": signature_of(app, owner, accounts.new_device(), "another-secret"),
        "too long": real + "x" * devices.LONGEST_VALUE,
    }[kind]
    at_the_ceiling()

    response = sign_in(forged(app, value))

    assert response.status_code == 429
    assert failures_of(tries.DEVICE_KEY) == 0


def test_another_accounts_device_cookie_gives_no_exemption(app, world):
    shared = phone(app)
    rival = db.session.get(Account, world.b.owner_id)
    assert sign_in(shared, test_access.PASSWORD_B, rival.username).status_code == 302
    shared.post("/logout")
    at_the_ceiling()

    response = sign_in(shared)

    assert response.status_code == 429
    assert "Wait 15 minutes" in shown(response)


def test_the_device_cookie_outlives_sign_out_everywhere(app, world):
    owners = phone(app)
    assert sign_in(owners).status_code == 302
    assert owners.post("/logout/everywhere").status_code == 302
    at_the_ceiling()

    assert sign_in(owners).status_code == 302


def test_a_new_password_makes_older_device_cookies_worthless(app, world):
    kitchen, old_phone = phone(app, "192.0.2.70"), owners_phone(app)
    assert sign_in(kitchen).status_code == 302
    assert (
        kitchen.post(
            "/account/password", data={"current": PASSWORD, "password": NEW, "confirm": NEW}
        ).status_code
        == 302
    )
    at_the_ceiling()

    # The phone's cookie was given under the old password: it is judged by the account now.
    assert sign_in(old_phone, NEW).status_code == 429
    # The kitchen got a fresh one with the change.
    kitchen.post("/logout")
    assert sign_in(kitchen, NEW).status_code == 302


def test_at_the_ceiling_the_owner_can_still_change_the_password(app, world):
    owners = phone(app)
    assert sign_in(owners).status_code == 302
    at_the_ceiling()

    response = owners.post(
        "/account/password", data={"current": PASSWORD, "password": NEW, "confirm": NEW}
    )

    assert response.status_code == 302
    db.session.expire_all()
    assert accounts.secret_matches(db.session.get(Account, world.a.owner_id).password_hash, NEW)


def test_a_sign_up_gives_a_device_cookie(app):
    browser = phone(app)
    data = {"username": "newcomer", "password": NEW, "confirm": NEW}
    assert browser.post("/signup", data=data).status_code == 302
    browser.post("/logout")
    at_the_ceiling("newcomer")

    assert sign_in(browser, NEW, "newcomer").status_code == 302
