"""`make load`: how many tables one server holds, beside a floor, on gunicorn and PostgreSQL.

A throw-away PostgreSQL (`.ci/postgres`, on a port of its own) is migrated and seeded through
the app's pages and operations (`bench/seed.py`): a league for each table, with finished
games replayed into it and a game in play, its owner signed in on one phone and three phones
joined with the passcode. The app and the floor (`bench/table_floor.py`) are served by
gunicorn on `deploy/gunicorn.conf.py`'s settings, on loopback. Then, for each number of
tables in turn, Locust's phones (`bench/phones.py`) run against the floor and then the app,
one at a time. A step is held when the poll's p95 is under 50 ms, every other request's
p95 under 250 ms, and nothing failed. The budget: the app holds at least half the floor's
tables.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any
from urllib.error import URLError
from urllib.parse import urljoin
from urllib.request import Request, urlopen

from flask import Flask
from flask_migrate import upgrade

from bench import seed, table_floor
from bench.browser import BenchError, Browser
from bench.pages import PDF_LINK, read
from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts
from scorekeeper.web import devices

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
LOCUST = ROOT / ".venv-load" / "bin" / "python"
POLL_MS, OTHER_MS = 50, 250
PASSCODE = "velvet harbour pickle"
FLOOR = "bench.table_floor:create_app()"
WAIT_SECONDS = 60
WARMING = 2 * (os.cpu_count() or 1)  # deploy/gunicorn.conf.py's workers


@dataclass(frozen=True)
class Ramp:
    """What `make load` runs: the numbers of tables, and how long each step lasts."""

    levels: tuple[int, ...]
    seconds: float  # measured, at each step of each server
    warmup: float  # before the measure: every phone has opened its table and polled
    games: int  # finished games in each table's league
    port: int  # the throw-away PostgreSQL's


def say(message: str) -> None:
    """Progress, on stderr."""
    print(f"[{time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


@contextlib.contextmanager
def postgres(port: int) -> Iterator[str]:
    """A throw-away PostgreSQL server on `port`; yields its database's URL."""
    env = {**os.environ, "PGPORT_TEST": str(port)}
    started = subprocess.run(
        [ROOT / ".ci" / "postgres", "start"], env=env, check=True, capture_output=True, text=True
    )
    folder = started.stdout.strip()
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/scorekeeper_test"
    finally:
        subprocess.run([ROOT / ".ci" / "postgres", "stop", folder], env=env, check=False)


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def gunicorn(target: str, probe: str, env: dict[str, str], log: Path) -> Iterator[str]:
    """`target` served by gunicorn on deploy/gunicorn.conf.py, on loopback; yields its URL
    once `probe` answers 200."""
    port = free_port()
    command = [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py")]
    command += ["-b", f"127.0.0.1:{port}", target]
    with log.open("ab") as output:
        server = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=output, stderr=output, start_new_session=True
        )
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    try:
        while True:
            try:
                urlopen(base + probe, timeout=WAIT_SECONDS).read()
                break
            except (URLError, ConnectionError) as refused:
                if server.poll() is not None or time.monotonic() - started > WAIT_SECONDS:
                    failed = f"{target} did not start:\n{log.read_text()[-2000:]}"
                    raise BenchError(failed) from refused
                time.sleep(0.1)
        yield base
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait()


def cookies(browser: Browser, app: Flask) -> dict[str, str]:
    """The cookies a phone's browser holds after the pages it visited."""
    names = (app.config["SESSION_COOKIE_NAME"], devices.COOKIE)
    found = {name: browser.client.get_cookie(name) for name in names}
    return {name: cookie.value for name, cookie in found.items() if cookie is not None}


class Families:
    """The app's tables, each a family's league with finished games and a game in play, made
    through the app's pages and operations, and the import's replay, as they are needed."""

    def __init__(self, app: Flask, games: int) -> None:
        self.app, self.password = app, secrets.token_urlsafe(16)
        first = self.owner("load-played")
        played = seed.played_league(first, 2)
        this_year = {date.today().year: games}
        copies = seed.league_file(played, "copies", this_year, in_play=False)
        self.copies = json.loads(copies)["games"]
        self.plan: list[dict[str, Any]] = []

    def owner(self, name: str) -> Browser:
        """A family's owner, signed in on a phone. The account is made by the operation the
        sign-up page calls: the page lets one network make only a few an hour."""
        with self.app.app_context():
            accounts.create_account(name, self.password)
            db.session.commit()
        phone = Browser(self.app)
        phone.submit("/login", "/login", username=name, password=self.password)
        return phone

    def grow(self, tables: int) -> list[dict[str, Any]]:
        """The phones' plan of `tables` tables, made as needed."""
        while len(self.plan) < tables:
            self.plan.append(self.table(len(self.plan)))
        return self.plan

    def table(self, index: int) -> dict[str, Any]:
        """A family's league and game in play; its owner's phone and three joined."""
        owner = self.owner(f"load-{index}")
        league = seed.new_league(owner, f"Family {index}", seed.PRESET)
        seed.grown(self.app, league, self.copies)
        settings = f"{league}/settings"
        owner.submit(settings, f"{settings}/passcode", passcode=PASSCODE)
        game = seed.start_game(owner, league)
        phones = [owner] + [Browser(self.app) for _ in range(3)]
        for phone in phones[1:]:
            phone.submit(f"{league}/join", f"{league}/join", passcode=PASSCODE)
        held = [cookies(phone, self.app) for phone in phones]
        return {"table": game, "standings": f"{league}/standings", "phones": held}


