"""The receipt of an action on a game: the answer it gave, kept under the action's key."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import JSON, DateTime, ForeignKey, SmallInteger, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import db
from scorekeeper.models.base import utcnow


class ActionReceipt(db.Model):  # type: ignore[name-defined]
    """What a game's action answered (a save, a May I?, a re-deal, ...), written in the same
    transaction as its change: the same key sent again is answered from here, and changes
    nothing (`web/once.py`)."""

    # The database decides which of two requests with one key wins: the second insert fails.
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # Deleted with its game by the database (no relationship: a game never reads them).
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"))
    key: Mapped[str] = mapped_column(String(64))
    # The redirect it answered: its status and where to.
    status: Mapped[int] = mapped_column(SmallInteger)
    location: Mapped[str] = mapped_column(String(300))
    # The messages it flashed, as [category, message] pairs.
    flashes: Mapped[list[list[str]]] = mapped_column(JSON)
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
