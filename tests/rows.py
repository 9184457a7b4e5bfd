"""A league's stored rows, keyed by what they mean rather than by their ids.

Two leagues hold the same facts when these are equal: every column of their players, rule
sets, seasons, games, seats, hands, suspensions, scores, May I?s, corrections and proposed
corrections, with each
reference written as the row it names (a game by its number, a seat by its position, a hand
by its number and attempt, ...). Left out: ids, the times a row was written or changed, and
the version counters that only tell phones a row moved.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Text, cast, select

from scorekeeper.extensions import db

LEFT_OUT = {"id", "created_at", "updated_at", "version", "league_id"}
# Each table under the league: the columns that name its rows, its parent's reference.
TABLES: dict[str, tuple[tuple[str, ...], str | None]] = {
    "player": (("name",), None),
    "rule_set": ((), None),  # named by its place in the league's list
    "season": (("name",), None),
    "game": (("number",), None),
    "seat": (("position",), "game_id"),
    "hand": (("number", "attempt"), "game_id"),
    "suspension": ((), "game_id"),
    "hand_score": (("seat_id",), "hand_id"),
    "may_i_claim": ((), "hand_id"),
    "correction": ((), "hand_id"),
    "proposed_correction": ((), "hand_id"),
}
REFERENCES = {
    "game_id": "game",
    "hand_id": "hand",
    "seat_id": "seat",
    "player_id": "player",
    "ruleset_id": "rule_set",
    "correction_id": "correction",
}


def stored_rows(league_id: int) -> dict[str, list[tuple[Any, ...]]]:
    """Every row under the league, each reference replaced by the referred row's key.

    JSON columns are read as the text the database holds, so a JSON null and an SQL NULL
    differ too.
    """
    tables = {table.name: table for table in db.metadata.sorted_tables}
    keys: dict[str, dict[int, Any]] = {}
    found: dict[str, list[tuple[Any, ...]]] = {}
    for name, (naming, parent) in TABLES.items():
        table = tables[name]
        columns = [cast(c, Text) if isinstance(c.type, JSON) else c for c in table.c]
        rows = [dict(zip(table.c.keys(), row, strict=True)) for row in _rows(table, columns)]
        rows = [row for row in rows if _in_league(row, name, league_id, keys)]
        keys[name] = {}
        count: dict[Any, int] = {}
        result = []
        for row in sorted(rows, key=lambda r: r["id"]):
            values = {
                column: keys[REFERENCES[column]].get(value) if column in REFERENCES else value
                for column, value in row.items()
                if column not in LEFT_OUT
            }
            owner = values.get(parent) if parent else None
            if naming:
                key = (owner, *(values[column] for column in naming))
            else:  # the n-th row of its parent, in the order written
                count[owner] = count.get(owner, 0) + 1
                key = (owner, count[owner])
            keys[name][row["id"]] = key
            result.append(tuple(sorted(values.items(), key=lambda item: item[0])))
        found[name] = sorted(result, key=repr)
    return found


def _rows(table: Any, columns: list[Any]) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in db.session.execute(select(*columns))]


def _in_league(row: dict[str, Any], name: str, league_id: int, keys: dict) -> bool:
    if "league_id" in row:
        return row["league_id"] == league_id
    parent = TABLES[name][1]
    return row[parent] in keys[REFERENCES[parent]]
