"""A league, its players and its rule sets."""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from sqlalchemy import JSON, Date, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates

from scorekeeper.extensions import db
from scorekeeper.languages import LONGEST_CODE
from scorekeeper.models.base import Timestamped, ruleset_of
from scorekeeper.paper import DEFAULT_PAPER
from scorekeeper.rules.limits import fold_name
from scorekeeper.rules.rating import DEFAULT_RATING_BY
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.zones import LONGEST_NAME, UTC_NAME

if TYPE_CHECKING:
    from scorekeeper.models.account import Account
    from scorekeeper.models.game import Game

# The read-only link's token: 24 random bytes are 32 characters of base64; room to spare.
SHARE_TOKEN_LENGTH = 64


class League(Timestamped, db.Model):  # type: ignore[name-defined]
    """A family or club that plays together and keeps standings."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    # Standings: the measure players are ranked by ("average", "wins" or "points"), the points
    # for places when ranking by points (1st, 2nd, ...), and the games needed to be ranked.
    ranking: Mapped[str] = mapped_column(String(20), default="average")
    place_points: Mapped[list[int]] = mapped_column(JSON, default=lambda: [5, 3, 1])
    min_games: Mapped[int] = mapped_column(default=0)
    # The rating's pools: "league" (one rating over every game) or "family" (one per family
    # of rules, a preset and the league's copies of it): rules.rating.RATING_BY.
    rating_by: Mapped[str] = mapped_column(
        String(10), default=DEFAULT_RATING_BY, server_default=DEFAULT_RATING_BY
    )
    paper_size: Mapped[str] = mapped_column(String(10), default=DEFAULT_PAPER)
    # The IANA zone the league's dates and times are shown in (times are kept in UTC).
    time_zone: Mapped[str] = mapped_column(
        String(LONGEST_NAME), default=UTC_NAME, server_default=UTC_NAME
    )
    # The read-only link for relatives watching from elsewhere; None when there is none.
    share_token: Mapped[str | None] = mapped_column(String(SHARE_TOKEN_LENGTH), unique=True)
    # The language of its printed sheets and read-only link, and of its pages for a visitor
    # who chose none; None follows each visitor's browser.
    language: Mapped[str | None] = mapped_column(String(LONGEST_CODE))
    owner_id: Mapped[int | None] = mapped_column(
        ForeignKey("account.id", ondelete="SET NULL"), index=True
    )
    # Scorers without an account type this passcode at the table; only its hash is kept.
    passcode_hash: Mapped[str | None] = mapped_column(String(200))
    # Moves (in the same transaction) with every change that can change the league's
    # standings: the standings page keeps what it computed under this number (see
    # scorekeeper/models/stamp.py).
    standings_stamp: Mapped[int] = mapped_column(default=0, server_default="0")

    owner: Mapped[Account | None] = relationship()

    rulesets: Mapped[list[LeagueRuleSet]] = relationship(
        back_populates="league", order_by="LeagueRuleSet.id", cascade="all, delete-orphan"
    )
    players: Mapped[list[Player]] = relationship(
        back_populates="league", order_by="Player.name", cascade="all, delete-orphan"
    )
    games: Mapped[list[Game]] = relationship(
        back_populates="league", order_by="Game.id.desc()", cascade="all, delete-orphan"
    )
    seasons: Mapped[list[Season]] = relationship(
        back_populates="league", order_by="Season.starts_on", cascade="all, delete-orphan"
    )


class Player(Timestamped, db.Model):  # type: ignore[name-defined]
    """A person who plays in a league; renaming keeps every game they played."""

    __table_args__ = (
        UniqueConstraint("league_id", "name"),
        UniqueConstraint("league_id", "name_key"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    # The name folded for comparison ("Ann" and "ANN" are one player), unique in the league
    # in the database itself, so two phones adding "Ann" and "ann" at once cannot both win.
    name_key: Mapped[str] = mapped_column(String(120))

    @validates("name")
    def _fold(self, _key: str, name: str) -> str:
        self.name_key = fold_name(name)
        return name

    league: Mapped[League] = relationship(back_populates="players")


class LeagueRuleSet(Timestamped, db.Model):  # type: ignore[name-defined]
    """A league's rule set: a preset or a clone of one, stored as the rules module's JSON.

    The rules module's frozen `rules.ruleset.RuleSet` is what `rules` gives; this is its saved row.
    """

    __tablename__ = "rule_set"

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    preset_key: Mapped[str] = mapped_column(String(40))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)

    league: Mapped[League] = relationship(back_populates="rulesets")

    @property
    def rules(self) -> RuleSet:
        """The rule set as the rules module's frozen dataclass."""
        return ruleset_of(self.data)

    @property
    def name(self) -> str:
        """The rule set's name as the league knows it."""
        return str(self.data.get("name", self.preset_key))


class Season(db.Model):  # type: ignore[name-defined]
    """A league's own season, a range of dates; without any, each calendar year is a season."""

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(60))
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)

    league: Mapped[League] = relationship(back_populates="seasons")
