"""A save that met a hand already saved (by another phone, or by this one before): the
page comparing the two, or, for a save a phone kept while offline, a proposed correction."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from scorekeeper import rules
from scorekeeper.forms.hand import HandForm
from scorekeeper.models import Game, HandState
from scorekeeper.play import hands, proposals
from scorekeeper.read import already_saved as compared_with_saved
from scorekeeper.read import scoresheet
from scorekeeper.web import access


def waited() -> bool:
    """True for a save a phone kept while it could not reach the server, and sent later."""
    return request.form.get("waited") == "1"


def already_saved(
    game: Game,
    saved: hands.HandAlreadySaved,
    sent: HandForm | None,
    fixable: set[int],
    *,
    may_keep: bool = True,
) -> Response | tuple[str, int]:
    """The page of a report refused because the hand was saved first: what is saved, and
    beside it what this phone sent (when it could be read). A report the phone sent after
    waiting is kept instead as a proposed correction of the hand, for the table to decide
    (`may_keep`: in a transaction that commits what it keeps). `fixable`: the hands this
    visitor may fix."""
    if saved.same:
        words = gettext(
            "Hand %(number)s was already saved, exactly as you sent it.", number=saved.hand.number
        )
        flash(words, "info")
        return redirect(url_for("table.show", game_id=game.id))
    if may_keep and sent is not None and waited() and saved.hand.state == HandState.SCORED:
        kept = proposals.propose(
            saved.hand,
            sent.entries(),
            stock_ran_out=sent.stock_ran_out.data,
            sent_by=access.visitor_words(game.league),
        )
        if kept is not None:
            fix = request.endpoint == "table.edit"
            flash(rules.proposal_kept_words(saved.hand.number, fix=fix), "warning")
            return redirect(url_for("table.show", game_id=game.id))
    return render_template(
        "table/already_saved.html",
        game=game,
        hand=saved.hand,
        sheet=scoresheet.build(game),
        compared=compared_with_saved.saved_beside_sent(saved.hand, sent.entries()) if sent else [],
        sent=sent.report_as_sent() if sent else [],
        may_fix=saved.hand.id in fixable,
    ), 409
