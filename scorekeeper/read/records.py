"""The facts a league's records are decided from, gathered by the database in two statements.

Only the games that count in the standings are read (`standings.counted_games`, the standings'
own condition), and the database adds up each seat's hands and each hand's seats, so a league
of a thousand games sends a few thousand rows, not a row per player per hand. The records
themselves are the rules' (`rules.records.league_records`); `standings_page.records` keeps them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date
from typing import Any

from sqlalchemy import ColumnElement, case, func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandScore, HandState, League, MayIClaim, Player, Seat
from scorekeeper.play.endings import CLAIMS_COUNT_IN
from scorekeeper.read.standings import ALL_TIME, SeasonChoice, counted_games
from scorekeeper.rules import limits
from scorekeeper.rules.records import ZERO_AT_MOST, GameFacts, HandFacts, SeatFacts, half_time

# Rows read at once: a thousand games' rows are turned into facts a batch at a time, never
# all held together.
ROWS_AT_ONCE = 500


def _half_time(hands: ColumnElement[int]) -> ColumnElement[int]:
    """The half-time hand of a game of `hands` hands, as the rules set it, for each length the
    rules allow (`limits.HANDS`)."""
    lengths = range(limits.HANDS.low, limits.HANDS.high + 1)
    return case({n: half_time(n) for n in lengths}, value=hands)


def _seat_rows(counted: ColumnElement[bool]) -> Iterable[tuple[Any, ...]]:
    """Each seat of the counted games, oldest game first: the game's id, number, day and rule
    set's name, the seat's id, then its facts in `rules.records.SeatFacts`' order (its result, its
    zeros, its running total at half-time, its May I?s)."""
    played = (
        select(Hand.game_id, _half_time(func.count(Hand.number.distinct())).label("half"))
        .join(Game, Game.id == Hand.game_id)
        .where(counted, Hand.state == HandState.SCORED)
        .group_by(Hand.game_id)
        .subquery()
    )
    hands = (
        select(
            HandScore.seat_id,
            func.count().filter(HandScore.score <= ZERO_AT_MOST).label("zeros"),
            func.sum(HandScore.score).filter(Hand.number <= played.c.half).label("half_time"),
        )
        .select_from(played)
        .join(Hand, Hand.game_id == played.c.game_id)
        .join(HandScore, HandScore.hand_id == Hand.id)
        .where(Hand.state == HandState.SCORED)
        .group_by(HandScore.seat_id)
        .subquery()
    )
    claims = (
        select(MayIClaim.seat_id, func.count().label("claims"))
        .join(Hand, Hand.id == MayIClaim.hand_id)
        .join(Game, Game.id == Hand.game_id)
        .where(counted, Hand.state.in_(CLAIMS_COUNT_IN))
        .group_by(MayIClaim.seat_id)
        .subquery()
    )
    return db.session.execute(
        select(
            Game.id,
            Game.number,
            Game.started_on,
            Game.rules_data["name"].as_string(),
            Seat.id,
            Seat.player_id,
            Player.name,
            Seat.final_total,
            Seat.place,
            Seat.total_posted,
            Seat.hands_out,
            func.coalesce(hands.c.zeros, 0),
            hands.c.half_time,
            func.coalesce(claims.c.claims, 0),
            Seat.left_from_hand,
        )
        .join(Seat, Seat.game_id == Game.id)
        .join(Player, Player.id == Seat.player_id)
        .outerjoin(hands, hands.c.seat_id == Seat.id)
        .outerjoin(claims, claims.c.seat_id == Seat.id)
        .where(counted)
        .order_by(Game.number, Seat.position)
        .execution_options(yield_per=ROWS_AT_ONCE)
    )


def _hand_rows(counted: ColumnElement[bool]) -> Iterable[tuple[Any, ...]]:
    """Each scored hand of the counted games: the table's points added up, and the seat that
    went out (at most one a hand)."""
    return db.session.execute(
        select(
            Hand.game_id,
            Hand.number,
            func.sum(HandScore.score),
            func.max(case((HandScore.went_out, HandScore.seat_id))),
        )
        .join(HandScore, HandScore.hand_id == Hand.id)
        .join(Game, Game.id == Hand.game_id)
        .where(counted, Hand.state == HandState.SCORED)
        .group_by(Hand.game_id, Hand.number)
        .order_by(Hand.game_id, Hand.number)
        .execution_options(yield_per=ROWS_AT_ONCE)
    )


def league_games(league: League, seasons: Sequence[SeasonChoice]) -> list[GameFacts]:
    """The league's counted games as the records' rules read them, each with the first of
    `seasons` holding its day (seasons do not overlap), all time aside."""
    own = [s for s in seasons if s.key != ALL_TIME]
    counted = counted_games(league, SeasonChoice(ALL_TIME, ""))
    seats: dict[int, list[SeatFacts]] = {}
    players: dict[int, int] = {}  # seat: player
    games: dict[int, tuple[int, date, str]] = {}  # game: number, day, rule set
    for game, number, day, ruleset, seat, *facts in _seat_rows(counted):
        seated = SeatFacts(*facts)
        players[seat] = seated.player
        games.setdefault(game, (number, day, ruleset or ""))
        seats.setdefault(game, []).append(seated)
    hands: dict[int, list[HandFacts]] = {}
    for game, number, points, out in _hand_rows(counted):
        hands.setdefault(game, []).append(
            HandFacts(number, points, players[out] if out is not None else None)
        )
    return [
        GameFacts(
            game,
            number,
            day,
            ruleset,
            tuple(seats[game]),
            tuple(hands.get(game, ())),
            next((s.label for s in own if s.contains(day)), None),
        )
        for game, (number, day, ruleset) in games.items()
    ]
