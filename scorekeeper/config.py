"""Configuration: defaults, then instance/config.py, then the environment, then a test mapping."""

import contextlib
import os
import secrets
from datetime import timedelta
from pathlib import Path

from flask import Flask

SECRET_KEY_FILE = "secret_key"


def apply_defaults(app: Flask) -> None:
    """Set the values that hold when nothing else is configured."""
    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI="sqlite:///" + os.path.join(app.instance_path, "scorekeeper.db"),
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        # Sessions end after two weeks without a visit (see access.IDLE_LIMIT).
        PERMANENT_SESSION_LIFETIME=timedelta(days=14),
        # The cookie is written when the session changes, not signed again on every answer: a
        # visit more than a minute after the last moves its "seen" time (see
        # access.check_request), which sends the cookie with two weeks more.
        SESSION_REFRESH_EACH_REQUEST=False,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        WTF_CSRF_TIME_LIMIT=None,
        POLL_SECONDS=5,
        # Finished PDFs kept in memory per process (a completed sheet is ~30 KB).
        PDF_CACHE_BYTES=16 * 1024 * 1024,
        # PDFs a process draws at once, the sheets of one owner's leagues one at a time.
        PDF_DRAWINGS=2,
        # The zone a new league starts in (its owner changes it in its settings): the
        # server's TZ when that names a place's zone (see zones.default_zone), else UTC.
        TIME_ZONE=os.environ.get("TZ", ""),
        # Pages go out compressed (brotli or gzip) to phones on a slow kitchen Wi-Fi.
        COMPRESS_ALGORITHM=["br", "gzip"],
        # Static files are compressed once per version by web/assets.py; 4xx pages there too.
        COMPRESS_MIMETYPES=["text/html", "application/json", "application/manifest+json"],
        COMPRESS_STREAMS=False,
    )


def apply_environment(app: Flask) -> None:
    """Let SECRET_KEY, DATABASE_URL, HTTPS, SERVER_NAME and TRUSTED_HOSTS from the
    environment override the files."""
    if key := os.environ.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = key
    if url := os.environ.get("DATABASE_URL"):
        app.config["SQLALCHEMY_DATABASE_URI"] = normalise_database_url(url)
    if os.environ.get("HTTPS", "").lower() in ("1", "true", "yes"):
        app.config["HTTPS"] = True
    # The links the app builds (a league's table and read-only links) take their host from
    # SERVER_NAME when set; TRUSTED_HOSTS makes Flask refuse any other Host header (400).
    if server_name := os.environ.get("SERVER_NAME", "").strip():
        app.config["SERVER_NAME"] = server_name
    if hosts := os.environ.get("TRUSTED_HOSTS", "").strip():
        app.config["TRUSTED_HOSTS"] = [host.strip() for host in hosts.split(",") if host.strip()]


def normalise_database_url(url: str) -> str:
    """Point postgres:// and postgresql:// URLs at the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def private_folder(path: Path) -> Path:
    """Make the folder if missing, readable by this user only (it holds the database, the
    secret key and backups, with every share token)."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def private_file(path: Path) -> Path:
    """Create an empty file readable by this user only, unless it exists: SQLite then opens
    it as an empty database, and gives its journal files the same mode."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    return path


def ensure_secret_key(app: Flask) -> None:
    """Generate a random secret key once and keep it in the instance folder."""
    if app.config.get("SECRET_KEY"):
        return
    path = Path(app.instance_path) / SECRET_KEY_FILE
    if not path.exists():
        # Created with O_EXCL so two workers starting together cannot each write their own key.
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as handle:
                handle.write(secrets.token_hex(32))
    app.config["SECRET_KEY"] = path.read_text().strip()
