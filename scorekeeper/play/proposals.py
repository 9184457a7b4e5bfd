"""Proposed corrections: a report a phone sent after waiting, kept when the hand was saved
first (or changed) with another report, until the table accepts it (by a fix of the hand)
or drops it. They flush, never commit."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Correction, Game, Hand, ProposalState, ProposedCorrection
from scorekeeper.play import games
from scorekeeper.play.hands import hand_seats
from scorekeeper.rules import limits
from scorekeeper.rules.corrections import LONGEST_SENDER, proposal_decided_words
from scorekeeper.rules.entries import PlayerEntry, entry_facts, entry_from_facts


class ProposalDecided(games.GameRefused):
    """The proposal was already accepted or dropped; nothing changed."""


def report_of(entries: Sequence[PlayerEntry], stock_ran_out: bool) -> dict[str, object]:
    """A report as a proposal keeps it: the stock, and each seat's facts in order."""
    facts = [entry_facts(entry.normalised()) for entry in entries]
    return {"stock_ran_out": stock_ran_out, "entries": facts}


def proposed_entries(proposal: ProposedCorrection) -> list[PlayerEntry]:
    """The report the proposal holds, one entry per seat of its hand, in seat order."""
    return [entry_from_facts(facts) for facts in proposal.report["entries"]]


def propose(
    hand: Hand, entries: Sequence[PlayerEntry], *, stock_ran_out: bool, sent_by: str
) -> ProposedCorrection | None:
    """Keep a report for a scored hand as a proposed correction, waiting for the table.

    The same report already waiting on the hand is not kept twice (it is returned). None
    when it cannot be kept: a report not of this hand's table, or a hand that holds the
    most proposals a hand may (the phone keeps its report then).
    """
    if len(entries) != len(hand_seats(hand)):
        return None
    report = report_of(entries, stock_ran_out)
    on_hand = select(ProposedCorrection).where(ProposedCorrection.hand_id == hand.id)
    for kept in db.session.scalars(
        on_hand.where(ProposedCorrection.state == ProposalState.WAITING)
    ):
        if kept.report == report:
            return kept
    counted = select(func.count()).select_from(on_hand.subquery())
    if (db.session.scalar(counted) or 0) >= limits.HAND_PROPOSALS.high:
        return None
    proposal = ProposedCorrection(
        game_id=hand.game_id,
        hand_id=hand.id,
        report=report,
        sent_by=sent_by[:LONGEST_SENDER],
        sent_at=datetime.now(UTC),
    )
    db.session.add(proposal)
    games.touch(hand.game)  # other phones' table screens show it
    db.session.flush()
    return proposal


def proposals_of(game: Game) -> list[ProposedCorrection]:
    """The game's proposed corrections, oldest first (one query)."""
    return list(
        db.session.scalars(
            select(ProposedCorrection)
            .where(ProposedCorrection.game_id == game.id)
            .order_by(ProposedCorrection.id)
        )
    )


def proposal_in(game: Game, proposal_id: int | None) -> ProposedCorrection | None:
    """The game's proposal of this id, if there is one."""
    if proposal_id is None:
        return None
    return db.session.scalar(
        select(ProposedCorrection).where(
            ProposedCorrection.id == proposal_id, ProposedCorrection.game_id == game.id
        )
    )


def refuse_unless_waiting(proposal: ProposedCorrection, hand: Hand) -> None:
    """Refuse to decide a proposal again.

    :raises ProposalDecided: when it was already accepted or dropped.
    """
    if proposal.state != ProposalState.WAITING:
        raise ProposalDecided(proposal_decided_words(hand.number, proposal.state.value))


def accept(
    proposal: ProposedCorrection, hand: Hand, correction: Correction | None, decided_by: str
) -> None:
    """Mark the proposal accepted by the fix just made of its hand (in the same transaction).

    :raises ProposalDecided: when it was already accepted or dropped.
    """
    _decide(proposal, hand, ProposalState.ACCEPTED, decided_by)
    proposal.correction_id = correction.id if correction is not None else None


def drop(proposal: ProposedCorrection, hand: Hand, decided_by: str) -> None:
    """Mark the proposal dropped: the hand stays as it is, the proposal in its history.

    :raises ProposalDecided: when it was already accepted or dropped.
    """
    _decide(proposal, hand, ProposalState.DROPPED, decided_by)


def _decide(
    proposal: ProposedCorrection, hand: Hand, state: ProposalState, decided_by: str
) -> None:
    refuse_unless_waiting(proposal, hand)
    proposal.state = state
    proposal.decided_by = decided_by[:LONGEST_SENDER]
    proposal.decided_at = datetime.now(UTC)
    games.touch(hand.game)
    db.session.flush()
