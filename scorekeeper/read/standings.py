"""Seasons and standings of a league, summed by the database from each game's final seats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any

from sqlalchemy import ColumnElement, Row, and_, extract, func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, League, Player, Seat
from scorekeeper.rules.settlement import PENNY_PARTS
from scorekeeper.rules.standings import PlayerRecord, points_for_place

ALL_TIME = "all"


@dataclass(frozen=True)
class SeasonChoice:
    """A season to show standings for: its key in URLs, its name, and its dates."""

    key: str
    label: str
    starts_on: date | None = None
    ends_on: date | None = None

    def contains(self, day: date) -> bool:
        """True when a game started on `day` belongs to this season."""
        return (self.starts_on is None or self.starts_on <= day) and (
            self.ends_on is None or day <= self.ends_on
        )


def seasons(league: League) -> list[SeasonChoice]:
    """The league's seasons, newest first, then all time.

    A league with seasons of its own uses them; otherwise each calendar year with a game is
    a season (the same year that bounds a suspended game).
    """
    if league.seasons:
        own = [
            SeasonChoice(f"s{s.id}", s.name, s.starts_on, s.ends_on)
            for s in sorted(league.seasons, key=lambda s: s.starts_on, reverse=True)
        ]
        return [*own, SeasonChoice(ALL_TIME, "All time")]
    years = db.session.scalars(
        select(extract("year", Game.started_on).label("year"))
        .where(Game.league_id == league.id)
        .distinct()
        .order_by(extract("year", Game.started_on).desc())
    )
    calendar = [
        SeasonChoice(str(int(y)), str(int(y)), date(int(y), 1, 1), date(int(y), 12, 31))
        for y in years
    ]
    return [*calendar, SeasonChoice(ALL_TIME, "All time")]


def current_season(choices: list[SeasonChoice], today: date | None = None) -> SeasonChoice:
    """Of the league's seasons, the one today falls in, else the newest, else all time."""
    today = today or date.today()
    return next((s for s in choices if s.key != ALL_TIME and s.contains(today)), choices[0])


def season_named(
    choices: list[SeasonChoice], key: str | None, today: date | None = None
) -> SeasonChoice | None:
    """The season with this URL key (None for an unknown one); no key means the current one
    (the one `today` falls in)."""
    if not key:
        return current_season(choices, today)
    return next((s for s in choices if s.key == key), None)


def in_season(league: League, season: SeasonChoice) -> list[ColumnElement[bool]]:
    """The league's games started within the season."""
    conditions = [Game.league_id == league.id]
    if season.starts_on is not None:
        conditions.append(Game.started_on >= season.starts_on)
    if season.ends_on is not None:
        conditions.append(Game.started_on <= season.ends_on)
    return conditions


def counted_games(league: League, season: SeasonChoice) -> ColumnElement[bool]:
    """Games that count in standings: finished, not discarded, started within the season."""
    return and_(*in_season(league, season), Game.counts)


def _sums(league: League, season: SeasonChoice) -> Sequence[Row[Any]]:
    """Each player's figures over the season's counted games, one row per player of the
    league (a player without a game has None sums): one aggregate over the games' final
    seats, joined to the players in the same statement."""
    # How often each player finished in each place the league gives points for; the first
    # place, counted always, is the wins.
    finishes = [
        func.count().filter(Seat.place == place).label(f"place_{place}")
        for place in range(1, max(len(league.place_points or ()), 1) + 1)
    ]
    sums = (
        select(
            Seat.player_id,
            func.count().label("games"),
            *finishes,
            func.sum(Seat.final_total).label("total"),
            func.min(Seat.final_total).label("best"),
            func.max(Seat.final_total).label("worst"),
            func.count().filter(Seat.total_posted).label("posted_games"),
            func.sum(Seat.hands_out).label("out"),
            func.sum(Seat.posted_hands).label("posted_hands"),
            # Pennies: the net of the games played for pennies; None when none was (the
            # others hold None, and a sum of nothing but None is None).
            func.sum(Seat.net_parts).label("net_parts"),
        )
        .join(Game, Game.id == Seat.game_id)
        .where(counted_games(league, season))
        .group_by(Seat.player_id)
        .subquery()
    )
    return db.session.execute(
        select(Player.id, Player.name, sums)
        .outerjoin(sums, sums.c.player_id == Player.id)
        .where(Player.league_id == league.id)
        .order_by(Player.id)
    ).all()


def _record(league: League, g: Row[Any]) -> PlayerRecord:
    points = league.place_points or []
    played = bool(g.games)
    return PlayerRecord(
        player=g.id,
        name=g.name,
        games=int(g.games) if played else 0,
        wins=int(g.place_1) if played else 0,
        total_points=int(g.total or 0) if played else 0,
        best=g.best if played else None,
        worst=g.worst if played else None,
        hands_out=int(g.out or 0) if played else 0,
        posted_hands=int(g.posted_hands or 0) if played else 0,
        posted_games=int(g.posted_games) if played else 0,
        place_points=sum(
            int(getattr(g, f"place_{place}")) * points_for_place(place, points)
            for place in range(1, len(points) + 1)
        )
        if played
        else 0,
    )


def _pennies(rows: Sequence[Row[Any]]) -> dict[int, Fraction] | None:
    nets = {
        row.id: Fraction(int(row.net_parts), PENNY_PARTS)
        for row in rows
        if row.net_parts is not None
    }
    return nets or None


def season_sums(
    league: League, season: SeasonChoice
) -> tuple[list[PlayerRecord], dict[int, Fraction] | None]:
    """Every player's record for the season, and each player's net in pennies over its counted
    games played for pennies (None when none was), in one query."""
    rows = _sums(league, season)
    return [_record(league, row) for row in rows], _pennies(rows)


@dataclass(frozen=True)
class RecentGame:
    """A counted game of the season's chart: its id, its number in the league and its day."""

    id: int
    number: int
    started_on: date


def recent_and_counted(
    league: League, season: SeasonChoice, limit: int = 12
) -> tuple[list[RecentGame], dict[int, list[int | None]], int]:
    """The season's last `limit` counted games, oldest first, each player's total in them (None
    for a game sat out), and how many games count in the season: one statement, the last games
    joined to their seats with the count beside each."""
    counts = counted_games(league, season)
    # Counted apart from the last games, so that those are read from the end of the index.
    counted = select(func.count()).where(counts).scalar_subquery()
    last = (
        select(Game.id, Game.number, Game.started_on)
        .where(counts)
        .order_by(Game.started_on.desc(), Game.id.desc())
        .limit(limit)
        .subquery()
    )
    rows = db.session.execute(
        select(
            last.c.id,
            last.c.number,
            last.c.started_on,
            counted.label("counted"),
            Seat.player_id,
            Seat.final_total,
        )
        .outerjoin(Seat, Seat.game_id == last.c.id)
        .order_by(last.c.started_on, last.c.id)
    ).all()
    recent: list[RecentGame] = []
    column: dict[int, int] = {}
    for row in rows:
        if row.id not in column:
            column[row.id] = len(recent)
            recent.append(RecentGame(row.id, row.number, row.started_on))
    totals: dict[int, list[int | None]] = {}
    for row in rows:
        if row.player_id is not None:
            totals.setdefault(row.player_id, [None] * len(recent))[column[row.id]] = row.final_total
    return recent, totals, int(rows[0].counted) if rows else 0
