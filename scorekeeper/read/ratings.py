"""A league's ratings: the places of its counted games, oldest first, rated by the rules.

The games that count (as the standings count them) and their placed seats are read in one
statement, the players' names in another, and rated from scratch; `standings_page` keeps the
result under the league's stamp.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game, League, Player, Seat
from scorekeeper.read import standings
from scorekeeper.rules.rating import GameResult, Step, rate

# Rated games a player's page lists, newest first.
HISTORY = 10


@dataclass(frozen=True)
class GameDay:
    """A counted game as a rating's history names it: its number in the league and its day."""

    number: int
    started_on: date


@dataclass(frozen=True)
class RatingLine:
    """A player of a pool and their last step in it."""

    player: int
    name: str
    step: Step


@dataclass(frozen=True)
class Pool:
    """The ratings of one pool: the whole league ("") or one family of rules (its key)."""

    family: str
    rated: tuple[RatingLine, ...]  # highest first, then by name
    waiting: tuple[RatingLine, ...]  # not yet rated, by name
    steps: Mapping[int, tuple[Step, ...]]  # each player's steps, oldest first


@dataclass(frozen=True)
class LeagueRatings:
    """Every pool of the league, the most played first, and the days of the games rated."""

    pools: tuple[Pool, ...]
    days: Mapping[int, GameDay]


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating in one pool: their last step, and their last rated games, newest first."""

    family: str
    last: Step
    history: tuple[tuple[Step, GameDay], ...]


def league_ratings(league: League) -> LeagueRatings:
    """Rate the league's counted games from scratch, in the order they were played."""
    rows = db.session.execute(
        select(
            Game.id,
            Game.number,
            Game.started_on,
            Game.rules_data["key"].as_string(),
            Seat.player_id,
            Seat.place,
        )
        .join(Seat, Seat.game_id == Game.id)
        .where(standings.counted_games(league, standings.EVERY_GAME), Seat.place.is_not(None))
        .order_by(Game.started_on, Game.id, Seat.position)
    )
    days: dict[int, GameDay] = {}
    families: dict[int, str] = {}
    places: dict[int, list[tuple[int, int]]] = {}
    for game, number, started_on, family, player, place in rows:
        if game not in days:  # the rows come game by game, oldest first
            days[game] = GameDay(number, started_on)
            families[game] = family or ""
            places[game] = []
        places[game].append((player, place))
    results = [GameResult(game, families[game], tuple(places[game])) for game in days]
    players = select(Player.id, Player.name).where(Player.league_id == league.id)
    names = {player: name for player, name in db.session.execute(players)}
    pools = [
        _pool(family, steps, names) for family, steps in rate(results, league.rating_by).items()
    ]
    pools.sort(key=lambda pool: (-sum(len(s) for s in pool.steps.values()), pool.family))
    return LeagueRatings(tuple(pools), MappingProxyType(days))


def _pool(family: str, players: dict[int, list[Step]], names: dict[int, str]) -> Pool:
    lines = [RatingLine(player, names[player], steps[-1]) for player, steps in players.items()]
    rated = sorted(
        (line for line in lines if line.step.rated),
        key=lambda line: (-line.step.rating, line.name.casefold()),
    )
    waiting = sorted(
        (line for line in lines if not line.step.rated), key=lambda line: line.name.casefold()
    )
    steps = MappingProxyType({player: tuple(kept) for player, kept in players.items()})
    return Pool(family, tuple(rated), tuple(waiting), steps)


def player_ratings(ratings: LeagueRatings, player: int) -> list[PlayerRating]:
    """A player's rating in each pool they played in, with their last rated games."""
    found = []
    for pool in ratings.pools:
        steps = pool.steps.get(player)
        if steps:
            rated = [step for step in steps if step.rated][-HISTORY:]
            history = tuple((step, ratings.days[step.game]) for step in reversed(rated))
            found.append(PlayerRating(pool.family, steps[-1], history))
    return found
