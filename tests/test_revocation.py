"""Sign-out, "sign out everywhere", a new passcode and removing a phone end access on the
server: a cookie kept or copied from before no longer works."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import test_access
from test_access import PASSCODE, PASSWORD_B, Browser, text

from scorekeeper.extensions import db
from scorekeeper.models import JoinedPhone
from scorekeeper.web import access

world = test_access.world  # the fixture: two leagues of two families

IPHONE = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
    "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"
)


def signed_in(app, username: str = "owner", password: str = "owner-password") -> Browser:
    browser = Browser(app)
    response = browser.post("/login", data={"username": username, "password": password})
    assert response.status_code == 302
    return browser


def copy_of(browser: Browser) -> Browser:
    """Another browser holding the same session cookie (as a thief who copied it)."""
    thief = Browser(browser.app)
    cookie = browser.client.get_cookie("session")
    thief.client.set_cookie("session", cookie.value)
    return thief


def reaches(browser: Browser, path: str) -> bool:
    return browser.get(path).status_code == 200


def test_a_copied_cookie_stops_working_once_its_owner_signs_out(app, world):
    league = f"/leagues/{world.a.league_id}"
    owner = signed_in(app)
    thief = copy_of(owner)
    assert reaches(thief, league)

    assert owner.post("/logout").status_code == 302

    assert not reaches(thief, league)
    assert urlsplit(thief.get(league).location).path == "/login"
    assert not reaches(owner, league)


def test_sign_out_everywhere_ends_every_session_of_the_account(app, world):
    league = f"/leagues/{world.a.league_id}"
    kitchen, phone = signed_in(app), signed_in(app)
    rival = signed_in(app, "rival", PASSWORD_B)

    response = kitchen.post("/logout/everywhere")

    assert response.status_code == 302
    assert not reaches(kitchen, league) and not reaches(phone, league)
    assert reaches(rival, f"/leagues/{world.b.league_id}")  # another account is untouched
    again = signed_in(app)
    assert reaches(again, league)


def test_a_session_ends_after_its_longest_life_however_often_it_is_used(app, world):
    began = datetime.now(UTC) - access.SESSION_LIMIT - timedelta(minutes=1)
    old = Browser(
        app,
        account_id=world.a.owner_id,
        began=began.timestamp(),
        seen=datetime.now(UTC).timestamp(),
    )
    assert not reaches(old, f"/leagues/{world.a.league_id}")


def joined(app, league_id: int) -> Browser:
    phone = Browser(app)
    phone.client.environ_base["HTTP_USER_AGENT"] = IPHONE
    response = phone.post(f"/leagues/{league_id}/join", data={"passcode": PASSCODE})
    assert response.status_code == 302
    return phone


def test_a_new_passcode_ends_every_joined_phones_access(app, world):
    league = f"/leagues/{world.a.league_id}"
    phone = joined(app, world.a.league_id)
    assert reaches(phone, league)
    owner = signed_in(app)

    response = owner.post(f"{league}/settings/passcode", data={"passcode": "otter mango kettle"})

    assert response.status_code == 302
    assert not reaches(phone, league)
    assert phone.post(f"{league}/join", data={"passcode": PASSCODE}).status_code == 401
    assert phone.post(f"{league}/join", data={"passcode": "Otter  Mango Kettle"}).status_code == 302
    assert reaches(phone, league)


def test_the_owner_sees_joined_phones_and_removes_one(app, world):
    league = f"/leagues/{world.a.league_id}"
    phone, other = joined(app, world.a.league_id), joined(app, world.a.league_id)
    owner = signed_in(app)
    page = text(owner.get(f"{league}/settings"))
    assert page.count("<li>iPhone, Safari, joined") == 2
    mine = db.session.query(JoinedPhone).filter_by(
        league_id=world.a.league_id, device="iPhone, Safari"
    )
    first = mine.order_by(JoinedPhone.id).first()

    response = owner.post(f"{league}/settings/phones/{first.id}/remove")

    assert response.status_code == 302
    assert not reaches(phone, league)
    assert reaches(other, league)
    assert text(owner.get(f"{league}/settings")).count("<li>iPhone, Safari, joined") == 1


def test_a_scorer_cannot_remove_phones(app, world):
    league = f"/leagues/{world.a.league_id}"
    phone = joined(app, world.a.league_id)
    before = db.session.query(JoinedPhone).count()

    response = phone.post(f"{league}/settings/phones/{world.a.phone_id}/remove")

    assert response.status_code == 403
    assert db.session.query(JoinedPhone).count() == before


def test_signing_out_a_joined_phone_takes_it_off_the_list(app, world):
    league = f"/leagues/{world.a.league_id}"
    phone = joined(app, world.a.league_id)
    thief = copy_of(phone)

    phone.post("/logout")

    assert not reaches(thief, league)
    assert db.session.query(JoinedPhone).filter_by(device="iPhone, Safari").count() == 0
