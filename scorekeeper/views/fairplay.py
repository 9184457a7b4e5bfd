"""Fair play at the table: May I?, the stock, a player leaving, suspending, and the rulings."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper import rules
from scorekeeper.forms.fairplay import (
    LeaveForm,
    MayIForm,
    PriorityForm,
    ResumeForm,
    TakeBackForm,
)
from scorekeeper.models import Game, Hand, Seat
from scorekeeper.play import games, hands, interruptions, mayi
from scorekeeper.read.hand_card import hand_card
from scorekeeper.rules import limits
from scorekeeper.web import access
from scorekeeper.web.database import transaction

bp = Blueprint("fairplay", __name__, url_prefix="/games/<int:game_id>")


def _game(game_id: int) -> Game:
    return access.request_game(game_id)


def _hand(game: Game, hand_id: int) -> Hand:
    return next((h for h in game.hands if h.id == hand_id), None) or abort(404)


def _seat(game: Game, seat_id: object) -> Seat | None:
    return next((s for s in game.seats if str(s.id) == str(seat_id)), None)


def _back(game: Game, section: str = "") -> Response:
    """Back to the table screen, at the panel the tap came from."""
    anchor = f"#{section}" if section else ""
    return redirect(url_for("table.show", game_id=game.id) + anchor)


@bp.post("/hands/<int:hand_id>/mayi")
@transaction
def may_i(game_id: int, hand_id: int) -> Response:
    """Record a May I? for the player whose button was pressed, within the rule set's limits."""
    game = _game(game_id)
    hand = _hand(game, hand_id)
    form = MayIForm()
    seat = _seat(game, form.seat.data)
    if not form.validate() or seat is None:
        flash("Choose who said May I?.", "mayi-error")
        return _back(game, "mayi")
    try:
        mayi.record_claim(
            hand,
            seat,
            is_down=form.is_down.data,
            current_player_took=form.current_player_took.data,
            took_last_discard=form.took_last_discard.data,
        )
    except games.GameRefused as refusal:
        flash(str(refusal), "mayi-error")
        return _back(game, "mayi")
    flash(rules.claim_words(game.rules, hand.number, seat.player.name), "mayi-success")
    return _back(game, "mayi")


@bp.post("/hands/<int:hand_id>/mayi/take-back")
@transaction
def take_back(game_id: int, hand_id: int) -> Response:
    """Take back a May I? recorded by mistake."""
    game = _game(game_id)
    hand = _hand(game, hand_id)
    form = TakeBackForm()
    claim_id = limits.row_id(form.claim.data) or abort(404)
    if form.validate():
        try:
            mayi.take_back(hand, claim_id)
        except games.GameRefused as refusal:
            flash(str(refusal), "mayi-error")
            return _back(game, "mayi")
        flash("May I? taken back.", "mayi-success")
    return _back(game, "mayi")


@bp.get("/mayi")
def priority(game_id: int) -> tuple[str, int]:
    """Who gets the discard when several players say May I? at once (a question, no record)."""
    game = _game(game_id)
    hand = games.current_hand(game)
    form = PriorityForm(request.args)
    choices = [(s.position, s.player.name) for s in game.seats]
    form.current.choices = choices
    form.claimants.choices = choices
    form.first.choices = [(-1, "Not sure"), *choices]
    if not request.args and hand is not None:
        form.current.data = hand_card(game, hand).first_player.position
    answer = error = None
    in_turn = False
    if request.args and not form.validate():
        error = "Choose whose turn it is and who says May I?."
    elif request.args:
        asked = list(form.claimants.data or [])
        if form.current.data in asked and not game.rules.may_i.buying:
            # The player whose turn it is simply takes the discard: no May I?, no penalty.
            in_turn, answer = True, game.seats[form.current.data]
        else:
            first = form.first.data if form.first.data in asked else None
            try:
                answer = game.seats[
                    rules.may_i_priority(
                        game.rules, len(game.seats), form.current.data, asked, first
                    )
                ]
            except rules.RulesError as refusal:
                error = str(refusal)
            except (TypeError, IndexError):
                error = "Choose whose turn it is and who says May I?."
    return render_template(
        "fairplay/priority.html",
        game=game,
        hand=hand,
        form=form,
        answer=answer,
        in_turn=in_turn,
        error=error,
        claim_words=(
            rules.claim_words(game.rules, hand.number, answer.player.name)
            if answer and hand and game.rules.may_i.buying
            else ""
        ),
        may_i_form=MayIForm(formdata=None),
    ), 422 if error else 200


