"""The whole bench run: seed, time in process, time over HTTP, weigh, report.

Exit status 0 whatever the budgets say (the bench informs, it never fails a build); 1 only
when the bench itself breaks (a page answering wrongly, a server not starting, seeded rows
that disagree with the operations).
"""

from __future__ import annotations

import os
import platform
import secrets
import shutil
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from flask import Flask

from bench import coldstart, equivalence, importing, report, world
from bench.drivers import BenchError, InProcess, OverHttp, sign_in
from bench.figures import SavePool, targets
from bench.floors import FLOOR_DB_ENV, create_floor_app, floor_db, seed_floor
from bench.seed import SeedingError
from bench.server import Gunicorn, Memory, server_env
from bench.timing import Stats, Target, count_statements, run_rounds
from bench.weight import PageWeight, weigh
from scorekeeper import create_app
from scorekeeper.extensions import db

OUT = Path(__file__).resolve().parent / "out"
ROUNDS = {"in_process": 120, "http": 80}
WARMUP = {"in_process": 10, "http": 10}
PHASE_SECONDS = 55  # each timed phase stops early after this, but not before LEAST_ROUNDS
LEAST_ROUNDS = 50
STARTED = time.monotonic()


def say(message: str) -> None:
    """Progress, on stderr, with the seconds since the start."""
    print(f"[{time.monotonic() - STARTED:6.1f}s] {message}", file=sys.stderr, flush=True)


@dataclass
class Run:
    """Everything measured in one run."""

    targets: list[Target] = field(default_factory=list)
    timings: dict[str, dict[str, Stats]] = field(default_factory=dict)
    statements: dict[str, int] = field(default_factory=dict)
    memories: dict[str, Memory] = field(default_factory=dict)
    weight: PageWeight | None = None
    cold: coldstart.ColdStart | None = None
    saved: dict[str, int] = field(default_factory=dict)
    load: dict[str, tuple[float, float, float]] = field(default_factory=dict)


def main() -> int:
    """Run the bench; print the report and write bench/out/latest.json."""
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-bench-"))
    servers: list[Gunicorn] = []
    try:
        output = run(workdir, servers)
    except (BenchError, SeedingError) as error:
        print(f"\nThe bench broke: {error}", file=sys.stderr)
        return 1
    finally:
        for server in servers:
            server.stop()
        if os.environ.get("BENCH_KEEP"):
            say(f"kept {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print(output)
    return 0


def run(workdir: Path, servers: list[Gunicorn]) -> str:
    """Seed, measure, judge; return the printed report (JSON written on the way)."""
    measured = Run(load={"start": os.getloadavg()})
    password = secrets.token_urlsafe(12)
    database = workdir / "scorekeeper.db"
    settings = {
        "DATABASE_URL": f"sqlite:///{database}",
        "SECRET_KEY": secrets.token_hex(32),
        "SCOREKEEPER_INSTANCE": str(workdir / "instance"),
        FLOOR_DB_ENV: str(workdir / "floor.db"),
    }
    os.environ.update(settings)  # the in-process app reads them as the servers do

    say("checking that bulk-written games equal games played through the operations")
    proof = equivalence.check(workdir / "equivalence")
    say("seeding the bench league")
    app = create_app()
    saves = {mode: WARMUP[mode] + ROUNDS[mode] + 1 for mode in ROUNDS}
    built = world.build(app, password, saves)
    floor_app = create_floor_app()
    seed_floor(floor_app)
    pools = {
        mode: SavePool(database, built.pools[mode], seed_value=index)
        for index, mode in enumerate(ROUNDS)
    }
    try:
        _in_process(measured, app, floor_app, built, pools["in_process"], password)
        _over_http(measured, settings, workdir, servers, built, pools["http"], password)
    finally:
        for pool in pools.values():
            pool.close()
    measured.saved = {mode: pool.saved for mode, pool in pools.items()}
    say(f"cold starts: {coldstart.STARTS} of a bare Flask app and of make run's server")
    measured.cold = coldstart.measure(
        server_env(settings),
        workdir,
        world.OWNER,
        password,
        f"/games/{built.seeded.table_game_id}",
        f"/games/{built.seeded.sheet_game_id}/sheet.pdf",
    )
    measured.load["end"] = os.getloadavg()

    say(f"importing a league file of {importing.GAMES} games, {importing.ROUNDS} times")
    cost = importing.measure(app)

    if measured.weight is None:
        raise BenchError("The table screen was not weighed.")
    budgets = report.judge(
        measured.timings,
        measured.weight,
        measured.memories["app server, at the end"],
        measured.cold,
    )
    budgets.append(importing.budget(cost))
    extra = _context(measured, proof, built)
    results = report.results_json(
        measured.targets, measured.timings, measured.statements, budgets, extra
    )
    results["league_file_import"] = asdict(cost)
    report.write_json(results, OUT / "latest.json")
    say(f"done; results also in {OUT / 'latest.json'}")
    return _printed(measured, budgets, proof, built)


def _in_process(
    measured: Run,
    app: Flask,
    floor_app: Flask,
    built: world.World,
    pool: SavePool,
    password: str,
) -> None:
    say("in process: signing in (CSRF on), then timing")
    app_client, floor_client = InProcess(app), InProcess(floor_app)
    table_page = f"/games/{built.seeded.table_game_id}"
    pool.token = sign_in(app_client, world.OWNER, password, table_page)
    measured.targets = targets(built.seeded, pool)
    drivers = {"app": app_client, "floor": floor_client}
    measured.timings["in_process"] = run_rounds(
        measured.targets,
        drivers,
        ROUNDS["in_process"],
        WARMUP["in_process"],
        PHASE_SECONDS,
        LEAST_ROUNDS,
        say,
    )
    with app.app_context():
        engines = {"app": db.engine}
    with floor_app.app_context():
        engines["floor"] = floor_db.engine
    measured.statements = count_statements(measured.targets, drivers, engines)


def _over_http(
    measured: Run,
    settings: dict[str, str],
    workdir: Path,
    servers: list[Gunicorn],
    built: world.World,
    pool: SavePool,
    password: str,
) -> None:
    say("over HTTP: starting gunicorn for the app and for the floors")
    env = server_env(settings)
    app_server = Gunicorn("app", "scorekeeper:create_app()", env, workdir / "app.log", "/healthz")
    floor_server = Gunicorn(
        "floors", "bench.floors:create_floor_app()", env, workdir / "floors.log", "/ok"
    )
    servers.extend([app_server, floor_server])
    for server in servers:  # both boot at once, then each is waited for
        server.launch()
    for server in servers:
        server.wait_ready()
    measured.memories["app server, started"] = app_server.memory()
    http_app, http_floor = OverHttp(app_server.port), OverHttp(floor_server.port)
    table_page = f"/games/{built.seeded.table_game_id}"
    pool.token = sign_in(http_app, world.OWNER, password, table_page)
    measured.memories["app server, after signing in"] = app_server.memory()
    measured.weight = weigh(http_app, table_page)
    http_targets = targets(built.seeded, pool)
    say("over HTTP: timing")
    measured.timings["http"] = run_rounds(
        http_targets,
        {"app": http_app, "floor": http_floor},
        ROUNDS["http"],
        WARMUP["http"],
        PHASE_SECONDS,
        LEAST_ROUNDS,
        say,
    )
    measured.memories["app server, at the end"] = app_server.memory()
    measured.memories["floor server, at the end"] = floor_server.memory()
    for target, over_http in zip(measured.targets, http_targets, strict=True):
        target.last_bytes = over_http.last_bytes  # the bytes a browser receives
    http_app.close()
    http_floor.close()
    for server in servers:
        server.stop()


def _context(measured: Run, proof: equivalence.Equivalence, built: world.World) -> dict[str, Any]:
    weight = measured.weight
    return {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "load_average": measured.load,
        },
        "seconds": time.monotonic() - STARTED,
        "rounds_planned": ROUNDS,
        "warmup_rounds": WARMUP,
        "seeding": {
            "seconds": built.seconds,
            "equivalence": asdict(proof),
            "seeded": asdict(built.seeded),
            "hands_saved_while_timing": measured.saved,
        },
        "cold_start": asdict(measured.cold) if measured.cold else None,
        "memory_kib": {
            name: {
                "master": m.master_kib,
                "workers": m.workers_kib,
                "largest_worker": m.largest_worker_kib,
                "total": m.total_kib,
            }
            for name, m in measured.memories.items()
        },
        "page_weight": {
            "page": weight.page,
            "requests": weight.requests,
            "total_bytes": weight.total_bytes,
            "wire_bytes": weight.wire_bytes,
            "html_bytes": weight.html_bytes,
            "assets": [asdict(a) for a in weight.assets],
            "install_assets": [asdict(a) for a in weight.install_assets],
            "poll": asdict(weight.poll) if weight.poll else None,
            "poll_seconds": weight.poll_seconds,
            "off_server": weight.off_server,
            "repeat_visit": {
                "requests": weight.repeat_requests,
                "bytes": weight.repeat_bytes,
                "asked": weight.repeat_asked,
            },
            "content_security_policy": weight.content_security_policy,
        }
        if weight
        else None,
    }


