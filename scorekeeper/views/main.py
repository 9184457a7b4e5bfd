"""The home page, the health checks, the web app manifest, the favicon, and the service
worker with its offline pages."""

from __future__ import annotations

from pathlib import Path

from flask import (
    Blueprint,
    Response,
    current_app,
    jsonify,
    render_template,
    request,
    session,
    url_for,
)

from scorekeeper.forms.league import LeagueForm
from scorekeeper.league import leagues
from scorekeeper.web import access, database, worker
from scorekeeper.web.sessions import leaves_session_alone

bp = Blueprint("main", __name__)


@bp.get("/")
def index() -> str:
    """List the leagues and offer a form to create one."""
    shown = visible_leagues()
    sizes = {}
    if shown:
        sizes = leagues.sizes([league.id for league in shown])
    return render_template("index.html", leagues=shown, sizes=sizes, form=LeagueForm())


def visible_leagues() -> list:
    """The leagues the visitor owns or scores."""
    account, scorer_of = access.current_account(), session.get("scorer_of", [])
    if account is None and not scorer_of:
        return []
    return leagues.visible_leagues(account, scorer_of)


@bp.get("/healthz")
def healthz() -> Response:
    """Answer 200 ok while the process serves, without touching the database."""
    return Response("ok", mimetype="text/plain")


@bp.get("/readyz")
def readyz() -> Response:
    """Answer 200 ok when the database answers too, else 503 with the reason in plain text."""
    if database.reachable():
        return Response("ok", mimetype="text/plain", headers={"Cache-Control": "no-store"})
    return Response(
        "The database does not answer.",
        status=503,
        mimetype="text/plain",
        headers={"Cache-Control": "no-store", "Retry-After": "5"},
    )


@bp.get("/favicon.ico")
def favicon() -> Response:
    """The icon browsers ask for at the root when a page names none (a PDF, a JSON answer)."""
    icon = Path(current_app.static_folder or "", "icons", "favicon.ico").read_bytes()
    return Response(
        icon, mimetype="image/vnd.microsoft.icon", headers={"Cache-Control": "max-age=604800"}
    )


@bp.get("/manifest.webmanifest")
def manifest() -> Response:
    """The web app manifest, so a phone can put the app on its home screen."""
    icons = [
        {
            "src": url_for("static", filename=f"icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any maskable",
        }
        for size in (192, 512)
    ]
    icons.append(
        {
            "src": url_for("static", filename="icons/icon.svg"),
            "sizes": "any",
            "type": "image/svg+xml",
        }
    )
    response = jsonify(
        name="Scorekeeper",
        short_name="Scorekeeper",
        description="Scores and rulings for May I? and contract rummy at the table.",
        start_url=url_for("main.index"),
        display="standalone",
        background_color="#0f3d2e",
        theme_color="#0f3d2e",
        icons=icons,
    )
    response.mimetype = "application/manifest+json"
    # A phone keeps it a day: its icon URLs are fingerprinted, so it rarely changes.
    response.cache_control.public = True
    response.cache_control.max_age = 24 * 60 * 60
    return response


@bp.get("/sw.js")
@leaves_session_alone
def service_worker() -> Response:
    """The service worker, served at the root so that it can answer for every page of the app.

    Checked on every use (no-cache, answered 304 while it has not changed), so a phone picks
    up a new version of the app at its next page.
    """
    body, version = worker.script()
    response = Response(body, mimetype="text/javascript")
    response.set_etag(version)
    response.headers["Cache-Control"] = "no-cache"
    response.make_conditional(request)
    return response


@bp.get("/offline", defaults={"sending": False})
@bp.get("/offline/not-sent", endpoint="not_sent", defaults={"sending": True})
@leaves_session_alone
def offline(sending: bool) -> str:
    """The page the service worker shows when the connection is down: a page this phone has no
    copy of, or a form that could not be sent. The same for everyone (no account, no messages)."""
    return render_template("offline.html", sending=sending, account=None)