def step(plan: Path, host: str, tables: int, settings: Ramp, out: Path) -> dict[str, Any]:
    """One step: Locust's phones of `tables` tables at `host`; their statistics."""
    command = [str(LOCUST), "-m", "bench.phones", str(plan), host, str(tables)]
    command += [str(settings.warmup), str(settings.seconds), str(out)]
    ran = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    if ran.returncode != 0 or not out.exists():
        raise BenchError(f"Locust's step of {tables} tables broke:\n{ran.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(out.read_text())
    return result


def held(result: dict[str, Any], leaving_out: str = "") -> bool:
    """True when the step's poll p95 is under POLL_MS, every other p95 under OTHER_MS (but
    the kind `leaving_out`), and no request failed."""
    for kind, figures in result["kinds"].items():
        limit = POLL_MS if kind == "poll" else OTHER_MS
        if kind == leaving_out:
            continue
        if figures["failures"] or (figures["p95"] is not None and figures["p95"] >= limit):
            return False
    return result["kinds"]["poll"]["count"] > 0


def most_held(results: list[dict[str, Any]], leaving_out: str = "") -> int:
    """The most tables of a step held, every step before it held too (0 when none was)."""
    most = 0
    for result in results:
        if not held(result, leaving_out):
            break
        most = result["tables"]
    return most


def budget_met(app: int, floor: int) -> bool:
    """The budget: the app holds tables, and at least half as many as the floor."""
    return app > 0 and 2 * app >= floor


def warm(base: str, tables: list[dict[str, Any]]) -> None:
    """Have each of the app's processes draw PDFs, as a server that has run a while has: the
    first PDF of a process also parses the sheets' stylesheets. The owners of
    `tables` ask at once, each for the sheet of their table's game, drawn afresh."""

    def draw(table: dict[str, Any]) -> None:
        cookie = "; ".join(f"{name}={value}" for name, value in table["phones"][0].items())
        screen = urlopen(Request(base + table["table"], headers={"Cookie": cookie})).read()
        pdf = read(screen.decode()).link_to(PDF_LINK)
        if pdf is None:
            raise BenchError(f"{table['table']} has no link to its scoresheet PDF.")
        fresh = {"Cookie": cookie, "Cache-Control": "no-cache"}
        for _ in range(3):
            urlopen(Request(urljoin(base + table["table"], pdf), headers=fresh)).read()

    with ThreadPoolExecutor(len(tables)) as pool:
        list(pool.map(draw, tables))


def table_lines(name: str, results: list[dict[str, Any]]) -> list[str]:
    """The report of one server: per step, per kind of request, count, errors, percentiles."""
    lines = [f"\n{name}", f"  {'tables':>6}  {'request':<13}{'count':>7}{'errors':>7}"
             f"{'p50':>7}{'p95':>7}{'p99':>7}  held"]  # fmt: skip
    for result in results:
        verdict = "yes" if held(result) else "no"
        for kind, figures in result["kinds"].items():
            if not figures["count"] and not figures["failures"]:
                continue
            ms = [figures[p] for p in ("p50", "p95", "p99")]
            shown = "".join(f"{'-' if m is None else m:>7}" for m in ms)
            lines.append(
                f"  {result['tables']:>6}  {kind:<13}{figures['count']:>7}"
                f"{figures['failures']:>7}{shown}  {verdict if kind == 'poll' else ''}"
            )
        lines += [f"          error: {error}" for error in result["errors"][:5]]
    return lines


def run(settings: Ramp, workdir: Path) -> tuple[list[str], dict[str, Any]]:
    """Start the database and both servers, ramp the tables; the report and its data."""
    started = time.perf_counter()
    tables = max(settings.levels)
    with postgres(settings.port) as url:
        secret = secrets.token_hex(32)
        config = {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": secret}
        app = create_app(config, workdir / "instance")
        with app.app_context():
            upgrade()
        say(f"seeding: {settings.games} finished games in each table's league")
        families = Families(app, settings.games)
        table_floor.prepare(url, tables)
        plans = {"app": workdir / "app.json", "floor": workdir / "floor.json"}
        plans["floor"].write_text(json.dumps(table_floor.plan(tables)))
        env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secret}
        env["SCOREKEEPER_INSTANCE"] = str(workdir / "instance")
        results: dict[str, list[dict[str, Any]]] = {"floor": [], "app": []}
        with (
            gunicorn(FLOOR, "/games/1/version", env, workdir / "floor.log") as floor,
            gunicorn("scorekeeper.wsgi:app", "/readyz", env, workdir / "app.log") as served,
        ):
            hosts = {"floor": floor, "app": served}
            warm(served, families.grow(WARMING)[:WARMING])
            for level in settings.levels:
                for name in ("floor", "app"):
                    done = results[name]
                    if done and not held(done[-1]):
                        continue  # it could not hold fewer tables
                    if name == "app":
                        plans["app"].write_text(json.dumps(families.grow(level)))
                    say(f"{level} tables on the {name}")
                    out = workdir / f"{name}-{level}.json"
                    done.append(step(plans[name], hosts[name], level, settings, out))
                if all(done and not held(done[-1]) for done in results.values()):
                    break
        with app.app_context():
            db.engine.dispose()
    floor_held, app_held = most_held(results["floor"]), most_held(results["app"])
    passed = budget_met(app_held, floor_held)
    but_pdfs = [most_held(results[name], "PDF") for name in ("app", "floor")]
    top = "" if floor_held < max(settings.levels) else " (its last step: it may hold more)"
    load = os.getloadavg()
    lines = table_lines("The floor (a bare Flask app, one query a request)", results["floor"])
    lines += table_lines("The app", results["app"])
    lines += [
        "",
        f"A step is held when the poll's p95 is under {POLL_MS} ms, every other p95 under"
        f" {OTHER_MS} ms, and no request failed ({settings.seconds:g} s measured a step).",
        f"Load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} CPUs;"
        f" the run took {time.perf_counter() - started:.0f} s.",
        f"Leaving the PDFs' p95 out: the app holds {but_pdfs[0]} tables, the floor {but_pdfs[1]}.",
        f"{'PASS' if passed else 'FAIL'}  the app holds {app_held} tables, the floor"
        f" {floor_held}{top}: the budget is at least half the floor's.",
    ]
    if not floor_held:
        lines.append("The floor held no step: this machine is too busy now to judge the app.")
    data = {"plan": settings.__dict__, "results": results, "app": app_held, "floor": floor_held}
    return lines, data | {"passed": passed, "load_average": load}


def arguments(argv: list[str]) -> Ramp:
    """The plan from the command line."""
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("--tables", default="5,10,20,40", help="the steps, e.g. 5,10,20")
    parser.add_argument("--seconds", type=float, default=25, help="measured at each step")
    parser.add_argument("--warmup", type=float, default=6, help="before each step's measure")
    parser.add_argument("--games", type=int, default=10, help="finished games in each league")
    parser.add_argument("--port", type=int, default=54349, help="the throw-away PostgreSQL's")
    given = parser.parse_args(argv)
    levels = tuple(sorted({int(n) for n in given.tables.split(",") if n.strip()}))
    if not levels or not all(1 <= n <= 500 for n in levels):
        parser.error("each number of tables is 1 to 500")
    if not (1 <= given.seconds <= 3600 and 0 <= given.warmup <= 600 and 0 <= given.games <= 50):
        parser.error("seconds are 1 to 3600, warmup 0 to 600, games 0 to 50")
    return Ramp(levels, given.seconds, given.warmup, given.games, given.port)


def main(argv: list[str] | None = None) -> int:
    """Run the load test in a temporary folder; print the report, write bench/out/load.json."""
    settings = arguments(sys.argv[1:] if argv is None else argv)
    if not LOCUST.exists():
        print(f"Locust's environment is missing ({LOCUST}): run `make load`.", file=sys.stderr)
        return 1
    workdir = Path(tempfile.mkdtemp(prefix="scorekeeper-load-"))
    try:
        lines, data = run(settings, workdir)
    except BenchError as error:
        print(f"\nThe load test broke: {error}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    OUT.mkdir(exist_ok=True)
    (OUT / "load.json").write_text(json.dumps(data, indent=2) + "\n")
    print("\n".join(["\nScorekeeper under load: phones of many tables, beside a floor", *lines]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
