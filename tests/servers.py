"""Real servers for tests: `make run`'s waitress or gunicorn, in a process of their own on a
free loopback port."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_listening(port: int, server: subprocess.Popen) -> None:
    """Wait until the server accepts a connection (or stops, which fails the test)."""
    while True:
        assert server.poll() is None, "the server stopped:\n" + server.stdout.read()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(timeout=0.1)  # a moment for the server to start, unless it stops


def server_command(kind: str, port: int) -> list[str]:
    """The command that starts `make run`'s server ("waitress") or gunicorn on `port`."""
    if kind == "waitress":
        return [sys.executable, "-m", "scorekeeper.commands.serve"]
    return [
        sys.executable,
        "-m",
        "gunicorn",
        # Two test servers at once must not take over each other's control socket.
        "--no-control-socket",
        "-w",
        "1",
        "-b",
        f"127.0.0.1:{port}",
        "scorekeeper.wsgi:app",
    ]


@contextlib.contextmanager
def running(kind: str, database: str, instance: Path, **environ: str) -> Iterator[int]:
    """Run the server on `database` until the block ends; yields its port."""
    port = free_port()
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "DATABASE_URL": database,
        "SECRET_KEY": "server-test",
        "SCOREKEEPER_INSTANCE": str(instance),
        **environ,
    }
    process = subprocess.Popen(
        server_command(kind, port),
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        wait_until_listening(port, process)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=30)
        process.stdout.close()
