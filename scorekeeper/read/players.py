"""A player's record in their league: games, totals over time, contracts, head-to-head."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import and_, case, func, select
from sqlalchemy.orm import aliased

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandScore, HandState, Player, Seat


@dataclass(frozen=True)
class PlayedGame:
    """One game the player sat in."""

    game: Game
    seat: Seat


@dataclass(frozen=True)
class ContractRecord:
    """How often the player went out in one hand of the game (one contract)."""

    number: int
    contract: str
    played: int
    out: int


@dataclass(frozen=True)
class HeadToHead:
    """The player against one other: games together and who finished ahead."""

    other: Player
    games: int
    ahead: int
    behind: int
    tied: int


def _counts(player: Player):
    return and_(Seat.player_id == player.id, Game.counts)


def games_of(player: Player) -> list[PlayedGame]:
    """Every game the player sat in, newest first."""
    rows = db.session.execute(
        select(Game, Seat)
        .join(Seat, Seat.game_id == Game.id)
        .where(Seat.player_id == player.id)
        .order_by(Game.started_on.desc(), Game.id.desc())
    )
    return [PlayedGame(game, seat) for game, seat in rows]


def contracts_of(player: Player) -> list[ContractRecord]:
    """Hands played and gone out, per hand number, over the games that count."""
    rows = db.session.execute(
        select(
            Hand.number,
            func.count(HandScore.id),
            func.sum(case((HandScore.went_out, 1), else_=0)),
            func.min(Game.id),
        )
        .join(Hand, Hand.id == HandScore.hand_id)
        .join(Seat, Seat.id == HandScore.seat_id)
        .join(Game, Game.id == Hand.game_id)
        .where(_counts(player), Hand.state == HandState.SCORED)
        .group_by(Hand.number)
        .order_by(Hand.number)
    ).all()
    names = {}
    for number, _, _, game_id in rows:
        rs = db.session.get_one(Game, game_id).rules
        names[number] = rules.contract_words(rs, number) if number <= len(rs.hands) else ""
    return [
        ContractRecord(number, names[number], int(played), int(out or 0))
        for number, played, out, _ in rows
    ]


def best_hands(player: Player, limit: int = 5) -> list[tuple[Hand, HandScore]]:
    """The player's lowest-scoring hands, going out first, over the games that count."""
    rows = db.session.execute(
        select(Hand, HandScore)
        .join(HandScore, HandScore.hand_id == Hand.id)
        .join(Seat, Seat.id == HandScore.seat_id)
        .join(Game, Game.id == Hand.game_id)
        .where(_counts(player), Hand.state == HandState.SCORED, HandScore.score.is_not(None))
        .order_by(HandScore.score, HandScore.went_out.desc(), Game.started_on.desc())
        .limit(limit)
    )
    return [(hand, score) for hand, score in rows]


def head_to_head(player: Player) -> list[HeadToHead]:
    """For each other player: games together, and how often this player finished ahead."""
    other = aliased(Seat)
    rows = db.session.execute(
        select(
            other.player_id,
            func.count(Seat.id),
            func.sum(case((Seat.place < other.place, 1), else_=0)),
            func.sum(case((Seat.place > other.place, 1), else_=0)),
            func.sum(case((Seat.place == other.place, 1), else_=0)),
        )
        .join(Game, Game.id == Seat.game_id)
        .join(other, and_(other.game_id == Seat.game_id, other.player_id != Seat.player_id))
        .where(_counts(player))
        .group_by(other.player_id)
    ).all()
    players = {p.id: p for p in player.league.players}
    lines = [
        HeadToHead(players[pid], int(g), int(a or 0), int(b or 0), int(t or 0))
        for pid, g, a, b, t in rows
    ]
    return sorted(lines, key=lambda line: (-line.games, line.other.name.casefold()))
