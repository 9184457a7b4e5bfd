"""Seasons and standings of a league, summed by the database from each game's final seats."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import ColumnElement, and_, case, extract, func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, GameStatus, Hand, HandScore, HandState, League, Player, Seat
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


def current_season(league: League, today: date | None = None) -> SeasonChoice:
    """The season today falls in, else the newest one, else all time."""
    choices = seasons(league)
    today = today or date.today()
    return next((s for s in choices if s.key != ALL_TIME and s.contains(today)), choices[0])


def season_named(league: League, key: str | None) -> SeasonChoice | None:
    """The season with this URL key (None for an unknown one); no key means the current one."""
    if not key:
        return current_season(league)
    return next((s for s in seasons(league) if s.key == key), None)


def _counted_games(league: League, season: SeasonChoice) -> ColumnElement[bool]:
    """Games that count in standings: finished, not discarded, started within the season."""
    conditions = [
        Game.league_id == league.id,
        Game.status == GameStatus.FINISHED,
        Game.discarded.is_(False),
    ]
    if season.starts_on is not None:
        conditions.append(Game.started_on >= season.starts_on)
    if season.ends_on is not None:
        conditions.append(Game.started_on <= season.ends_on)
    return and_(*conditions)


def records(league: League, season: SeasonChoice) -> list[PlayerRecord]:
    """Every player's figures for the season, from two aggregate queries."""
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
            )
            .join(Game, Game.id == Seat.game_id)
            .where(_counted_games(league, season))
            .group_by(Seat.player_id)
        )
    }
    hands = {
        row.player_id: row
        for row in db.session.execute(
            select(
                Seat.player_id,
                func.sum(case((HandScore.went_out, 1), else_=0)).label("out"),
                func.sum(case((HandScore.posted, 1), else_=0)).label("posted"),
            )
            .join(Seat, Seat.id == HandScore.seat_id)
            .join(Hand, Hand.id == HandScore.hand_id)
            .join(Game, Game.id == Seat.game_id)
            .where(_counted_games(league, season), Hand.state == HandState.SCORED)
            .group_by(Seat.player_id)
        )
    }
    players = db.session.scalars(select(Player).where(Player.league_id == league.id))
    result = []
    for player in players:
        g, h = games.get(player.id), hands.get(player.id)
        result.append(
            PlayerRecord(
                player=player.id,
                name=player.name,
                games=int(g.games) if g else 0,
                wins=int(g.wins or 0) if g else 0,
                total_points=int(g.total or 0) if g else 0,
                best=g.best if g else None,
                worst=g.worst if g else None,
                hands_out=int(h.out or 0) if h else 0,
                posted_hands=int(h.posted or 0) if h else 0,
                posted_games=int(g.posted_games or 0) if g else 0,
                place_points=int(g.place_points or 0) if g else 0,
            )
        )
    return result


def standings(league: League, season: SeasonChoice) -> list[Ranked]:
    """The season's standings under the league's ranking measure and minimum of games."""
    return rank(records(league, season), league.ranking, league.min_games)


def counted_games(league: League, season: SeasonChoice) -> int:
    """How many games count in the season's standings."""
    return db.session.scalar(select(func.count(Game.id)).where(_counted_games(league, season))) or 0


def discarded_games(league: League, season: SeasonChoice) -> list[Game]:
    """The season's discarded games, listed apart so nobody wonders where they went."""
    conditions = [Game.league_id == league.id, Game.discarded.is_(True)]
    if season.starts_on is not None:
        conditions.append(Game.started_on >= season.starts_on)
    if season.ends_on is not None:
        conditions.append(Game.started_on <= season.ends_on)
    return list(db.session.scalars(select(Game).where(*conditions).order_by(Game.started_on)))


def recent_totals(
    league: League, season: SeasonChoice, player_ids: list[int], limit: int = 12
) -> dict[int, list[int]]:
    """Each player's last `limit` game totals of the season, oldest first, in one query."""
    order = func.row_number().over(
        partition_by=Seat.player_id, order_by=(Game.started_on.desc(), Game.id.desc())
    )
    recent = (
        select(Seat.player_id, Seat.final_total, Game.started_on, Game.id, order.label("n"))
        .join(Game, Game.id == Seat.game_id)
        .where(_counted_games(league, season), Seat.player_id.in_(player_ids))
        .subquery()
    )
    rows = db.session.execute(
        select(recent.c.player_id, recent.c.final_total)
        .where(recent.c.n <= limit)
        .order_by(recent.c.player_id, recent.c.started_on, recent.c.id)
    )
    totals: dict[int, list[int]] = {pid: [] for pid in player_ids}
    for player_id, total in rows:
        totals[player_id].append(int(total))
    return totals
