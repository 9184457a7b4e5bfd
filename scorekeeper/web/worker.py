"""The service worker's script: static/sw.js, with the settings only the server knows above it.

The settings name the app shell (every static file the pages use, by its fingerprinted URL,
and the manifest), the two offline pages, and the URLs that sign in or out. A change to any
file of the shell changes its URL, so the script's bytes change, the browser installs the new
worker, and the new worker caches the new shell and deletes the old one (docs/offline.md).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from flask import abort, current_app, url_for

from scorekeeper.web.assets import StaticFiles

WORKER_FILE = "sw.js"
# Not the shell: the worker itself, the stylesheet only the PDF renderer reads, and the icon
# browsers ask for at /favicon.ico.
NOT_SHELL = frozenset({WORKER_FILE, "pdf.css", "icons/favicon.ico"})


def shell_files(folder: str) -> list[str]:
    """The static files the pages use, as names under `folder`, in a fixed order."""
    root = Path(folder)
    names = (path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file())
    return sorted(name for name in names if name not in NOT_SHELL and not name.startswith("."))


def settings() -> dict[str, Any]:
    """What the worker needs from the server, each URL as the pages name it."""
    shell = [
        url_for("static", filename=name) for name in shell_files(current_app.static_folder or "")
    ]
    shell.append(url_for("main.manifest"))
    return {
        "shell": shell,
        "static": f"{current_app.static_url_path}/",
        "offline": url_for("main.offline"),
        "notSent": url_for("main.not_sent"),
        # After any of these the phone may be someone else's: the pages kept are dropped.
        "signInOut": [
            url_for("auth.login"),
            url_for("auth.signup"),
            url_for("auth.logout"),
            url_for("auth.logout_everywhere"),
        ],
    }


def script() -> tuple[bytes, str]:
    """The worker's script and its version, a digest of the file and of its settings."""
    files: StaticFiles = current_app.extensions["static_files"]
    found = files.get(WORKER_FILE) or abort(404)
    given = settings()
    version = hashlib.sha256(
        (json.dumps(given, sort_keys=True) + found.digest).encode()
    ).hexdigest()[:16]
    preamble = f"var SETTINGS = {json.dumps({**given, 'version': version})};\n"
    return preamble.encode() + found.body, version
