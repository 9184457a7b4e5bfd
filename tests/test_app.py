"""The app factory, configuration, health check, manifest and error pages."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from scorekeeper import create_app
from scorekeeper.config import normalise_database_url
from scorekeeper.extensions import db


def test_healthz_answers_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


def test_home_page_lists_leagues_and_offers_to_create_one(client, make_league):
    make_league("The Smiths")
    make_league("Book Club", players=())
    page = client.get("/").get_data(as_text=True)
    assert page.index("Book Club") < page.index("The Smiths")
    assert "5 players" in page and "0 players" in page
    assert 'action="/leagues"' in page and "Create league" in page


def test_missing_page_is_in_the_apps_style(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404
    assert "Nothing here" in response.get_data(as_text=True)
    assert "app.css" in response.get_data(as_text=True)


def test_server_error_page_is_in_the_apps_style(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    assert "Something went wrong" in response.get_data(as_text=True)


def test_manifest_lets_a_phone_install_the_app(client):
    response = client.get("/manifest.webmanifest")
    manifest = json.loads(response.get_data(as_text=True))
    assert response.mimetype == "application/manifest+json"
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200
        response.close()


def test_secret_key_is_generated_once_and_kept(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    settings = {"SQLALCHEMY_DATABASE_URI": "sqlite://"}
    first = create_app(settings, instance_path=tmp_path)
    second = create_app(settings, instance_path=tmp_path)
    key = first.config["SECRET_KEY"]
    assert len(key) == 64 and key not in ("dev", "")
    assert second.config["SECRET_KEY"] == key
    assert (tmp_path / "secret_key").read_text().strip() == key
    assert create_app(settings, instance_path=tmp_path / "other").config["SECRET_KEY"] != key


def test_settings_layer_instance_file_then_environment_then_test(tmp_path, monkeypatch):
    (tmp_path / "config.py").write_text(
        "SECRET_KEY = 'from-file'\nPOLL_SECONDS = 9\nSQLALCHEMY_DATABASE_URI = 'sqlite:///file.db'\n"
    )
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    app = create_app(instance_path=tmp_path)
    assert app.config["SECRET_KEY"] == "from-file"
    assert app.config["POLL_SECONDS"] == 9
    monkeypatch.setenv("SECRET_KEY", "from-env")
    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db/league")
    app = create_app(instance_path=tmp_path)
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.config["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u:p@db/league"
    app = create_app({"SECRET_KEY": "from-test"}, instance_path=tmp_path)
    assert app.config["SECRET_KEY"] == "from-test"
    assert app.config["POLL_SECONDS"] == 9


# fmt: off
@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgres://a@h/db",            "postgresql+psycopg://a@h/db"),
        ("postgresql://a@h/db",          "postgresql+psycopg://a@h/db"),
        ("postgresql+psycopg://a@h/db",  "postgresql+psycopg://a@h/db"),
        ("sqlite:////tmp/x.db",          "sqlite:////tmp/x.db"),
    ],
    ids=["postgres", "postgresql", "explicit-driver", "sqlite"],
)
# fmt: on
def test_database_urls_use_psycopg_3(url, expected):
    assert normalise_database_url(url) == expected


def test_sqlite_file_runs_with_foreign_keys_wal_and_busy_timeout(tmp_path):
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}", "SECRET_KEY": "k"},
        instance_path=tmp_path,
    )
    with app.app_context():
        assert db.session.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert db.session.execute(text("PRAGMA busy_timeout")).scalar() == 10_000
