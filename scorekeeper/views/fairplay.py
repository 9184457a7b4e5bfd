"""Fair play at the table: May I?, the stock, a player leaving, suspending, and the rulings."""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from scorekeeper.forms.fairplay import (
    EndGameForm,
    LeaveForm,
    MayIForm,
    PriorityForm,
    ResumeForm,
    TakeBackForm,
)
from scorekeeper.forms.fields import given
from scorekeeper.models import Game, GameStatus, Hand, Seat
from scorekeeper.play import games, hands, interruptions, mayi
from scorekeeper.read import settlement
from scorekeeper.read.hand_card import hand_card
from scorekeeper.rules import limits
from scorekeeper.rules import rulings as rules_rulings
from scorekeeper.rules.ending import GameEnding
from scorekeeper.rules.fairness import fairness_in_force
from scorekeeper.rules.incomplete_game import leaving_words
from scorekeeper.rules.mayi import claim_words, may_i_priority, priority_words
from scorekeeper.rules.ruleset import RulesError
from scorekeeper.rules.suspension import resume_terms
from scorekeeper.web import access, money
from scorekeeper.web.language import possessive_words
from scorekeeper.web.once import exactly_once

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


def _refused(game: Game, refusal: games.GameRefused, section: str = "") -> Response:
    """Back to the table with the refusal: in its panel, or at the top once the game is over
    or suspended (the panel is gone then)."""
    if game.status != GameStatus.PLAYING or not section:
        flash(str(refusal), "error")
        return _back(game)
    flash(str(refusal), f"{section}-error")
    return _back(game, section)


def _ending_flash(ending: GameEnding[int]) -> None:
    flash(" ".join((ending.headline, *ending.lines)), "warning" if ending.discarded else "success")


@bp.post("/hands/<int:hand_id>/mayi")
@exactly_once
def may_i(game_id: int, hand_id: int) -> Response:
    """Record a May I? for the player whose button was pressed, within the rule set's limits."""
    game = _game(game_id)
    hand = _hand(game, hand_id)
    form = MayIForm()
    seat = _seat(game, form.seat.data)
    if not form.validate() or seat is None:
        flash(gettext("Choose who said May I?."), "mayi-error")
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
        return _refused(game, refusal, "mayi")
    flash(claim_words(game.rules, hand.number, seat.player.name), "mayi-success")
    return _back(game, "mayi")


@bp.post("/hands/<int:hand_id>/mayi/take-back")
@exactly_once
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
            return _refused(game, refusal, "mayi")
        flash(gettext("May I? taken back."), "mayi-success")
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
    if game.rules.may_i.buying:
        form.claimants.label.text = gettext("Who wants to buy?")
    form.first.choices = [(-1, gettext("Not sure")), *choices]
    if not request.args and hand is not None:
        form.current.data = hand_card(game, hand).first_player.position
    answer = error = None
    in_turn = False
    if request.args and not form.validate():
        error = gettext("Choose whose turn it is and who says May I?.")
    elif request.args:
        asked = list(form.claimants.data or [])
        if form.current.data in asked and not game.rules.may_i.buying:
            # The player whose turn it is simply takes the discard: no May I?, no penalty.
            in_turn, answer = True, game.seats[form.current.data]
        else:
            first = form.first.data if form.first.data in asked else None
            try:
                answer = game.seats[
                    may_i_priority(game.rules, len(game.seats), form.current.data, asked, first)
                ]
            except RulesError as refusal:
                error = str(refusal)
            except (TypeError, IndexError):
                error = gettext("Choose whose turn it is and who says May I?.")
    return render_template(
        "fairplay/priority.html",
        game=game,
        hand=hand,
        form=form,
        answer=answer,
        # The name as its owner in a sentence ("Ann's turn"; other languages say "de Ann").
        answer_owner=possessive_words(answer.player.name) if answer else "",
        in_turn=in_turn,
        error=error,
        claim_words=(
            claim_words(game.rules, hand.number, answer.player.name)
            if answer and hand and game.rules.may_i.buying
            else ""
        ),
        may_i_form=MayIForm(formdata=None),
        priority_words=priority_words(game.rules.may_i),
    ), 422 if error else 200


@bp.post("/hands/<int:hand_id>/stock")
@exactly_once
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
    flash(gettext("Recorded: the stock ran out."), "info")
    return _back(game)


@bp.route("/leave", methods=["GET", "POST"])
@exactly_once
def leave(game_id: int) -> Response | str | tuple[str, int]:
    """Record that a player leaves the game from a given hand on.

    A leave that leaves fewer than two players for the hand in play ends the game: the page
    says how, under the incomplete-game rule, and asks to confirm first.
    """
    game = _game(game_id)
    try:
        games.refuse_if_over(game)
    except games.GameRefused as refusal:
        return _refused(game, refusal)
    hand = games.current_hand(game)
    form = LeaveForm(from_hand=hand.number if hand else None)
    form.seat.choices = [(s.id, s.player.name) for s in game.seats if s.left_from_hand is None]
    ending = None
    if form.validate_on_submit():
        seat = _seat(game, form.seat.data)
        if seat is None or seat.left_from_hand is not None:
            form.seat.errors = [gettext("Choose a player of this game who is still at the table.")]
        else:
            from_hand = given(form.from_hand.data)
            ending = interruptions.leave_ending(game, seat, from_hand)
            if ending is None or form.ends_game.data:
                return _record_leave(game, seat, from_hand)
            # Nothing is recorded until the table has read how the game would end.
            return _leave_page(game, form, ending=ending, leaver=seat)
    return _leave_page(game, form, status=422 if form.is_submitted() else 200)


