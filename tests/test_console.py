"""The `scorekeeper` command: its help, `serve`, and the app's commands reached through it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import servers
from click.testing import CliRunner

from scorekeeper.commands.main import scorekeeper

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """Run `python *args` in a process of its own, as a person would at a terminal."""
    return subprocess.run(
        [sys.executable, *args], cwd=cwd, capture_output=True, text=True, timeout=60
    )


def test_serve_help_prints_help_and_serves_nothing():
    shown = run("-m", "scorekeeper.commands.serve", "--help")

    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith("Usage: python -m scorekeeper.commands.serve [OPTIONS]")
    assert "--host" in shown.stdout and "--port" in shown.stdout
    assert "serving" not in shown.stdout.lower()


# fmt: off
REFUSED_PORTS = {
    # id:          --port,   what is said
    "zero":        ("0",     "0 is not in the range 1<=x<=65535"),
    "too-large":   ("65536", "65536 is not in the range 1<=x<=65535"),
    "not-a-port":  ("http",  "'http' is not a valid integer"),
}
# fmt: on


@pytest.mark.parametrize(("port", "said"), REFUSED_PORTS.values(), ids=REFUSED_PORTS)
def test_serve_refuses_a_port_out_of_range_before_anything_starts(port, said):
    refused = CliRunner().invoke(scorekeeper, ["serve", "--port", port])

    assert refused.exit_code == 2
    assert said in refused.output, refused.output


def test_the_command_lists_serve_and_the_apps_commands(tmp_path):
    runner = CliRunner(env={"SCOREKEEPER_INSTANCE": str(tmp_path / "instance")})
    shown = runner.invoke(scorekeeper, ["--help"], prog_name="scorekeeper")

    assert shown.exit_code == 0, shown.output
    commands = shown.output.split("Commands:")[1]
    for name in ("serve", "db", "demo", "import", "export", "backup", "restore"):
        assert f"\n  {name} " in commands, name
    assert "\n  run " not in commands  # one way to serve the app: `serve`
    assert "..." not in commands  # each command's line reads whole


def test_the_apps_commands_run_through_it(tmp_path):
    env = {"SCOREKEEPER_INSTANCE": str(tmp_path / "instance"), "DATABASE_URL": None}
    runner = CliRunner(env=env)

    upgraded = runner.invoke(scorekeeper, ["db", "upgrade"])
    demo = runner.invoke(scorekeeper, ["demo"])

    assert upgraded.exit_code == 0, upgraded.output
    assert demo.exit_code == 0, demo.output
    assert "Created the demo league" in demo.output
    assert (tmp_path / "instance" / "scorekeeper.db").is_file()


def test_serve_writes_one_line_per_request_with_its_milliseconds(tmp_path):
    port = servers.free_port()
    env = {
        **os.environ,
        "SCOREKEEPER_INSTANCE": str(tmp_path / "instance"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'serve.db'}",
    }
    command = [sys.executable, "-m", "scorekeeper", "serve", "--host", "127.0.0.1"]
    with (tmp_path / "stderr.log").open("w") as stderr:
        server = subprocess.Popen(
            [*command, "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
        )
        try:
            servers.wait_until_listening(port, server)
            base = f"http://127.0.0.1:{port}"
            urllib.request.urlopen(f"{base}/healthz?password=hunter2", timeout=30).close()
            with pytest.raises(urllib.error.HTTPError):
                urllib.request.urlopen(f"{base}/no/such/page", timeout=30)
        finally:
            server.terminate()
            server.wait(timeout=30)
            server.stdout.close()

    written = (tmp_path / "stderr.log").read_text()
    stamped = r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (.+) \d+\.\d ms$"
    assert re.findall(stamped, written, re.M) == ["GET /healthz 200", "GET /no/such/page 404"]
    assert written.count("GET /healthz ") == 1  # once, not again through the root logger
    assert "hunter2" not in written
