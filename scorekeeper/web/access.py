"""Who may do what: a league's owner, its scorers (by passcode), and nobody else.

Every request to a league's pages is checked here, once, before the view runs: the league
is found from the URL (a league id, or a game id), the visitor's role in it is looked up,
and the view's required role (set by `owner_only`) is enforced.
"""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeVar
from urllib.parse import urlsplit

from flask import Flask, abort, current_app, g, redirect, request, session, url_for
from sqlalchemy import delete, select
from werkzeug.routing import IntegerConverter
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.models import Account, Game, JoinedPhone, League, SignedOutSession
from scorekeeper.play import games
from scorekeeper.read import pdf
from scorekeeper.rules.corrections import sender_words
from scorekeeper.rules.limits import LARGEST_ID

Role = Literal["owner", "scorer"]
View = TypeVar("View", bound=Callable[..., Any])

# Blueprints anyone may open: sign-in, the share link, the home page and health check.
OPEN_BLUEPRINTS = {"auth", "watch", "main", None}
IDLE_LIMIT = timedelta(days=14)
# However often it is used, a session ends this long after signing in (or joining).
SESSION_LIMIT = timedelta(days=60)


def owner_only(view: View) -> View:
    """Mark a view as the league owner's alone."""
    view.required_role = "owner"  # type: ignore[attr-defined]
    return view


def account_only(view: View) -> View:
    """Mark a view that needs a signed-in account but belongs to no league yet."""
    view.account_only = True  # type: ignore[attr-defined]
    return view


def request_game(game_id: int) -> Game:
    """The game the URL names, with everything its pages show (`games.load_game`), else 404."""
    return games.load_game(game_id) or abort(404)


@dataclass(frozen=True)
class SignedIn:
    """Who is signed in, as pages show it: the account's id, user name and chosen language."""

    id: int
    username: str
    language: str | None = None


def signed_in() -> SignedIn | None:
    """The signed-in account, if any: looked up once per request, with the session's
    revocation, in one query.

    A session signed in before the account's last "sign out everywhere", or signed out on
    this browser (its cookie copied elsewhere), signs nobody in.
    """
    return _session_facts()[0]


def current_account() -> Account | None:
    """The signed-in account as a model, for a view that changes or links to it."""
    visitor = signed_in()
    if visitor is None:
        return None

    return db.session.get(Account, visitor.id)


def _session_ended() -> bool:
    """True when this session was signed out, or began longer ago than SESSION_LIMIT."""
    return _session_facts()[1]


def _session_facts() -> tuple[SignedIn | None, bool]:
    """(who is signed in, whether the session ended), read once per request and session.

    Kept in `g` under the session's account, generation and id, so a sign-in or sign-out
    within the request reads again; `check_request` drops it as each request begins (an app
    context, and its `g`, may outlive a request).
    """
    account_id, sid = session.get("account_id"), session.get("sid")
    key = (account_id, session.get("generation", 0), sid, session.get("began"))
    known = g.get("session_facts")
    if known is not None and known[0] == key:
        return known[1]
    began = session.get("began")
    ended = began is not None and _now() - float(began) > SESSION_LIMIT.total_seconds()
    visitor = None
    row = None
    signed_out = select(SignedOutSession.id).where(SignedOutSession.id == sid)
    # A visitor who never signed in or joined a league has nothing to look up.
    if account_id is not None:
        row = db.session.execute(
            select(
                Account.id,
                Account.username,
                Account.session_generation,
                signed_out.exists(),
                Account.language,
            ).where(Account.id == account_id)
        ).first()
    if row is not None:
        ended = ended or bool(row[3])
        if not ended and key[1] == row.session_generation:
            visitor = SignedIn(row.id, row.username, row.language)
    elif sid is not None and not ended:
        ended = db.session.execute(signed_out).first() is not None
    g.session_facts = (key, (visitor, ended))
    return visitor, ended


def _now() -> float:
    return datetime.now(UTC).timestamp()


def visitor_is_known() -> bool:
    """True when the session names a signed-in account or a league this phone joined (read
    from the cookie alone, without a query)."""
    return session.get("account_id") is not None or bool(session.get("scorer_of"))


def role_in(league: League) -> Role | None:
    """The visitor's role in the league: owner, scorer, or None.

    A scorer's phone must still be on the league's list of joined phones: the owner may
    remove it, and a new passcode removes them all.
    """
    visitor = signed_in()
    if visitor is not None and league.owner_id == visitor.id:
        return "owner"
    if league.id in session.get("scorer_of", []) and _phone_joined(league.id):
        return "scorer"
    return None


def visitor_words(league: League) -> str:
    """Who this visitor is, as the table knows them (a proposal's sender, who decided it):
    the account signed in, else this phone as the league's list of phones names it."""
    visitor = signed_in()
    token = session.get("phone")
    device = None
    if visitor is None and token:
        device = db.session.scalar(
            select(JoinedPhone.device).where(
                JoinedPhone.league_id == league.id, JoinedPhone.token == token
            )
        )
    return sender_words(visitor.username if visitor else None, device)


def _phone_joined(league_id: int) -> bool:
    token = session.get("phone")
    if not token or _session_ended():
        return False
    known = g.get("joined")  # read with the league of a game's URL
    if known is not None and known[0] == league_id:
        return bool(known[1])
    joined = select(JoinedPhone.id).where(
        JoinedPhone.league_id == league_id, JoinedPhone.token == token
    )
    return db.session.execute(joined).first() is not None


def _new_session() -> None:
    session.clear()
    session.permanent = True
    session["sid"] = secrets.token_hex(16)
    session["began"] = session["seen"] = _now()


