"""`make run`'s waitress on a family network: slow connections by the hundred leave room for
the family's requests, and an oversized body is refused before waitress stores it.

The real server runs in its own process on a loopback port, on a SQLite file.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack

import pytest
import servers

from scorekeeper import create_app
from scorekeeper.extensions import db

pytestmark = pytest.mark.slow

SLOW_CONNECTIONS = 200


@pytest.fixture
def app_limit(tmp_path) -> int:
    """The largest body the app takes (MAX_CONTENT_LENGTH), on the database the server uses."""
    url = f"sqlite:///{tmp_path / 'serving.db'}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url}, instance_path=tmp_path / "instance")
    with app.app_context():
        db.create_all()
        db.engine.dispose()
    return app.config["MAX_CONTENT_LENGTH"]


@pytest.fixture
def port(app_limit, tmp_path) -> Iterator[int]:
    url = f"sqlite:///{tmp_path / 'serving.db'}"
    with servers.running("waitress", url, tmp_path / "instance") as port:
        yield port


def answer_within(port: int, request: bytes, seconds: float) -> bytes:
    """The status line the server answers `request` with, waiting at most `seconds`."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as connection:
        connection.settimeout(seconds)
        connection.sendall(request)
        try:
            return connection.recv(4096).split(b"\r\n")[0]
        except TimeoutError:
            return b"no answer within the time"


def test_slow_connections_leave_room_for_a_normal_request(port):
    stop = threading.Event()
    with ExitStack() as held:
        slow = []
        for _ in range(SLOW_CONNECTIONS):
            connection = held.enter_context(socket.create_connection(("127.0.0.1", port)))
            connection.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            slow.append(connection)

        def dribble() -> None:
            # Each slow connection sends one more header line every few seconds, for ever.
            while not stop.wait(2):
                for connection in slow:
                    connection.sendall(b"X-Slow: 1\r\n")

        dribbler = threading.Thread(target=dribble, daemon=True)
        dribbler.start()
        try:
            time.sleep(1)  # the server has seen them all
            started = time.monotonic()
            status = answer_within(port, b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 1)
            assert status == b"HTTP/1.1 200 OK"
            assert time.monotonic() - started < 1
        finally:
            stop.set()
            dribbler.join(timeout=5)


def test_an_oversized_body_is_refused_before_it_is_sent(port, app_limit):
    # Only the headers go: waitress answers from the Content-Length, holding no byte of the
    # body (it would otherwise wait for the whole body, buffering it to disk, then ask the app).
    request = (
        b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n"
        + f"Content-Length: {app_limit + 1}\r\n\r\n".encode()
    )
    assert answer_within(port, request, 2) == b"HTTP/1.1 413 Request Entity Too Large"


def test_a_body_of_exactly_the_limit_reaches_the_app(port, app_limit):
    # The server and the app agree on the limit: a body as long as it is the app's to answer.
    body = b"x" * app_limit
    request = (
        b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/octet-stream\r\n"
        + f"Content-Length: {app_limit}\r\n\r\n".encode()
        + body
    )
    status = answer_within(port, request, 10)
    assert status.startswith(b"HTTP/1.1 ") and b"413" not in status, status
