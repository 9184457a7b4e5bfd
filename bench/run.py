"""The bench: seed through the app, time its pages beside the floors, judge the budgets, report.

The exit status is 0 whatever the budgets say; 1 only when the bench itself breaks (a page
answering other than it must, a server that does not start).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from statistics import median
from typing import Any

from bench import measure, seed
from bench.browser import BenchError, Browser
from bench.floors import create_floor_app, floor_db
from bench.measure import Figure
from scorekeeper import create_app
from scorekeeper.extensions import db

OUT = Path(__file__).resolve().parent / "out"
FRESH = {"Cache-Control": "no-cache"}  # a browser's hard reload: the PDF is drawn again
OWNER = "bench"


@dataclass(frozen=True)
class Sizes:
    """How big the leagues are, and how many times each thing is timed."""

    played: int = 4  # games played through the pages, copied to make the rest
    big: int = 1000  # games in the big league's older season
    small: int = 10  # games in the small league, and in the big one's newer season
    imported: int = 59  # games in the league file whose import is timed: the most one holds
    rounds: int = 60
    warmup: int = 5
    imports: int = 5
    cold_starts: int = 3
    save_hands: int = 12  # the save of this hand must send as many statements as hand 1's


@dataclass(frozen=True)
class Budget:
    """A budget judged: the figure found, what it is held to, and the verdict."""

    name: str
    found: str
    against: str
    budget: str
    passed: bool

    def line(self) -> str:
        """The printed line."""
        verdict = "PASS" if self.passed else "FAIL"
        return f"{verdict}  {self.name:<26} {self.found:>10}  {self.against:<46} {self.budget}"


def ratio(figure: Figure, floor: Figure, limit: float) -> Budget:
    """A budget on a figure's median over its floor's median."""
    found, ms = figure.median_ms / floor.median_ms, figure.median_ms
    against = f"/ {floor.label} {floor.median_ms:.2f} ms = {found:.2f}x"
    return Budget(figure.label, f"{ms:.2f} ms", against, f"<= {limit:g}x", found <= limit)


def say(message: str) -> None:
    """Progress, on stderr."""
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def main() -> int:
    """Run the bench in a temporary folder; print the report and write bench/out/latest.json."""
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    try:
        budgets, notes, data = run(workdir, Sizes(), say)
    except BenchError as error:
        print(f"\nThe bench broke: {error}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    OUT.mkdir(exist_ok=True)
    (OUT / "latest.json").write_text(json.dumps(data, indent=2) + "\n")
    print("\nScorekeeper bench: in process, medians, ratios to floors timed in the same run")
    print("\n".join([*(budget.line() for budget in budgets), *notes]))
    passed = sum(budget.passed for budget in budgets)
    print(f"{passed} of {len(budgets)} budgets pass; the results are in {OUT / 'latest.json'}")
    return 0


def run(
    workdir: Path, sizes: Sizes, progress: Callable[[str], None]
) -> tuple[list[Budget], list[str], dict[str, Any]]:
    """Seed, time, weigh, import, start cold: the budgets judged, notes, and all as data."""
    started = time.perf_counter()
    database, secret = f"sqlite:///{workdir / 'scorekeeper.db'}", secrets.token_hex(32)
    settings = {"SQLALCHEMY_DATABASE_URI": database, "SECRET_KEY": secret}
    app = create_app(settings, workdir / "instance")
    with app.app_context():
        db.create_all()
    browser, password = Browser(app), secrets.token_urlsafe(16)
    seed.sign_up(browser, OWNER, password)
    progress(f"playing {sizes.played} games through the pages; copying their league file")
    played = seed.played_league(browser, sizes.played)
    old, new = date.today().year - 2, date.today().year - 1
    clock = time.perf_counter()
    big_file = seed.league_file(played, "Big", {old: sizes.big, new: sizes.small})
    first, older = seed.in_parts(big_file, sizes.imported)
    big = seed.imported(browser, first)
    seeding = time.perf_counter() - clock
    small = seed.imported(browser, seed.league_file(played, "Small", {new: sizes.small}))
    clock = time.perf_counter()
    seed.grown(app, big.path, older)
    seeding += time.perf_counter() - clock
    saves = seed.Saves(browser, seed.new_league(browser, "Saves", seed.PRESET))
    pdf = f"{big.sheet_game}/sheet.pdf"
    if not browser.fetch(pdf).data.startswith(b"%PDF"):  # drawn once, so now kept
        raise BenchError(f"{pdf} is not a PDF.")
    floor_app = create_floor_app(workdir / "floor.db")
    floor = Browser(floor_app)
    # The app keeps standings until the league changes: a change before each visit has them
    # computed, as after every game.
    changes = {"standings": seed.changer(browser, big.path)}
    changes["standings_10"] = seed.changer(browser, small.path)

    def page(key: str, label: str, path: str, on: Browser = browser, every: int = 1) -> Figure:
        def visit() -> float:
            changes.get(key, lambda: None)()
            return on.timed(path, headers=FRESH if key == "pdf_fresh" else None)

        return Figure(label, visit, every)

    paths = {
        "table": ("table screen", big.table_game),
        "form": ("hand form", big.score_form),
        "game": ("game page (scoresheet)", f"{big.sheet_game}/sheet"),
        "standings": (f"standings, {sizes.big:,} games", f"{big.path}/standings?season={old}"),
        "standings_10": (f"standings, {sizes.small} games", f"{small.path}/standings?season={new}"),
        "standings_kept": ("standings, unchanged league", f"{big.path}/standings?season={old}"),
        "league": (f"league page, {sizes.big:,} games", big.path),
        "league_10": (f"league page, {sizes.small} games", small.path),
        "pdf_cached": ("scoresheet PDF, cached", pdf),
    }
    figures = {key: page(key, *labelled) for key, labelled in paths.items()}
    figures |= {
        "save": Figure("hand save", saves.visit),
        "pdf_fresh": page("pdf_fresh", "scoresheet PDF, fresh", pdf, every=4),  # slow: 1 round in 4
        "rows": page("rows", "42-row page", "/rows", on=floor),
        "pdf_table": page("pdf_table", "8x7 table PDF", "/pdf-table", on=floor, every=4),
    }
    progress(f"timing {len(figures)} figures over {sizes.warmup} + {sizes.rounds} rounds")
    measure.time_rounds(list(figures.values()), sizes.rounds, sizes.warmup)
    sql = {}
    for key, (_, path) in paths.items():
        changes.get(key, lambda: None)()
        sql[key] = measure.statements(app, lambda path=path: browser.fetch(path))
    long_saves = seed.Saves(browser, seed.new_league(browser, "Long", seed.LONG_PRESET))
    per_save = []  # hands 1, 2, ... of a game long enough
    for hand in range(sizes.save_hands):
        path, values = long_saves.next(new_game=hand == 0)
        per_save.append(measure.statements(app, lambda p=path, v=values: browser.post(p, v)))
    sent, again = measure.weigh(browser, big.table_game)
    progress(f"importing a league file of {sizes.imported} games {sizes.imports} times")
    # Another account: the bench's own holds more games than an account may import into.
    importer, imports = Browser(app), []
    seed.sign_up(importer, "importer", password)
    for number in range(sizes.imports):
        data = seed.league_file(played, f"Import {number}", {new: sizes.imported}, in_play=False)
        imports.append(importer.timed("/leagues/import", seed.upload_form(importer, data)))
    progress(f"starting make run's server {sizes.cold_starts} times")
    if sizes.cold_starts:
        measure.byte_compile()
    env = {**os.environ, "DATABASE_URL": database, "SECRET_KEY": secret}
    env["SCOREKEEPER_INSTANCE"] = str(workdir / "instance")
    log = workdir / "serve.log"
    starts = [measure.cold_start(env, log, OWNER, password, pdf) for _ in range(sizes.cold_starts)]
    for each, its_db in ((app, db), (floor_app, floor_db)):
        with each.app_context():
            its_db.engine.dispose()

    pairs = [(key, "rows", 8) for key in ("table", "form", "save", "game", "standings", "league")]
    pairs += [("standings", "standings_10", 1.3), ("league", "league_10", 1.3)]
    pairs += [("pdf_fresh", "pdf_table", 3), ("pdf_cached", "table", 2)]
    budgets = [ratio(figures[key], figures[floor], limit) for key, floor, limit in pairs]
    first, last = per_save[0], per_save[-1]
    weight, imported = sum(sent.values()) / 1000, median(imports)
    saved, asks = f"SQL, save of hand {len(per_save)}", "asks " + ", ".join(again)
    assets, how_many = f"page + {len(sent) - 1} assets, compressed", f"median of {len(imports)}"
    budgets += [
        Budget(saved, str(last), f"vs hand 1: {first}", "the same", last == first),
        Budget("repeat visit", f"{len(again)} req.", asks, "<= 1 req.", len(again) <= 1),
        Budget("first visit", f"{weight:.1f} KB", assets, "<= 15 KB", weight <= 15),
        Budget(
            f"import, {sizes.imported} games", f"{imported:.2f} s", how_many, "< 1 s", imported < 1
        ),
    ]
    rows, pdfs = figures["rows"], figures["pdf_table"]
    notes = [
        f"Samples: {len(rows.samples)} a figure ({len(pdfs.samples)} of PDFs drawn afresh) after"
        f" {sizes.warmup} rounds of warm-up. Standings are timed after a change to the league.",
        "SQL statements: " + ", ".join(f"{paths[k][0]} {n}" for k, n in sql.items()) + ".",
        f"SQL statements of the saves of hands 1 to {len(per_save)}: {per_save}.",
        f"No budget: standings of {sizes.big:,} games, the league unchanged since the last visit"
        f" (kept by the app): {figures['standings_kept'].median_ms:.2f} ms.",
        f"Seeding: the big league ({sizes.big + sizes.small + 1:,} games, {sizes.imported}"
        f" imported, the rest replayed after) in {seeding:.1f} s.",
    ]
    if starts:
        firsts, after = median(s[0] for s in starts), median(s[1] for s in starts) * 1000
        notes.append(
            f"No budget: make run's server answers its first request {firsts:.2f} s after launch,"
            f" then draws its first PDF in {after:.0f} ms (medians of {len(starts)})."
        )
    load = os.getloadavg()
    notes.append(
        f"Load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs;"
        f" the bench took {time.perf_counter() - started:.0f} s."
    )
    data = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "budgets": [asdict(budget) for budget in budgets],
        "medians_ms": {key: figure.median_ms for key, figure in figures.items()},
        "statements": sql | {"saves": per_save},
        "first_visit_bytes": sent,
        "import_s": imports,
        "cold_start_s": starts,
        "notes": notes,
    }
    return budgets, notes, data
