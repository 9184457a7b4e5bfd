"""What an operator watches: the health checks and the request log."""

from __future__ import annotations

import logging
import re

import pytest
from conftest import SETTINGS
from sqlalchemy import event

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import settings as league_settings

UNREACHABLE = {
    # id:              a database nobody can reach, or one not migrated yet
    "sqlite-missing":  lambda tmp: "sqlite:////no/such/folder/scorekeeper.db",
    "sqlite-empty":    lambda tmp: f"sqlite:///{tmp / 'empty.db'}",
    "postgresql-down": lambda tmp: "postgresql+psycopg://scorekeeper@127.0.0.1:1/scorekeeper",
}  # fmt: skip


@pytest.fixture(params=UNREACHABLE.values(), ids=UNREACHABLE)
def cut_off(request, tmp_path):
    """A test client of an app whose database cannot answer."""
    app = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": request.param(tmp_path)},
        instance_path=tmp_path / "instance",
    )
    with app.app_context():
        yield app.test_client()
        db.engine.dispose()


def statements_sent(app, path: str) -> tuple[int, int]:
    """The status of GET `path` and how many statements it sent to the database."""
    sent = []

    def count(*_args) -> None:
        sent.append(1)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        status = app.test_client().get(path).status_code
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    return status, len(sent)


# --- the health checks ---


def test_readyz_answers_ok_when_the_database_answers(app):
    response = app.test_client().get("/readyz")

    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"
    assert response.headers["Cache-Control"] == "no-store"
    assert statements_sent(app, "/readyz") == (200, 1)


def test_readyz_answers_503_in_plain_words_when_the_database_does_not(cut_off, caplog):
    response = cut_off.get("/readyz")

    assert response.status_code == 503
    assert response.mimetype == "text/plain"
    assert response.get_data(as_text=True) == "The database does not answer."
    assert "The database does not answer:" in caplog.text  # the reason, for the operator


def test_healthz_stays_cheap_and_answers_without_the_database(app, cut_off):
    assert statements_sent(app, "/healthz") == (200, 0)
    response = cut_off.get("/healthz")
    assert response.status_code == 200
    assert response.get_data(as_text=True) == "ok"


# --- the request log ---

LINE = re.compile(r"^(?P<method>[A-Z]+) (?P<path>\S+) (?P<status>\d{3}) (?P<ms>\d+\.\d) ms$")


def logged(caplog) -> list[dict[str, str]]:
    lines = [r.getMessage() for r in caplog.records if r.name == "scorekeeper.requests"]
    assert all(LINE.match(line) for line in lines), lines
    return [LINE.match(line).groupdict() for line in lines]


def test_each_request_is_logged_once_with_its_status_and_milliseconds(client, make_game, caplog):
    game = make_game()
    with caplog.at_level(logging.INFO, logger="scorekeeper.requests"):
        client.get(f"/games/{game.id}")
        client.get("/healthz?password=hunter2")
        client.get("/no/such/page")

    lines = logged(caplog)
    assert [(line["method"], line["path"], line["status"]) for line in lines] == [
        ("GET", f"/games/{game.id}", "200"),
        ("GET", "/healthz", "200"),  # the query string is never written
        ("GET", "/no/such/page", "404"),
    ]
    assert all(float(line["ms"]) >= 0 for line in lines)
    assert "hunter2" not in caplog.text


def test_the_read_only_links_secret_is_not_logged(client, make_game, caplog):
    game = make_game()
    token = league_settings.share(game.league)
    db.session.commit()
    with caplog.at_level(logging.INFO, logger="scorekeeper.requests"):
        assert client.get(f"/watch/{token}").status_code == 200
        assert client.get(f"/watch/{token}/games/{game.id}").status_code == 200

    assert [line["path"] for line in logged(caplog)] == [
        "/watch/<token>",
        f"/watch/<token>/games/{game.id}",
    ]
    assert token not in caplog.text


def test_no_request_is_logged_unless_asked(client, caplog):
    client.get("/healthz")

    assert not [r for r in caplog.records if r.name == "scorekeeper.requests"]
