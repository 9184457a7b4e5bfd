"""The language the command line speaks: the one a command is asked for, else the terminal's
(LANGUAGE, LC_ALL, LC_MESSAGES or LANG, as gettext reads them), else English.

A command's help is written in English where it is declared, marked with `N_`, and shown in
the terminal's language (`SpokenCommand`, `SpokenOption`); what a command prints while it runs
goes through the rules' `_`, which speak the terminal's language for the whole command.
"""

from __future__ import annotations

import gettext
from pathlib import Path
from typing import Any

import click

from scorekeeper.rules.language import _, speaking

# The package's compiled catalogs, found beside its code: in a checkout and in an installed wheel.
CATALOGS = Path(__file__).resolve().parent.parent / "translations"


def catalog(language: str | None = None) -> gettext.NullTranslations:
    """The package's catalog of `language`, else of the terminal's; English (no catalog) when
    the app does not speak it."""
    languages = [language] if language else None  # None: gettext reads the environment
    return gettext.translation("messages", CATALOGS, languages=languages, fallback=True)


def spoken(english: str | None) -> str | None:
    """English help in the language spoken now; nothing stays nothing."""
    return _(english) if english else english


class SpokenCommand(click.Command):
    """A command whose help, and all it says while it runs, speak the terminal's language."""

    @property
    def help(self) -> str | None:
        """The command's help in the language spoken."""
        return spoken(self.english_help)

    @help.setter
    def help(self, english: str | None) -> None:
        self.english_help = english

    @property
    def short_help(self) -> str | None:
        """The command's line in a list of commands, in the language spoken."""
        return spoken(self.english_short_help)

    @short_help.setter
    def short_help(self, english: str | None) -> None:
        self.english_short_help = english

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        """Read the command line; `--help` answers here, in the terminal's language."""
        with speaking(catalog()):
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command in the terminal's language."""
        with speaking(catalog()):
            return super().invoke(ctx)

    def get_short_help_str(self, limit: int = 45) -> str:
        """The command's line in its group's list, in the terminal's language."""
        with speaking(catalog()):
            return super().get_short_help_str(limit)


class SpokenOption(click.Option):
    """An option whose help is shown in the language spoken."""

    @property
    def help(self) -> str | None:
        """The option's help in the language spoken."""
        return spoken(self.english_help)

    @help.setter
    def help(self, english: str | None) -> None:
        self.english_help = english
