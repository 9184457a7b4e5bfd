"""The app as a deployment runs it: built into a wheel without a warning, installed apart
from the checkout with its `scorekeeper` command, started from another directory by gunicorn
on the example settings, serving pages, stylesheets and PDFs."""

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
    """Build an sdist or a wheel of `source` with setuptools' own backend (no download),
    checking that setuptools warns about nothing."""
    # Without bytecode writing turned off, setuptools would say it skips byte-compiling.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    result = subprocess.run(
        [sys.executable, "-c", BUILD, f"build_{kind}", str(out)],
        cwd=source,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    said = result.stdout + result.stderr
    warnings = [line for line in said.splitlines() if "warn" in line.lower()]
    assert not warnings, f"building the {kind} warned:\n" + "\n".join(warnings)
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


def scorekeeper(
    installed: Path, work: Path, env: dict[str, str], *args: str
) -> subprocess.CompletedProcess:
    """Run the installed `scorekeeper` command in `work`."""
    return subprocess.run(
        [str(installed / "bin" / "scorekeeper"), *args],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
    )


def succeeds(result: subprocess.CompletedProcess) -> str:
    """The output of a command that must succeed."""
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


@pytest.fixture
def gunicorn(elsewhere, tmp_path) -> Iterator[str]:
    """gunicorn serving the installed app from the other directory, with the example
    settings (one worker) and a home folder of its own; its base URL."""
    work, env = elsewhere
    env = {key: value for key, value in env.items() if key != "XDG_RUNTIME_DIR"}
    env["HOME"] = str(tmp_path / "home")
    (tmp_path / "home").mkdir()
    request_lines = (tmp_path / "requests.log").open("w")
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", str(ROOT / "deploy" / "gunicorn.conf.py")]
        + ["-w", "1", "-b", "127.0.0.1:0", "scorekeeper.wsgi:app"],
        cwd=work,
        env=env,
        stdout=request_lines,
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
        request_lines.close()


def test_the_installed_package_migrates_and_serves_from_another_directory(
    installed, elsewhere, gunicorn, tmp_path
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
    succeeds(scorekeeper(installed, work, env, "db", "upgrade"))
    # The instance folder is ./instance of the working directory, never in the package.
    assert (work / "instance" / "scorekeeper.db").is_file()
    assert (work / "instance" / "secret_key").is_file()
    assert not list(installed.rglob("instance")), "the instance folder went into the package"
    assert "Demo" in succeeds(scorekeeper(installed, work, env, "demo"))
    # The command reads the compiled catalogs the wheel carries, beside the installed code.
    spanish_demo = succeeds(scorekeeper(installed, work, env, "demo", "--lang", "es"))
    assert "Se ha creado la liga de prueba «Familia de prueba»." in spanish_demo
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
    # The compiled catalogs came with the wheel: a Spanish browser reads Spanish.
    spanish = urllib.request.Request(gunicorn + "/", headers={"Accept-Language": "es"})
    with browser.open(spanish, timeout=60) as response:
        home_in_spanish = response.read().decode()
    assert '<html lang="es">' in home_in_spanish and "Apunta los puntos" in home_in_spanish
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
    kind, _ = get("/readyz")
    assert kind.startswith("text/plain")

    # One line per request, with its milliseconds, through the example settings' logging.
    requests = (tmp_path / "requests.log").read_text()
    assert re.search(rf"GET /games/{game}/blank\.pdf 200 \d+\.\d ms", requests), requests
    assert re.search(r"POST /login 302 \d+\.\d ms", requests), requests
    # No control socket: nothing in the home folder, which a second instance could take over.
    assert not list((tmp_path / "home").iterdir())


def test_the_wheel_says_its_license_version_and_command(packages):
    _, wheel = packages
    with zipfile.ZipFile(wheel) as archive:
        (info,) = {name.split("/")[0] for name in archive.namelist() if ".dist-info/" in name}
        metadata = archive.read(f"{info}/METADATA").decode()
        entry_points = archive.read(f"{info}/entry_points.txt").decode()
        licence = archive.read(f"{info}/licenses/LICENSE").decode()
    assert "License-Expression: MIT" in metadata
    assert licence == (ROOT / "LICENSE").read_text()
    assert licence.startswith("MIT License\n\nCopyright (c) ")
    assert "scorekeeper = scorekeeper.commands.main:scorekeeper" in entry_points
    # The newest release in the changelog is the version the package says it is.
    version = re.search(r"^Version: (.+)$", metadata, re.M).group(1)
    changelog = (ROOT / "CHANGELOG.md").read_text()
    newest = re.search(r"^## \[(\d[^\]]*)\]", changelog, re.M).group(1)
    assert newest == version


def test_the_scorekeeper_command_helps_and_reaches_the_apps_commands(installed, elsewhere):
    work, env = elsewhere

    general = succeeds(scorekeeper(installed, work, env, "--help"))
    serve = succeeds(scorekeeper(installed, work, env, "serve", "--help"))
    version = succeeds(scorekeeper(installed, work, env, "--version"))

    assert general.startswith("Usage: scorekeeper [OPTIONS] COMMAND [ARGS]...")
    assert "scorekeeper db upgrade" in general
    listed = re.findall(r"^  (\S+) ", general.split("Commands:")[1], re.M)
    assert {"serve", "db", "demo", "import", "export", "backup", "restore"} <= set(listed)
    assert "run" not in listed  # one way to serve the app
    assert serve.startswith("Usage: scorekeeper serve [OPTIONS]")
    assert "--host" in serve and "--port" in serve
    assert re.search(r"^scorekeeper, version \d+\.\d+\.\d+$", version)
