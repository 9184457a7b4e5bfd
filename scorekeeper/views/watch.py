"""The read-only view for relatives watching from elsewhere, behind an unguessable link."""

from __future__ import annotations

from flask import Blueprint, abort, render_template, request
from sqlalchemy import select
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.models import Game, League
from scorekeeper.play import games
from scorekeeper.read import scoresheet, settlement
from scorekeeper.read.hand_card import hand_card
from scorekeeper.views.standings import standings_context
from scorekeeper.web.polls import version_answer
from scorekeeper.web.sessions import leaves_session_alone

bp = Blueprint("watch", __name__, url_prefix="/watch/<token>")


def _league(token: str) -> League:

    league = db.session.scalar(select(League).where(League.share_token == token))
    return league or abort(404)


@bp.after_request
def kept_private(response):
    """Keep the secret link out of the Referer header of any link followed from it, its
    pages out of search engines (the robots meta of the pages says the same), and out of
    caches that would still show them once the owner has revoked the link."""
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Robots-Tag"] = "noindex"
    response.headers.setdefault("Cache-Control", "no-store")
    return response


@bp.get("")
def standings(token: str) -> str:
    """The league's standings and its games in progress, read only."""
    league = _league(token)
    return render_template(
        "watch/standings.html",
        token=token,
        live=leagues.games_in_play(league),
        **standings_context(league, request.args.get("season")),
    )


@bp.get("/games/<int:game_id>")
def game(token: str, game_id: int) -> str:
    """A game of the league, read only, following the table as it is scored."""
    league = _league(token)
    game = games.load_game(game_id)
    if game is None or game.league_id != league.id:
        abort(404)
    hand = games.current_hand(game)
    return render_template(
        "watch/game.html",
        token=token,
        league=league,
        game=game,
        card=hand_card(game, hand) if hand else None,
        sheet=scoresheet.build(game),
        settled=settlement.build(game) if hand is None else None,
    )


@bp.get("/games/<int:game_id>/version")
@leaves_session_alone
def version(token: str, game_id: int) -> Response:
    """The game's version, polled by the read-only page to follow the table; 304 when the
    poll has it."""
    league = _league(token)
    version = db.session.scalar(
        select(Game.version).where(Game.id == game_id, Game.league_id == league.id)
    )
    return version_answer(version)
