"""A signed-in owner changes the password: the current one is checked as a sign-in is, the
new one as at sign-up; every other session of the account ends and this one stays."""

from __future__ import annotations

import html
import unicodedata
from urllib.parse import parse_qs, urlsplit

import pytest
import test_access
from sqlalchemy import func, select
from test_access import Browser, text
from test_revocation import copy_of, joined, reaches, signed_in

from scorekeeper.extensions import db
from scorekeeper.league import accounts, tries
from scorekeeper.models import Account, LoginAttempt

world = test_access.world  # the fixture: two leagues of two families

OLD = "owner-password"
NEW = "lamp rummy owl kettle"


def change(browser: Browser, current: str = OLD, new: str = NEW, confirm: str | None = None):
    data = {"current": current, "password": new, "confirm": new if confirm is None else confirm}
    return browser.post("/account/password", data=data)


def owner_row(world) -> Account:
    db.session.expire_all()
    return db.session.get(Account, world.a.owner_id)


def shown(response) -> str:
    return html.unescape(text(response))


def failures_of(key: str) -> int:
    db.session.expire_all()
    return db.session.scalar(
        select(func.count(LoginAttempt.id)).where(LoginAttempt.username == key)
    )


def test_the_account_page_is_linked_from_settings_and_home(app, world):
    owner = signed_in(app)

    for path in (f"/leagues/{world.a.league_id}/settings", "/"):
        assert 'href="/account"' in text(owner.get(path))
    page = owner.get("/account")
    assert page.status_code == 200
    assert "Change the password" in text(page)
    assert 'action="/logout/everywhere"' in text(page)


def test_a_stranger_is_sent_to_sign_in(app, world):
    stranger = Browser(app)
    before = owner_row(world).password_hash

    for response in (stranger.get("/account"), change(stranger)):
        assert response.status_code == 302
        parts = urlsplit(response.location)
        assert parts.path == "/login" and parse_qs(parts.query)["next"] == ["/account"]
    assert owner_row(world).password_hash == before


def test_a_new_password_ends_every_other_session_and_keeps_this_one(app, world):
    league = f"/leagues/{world.a.league_id}"
    kitchen, phone = signed_in(app), signed_in(app)
    kitchen_before = copy_of(kitchen)  # the kitchen's cookie as it was, copied
    scorer = joined(app, world.a.league_id)
    rival = signed_in(app, "rival", test_access.PASSWORD_B)
    generation = owner_row(world).session_generation

    response = change(kitchen)

    assert response.status_code == 302 and response.location == "/account"
    assert "Password changed." in text(kitchen.get("/account"))
    assert reaches(kitchen, league)
    assert not reaches(phone, league)
    assert not reaches(kitchen_before, league)
    assert reaches(scorer, league)  # a phone that joined with the passcode is no session of it
    assert reaches(rival, f"/leagues/{world.b.league_id}")
    account = owner_row(world)
    assert account.session_generation == generation + 1
    assert accounts.secret_matches(account.password_hash, NEW)
    assert not accounts.secret_matches(account.password_hash, OLD)
    old = Browser(app).post("/login", data={"username": "owner", "password": OLD})
    assert old.status_code == 401
    assert reaches(signed_in(app, "owner", NEW), league)


def test_a_wrong_current_password_is_refused_and_counts_as_a_failed_sign_in(app, world):
    kitchen, phone = signed_in(app), signed_in(app)
    before = owner_row(world).password_hash

    response = change(kitchen, current="not my password")

    assert response.status_code == 401
    assert "That is not your current password." in shown(response)
    assert owner_row(world).password_hash == before
    assert reaches(phone, f"/leagues/{world.a.league_id}")
    assert failures_of("owner") == 1


def test_wrong_current_passwords_slow_down_the_account_as_sign_ins_do(app, world):
    kitchen = signed_in(app)
    for n in range(tries.MAX_FAILURES):
        assert change(kitchen, current=f"guess-{n}").status_code == 401

    # Another browser, without this one's device cookie, meets the account's back-off.
    elsewhere = Browser(app)
    elsewhere.client.environ_base["REMOTE_ADDR"] = "192.0.2.30"
    response = elsewhere.post("/login", data={"username": "owner", "password": OLD})
    assert response.status_code == 429
    assert "Too many wrong tries. Wait 2 seconds" in shown(response)


def test_a_stolen_session_without_the_device_cookie_is_slowed_down_too(app, world):
    owner = signed_in(app)
    thief = copy_of(owner)  # the session cookie alone
    for n in range(tries.MAX_FAILURES):
        assert change(thief, current=f"guess-{n}").status_code == 401

    refused = change(thief)

    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert "Too many wrong tries. Wait 2 seconds, then try again." in shown(refused)
    assert accounts.secret_matches(owner_row(world).password_hash, OLD)


@pytest.mark.parametrize(
    ("new", "confirm", "field", "message"),
    [
        ("1234567890", None, "password", "common"),
        ("password12", None, "password", "common"),
        ("aaaaaaaaaa", None, "password", "Repeats like"),
        ("owner-and-more", None, "password", "cannot contain the user name"),
        ("OWNER lamp rummy", None, "password", "cannot contain the user name"),
        ("\u200b" * 12, None, "password", "at least 10 characters you can see"),
        ("short", None, "password", "at least 10 characters"),
        ("", None, "password", "Choose a new password."),
        (NEW, "lamp rummy owl kettles", "confirm", "The two new passwords differ."),
    ],
)
def test_a_refused_new_password_changes_nothing(app, world, new, confirm, field, message):
    kitchen, phone = signed_in(app), signed_in(app)
    before = owner_row(world)
    hash_before, generation = before.password_hash, before.session_generation

    response = change(kitchen, new=new, confirm=confirm)

    assert response.status_code == 422
    assert f'id="{field}-error"' in text(response)
    assert message.lower() in shown(response).lower()
    after = owner_row(world)
    assert (after.password_hash, after.session_generation) == (hash_before, generation)
    assert reaches(phone, f"/leagues/{world.a.league_id}")
    assert failures_of("owner") == 0


def test_the_same_password_again_is_refused(app, world):
    kitchen = signed_in(app)
    assert change(kitchen).status_code == 302
    generation = owner_row(world).session_generation

    response = change(kitchen, current=NEW, new=unicodedata.normalize("NFKD", NEW))

    assert response.status_code == 422
    assert "The new password is the one you have now; choose another." in shown(response)
    assert owner_row(world).session_generation == generation


def test_a_missing_current_password_is_named(app, world):
    response = change(signed_in(app), current="")
    assert response.status_code == 422
    assert "Type the password you have now." in shown(response)


def test_the_new_password_is_kept_in_nfkc(app, world):
    composed = "Café crème brûlée tonight"
    decomposed = unicodedata.normalize("NFD", composed)

    assert change(signed_in(app), new=decomposed).status_code == 302

    again = Browser(app).post("/login", data={"username": "owner", "password": composed})
    assert again.status_code == 302
