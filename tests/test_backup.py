"""Backups: a consistent copy of the SQLite file in instance/backups/, and restoring one."""

from __future__ import annotations

import re
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import ON_POSTGRES, SETTINGS, out, play_hand, tally
from flask import Flask
from flask_migrate import upgrade
from reading import visible_text
from sqlalchemy import URL, create_engine, select, text

from scorekeeper import create_app
from scorekeeper.commands import backup
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.models import Game, League, Player
from scorekeeper.play import games

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def file_app(tmp_path) -> Iterator[Flask]:
    """An app on a migrated SQLite file, in its app context."""
    app = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'live.db'}"},
        instance_path=tmp_path / "instance",
    )
    with app.app_context():
        upgrade()
        yield app
        db.session.remove()
        db.engine.dispose()


def make_smiths() -> League:
    """The Smiths: four players and a game with one hand scored."""
    owner = accounts.create_account("owner", "owner-password")
    league = leagues.create_league("The Smiths", "continental", owner)
    players = [leagues.add_player(league, name) for name in ("Ann", "Bob", "Cat", "Dan")]
    game = games.start_game(league, league.rulesets[0], players, 0)
    db.session.commit()
    play_hand(game, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    return league


def contents() -> tuple[list[str], list[str], int]:
    """What a user would see: league names, player names, number of games."""
    db.session.expire_all()
    return (
        list(db.session.scalars(select(League.name).order_by(League.name))),
        list(db.session.scalars(select(Player.name).order_by(Player.name))),
        len(db.session.scalars(select(Game)).all()),
    )


def rows_in(path: Path, query: str) -> list[tuple]:
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return connection.execute(query).fetchall()
    finally:
        connection.close()


# --- backing up ---


def test_backup_is_written_to_instance_backups_named_by_its_time(file_app):
    make_smiths()

    path = backup.backup(now=datetime(2026, 3, 14, 9, 26, 53, tzinfo=UTC))

    assert path == Path(file_app.instance_path) / "backups" / "scorekeeper-20260314-092653.db"
    assert rows_in(path, "PRAGMA integrity_check") == [("ok",)]
    assert rows_in(path, "SELECT name FROM league") == [("The Smiths",)]
    assert rows_in(path, "SELECT count(*) FROM hand_score") == [(4,)]


def test_backup_without_a_time_is_stamped_now(file_app):
    make_smiths()
    before = datetime.now(UTC).replace(microsecond=0)

    path = backup.backup()

    assert re.fullmatch(r"scorekeeper-\d{8}-\d{6}\.db", path.name)
    stamp = datetime.strptime(path.name[12:27], "%Y%m%d-%H%M%S").replace(tzinfo=UTC)
    assert before <= stamp <= datetime.now(UTC)


def test_backup_holds_what_is_committed_and_nothing_half_done(file_app, tmp_path):
    db.session.execute(text("PRAGMA wal_checkpoint(TRUNCATE)"))  # the schema, into the file
    league = make_smiths()
    live = Path(db.engine.url.database)
    # The commit above sits in the write-ahead log: a plain copy of the file would miss it.
    assert Path(f"{live}-wal").stat().st_size > 0
    plain_copy = tmp_path / "plain-copy.db"
    shutil.copy(live, plain_copy)
    writer = sqlite3.connect(live)
    writer.execute("BEGIN IMMEDIATE")
    writer.execute("UPDATE league SET name = 'Half done' WHERE id = ?", (league.id,))

    try:
        path = backup.backup()
    finally:
        writer.rollback()
        writer.close()

    assert rows_in(path, "SELECT name FROM league") == [("The Smiths",)]
    assert rows_in(path, "SELECT count(*) FROM hand_score") == [(4,)]
    assert rows_in(plain_copy, "SELECT count(*) FROM hand_score") == [(0,)]


@pytest.mark.parametrize(
    "url", ["sqlite://", "postgresql+psycopg://scorekeeper@127.0.0.1:1/scorekeeper"]
)
def test_backup_refuses_a_database_that_is_not_a_sqlite_file(tmp_path, url):
    app = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": url}, instance_path=tmp_path / "instance"
    )
    with app.app_context(), pytest.raises(backup.BackupError, match="For PostgreSQL use pg_dump."):
        backup.backup()
    assert not (tmp_path / "instance" / "backups").exists()


