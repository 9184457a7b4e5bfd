"""The `scorekeeper` command: `serve`, and every command of the app (`db`, `demo`, ...)."""

from __future__ import annotations

import click
from flask.cli import FlaskGroup

from scorekeeper.app import create_app
from scorekeeper.commands.serve import serve_command


@click.group(
    cls=FlaskGroup,
    create_app=create_app,
    add_default_commands=False,
    add_version_option=False,
)
@click.version_option(package_name="scorekeeper", prog_name="scorekeeper")
def scorekeeper() -> None:
    """Scorekeeper: scores and rulings for May I? and contract rummy.

    \b
    Start here:
      scorekeeper db upgrade     create or update the database
      scorekeeper demo           add a league to try it with
      scorekeeper serve          serve it (--host, --port)

    Settings come from instance/config.py and the environment (DATABASE_URL, SECRET_KEY,
    HTTPS, SERVER_NAME, TRUSTED_HOSTS); the instance folder is ./instance, or
    SCOREKEEPER_INSTANCE.
    """


scorekeeper.add_command(serve_command)
