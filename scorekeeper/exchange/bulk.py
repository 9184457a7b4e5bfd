"""Rows a league file's replay holds back, written at the end in one INSERT per table.

The ORM would send one INSERT per row, as it wants each id back; nothing needs them.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import insert, inspect

from scorekeeper.extensions import db
from scorekeeper.models import Correction, Hand, HandScore, MayIClaim

HAND_ROWS = {"scores": HandScore, "claims": MayIClaim, "corrections": Correction}
Held = list[tuple[Hand, str, list[Any]]]


def write_held(held: Held) -> None:
    """Flush the games and hands, then write the held rows in one INSERT per table (the ORM
    would send one per row, as it wants each id back; nothing needs them).
    """
    db.session.flush()
    for name, model in HAND_ROWS.items():
        values = [
            {**_columns(row), "hand_id": hand.id}
            for hand, held_name, rows in held
            if held_name == name
            for row in rows
        ]
        if values:
            db.session.execute(insert(model), values)
    for hand, name, _ in held:
        db.session.expire(hand, [name])
    held.clear()


def _columns(row: Any) -> dict[str, Any]:
    """The column values a new row was given (the others take their defaults)."""
    given = row.__dict__
    return {
        attr.key: given[attr.key]
        for attr in inspect(type(row)).column_attrs
        if attr.key in given and attr.key != "id"
    }