@bp.post("/hands/<int:hand_id>/stock")
@transaction
def stock(game_id: int, hand_id: int) -> Response:
    """Record that the stock ran out, and show what the rule set prescribes."""
    game = _game(game_id)
    hand = _hand(game, hand_id)
    try:
        hands.renew_stock(hand)
    except games.GameRefused as refusal:
        flash(str(refusal), "error")
        return _back(game)
    # What the table does now is on the table screen, under the stock button: said once.
    flash("Recorded: the stock ran out.", "info")
    return _back(game)


@bp.route("/leave", methods=["GET", "POST"])
@transaction
def leave(game_id: int) -> Response | str | tuple[str, int]:
    """Record that a player leaves the game from a given hand on."""
    game = _game(game_id)
    hand = games.current_hand(game)
    form = LeaveForm(from_hand=hand.number if hand else None)
    form.seat.choices = [(s.id, s.player.name) for s in game.seats if s.left_from_hand is None]
    if form.validate_on_submit():
        seat = _seat(game, form.seat.data)
        if seat is None:
            form.seat.errors = ["Choose a player of this game."]
        else:
            try:
                interruptions.player_leaves(game, seat, form.from_hand.data)
            except games.GameRefused as refusal:
                form.from_hand.errors = [str(refusal)]
            else:
                flash(
                    f"{seat.player.name} leaves from hand {form.from_hand.data}. "
                    + rules.FAIRNESS_WORDS["incomplete_game"],
                    "success",
                )
                return _back(game)
    status = 422 if form.is_submitted() else 200
    return render_template("fairplay/leave.html", game=game, form=form), status


@bp.post("/suspend")
@transaction
def suspend(game_id: int) -> Response:
    """Suspend the game between hands."""
    game = _game(game_id)
    try:
        interruptions.suspend(game)
    except games.GameRefused as refusal:
        flash(str(refusal), "error")
        return _back(game)
    flash("Game suspended. Resume it when everyone is back at the table.", "success")
    return _back(game)


@bp.route("/resume", methods=["GET", "POST"])
@transaction
def resume(game_id: int) -> Response | str | tuple[str, int]:
    """Resume a suspended game, once the table confirms everyone is back in the same seats."""
    game = _game(game_id)
    form = ResumeForm()
    refusal = interruptions.resume_obstacle(game, interruptions.today())
    if form.validate_on_submit() and not refusal:
        try:
            interruptions.resume(game, form.everyone_present.data, interruptions.today())
        except games.GameRefused as error:
            form.everyone_present.errors = [str(error)]
        else:
            flash("Game resumed.", "success")
            return _back(game)
    status = 422 if form.is_submitted() else 200
    return render_template("fairplay/resume.html", game=game, form=form, refusal=refusal), status


@bp.post("/close")
@transaction
def close(game_id: int) -> Response:
    """Close a suspended game as incomplete: it is kept, marked discarded."""
    game = _game(game_id)
    try:
        interruptions.close_incomplete(game)
    except games.GameRefused as refusal:
        flash(str(refusal), "error")
        return _back(game)
    flash(game.end_note, "success")
    return _back(game)


@bp.get("/rulings")
def rulings(game_id: int) -> str:
    """The referee page for this game's rule set, searchable by word."""
    game = _game(game_id)
    query = request.args.get("q", "")[:100]
    every = rules.rulings(game.rules)
    found = rules.search_rulings(every, query)
    return render_template(
        "fairplay/rulings.html",
        game=game,
        rulings=found,
        query=query,
        total=len(every),
        fairness=rules.FAIRNESS_WORDS,
    )
