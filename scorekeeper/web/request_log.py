"""One log line per request: method, path, status and the milliseconds it took.

The lines go to the `scorekeeper.requests` logger at INFO. The app only emits them; the
server decides where they go (`scorekeeper serve`, and `gunicorn.conf.py` for gunicorn). Where
nobody configured that logger, as in the tests, Python's logging drops them unseen.
"""

from __future__ import annotations

import logging
import time

from flask import Flask, Response, g, request

LOG = logging.getLogger("scorekeeper.requests")
# URL parts that are secrets in themselves: the read-only link's token opens a league.
SECRET_PARTS = ("token",)


def register(app: Flask) -> None:
    """Time every request from its first hook to its answer, and log it."""
    app.before_request(start_clock)
    app.after_request(log_request)


def start_clock() -> None:
    """Note when the request began (a hook that runs before every other)."""
    g.request_started = time.perf_counter()


def log_request(response: Response) -> Response:
    """Log the request's line once its answer is made."""
    if LOG.isEnabledFor(logging.INFO):
        started = g.get("request_started", time.perf_counter())
        milliseconds = (time.perf_counter() - started) * 1000
        LOG.info(
            "%s %s %s %.1f ms", request.method, logged_path(), response.status_code, milliseconds
        )
    return response


def logged_path() -> str:
    """The request's path, without its query string and with any secret in it hidden."""
    path = request.path
    for name in SECRET_PARTS:
        secret = (request.view_args or {}).get(name)
        if isinstance(secret, str) and secret:
            path = path.replace(f"/{secret}", f"/<{name}>", 1)
    return path


def log_to_stderr() -> None:
    """Write the request lines to stderr, each with its time: for a server, at its start."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
    LOG.addHandler(handler)
    LOG.setLevel(logging.INFO)
    # Written here only: waitress gives the root logger a handler of its own too.
    LOG.propagate = False
