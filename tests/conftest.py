"""Fixtures: an app on a fresh database, its client and CLI runner, and game factories."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from datetime import date

import pytest
from argon2 import PasswordHasher
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from flask_migrate import upgrade
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from scorekeeper import create_app
from scorekeeper.config import normalise_database_url
from scorekeeper.extensions import db
from scorekeeper.forms.hand import count_field_names
from scorekeeper.league import accounts, leagues
from scorekeeper.models import Account, Game, League
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset

# CI runs the tests that touch the database a second time with TEST_DATABASE_URL pointing at
# a PostgreSQL server, whose schema is built by the migrations (SQLite in memory uses the
# models directly). Run in parallel (pytest -n), each worker has a database of its own.
TEST_DATABASE_URL = normalise_database_url(os.environ.get("TEST_DATABASE_URL", "sqlite://"))
ON_POSTGRES = TEST_DATABASE_URL.startswith("postgresql")
if ON_POSTGRES and (WORKER := os.environ.get("PYTEST_XDIST_WORKER")):
    TEST_DATABASE_URL = (
        make_url(TEST_DATABASE_URL)
        .set(database=f"scorekeeper_test_{WORKER}")
        .render_as_string(hide_password=False)
    )
SETTINGS = {
    "TESTING": True,
    "SECRET_KEY": "test-secret",
    "SQLALCHEMY_DATABASE_URI": TEST_DATABASE_URL,
    "WTF_CSRF_ENABLED": False,
    "SERVER_NAME": "localhost",
}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark `database` every test on the app's database (the `app` fixture), the tests CI
    repeats on PostgreSQL; browser tests and pure rule tests never reach it. Tests marked
    `words` check a page's language, which no database changes: they run once."""
    for item in items:
        if "app" in getattr(item, "fixturenames", ()) and not item.get_closest_marker("words"):
            item.add_marker(pytest.mark.database)


def create_worker_database() -> None:
    """Create this worker's PostgreSQL database beside the one TEST_DATABASE_URL names."""
    url = make_url(TEST_DATABASE_URL)
    server = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        exists = connection.scalar(
            text("SELECT 1 FROM pg_database WHERE datname = :name"), {"name": url.database}
        )
        if not exists:
            connection.execute(text(f'CREATE DATABASE "{url.database}"'))
    server.dispose()


@pytest.fixture(scope="session")
def migrated(tmp_path_factory) -> bool:
    """On PostgreSQL: drop everything once and apply the migrations."""
    if ON_POSTGRES:
        if os.environ.get("PYTEST_XDIST_WORKER"):
            create_worker_database()
        app = create_app(SETTINGS, instance_path=tmp_path_factory.mktemp("migrate"))
        with app.app_context():
            with db.engine.begin() as connection:
                connection.execute(text("DROP SCHEMA public CASCADE"))
                connection.execute(text("CREATE SCHEMA public"))
            upgrade()
            db.engine.dispose()
    return ON_POSTGRES


def emptied(migrated: bool) -> None:
    """Empty the app's database after a test, in its app context: PostgreSQL's tables
    truncated (the schema stays, as the migrations made it), else every table dropped."""
    db.session.remove()
    if migrated:
        # A connection still out now would outlive the engine's pool, left open for the
        # garbage collector to find in some later test: name this test instead.
        in_use = db.engine.pool.checkedout()
        assert in_use == 0, f"{in_use} database connection(s) still in use as the test ended"
        tables = ", ".join(f'"{t.name}"' for t in db.metadata.sorted_tables)
        with db.engine.begin() as connection:
            connection.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    else:
        db.drop_all()
    db.engine.dispose()


@pytest.fixture
def app(tmp_path, migrated: bool) -> Iterator[Flask]:
    """An app on an empty database, with CSRF off (its own tests turn it on)."""
    app = create_app(SETTINGS, instance_path=tmp_path / "instance")
    with app.app_context():
        if not migrated:
            db.create_all()
        yield app
        emptied(migrated)


