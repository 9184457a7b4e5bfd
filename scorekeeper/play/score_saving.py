"""Saving the hand in play as a few Core statements, for a game read as rows.

`hands.score_hand` decides and writes through the models: the unit of work then spends
more than the rest of the save in deciding what to send. Saving the hand in play of a game
that goes on after it changes three things, always the same ones: the hand's score rows
are written, the hand leaves play (its version moves), the game's version moves, and the
next hand (or the same one, dealt again) comes into play. Here those are sent as four
statements, decided by the same checks and rules as `score_hand` (`check_report`,
`row_facts`, `games.dealer_position`).

A save that ends the game (which settles it) is not for this path: `can_save` says so, and
the view scores it through the models. Versions are checked as the models check them: a
hand or game changed meanwhile by another phone raises StaleDataError, a score row already
there an IntegrityError; the request's transaction turns both into a WriteConflict and
keeps nothing. Nothing here commits.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, insert, update
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandScore, HandState
from scorekeeper.play import games
from scorekeeper.play.hands import Saved, check_report, hand_seats, row_facts
from scorekeeper.play.score_loading import ends_game
from scorekeeper.read.snapshot import GameSnapshot, HandRow
from scorekeeper.rules.entries import PlayerEntry

_hand_table, _game_table = Hand.__table__, Game.__table__
_BUMP_HAND = (
    update(_hand_table)
    .where(_hand_table.c.id == bindparam("row_id"))
    .where(_hand_table.c.version == bindparam("seen_version"))
    .values(
        state=bindparam("state"),
        stock_ran_out=bindparam("stock_ran_out"),
        scored_at=bindparam("now"),
        updated_at=bindparam("now"),
        version=bindparam("next_version"),
    )
)
_REPLAY_HAND = _BUMP_HAND.values(note=bindparam("note"))  # the reason it is played again
_BUMP_GAME = (
    update(_game_table)
    .where(_game_table.c.id == bindparam("row_id"))
    .where(_game_table.c.version == bindparam("seen_version"))
    .values(updated_at=bindparam("now"), version=bindparam("next_version"))
)


def can_save(game: GameSnapshot, hand: HandRow) -> bool:
    """True when `save_in_play` saves this report: the hand is in play and the game goes on
    after it (a save that ends the game settles it, through the models)."""
    return hand.state == HandState.PLAYING and not ends_game(game, hand)


def save_in_play(
    game: GameSnapshot,
    hand: HandRow,
    entries: Sequence[PlayerEntry],
    *,
    stock_ran_out: bool,
    confirmed: bool,
) -> Saved:
    """Save the hand in play of a game that goes on, as `hands.score_hand` does.

    :raises HandRefused: when the report is incomplete or inconsistent, or has an unusual
        total that was not confirmed.
    :raises GameRefused: when the game is suspended or over.
    :raises StaleDataError: when the hand or the game changed since they were read.
    """
    games.refuse_unless_in_play(game, "scoring a hand")
    verdict = check_report(hand, entries, stock_ran_out, confirmed)
    replay = verdict.replay
    connection = db.session.connection()
    # The rows first, as `score_hand` sends them: a second phone saving the same hand meets
    # the first one's rows here (and waits for them, on PostgreSQL).
    rows = [
        {"hand_id": hand.id, "seat_id": seat.id, **row_facts(hand, i, entry, verdict, not replay)}
        for i, (seat, entry) in enumerate(zip(hand_seats(hand), entries, strict=True))
    ]
    connection.execute(insert(HandScore), rows)
    now = datetime.now(UTC)
    changes: dict[str, Any] = {
        **_seen(hand),
        "state": HandState.REPLAYED if replay else HandState.SCORED,
        "stock_ran_out": stock_ran_out,
        "now": now,
    }
    if replay:
        changes["note"] = verdict.reason
    _checked(connection.execute(_REPLAY_HAND if replay else _BUMP_HAND, changes), "hand")
    _checked(connection.execute(_BUMP_GAME, {**_seen(game), "now": now}), "game")
    if replay:  # the same hand, dealt again by the same dealer
        number, attempt, dealer = hand.number, hand.attempt + 1, hand.dealer_position
    else:
        number, attempt = hand.number + 1, 1
        dealer = games.dealer_position(game, number)
    connection.execute(
        insert(Hand),
        {
            "game_id": game.id,
            "number": number,
            "attempt": attempt,
            "dealer_position": dealer,
            "state": HandState.PLAYING,
        },
    )
    return Saved(replayed=replay, reason=verdict.reason)


def _seen(row: Any) -> dict[str, int]:
    return {"row_id": row.id, "seen_version": row.version, "next_version": row.version + 1}


def _checked(result: Any, what: str) -> None:
    if result.rowcount != 1:
        raise StaleDataError(f"The {what} changed on another phone since it was read.")
