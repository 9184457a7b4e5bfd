"""A player's record in their league: games, totals over time, contracts, head-to-head."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, case, func, select
from sqlalchemy.orm import aliased

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandScore, HandState, League, Player, Seat
from scorekeeper.models.base import ruleset_of
from scorekeeper.read import standings
from scorekeeper.read.standings import SeasonChoice
from scorekeeper.rules.dealing import contract_words, ruleset_name
from scorekeeper.rules.rivals import Rivalry, rivalries

# Another seat of the same game, for the head-to-head counts.
OPPONENT = aliased(Seat, name="opponent")


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
class RuleSetContracts:
    """The player's going out under one rule set (by its name as shown), hand by hand."""

    name: str
    contracts: list[ContractRecord]


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


def contracts_of(player: Player) -> list[RuleSetContracts]:
    """Hands played and gone out, per rule set and hand, over the games that count.

    Hand 1 of one rule set is not hand 1 of another, so each rule set (by its name) keeps its
    own rows, and a hand whose contract was changed between games keeps a row per contract.
    """
    per_game = (
        select(
            Hand.game_id,
            Hand.number,
            func.count(HandScore.id).label("played"),
            func.sum(case((HandScore.went_out, 1), else_=0)).label("out"),
        )
        .join(Hand, Hand.id == HandScore.hand_id)
        .join(Seat, Seat.id == HandScore.seat_id)
        .join(Game, Game.id == Hand.game_id)
        .where(_counts(player), Hand.state == HandState.SCORED)
        .group_by(Hand.game_id, Hand.number)
        .subquery()
    )
    rows = db.session.execute(
        select(Game.rules_data, per_game.c.number, per_game.c.played, per_game.c.out).join(
            per_game, per_game.c.game_id == Game.id
        )
    )
    counts: dict[str, dict[tuple[int, str], list[int]]] = {}
    for data, number, played, out in rows:
        rs = ruleset_of(data)
        words = contract_words(rs, number) if number <= len(rs.hands) else ""
        # A preset's name in the language spoken, a family's as they wrote it.
        name = ruleset_name(rs)
        tally = counts.setdefault(name, {}).setdefault((number, words), [0, 0])
        tally[0] += int(played)
        tally[1] += int(out or 0)
    return [
        RuleSetContracts(
            name,
            [
                ContractRecord(number, words, played, out)
                for (number, words), (played, out) in sorted(by_hand.items())
            ],
        )
        for name, by_hand in sorted(counts.items(), key=lambda item: item[0].casefold())
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


def head_to_head(player: Player) -> list[Rivalry]:
    """For each opponent: games together that count, and how often each finished ahead.

    The database counts the games of each pair of places (at most a hundred per opponent,
    whatever the league's length); the rules say which place is ahead.
    """
    return rivalries(
        (other, name, mine, theirs, n)
        for _player, other, name, mine, theirs, n in _finishes(_counts(player))
    )


def season_head_to_head(
    league: League, season: SeasonChoice, players: Sequence[tuple[int, str]]
) -> list[tuple[str, Rivalry]]:
    """Each pair of `players` (id and name, a bounded list) who met in the season's games
    that count: the first named's rivalry with the other, pairs in the order of `players`."""
    ids = [player for player, _name in players]
    rows = _finishes(
        standings.counted_games(league, season),
        Seat.player_id.in_(ids),
        OPPONENT.player_id.in_(ids),
    )
    by_player: dict[int, list[tuple[int, str, int, int, int]]] = {}
    for player, rival, name, mine, theirs, n in rows:
        by_player.setdefault(player, []).append((rival, name, mine, theirs, n))
    found = []
    for i, (player, name) in enumerate(players):
        rivals = {r.other: r for r in rivalries(by_player.get(player, ()))}
        found += [(name, rivals[later]) for later, _n in players[i + 1 :] if later in rivals]
    return found


def _finishes(*where: ColumnElement[bool]) -> list[tuple[int, int, str, int, int, int]]:
    """The games that count meeting `where` (on `Seat` and `OPPONENT`), per player, opponent
    and pair of places: (player, opponent, opponent's name, their places, games)."""
    other = OPPONENT
    rows = db.session.execute(
        select(Seat.player_id, other.player_id, Player.name, Seat.place, other.place, func.count())
        .join(Game, Game.id == Seat.game_id)
        .join(other, and_(other.game_id == Seat.game_id, other.player_id != Seat.player_id))
        .join(Player, Player.id == other.player_id)
        .where(Game.counts, *where)
        .group_by(Seat.player_id, other.player_id, Player.name, Seat.place, other.place)
    ).all()
    return [
        (player, rival, name, mine, theirs, int(n))
        for player, rival, name, mine, theirs, n in rows
        if mine is not None and theirs is not None  # every seat of a game that counts is placed
    ]
