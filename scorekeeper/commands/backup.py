"""Backups of the SQLite database with SQLite's online backup, and restoring one."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import click
from flask import current_app
from flask.cli import with_appcontext

from scorekeeper.commands.language import SpokenCommand, SpokenOption
from scorekeeper.config import private_file, private_folder
from scorekeeper.extensions import db
from scorekeeper.rules.language import N_, _

BACKUP_FOLDER = "backups"


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says why."""


def database_file() -> Path:
    """The SQLite database file of the app.

    :raises BackupError: when the database is not a SQLite file (e.g. PostgreSQL).
    """
    url = db.engine.url
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        raise BackupError(
            _("Backups here are for the SQLite database file. For PostgreSQL use pg_dump.")
        )
    return Path(url.database)


def backup(folder: Path | None = None, now: datetime | None = None) -> Path:
    """Write a consistent copy of the live database to instance/backups/, named by time.

    SQLite's online backup copies a consistent snapshot even while the app is writing.
    """
    source = database_file()
    folder = folder or Path(current_app.instance_path) / BACKUP_FOLDER
    private_folder(folder)
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%d-%H%M%S")
    target = private_file(folder / f"scorekeeper-{stamp}.db")
    with sqlite3.connect(source) as live, sqlite3.connect(target) as copy:
        live.backup(copy)
    copy.close()
    live.close()
    return target


def restore(backup_file: Path) -> None:
    """Replace the live database's contents with a backup's, in one step.

    :raises BackupError: for a file that is not a readable SQLite database of this app.
    """
    target = database_file()
    if not backup_file.is_file():
        raise BackupError(_("No backup at %(file)s.") % {"file": backup_file})
    try:
        with sqlite3.connect(backup_file.resolve().as_uri() + "?mode=ro", uri=True) as saved:
            tables = {row[0] for row in saved.execute("SELECT name FROM sqlite_master")}
            if "league" not in tables or "alembic_version" not in tables:
                raise BackupError(
                    _("%(file)s is not a Scorekeeper backup.") % {"file": backup_file}
                )
            db.session.remove()
            db.engine.dispose()
            with sqlite3.connect(target) as live:
                saved.backup(live)
            live.close()
        saved.close()
    except sqlite3.DatabaseError as error:
        unreadable = _("%(file)s is not a readable SQLite database (%(error)s).")
        raise BackupError(unreadable % {"file": backup_file, "error": error}) from error


@click.command(
    "backup",
    cls=SpokenCommand,
    short_help=N_("Copy the SQLite database to instance/backups/."),
    help=N_("Write a consistent copy of the SQLite database to instance/backups/."),
)
@with_appcontext
def backup_command() -> None:
    """Write a consistent copy of the SQLite database to instance/backups/."""
    try:
        path = backup()
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    click.echo(_("Backup written to %(file)s") % {"file": path})


@click.command(
    "restore",
    cls=SpokenCommand,
    short_help=N_("Put a SQLite backup back (stop the server first)."),
    help=N_("Replace the database with BACKUP_FILE (stop the server first)."),
)
@click.argument("backup_file", type=click.Path(path_type=Path))
@click.option("--yes", cls=SpokenOption, is_flag=True, help=N_("Do not ask for confirmation."))
@with_appcontext
def restore_command(backup_file: Path, yes: bool) -> None:
    """Replace the database with BACKUP_FILE (stop the server first)."""
    if not yes:
        question = _("Replace every league and score with %(file)s?") % {"file": backup_file}
        click.confirm(question, abort=True)
    try:
        restore(backup_file)
    except BackupError as error:
        raise click.ClickException(str(error)) from error
    click.echo(_("Restored from %(file)s") % {"file": backup_file})
