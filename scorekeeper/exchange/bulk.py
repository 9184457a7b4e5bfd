"""A league file's replayed games, written at the end: one INSERT per table.

The replay plays each game in memory, never adding it to the session; here its rows go in
as multi-row INSERTs. Games, seats and hands return their new ids (by their natural keys),
which key the rows below them; the seats' stand-in ids from the replay are replaced on the way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import insert, inspect

from scorekeeper.extensions import db
from scorekeeper.models import Correction, Game, Hand, HandScore, MayIClaim, Seat, Suspension


def write_games(games: Sequence[Game]) -> None:
    """Insert the replayed games with their seats, hands, suspensions, scores, May I?s and
    corrections, in the file's order (ids follow it, as the export sorts by them)."""
    game_rows = [_row(game) for game in games]
    game_id = _insert_returning(Game, game_rows, ("league_id", "number"))
    by_game = [
        (game, game_id[row["league_id"], row["number"]])
        for game, row in zip(games, game_rows, strict=True)
    ]
    seat_rows = [
        _row(seat, game_id=gid, player_id=seat.player.id)
        for game, gid in by_game
        for seat in game.seats
    ]
    seat_id = _insert_returning(Seat, seat_rows, ("game_id", "position"))
    real_seat = {
        id(seat): seat_id[gid, seat.position] for game, gid in by_game for seat in game.seats
    }
    hand_rows = [_row(hand, game_id=gid) for game, gid in by_game for hand in game.hands]
    hand_id = _insert_returning(Hand, hand_rows, ("game_id", "number", "attempt"))
    by_hand = [
        (hand, hand_id[gid, hand.number, hand.attempt])
        for game, gid in by_game
        for hand in game.hands
    ]
    pauses = [
        _row(pause, game_id=gid) for game, gid in by_game for pause in _held(game, "suspensions")
    ]
    _insert(Suspension, pauses)
    for name, model in (("scores", HandScore), ("claims", MayIClaim)):
        rows = [
            _row(row, hand_id=hid, seat_id=real_seat[id(row.seat)])
            for hand, hid in by_hand
            for row in _held(hand, name)
        ]
        _insert(model, rows)
    fixes = [_row(fix, hand_id=hid) for hand, hid in by_hand for fix in _held(hand, "corrections")]
    _insert(Correction, fixes)


def _held(obj: Any, collection: str) -> Sequence[Any]:
    """The rows of a replayed object's collection; none when the replay never touched it
    (read through the attribute, an untouched collection of an object out of the session
    would be built empty, for nothing)."""
    return obj.__dict__.get(collection, ())


def _insert_returning(
    model: type[db.Model], rows: list[dict[str, Any]], key: tuple[str, ...]
) -> dict[tuple[Any, ...], int]:
    """Insert the rows in multi-row INSERTs; each new id by the row's unique `key` columns.

    The ids come back by key rather than by order: SQLite returns them in no set order, and
    keeping the order would cost it one INSERT per row. Each statement assigns its ids in the
    order of its rows (PostgreSQL is asked to keep that order outright).
    """
    if not rows:
        return {}
    table = model.__table__
    keep_order = db.session.get_bind().dialect.name != "sqlite"
    statement = insert(table).returning(
        table.c.id, *(table.c[name] for name in key), sort_by_parameter_order=keep_order
    )
    return {tuple(found[1:]): found[0] for found in db.session.execute(statement, rows)}


def _insert(model: type[db.Model], rows: list[dict[str, Any]]) -> None:
    if rows:
        db.session.execute(insert(model.__table__), rows)


def _row(obj: Any, **keys: int) -> dict[str, Any]:
    """The column values of a new object: its foreign `keys`, the values it was given, and
    the defaults of the others (every row of a table has the same keys: one statement)."""
    given = obj.__dict__
    row: dict[str, Any] = dict(keys)
    for key, default in _columns(type(obj)):
        if key not in row:
            row[key] = given[key] if key in given else default()
    return row


_COLUMNS: dict[type, list[tuple[str, Callable[[], Any]]]] = {}


def _columns(model: type) -> list[tuple[str, Callable[[], Any]]]:
    """The columns of a model but its id: each attribute name with what gives its default."""
    if model not in _COLUMNS:
        _COLUMNS[model] = [
            (attr.key, _default_of(attr.columns[0]))
            for attr in inspect(model).column_attrs
            if attr.key != "id"
        ]
    return _COLUMNS[model]


def _default_of(column: Any) -> Callable[[], Any]:
    default = column.default
    if default is None:
        return lambda: None
    if default.is_callable:
        return lambda: default.arg(None)
    return lambda: default.arg
