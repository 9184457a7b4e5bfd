"""Blueprints, one per area, and the app-wide error pages."""

from collections.abc import Iterable

from babel.lists import format_list
from flask import Flask, render_template, request
from flask_babel import get_locale, gettext
from flask_wtf.csrf import CSRFError
from markupsafe import Markup, escape
from werkzeug.exceptions import BadRequest, HTTPException, SecurityError

from scorekeeper.languages import DEFAULT_LANGUAGE
from scorekeeper.paper import PAPERS
from scorekeeper.play.games import status_words
from scorekeeper.read.slots import Busy
from scorekeeper.rules.dealing import ruleset_name, ruleset_summary, wild_words
from scorekeeper.rules.ending import note_shown
from scorekeeper.rules.mayi import claim_noun
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.scoring import label_words
from scorekeeper.views import (
    auth,
    fairplay,
    games,
    leagues,
    main,
    recap,
    settings,
    standings,
    table,
    watch,
)
from scorekeeper.views import exchange as exchange_views
from scorekeeper.views import rulesets as ruleset_views
from scorekeeper.views import sheets as sheet_views
from scorekeeper.web import dates, language, money, script_words
from scorekeeper.web.database import WriteConflict
from scorekeeper.words import possessive_ending


def possessive_markup(name: str) -> Markup:
    """`name` escaped, with its possessive ending as the template's own text would be; in
    another language the bare name, which its sentence puts after its own "de" or "von"."""
    if language.page_language() != DEFAULT_LANGUAGE:
        return escape(name)
    return escape(name) + Markup(possessive_ending(name))


def names_listed(names: Iterable[str]) -> str:
    """Names as a list in the page's language: "Ann and Bob", "Ann, Bob y Cat"."""
    return format_list(list(names), locale=get_locale() or DEFAULT_LANGUAGE)


def register_blueprints(app: Flask) -> None:
    """Attach every blueprint and error handler to the app."""
    app.register_blueprint(main.bp)
    app.register_blueprint(auth.bp)
    app.register_blueprint(leagues.bp)
    app.register_blueprint(games.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(fairplay.bp)
    app.register_blueprint(standings.bp)
    app.register_blueprint(settings.bp)
    app.register_blueprint(watch.bp)
    app.register_blueprint(sheet_views.bp)
    app.register_blueprint(ruleset_views.bp)
    app.register_blueprint(exchange_views.bp)
    app.register_blueprint(recap.bp)
    app.jinja_env.globals.update(
        status_words=status_words,
        preset_summary=ruleset_summary,
        ruleset_name=ruleset_name,
        claim_noun=claim_noun,
        label_words=label_words,
        wild_words=wild_words,
        pennies=money.pennies,
        presets=list(PRESETS.values()),
        papers=PAPERS,
        outbox_words=script_words.outbox_words,
    )
    app.jinja_env.filters["possessive"] = possessive_markup
    app.jinja_env.filters["local_time"] = dates.moment_words
    app.jinja_env.filters["end_note"] = note_shown
    app.jinja_env.filters["day"] = dates.day_words
    app.jinja_env.filters["clock"] = dates.clock_words
    app.jinja_env.filters["names_listed"] = names_listed
    app.jinja_env.filters["rating"] = money.rating
    app.jinja_env.filters["rating_move"] = money.rating_move

    @app.errorhandler(400)
    def bad_request(error: HTTPException) -> tuple[str, int]:
        """A request the app cannot act on, in the app's style, with its reason when the app
        gave one (a paper size it does not know, say); a form's missing or stale token too."""
        detail = None
        if isinstance(error, CSRFError):
            reason = gettext(
                "This form was out of date or came from another site. "
                "Reload the page and try again."
            )
            detail = error.description  # which check refused it, for whoever looks into it
        elif error.description and error.description != BadRequest.description:
            reason = error.description
        else:
            reason = gettext("The request was not one the app understands. Go back and try again.")
        csrf = isinstance(error, CSRFError)
        return render_template("errors/400.html", reason=reason, detail=detail, csrf=csrf), 400

    @app.errorhandler(SecurityError)
    def untrusted_host(_error: SecurityError) -> tuple[str, int, dict[str, str]]:
        """A Host header outside TRUSTED_HOSTS: plain words, since no link can be built for
        it, and nothing of the host repeated."""
        words = gettext("This server does not answer to that address. Use the one you were given.")
        return words, 400, {"Content-Type": "text/plain; charset=utf-8"}

    @app.errorhandler(404)
    def not_found(error: HTTPException) -> tuple[str, int]:
        """A missing page, in the app's style."""
        return render_template("errors/404.html", error=error), 404

    @app.errorhandler(403)
    def forbidden(error: HTTPException) -> tuple[str, int]:
        """A page of the league's that only its owner may use."""
        return render_template("errors/403.html"), 403

    @app.errorhandler(413)
    def too_large(error: HTTPException) -> tuple[str, int]:
        """A request bigger than the app accepts."""
        return render_template("errors/413.html"), 413

    @app.errorhandler(Busy)
    def busy(error: Busy) -> tuple[str, int, dict[str, str]]:
        """Heavy work (a sheet, an import) not done because the server was busy: try again soon."""
        page = render_template(
            "errors/503.html",
            title=gettext(error.title),
            reason=gettext(error.description),
            again=request.full_path.rstrip("?"),
        )
        return page, 503, {"Retry-After": str(error.retry_after)}

    @app.errorhandler(500)
    def server_error(error: Exception) -> tuple[str, int]:
        """An unexpected failure, in the app's style; nothing of the request was kept."""
        return render_template("errors/500.html"), 500

    @app.errorhandler(WriteConflict)
    def write_conflict(error: WriteConflict) -> tuple[str, int]:
        """Another phone saved first; tell the user nothing of theirs was kept."""
        return render_template("errors/conflict.html"), 409
