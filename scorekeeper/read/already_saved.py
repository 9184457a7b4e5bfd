"""A hand another phone saved first: its saved scores beside those this phone sent."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.models import Hand, HandScore
from scorekeeper.play.hands import hand_seats
from scorekeeper.rules.entries import PlayerEntry, entry_score
from scorekeeper.rules.language import _


@dataclass(frozen=True)
class SavedBesideSent:
    """One player's score for the hand: as it was saved, and as this phone sent it."""

    name: str
    saved: str
    sent: str

    @property
    def differs(self) -> bool:
        """True when the two scores read differently."""
        return self.saved != self.sent


def _score_words(score: int | None, went_out: bool, posted: bool = False) -> str:
    if score is None:
        return _("no score")
    if went_out:
        return _("out · %(score)s") % {"score": score}
    return _("%(score)s posted") % {"score": score} if posted else str(score)


def _saved_words(row: HandScore | None) -> str:
    if row is None:
        return "–"
    return _score_words(row.score, row.went_out, row.posted)


def saved_beside_sent(hand: Hand, sent: Sequence[PlayerEntry]) -> list[SavedBesideSent]:
    """Each player's saved score beside the one in `sent` (the report refused because the
    hand was saved first), in seat order, so the table can compare them."""
    rs = hand.game.rules
    by_seat = {row.seat_id: row for row in hand.scores}
    return [
        SavedBesideSent(
            seat.player.name,
            _saved_words(by_seat.get(seat.id)),
            _score_words(entry_score(rs, entry, hand.number), entry.went_out),
        )
        for seat, entry in zip(hand_seats(hand), sent, strict=False)
    ]
