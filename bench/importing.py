"""The cost of importing a league file: the largest a family sends (200 finished games).

The file is exported from a league of 200 games written in bulk, then imported into the same
database as a new league, again and again (each import rolled back), timed in process.
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import dataclass

from flask import Flask

from bench import seed
from bench.report import Budget
from scorekeeper import exchange
from scorekeeper.extensions import db

GAMES = 200
ROUNDS = 5
LIMIT_S = 1.0  # an upload well under a second


@dataclass(frozen=True)
class ImportCost:
    """What one league file costs to import."""

    games: int
    size_bytes: int
    median_s: float
    best_s: float


def league_file(app: Flask) -> str:
    """The league file of a league of GAMES finished games."""
    with app.app_context():
        owner = seed.make_owner("import-owner", "import-owner-password")
        league = seed.make_league("Import league", owner)
        rs = league.rulesets[0].rules
        seed.write_in_bulk(league, seed.plan_games(random.Random(14), rs, 2025, GAMES))
        db.session.commit()
        return exchange.league_json(league)


def measure(app: Flask) -> ImportCost:
    """Import the file ROUNDS times (rolled back each time); its size and the time it takes."""
    text = league_file(app)
    text = text.replace('"Import league"', '"Import league, again"', 1)
    times = []
    with app.app_context():
        for _ in range(ROUNDS):
            start = time.perf_counter()
            exchange.import_league(text)
            db.session.flush()
            times.append(time.perf_counter() - start)
            db.session.rollback()
    return ImportCost(GAMES, len(text.encode()), statistics.median(times), min(times))


def budget(cost: ImportCost) -> Budget:
    """The import's budget: its median time well under a second."""
    return Budget(
        f"league file import ({cost.games} games, {cost.size_bytes / 1024:,.0f} KiB) under 1 s",
        "in-process",
        cost.median_s,
        LIMIT_S,
        " s",
        f"median of {ROUNDS}, best {cost.best_s:.2f} s",
    )


if __name__ == "__main__":
    import tempfile
    from pathlib import Path

    from scorekeeper import create_app

    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-import-"))
    bench_app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'import.db'}", "SECRET_KEY": "x"},
        instance_path=folder,
    )
    with bench_app.app_context():
        db.create_all()
    print(budget(measure(bench_app)).line())
