"""Sign-up is open, so one address makes a few accounts an hour at most: the next is refused
with a 429 that says when to come back, and nothing is made."""

from __future__ import annotations

import html
import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update
from test_access import Browser, text

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts, tries
from scorekeeper.models import Account, LoginAttempt

PASSWORD = "lamp rummy owl kettle"


def sign_up(browser: Browser, name: str, password: str = PASSWORD, **kwargs):
    data = {"username": name, "password": password, "confirm": password}
    return browser.post("/signup", data=data, **kwargs)


def from_address(app, address: str) -> Browser:
    browser = Browser(app)
    browser.client.environ_base["REMOTE_ADDR"] = address
    return browser


def accounts_made() -> int:
    db.session.expire_all()
    return db.session.scalar(select(func.count(Account.id))) or 0


def fill_the_address(app, address: str = "198.51.100.4") -> None:
    for n in range(tries.SIGNUPS_PER_ADDRESS):
        assert sign_up(from_address(app, address), f"family{n}").status_code == 302


def test_one_address_makes_a_few_accounts_then_waits(app):
    fill_the_address(app)
    latecomer = from_address(app, "198.51.100.4")

    refused = sign_up(latecomer, "one-too-many")

    assert refused.status_code == 429
    shown = html.unescape(text(refused))
    assert f"{tries.SIGNUPS_PER_ADDRESS} sign-ups came from this network in the last hour" in shown
    assert "Try again in 60 minutes." in shown
    assert 3500 <= int(refused.headers["Retry-After"]) <= 3600
    assert accounts_made() == tries.SIGNUPS_PER_ADDRESS
    assert accounts.account_named("one-too-many") is None
    assert "account_id" not in latecomer.session()


def test_the_wait_shown_is_until_the_oldest_sign_up_leaves_the_hour(app):
    fill_the_address(app)
    oldest = db.session.scalars(select(LoginAttempt).order_by(LoginAttempt.id)).first()
    oldest.at = datetime.now(UTC) - timedelta(minutes=45)
    db.session.commit()

    refused = sign_up(from_address(app, "198.51.100.4"), "one-too-many")

    assert refused.status_code == 429
    assert "Try again in 15 minutes." in html.unescape(text(refused))


def test_an_hour_later_the_address_may_sign_up_again(app):
    fill_the_address(app)
    earlier = datetime.now(UTC) - tries.SIGNUP_WINDOW - timedelta(seconds=1)
    db.session.execute(update(LoginAttempt).values(at=earlier))
    db.session.commit()

    assert sign_up(from_address(app, "198.51.100.4"), "next-hour").status_code == 302
    assert accounts.account_named("next-hour") is not None


def test_another_address_is_not_held_back(app):
    fill_the_address(app)

    assert sign_up(from_address(app, "198.51.100.5"), "neighbour").status_code == 302


def test_refused_sign_ups_do_not_count(app):
    browser = from_address(app, "198.51.100.4")
    for n in range(tries.SIGNUPS_PER_ADDRESS + 2):
        assert sign_up(browser, f"weak{n}", "1234567890").status_code == 422

    assert sign_up(browser, "strong").status_code == 302


def test_a_taken_name_is_refused_makes_nothing_and_counts(app):
    assert sign_up(from_address(app, "198.51.100.4"), "Kim").status_code == 302

    taken = sign_up(from_address(app, "198.51.100.4"), "KIM")

    assert taken.status_code == 422
    assert "That user name is taken; choose another." in text(taken)
    assert accounts_made() == 1
    # The refusal tells that "Kim" exists: it counts against the hour's sign-ups.
    count = select(func.count(LoginAttempt.id)).where(LoginAttempt.username == tries.SIGNUP_KEY)
    assert db.session.scalar(count) == 2


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("2001:db8:5:7::1", "2001:db8:5:7:ffff:ffff:ffff:fffe"),  # one /64
        ("203.0.113.9", "::ffff:203.0.113.9"),  # IPv4, and as IPv6 writes it
    ],
)
def test_addresses_of_one_network_share_the_limit(app, first, second):
    fill_the_address(app, first)

    assert sign_up(from_address(app, second), "same-network").status_code == 429
    assert sign_up(from_address(app, "2001:db8:5:8::1"), "next-network").status_code == 302


