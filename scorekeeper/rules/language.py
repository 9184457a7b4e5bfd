"""The language the rules speak: a translation given to them, English until one is given.

The rules import no framework, so they do not look up the language themselves: the web edge
gives them Flask-Babel's catalog of each request (`web/language.py`), a command the language it
was asked for, a test any `gettext.NullTranslations` it likes (`speaking`). The markers are
the names `pybabel extract` looks for (docs/translating.md).
"""

from __future__ import annotations

import gettext
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token

ENGLISH = gettext.NullTranslations()
# One per thread and task: two requests served at once each speak their own language.
_spoken: ContextVar[gettext.NullTranslations] = ContextVar("rules_language", default=ENGLISH)


def _(message: str) -> str:
    """`message` in the language the rules speak now."""
    return _spoken.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the count `n`, in the language the rules speak now."""
    return _spoken.get().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` as it reads in `context` (a chart's axis, say), in the language spoken now."""
    return _spoken.get().pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message of a constant table, kept in English and translated where it is shown."""
    return message


def speak(translations: gettext.NullTranslations) -> Token[gettext.NullTranslations]:
    """Make the rules speak through `translations` until the token is given to `stop`."""
    return _spoken.set(translations)


def stop(token: Token[gettext.NullTranslations]) -> None:
    """Speak again as before `speak` gave this token."""
    _spoken.reset(token)


@contextmanager
def speaking(translations: gettext.NullTranslations) -> Iterator[None]:
    """Make the rules speak through `translations` within the block."""
    token = speak(translations)
    try:
        yield
    finally:
        stop(token)


def in_english(words: Callable[[], str]) -> str:
    """What `words` says in English, the language a sentence is kept in when a game records it
    (a hand's note, a game's end note), whatever language is spoken now."""
    with speaking(ENGLISH):
        return words()
