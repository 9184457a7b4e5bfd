"""The table screen of a game in play, and scoring, correcting and re-dealing its hands."""

from __future__ import annotations

from collections.abc import Callable

from flask import (
    Blueprint,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext
from flask_wtf.csrf import generate_csrf
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.forms.fairplay import MayIForm
from scorekeeper.forms.hand import HandForm, RedealForm
from scorekeeper.models import Game, Hand, HandState
from scorekeeper.play import games, hands, mayi, proposals
from scorekeeper.read import proposals as proposals_shown
from scorekeeper.read import scoresheet, settlement
from scorekeeper.read.hand_card import hand_card
from scorekeeper.read.rematch import rematch
from scorekeeper.rules import limits
from scorekeeper.rules.corrections import (
    proposal_accepted_words,
    proposal_dropped_words,
)
from scorekeeper.rules.dealing import hand_count
from scorekeeper.rules.mayi import may_i_limit
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.suspension import resume_terms
from scorekeeper.views import conflicts, hand_pages
from scorekeeper.web import access
from scorekeeper.web.database import WriteConflict, drop_work
from scorekeeper.web.once import exactly_once
from scorekeeper.web.polls import version_answer
from scorekeeper.web.sessions import leaves_session_alone

bp = Blueprint("table", __name__, url_prefix="/games/<int:game_id>")

# The hands after the one in play whose forms a phone keeps, for when the connection drops.
AHEAD = 2


def _game(game_id: int) -> Game:
    return access.request_game(game_id)


def _hand(game: Game, hand_id: int) -> Hand:
    hand = next((h for h in game.hands if h.id == hand_id), None)
    return hand or abort(404)


@bp.get("")
def show(game_id: int) -> str:
    """The table screen: the hand in play and the running totals; the results once finished."""
    game = _game(game_id)
    hand = games.current_hand(game)
    sheet = scoresheet.build(game)
    fixable = _fixable(game)
    return render_template(
        "table/show.html",
        game=game,
        hand=hand,
        card=hand_card(game, hand) if hand else None,
        sheet=sheet,
        fixable=fixable,
        proposals=proposals_shown.build(game, fixable),
        last_scored=sheet.rows[-1].hand if sheet.rows else None,
        redeal_form=RedealForm(formdata=None, version=hand.version) if hand else None,
        may_i_form=MayIForm(formdata=None) if _asks_about_the_claim(game.rules) else None,
        sizes=mayi.hand_sizes(hand) if hand else [],
        may_i_limit=may_i_limit(game.rules, hand.number) if hand else None,
        kitty=mayi.kitty(game),
        settled=settlement.build(game) if hand is None else None,
        stock_words=hands.stock_renewal_words(hand) if hand else "",
        resume_terms=resume_terms(game.rules, game.started_on),
        stock_over=hand is not None and hands.stock_exhausted(hand),
        rematch=rematch(game) if games.is_over(game) else None,
        recap_url=url_for("recap.game", game_id=game.id) if game.counts else None,
        ahead=_forms_kept(game, hand),
    )


def _forms_kept(game: Game, hand: Hand | None) -> list[str]:
    """The hand forms a phone keeps from the table screen: the hand in play's and the next
    AHEAD hands' (static/sw.js)."""
    if hand is None:
        return []
    last = min(hand.number + AHEAD, hand_count(game.rules))
    return [
        url_for("table.score", game_id=game.id, number=number)
        for number in range(hand.number, last + 1)
    ]


@bp.get("/token")
def token(game_id: int) -> Response:
    """A fresh form token for this phone's session: a save kept on the phone past its page's
    token is sent again with it (static/outbox.js). The access check let the visitor in."""
    return jsonify(token=generate_csrf())


def _asks_about_the_claim(rs: RuleSet) -> bool:
    """True when the May I? panel asks a question before a claim (the form's check boxes)."""
    may_i = rs.may_i
    return not may_i.after_going_down or may_i.not_after_current_takes or may_i.not_twice_running


def _fixable(game: Game) -> set[int]:
    """The scored hands this visitor may open to fix (the sheet shows a Fix link on each)."""
    return hands.fixable_hands(game, owner=access.role_in(game.league) == "owner")


@bp.get("/version")
@leaves_session_alone
def version(game_id: int) -> Response:
    """The game's version, which other phones poll to follow the saves made here (read by
    the access check with the game's league); 304 when the poll has it."""
    return version_answer(access.game_version())


@bp.route("/hand/<int:number>/score", methods=["GET", "POST"])
@exactly_once
def score(game_id: int, number: int) -> Response | tuple[str, int]:
    """Score hand `number`, the hand in play: who went out, and what everyone else holds.

    A hand saved already answers as it did for the phone that saved it first; one not dealt
    yet waits for the hand in play (its form is shown ahead, for the next AHEAD hands).
    """
    game = _game(game_id)
    if number > hand_count(game.rules):
        abort(404)
    hand = games.hand_numbered(game, number)
    if hand is None:
        return _not_dealt(game, number)
    form = HandForm(game.rules, len(hands.hand_seats(hand)), hand.number, hand.version)
    if request.method != "POST":
        if hand.state != HandState.PLAYING:
            return redirect(url_for("table.show", game_id=game.id))
        form.stock_ran_out.data = hands.stock_exhausted(hand)
        return hand_pages.hand_page(game, hand, form, "score")
    if not form.read(request.form):
        return hand_pages.hand_page(game, hand, form, "score", 422)
    try:
        saved = hands.score_hand(
            hand,
            form.entries(),
            stock_ran_out=form.stock_ran_out.data,
            confirmed=form.confirm.data,
        )
    except hands.HandAlreadySaved as already:
        return conflicts.already_saved(game, already, form, _fixable(game))
    except hands.HandRefused as refused:
        return _refused(game, hand, form, "score", refused)
    except games.GameRefused as refusal:
        form.form_errors.append(str(refusal))
        return hand_pages.hand_page(game, hand, form, "score", 422, about_game=True)
    if saved.replayed:
        words = gettext(
            "Hand %(number)s must be played again. %(reason)s",
            number=hand.number,
            reason=saved.reason,
        )
        flash(words, "warning")
    elif saved.reason:
        words = gettext(
            "Hand %(number)s saved. %(reason)s", number=hand.number, reason=saved.reason
        )
        flash(words, "success")
    else:
        flash(gettext("Hand %(number)s saved.", number=hand.number), "success")
    return redirect(url_for("table.show", game_id=game.id))


def _not_dealt(game: Game, number: int) -> Response | tuple[str, int]:
    """A hand not dealt yet: its form ahead (GET), or a save that waits for the hand in play
    (nothing is kept of it, so the same save may be sent again once its hand is dealt)."""
    playing = games.current_hand(game)
    if request.method != "POST":
        near = playing is not None and number <= playing.number + AHEAD
        ahead = games.dealt_ahead(game, number) if near else None
        if ahead is None or playing is None:
            return redirect(url_for("table.show", game_id=game.id))
        form = HandForm(game.rules, len(games.seats_at_hand(game, number)), number)
        return hand_pages.hand_page(game, ahead, form, "score", ahead_of=playing.number)
    return conflicts.not_dealt_yet(game, number, playing)


@bp.route("/hands/<int:hand_id>/edit", methods=["GET", "POST"])
@exactly_once
def edit(game_id: int, hand_id: int) -> Response | tuple[str, int]:
    """Correct a scored hand; an earlier hand needs a reason, and the history keeps it all."""
    game = _game(game_id)
    hand = _hand(game, hand_id)
    if hand.state != HandState.SCORED:
        abort(404)
    if hand.id not in _fixable(game):
        access.require_owner(game.league)  # the cards are mixed or the game is over
    form = HandForm(game.rules, len(hands.hand_seats(hand)), hand.number, hand.version)
    if request.method != "POST":
        accepting = hand_pages.named_proposal(game, hand, request.args.get("proposal"))
        return hand_pages.fix_page(game, hand, form, accepting)
    if not form.read(request.form):
        return hand_pages.hand_page(game, hand, form, "edit", 422)
    if form.review.data:  # what a phone sent for a hand saved first: shown to fix, not saved
        return hand_pages.hand_page(game, hand, form, "edit")
    accepting = hand_pages.named_proposal(game, hand, form.proposal.text)
    try:
        if accepting is not None:
            proposals.refuse_unless_waiting(accepting, hand)
        correction = hands.correct_hand(
            hand,
            form.entries(),
            stock_ran_out=form.stock_ran_out.data,
            confirmed=form.confirm.data,
            made_by=form.made_by.data,
            reason=form.reason.data,
            agreed=form.agreed.data,
            seen_version=_int(form.version.data),
        )
        if accepting is not None:
            proposals.accept(accepting, hand, correction, access.visitor_words(game.league))
    except proposals.ProposalDecided as decided:
        drop_work()
        flash(str(decided), "info")
        return redirect(url_for("table.show", game_id=game.id))
    except hands.HandAlreadySaved as saved:
        return conflicts.already_saved(game, saved, form, _fixable(game))
    except hands.HandRefused as refused:
        return _refused(game, hand, form, "edit", refused)
    except games.GameRefused as refusal:
        form.refuse_correction(str(refusal))
        return hand_pages.hand_page(game, hand, form, "edit", 422)
    if correction is None:
        flash(gettext("Hand %(number)s is unchanged.", number=hand.number), "info")
    elif games.is_over(game):
        words = gettext(
            "Hand %(number)s corrected; the change is in its history. Final totals and places "
            "are settled again.",
            number=hand.number,
        )
        flash(words, "success")
    else:
        words = gettext(
            "Hand %(number)s corrected; the change is in its history.", number=hand.number
        )
        flash(words, "success")
    if accepting is not None:
        flash(proposal_accepted_words(hand.number), "success")
    return redirect(url_for("table.show", game_id=game.id))


@bp.post("/proposals/<int:proposal_id>/drop")
@exactly_once
def drop_proposal(game_id: int, proposal_id: int) -> Response:
    """Drop a proposed correction: the hand stays as it is; the proposal, in its history."""
    game = _game(game_id)
    proposal = proposals.proposal_in(game, proposal_id) or abort(404)
    hand = _hand(game, proposal.hand_id)
    if hand.id not in _fixable(game):
        abort(403)
    try:
        proposals.drop(proposal, hand, access.visitor_words(game.league))
    except proposals.ProposalDecided as decided:
        flash(str(decided), "info")
        return redirect(url_for("table.show", game_id=game.id))
    flash(proposal_dropped_words(hand.number), "success")
    return redirect(url_for("table.show", game_id=game.id))


@bp.post("/hands/<int:hand_id>/redeal")
@exactly_once
def redeal(game_id: int, hand_id: int) -> Response | tuple[str, int]:
    """Record that the hand in play is dealt again by the same dealer."""
    game = _game(game_id)
    hand = _hand(game, hand_id)
    try:
        games.refuse_if_over(game)
    except games.GameRefused as refusal:
        flash(str(refusal), "error")
        return redirect(url_for("table.show", game_id=game.id))
    form = RedealForm()
    if form.validate() and _int(form.version.data) == hand.version:
        try:
            hands.redeal(hand, form.reason.data or "")
        except games.GameRefused as refusal:
            flash(str(refusal), "error")
            return redirect(url_for("table.show", game_id=game.id))
        words = gettext("Hand %(number)s is dealt again by the same dealer.", number=hand.number)
        flash(words, "success")
        return redirect(url_for("table.show", game_id=game.id))
    message = " ".join(str(error) for error in form.reason.errors) or gettext(
        "The hand changed on another phone; look again."
    )
    flash(message, "error")
    return redirect(url_for("table.show", game_id=game.id))


def _refused(
    game: Game, hand: Hand, form: HandForm, mode: str, refused: hands.HandRefused
) -> tuple[str, int]:
    for problem in refused.check.errors:
        form.form_errors.append(problem.message)
    warnings = () if refused.check.errors else refused.check.warnings
    return hand_pages.hand_page(game, hand, form, mode, 422, warnings, refused.check.errors)


def _int(text: str | None) -> int | None:
    return limits.whole_number(text, limits.Bound(0, limits.LARGEST_ID))


@bp.errorhandler(WriteConflict)
def hand_conflict(error: WriteConflict) -> Response | tuple[str, int]:
    """Two phones saved at the same moment: show the loser what the winner saved. A save
    that waited on its phone is sent once more, to meet the saved hand and be kept as a
    proposed correction."""
    db.session.rollback()
    args = request.view_args or {}
    views: dict[str, Callable[..., Response | tuple[str, int]]] = {
        "table.score": score,
        "table.edit": edit,
    }
    again = views.get(request.endpoint or "")
    if conflicts.waited() and again is not None:
        try:
            return again(**args)
        except WriteConflict:
            db.session.rollback()
    return conflicts.saved_meanwhile(args, _fixable)
