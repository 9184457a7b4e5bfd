"""Two ways to send a request and read the whole answer: Flask's test client, and HTTP.

Both take the same arguments and return a `Reply`, so the rounds in `bench.timing` time
them alike. Both send one fixed session cookie, taken after signing in; the cookie the
app sends back (its "seen" time, a flashed message) is read but not kept, so every
timed request carries the same session.
"""

from __future__ import annotations

import gzip
import http.client
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from urllib.parse import urlencode

from flask import Flask

FORM = "application/x-www-form-urlencoded"


class BenchError(Exception):
    """The bench itself broke: a page answered other than it must, a server did not start."""


@dataclass
class Reply:
    """A whole answer: status, headers (lower-case names) and body."""

    status: int
    headers: dict[str, str]
    body: bytes
    cookies: dict[str, str] = field(default_factory=dict)
    header_bytes: int = 0
    # Bytes of the body as sent (compressed, when the server compressed it); None: len(body).
    sent_bytes: int | None = None

    @property
    def wire_bytes(self) -> int:
        """The body's size on the wire."""
        return len(self.body) if self.sent_bytes is None else self.sent_bytes


class InProcess:
    """Requests through Flask's test client, in this process."""

    def __init__(self, app: Flask, cookie: str = "") -> None:
        self.app = app
        self.client = app.test_client(use_cookies=False)
        self.cookie = cookie

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        cookie: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        """Send one request and read its whole body."""
        headers = dict(headers or {})
        if (cookie if cookie is not None else self.cookie) != "":
            headers["Cookie"] = cookie if cookie is not None else self.cookie
        data = None
        if form is not None:
            headers["Content-Type"] = FORM
            data = urlencode(form)
        response = self.client.open(path, method=method, data=data, headers=headers)
        try:
            body = response.get_data()
        finally:
            response.close()
        cookies = _cookies(response.headers.getlist("Set-Cookie"))
        return Reply(response.status_code, _lower(response.headers.items()), body, cookies)


class OverHttp:
    """Requests over HTTP/1.1 to a server on the loopback, reusing the connection if kept."""

    def __init__(self, port: int, cookie: str = "") -> None:
        self.port = port
        self.cookie = cookie
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        cookie: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        """Send one request and read its whole body (reconnecting once if the server closed)."""
        headers = {
            "Host": f"127.0.0.1:{self.port}",
            "Accept-Encoding": "gzip, deflate, br",
            **(headers or {}),
        }
        if (cookie if cookie is not None else self.cookie) != "":
            headers["Cookie"] = cookie if cookie is not None else self.cookie
        body = None
        if form is not None:
            headers["Content-Type"] = FORM
            body = urlencode(form)
        for attempt in (1, 2):
            try:
                self.connection.request(method, path, body=body, headers=headers)
                response = self.connection.getresponse()
                data = response.read()
                break
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.connection.close()
                if attempt == 2:
                    raise
        raw_headers = response.msg.items()
        sent = len(data)
        data = _decoded(data, response.msg.get("Content-Encoding", ""))
        header_bytes = len(f"HTTP/1.1 {response.status} {response.reason}\r\n\r\n") + sum(
            len(f"{name}: {value}\r\n") for name, value in raw_headers
        )
        return Reply(
            response.status,
            _lower(raw_headers),
            data,
            _cookies(response.msg.get_all("Set-Cookie") or []),
            header_bytes,
            sent,
        )

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


def _lower(items) -> dict[str, str]:
    return {name.lower(): value for name, value in items}


def _cookies(set_cookie_headers: list[str]) -> dict[str, str]:
    jar: dict[str, str] = {}
    for header in set_cookie_headers:
        parsed = SimpleCookie()
        parsed.load(header)
        jar.update({name: morsel.value for name, morsel in parsed.items()})
    return jar


class _TokenFinder(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.token: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "input" and values.get("name") == "csrf_token" and self.token is None:
            self.token = values.get("value")


def csrf_token(page: bytes) -> str:
    """The CSRF token of the first form on a page."""
    finder = _TokenFinder()
    finder.feed(page.decode("utf-8"))
    if not finder.token:
        raise BenchError("No csrf_token on the page.")
    return finder.token


def sign_in(driver: InProcess | OverHttp, username: str, password: str, page: str) -> str:
    """Sign in as a browser does, with CSRF on; return the session cookie and a CSRF token.

    GET /login for a token, POST the form with it, then open `page` once: the token a page
    renders is kept in the session, so the cookie returned goes with the token returned.
    """
    first = driver.request("GET", "/login", cookie="")
    cookie = f"session={first.cookies['session']}"
    form = {"csrf_token": csrf_token(first.body), "username": username, "password": password}
    signed = driver.request("POST", "/login", {**form, "next": ""}, cookie=cookie)
    if signed.status != 302 or "session" not in signed.cookies:
        raise BenchError(f"Signing in answered {signed.status}, not a redirect.")
    cookie = f"session={signed.cookies['session']}"
    opened = driver.request("GET", page, cookie=cookie)
    if opened.status != 200:
        raise BenchError(f"{page} answered {opened.status} after signing in.")
    token = csrf_token(opened.body)
    driver.cookie = f"session={opened.cookies.get('session', signed.cookies['session'])}"
    return token


def _decoded(data: bytes, encoding: str) -> bytes:
    """The body as the page is read, whatever compression a browser asked for."""
    if encoding == "gzip":
        return gzip.decompress(data)
    if encoding == "br":
        import brotli

        return brotli.decompress(data)
    return data