def sign_in(account: Account) -> None:
    """Start a fresh session for the account (a new session id against fixation)."""
    _new_session()
    session["account_id"] = account.id
    session["generation"] = account.session_generation


def sign_out() -> None:
    """End the session on the server too: its cookie, even copied, signs nobody in again,
    and the leagues this phone joined forget it."""

    sid, token = session.get("sid"), session.get("phone")
    now = datetime.now(UTC)
    db.session.execute(delete(SignedOutSession).where(SignedOutSession.until < now))
    if sid:
        db.session.merge(SignedOutSession(id=sid, until=now + SESSION_LIMIT))
    if token:
        db.session.execute(delete(JoinedPhone).where(JoinedPhone.token == token))
    db.session.flush()
    session.clear()


def sign_out_everywhere(account: Account) -> None:
    """End every session of the account, on every browser, this one included."""
    account.session_generation += 1
    sign_out()


def keep_signed_in(account: Account) -> None:
    """After the account's sessions ended (a new password), this browser's carries on: under
    the new generation, with a new session id; the leagues it joined stay joined."""
    session["generation"] = account.session_generation
    session["sid"] = secrets.token_hex(16)


def grant_scorer(league: League) -> None:
    """Let this phone score the league's games (after the right passcode): it joins the
    league's list of phones, which the owner sees in Settings."""
    if "sid" not in session:
        _new_session()
    session.permanent = True
    token = session.get("phone") or secrets.token_urlsafe(32)
    session["phone"] = token
    scorer_of = set(session.get("scorer_of", []))
    scorer_of.add(league.id)
    session["scorer_of"] = sorted(scorer_of)
    session["seen"] = _now()

    known = select(JoinedPhone.id).where(
        JoinedPhone.league_id == league.id, JoinedPhone.token == token
    )
    if db.session.scalar(known) is None:
        device = device_words(request.user_agent.string)
        db.session.add(JoinedPhone(league_id=league.id, token=token, device=device))
        db.session.flush()


def device_words(user_agent: str) -> str:
    """A phone's kind and browser in a few words, e.g. "iPhone, Safari", for the owner's list."""
    kinds = ("iPhone", "iPad", "Android", "Windows", "Macintosh", "CrOS", "Linux")
    browsers = ("Firefox", "Edg", "SamsungBrowser", "Chrome", "Safari")
    kind = next((k for k in kinds if k in user_agent), "Unknown device")
    browser = next((b for b in browsers if b in user_agent), "")
    names = {"Macintosh": "Mac", "CrOS": "Chromebook", "Edg": "Edge", "SamsungBrowser": "Samsung"}
    words = names.get(kind, kind) + (f", {names.get(browser, browser)}" if browser else "")
    return words[:80]


def safe_next(target: str | None, fallback: str) -> str:
    """A `next=` address only when it is a plain path of this site: no scheme, no host, no
    backslash, and no control character (a line break would end the redirect's header)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return fallback
    if "\\" in target or any(unicodedata.category(ch) == "Cc" for ch in target):
        return fallback
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return fallback
    return target


def _league_of_request() -> League | None:
    """The league the URL names: by its id, or as the league of the game it names.

    A game's league is read in one query with what the rest of the request would otherwise
    ask one query each for: the game's version (`game_version`, which the version poll
    answers) and whether this phone joined the league. Phones poll every few seconds, and
    on a busy server each query's round trip waits its turn.
    """
    args = request.view_args or {}
    if "league_id" in args:
        return db.session.get(League, args["league_id"]) or abort(404)
    if "game_id" in args:
        token = session.get("phone") or ""
        joined = select(JoinedPhone.id).where(
            JoinedPhone.league_id == League.id, JoinedPhone.token == token
        )
        of_game = (
            select(League, Game.version, joined.exists())
            .join(League.games)
            .where(Game.id == args["game_id"])
        )
        row = db.session.execute(of_game).first() or abort(404)
        league, g.game_version, here = row
        g.joined = (league.id, here)
        return league
    return None


def game_version() -> int:
    """The version of the game the URL names, read by the access check."""
    return int(g.game_version)


def _expired() -> bool:
    seen = session.get("seen")
    if seen is None:
        return False
    return datetime.now(UTC).timestamp() - float(seen) > IDLE_LIMIT.total_seconds()


def check_request() -> Response | None:
    """Refuse the request unless the visitor may see or do it."""
    # Read afresh for each request, even in a shared app context.
    for known in ("session_facts", "league", "role", "game_version", "joined"):
        g.pop(known, None)
    if request.endpoint == "static":
        return None
    if _expired() or _session_ended():
        session.clear()
    elif session and session.get("seen", 0) < datetime.now(UTC).timestamp() - 60:
        session["seen"] = datetime.now(UTC).timestamp()
    if request.blueprint in OPEN_BLUEPRINTS or request.endpoint is None:
        return None
    view = current_app.view_functions.get(request.endpoint)
    league = _league_of_request()
    if league is None:
        if signed_in() is None and getattr(view, "account_only", False):
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
        return None
    role = role_in(league)
    if role is None:
        if signed_in() is None and not session.get("scorer_of"):
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
        abort(404)  # another league's: as if it did not exist
    g.league, g.role = league, role
    if getattr(view, "required_role", None) == "owner" and role != "owner":
        abort(403)
    return None


def asks_fresh_drawing(league: League) -> bool:
    """True when the league's owner asks for its sheet drawn afresh (a hard reload sends
    `Cache-Control: no-cache`); scorers and share links get the copy already drawn."""
    return pdf.fresh_asked() and role_in(league) == "owner"


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
        return {"account": signed_in(), "role": g.get("role")}
