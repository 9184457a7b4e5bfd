"""What the standings and records pages show of a season, computed once per change of the
league.

Summing a season of a thousand games takes longer than drawing the page, and the figures
change only when a game ends or an ended game is fixed, a player or a season is edited:
each process keeps the figures it computed (`functools.lru_cache`, at most `KEPT` seasons)
and the records (at most `KEPT` leagues', every season's at once) under what decides them,
read from the league's row on every request: the database, the league's id and creation
time, its standings stamp (moved in the same transaction as any such change, see
scorekeeper/models/stamp.py) and its ranking settings. A change made by another worker or
process moves the stamp, so the next request computes afresh: what is kept is never stale.
The figures and records are immutable, shared safely across threads.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from markupsafe import Markup
from sqlalchemy import select

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import Game, League
from scorekeeper.read import charts, standings
from scorekeeper.read.records import league_games
from scorekeeper.read.standings import RecentGame, SeasonChoice
from scorekeeper.rules.standings import Ranked, rank

KEPT = 256  # seasons' figures kept per process (a few KiB each), and as many season lists
CHART_PLAYERS = 8


@dataclass(frozen=True)
class DiscardedGame:
    """A discarded game of the season, as the page lists it."""

    id: int
    number: int
    started_on: date
    end_note: str


@dataclass(frozen=True)
class SeasonFigures:
    """Everything the standings page shows of one season."""

    table: tuple[Ranked, ...]
    counted: int
    pennies: Mapping[int, Fraction] | None
    discarded: tuple[DiscardedGame, ...]
    chart: Markup | None


@dataclass(frozen=True)
class Standing:
    """What a league's standings depend on: its database and row, the stamp and the ranking."""

    database: str
    league_id: int
    created_at: datetime
    stamp: int
    ranking: str
    place_points: tuple[int, ...]
    min_games: int


def _standing(league: League) -> Standing:
    return Standing(
        db.engine.url.render_as_string(),
        league.id,
        league.created_at,
        league.standings_stamp,
        league.ranking,
        tuple(league.place_points or ()),
        league.min_games,
    )


def seasons(league: League) -> tuple[SeasonChoice, ...]:
    """The league's seasons, newest first, then all time (see `standings.seasons`)."""
    return _seasons(_standing(league))


def figures(league: League, season: SeasonChoice) -> SeasonFigures:
    """The season's standings, counted and discarded games, pennies and recent-games chart."""
    return _figures(_standing(league), season)


def records(league: League, season: SeasonChoice) -> tuple[rules.Record, ...]:
    """The season's records (`rules.league_records`), in the order the records page shows.

    Every season's are computed at once, from one reading of the league's counted games.
    """
    return _records(_standing(league))[season.key]


@lru_cache(maxsize=KEPT)
def _seasons(standing: Standing) -> tuple[SeasonChoice, ...]:
    return tuple(standings.seasons(_league(standing)))


@lru_cache(maxsize=KEPT)
def _figures(standing: Standing, season: SeasonChoice) -> SeasonFigures:
    return _compute(_league(standing), season)


@lru_cache(maxsize=KEPT)
def _records(standing: Standing) -> Mapping[str, tuple[rules.Record, ...]]:
    seasons = _seasons(standing)
    games = league_games(_league(standing), seasons)
    return MappingProxyType(
        {s.key: rules.league_records([g for g in games if s.contains(g.day)]) for s in seasons}
    )


def _league(standing: Standing) -> League:
    """The league `standing` was read from (the request's session holds its row already)."""
    league = db.session.get(League, standing.league_id)
    assert league is not None  # read by this request a moment ago
    return league


def _compute(league: League, season: SeasonChoice) -> SeasonFigures:
    records, pennies = standings.season_sums(league, season)
    table = tuple(rank(records, league.ranking, league.min_games))
    recent, totals, counted = standings.recent_and_counted(league, season)
    ranked = [line for line in table if line.place is not None][:CHART_PLAYERS]
    return SeasonFigures(
        table=table,
        counted=counted,
        pennies=MappingProxyType(pennies) if pennies is not None else None,
        discarded=_discarded(league, season),
        chart=recent_chart(season, ranked, recent, totals) if ranked else None,
    )


def _discarded(league: League, season: SeasonChoice) -> tuple[DiscardedGame, ...]:
    """The season's discarded games, oldest first, listed apart from the standings."""
    rows = db.session.execute(
        select(Game.id, Game.number, Game.started_on, Game.end_note)
        .where(*standings.in_season(league, season), Game.discarded.is_(True))
        .order_by(Game.started_on, Game.id)
    )
    return tuple(DiscardedGame(*row) for row in rows)


def recent_chart(
    season: SeasonChoice,
    ranked: list[Ranked],
    recent: list[RecentGame],
    totals: dict[int, list[int | None]],
) -> Markup:
    """The line chart of the ranked players' totals in the season's last games."""
    series = [
        charts.Series(line.record.name, totals.get(line.record.player, [None] * len(recent)))
        for line in ranked
    ]
    played = "; ".join(
        f"{s.name}: {', '.join('-' if v is None else str(v) for v in s.values)}" for s in series
    )
    return charts.line_chart(
        series,
        [str(game.number) for game in recent],
        f"{'The last game' if len(recent) == 1 else f'The last {len(recent)} games'}, "
        f"{season.label}",
        f"Game totals in the season's last games, oldest first (- for a game sat out): {played}.",
        ident="season-chart",
        x_name="Game",
        # Several games a day are told apart by their numbers; the day shows where it changes.
        x_notes=charts.where_changed([game.started_on.strftime("%-d/%-m") for game in recent]),
    )
