"""A hand's proposed corrections in the league file: written with their state, and kept
again by the import through the same operations as at the table."""

from __future__ import annotations

from typing import Any

from scorekeeper.exchange.format import Node, moment_text
from scorekeeper.exchange.reports import read_hand_report
from scorekeeper.extensions import db
from scorekeeper.models import Hand, ProposalState, ProposedCorrection
from scorekeeper.play import proposals
from scorekeeper.play.hands import hand_seats
from scorekeeper.rules import corrections
from scorekeeper.rules.language import _

PROPOSAL_FIELDS = (
    *("sent_at", "sent_by", "stock_ran_out", "players"),
    *("state", "decided_by", "decided_at", "correction"),
)
PROPOSAL_STATES = tuple(state.value for state in ProposalState)


def proposal_facts(proposal: ProposedCorrection, hand: Hand) -> dict[str, Any]:
    """A proposal as the file holds it; its report by player name, in seat order, and the
    fix that accepted it as its place in the hand's corrections."""
    fixes = [correction.id for correction in hand.corrections]
    return {
        "sent_at": moment_text(proposal.sent_at),
        "sent_by": proposal.sent_by,
        "stock_ran_out": proposal.report["stock_ran_out"],
        "players": {
            seat.player.name: facts
            for seat, facts in zip(hand_seats(hand), proposal.report["entries"], strict=True)
        },
        "state": proposal.state.value,
        "decided_by": proposal.decided_by,
        "decided_at": moment_text(proposal.decided_at),
        "correction": fixes.index(proposal.correction_id)
        if proposal.correction_id in fixes
        else None,
    }


def keep_proposals(hand: Hand, nodes: list[Node]) -> None:
    """Keep the hand's proposals again, each decided as the file says, at its times.

    :raises ImportRefused: at a proposal that is not one the table could have kept.
    """
    db.session.flush()  # the hand's rows, written before the proposals that name them
    kept_here: set[int] = set()
    for node in nodes:
        node.fields(*PROPOSAL_FIELDS)
        report = read_hand_report(
            hand, node.get("players"), node.get("stock_ran_out", False).flag()
        )
        kept = proposals.propose(
            hand,
            report.entries,
            stock_ran_out=report.stock_ran_out,
            sent_by=node.get("sent_by").text(corrections.LONGEST_SENDER, blank=False),
        )
        if kept is None or kept.id in kept_here:
            node.fail(_("the same report is already proposed and waiting for this hand."))
        kept_here.add(kept.id)
        _decide(kept, hand, node)
        kept.sent_at = node.get("sent_at").moment(required=True)


def _decide(kept: ProposedCorrection, hand: Hand, node: Node) -> None:
    state = ProposalState(node.get("state").choice(PROPOSAL_STATES))
    by = node.get("decided_by", "").text(corrections.LONGEST_SENDER)
    at = node.get("decided_at", None).moment()
    index = node.get("correction", None).optional_integer()
    if (state == ProposalState.WAITING) != (at is None):
        node.get("decided_at").fail(_("only an accepted or dropped proposal was decided."))
    if index is not None and (state != ProposalState.ACCEPTED or index >= len(hand.corrections)):
        node.get("correction").fail(_("an accepted proposal names one of the hand's corrections."))
    if state == ProposalState.ACCEPTED:
        fix = hand.corrections[index] if index is not None else None
        proposals.accept(kept, hand, fix, by)
    elif state == ProposalState.DROPPED:
        proposals.drop(kept, hand, by)
    kept.decided_at = at
