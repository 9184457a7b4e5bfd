"""Cold start: from launching `make run`'s server to its first answer, beside a bare Flask app.

Both are started as `make run` starts Scorekeeper (a fresh Python process serving with
waitress) on a free loopback port, and asked for `/` until they answer; the time is from
launching the process to the end of that first answer. The bare app is one Flask route.
Starts alternate (bare, app, bare, app, ...) so machine noise falls on both alike.

Before the starts, the package is byte-compiled as `make run` does before it starts the
server (`python -m compileall -q scorekeeper`): a start then reads compiled modules even
where PYTHONDONTWRITEBYTECODE is set. Compiled templates are kept in the instance folder
(`web/template_cache.py`), so they are there from the bench's earlier phases, as they are for
any start of `make run` but the very first.

After each of Scorekeeper's starts, the first PDF is asked for (signed in, as a browser
would), drawn afresh (`Cache-Control: no-cache`: no finished PDF kept from before can answer
it). `make run` starts its printing process (`scorekeeper/read/pdf_worker.py`) before the app
loads, so WeasyPrint is imported there, on the other core, while the server starts; the PDF is
drawn in that process.
"""

from __future__ import annotations

import http.client
import signal
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.drivers import BenchError, OverHttp, sign_in
from bench.server import ROOT, free_port

STARTS = 5
# What `make run` does before it starts the server, besides migrating (done by the bench).
PREPARE = ("-m", "compileall", "-q", "scorekeeper")
PREPARED = "package byte-compiled first, as make run does; compiled templates in the instance"
START_SECONDS = 60
BARE_APP = """
import os

from flask import Flask
from waitress import serve

app = Flask("bare")


@app.get("/")
def index():
    return "ok"


serve(app, host="127.0.0.1", port=int(os.environ["PORT"]), threads=8)
"""


@dataclass
class ColdStart:
    """Seconds from launch to first answer, for each start, and the first PDF's milliseconds."""

    bare_s: list[float] = field(default_factory=list)
    app_s: list[float] = field(default_factory=list)
    first_pdf_ms: list[float] = field(default_factory=list)

    @property
    def bare_median_s(self) -> float:
        """The bare app's median cold start."""
        return statistics.median(self.bare_s)

    @property
    def app_median_s(self) -> float:
        """Scorekeeper's median cold start."""
        return statistics.median(self.app_s)

    @property
    def first_pdf_median_ms(self) -> float:
        """The median time of the first PDF asked for after a start."""
        return statistics.median(self.first_pdf_ms)


def measure(
    env: dict[str, str], workdir: Path, user: str, password: str, table_page: str, pdf: str
) -> ColdStart:
    """Start the bare app and Scorekeeper STARTS times each, alternately."""
    found = ColdStart()
    bare_script = workdir / "bare_app.py"
    bare_script.write_text(BARE_APP)
    subprocess.run([sys.executable, *PREPARE], env=env, cwd=ROOT, check=True)
    for _ in range(STARTS):
        seconds, process, _port = _start([sys.executable, str(bare_script)], env, workdir)
        _stop(process)
        found.bare_s.append(seconds)
        command = [sys.executable, "-m", "scorekeeper.commands.serve"]
        seconds, process, port = _start(command, env, workdir)
        try:
            found.app_s.append(seconds)
            found.first_pdf_ms.append(_first_pdf(port, user, password, table_page, pdf))
        finally:
            _stop(process)
    return found


def _start(
    command: list[str], env: dict[str, str], workdir: Path
) -> tuple[float, subprocess.Popen[bytes], int]:
    port = free_port()
    run_env = {**env, "HOST": "127.0.0.1", "PORT": str(port)}
    with (workdir / "coldstart.log").open("ab") as log:
        started = time.perf_counter()
        process = subprocess.Popen(
            command, env=run_env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=log
        )
    deadline = started + START_SECONDS
    while True:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=START_SECONDS)
            connection.request("GET", "/", headers={"Accept-Encoding": "gzip, br"})
            response = connection.getresponse()
            response.read()
            connection.close()
        except (ConnectionRefusedError, ConnectionResetError, http.client.RemoteDisconnected):
            if process.poll() is not None or time.perf_counter() > deadline:
                _stop(process)
                failed = f"{' '.join(command)} did not start (see coldstart.log)."
                raise BenchError(failed) from None
            time.sleep(0.005)
            continue
        elapsed = time.perf_counter() - started
        if response.status != 200:
            _stop(process)
            raise BenchError(f"{' '.join(command)} answered / with {response.status}.")
        return elapsed, process, port


def _first_pdf(port: int, user: str, password: str, table_page: str, pdf: str) -> float:
    driver = OverHttp(port)
    try:
        sign_in(driver, user, password, table_page)
        started = time.perf_counter()
        reply = driver.request("GET", pdf, headers={"Cache-Control": "no-cache"})
        elapsed = time.perf_counter() - started
    finally:
        driver.close()
    if reply.status != 200 or not reply.body.startswith(b"%PDF"):
        raise BenchError(f"The first PDF after a cold start answered {reply.status}.")
    return elapsed * 1000


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
