"""Command-line commands, registered on the app: `flask --app scorekeeper COMMAND`."""

import click
from flask import Flask
from flask_migrate import upgrade

from scorekeeper import demo
from scorekeeper.database import commit


def register_commands(app: Flask) -> None:
    """Attach the app's click commands."""
    app.cli.add_command(init_db_command)
    app.cli.add_command(demo_command)


@click.command("init-db")
def init_db_command() -> None:
    """Create or upgrade the database to the newest schema; safe to run twice."""
    upgrade()
    click.echo("The database is up to date.")


@click.command("demo")
def demo_command() -> None:
    """Add the demo league (one finished and one game in progress); safe to run twice."""
    upgrade()
    league, created = demo.ensure_demo_league()
    commit()
    if created:
        click.echo(f"Created the demo league “{league.name}”.")
    else:
        click.echo(f"The demo league “{league.name}” is already here.")