def _leave_page(
    game: Game,
    form: LeaveForm,
    *,
    ending: GameEnding[int] | None = None,
    leaver: Seat | None = None,
    status: int = 200,
) -> tuple[str, int]:
    return render_template(
        "fairplay/leave.html",
        game=game,
        form=form,
        ending=ending,
        money=settlement.preview(game, ending, money.pennies) if ending else None,
        leaver=leaver,
        leaving=leaving_words(game.rules),
    ), status


def _record_leave(game: Game, seat: Seat, from_hand: int) -> Response | tuple[str, int]:
    try:
        ended = interruptions.player_leaves(game, seat, from_hand)
    except games.GameRefused as refusal:
        form = LeaveForm()
        form.seat.choices = [(s.id, s.player.name) for s in game.seats]
        form.from_hand.errors = [str(refusal)]
        return _leave_page(game, form, status=422)
    if ended is not None:
        _ending_flash(ended)
        return _back(game)
    left = gettext("%(name)s leaves from hand %(number)s.", name=seat.player.name, number=from_hand)
    flash(" ".join((left, leaving_words(game.rules))), "success")
    return _back(game)


@bp.post("/suspend")
@exactly_once
def suspend(game_id: int) -> Response:
    """Suspend the game between hands."""
    game = _game(game_id)
    try:
        interruptions.suspend(game)
    except games.GameRefused as refusal:
        return _refused(game, refusal)
    flash(gettext("Game suspended. Resume it when everyone is back at the table."), "success")
    return _back(game)


@bp.route("/resume", methods=["GET", "POST"])
@exactly_once
def resume(game_id: int) -> Response | str | tuple[str, int]:
    """Resume a suspended game, once the table confirms everyone is back in the same seats."""
    game = _game(game_id)
    try:
        games.refuse_if_over(game)
    except games.GameRefused as refusal:
        return _refused(game, refusal)
    form = ResumeForm()
    obstacle = interruptions.resume_obstacle(game, interruptions.today(game))
    if form.validate_on_submit() and not obstacle:
        try:
            interruptions.resume(game, form.everyone_present.data, interruptions.today(game))
        except games.GameRefused as error:
            form.everyone_present.errors = [str(error)]
        else:
            flash(gettext("Game resumed."), "success")
            return _back(game)
    status = 422 if form.is_submitted() else 200
    return render_template(
        "fairplay/resume.html",
        game=game,
        form=form,
        refusal=obstacle,
        resume_terms=resume_terms(game.rules, game.started_on),
    ), status


@bp.route("/end", methods=["GET", "POST"])
@exactly_once
def end(game_id: int) -> Response | str | tuple[str, int]:
    """End the game here, between hands or with a hand in play (that hand stays unplayed).

    The page first says exactly what the incomplete-game rule makes of it; the owner may end
    the game alone, the table's scorers when everyone agrees.
    """
    game = _game(game_id)
    try:
        ending = interruptions.ending_preview(game)
    except games.GameRefused as refusal:
        return _refused(game, refusal)
    form = EndGameForm()
    owner = access.role_in(game.league) == "owner"
    if form.validate_on_submit():
        if owner or form.agreed.data:
            _ending_flash(interruptions.end_game(game))
            return _back(game)
        form.agreed.errors = [
            gettext("Tick that everyone at the table agrees, or ask the league's owner.")
        ]
    status = 422 if form.is_submitted() else 200
    hand = games.current_hand(game)
    return render_template(
        "fairplay/end.html",
        game=game,
        form=form,
        ending=ending,
        money=settlement.preview(game, ending, money.pennies),
        owner=owner,
        hand=hand,
    ), status


@bp.post("/close")
@exactly_once
def close(game_id: int) -> Response:
    """Close a suspended game that cannot go on, under the incomplete-game rule."""
    game = _game(game_id)
    try:
        ending = interruptions.close_incomplete(game)
    except games.GameRefused as refusal:
        return _refused(game, refusal)
    _ending_flash(ending)
    return _back(game)


@bp.get("/rulings")
def rulings(game_id: int) -> str:
    """The referee page for this game's rule set, searchable by word."""
    game = _game(game_id)
    query = request.args.get("q", "")[:100]
    every = rules_rulings.rulings(game.rules)
    found = rules_rulings.search_rulings(every, query)
    return render_template(
        "fairplay/rulings.html",
        game=game,
        rulings=found,
        query=query,
        total=len(every),
        fairness=fairness_in_force(game.rules),
        house_points=rules_rulings.house_points(game.rules),
    )
