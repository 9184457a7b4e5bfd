"""A game: its own copy of the rule set, its seats and its hands."""

from __future__ import annotations

import enum
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import (
    JSON,
    ColumnElement,
    Date,
    DateTime,
    Enum,
    ForeignKey,
    Index,
    String,
    UniqueConstraint,
    and_,
)
from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.extensions import db
from scorekeeper.models.base import Timestamped, ruleset_of, utcnow
from scorekeeper.rules.ruleset import RuleSet

if TYPE_CHECKING:
    from scorekeeper.models.hand import Hand
    from scorekeeper.models.league import League, Player


class GameStatus(enum.StrEnum):
    """Where a game stands."""

    PLAYING = "playing"
    SUSPENDED = "suspended"
    FINISHED = "finished"
    INCOMPLETE = "incomplete"


# A game still at the table: being played, or suspended until everyone is back.
IN_PLAY = frozenset({GameStatus.PLAYING, GameStatus.SUSPENDED})


class Game(Timestamped, db.Model):  # type: ignore[name-defined]
    """One game of a league, played under the copy of the rule set taken when it started."""

    # Standings read a league's counted games of a season: by league, then by the day they
    # started; the index also holds what decides whether a game counts, so it answers alone.
    __table_args__ = (
        Index("ix_game_league_id_started_on", "league_id", "started_on", "status", "discarded"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    ruleset_id: Mapped[int | None] = mapped_column(
        ForeignKey("rule_set.id", ondelete="SET NULL"), index=True
    )
    # The game's number within its league (1, 2, 3, ...), as the family counts its games.
    number: Mapped[int] = mapped_column(default=1)
    rules_data: Mapped[dict[str, Any]] = mapped_column(JSON)
    status: Mapped[GameStatus] = mapped_column(
        Enum(GameStatus, native_enum=False, length=20, validate_strings=True),
        default=GameStatus.PLAYING,
        index=True,
    )
    first_dealer_position: Mapped[int]
    started_on: Mapped[date] = mapped_column(Date)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    discarded: Mapped[bool] = mapped_column(default=False)
    end_note: Mapped[str] = mapped_column(String(200), default="")
    # A one-time token from the seating form: a second tap on "Start" finds this game again.
    start_token: Mapped[str | None] = mapped_column(String(40), unique=True)
    version: Mapped[int] = mapped_column(default=1)

    league: Mapped[League] = relationship(back_populates="games")
    # Loaded only when asked for (`games.load_game`, or an option of the query), never one
    # game at a time behind a list of games: reading one unloaded raises.
    seats: Mapped[list[Seat]] = relationship(
        back_populates="game",
        order_by="Seat.position",
        cascade="all, delete-orphan",
        lazy="raise",
    )
    hands: Mapped[list[Hand]] = relationship(
        back_populates="game",
        order_by="(Hand.number, Hand.attempt)",
        cascade="all, delete-orphan",
        lazy="raise",
    )
    suspensions: Mapped[list[Suspension]] = relationship(
        back_populates="game", order_by="Suspension.id", cascade="all, delete-orphan"
    )

    __mapper_args__ = {"version_id_col": version}

    @property
    def rules(self) -> RuleSet:
        """The game's own rule set, as the rules module's frozen dataclass (read and checked
        once per distinct content, by `ruleset_of`)."""
        return ruleset_of(self.rules_data)

    @hybrid_property
    def counts(self) -> bool:
        """True for a game that counts in standings and figures: finished, not discarded."""
        return self.status == GameStatus.FINISHED and not self.discarded

    @counts.inplace.expression
    @classmethod
    def _counts_expression(cls) -> ColumnElement[bool]:
        return and_(cls.status == GameStatus.FINISHED, cls.discarded.is_(False))

    @hybrid_property
    def in_play(self) -> bool:
        """True for a game still at the table: being played, or suspended."""
        return self.status in IN_PLAY

    @in_play.inplace.expression
    @classmethod
    def _in_play_expression(cls) -> ColumnElement[bool]:
        return cls.status.in_(IN_PLAY)


class Seat(db.Model):  # type: ignore[name-defined]
    """A player's place at a game's table, counted clockwise from 0."""

    __table_args__ = (
        UniqueConstraint("game_id", "position"),
        UniqueConstraint("game_id", "player_id"),
        # Everything standings sum per player, so the sums are read from the index alone.
        Index(
            "ix_seat_settled",
            "game_id",
            "player_id",
            "final_total",
            "place",
            "total_posted",
            "hands_out",
            "posted_hands",
            "net_parts",
        ),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="RESTRICT"), index=True)
    position: Mapped[int]
    # The first hand this player did not play, when they left the game early.
    left_from_hand: Mapped[int | None]
    # Set when the game ends: the game total (posted by the incomplete-game rule for a player
    # who left) and the place, so standings can be summed by the database.
    final_total: Mapped[int | None]
    total_posted: Mapped[bool] = mapped_column(default=False)
    place: Mapped[int | None]
    # Also set when the game ends: hands gone out, and hand scores the missing-score rule posted.
    hands_out: Mapped[int] = mapped_column(default=0)
    posted_hands: Mapped[int] = mapped_column(default=0)
    # Set when a game played for pennies ends: the player's net (payments by place, share of
    # the kitty, buys paid in) in rules.settlement.PENNY_PARTS parts of a penny, exact for ties and
    # thirds, so a season's net is a sum; None for a game not played for pennies.
    net_parts: Mapped[int | None]

    game: Mapped[Game] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship(lazy="raise")  # loaded with the seats


class Suspension(db.Model):  # type: ignore[name-defined]
    """A break in a game between hands, and when (if ever) it went on."""

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    before_hand: Mapped[int]
    suspended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    resumed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    game: Mapped[Game] = relationship(back_populates="suspensions")
