"""The links the app builds (a league's table link and read-only link) never take a host a
request made up: the operator names the server (SERVER_NAME) or the hosts it answers to
(TRUSTED_HOSTS), in the environment like the other settings."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues, passcodes
from scorekeeper.league import settings as league_settings
from scorekeeper.models import Account


@pytest.fixture
def configured(tmp_path, monkeypatch) -> Callable[..., Flask]:
    """An app configured from the environment alone, as an operator sets it (no SERVER_NAME
    in the test settings), on a SQLite file: the host is the request's, not the database's."""
    monkeypatch.delenv("SERVER_NAME", raising=False)
    monkeypatch.delenv("TRUSTED_HOSTS", raising=False)

    def make(**environment: str) -> Flask:
        for name, value in environment.items():
            monkeypatch.setenv(name, value)
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "test-secret",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'hosts.db'}",
                "WTF_CSRF_ENABLED": False,
            },
            instance_path=tmp_path / "instance",
        )
        with app.app_context():
            db.create_all()
            owner = accounts.create_account("owner", "owner-password")
            league = leagues.create_league("The Smiths", "continental", owner)
            passcodes.set_passcode(league, "otter mango kettle")
            league_settings.share(league)
            db.session.commit()
        return app

    return make


def settings_page(app: Flask, host: str, signed_in_at: str | None = None):
    """The owner's Settings page asked for with this Host header, the owner signed in at
    `signed_in_at` (by default the same host)."""
    client = app.test_client()
    with app.app_context():
        owner = db.session.query(Account).one()
        with client.session_transaction(base_url=f"http://{signed_in_at or host}/") as session:
            session["account_id"] = owner.id
    return client.get("/leagues/1/settings", base_url=f"http://{host}/")


def test_with_trusted_hosts_another_host_is_refused_and_shown_no_link(configured):
    app = configured(TRUSTED_HOSTS="scores.example, localhost")

    forged = settings_page(app, "evil.example", signed_in_at="scores.example")
    right = settings_page(app, "scores.example")

    assert forged.status_code == 400
    page = forged.get_data(as_text=True)
    assert "evil.example" not in page
    assert "This server does not answer to that address. Use the one you were given." in page
    assert right.status_code == 200
    assert 'value="http://scores.example/leagues/1/join"' in right.get_data(as_text=True)


def test_with_a_server_name_every_link_names_it_whatever_the_host_said(configured):
    app = configured(SERVER_NAME="scores.example")

    page = settings_page(app, "evil.example").get_data(as_text=True)

    assert "evil.example" not in page
    assert 'value="http://scores.example/leagues/1/join"' in page
    assert 'value="http://scores.example/watch/' in page


def test_trusted_hosts_and_server_name_are_read_from_the_environment(configured):
    app = configured(SERVER_NAME="scores.example:8000", TRUSTED_HOSTS="scores.example, .lan")

    on_the_lan = settings_page(app, "box.lan")

    assert on_the_lan.status_code == 200
    assert 'value="http://scores.example:8000/leagues/1/join"' in on_the_lan.get_data(as_text=True)
    assert settings_page(app, "evil.example", signed_in_at="box.lan").status_code == 400
