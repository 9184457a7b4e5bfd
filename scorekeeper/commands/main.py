"""The `scorekeeper` command: `serve`, and every command of the app (`db`, `demo`, ...)."""

from __future__ import annotations

import click
from flask.cli import FlaskGroup

from scorekeeper.app import create_app
from scorekeeper.commands.language import SpokenCommand
from scorekeeper.commands.serve import serve_command
from scorekeeper.rules.language import N_, _

ABOUT = N_("Scorekeeper: scores and rulings for May I? and contract rummy.")
# The first commands to run, each with what it does, listed under "Start here:".
FIRST_STEPS = (
    ("scorekeeper db upgrade", N_("create or update the database")),
    ("scorekeeper demo", N_("add a league to try it with")),
    ("scorekeeper serve", N_("serve it (--host, --port)")),
)
SETTINGS = N_(
    "Settings come from instance/config.py and the environment (DATABASE_URL, SECRET_KEY, "
    "HTTPS, SERVER_NAME, TRUSTED_HOSTS); the instance folder is ./instance, or "
    "SCOREKEEPER_INSTANCE."
)


class ScorekeeperGroup(SpokenCommand, FlaskGroup):
    """The `scorekeeper` command's group, speaking the terminal's language."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """What the command is, its first steps lined up as written, and where its settings
        come from."""
        steps = [f"  {command:<26} {_(words)}" for command, words in FIRST_STEPS]
        # Click keeps a paragraph that starts with \b as it is written, without wrapping it.
        first = "\n".join(("\b", _("Start here:"), *steps))
        text = "\n\n".join((_(ABOUT), first, _(SETTINGS)))
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(text)


@click.group(
    cls=ScorekeeperGroup,
    create_app=create_app,
    add_default_commands=False,
    add_version_option=False,
    help=ABOUT,
)
@click.version_option(package_name="scorekeeper", prog_name="scorekeeper")
def scorekeeper() -> None:
    """Scorekeeper: scores and rulings for May I? and contract rummy."""


scorekeeper.add_command(serve_command)
