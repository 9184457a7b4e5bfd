"""The game-night recap: a game's card, or a day's, as a page and as a picture to share."""

from __future__ import annotations

import re
from datetime import date
from io import BytesIO

from flask import Blueprint, abort, current_app, render_template, send_file, url_for
from flask_babel import format_date, gettext
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.models import Game, League
from scorekeeper.read import pdf, recap_image
from scorekeeper.read import recap as recap_cards
from scorekeeper.read.pdf_cache import key_of
from scorekeeper.rules.recap import Recap
from scorekeeper.web import access, language, money

bp = Blueprint("recap", __name__)

DAY = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def game_recap(game: Game) -> Recap:
    """The card of a game that counts, in the language of the request: the page's words and
    the picture's."""
    return recap_cards.game_card(game, format_date(game.started_on, "long"), money.rating)


def night_recap(league: League, day: date) -> tuple[Recap | None, list[Game]]:
    """The card of the league's games that count played on `day` (None without any), in the
    language of the request, and the games it lists."""
    listed, counted = recap_cards.night_games(league, day)
    if not counted:
        return None, listed
    words = format_date(day, "long")
    card = recap_cards.night_card(league, day, words, listed, counted, money.rating)
    return card, listed


def _no_recap(reason: str, status: int = 404) -> tuple[str, int]:
    return render_template("recap/none.html", reason=reason), status


def _game_refusal(game: Game) -> str | None:
    """Why a game has no recap: it is still being played, or it was discarded."""
    if game.discarded:
        return gettext(
            "Game %(number)s was discarded: it counts for nothing, so it has no recap.",
            number=game.number,
        )
    if not game.counts:
        return gettext(
            "Game %(number)s is still being played: its recap comes when it ends.",
            number=game.number,
        )
    return None


def _picture(recap: Recap, filename: str) -> Response | tuple[str, int]:
    """The card as a PNG, drawn once per card: kept with the printed sheets under a digest of
    everything it shows, so a change to any of it draws a new one."""
    cache = pdf.pdf_cache()
    key = key_of(("recap.png", repr(recap)))
    png = cache.get(key)
    if png is None:
        try:
            png = recap_image.draw(recap)
        except recap_image.FontsMissing as missing:
            current_app.logger.error("%s", missing)
            return _no_recap(
                gettext(
                    "The picture cannot be drawn on this server: it lacks the DejaVu fonts. "
                    "The recap's page shows the same."
                ),
                503,
            )
        cache.put(key, png)
    return send_file(BytesIO(png), mimetype="image/png", download_name=filename, max_age=0)


@bp.get("/games/<int:game_id>/recap", defaults={"as_png": False})
@bp.get("/games/<int:game_id>/recap.png", endpoint="game_png", defaults={"as_png": True})
@language.printed
def game(game_id: int, as_png: bool) -> Response | str | tuple[str, int]:
    """A game's recap card, in the league's language: a page, or its picture."""
    played = access.request_game(game_id)
    refusal = _game_refusal(played)
    if refusal:
        return _no_recap(refusal)
    recap = game_recap(played)
    filename = f"game-{played.number}-recap.png"
    if as_png:
        return _picture(recap, filename)
    return render_template(
        "recap/show.html",
        recap=recap,
        league=played.league,
        picture=url_for("recap.game_png", game_id=played.id),
        filename=filename,
        back=url_for("table.show", game_id=played.id),
        games=(),
    )


def _day(text: str) -> date:
    """The day a URL names as yyyy-mm-dd, else 404."""
    if not DAY.fullmatch(text):
        abort(404)
    try:
        return date.fromisoformat(text)
    except ValueError:
        abort(404)


@bp.get("/leagues/<int:league_id>/recap/<day>", defaults={"as_png": False})
@bp.get("/leagues/<int:league_id>/recap/<day>.png", endpoint="night_png", defaults={"as_png": True})
@language.printed
def night(league_id: int, day: str, as_png: bool) -> Response | str | tuple[str, int]:
    """The recap card of a day's games that count, in the league's language: a page, or its
    picture."""
    league = db.get_or_404(League, league_id)
    played_on = _day(day)
    recap, listed = night_recap(league, played_on)
    if recap is None:
        return _no_recap(
            gettext(
                "No game that counts was played on %(day)s.",
                day=format_date(played_on, "long"),
            )
        )
    filename = f"game-night-{played_on.isoformat()}.png"
    if as_png:
        return _picture(recap, filename)
    return render_template(
        "recap/show.html",
        recap=recap,
        league=league,
        picture=url_for("recap.night_png", league_id=league.id, day=played_on.isoformat()),
        filename=filename,
        back=url_for("leagues.show", league_id=league.id),
        games=[(g.number, url_for("recap.game", game_id=g.id)) for g in listed],
    )