@pytest.mark.skipif(not ON_POSTGRES, reason="needs TEST_DATABASE_URL")
def test_backup_on_postgresql_points_to_pg_dump(app):
    with pytest.raises(backup.BackupError, match="pg_dump"):
        backup.backup()


# --- restoring ---


def test_restore_brings_back_the_data_as_at_the_backup(file_app):
    league = make_smiths()
    saved = backup.backup(now=datetime(2026, 3, 14, 9, 0, 0, tzinfo=UTC))
    as_saved = contents()
    leagues.rename_player(league.players[0], "Annie")
    leagues.add_player(league, "Eve")
    games.delete_game(league.games[0])
    league.name = "Changed"
    db.session.commit()
    assert contents() != as_saved

    backup.restore(saved)

    assert contents() == as_saved == (["The Smiths"], ["Ann", "Bob", "Cat", "Dan"], 1)


def test_restored_database_serves_pages(file_app):
    league = make_smiths()
    saved = backup.backup()
    league_id, owner_id = league.id, league.owner_id
    league.name = "Changed"
    db.session.commit()

    backup.restore(saved)
    client = file_app.test_client()
    with client.session_transaction() as session:
        session["account_id"] = owner_id
    page = client.get(f"/leagues/{league_id}")

    assert page.status_code == 200
    assert "The Smiths" in page.get_data(as_text=True)


def test_restore_from_a_folder_with_unusual_characters(file_app, tmp_path):
    make_smiths()
    folder = tmp_path / "Family #2"
    folder.mkdir()
    saved = shutil.copy(backup.backup(), folder / "scorekeeper-20260314-090000.db")
    db.session.execute(League.__table__.update().values(name="Changed"))
    db.session.commit()

    backup.restore(Path(saved))

    assert contents()[0] == ["The Smiths"]


def not_sqlite(path: Path) -> Path:
    path.write_text("name,score\nAnn,10\n")
    return path


def foreign_sqlite(path: Path) -> Path:
    connection = sqlite3.connect(path)
    connection.execute("CREATE TABLE recipe (name TEXT)")
    connection.commit()
    connection.close()
    return path


# fmt: off
REFUSED = {
    # id:             make the file,       message
    "no-such-file":   (lambda p: p,        r"No backup at .*missing\.db"),
    "not-sqlite":     (not_sqlite,         r"is not a readable SQLite database"),
    "other-database": (foreign_sqlite,     r"is not a Scorekeeper backup"),
    "a-folder":       (lambda p: (p.mkdir(), p)[1], r"No backup at"),
}
# fmt: on


@pytest.mark.parametrize(("make", "message"), REFUSED.values(), ids=REFUSED)
def test_restore_refuses_what_is_not_a_backup_and_keeps_the_data(file_app, tmp_path, make, message):
    make_smiths()
    as_is = contents()
    candidate = make(tmp_path / "missing.db")

    with pytest.raises(backup.BackupError, match=message):
        backup.restore(candidate)

    assert contents() == as_is


def test_restore_refuses_on_a_database_that_is_not_a_sqlite_file(tmp_path, file_app):
    make_smiths()
    saved = backup.backup()
    app = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://x@127.0.0.1:1/x"},
        instance_path=tmp_path / "pg-instance",
    )
    with app.app_context(), pytest.raises(backup.BackupError, match="pg_dump"):
        backup.restore(saved)


# --- the commands and their documentation ---


def test_backup_and_restore_commands_are_registered(file_app):
    assert {"backup", "restore"} <= set(file_app.cli.list_commands(None))


