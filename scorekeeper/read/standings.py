"""Seasons and standings of a league, summed by the database from each game's final seats."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from sqlalchemy import ColumnElement, and_, case, extract, func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, GameStatus, League, Player, Seat
from scorekeeper.rules.settlement import PENNY_PARTS
from scorekeeper.rules.standings import PlayerRecord, Ranked, rank

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


def season_named(choices: list[SeasonChoice], key: str | None) -> SeasonChoice | None:
    """The season with this URL key (None for an unknown one); no key means the current one."""
    if not key:
        return current_season(choices)
    return next((s for s in choices if s.key == key), None)


def _in_season(league: League, season: SeasonChoice) -> list[ColumnElement[bool]]:
    """The league's games started within the season."""
    conditions = [Game.league_id == league.id]
    if season.starts_on is not None:
        conditions.append(Game.started_on >= season.starts_on)
    if season.ends_on is not None:
        conditions.append(Game.started_on <= season.ends_on)
    return conditions


def _counted_games(league: League, season: SeasonChoice) -> ColumnElement[bool]:
    """Games that count in standings: finished, not discarded, started within the season."""
    return and_(
        *_in_season(league, season),
        Game.status == GameStatus.FINISHED,
        Game.discarded.is_(False),
    )


def records(league: League, season: SeasonChoice) -> list[PlayerRecord]:
    """Every player's figures for the season, from one aggregate over the games' final seats."""
    points = league.place_points or []
    place_points = (
        case(*((Seat.place == i + 1, p) for i, p in enumerate(points)), else_=0) if points else 0
    )
    games = {
        row.player_id: row
        for row in db.session.execute(
            select(
                Seat.player_id,
                func.count(Seat.id).label("games"),
                func.sum(case((Seat.place == 1, 1), else_=0)).label("wins"),
                func.sum(Seat.final_total).label("total"),
                func.min(Seat.final_total).label("best"),
                func.max(Seat.final_total).label("worst"),
                func.sum(case((Seat.total_posted, 1), else_=0)).label("posted_games"),
                func.sum(place_points).label("place_points"),
                func.sum(Seat.hands_out).label("out"),
                func.sum(Seat.posted_hands).label("posted_hands"),
            )
            .join(Game, Game.id == Seat.game_id)
            .where(_counted_games(league, season))
            .group_by(Seat.player_id)
        )
    }
    players = db.session.scalars(select(Player).where(Player.league_id == league.id))
    result = []
    for player in players:
        g = games.get(player.id)
        result.append(
            PlayerRecord(
                player=player.id,
                name=player.name,
                games=int(g.games) if g else 0,
                wins=int(g.wins or 0) if g else 0,
                total_points=int(g.total or 0) if g else 0,
                best=g.best if g else None,
                worst=g.worst if g else None,
                hands_out=int(g.out or 0) if g else 0,
                posted_hands=int(g.posted_hands or 0) if g else 0,
                posted_games=int(g.posted_games or 0) if g else 0,
                place_points=int(g.place_points or 0) if g else 0,
            )
        )
    return result


def standings(league: League, season: SeasonChoice) -> list[Ranked]:
    """The season's standings under the league's ranking measure and minimum of games."""
    return rank(records(league, season), league.ranking, league.min_games)


def pennies(league: League, season: SeasonChoice) -> dict[int, Fraction] | None:
    """Each player's net in pennies over the season's counted games played for pennies.

    None when no such game counts in the season (the league does not play for pennies).
    One aggregate over the games' final seats.
    """
    rows = db.session.execute(
        select(Seat.player_id, func.sum(Seat.net_parts))
        .join(Game, Game.id == Seat.game_id)
        .where(_counted_games(league, season), Seat.net_parts.is_not(None))
        .group_by(Seat.player_id)
    ).all()
    if not rows:
        return None
    return {player_id: Fraction(int(parts), PENNY_PARTS) for player_id, parts in rows}


def counted_games(league: League, season: SeasonChoice) -> int:
    """How many games count in the season's standings."""
    return db.session.scalar(select(func.count(Game.id)).where(_counted_games(league, season))) or 0


def discarded_games(league: League, season: SeasonChoice) -> list[Game]:
    """The season's discarded games, listed apart so nobody wonders where they went."""
    discarded = select(Game).where(*_in_season(league, season), Game.discarded.is_(True))
    return list(db.session.scalars(discarded.order_by(Game.started_on)))


def recent_games(
    league: League, season: SeasonChoice, limit: int = 12
) -> tuple[list[Game], dict[int, list[int | None]]]:
    """The season's last `limit` counted games, oldest first, and each player's total in them.

    A player who sat out a game has None there. Two small queries, whatever the season's size.
    """
    recent = list(
        db.session.scalars(
            select(Game)
            .where(_counted_games(league, season))
            .order_by(Game.started_on.desc(), Game.id.desc())
            .limit(limit)
        )
    )
    recent.reverse()
    column = {game.id: index for index, game in enumerate(recent)}
    totals: dict[int, list[int | None]] = {}
    rows = db.session.execute(
        select(Seat.player_id, Seat.game_id, Seat.final_total).where(Seat.game_id.in_(list(column)))
    )
    for player_id, game_id, total in rows:
        totals.setdefault(player_id, [None] * len(recent))[column[game_id]] = total
    return recent, totals
