"""A hand of a game, each player's score for it, and the history of corrections."""

from __future__ import annotations

import enum
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, DateTime, Enum, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.models.base import Timestamped, utcnow

if TYPE_CHECKING:
    from scorekeeper.models.game import Game, Seat


class HandState(enum.StrEnum):
    """Where a hand stands: in play, scored, dealt again, or left unplayed when the game ended."""

    PLAYING = "playing"
    SCORED = "scored"
    REDEALT = "redealt"
    REPLAYED = "replayed"
    UNPLAYED = "unplayed"


class Hand(Timestamped, db.Model):  # type: ignore[name-defined]
    """One deal of hand `number`; a re-deal or re-play keeps the number and adds an attempt."""

    __table_args__ = (UniqueConstraint("game_id", "number", "attempt"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    attempt: Mapped[int] = mapped_column(default=1)
    dealer_position: Mapped[int]
    state: Mapped[HandState] = mapped_column(
        Enum(HandState, native_enum=False, length=20, validate_strings=True),
        default=HandState.PLAYING,
    )
    # True when the hand ended with nobody out because the stock ran out for good.
    stock_ran_out: Mapped[bool] = mapped_column(default=False)
    # How many times the stock ran out during the hand and was renewed by the rule set's policy.
    stock_renewals: Mapped[int] = mapped_column(default=0)
    note: Mapped[str] = mapped_column(String(200), default="")
    scored_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(default=1)

    game: Mapped[Game] = relationship(back_populates="hands")
    # One way only (a score row is always reached from its hand: no bookkeeping of the way
    # back for every row written), and loaded with the game's hands (`games.load_game`):
    # reading one unloaded raises, where a lazy load would be one query per hand.
    scores: Mapped[list[HandScore]] = relationship(cascade="all, delete-orphan", lazy="raise")
    corrections: Mapped[list[Correction]] = relationship(
        back_populates="hand", order_by="Correction.id", cascade="all, delete-orphan", lazy="raise"
    )
    claims: Mapped[list[MayIClaim]] = relationship(
        back_populates="hand", order_by="MayIClaim.id", cascade="all, delete-orphan", lazy="raise"
    )

    __mapper_args__ = {"version_id_col": version}


class HandScore(db.Model):  # type: ignore[name-defined]
    """What one player scored in one hand, with the facts the score was computed from."""

    __table_args__ = (UniqueConstraint("hand_id", "seat_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seat.id", ondelete="CASCADE"), index=True)
    tally: Mapped[dict[str, int] | None] = mapped_column(JSON)
    typed_total: Mapped[int | None]
    short_cards: Mapped[int] = mapped_column(default=0)
    penalty: Mapped[int] = mapped_column(default=0)
    penalty_reason: Mapped[str] = mapped_column(String(120), default="")
    went_out: Mapped[bool] = mapped_column(default=False)
    no_score: Mapped[bool] = mapped_column(default=False)
    score: Mapped[int | None]
    posted: Mapped[bool] = mapped_column(default=False)

    seat: Mapped[Seat] = relationship()


class Correction(db.Model):  # type: ignore[name-defined]
    """A change to a scored hand: who made it, when, what it was, what it became, and why."""

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    made_by: Mapped[str] = mapped_column(String(40))
    reason: Mapped[str] = mapped_column(Text, default="")
    old: Mapped[dict[str, Any]] = mapped_column(JSON)
    new: Mapped[dict[str, Any]] = mapped_column(JSON)

    hand: Mapped[Hand] = relationship(back_populates="corrections")


class MayIClaim(db.Model):  # type: ignore[name-defined]
    """A May I?: the claimant took the top discard and the rule set's penalty cards."""

    id: Mapped[int] = mapped_column(primary_key=True)
    hand_id: Mapped[int] = mapped_column(ForeignKey("hand.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seat.id", ondelete="CASCADE"), index=True)
    made_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    hand: Mapped[Hand] = relationship(back_populates="claims")
    seat: Mapped[Seat] = relationship()
