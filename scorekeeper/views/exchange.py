"""A league to and from a file: download a league, or upload one as a new league."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_babel import format_decimal, gettext, lazy_gettext, ngettext
from flask_wtf.file import FileField, FileRequired
from werkzeug.exceptions import RequestEntityTooLarge

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.forms.base import AppForm
from scorekeeper.models import League
from scorekeeper.read.slots import ImportsBusy, Slots, app_slots
from scorekeeper.web import language
from scorekeeper.web.access import account_only, current_account, owner_only
from scorekeeper.web.database import transaction

bp = Blueprint("exchange", __name__, url_prefix="/leagues")


class ImportForm(AppForm):
    """Upload a league file exported by Scorekeeper."""

    file = FileField(
        lazy_gettext("League file"),
        validators=[FileRequired(lazy_gettext("Choose the league file to import."))],
    )


def _largest() -> str:
    """The most the app accepts in one upload, in MiB as the page's language writes numbers."""
    return format_decimal(current_app.config["MAX_CONTENT_LENGTH"] / (1024 * 1024), "#,##0.##")


@bp.get("/<int:league_id>/export")
@owner_only
def export(league_id: int) -> Response:
    """Download the league as a JSON league file."""
    league = db.get_or_404(League, league_id)
    return Response(
        exchange.league_json(league, indent=None),  # compact: half the size to upload again
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{exchange.file_name(league)}"'},
    )


# The league's CSV files for a spreadsheet: how each is written, and its file name's ending.
SPREADSHEETS = {
    "games": (exchange.games_csv, "-games.csv"),
    "hands": (exchange.hands_csv, "-hands.csv"),
}


@bp.get("/<int:league_id>/games.csv", endpoint="export_games", defaults={"table": "games"})
@bp.get("/<int:league_id>/hands.csv", endpoint="export_hands", defaults={"table": "hands"})
@owner_only
@language.printed
def export_csv(league_id: int, table: str) -> Response:
    """Download the league's games (a row per player per game) or hands as a CSV file."""
    league = db.get_or_404(League, league_id)
    write, ending = SPREADSHEETS[table]
    return Response(
        write(league),
        mimetype="text/csv",
        headers={
            "Content-Disposition": f'attachment; filename="{exchange.file_name(league, ending)}"'
        },
    )


@bp.route("/import", methods=["GET", "POST"])
@account_only
@transaction
def import_league() -> ResponseReturnValue:
    """Import a league file as a new league of the signed-in account; a refusal changes nothing."""
    form = ImportForm()
    refusal = None
    status = 422 if form.is_submitted() else 200
    headers: dict[str, str] = {}
    if form.validate_on_submit():
        account = current_account()
        try:
            # account_only let only a signed-in account in; its id keys its one slot.
            with import_slots().held(account.id if account else None):
                league = exchange.import_league(form.file.data.read(), account)
        except exchange.ImportRefused as refused:
            refusal = str(refused)
            if isinstance(refused, exchange.OverQuota):
                status = 429
                if refused.retry_after is not None:
                    headers["Retry-After"] = str(refused.retry_after)
        else:
            games = len(league.games)
            imported = ngettext(
                "League “%(name)s” imported with %(num)s game.",
                "League “%(name)s” imported with %(num)s games.",
                games,
                name=league.name,
            )
            flash(imported, "success")
            return redirect(url_for("leagues.show", league_id=league.id))
    page = render_template("leagues/import.html", form=form, refusal=refusal, largest=_largest())
    return page, status, headers


def import_slots() -> Slots:
    """One import at a time in this process: on SQLite an import holds the one write lock
    while it replays its games, so imports queued behind it would hold up every family's save."""
    return app_slots("import_slots", 1, ImportsBusy)


@bp.errorhandler(RequestEntityTooLarge)
def too_large(error: RequestEntityTooLarge) -> tuple[str, int]:
    """A file over the app's upload limit: say so on the import page."""
    refusal = gettext(
        "The file is larger than %(size)s MiB, the most this app accepts.", size=_largest()
    )
    page = render_template(
        "leagues/import.html", form=ImportForm(formdata=None), refusal=refusal, largest=_largest()
    )
    return page, 413