def _printed(
    measured: Run,
    budgets: list[report.Budget],
    proof: equivalence.Equivalence,
    built: world.World,
) -> str:
    seeding = "; ".join(f"{what} {seconds:.1f} s" for what, seconds in built.seconds.items())
    per_game = proof.operations_seconds_per_game
    load = ", ".join(
        f"{when} {' '.join(f'{x:.1f}' for x in values)}" for when, values in measured.load.items()
    )
    lines = [
        "",
        "Scorekeeper bench",
        f"Machine: {os.cpu_count()} CPUs, load average (1/5/15 min) at {load}.",
        f"Seeded: {seeding}.",
        f"  Through the operations a game takes {per_game * 1000:.0f} ms (a commit per hand):"
        f" {world.BIG_GAMES:,} games would take ~{per_game * world.BIG_GAMES:.0f} s; in bulk"
        f" {proof.bulk_seconds_per_game * 1000:.1f} ms a game.",
        f"  Bulk = operations: {proof.games} games ({proof.hands} hands, {proof.rows} rows) seeded"
        " both ways give identical rows and identical standings for seasons"
        f" {', '.join(proof.seasons)}.",
        f"  Hands saved while timing: {measured.saved['in_process']} in process,"
        f" {measured.saved['http']} over HTTP (in a scratch league).",
        "",
        report.table(measured.targets, measured.timings, measured.statements),
        "",
        "Budgets (informative: they never fail the build)",
        *(f"  {budget.line()}" for budget in budgets),
        "",
        "Peak server memory (VmHWM; gunicorn, 2 sync workers)",
        *report.memory_lines(measured.memories),
        "",
        "Page weight of the table screen (fetched as a browser asks, bytes as sent), and a"
        " repeat visit",
        *(report.weight_lines(measured.weight) if measured.weight else []),
        "",
        "Cold start: launch to first answer of /",
        *(report.cold_lines(measured.cold) if measured.cold else []),
        "",
        f"Total bench time {time.monotonic() - STARTED:.0f} s.",
    ]
    return "\n".join(lines)
