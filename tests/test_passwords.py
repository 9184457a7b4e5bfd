"""Passwords: common ones, repeats, the user name and invisible padding are refused; the same
password typed in another Unicode form signs in."""

from __future__ import annotations

import html
import re
import unicodedata
from typing import Literal

import pytest
from argon2 import PasswordHasher
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.league import accounts
from scorekeeper.models import Account


def signup(anonymous, username: str, password: str):
    return anonymous.post(
        "/signup", data={"username": username, "password": password, "confirm": password}
    )


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("aaaaaaaaaa", "Repeats like"),
        ("1234567890", "common"),
        ("password12", "common"),
        ("kimberly-lee", "cannot contain the user name"),
        ("Kimberly-Lee!", "cannot contain the user name"),
        ("\u200b" * 10, "at least 10 characters you can see"),
        ("abc\u200b\u200b\u200b\u200b\u200b\u200b\u200b", "at least 10 characters you can see"),
        ("qwertyuiop", "Try a few unrelated words"),
    ],
)
def test_easy_passwords_are_refused(anonymous, password, message):
    response = signup(anonymous, "kimberly-lee", password)

    assert response.status_code == 422
    shown = html.unescape(response.get_data(as_text=True))
    assert 'id="password-error"' in shown
    assert message.lower() in shown.lower()
    assert db.session.scalar(select(func.count(Account.id))) == 0


@pytest.mark.parametrize("path", ["/signup", "/account/password"])
def test_a_short_password_is_refused_in_one_sentence(anonymous, client, path):
    fields = {"password": "short", "confirm": "short"}
    if path == "/signup":
        response = anonymous.post(path, data={"username": "kimberly-lee", **fields})
    else:
        response = client.post(path, data={"current": "owner-password", **fields})

    assert response.status_code == 422
    error = re.search(r'id="password-error">([^<]*)<', response.get_data(as_text=True))
    assert error and html.unescape(error.group(1)).strip() == (
        "A password has at least 10 characters you can see."
    )


def test_a_few_unrelated_words_are_accepted(anonymous):
    response = signup(anonymous, "kimberly-lee", "lamp rummy owl kettle")
    assert response.status_code == 302
    assert db.session.scalar(select(func.count(Account.id))) == 1


def test_a_password_typed_in_another_unicode_form_signs_in(anonymous, app):
    composed = "Café crème brûlée tonight"
    decomposed = unicodedata.normalize("NFD", composed)
    assert composed != decomposed
    accounts.create_account("kim", accounts.normal_password(composed))
    db.session.commit()

    response = anonymous.post("/login", data={"username": "KIM", "password": decomposed})

    assert response.status_code == 302


# --- a wrong password costs the same whether or not the account exists ---


class CountingHasher(PasswordHasher):
    """The tests' cheap hasher, counting each password it checks."""

    checks = 0

    def verify(self, hash: str | bytes, password: str | bytes) -> Literal[True]:
        self.checks += 1
        return super().verify(hash, password)


@pytest.mark.parametrize("password", ["wrong password", "wrong café", "wrong cafe\u0301"])
def test_a_wrong_password_checks_as_many_hashes_for_a_missing_account(app, monkeypatch, password):
    accounts.create_account("kim", "lamp rummy owl kettle")
    db.session.commit()
    hasher = CountingHasher(time_cost=1, memory_cost=8, parallelism=1)
    monkeypatch.setattr(accounts, "_hasher", hasher)
    checked = []
    for name in ("kim", "nobody-here"):
        hasher.checks = 0
        response = app.test_client().post("/login", data={"username": name, "password": password})
        assert response.status_code == 401
        assert "That user name and password do not match." in response.get_data(as_text=True)
        checked.append(hasher.checks)

    assert checked[0] >= 1
    assert checked[0] == checked[1]