def test_backup_command_writes_a_backup_and_restore_command_brings_it_back(file_app):
    make_smiths()
    runner = file_app.test_cli_runner()

    written = runner.invoke(args=["backup"])
    assert written.exit_code == 0, written.output
    path = Path(re.search(r"Backup written to (\S+)", written.output).group(1))
    db.session.execute(League.__table__.update().values(name="Changed"))
    db.session.commit()
    restored = runner.invoke(args=["restore", "--yes", str(path)])

    assert path.parent == Path(file_app.instance_path) / "backups"
    assert restored.exit_code == 0, restored.output
    assert contents()[0] == ["The Smiths"]


def test_restore_command_asks_before_replacing_everything(file_app):
    make_smiths()
    path = backup.backup()
    db.session.execute(League.__table__.update().values(name="Changed"))
    db.session.commit()

    answer = file_app.test_cli_runner().invoke(args=["restore", str(path)], input="n\n")

    assert answer.exit_code == 1
    assert "Replace every league and score" in answer.output
    assert contents()[0] == ["Changed"]


def test_backup_and_restore_are_documented():
    readme = (ROOT / "README.md").read_text()
    assert "flask --app scorekeeper backup" in readme
    assert "flask --app scorekeeper restore" in readme


# --- PostgreSQL: pg_dump and pg_restore, as docs/deploy.md says ---


def libpq_url(url: URL) -> str:
    """An SQLAlchemy URL as pg_dump and pg_restore read one (no driver name)."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


@pytest.fixture
def fresh_database(app) -> Iterator[URL]:
    """An empty PostgreSQL database beside the test's, dropped afterwards."""
    url = db.engine.url.set(database=f"{db.engine.url.database}_restored")
    server = create_engine(url.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with server.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{url.database}"'))
        connection.execute(text(f'CREATE DATABASE "{url.database}"'))
    yield url
    with server.connect() as connection:
        connection.execute(text(f'DROP DATABASE IF EXISTS "{url.database}" WITH (FORCE)'))
    server.dispose()


@pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL only: TEST_DATABASE_URL names none")
@pytest.mark.skipif(
    not (shutil.which("pg_dump") and shutil.which("pg_restore")),
    reason="pg_dump and pg_restore are not installed",
)
def test_a_postgresql_dump_restores_into_a_fresh_database(app, fresh_database, tmp_path):
    league = make_smiths()
    owner_id, game_id = league.owner_id, db.session.scalar(select(Game.id))
    as_is = contents()
    dump = tmp_path / "scorekeeper.dump"

    # The commands of docs/deploy.md, as an operator types them.
    subprocess.run(
        ["pg_dump", "-Fc", "-f", str(dump), libpq_url(db.engine.url)], check=True, timeout=120
    )
    subprocess.run(
        ["pg_restore", "--no-owner", "-d", libpq_url(fresh_database), str(dump)],
        check=True,
        timeout=120,
    )

    restored = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": fresh_database.render_as_string(False)},
        instance_path=tmp_path / "restored",
    )
    with restored.app_context():
        assert contents() == as_is
        client = restored.test_client()
        with client.session_transaction() as session:
            session["account_id"] = owner_id
        assert client.get("/readyz").status_code == 200
        sheet = visible_text(client.get(f"/games/{game_id}/sheet"))
        db.session.remove()
        db.engine.dispose()
    assert "The Smiths" in sheet
    assert all(name in sheet for name in ("Ann", "Bob", "Cat", "Dan"))


def test_postgresql_backups_are_documented_as_the_test_runs_them():
    deploy = (ROOT / "docs" / "deploy.md").read_text()
    assert "pg_dump -Fc -f" in deploy
    assert "pg_restore --no-owner -d" in deploy
    assert "[docs/deploy.md](docs/deploy.md#7-backups)" in (ROOT / "README.md").read_text()
    assert "## 7. Backups" in deploy
