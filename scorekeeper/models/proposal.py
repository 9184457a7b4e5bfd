"""A proposed correction: a report a phone sent for a hand saved first by another phone."""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, DateTime, Enum, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import db
from scorekeeper.models.base import utcnow
from scorekeeper.rules import corrections


class ProposalState(enum.StrEnum):
    """Where a proposed correction stands: waiting for the table, accepted, or dropped."""

    WAITING = corrections.WAITING
    ACCEPTED = corrections.ACCEPTED
    DROPPED = corrections.DROPPED


class ProposedCorrection(db.Model):  # type: ignore[name-defined]
    """What a phone sent for a hand after waiting to send it, kept because the hand was
    saved first (or changed) with another report: the table accepts it, through a fix of
    the hand, or drops it; either way it stays in the hand's history."""

    id: Mapped[int] = mapped_column(primary_key=True)
    # Deleted with their game by the database (no relationship: a page reads a game's
    # proposals in one query of their own).
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    # The report as sent: {"stock_ran_out": bool, "entries": [facts of each seat, in order]},
    # each player's facts as `rules.entries.entry_facts` writes them.
    report: Mapped[dict[str, Any]] = mapped_column(JSON)
    sent_by: Mapped[str] = mapped_column(String(corrections.LONGEST_SENDER))
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    state: Mapped[ProposalState] = mapped_column(
        Enum(ProposalState, native_enum=False, length=20, validate_strings=True),
        default=ProposalState.WAITING,
    )
    decided_by: Mapped[str] = mapped_column(String(corrections.LONGEST_SENDER), default="")
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    # The fix that accepted it (none when it changed nothing, or was dropped).
    correction_id: Mapped[int | None] = mapped_column(
        ForeignKey("correction.id", ondelete="SET NULL")
    )
    # Two phones deciding at once: the second to write meets the first's version.
    version: Mapped[int] = mapped_column(default=1)

    __mapper_args__ = {"version_id_col": version}
