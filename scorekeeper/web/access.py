"""Who may do what: a league's owner, its scorers (by passcode), and nobody else.

Every request to a league's pages is checked here, once, before the view runs: the league
is found from the URL (a league id, or a game id), the visitor's role in it is looked up,
and the view's required role (set by `owner_only`) is enforced.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeVar
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, g, redirect, request, session, url_for
from werkzeug.routing import IntegerConverter
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.models import Account, Game, League
from scorekeeper.play import games
from scorekeeper.rules.limits import LARGEST_ID

Role = Literal["owner", "scorer"]
View = TypeVar("View", bound=Callable[..., Any])

# Blueprints anyone may open: sign-in, the share link, the home page and health check.
OPEN_BLUEPRINTS = {"auth", "watch", "main", None}
IDLE_LIMIT = timedelta(days=14)


def owner_only(view: View) -> View:
    """Mark a view as the league owner's alone."""
    view.required_role = "owner"  # type: ignore[attr-defined]
    return view


def account_only(view: View) -> View:
    """Mark a view that needs a signed-in account but belongs to no league yet."""
    view.account_only = True  # type: ignore[attr-defined]
    return view


def game_row_only(view: View) -> View:
    """Mark a view that reads only the game's own row (its version), not its seats and hands."""
    view.game_row_only = True  # type: ignore[attr-defined]
    return view


def request_game(game_id: int) -> Game:
    """The game the URL names, as the access check loaded it for this request (else 404).

    The check loads it once, with everything its pages show; a view marked `game_row_only`
    gets the game's row alone.
    """
    game = g.get("game")
    if game is None or game.id != game_id:
        game = games.load_game(game_id)
        g.game = game
    return game or abort(404)


def current_account() -> Account | None:
    """The signed-in account, if any (looked up once per signed-in id)."""
    account_id = session.get("account_id")
    # Keyed by the id, not just cached: an app context (and its `g`) may outlive a request.
    if g.get("account_id") != account_id or "account" not in g:
        g.account_id = account_id
        g.account = db.session.get(Account, account_id) if account_id else None
    return g.account


def role_in(league: League) -> Role | None:
    """The visitor's role in the league: owner, scorer, or None."""
    account = current_account()
    if account is not None and league.owner_id == account.id:
        return "owner"
    if league.id in session.get("scorer_of", []):
        return "scorer"
    return None


def sign_in(account: Account) -> None:
    """Start a fresh session for the account (a new session id against fixation)."""
    session.clear()
    session.permanent = True
    session["account_id"] = account.id
    session["seen"] = datetime.now(UTC).timestamp()


def sign_out() -> None:
    """End the session."""
    session.clear()


def grant_scorer(league: League) -> None:
    """Let this browser score the league's games (after the right passcode)."""
    session.permanent = True
    scorer_of = set(session.get("scorer_of", []))
    scorer_of.add(league.id)
    session["scorer_of"] = sorted(scorer_of)
    session["seen"] = datetime.now(UTC).timestamp()


def safe_next(target: str | None, fallback: str) -> str:
    """A `next=` address only when it stays on this site (a path, no host, no scheme)."""
    if not target:
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return fallback
    if "\\" in target:
        return fallback
    return target


def _league_of_request() -> League | None:
    args = request.view_args or {}
    if "league_id" in args:
        return db.session.get(League, args["league_id"]) or abort(404)
    if "game_id" in args:
        view = current_app.view_functions.get(request.endpoint or "")
        if getattr(view, "game_row_only", False):
            game = games.load_game_row(args["game_id"])
        else:
            game = games.load_game(args["game_id"])
        g.game = game or abort(404)
        return g.game.league
    return None


def _expired() -> bool:
    seen = session.get("seen")
    if seen is None:
        return False
    return datetime.now(UTC).timestamp() - float(seen) > IDLE_LIMIT.total_seconds()


def check_request() -> Response | None:
    """Refuse the request unless the visitor may see or do it."""
    if request.endpoint == "static":
        return None
    if _expired():
        session.clear()
    elif session and session.get("seen", 0) < datetime.now(UTC).timestamp() - 60:
        session["seen"] = datetime.now(UTC).timestamp()
    if request.blueprint in OPEN_BLUEPRINTS or request.endpoint is None:
        return None
    view = current_app.view_functions.get(request.endpoint)
    league = _league_of_request()
    if league is None:
        if current_account() is None and getattr(view, "account_only", False):
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
        return None
    role = role_in(league)
    if role is None:
        if current_account() is None and not session.get("scorer_of"):
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
        abort(404)  # another league's: as if it did not exist
    g.league, g.role = league, role
    if getattr(view, "required_role", None) == "owner" and role != "owner":
        abort(403)
    return None


def require_owner(league: League) -> None:
    """Stop here unless the visitor owns the league (for owner-only cases inside a view)."""
    if role_in(league) != "owner":
        abort(403)


class RowIdConverter(IntegerConverter):
    """`<int:...>` in a URL: an id of ASCII digits within the database's integer, else 404.

    Werkzeug's own takes any Unicode digit and any length, and an id past 64 bits (or 32 bits
    on PostgreSQL) would reach the query and fail there.
    """

    regex = r"[0-9]{1,10}"

    def __init__(self, url_map: Any, fixed_digits: int = 0, min: int = 1, max: int = LARGEST_ID):
        super().__init__(url_map, fixed_digits, min, max)


def register(app: Flask) -> None:
    """Check every request and expose the visitor's account and role to templates.

    Must run before the blueprints are registered: their routes use the id converter.
    """
    app.url_map.converters["int"] = RowIdConverter
    app.before_request(check_request)

    @app.context_processor
    def visitor() -> dict[str, Any]:
        return {"account": current_account(), "role": g.get("role")}
