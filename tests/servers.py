"""Real servers for tests: `make run`'s waitress or gunicorn, in a process of their own on a
free loopback port."""

from __future__ import annotations

import contextlib
import os
import signal
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


class Server:
    """A server process on `database`, on `port` (a free one if None): a test may kill it
    (SIGKILL, as a crash or a power cut would) and start it again on the same port."""

    def __init__(
        self, kind: str, database: str, instance: Path, port: int | None = None, **environ: str
    ) -> None:
        self.kind = kind
        self.port = port or free_port()
        self.env = {
            **os.environ,
            "HOST": "127.0.0.1",
            "PORT": str(self.port),
            "DATABASE_URL": database,
            "SECRET_KEY": "server-test",
            "SCOREKEEPER_INSTANCE": str(instance),
            **environ,
        }
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        """Start the server and wait until it listens."""
        self.process = subprocess.Popen(
            server_command(self.kind, self.port),
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        wait_until_listening(self.port, self.process)

    def kill(self) -> None:
        """Kill the server at once (SIGKILL): no request finishes, no clean-up runs."""
        self.stop(signal.SIGKILL)

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        """Stop the server (politely, unless told otherwise) and wait until it has."""
        if self.process is None:
            return
        self.process.send_signal(how)
        self.process.wait(timeout=30)
        self.process.stdout.close()
        self.process = None


@contextlib.contextmanager
def running(
    kind: str, database: str, instance: Path, port: int | None = None, **environ: str
) -> Iterator[int]:
    """Run the server on `database` until the block ends; yields its port."""
    server = Server(kind, database, instance, port, **environ)
    try:
        server.start()
        yield server.port
    finally:
        server.stop()
