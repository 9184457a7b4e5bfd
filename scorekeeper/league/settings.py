"""Operations on a league's settings, seasons and share link. They flush, never commit."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import date
from typing import NamedTuple

from sqlalchemy import select, update

from scorekeeper.extensions import db
from scorekeeper.models import League, Season
from scorekeeper.rules import limits
from scorekeeper.rules.language import _


class SettingsRefused(Exception):
    """A setting that cannot be saved as asked; the message says why."""


class SeasonRefused(SettingsRefused):
    """A new season refused; `index` is its place among the seasons being added."""

    def __init__(self, index: int, message: str) -> None:
        self.index = index
        super().__init__(message)


class NewSeason(NamedTuple):
    """A season to add: its name and its first and last days."""

    name: str
    starts_on: date
    ends_on: date


def update_settings(
    league: League,
    name: str,
    ranking: str,
    place_points: list[int],
    min_games: int,
    paper: str,
    time_zone: str,
    language: str | None = None,
    *,
    rating_by: str,
) -> None:
    """Change how the league ranks and rates players, prints, shows its dates and times, and
    which language its sheets and read-only link speak (None: each reader's own)."""
    league.name = name
    league.ranking = ranking
    league.place_points = place_points
    league.min_games = min_games
    league.rating_by = rating_by
    league.paper_size = paper
    league.time_zone = time_zone
    league.language = language
    db.session.flush()


def add_season(league: League, name: str, starts_on: date, ends_on: date) -> Season:
    """Add a season of the league's own; it may not overlap another.

    :raises SettingsRefused: for an overlap, a name already used, or a league whose seasons
        are as many as a league may have.
    """
    return add_seasons(league, [NewSeason(name, starts_on, ends_on)])[0]


def add_seasons(league: League, wanted: Sequence[NewSeason]) -> list[Season]:
    """Add seasons of the league's own; none may overlap another or share its name.

    Two owners' phones adding overlapping seasons at once must not both succeed: the league's
    row is written first, which makes the second request wait for the first to commit (a row
    lock on PostgreSQL, the write lock on SQLite), and the seasons are then read afresh. The
    checks sort the seasons once, so they cost as much as reading them.

    :raises SeasonRefused: naming the first of `wanted` at fault, by its index.
    """
    db.session.execute(update(League).where(League.id == league.id).values(id=League.id))
    others = db.session.scalars(select(Season).where(Season.league_id == league.id)).all()
    full = limits.no_room(limits.LEAGUE_SEASONS, len(others) + len(wanted) - 1)
    if full:
        raise SeasonRefused(max(0, limits.LEAGUE_SEASONS.high - len(others)), full)
    named: dict[str, str] = {other.name.casefold(): other.name for other in others}
    for index, season in enumerate(wanted):
        key = season.name.casefold()
        if key in named:
            taken = _("The league already has a season called %(name)s.")
            raise SeasonRefused(index, taken % {"name": named[key]})
        named[key] = season.name
    _refuse_overlaps([*((None, other) for other in others), *enumerate(wanted)])
    seasons = [Season(name=s.name, starts_on=s.starts_on, ends_on=s.ends_on) for s in wanted]
    league.seasons.extend(seasons)
    db.session.flush()
    return seasons


def _refuse_overlaps(seasons: Sequence[tuple[int | None, Season | NewSeason]]) -> None:
    """Refuse the first new season (by start) that overlaps one starting no later."""
    latest: tuple[int | None, Season | NewSeason] | None = None  # the one reaching furthest
    for index, season in sorted(seasons, key=lambda pair: pair[1].starts_on):
        if latest is not None and season.starts_on <= latest[1].ends_on:
            at, other = (index, latest[1]) if index is not None else (latest[0], season)
            if at is not None:
                overlap = _("These dates overlap %(name)s (%(first)s to %(last)s).")
                raise SeasonRefused(
                    at,
                    overlap % {"name": other.name, "first": other.starts_on, "last": other.ends_on},
                )
        if latest is None or season.ends_on > latest[1].ends_on:
            latest = (index, season)


def remove_season(league: League, season_id: int) -> None:
    """Remove one of the league's seasons; games stay, they just fall in other seasons."""
    season = next((s for s in league.seasons if s.id == season_id), None)
    if season is None:
        raise SettingsRefused(_("That season is not in this league."))
    league.seasons.remove(season)
    db.session.flush()


def share(league: League) -> str:
    """Make (or replace) the league's unguessable read-only link token."""
    league.share_token = secrets.token_urlsafe(24)
    db.session.flush()
    return league.share_token


def revoke_share(league: League) -> None:
    """Turn the read-only link off: the old address stops working at once."""
    league.share_token = None
    db.session.flush()
