"""Behind a TLS proxy (HTTPS=1), both servers see the visitor's address and the https scheme
that the proxy's X-Forwarded-* headers give: waitress (`make run`) and gunicorn.

Each server runs for real, in its own process, on a SQLite file; a client sets the headers a
proxy on this machine would. The address shows in the failed sign-in the server records; the
scheme in Flask-WTF's referrer check, which only runs over HTTPS.
"""

from __future__ import annotations

import http.cookiejar
import re
import sqlite3
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator

import pytest
import servers

from scorekeeper import create_app
from scorekeeper.commands.serve import proxy_settings
from scorekeeper.extensions import db
from scorekeeper.league import accounts

VISITOR = "203.0.113.9"


@pytest.fixture
def database(tmp_path) -> str:
    url = f"sqlite:///{tmp_path / 'proxy.db'}"
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "proxy-test"},
        instance_path=tmp_path / "instance",
    )
    with app.app_context():
        db.create_all()
        accounts.create_account("owner", "owner-password")
        db.session.commit()
        db.engine.dispose()
    return url


@pytest.fixture(params=["waitress", "gunicorn"])
def server(request, database, tmp_path) -> Iterator[str]:
    with servers.running(request.param, database, tmp_path / "instance", HTTPS="1") as port:
        yield f"http://127.0.0.1:{port}"


def proxied(opener, url: str, data: dict | None = None, **headers: str):
    """A request as the proxy on this machine forwards it: the visitor's address and https."""
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    forwarded = {"X-Forwarded-For": VISITOR, "X-Forwarded-Proto": "https"}
    forwarded["X-Forwarded-Host"] = urllib.parse.urlsplit(url).netloc
    req = urllib.request.Request(url, data=body, headers={**forwarded, **headers})
    try:
        return opener.open(req, timeout=30)
    except urllib.error.HTTPError as error:
        return error


def test_the_server_sees_the_visitors_address_and_https(server, database):
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    # Over https the session cookie is Secure: the jar would not send it back over http.
    page = proxied(opener, f"{server}/login")
    with page:
        token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.read().decode())[1]
        cookie = page.headers["Set-Cookie"]
    assert "Secure" in cookie
    session = cookie.split(";")[0]

    wrong = {"csrf_token": token, "username": "owner", "password": "a wrong guess"}
    home = f"https://{urllib.parse.urlsplit(server).netloc}/login"
    from_elsewhere = proxied(
        opener, f"{server}/login", wrong, Referer="https://evil.example/", Cookie=session
    )
    failed = proxied(opener, f"{server}/login", wrong, Referer=home, Cookie=session)
    from_elsewhere.close()
    failed.close()

    # The referrer check runs (the app sees https) and refuses the other site's form.
    assert from_elsewhere.status == 400
    assert failed.status == 401
    path = database.removeprefix("sqlite:///")
    with sqlite3.connect(path) as connection:
        addresses = [row[0] for row in connection.execute("SELECT address FROM login_attempt")]
    assert addresses == [VISITOR]


def test_without_https_waitress_trusts_no_proxy():
    assert proxy_settings({}) == {}
    trusted = proxy_settings({"HTTPS": "1"})
    assert trusted["trusted_proxy"] == "127.0.0.1" and trusted["trusted_proxy_count"] == 1
    assert (
        proxy_settings({"HTTPS": "1", "TRUSTED_PROXY": "10.0.0.2"})["trusted_proxy"] == "10.0.0.2"
    )
