"""A league to and from a file: download a league, or upload one as a new league."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, flash, redirect, render_template, url_for
from flask.typing import ResponseReturnValue
from flask_wtf.file import FileField, FileRequired
from werkzeug.exceptions import RequestEntityTooLarge

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.forms.base import AppForm
from scorekeeper.models import League
from scorekeeper.web.access import account_only, current_account, owner_only
from scorekeeper.web.database import transaction

bp = Blueprint("exchange", __name__, url_prefix="/leagues")


class ImportForm(AppForm):
    """Upload a league file exported by Scorekeeper."""

    file = FileField("League file", validators=[FileRequired("Choose the league file to import.")])


def _largest() -> str:
    return f"{current_app.config['MAX_CONTENT_LENGTH'] / (1024 * 1024):g} MiB"


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


@bp.route("/import", methods=["GET", "POST"])
@account_only
@transaction
def import_league() -> ResponseReturnValue:
    """Import a league file as a new league of the signed-in account; a refusal changes nothing."""
    form = ImportForm()
    refusal = None
    status = 422 if form.is_submitted() else 200
    if form.validate_on_submit():
        try:
            league = exchange.import_league(form.file.data.read(), current_account())
        except exchange.ImportRefused as refused:
            refusal = str(refused)
            status = 429 if isinstance(refused, exchange.OverQuota) else 422
        else:
            flash(f"League “{league.name}” imported with {len(league.games)} game(s).", "success")
            return redirect(url_for("leagues.show", league_id=league.id))
    page = render_template("leagues/import.html", form=form, refusal=refusal, largest=_largest())
    return page, status


@bp.errorhandler(RequestEntityTooLarge)
def too_large(error: RequestEntityTooLarge) -> tuple[str, int]:
    """A file over the app's upload limit: say so on the import page."""
    refusal = f"The file is larger than {_largest()}, the most this app accepts."
    page = render_template(
        "leagues/import.html", form=ImportForm(formdata=None), refusal=refusal, largest=_largest()
    )
    return page, 413
