"""What the standings page shows of a season, computed once per change of the league.

Summing a season of a thousand games takes longer than drawing the page, and the figures
change only when a game ends or an ended game is fixed, a player or a season is edited:
each process keeps the figures it computed under the league's standings stamp (moved in
the same transaction as any such change, see scorekeeper/models/stamp.py) and its ranking
settings, all read from the league's row on every request. A change made by another
worker or process moves the stamp, so the next request computes afresh: what is kept is
never stale. The figures are immutable, shared safely across threads.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from types import MappingProxyType

from flask import current_app
from markupsafe import Markup
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game, League
from scorekeeper.read import charts, standings
from scorekeeper.read.standings import RecentGame, SeasonChoice
from scorekeeper.rules.standings import Ranked, rank

KEPT = 256  # seasons' figures kept per process (a few KiB each)
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


class Memo:
    """The least recently used of at most `size` entries; safe across threads."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, object] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> object | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: Hashable, value: object) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


def memo() -> Memo:
    """This app's memo (one per app, so two databases never share one)."""
    return current_app.extensions.setdefault("scorekeeper.standings", Memo())


def _league_key(league: League) -> tuple:
    """What the league's standings depend on, read from its row: the stamp and the ranking."""
    return (
        league.id,
        league.created_at,
        league.standings_stamp,
        league.ranking,
        tuple(league.place_points or ()),
        league.min_games,
    )


def seasons(league: League) -> tuple[SeasonChoice, ...]:
    """The league's seasons, newest first, then all time (see `standings.seasons`)."""
    key = (*_league_key(league), "seasons")
    found = memo().get(key)
    if found is None:
        found = tuple(standings.seasons(league))
        memo().put(key, found)
    return found  # type: ignore[return-value]


def figures(league: League, season: SeasonChoice) -> SeasonFigures:
    """The season's standings, counted and discarded games, pennies and recent-games chart."""
    key = (*_league_key(league), season)
    found = memo().get(key)
    if found is None:
        found = _compute(league, season)
        memo().put(key, found)
    return found  # type: ignore[return-value]


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
    """The season's discarded games, oldest first (see `standings.discarded_games`)."""
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
        [game.started_on.strftime("%-d/%-m") for game in recent],
        f"{'The last game' if len(recent) == 1 else f'The last {len(recent)} games'}, "
        f"{season.label}",
        f"Game totals in the season's last games, oldest first (- for a game sat out): {played}.",
        ident="season-chart",
    )
