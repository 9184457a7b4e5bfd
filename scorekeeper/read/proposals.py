"""A game's proposed corrections as its pages show them: each beside the hand as saved."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from scorekeeper.models import Game, Hand, ProposalState, ProposedCorrection
from scorekeeper.play import hands, proposals
from scorekeeper.read.already_saved import SavedBesideSent, saved_beside_sent
from scorekeeper.rules.corrections import accept_words, proposal_heading, proposal_outcome_words


@dataclass(frozen=True)
class ProposalShown:
    """One proposal: its heading, each player's saved score beside the proposed one, what
    accepting asks, what became of it, and whether this visitor may decide it."""

    id: int
    hand: Hand
    heading: str
    sent_at: datetime
    compared: list[SavedBesideSent]
    waiting: bool
    outcome: str
    decided_at: datetime | None
    accept_words: str
    may_decide: bool


def build(game: Game, fixable: set[int]) -> list[ProposalShown]:
    """The game's proposals, oldest first; `fixable`, the hands this visitor may fix (who
    may fix a hand may accept or drop its proposals)."""
    by_id = {hand.id: hand for hand in game.hands}
    return [
        _shown(proposal, by_id[proposal.hand_id], fixable)
        for proposal in proposals.proposals_of(game)
    ]


def _shown(proposal: ProposedCorrection, hand: Hand, fixable: set[int]) -> ProposalShown:
    waiting = proposal.state == ProposalState.WAITING
    may_fix = hand.id in fixable
    return ProposalShown(
        id=proposal.id,
        hand=hand,
        heading=proposal_heading(hand.number, proposal.sent_by),
        sent_at=proposal.sent_at,
        compared=saved_beside_sent(hand, proposals.proposed_entries(proposal)),
        waiting=waiting,
        outcome=proposal_outcome_words(proposal.state.value, proposal.decided_by),
        decided_at=proposal.decided_at,
        accept_words=accept_words(hands.correction_terms(hand), hand.number)
        if waiting and may_fix
        else "",
        may_decide=waiting and may_fix,
    )
