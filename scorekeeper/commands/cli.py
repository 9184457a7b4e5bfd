"""Command-line commands, registered on the app: `flask --app scorekeeper COMMAND`."""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

import click
from flask import Flask
from flask_migrate import Migrate, upgrade

from scorekeeper import exchange
from scorekeeper.commands import backup, demo
from scorekeeper.commands.language import SpokenCommand, SpokenOption, catalog
from scorekeeper.extensions import db
from scorekeeper.languages import DEFAULT_LANGUAGE, LANGUAGES
from scorekeeper.league import accounts
from scorekeeper.rules.language import N_, _, ngettext, speaking
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


@click.command(
    "demo",
    cls=SpokenCommand,
    short_help=N_("Add a demo league to try the app with."),
    help=N_(
        "Add the demo league (one finished and one game in progress); safe to run twice. "
        "With --lang, the league speaks that language and plays the game its tables play."
    ),
)
@click.option(
    "--lang",
    "language",
    cls=SpokenOption,
    type=click.Choice(tuple(LANGUAGES)),
    help=N_(
        "The demo league's language, English if not given: es plays Carioca, de Contract Rommé."
    ),
)
def demo_command(language: str | None) -> None:
    """Add the demo league in `language` (one finished game and one in progress); safe twice."""
    upgrade()
    league, created = demo.ensure_demo_league(language or DEFAULT_LANGUAGE)
    commit()
    # Asked for a language, the command says what it did in it; else in the terminal's.
    with speaking(catalog(language)):
        if created:
            click.echo(_("Created the demo league “%(name)s”.") % {"name": league.name})
        else:
            click.echo(_("The demo league “%(name)s” is already here.") % {"name": league.name})


@click.command(
    "export",
    cls=SpokenCommand,
    short_help=N_("Write a league as JSON to stdout."),
    help=N_("Write a league (its id or exact name; optional with one league) as JSON to stdout."),
)
@click.argument("league", required=False)
def export_command(league: str | None) -> None:
    """Write a league (its id or exact name; optional with one league) as JSON to stdout."""
    try:
        found = exchange.league_for_export(league)
    except exchange.LeagueNotFound as error:
        raise click.ClickException(str(error)) from error
    click.echo(exchange.league_json(found), nl=False)


@click.command(
    "import",
    cls=SpokenCommand,
    short_help=N_("Read a league file into a new league."),
    help=N_('Read a league file ("-" for stdin) into a new league of OWNER\'s; all or nothing.'),
)
@click.argument("file", type=click.File("rb"))
@click.option(
    "--owner",
    cls=SpokenOption,
    metavar="USERNAME",
    required=True,
    help=N_("The account that will own the new league (a league without one is seen by nobody)."),
)
def import_command(file: BinaryIO, owner: str) -> None:
    """Read a league file ("-" for stdin) into a new league of OWNER's; all or nothing."""
    account = accounts.account_named(owner)
    if account is None:
        refusal = _("No account is called %(name)s. Nothing was imported.")
        raise click.ClickException(refusal % {"name": repr(owner)})
    try:
        league = exchange.import_league(file.read(), account)
    except exchange.ImportRefused as refusal:
        db.session.rollback()
        words = _("%(refusal)s Nothing was imported.") % {"refusal": refusal}
        raise click.ClickException(words) from refusal
    except BaseException:
        db.session.rollback()
        raise
    commit()
    games = len(league.games)
    imported = ngettext(
        "Imported the league “%(name)s” with %(count)s game.",
        "Imported the league “%(name)s” with %(count)s games.",
        games,
    )
    click.echo(imported % {"name": league.name, "count": games})
