"""The language of each page: the person's choice, else the league's, else the browser's.

Flask-Babel asks `chosen_language` once per request, at the first word translated. The rules
speak through `RequestTranslations`, the same catalog looked up when a rule first speaks, so
a poll or a static file, which translate nothing, never look the visitor up.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from typing import Any, TypeVar, cast

from flask import Flask, current_app, g, has_request_context, request
from flask_babel import force_locale, get_locale, get_translations, refresh
from werkzeug.wrappers import Response

from scorekeeper.languages import DEFAULT_LANGUAGE, LANGUAGES, known_language
from scorekeeper.league import leagues
from scorekeeper.models import League
from scorekeeper.rules import language as rules_language
from scorekeeper.web import access
from scorekeeper.words import possessive

View = TypeVar("View", bound=Callable[..., Any])

COOKIE = "language"
# A visitor's choice lasts as long as a phone keeps it; it says nothing about anyone.
COOKIE_SECONDS = 365 * 24 * 60 * 60


class RequestTranslations(gettext.NullTranslations):
    """Flask-Babel's catalog of the request's language, as the rules layer reads it."""

    def gettext(self, message: str) -> str:
        """`message` in the request's language."""
        return get_translations().gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        """The form of a message for the count `n`, in the request's language."""
        return get_translations().ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        """`message` in its `context`, in the request's language."""
        return get_translations().pgettext(context, message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        """The form for the count `n` of a message in its `context`."""
        return get_translations().npgettext(context, msgid1, msgid2, n)


REQUEST_TRANSLATIONS = RequestTranslations()


def chosen_language() -> str:
    """The request's language: the person's choice, else the league's, else the best the
    browser accepts, else English."""
    if not has_request_context():
        return DEFAULT_LANGUAGE
    return (
        person_language()
        or league_language()
        or request.accept_languages.best_match(tuple(LANGUAGES))
        or DEFAULT_LANGUAGE
    )


def person_language() -> str | None:
    """The signed-in account's choice, else this browser's (the switch's cookie)."""
    visitor = access.signed_in()
    if visitor is not None and visitor.language:
        return known_language(visitor.language)
    return known_language(request.cookies.get(COOKIE))


def league_language() -> str | None:
    """The language of the league the page belongs to, its read-only link's too."""
    league: League | None = g.get("league")
    token = (request.view_args or {}).get("token")
    if league is None and request.blueprint == "watch" and isinstance(token, str):
        league = leagues.shared_league(token)
    return known_language(league.language) if league is not None else None


def page_language() -> str:
    """The language the page is written in, for `<html lang>`."""
    return str(get_locale() or DEFAULT_LANGUAGE)


def possessive_words(name: str) -> str:
    """A name as the owner in a sentence of the page: English's possessive ("The Parkers'");
    the other languages put the bare name after their "de" or "von"."""
    return possessive(name) if page_language() == DEFAULT_LANGUAGE else name


def printed_in(league: League | None) -> AbstractContextManager[Any]:
    """A league's sheet is printed in the league's language when it has one."""
    chosen = known_language(league.language) if league is not None else None
    return force_locale(chosen) if chosen else nullcontext()


def printed(view: View) -> View:
    """Mark a view of a league's printed sheet: all of it in the league's language, whoever
    prints it (the league is the one `access.check_request` found in the URL)."""

    @functools.wraps(view)
    def in_the_league_language(*args: Any, **kwargs: Any) -> Any:
        with printed_in(g.get("league")):
            return view(*args, **kwargs)

    return cast(View, in_the_league_language)


def remember_choice(response: Response, language: str | None) -> Response:
    """Keep this browser's choice in its cookie; None forgets it."""
    if language is None:
        response.delete_cookie(COOKIE)
    else:
        response.set_cookie(
            COOKIE,
            language,
            max_age=COOKIE_SECONDS,
            secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
            httponly=True,
            samesite="Lax",
        )
    return response


def _speak_the_request_language() -> None:
    # An app context may serve several requests (tests, CLI): each asks afresh.
    refresh()
    g.rules_language = rules_language.speak(REQUEST_TRANSLATIONS)


def _stop_speaking(_error: BaseException | None) -> None:
    token = g.pop("rules_language", None)
    if token is not None:
        rules_language.stop(token)


def register(app: Flask) -> None:
    """Give the rules each request's language, and the templates the page's."""
    app.before_request(_speak_the_request_language)
    app.teardown_request(_stop_speaking)
    app.jinja_env.policies["ext.i18n.trimmed"] = True

    @app.context_processor
    def languages() -> dict[str, Any]:
        return {"page_language": page_language(), "languages": LANGUAGES}
