"""A save that met a hand already saved (by another phone, or by this one before): the
page comparing the two, or, for a save a phone kept while offline, a proposed correction;
and a save that came before its hand was dealt."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from scorekeeper.forms.hand import HandForm
from scorekeeper.models import Game, Hand, HandState
from scorekeeper.play import games, hands, proposals
from scorekeeper.read import already_saved as compared_with_saved
from scorekeeper.read import scoresheet
from scorekeeper.rules.corrections import proposal_kept_words
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
            flash(proposal_kept_words(saved.hand.number, fix=fix), "warning")
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


def saved_meanwhile(
    args: Mapping[str, Any], fixable: Callable[[Game], set[int]]
) -> Response | tuple[str, int]:
    """The answer to a save that lost the race for its hand to another phone's save (the
    view's arguments name the game and the hand): the page comparing the two."""
    game = games.load_game(args.get("game_id", 0))
    hand = None
    if game is not None and "number" in args:
        hand = games.hand_numbered(game, args["number"])
    elif game is not None:
        hand = next((h for h in game.hands if h.id == args.get("hand_id")), None)
    if game is None or hand is None or hand.state != HandState.SCORED:
        return render_template("errors/conflict.html"), 409
    form = HandForm(game.rules, len(hands.hand_seats(hand)), hand.number)
    sent = form if form.read(request.form) else None
    same = sent is not None and hands.same_report(hand, sent.entries())
    # Outside the request's transaction nothing is kept: a waited save meets the page too.
    return already_saved(
        game, hands.HandAlreadySaved(hand, same), sent, fixable(game), may_keep=False
    )


def not_dealt_yet(game: Game, number: int, playing: Hand | None) -> tuple[str, int]:
    """A save of a hand not dealt yet: it waits (409) for the hand in play, and nothing is
    kept of it, so the same save may be sent again once its hand is dealt; refused (422)
    when the game is over."""
    try:
        games.refuse_if_over(game)
    except games.GameRefused as refusal:
        return render_template("table/not_dealt.html", game=game, reason=str(refusal)), 422
    in_play = playing.number if playing else number - 1
    reason = gettext(
        "Hand %(number)s is not dealt yet: hand %(in_play)s is still in play.",
        number=number,
        in_play=in_play,
    )
    return render_template("table/not_dealt.html", game=game, reason=reason, waits=True), 409
