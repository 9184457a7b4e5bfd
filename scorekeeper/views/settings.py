"""A league's settings: ranking, paper, seasons, and the read-only share link."""

from __future__ import annotations

from flask import Blueprint, abort, current_app, flash, redirect, render_template, url_for
from flask_babel import gettext, refresh
from werkzeug.wrappers import Response

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.forms.auth import SetPasscodeForm
from scorekeeper.forms.fairplay import ActionForm
from scorekeeper.forms.fields import given
from scorekeeper.forms.language import FOLLOW
from scorekeeper.forms.settings import LeagueSettingsForm, SeasonForm
from scorekeeper.languages import known_language
from scorekeeper.league import passcodes
from scorekeeper.league import settings as league_settings
from scorekeeper.league.passphrases import suggested_passcode
from scorekeeper.models import League
from scorekeeper.rules.rating import rating_by_hint
from scorekeeper.rules.standings import RANKING_HINT
from scorekeeper.web import language
from scorekeeper.web.access import owner_only
from scorekeeper.web.database import transaction

bp = Blueprint("settings", __name__, url_prefix="/leagues/<int:league_id>/settings")


def _settings_form(league: League, from_request: bool = False) -> LeagueSettingsForm:
    """The settings form, filled from the league (and from the request when posted)."""
    data = {
        "name": league.name,
        "ranking": league.ranking,
        "place_points": ", ".join(map(str, league.place_points or [])),
        "min_games": league.min_games,
        "rating_by": league.rating_by,
        "paper_size": league.paper_size,
        "time_zone": league.time_zone,
        "language": league.language or FOLLOW,
    }
    if from_request:
        return LeagueSettingsForm(data=data)
    return LeagueSettingsForm(formdata=None, data=data)


def _page(
    league: League,
    form: LeagueSettingsForm,
    season_form: SeasonForm,
    status: int = 200,
    passcode_form: SetPasscodeForm | None = None,
) -> tuple[str, int]:
    return render_template(
        "settings/show.html",
        league=league,
        form=form,
        season_form=season_form,
        action_form=ActionForm(formdata=None),
        passcode_form=passcode_form or SetPasscodeForm(formdata=None),
        ranking_hint=gettext(RANKING_HINT),
        rating_hint=rating_by_hint(),
        phones=passcodes.joined_phones(league),
        default_zone=zones.default_zone(current_app.config["TIME_ZONE"]),
        guesses=passcodes.passcode_guesses(league),
        passcode_example=suggested_passcode(language.page_language()),
    ), status


@bp.route("", methods=["GET", "POST"])
@owner_only
@transaction
def show(league_id: int) -> Response | tuple[str, int]:
    """Change the league's name, ranking measure, points for places, minimum games, how ratings
    are pooled, paper, time zone and language."""
    league = db.get_or_404(League, league_id)
    form = _settings_form(league, from_request=True)
    if form.validate_on_submit():
        league_settings.update_settings(
            league,
            given(form.name.data),
            form.ranking.data,
            form.points(),
            given(form.min_games.data),
            form.paper_size.data,
            form.time_zone.data,
            known_language(form.language.data),
            rating_by=form.rating_by.data,
        )
        # The league's language may have changed: its next page, this message on it, speaks
        # the one chosen now.
        refresh()
        flash(gettext("Settings saved."), "success")
        return redirect(url_for("settings.show", league_id=league.id))
    return _page(league, form, SeasonForm(formdata=None), 422 if form.is_submitted() else 200)


@bp.post("/seasons")
@owner_only
@transaction
def add_season(league_id: int) -> Response | tuple[str, int]:
    """Add a season of the league's own."""
    league = db.get_or_404(League, league_id)
    season_form = SeasonForm()
    if season_form.validate():
        try:
            season = league_settings.add_season(
                league,
                given(season_form.name.data),
                given(season_form.starts_on.data),
                given(season_form.ends_on.data),
            )
        except league_settings.SettingsRefused as refusal:
            season_form.name.errors = [str(refusal)]
        else:
            flash(gettext("Season %(name)s added.", name=season.name), "success")
            return redirect(url_for("settings.show", league_id=league.id) + "#seasons")
    form = _settings_form(league)
    return _page(league, form, season_form, 422)


@bp.post("/seasons/<int:season_id>/remove")
@owner_only
@transaction
def remove_season(league_id: int, season_id: int) -> Response:
    """Remove one of the league's seasons."""
    league = db.get_or_404(League, league_id)
    if all(season.id != season_id for season in league.seasons):
        abort(404)
    try:
        league_settings.remove_season(league, season_id)
    except league_settings.SettingsRefused as refusal:
        flash(str(refusal), "error")
    else:
        flash(gettext("Season removed."), "success")
    return redirect(url_for("settings.show", league_id=league.id) + "#seasons")


@bp.post("/share")
@owner_only
@transaction
def share(league_id: int) -> Response:
    """Make a new read-only link (an old one stops working)."""
    league = db.get_or_404(League, league_id)
    league_settings.share(league)
    flash(gettext("New read-only link made. Send it to whoever watches from afar."), "success")
    return redirect(url_for("settings.show", league_id=league.id) + "#share")


@bp.post("/share/revoke")
@owner_only
@transaction
def revoke(league_id: int) -> Response:
    """Turn the read-only link off."""
    league = db.get_or_404(League, league_id)
    league_settings.revoke_share(league)
    flash(gettext("The read-only link no longer works."), "success")
    return redirect(url_for("settings.show", league_id=league.id) + "#share")


@bp.post("/passcode")
@owner_only
@transaction
def passcode(league_id: int) -> Response | tuple[str, int]:
    """Set the table passcode scorers type to score this league's games."""
    league = db.get_or_404(League, league_id)
    form = SetPasscodeForm()
    if form.validate():
        passcodes.set_passcode(league, form.passcode.data)
        flash(
            gettext(
                "Table passcode set; phones that joined with the old one must join again. "
                "Give it, with the table link, to whoever scores."
            ),
            "success",
        )
        return redirect(url_for("settings.show", league_id=league.id) + "#scorers")
    return _page(league, _settings_form(league), SeasonForm(formdata=None), 422, form)


@bp.post("/phones/<int:phone_id>/remove")
@owner_only
@transaction
def remove_phone(league_id: int, phone_id: int) -> Response:
    """Take a joined phone off the list: it can no longer score this league's games."""
    league = db.get_or_404(League, league_id)
    if not passcodes.remove_phone(league, phone_id):
        abort(404)
    flash(gettext("That phone can no longer score this league's games."), "success")
    return redirect(url_for("settings.show", league_id=league.id) + "#scorers")
