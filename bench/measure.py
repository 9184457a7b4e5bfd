"""What is measured: timed visits in interleaved rounds, SQL statements, page weight, cold start."""

from __future__ import annotations

import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import URLError
from urllib.parse import urlencode, urljoin, urlsplit
from urllib.request import HTTPCookieProcessor, Request, build_opener, urlopen

from flask import Flask
from sqlalchemy import event

from bench.browser import BenchError, Browser
from bench.pages import read
from scorekeeper.extensions import db

ROOT = Path(__file__).resolve().parent.parent
CSS_URL = re.compile(r"""url\(\s*['"]?([^'")]+?)['"]?\s*\)|@import\s+['"]([^'"]+)['"]""")
COMPRESSED = {"Accept-Encoding": "br, gzip"}
WAIT_SECONDS = 60


@dataclass
class Figure:
    """A request timed again and again: `visit` sends one and returns its seconds."""

    label: str
    visit: Callable[[], float]
    every: int = 1  # visited every `every` rounds: the slow ones less often
    samples: list[float] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        """The median visit, in milliseconds."""
        return statistics.median(self.samples) * 1000


def time_rounds(figures: list[Figure], rounds: int, warmup: int) -> None:
    """Visit every figure once a round, in an order turning each round so noise falls alike;
    the first `warmup` rounds are not kept."""
    for number in range(-warmup, rounds):
        turn = number % len(figures)
        for figure in figures[turn:] + figures[:turn]:
            if number % figure.every == 0:
                seconds = figure.visit()
                if number >= 0:
                    figure.samples.append(seconds)


def statements(app: Flask, send: Callable[[], object]) -> int:
    """How many SQL statements the app sends its database while `send` runs."""
    seen: list[str] = []

    def count(conn: object, cursor: object, statement: str, *rest: object) -> None:
        seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", count)
    try:
        send()
    finally:
        event.remove(engine, "before_cursor_execute", count)
    return len(seen)


def weigh(browser: Browser, page: str) -> tuple[dict[str, int], list[str]]:
    """Fetch a page and all it loads as a browser does: the bytes each sends (compressed),
    and the requests of a repeat visit: the page, and each asset a browser may not keep."""
    sent, again = {page: len(browser.fetch(page, COMPRESSED).data)}, [page]
    queue = [urljoin(page, url) for url in read(browser.get(page)).loads]
    while queue:
        url = queue.pop(0)
        parts = urlsplit(url)
        if parts.scheme == "data" or parts.netloc or url in sent:
            continue
        answer = browser.fetch(url, COMPRESSED)
        sent[url] = len(answer.data)
        if not kept(answer.headers.get("Cache-Control", "")):
            again.append(url)
        if answer.mimetype == "text/css":
            queue += [urljoin(url, a or b) for a, b in CSS_URL.findall(browser.get(url))]
    return sent, again


def kept(cache_control: str) -> bool:
    """True when a browser may use its copy on the next visit without asking."""
    words = dict(part.strip().lower().partition("=")[::2] for part in cache_control.split(","))
    age = words.get("max-age", "0").strip('"')
    fresh = "immutable" in words or (age.isdigit() and int(age) > 0)
    return fresh and "no-cache" not in words and "no-store" not in words


def byte_compile() -> None:
    """Compile the package first, as `make run` does before it starts the server."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "scorekeeper"], cwd=ROOT, check=True)


def cold_start(env: dict[str, str], log: Path, user: str, password: str, pdf: str) -> list[float]:
    """`make run`'s server: seconds from launch to its answer to `/`; then, signed in, those
    of the first PDF, drawn afresh."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    base = f"http://127.0.0.1:{port}"
    with log.open("ab") as errors:
        started = time.perf_counter()
        # A session of its own, so that whatever the server starts is stopped with it.
        server = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.commands.serve"],
            env={**env, "HOST": "127.0.0.1", "PORT": str(port)},
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
    try:
        while True:
            try:
                urlopen(f"{base}/", timeout=WAIT_SECONDS).read()
                break
            except (URLError, ConnectionError) as refused:
                if server.poll() is not None or time.perf_counter() - started > WAIT_SECONDS:
                    failed = f"make run's server did not start:\n{log.read_text()[-2000:]}"
                    raise BenchError(failed) from refused
                time.sleep(0.005)
        found = [time.perf_counter() - started]
        visitor = build_opener(HTTPCookieProcessor(CookieJar()))
        page = visitor.open(f"{base}/login").read().decode()
        form = next(form for form in read(page).forms if "password" in form.fields)
        signing_in = {**form.fields, "username": user, "password": password}
        visitor.open(f"{base}/login", urlencode(signing_in).encode()).read()
        started = time.perf_counter()
        body = visitor.open(Request(base + pdf, headers={"Cache-Control": "no-cache"})).read()
        found.append(time.perf_counter() - started)
        if not body.startswith(b"%PDF"):
            raise BenchError(f"{pdf} is not a PDF after a cold start.")
        return found
    finally:
        os.killpg(server.pid, signal.SIGTERM)  # the server, and whatever it started
        server.wait()