def test_sign_up_failures_do_not_slow_sign_in(app):
    fill_the_address(app)
    browser = from_address(app, "198.51.100.4")
    response = browser.post("/login", data={"username": "family0", "password": PASSWORD})
    assert response.status_code == 302


def test_behind_the_proxy_the_limit_counts_the_visitors_address(tmp_path):
    """With HTTPS (one trusted proxy hop), the address is the one the proxy forwarded."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "proxy-secret",
            "WTF_CSRF_ENABLED": False,
            "SQLALCHEMY_DATABASE_URI": "sqlite://",
            "HTTPS": True,
        },
        instance_path=tmp_path / "instance",
    )
    with app.app_context():
        db.create_all()

    def through_proxy(visitor: str, name: str):
        browser = Browser(app)
        headers = {"X-Forwarded-For": visitor, "X-Forwarded-Proto": "https"}
        return sign_up(browser, name, headers=headers, base_url="https://localhost")

    for n in range(tries.SIGNUPS_PER_ADDRESS):
        assert through_proxy("203.0.113.20", f"visitor{n}").status_code == 302
    refused = through_proxy("203.0.113.20", "one-too-many")
    other_visitor = through_proxy("203.0.113.21", "other-visitor")

    assert refused.status_code == 429
    assert other_visitor.status_code == 302
    with app.app_context():
        addresses = db.session.scalars(select(LoginAttempt.address)).all()
    assert set(addresses) == {"203.0.113.20", "203.0.113.21"}


def test_the_sign_up_page_says_so_before_the_form_is_filled(app):
    fill_the_address(app)

    page = from_address(app, "198.51.100.4").get("/signup")
    elsewhere = from_address(app, "198.51.100.5").get("/signup")

    assert page.status_code == 200
    assert "Try again in 60 minutes." in html.unescape(text(page))
    assert "Try again" not in text(elsewhere)


def test_the_sign_up_page_names_the_refusal_for_screen_readers(app):
    fill_the_address(app)
    refused = sign_up(from_address(app, "198.51.100.4"), "one-too-many")
    assert re.search(r'role="alert"[^>]*>\s*<ul>\s*<li>\d+ sign-ups came', text(refused))


# --- taken names count; every address together has a cap ---


def test_names_found_taken_count_like_accounts_made(app):
    assert sign_up(from_address(app, "198.51.100.9"), "Kim").status_code == 302
    lister = from_address(app, "198.51.100.4")
    for _ in range(tries.SIGNUPS_PER_ADDRESS):
        assert sign_up(lister, "KIM").status_code == 422

    refused = sign_up(lister, "a-free-name")

    assert refused.status_code == 429
    assert "sign-ups came from this network in the last hour" in html.unescape(text(refused))
    assert accounts.account_named("a-free-name") is None


def test_many_addresses_together_make_only_the_hours_cap(app):
    per_address = tries.SIGNUPS_PER_ADDRESS
    for n in range(tries.SIGNUPS_PER_HOUR):
        address = f"198.51.{100 + n // per_address}.{n % per_address + 1}"
        assert sign_up(from_address(app, address), f"made{n}").status_code == 302

    refused = sign_up(from_address(app, "203.0.113.99"), "one-more")

    assert refused.status_code == 429
    shown = html.unescape(text(refused))
    assert f"{tries.SIGNUPS_PER_HOUR} sign-ups reached this server in the last hour" in shown
    assert "Try again in 60 minutes." in shown
    assert accounts_made() == tries.SIGNUPS_PER_HOUR
