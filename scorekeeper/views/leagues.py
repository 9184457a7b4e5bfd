"""League pages: create a league, its players, its games."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.forms.fields import given
from scorekeeper.forms.league import LeagueForm, PlayerForm
from scorekeeper.league import leagues
from scorekeeper.models import League
from scorekeeper.read import recap
from scorekeeper.rules import limits
from scorekeeper.views.main import visible_leagues
from scorekeeper.web.access import account_only, current_account
from scorekeeper.web.database import transaction

bp = Blueprint("leagues", __name__, url_prefix="/leagues")


def _league_page(league: League, player_form: PlayerForm | None = None) -> str:
    # A page past the last shows the last; a number too long to be a page shows the first.

    page = limits.whole_number(request.args.get("page"), limits.Bound(1, 10**6)) or 1
    games, pages = leagues.games_page(league, page)
    return render_template(
        "leagues/show.html",
        league=league,
        games=games,
        nights=recap.game_nights(games),
        page=min(max(page, 1), pages),
        pages=pages,
        player_form=player_form or PlayerForm(league),
        file_note=limits.too_big_to_import(leagues.sizes([league.id])[league.id][1]),
        # After adding a player (or a refused name) the name box has the focus again, so the
        # next name can be typed straight away.
        focus_player_name=request.args.get("added") == "1" or player_form is not None,
    )


@bp.post("")
@account_only
@transaction
def create() -> Response | tuple[str, int]:
    """Create a league, owned by the signed-in account, from the home page's form."""
    form = LeagueForm()
    if not form.validate_on_submit():
        shown = visible_leagues()
        sizes = leagues.sizes([league.id for league in shown])
        return render_template("index.html", leagues=shown, sizes=sizes, form=form), 422
    league = leagues.create_league(
        given(form.name.data),
        form.preset.data,
        current_account(),
        zones.default_zone(current_app.config["TIME_ZONE"]),
    )
    flash(gettext("League “%(name)s” created. Add its players next.", name=league.name), "success")
    return redirect(url_for("leagues.show", league_id=league.id))


@bp.get("/<int:league_id>")
def show(league_id: int) -> str:
    """A league's players, games and rule sets."""
    return _league_page(db.get_or_404(League, league_id))


@bp.post("/<int:league_id>/players")
@transaction
def add_player(league_id: int) -> Response | tuple[str, int]:
    """Add a player to the league."""
    league = db.get_or_404(League, league_id)
    form = PlayerForm(league)
    if not form.validate_on_submit():
        return _league_page(league, form), 422
    player = leagues.add_player(league, given(form.name.data))
    flash(
        gettext("%(player)s joined %(league)s.", player=player.name, league=league.name), "success"
    )
    # No "#players": a page opened at a fragment gives no field its autofocus.
    return redirect(url_for("leagues.show", league_id=league.id, added=1))


@bp.route("/<int:league_id>/players/<int:player_id>/rename", methods=["GET", "POST"])
@transaction
def rename_player(league_id: int, player_id: int) -> Response | str | tuple[str, int]:
    """Rename a player; every game they played keeps them under the new name."""
    league = db.get_or_404(League, league_id)
    player = leagues.player_in(league, player_id) or abort(404)
    form = PlayerForm(league, player, data={"name": player.name})
    if form.validate_on_submit():
        old = player.name
        leagues.rename_player(player, given(form.name.data))
        flash(gettext("%(old)s is now %(new)s.", old=old, new=player.name), "success")
        return redirect(url_for("leagues.show", league_id=league.id) + "#players")
    status = 422 if form.is_submitted() else 200
    return render_template("leagues/rename.html", league=league, player=player, form=form), status
