"""Operations on a league's settings, seasons and share link. They flush, never commit."""

from __future__ import annotations

import secrets
from datetime import date

from sqlalchemy import select, update

from scorekeeper.extensions import db
from scorekeeper.models import League, Season


class SettingsRefused(Exception):
    """A setting that cannot be saved as asked; the message says why."""


def update_settings(
    league: League,
    name: str,
    ranking: str,
    place_points: list[int],
    min_games: int,
    paper: str,
    time_zone: str,
) -> None:
    """Change how the league ranks players, prints, and shows its dates and times."""
    league.name = name
    league.ranking = ranking
    league.place_points = place_points
    league.min_games = min_games
    league.paper_size = paper
    league.time_zone = time_zone
    db.session.flush()


def add_season(league: League, name: str, starts_on: date, ends_on: date) -> Season:
    """Add a season of the league's own; it may not overlap another.

    Two owners' phones adding overlapping seasons at once must not both succeed: the league's
    row is written first, which makes the second request wait for the first to commit (a row
    lock on PostgreSQL, the write lock on SQLite), and the seasons are then read afresh.

    :raises SettingsRefused: for an overlap or a name already used.
    """
    db.session.execute(update(League).where(League.id == league.id).values(id=League.id))
    others = db.session.scalars(select(Season).where(Season.league_id == league.id)).all()
    for other in others:
        if other.name.casefold() == name.casefold():
            raise SettingsRefused(f"The league already has a season called {other.name}.")
        if starts_on <= other.ends_on and other.starts_on <= ends_on:
            raise SettingsRefused(
                f"These dates overlap {other.name} ({other.starts_on} to {other.ends_on})."
            )
    season = Season(name=name, starts_on=starts_on, ends_on=ends_on)
    league.seasons.append(season)
    db.session.flush()
    return season


def remove_season(league: League, season_id: int) -> None:
    """Remove one of the league's seasons; games stay, they just fall in other seasons."""
    season = next((s for s in league.seasons if s.id == season_id), None)
    if season is None:
        raise SettingsRefused("That season is not in this league.")
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
