"""Set-up truths: the system-library check of `make run` and `make test`, where the app finds
its files and its instance folder, what `make run` prints, and the favicon."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper import app as app_module
from scorekeeper import config, create_app
from scorekeeper.commands import backup, serve
from scorekeeper.extensions import db
from scorekeeper.models import Account

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / ".ci" / "system-deps"
RUN_PACKAGES = ["libpango-1.0-0", "libpangoft2-1.0-0", "libharfbuzz-subset0", "fonts-dejavu-core"]

FAKE_DPKG_QUERY = """#!/bin/sh
# dpkg-query -W -f='${Status}' PACKAGE: installed unless named in $MISSING
case " $MISSING " in *" $3 "*) echo "dpkg-query: no packages found matching $3" >&2; exit 1 ;; esac
printf 'install ok installed'
"""
FAKE_APT_GET = """#!/bin/sh
echo "apt-get $*" >> "$APT_LOG"
"""
FAKE_ID = """#!/bin/sh
echo "$FAKE_UID"
"""


@pytest.fixture
def machine(tmp_path: Path):
    """A simulated Debian machine: dpkg-query answers from $MISSING, apt-get only records
    what it was asked, `id -u` says $FAKE_UID. Returns run(set, missing, uid) -> result."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in (("dpkg-query", FAKE_DPKG_QUERY), ("apt-get", FAKE_APT_GET), ("id", FAKE_ID)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    log = tmp_path / "apt.log"

    def run(needs: str, missing: str = "", uid: int = 1000, *command: str, **extra: str):
        env = {
            **os.environ,
            "PATH": f"{bin_dir}:{os.environ['PATH']}",
            "MISSING": missing,
            "FAKE_UID": str(uid),
            "APT_LOG": str(log),
            "PYTHON": sys.executable,
            **extra,
        }
        if "SYSTEM_DEPS_PLATFORM" not in extra:
            env.pop("SYSTEM_DEPS_PLATFORM", None)
        result = subprocess.run(
            list(command) or [str(SCRIPT), needs],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        result.apt = log.read_text().splitlines() if log.exists() else []
        return result

    return run


def test_nothing_missing_says_nothing_and_installs_nothing(machine):
    for needs in ("run", "test", "ci"):
        result = machine(needs, uid=0)
        assert (result.returncode, result.stdout, result.stderr, result.apt) == (0, "", "", [])


def test_a_user_without_root_is_stopped_at_once_with_the_exact_command(machine):
    result = machine("run", missing="libharfbuzz-subset0 fonts-dejavu-core")
    assert result.returncode == 1
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.rstrip().endswith(
        "install them with: sudo apt-get install -y libharfbuzz-subset0 fonts-dejavu-core"
    )
    assert result.apt == []


def test_make_test_stops_before_installing_any_python_package(machine):
    result = machine(
        "test", "libharfbuzz-subset0", 1000, "make", "--no-print-directory", "test",
        "PYTEST_ARGS=--version",
    )  # fmt: skip
    assert result.returncode != 0
    assert "sudo apt-get install -y libharfbuzz-subset0" in result.stderr
    assert "pip" not in result.stdout + result.stderr
    assert "pytest" not in result.stdout


def test_root_on_debian_installs_what_is_missing_with_apt_get(machine):
    result = machine("test", missing="libharfbuzz-subset0 chromium", uid=0)
    assert result.returncode == 0, result.stderr
    assert "libharfbuzz-subset0 chromium" in result.stdout
    assert result.apt == [
        "apt-get update -qq",
        "apt-get install -y -qq --no-install-recommends libharfbuzz-subset0 chromium",
    ]


@pytest.mark.parametrize(
    ("needs", "missing"),
    [
        ("run", RUN_PACKAGES),
        ("test", [*RUN_PACKAGES, "poppler-utils", "chromium"]),
        ("ci", [*RUN_PACKAGES, "poppler-utils", "chromium", "postgresql"]),
        ("load", [*RUN_PACKAGES, "postgresql"]),
    ],
)
def test_each_command_checks_its_own_list(machine, needs, missing):
    everything = " ".join([*RUN_PACKAGES, "poppler-utils", "chromium", "postgresql"])
    result = machine(needs, missing=everything)
    assert result.stderr.rstrip().endswith(f"sudo apt-get install -y {' '.join(missing)}")
    listed = subprocess.run([SCRIPT, "list", needs], capture_output=True, text=True, check=True)
    assert listed.stdout.split() == missing


@pytest.fixture
def bare_machine(machine, tmp_path: Path):
    """No library loads (the interpreter that probes them fails) and no font is listed."""
    fake_python = tmp_path / "bin" / "python-probe"
    fake_python.write_text("#!/bin/sh\nexit 1\n")
    fake_python.chmod(0o755)
    fc_list = tmp_path / "bin" / "fc-list"
    fc_list.write_text("#!/bin/sh\nexit 0\n")
    fc_list.chmod(0o755)

    def run(platform: str):
        return machine("run", "", 1000, SYSTEM_DEPS_PLATFORM=platform, PYTHON=str(fake_python))

    return run


@pytest.mark.parametrize(
    ("platform", "command"),
    [
        ("macos", "brew install pango harfbuzz && brew install --cask font-dejavu"),
        (
            "fedora",
            "sudo dnf install -y pango harfbuzz dejavu-sans-fonts dejavu-serif-fonts"
            " dejavu-sans-mono-fonts",
        ),
    ],
)
def test_other_systems_get_their_own_command(bare_machine, platform, command):
    result = bare_machine(platform)
    assert result.returncode == 1
    assert len(result.stderr.splitlines()) == 1
    assert result.stderr.rstrip().endswith(f"install them with: {command}")
    assert result.apt == []


# --- where the app finds its files ---


def test_from_the_checkout_the_app_uses_the_top_level_folders(monkeypatch, tmp_path):
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    monkeypatch.chdir(tmp_path)
    assert not app_module.installed()
    assert app_module.resource_folder("templates") == ROOT / "templates"
    assert app_module.resource_folder("static") == ROOT / "static"
    assert app_module.default_instance_path() == ROOT / "instance"


def test_installed_the_instance_folder_is_in_the_working_directory(monkeypatch, tmp_path):
    monkeypatch.delenv("SCOREKEEPER_INSTANCE", raising=False)
    monkeypatch.setattr(app_module, "installed", lambda: True)
    monkeypatch.chdir(tmp_path)
    assert app_module.default_instance_path() == tmp_path / "instance"
    monkeypatch.setenv("SCOREKEEPER_INSTANCE", str(tmp_path / "elsewhere"))
    assert app_module.default_instance_path() == tmp_path / "elsewhere"


def test_the_instance_folder_and_its_files_are_readable_by_their_owner_only(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    instance = tmp_path / "instance"
    previous = os.umask(0o022)  # the usual umask, under which files are readable by all
    try:
        app = create_app({"TESTING": True}, instance_path=instance)
        with app.app_context():
            db.create_all()
            db.session.add(Account(username="kim", password_hash="x"))
            db.session.commit()
            copy = backup.backup()
            db.session.remove()
            db.engine.dispose()
    finally:
        os.umask(previous)

    def mode(path: Path) -> int:
        return stat.S_IMODE(path.stat().st_mode)

    database = instance / "scorekeeper.db"
    assert mode(instance) == 0o700
    assert mode(database) == 0o600
    assert mode(instance / config.SECRET_KEY_FILE) == 0o600
    assert mode(copy.parent) == 0o700
    assert mode(copy) == 0o600
    assert [mode(path) for path in instance.glob("scorekeeper.db-*")] in ([], [0o600, 0o600])


# --- what `make run` prints ---


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1", "127.0.1.1"])
def test_a_loopback_host_is_said_to_be_for_this_computer_only(capsys, host):
    serve.announce(host, 5000)
    printed = capsys.readouterr().out
    assert f"http://{host}:5000/, reachable only on this computer" in printed
    assert "phone on the same Wi-Fi" not in printed
    assert "█" not in printed and "▀" not in printed  # no QR code


def test_every_interface_prints_the_phone_address_and_its_qr_code(capsys, monkeypatch):
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")
    serve.announce("0.0.0.0", 5000)
    printed = capsys.readouterr().out
    assert "On a phone on the same Wi-Fi, open http://192.168.1.20:5000/" in printed
    assert "reachable only" not in printed
    assert "█" in printed or "▀" in printed


# --- the favicon ---


def test_favicon_is_served(client):
    with client.get("/favicon.ico") as response:
        assert response.status_code == 200
        assert response.mimetype == "image/vnd.microsoft.icon"
        assert response.data[:4] == b"\x00\x00\x01\x00"  # an icon file
        assert (ROOT / "static" / "icons" / "favicon.ico").read_bytes() == response.data
