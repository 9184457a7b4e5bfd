"""Gunicorn on the loopback, started and stopped by the bench, and its workers' memory."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench.drivers import BenchError

ROOT = Path(__file__).resolve().parent.parent
GUNICORN = Path(sys.executable).parent / "gunicorn"
WORKERS = 2
START_SECONDS = 60


@dataclass(frozen=True)
class Memory:
    """Peak resident memory (VmHWM) of a gunicorn master and its workers, in KiB."""

    master_kib: int
    workers_kib: dict[int, int]

    @property
    def largest_worker_kib(self) -> int:
        """The biggest peak among the workers."""
        return max(self.workers_kib.values(), default=0)

    @property
    def total_kib(self) -> int:
        """Master and workers added up (pages they share are counted in each)."""
        return self.master_kib + sum(self.workers_kib.values())


class Gunicorn:
    """A gunicorn master with WORKERS sync workers serving `app_spec` on a free port."""

    def __init__(self, name: str, app_spec: str, env: dict[str, str], log: Path, ready: str):
        self.name = name
        self.app_spec = app_spec
        self.env = env
        self.log_path = log
        self.ready_path = ready
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        """Start the server and wait until it answers."""
        self.launch()
        self.wait_ready()

    def launch(self) -> None:
        """Start the server without waiting for it."""
        if not GUNICORN.exists():
            raise BenchError(f"gunicorn is not installed at {GUNICORN}.")
        self.port = free_port()
        command = [
            str(GUNICORN),
            "--workers",
            str(WORKERS),
            "--bind",
            f"127.0.0.1:{self.port}",
            "--chdir",
            str(ROOT),
            "--log-level",
            "warning",
            self.app_spec,
        ]
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                command, env=self.env, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT
            )

    def wait_ready(self) -> None:
        """Wait until `ready_path` answers 200 and every worker is up."""
        if self.process is None:
            raise BenchError(f"{self.name} server was never started.")
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise BenchError(f"{self.name} server exited at start:\n{self.log()}")
            if self._answers() and len(self.worker_pids()) == WORKERS:
                return
            time.sleep(0.1)
        raise BenchError(f"{self.name} server did not answer in {START_SECONDS} s:\n{self.log()}")

    def _answers(self) -> bool:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request("GET", self.ready_path)
            return connection.getresponse().status == 200
        except OSError:
            return False
        finally:
            connection.close()

    def worker_pids(self) -> list[int]:
        """The pids of the master's children (its workers)."""
        if self.process is None:
            return []
        children = Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children")
        try:
            return [int(pid) for pid in children.read_text().split()]
        except OSError:
            return _children_by_scan(self.process.pid)

    def memory(self) -> Memory:
        """Peak resident memory of the master and each worker so far."""
        if self.process is None:
            raise BenchError(f"{self.name} server is not running.")
        return Memory(
            master_kib=peak_rss_kib(self.process.pid),
            workers_kib={pid: peak_rss_kib(pid) for pid in self.worker_pids()},
        )

    def log(self) -> str:
        """The server's log so far."""
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    def stop(self) -> None:
        """Stop the master (it stops its workers) and wait for it."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)


def free_port() -> int:
    """A TCP port free on the loopback just now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def peak_rss_kib(pid: int) -> int:
    """VmHWM of a process, in KiB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0


def _children_by_scan(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # The command name is in parentheses and may hold spaces: split after it.
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == parent:
            found.append(int(entry.name))
    return sorted(found)


def server_env(extra: dict[str, str]) -> dict[str, str]:
    """This process's environment plus `extra`, with the venv's bin first on PATH."""
    env = dict(os.environ)
    env.update(extra)
    env["PATH"] = f"{GUNICORN.parent}{os.pathsep}{env.get('PATH', '')}"
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env
