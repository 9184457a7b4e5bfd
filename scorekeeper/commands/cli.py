"""Command-line commands, registered on the app: `flask --app scorekeeper COMMAND`."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import click
from flask import Flask
from flask_migrate import Migrate, upgrade

from scorekeeper import exchange
from scorekeeper.commands import backup, demo
from scorekeeper.extensions import db
from scorekeeper.league import accounts
from scorekeeper.web.database import commit

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"


def register_commands(app: Flask) -> None:
    """Attach the app's click commands, with Flask-Migrate's (`db upgrade`, ...)."""
    Migrate(app, db, directory=str(MIGRATIONS), render_as_batch=True)
    app.cli.add_command(demo_command)
    app.cli.add_command(export_command)
    app.cli.add_command(import_command)
    app.cli.add_command(backup.backup_command)
    app.cli.add_command(backup.restore_command)


@click.command("demo", short_help="Add a demo league to try the app with.")
def demo_command() -> None:
    """Add the demo league (one finished and one game in progress); safe to run twice."""
    upgrade()
    league, created = demo.ensure_demo_league()
    commit()
    if created:
        click.echo(f"Created the demo league “{league.name}”.")
    else:
        click.echo(f"The demo league “{league.name}” is already here.")


@click.command("export", short_help="Write a league as JSON to stdout.")
@click.argument("league", required=False)
def export_command(league: str | None) -> None:
    """Write a league (its id or exact name; optional with one league) as JSON to stdout."""
    try:
        found = exchange.league_for_export(league)
    except exchange.LeagueNotFound as error:
        raise click.ClickException(str(error)) from error
    click.echo(exchange.league_json(found), nl=False)


@click.command("import", short_help="Read a league file into a new league.")
@click.argument("file", type=click.File("rb"))
@click.option(
    "--owner",
    metavar="USERNAME",
    required=True,
    help="The account that will own the new league (a league without one is seen by nobody).",
)
def import_command(file: BinaryIO, owner: str) -> None:
    """Read a league file ("-" for stdin) into a new league of OWNER's; all or nothing."""
    account = accounts.account_named(owner)
    if account is None:
        raise click.ClickException(f"No account is called {owner!r}. Nothing was imported.")
    try:
        league = exchange.import_league(file.read(), account)
    except exchange.ImportRefused as refusal:
        db.session.rollback()
        raise click.ClickException(f"{refusal} Nothing was imported.") from refusal
    except BaseException:
        db.session.rollback()
        raise
    commit()
    click.echo(f"Imported the league “{league.name}” with {len(league.games)} game(s).")
