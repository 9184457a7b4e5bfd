"""The pages of a hand's form: to score the hand, or to fix it (filled with its saved report,
or with a proposed correction the fix accepts)."""

from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for
from werkzeug.wrappers import Response

from scorekeeper.forms.hand import HandForm
from scorekeeper.models import Game, Hand, HandState, ProposedCorrection
from scorekeeper.play import games, hands, proposals
from scorekeeper.read.hand_card import hand_card
from scorekeeper.rules import limits
from scorekeeper.rules.corrections import accepting_words
from scorekeeper.rules.entries import Problem, impossible_total_words
from scorekeeper.rules.missing_score import no_score_hint
from scorekeeper.rules.scoring import possible_totals


def hand_page(
    game: Game,
    hand: Hand,
    form: HandForm,
    mode: str,
    status: int = 200,
    warnings: tuple[Problem, ...] = (),
    problems: tuple[Problem, ...] = (),
    ahead_of: int | None = None,
    about_game: bool = False,
) -> tuple[str, int]:
    """The hand form's page (`ahead_of`: the number of the hand in play, for a form shown
    before its hand is dealt; `about_game`: refused for the game's state, not for what was
    entered, so a phone's kept save offers no putting it right)."""
    by_player: dict[int, list[str]] = {}
    for problem in problems:
        for index in problem.concerns:
            by_player.setdefault(index, []).append(problem.message)
    seats = games.seats_at_hand(game, hand.number)
    accepting = named_proposal(game, hand, form.proposal.text) if mode == "edit" else None
    return render_template(
        "table/hand_form.html",
        game=game,
        hand=hand,
        seats=seats,
        card=hand_card(game, hand),
        form=form,
        refused=form.refused([seat.player.name for seat in seats]),
        mode=mode,
        terms=hands.correction_terms(hand) if hand.state == HandState.SCORED else None,
        no_score_hint=no_score_hint(game.rules),
        warnings=warnings,
        player_problems=by_player,
        possible=possible_totals(game.rules, hand.number),
        impossible_words=impossible_total_words(),
        accepting=accepting_words(hand.number, accepting.sent_by) if accepting else "",
        ahead_of=ahead_of,
        entries_refused=status == 422 and not about_game,
    ), status


def fix_page(
    game: Game, hand: Hand, form: HandForm, accepting: ProposedCorrection | None
) -> Response | tuple[str, int]:
    """The fix form, filled with the hand's saved report, or with the proposal it accepts."""
    if accepting is None:
        form.load(hands.saved_entries(hand), hand.stock_ran_out)
        return hand_page(game, hand, form, "edit")
    try:
        proposals.refuse_unless_waiting(accepting, hand)
    except proposals.ProposalDecided as decided:
        flash(str(decided), "info")
        return redirect(url_for("table.show", game_id=game.id))
    form.load(proposals.proposed_entries(accepting), accepting.report["stock_ran_out"])
    form.proposal.text = str(accepting.id)
    return hand_page(game, hand, form, "edit")


def named_proposal(game: Game, hand: Hand, sent: str | None) -> ProposedCorrection | None:
    """The proposal of this hand a fix accepts, named by its id; none when none is named."""
    if not sent:
        return None
    found = proposals.proposal_in(game, limits.row_id(sent))
    return found if found is not None and found.hand_id == hand.id else abort(404)
