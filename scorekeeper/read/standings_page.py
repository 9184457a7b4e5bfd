"""What the standings and records pages show of a season, and the league's ratings, computed
once per change of the league.

Summing a season of a thousand games takes longer than drawing the page, and the figures
change only when a game ends or an ended game is fixed, a player or a season is edited:
each process keeps the figures it computed (`functools.lru_cache`, at most `KEPT` seasons),
the records (at most `KEPT` leagues', every season's at once) and the ratings (`RATINGS_KEPT`
leagues') under what decides them, read from the league's row on every request: the
database, the league's id and creation time, its standings stamp (moved in the same
transaction as any such change, see scorekeeper/models/stamp.py) and its ranking and rating
settings. A change made by another worker or process moves the stamp, so the next request
computes afresh: what is kept is never stale.
The figures, records and ratings are immutable, shared safely across threads. They hold no
words: the chart and the records' sentences are made from them for each page, in its language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from markupsafe import Markup
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game, League
from scorekeeper.read import charts, standings
from scorekeeper.read.ratings import LeagueRatings, league_ratings
from scorekeeper.read.records import league_games
from scorekeeper.read.standings import RecentGame, SeasonChoice
from scorekeeper.rules.language import _, ngettext, pgettext
from scorekeeper.rules.records import Record, league_records
from scorekeeper.rules.standings import Ranked, rank

KEPT = 256  # seasons' figures kept per process (a few KiB each), and as many season lists
# Leagues' ratings kept per process: every player's step in every game, up to a MiB or so for
# a league of a thousand games of eight.
RATINGS_KEPT = 32
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
    # The season's last counted games, oldest first, and the ranked players' totals in them.
    recent: tuple[RecentGame, ...]
    lines: tuple[charts.Series, ...]


@dataclass(frozen=True)
class Standing:
    """What a league's standings depend on: its database and row, the stamp, the ranking and
    how ratings are pooled."""

    database: str
    league_id: int
    created_at: datetime
    stamp: int
    ranking: str
    place_points: tuple[int, ...]
    min_games: int
    rating_by: str


def _standing(league: League) -> Standing:
    return Standing(
        db.engine.url.render_as_string(),
        league.id,
        league.created_at,
        league.standings_stamp,
        league.ranking,
        tuple(league.place_points or ()),
        league.min_games,
        league.rating_by,
    )


def seasons(league: League) -> tuple[SeasonChoice, ...]:
    """The league's seasons, newest first, then all time (see `standings.seasons`)."""
    return _seasons(_standing(league))


def figures(league: League, season: SeasonChoice) -> SeasonFigures:
    """The season's standings, counted and discarded games, pennies and recent games."""
    return _figures(_standing(league), season)


def ratings(league: League) -> LeagueRatings:
    """The league's ratings over all its counted games (see `ratings.league_ratings`)."""
    return _ratings(_standing(league))


def records(league: League, season: SeasonChoice) -> tuple[Record, ...]:
    """The season's records (`rules.records.league_records`), in the order the records page shows.

    Every season's are computed at once, from one reading of the league's counted games.
    """
    return _records(_standing(league))[season.key]


@lru_cache(maxsize=KEPT)
def _seasons(standing: Standing) -> tuple[SeasonChoice, ...]:
    return tuple(standings.seasons(_league(standing)))


@lru_cache(maxsize=KEPT)
def _figures(standing: Standing, season: SeasonChoice) -> SeasonFigures:
    return _compute(_league(standing), season)


@lru_cache(maxsize=RATINGS_KEPT)
def _ratings(standing: Standing) -> LeagueRatings:
    return league_ratings(_league(standing))


@lru_cache(maxsize=KEPT)
def _records(standing: Standing) -> Mapping[str, tuple[Record, ...]]:
    seasons = _seasons(standing)
    games = league_games(_league(standing), seasons)
    return MappingProxyType(
        {s.key: league_records([g for g in games if s.contains(g.day)]) for s in seasons}
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
    lines = tuple(
        charts.Series(line.record.name, tuple(totals.get(line.record.player, [None] * len(recent))))
        for line in ranked
    )
    return SeasonFigures(
        table=table,
        counted=counted,
        pennies=MappingProxyType(pennies) if pennies is not None else None,
        discarded=_discarded(league, season),
        recent=tuple(recent),
        lines=lines,
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
    season: SeasonChoice, figures: SeasonFigures, days: Sequence[str]
) -> Markup | None:
    """The line chart of the ranked players' totals in the season's last games, in the language
    spoken, each game's day as `days` writes it; None when nobody is ranked."""
    if not figures.lines:
        return None
    count = len(figures.recent)
    played = "; ".join(
        f"{s.name}: {', '.join('-' if v is None else str(v) for v in s.values)}"
        for s in figures.lines
    )
    title = ngettext("The last game, %(season)s", "The last %(count)s games, %(season)s", count)
    words = _(
        "Game totals in the season's last games, oldest first (- for a game sat out): %(played)s."
    )
    return charts.line_chart(
        figures.lines,
        [str(game.number) for game in figures.recent],
        title % {"count": count, "season": season.label},
        words % {"played": played},
        ident="season-chart",
        # Short: it sits left of the first game's number, in the chart's margin.
        x_name=pgettext("chart axis", "Game"),
        # Several games a day are told apart by their numbers; the day shows where it changes.
        x_notes=charts.where_changed(days),
    )
