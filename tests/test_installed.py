"""The app as a deployment runs it: built into a wheel, installed apart from the checkout,
started from another directory, serving pages, stylesheets and PDFs."""

from __future__ import annotations

import http.cookiejar
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import threading
import urllib.parse
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LEFT_OUT = shutil.ignore_patterns(
    ".venv", ".git", "instance", "tests", "bench", "build", "dist", "*.egg-info",
    "__pycache__", ".pytest_cache", ".ruff_cache",
)  # fmt: skip
BUILD = "from setuptools import build_meta as b; import sys; print(getattr(b, sys.argv[1])(sys.argv[2]))"


def build(kind: str, source: Path, out: Path) -> Path:
    """Build an sdist or a wheel of `source` with setuptools' own backend (no download)."""
    result = subprocess.run(
        [sys.executable, "-c", BUILD, f"build_{kind}", str(out)],
        cwd=source,
        capture_output=True,
        text=True,
        check=True,
    )
    return out / result.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def packages(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The sdist built from a copy of the checkout, and the wheel built from that sdist."""
    work = tmp_path_factory.mktemp("build")
    source = work / "source"
    shutil.copytree(ROOT, source, ignore=LEFT_OUT)
    dist = work / "dist"
    dist.mkdir()
    sdist = build("sdist", source, dist)
    with tarfile.open(sdist) as archive:
        archive.extractall(work / "unpacked", filter="data")
    (unpacked,) = (work / "unpacked").iterdir()
    return sdist, build("wheel", unpacked, dist)


def test_the_sdist_and_the_wheel_carry_templates_static_files_and_migrations(packages):
    sdist, wheel = packages
    with tarfile.open(sdist) as archive:
        in_sdist = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    with zipfile.ZipFile(wheel) as archive:
        in_wheel = set(archive.namelist())
    for folder in ("templates", "static"):
        for path in (ROOT / folder).rglob("*"):
            if path.is_file():
                name = path.relative_to(ROOT).as_posix()
                assert name in in_sdist, f"{name} is missing from the sdist"
                assert f"scorekeeper/{name}" in in_wheel, f"{name} is missing from the wheel"
    for path in (ROOT / "scorekeeper").rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts:
            name = path.relative_to(ROOT).as_posix()
            assert name in in_wheel, f"{name} is missing from the wheel (a package not listed?)"


@pytest.fixture(scope="module")
def installed(packages, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel installed into a folder of its own, without fetching anything."""
    _, wheel = packages
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index"]
        + ["--disable-pip-version-check", "--target", str(target), str(wheel)],
        check=True,
    )
    return target


@pytest.fixture
def elsewhere(installed: Path, tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A working directory away from the checkout, and an environment that imports the
    installed package first (the test's own environment supplies its dependencies)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "SECRET_KEY", "SCOREKEEPER_INSTANCE", "FLASK_APP")
    }
    env["PYTHONPATH"] = str(installed)
    work = tmp_path / "deploy"
    work.mkdir()
    return work, env


def flask(work: Path, env: dict[str, str], *args: str) -> str:
    """Run a `flask --app scorekeeper` command in `work`; its output."""
    result = subprocess.run(
        [sys.executable, "-m", "flask", "--app", "scorekeeper", *args],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture
def gunicorn(elsewhere) -> Iterator[str]:
    """gunicorn serving the installed app from the other directory; its base URL."""
    work, env = elsewhere
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "-w",
            "1",
            "-b",
            "127.0.0.1:0",
            "scorekeeper:create_app()",
        ],
        cwd=work,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in server.stderr:
            lines.put(line)
        lines.put("")

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    log = []
    try:
        while True:
            line = lines.get(timeout=60)
            log.append(line)
            assert line, "gunicorn stopped:\n" + "".join(log)
            if match := re.search(r"Listening at: (http://127\.0\.0\.1:\d+)", line):
                break
        # The worker imports the app after the listening line: the first request waits for it.
        yield match.group(1)
    finally:
        server.send_signal(signal.SIGINT)  # a quick shutdown
        server.wait(timeout=30)
        reader.join(timeout=30)
        server.stderr.close()


def test_the_installed_package_migrates_and_serves_from_another_directory(
    installed, elsewhere, gunicorn
):
    work, env = elsewhere
    where = subprocess.run(
        [sys.executable, "-c", "import scorekeeper; print(scorekeeper.__file__)"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert Path(where.strip()).is_relative_to(installed)
    flask(work, env, "db", "upgrade")
    # The instance folder is ./instance of the working directory, never in the package.
    assert (work / "instance" / "scorekeeper.db").is_file()
    assert (work / "instance" / "secret_key").is_file()
    assert not list(installed.rglob("instance")), "the instance folder went into the package"
    assert "Demo" in flask(work, env, "demo")
    browser = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )

    def get(path: str) -> tuple[str, bytes]:
        with browser.open(gunicorn + path, timeout=60) as response:
            assert response.status == 200, path
            return response.headers["Content-Type"], response.read()

    kind, home = get("/")
    assert kind.startswith("text/html")
    assert b"Scorekeeper" in home
    stylesheet = re.search(rb'<link rel="stylesheet" href="([^"]+)"', home).group(1).decode()
    kind, css = get(stylesheet)
    assert kind.startswith("text/css")
    assert css == (ROOT / "static" / "app.css").read_bytes()

    _, login = get("/login")
    token = re.search(rb'name="csrf_token" type="hidden" value="([^"]+)"', login).group(1)
    form = {"csrf_token": token.decode(), "username": "demo", "password": "demo-table-1"}
    with browser.open(gunicorn + "/login", urllib.parse.urlencode(form).encode(), 60) as signed:
        assert signed.status == 200
        signed_in = signed.read()
    league = re.search(rb'href="(/leagues/\d+)"', signed_in).group(1).decode()
    _, league_page = get(league)
    game = re.search(rb'href="/games/(\d+)', league_page).group(1).decode()
    kind, pdf = get(f"/games/{game}/blank.pdf")
    assert kind == "application/pdf"
    assert pdf.startswith(b"%PDF-")
