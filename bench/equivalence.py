"""Proof that bulk-written games equal games played through the operations.

The same plans (mixed reports: typed totals, missing scores, penalties, short hands, the
stock running out) are seeded twice, into two fresh databases: through the operations,
a commit per hand, and in bulk. Then every stored column of games, seats, hands and hand
scores is compared (ids by their natural keys, times left out), and so are the standings
of every season.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from flask import Flask

from bench import seed
from scorekeeper import create_app, rules
from scorekeeper.extensions import db
from scorekeeper.models import League
from scorekeeper.read import standings

GAMES_PER_YEAR = {2025: 8, 2026: 4}
TIMES = {"created_at", "updated_at", "finished_at", "scored_at"}


@dataclass(frozen=True)
class Equivalence:
    """What the check compared, and how long the operations took per game."""

    games: int
    hands: int
    rows: int
    seasons: list[str]
    operations_seconds_per_game: float
    bulk_seconds_per_game: float


def check(workdir: Path) -> Equivalence:
    """Seed the same games both ways and compare; raise SeedingError on any difference."""
    plans = _plans()
    found = {}
    timings = {}
    for way in ("operations", "bulk"):
        app = _fresh_app(workdir / way)
        with app.app_context():
            db.create_all()
            league = seed.make_league("Equivalence", owner=None)
            started = time.perf_counter()
            if way == "operations":
                for plan in plans:
                    seed.play_through_operations(league, plan)
            else:
                seed.write_in_bulk(league, plans)
            timings[way] = (time.perf_counter() - started) / len(plans)
            found[way] = (_rows(app), _standings(league.id))
            db.session.remove()
            db.engine.dispose()
    (ops_rows, ops_standings), (bulk_rows, bulk_standings) = found["operations"], found["bulk"]
    for table in ops_rows:
        _same(f"{table} rows", ops_rows[table], bulk_rows[table])
    _same("standings", ops_standings, bulk_standings)
    if not any(line["record"]["posted_hands"] for _, lines, *_ in ops_standings for line in lines):
        raise seed.SeedingError("The equivalence games should include a posted score.")
    return Equivalence(
        games=len(plans),
        hands=len(ops_rows["hand"]),
        rows=sum(len(rows) for rows in ops_rows.values()),
        seasons=[key for key, *_ in ops_standings],
        operations_seconds_per_game=timings["operations"],
        bulk_seconds_per_game=timings["bulk"],
    )


def _plans() -> list[seed.GamePlan]:
    rs = rules.preset(seed.PRESET)
    rng = random.Random(20250101)
    plans = []
    for year, count in GAMES_PER_YEAR.items():
        plans.extend(seed.plan_games(rng, rs, year, count, variety=1.0))
    return plans


def _fresh_app(folder: Path) -> Flask:
    folder.mkdir(parents=True, exist_ok=True)
    settings = {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'check.db'}", "SECRET_KEY": "eq"}
    return create_app(settings, instance_path=folder)


def _rows(app: Flask) -> dict[str, list[tuple]]:
    """Every stored column of the game tables, ids replaced by natural keys, times left out."""
    path = app.config["SQLALCHEMY_DATABASE_URI"].removeprefix("sqlite:///")
    connection = sqlite3.connect(path)
    try:
        games = _table(connection, "game", lambda r: (r["id"],))
        game_key = {r["id"]: index for index, r in enumerate(games)}
        seats = _table(connection, "seat", lambda r: (game_key[r["game_id"]], r["position"]))
        seat_key = {r["id"]: (game_key[r["game_id"]], r["position"]) for r in seats}
        hands = _table(
            connection, "hand", lambda r: (game_key[r["game_id"]], r["number"], r["attempt"])
        )
        hand_key = {r["id"]: (game_key[r["game_id"]], r["number"], r["attempt"]) for r in hands}
        scores = _table(
            connection, "hand_score", lambda r: (hand_key[r["hand_id"]], seat_key[r["seat_id"]])
        )
        keys = {"game_id": game_key, "seat_id": seat_key, "hand_id": hand_key}
        return {
            name: [_comparable(row, keys) for row in rows]
            for name, rows in (
                ("game", games),
                ("seat", seats),
                ("hand", hands),
                ("hand_score", scores),
            )
        }
    finally:
        connection.close()


def _table(connection: sqlite3.Connection, name: str, key: Callable) -> list[dict[str, Any]]:
    cursor = connection.execute(f"SELECT * FROM {name}")  # noqa: S608 (a fixed table name)
    columns = [d[0] for d in cursor.description]
    rows = [dict(zip(columns, values, strict=True)) for values in cursor]
    return sorted(rows, key=key)


def _comparable(row: dict[str, Any], keys: dict[str, dict]) -> tuple:
    values = []
    for column, value in sorted(row.items()):
        if column == "id" or column in TIMES:
            continue
        if column in keys:
            value = keys[column][value]
        values.append((column, value))
    return tuple(values)


def _standings(league_id: int) -> list[tuple]:
    league = db.session.get(League, league_id)
    result = []
    for season in standings.seasons(league):
        table = standings.standings(league, season)
        result.append(
            (
                season.key,
                [asdict(line) for line in table],
                standings.counted_games(league, season),
                standings.recent_games(league, season)[1],
            )
        )
    return result


def _same(what: str, expected: Any, found: Any) -> None:
    if expected == found:
        return
    if isinstance(expected, list) and isinstance(found, list):
        for index, (a, b) in enumerate(zip(expected, found, strict=False)):
            if a != b:
                raise seed.SeedingError(
                    f"Bulk {what} differ from the operations' at #{index}:\n"
                    f"  operations: {a}\n  bulk:       {b}"
                )
        raise seed.SeedingError(f"Bulk {what}: {len(found)} rows, operations {len(expected)}.")
    raise seed.SeedingError(f"Bulk {what} differ from the operations'.")
