"""Fixtures: the app served on a free port with a fresh database, and Chromium as a phone."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import TEST_DATABASE_URL, emptied
from flask import Flask, got_request_exception
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright
from werkzeug.serving import WSGIRequestHandler, make_server

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues, passcodes
from scorekeeper.models import Account, League
from scorekeeper.play import games

from .phone import HandForm, Thumb
from .signing_in import OWNER, OWNER_PASSWORD, PASSCODE

CHROMIUM = Path("/usr/bin/chromium")
# Without the networking flags Chromium tries to reach the internet at start and fails.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# A common phone: 390 x 844 CSS pixels at twice the density, touch screen.
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
    "color_scheme": "light",
}
SCREENSHOTS = Path(__file__).resolve().parent.parent / "screenshots"
TIMEOUT_MS = 5_000


def pytest_addoption(parser: pytest.Parser) -> None:
    """--screenshots saves the table screen in light and dark to tests/screenshots/."""
    parser.addoption(
        "--screenshots",
        action="store_true",
        default=False,
        help="browser tests save screenshots to tests/screenshots/ (or set SCREENSHOTS=1)",
    )


@pytest.fixture
def poll_seconds() -> int:
    """How often pages poll the game's version: every second (a test may parametrize it)."""
    return 1


@pytest.fixture
def live_app(tmp_path: Path, poll_seconds: int, migrated: bool) -> Iterator[Flask]:
    """The app on an empty database, CSRF on, polling every `poll_seconds`: an SQLite file,
    or with TEST_DATABASE_URL the PostgreSQL database the migrations made, emptied after."""
    instance = tmp_path / "instance"
    app = create_app(
        {
            # A file, so that a server in a process of its own can open it too.
            "SQLALCHEMY_DATABASE_URI": (
                TEST_DATABASE_URL if migrated else f"sqlite:///{instance}/db.sqlite"
            ),
            "SECRET_KEY": "x",
            "WTF_CSRF_ENABLED": True,
            "POLL_SECONDS": poll_seconds,
        },
        instance_path=instance,
    )
    with app.app_context():
        if not migrated:
            db.create_all()
    yield app
    with app.app_context():
        emptied(migrated)


class QuietRequestHandler(WSGIRequestHandler):
    """Serves like the development server, without a log line per request (errors still show)."""

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        """Leave out the access log: a game is hundreds of requests."""


@pytest.fixture
def live_server(live_app: Flask) -> Iterator[str]:
    """Serve the app on a free port in a thread; the base URL, e.g. http://127.0.0.1:40123."""
    failures: list[BaseException] = []

    def record(_sender: Flask, exception: BaseException, **_extra: object) -> None:
        failures.append(exception)

    got_request_exception.connect(record, live_app)
    server = make_server(
        "127.0.0.1", 0, live_app, threaded=True, request_handler=QuietRequestHandler
    )
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        got_request_exception.disconnect(record, live_app)
        answered(live_app)
    if failures:
        pytest.fail(f"the server failed during the test: {failures!r}")


def answered(app: Flask, seconds: float = 10) -> None:
    """Wait a while for the requests still being answered to give back their database
    connections: one the phone sent just before the test ended (a poll, a save) finishes
    before the database is emptied under it."""
    deadline = time.monotonic() + seconds
    with app.app_context():
        while db.engine.pool.checkedout() and time.monotonic() < deadline:
            time.sleep(0.02)


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, once per run."""
    with sync_playwright() as driver:
        yield driver


ICON_FILE = Path(__file__).resolve().parents[2] / "static" / "icons" / "icon.svg"


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Debian's Chromium, headless; skipped where it is missing (but never on CI)."""
    if not CHROMIUM.exists():
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(
                f"Chromium is not at {CHROMIUM}: CI must install it (apt-get install chromium)"
            )
        pytest.skip("Chromium is not installed: apt-get install chromium")
    browser = playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )
    yield browser
    browser.close()


def phone_context(browser: Browser, base_url: str, scripts: bool = True) -> BrowserContext:
    """A phone's own browser context (cookies, session, storage) at the server `base_url`;
    with `scripts` False, a browser that runs no JavaScript."""
    context = browser.new_context(base_url=base_url, java_script_enabled=scripts, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    # The icon is fetched again as the favicon just after each page loads; a test that
    # moves on at once cancels that download, and the development server then leaves
    # the file open (a ResourceWarning, an error here). The icon comes from disk instead.
    context.route("**/static/icons/icon.svg*", lambda route: route.fulfill(path=ICON_FILE))
    return context


@pytest.fixture
def phone(browser: Browser, live_server: str) -> Iterator[Callable[[], Page]]:
    """Make a phone: a page in its own browser context (cookies, session), at the live server.

    A script error on any page fails the test.
    """
    contexts = []
    script_errors: list[str] = []

    def make() -> Page:
        context = phone_context(browser, live_server)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: script_errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not script_errors, f"JavaScript errors on the page: {script_errors}"


@pytest.fixture
def page(phone: Callable[[], Page]) -> Page:
    """The phone on the table: Chromium at 390 x 844, touch, twice the pixel density."""
    return phone()


@pytest.fixture
def thumb() -> Thumb:
    """Counts the taps a test makes."""
    return Thumb()


@pytest.fixture
def hand_form(page: Page, thumb: Thumb) -> HandForm:
    """The hand form on the phone, tapped by the counting thumb."""
    return HandForm(page, thumb)


@pytest.fixture
def screenshots(request: pytest.FixtureRequest) -> Path | None:
    """Where to save screenshots when --screenshots (or SCREENSHOTS=1) asks for them, else None."""
    wanted = request.config.getoption("--screenshots", default=False)
    if not wanted and os.environ.get("SCREENSHOTS") != "1":
        return None
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS


@pytest.fixture
def owner(live_app: Flask) -> int:
    """The account (OWNER, OWNER_PASSWORD) that owns the factories' leagues; returns its id."""
    with live_app.app_context():
        account = accounts.create_account(OWNER, OWNER_PASSWORD)
        db.session.commit()
        return account.id


@pytest.fixture
def make_league(live_app: Flask, owner: int) -> Callable[[Sequence[str]], int]:
    """Make a Continental league of `owner`, table passcode PASSCODE; returns its id."""

    def make(players: Sequence[str]) -> int:
        with live_app.app_context():
            league = leagues.create_league(
                "The Smiths", "continental", db.session.get(Account, owner)
            )
            passcodes.set_passcode(league, PASSCODE)
            for name in players:
                leagues.add_player(league, name)
            db.session.commit()
            return league.id

    return make


class MadeGame(NamedTuple):
    """The ids of a game made straight in the database, and of its league."""

    league_id: int
    game_id: int


@pytest.fixture
def make_game(
    live_app: Flask, make_league: Callable[[Sequence[str]], int]
) -> Callable[..., MadeGame]:
    """Start a Continental game of a new league straight in the database.

    The players sit in the order given, and `first_dealer` (a seat, from 0) deals hand 1.
    """

    def make(players: Sequence[str], first_dealer: int = 0) -> MadeGame:
        league_id = make_league(players)
        with live_app.app_context():
            league = db.session.get(League, league_id)
            seated = sorted(league.players, key=lambda player: players.index(player.name))
            game = games.start_game(league, league.rulesets[0], seated, first_dealer)
            db.session.commit()
            return MadeGame(league_id, game.id)

    return make