@pytest.fixture(autouse=True)
def quick_password_hashes(monkeypatch) -> None:
    """Hash passwords with cheap argon2 settings: the tests check logic, not hash strength."""
    monkeypatch.setattr(
        accounts, "_hasher", PasswordHasher(time_cost=1, memory_cost=8, parallelism=1)
    )


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch) -> None:
    """The command line speaks the terminal's language: English here, whatever the machine's,
    unless a test says otherwise (LANGUAGE comes first of the variables gettext reads)."""
    monkeypatch.setenv("LANGUAGE", "en")


@pytest.fixture
def owner(app: Flask) -> Account:
    """The account that owns the leagues the factories make."""
    account = accounts.create_account("owner", "owner-password")
    db.session.commit()
    return account


@pytest.fixture
def file_app(tmp_path) -> Iterator[Flask]:
    """An app on a fresh SQLite file, in its app context: for what runs the migrations."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}",
        },
        instance_path=tmp_path,
    )
    with app.app_context():
        yield app
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app: Flask, owner: Account) -> FlaskClient:
    """A test client signed in as the owner of the factories' leagues."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["account_id"] = owner.id
    return client


@pytest.fixture
def anonymous(app: Flask) -> FlaskClient:
    """A test client nobody signed in to."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A runner for the app's click commands."""
    return app.test_cli_runner()


@pytest.fixture
def make_league(app: Flask, owner: Account):
    """Make a league with players, owned by `owner`; returns the league."""

    def make(
        name: str = "The Smiths",
        players: Sequence[str] = ("Ann", "Bob", "Cat", "Dan", "Eve"),
        preset: str = "continental",
    ) -> League:
        league = leagues.create_league(name, preset, owner)
        for player in players:
            leagues.add_player(league, player)
        db.session.commit()
        return league

    return make


@pytest.fixture
def make_game(app: Flask, make_league):
    """Make a game in progress: a league's players seated in order, seat 0 dealing first."""

    def make(
        players: Sequence[str] = ("Ann", "Bob", "Cat", "Dan", "Eve"),
        preset: str = "continental",
        first_dealer: int = 0,
        started_on: date | None = None,
        league: League | None = None,
    ) -> Game:
        league = league or make_league(players=players, preset=preset)
        by_name = {p.name: p for p in league.players}
        game = games.start_game(
            league,
            league.rulesets[0],
            [by_name[name] for name in players],
            first_dealer,
            today=started_on,
        )
        db.session.commit()
        return loaded(game)

    return make


# The hand form's count fields of a Continental player, e.g. "cards_10_k" (p1_cards_10_k).
CONTINENTAL_COUNTS = count_field_names(preset("continental").prices)


def out() -> PlayerEntry:
    """The report of a player who went out."""
    return PlayerEntry(went_out=True)


def tally(**counts: int) -> PlayerEntry:
    """A Continental tally by group: tally(low=2, high=1, ace=0, joker=0)."""
    labels = {"low": "2-9", "high": "10-K", "ace": "A", "joker": "Joker"}
    return PlayerEntry(tally={labels[key]: n for key, n in counts.items()})


def hand_data(hand, players, **fields) -> dict[str, str]:
    """The hand form as a browser sends it: every field, with the given ones filled in.

    `players` holds one dict per seat, with the field names after the `p{i}_` prefix
    (Continental's four price groups).
    """
    data = {"version": str(hand.version), "made_by": "", "reason": ""}
    for i, given in enumerate(players):
        data.update({f"p{i}_{name}": "0" for name in CONTINENTAL_COUNTS})
        data.update({f"p{i}_total": "", f"p{i}_short": "0", f"p{i}_penalty": "0"})
        data[f"p{i}_penalty_reason"] = ""
        data.update({f"p{i}_{key}": str(value) for key, value in given.items()})
    data.update({key: str(value) for key, value in fields.items()})
    return data


def play_hand(game: Game, entries: Sequence[PlayerEntry], stock_ran_out: bool = False) -> None:
    """Score the hand in play and commit, as one request would; `game` is then loaded again,
    as the next request loads it."""
    hand = games.current_hand(loaded(game))
    hands.score_hand(hand, entries, stock_ran_out=stock_ran_out, confirmed=True)
    db.session.commit()
    loaded(game)


def loaded(game: Game) -> Game:
    """`game` as a request loads it (`games.load_game`): the same object, read again with its
    seats, hands and scores, after a commit or a request of the test client."""
    found = games.load_game(game.id)
    assert found is game
    return found
