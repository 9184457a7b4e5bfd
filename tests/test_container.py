"""The Dockerfile builds an image that serves the app as a non-root user.

Building takes minutes (a Debian image, WeasyPrint's libraries, the wheel and its
dependencies from the network), so it runs only when asked: `make container-test`, or
`CONTAINER_TEST=1 pytest tests/test_container.py`, where docker or podman answers.
"""

from __future__ import annotations

import os
import secrets
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent


def working_engine() -> str | None:
    """docker or podman, whichever is installed and answers `info`; None if neither."""
    for engine in ("docker", "podman"):
        if shutil.which(engine) is None:
            continue
        try:
            answer = subprocess.run([engine, "info"], capture_output=True, timeout=30)
        except subprocess.TimeoutExpired:
            continue
        if answer.returncode == 0:
            return engine
    return None


def engine_or_skip() -> str:
    """The container engine to use, or the test skipped with the reason."""
    if os.environ.get("CONTAINER_TEST") != "1":
        pytest.skip("builds an image for minutes: run it with `make container-test`")
    engine = working_engine()
    if engine is None:
        pytest.skip("no container engine answers here (`docker info` and `podman info` fail)")
    return engine


def run(*command: str, timeout: float = 120) -> str:
    """Run a command that must succeed; its output."""
    result = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout}{result.stderr}"
    return result.stdout.strip()


@pytest.fixture(scope="module")
def container() -> Iterator[tuple[str, str, str]]:
    """The image built from the checkout, running: its engine, its id and its base URL."""
    engine = engine_or_skip()
    image = f"scorekeeper-test:{secrets.token_hex(4)}"
    run(engine, "build", "-t", image, str(ROOT), timeout=1800)
    try:
        started = run(engine, "run", "-d", "-p", "127.0.0.1::8000", "-e", "SECRET_KEY=test", image)
        try:
            address = run(engine, "port", started, "8000").splitlines()[0]
            yield engine, started, f"http://{address}"
        finally:
            subprocess.run([engine, "rm", "-f", started], capture_output=True, timeout=120)
    finally:
        subprocess.run([engine, "rmi", "-f", image], capture_output=True, timeout=120)


def answer(url: str, within: float = 120) -> tuple[int, str]:
    """The status and body of GET `url`, waiting for the server to come up."""
    deadline = time.monotonic() + within
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode()
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(1)


def test_the_image_serves_the_app_and_its_database(container):
    engine, started, base = container

    assert answer(f"{base}/healthz") == (200, "ok")
    assert answer(f"{base}/readyz") == (200, "ok")  # migrated at the start, in /data
    status, home = answer(f"{base}/")
    assert status == 200 and "Scorekeeper" in home
    assert run(engine, "exec", started, "id", "-u") != "0"
    assert "scorekeeper.db" in run(engine, "exec", started, "ls", "/data")
