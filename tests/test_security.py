"""Web hygiene: CSRF on every form, security headers, cookies, size limit, next=, escaping."""

from __future__ import annotations

import re
from datetime import date
from pathlib import Path
from urllib.parse import quote

import pytest
from conftest import SETTINGS, out, play_hand, tally
from flask import Flask
from test_access import (
    RULES,
    Browser,
    Side,
    World,
    build_world,
    database_rows,
    harmful_form,
    methods,
    own_urls,
    owner_of,
    scorer_of,
    text,
)

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.league import settings as league_settings
from scorekeeper.models import League
from scorekeeper.play import games

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


@pytest.fixture
def world(app, owner) -> World:
    """League A of `owner` and league B of another family (see test_access)."""
    return build_world(owner)


# --- CSRF ---


def post_rules():
    return [rule for rule in RULES if "POST" in methods(rule)]


def csrf_token(page: str) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


def test_every_post_without_the_token_is_refused_and_changes_nothing(app, world):
    app.config["WTF_CSRF_ENABLED"] = True
    owner_a = owner_of(app, world.a)
    before = database_rows()

    wrong = []
    for rule in post_rules():
        path = own_urls(rule, world.a)[0]
        response = owner_a.post(path, data=harmful_form(world.a))
        if response.status_code != 400 or "CSRF token is missing" not in text(response):
            wrong.append(f"POST {path}: {response.status_code}")
        if database_rows() != before:
            wrong.append(f"POST {path} changed the database")
            before = database_rows()

    assert post_rules()
    assert not wrong, "\n".join(wrong)


def test_post_with_a_wrong_token_is_refused(app, world):
    app.config["WTF_CSRF_ENABLED"] = True
    owner_a = owner_of(app, world.a)
    before = database_rows()

    response = owner_a.post(
        f"/leagues/{world.a.league_id}/settings/share", data={"csrf_token": "forged"}
    )

    assert response.status_code == 400
    assert database_rows() == before


def test_post_with_the_pages_token_goes_through(app, world):
    app.config["WTF_CSRF_ENABLED"] = True
    owner_a = owner_of(app, world.a)
    settings = owner_a.get(f"/leagues/{world.a.league_id}/settings")

    response = owner_a.post(
        f"/leagues/{world.a.league_id}/settings/share",
        data={"csrf_token": csrf_token(settings.get_data(as_text=True))},
    )

    assert response.status_code == 302
    db.session.expire_all()
    assert db.session.get(League, world.a.league_id).share_token != world.a.token


def test_sign_out_without_the_token_keeps_the_session(app, world):
    app.config["WTF_CSRF_ENABLED"] = True
    owner_a = owner_of(app, world.a)

    response = owner_a.post("/logout")

    assert response.status_code == 400
    assert "This form was out of date or came from another site." in response.text
    assert owner_a.session()["account_id"] == world.a.owner_id


FORM = re.compile(r"<form\b[^>]*>.*?</form>", re.S | re.I)


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_every_posting_form_carries_the_token(template):
    for form in FORM.findall(template.read_text()):
        if re.search(r'method="post"', form, re.I):
            assert re.search(r"hidden_tag\(\)|csrf_token", form), form[:200]


# --- security headers ---


def header_pages(a: Side) -> list[str]:
    """Pages of every kind: open, signed in, JSON, static, missing, the share link."""
    return [
        "/",
        "/login",
        "/healthz",
        "/manifest.webmanifest",
        "/static/app.css",
        "/no-such-page",
        f"/leagues/{a.league_id}",
        f"/leagues/{a.league_id}/settings",
        f"/leagues/{a.league_id}/standings",
        f"/games/{a.game_id}",
        f"/games/{a.game_id}/version",
        f"/games/{a.game_id}/hand/2/score",
        f"/watch/{a.token}",
    ]


def test_security_headers_on_every_kind_of_page(app, world):
    owner_a = owner_of(app, world.a)
    for path in header_pages(world.a):
        response = owner_a.get(path)
        headers = response.headers
        policy = headers.get("Content-Security-Policy", "")
        directives = dict(
            (part.split(" ", 1) + [""])[:2] for part in map(str.strip, policy.split(";")) if part
        )
        assert directives.get("frame-ancestors") == "'none'", path
        assert directives.get("script-src") == "'self'", path
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy, path
        assert directives.get("object-src") == "'none'", path
        assert headers.get("X-Content-Type-Options") == "nosniff", path
        assert headers.get("Referrer-Policy") in ("same-origin", "no-referrer"), path
        assert headers.get("X-Frame-Options") == "DENY", path
        features = dict(part.split("=", 1) for part in headers["Permissions-Policy"].split(", "))
        assert features["camera"] == features["microphone"] == features["geolocation"] == "()"
        assert features["screen-wake-lock"] == "(self)", path  # the table screen stays awake
        response.close()


def test_what_a_signed_in_owner_or_a_joined_phone_is_sent_is_kept_in_no_cache(app, world):
    a = world.a
    shared = ("/static/", "/watch/", "/manifest")  # the same for everyone, kept as they say
    own_pages = [p for p in header_pages(a) if not p.startswith(shared)]
    for visitor in (owner_of(app, a), scorer_of(app, a)):
        for path in own_pages:
            assert visitor.get(path).headers.get("Cache-Control") == "no-store", path
    league_file = owner_of(app, a).get(f"/leagues/{a.league_id}/export")
    assert league_file.status_code == 200
    assert league_file.headers["Cache-Control"] == "no-store"
    # Static files keep their own long life.
    style = owner_of(app, a).get("/static/app.css?v=x").headers["Cache-Control"]
    assert "no-store" not in style


def test_share_link_is_kept_out_of_referrers(app, world):
    response = Browser(app).get(f"/watch/{world.a.token}")
    assert response.headers["Referrer-Policy"] == "no-referrer"


# --- nothing inline, so the policy can refuse inline script and style ---

INLINE = {
    "inline script": re.compile(r"<script\b(?![^>]*\bsrc=)[^>]*>", re.I),
    "script body": re.compile(r"<script\b[^>]*\bsrc=[^>]*>\s*[^<\s]", re.I),
    "style element": re.compile(r"<style\b", re.I),
    "style attribute": re.compile(r"<[a-z][^>]*\sstyle\s*=", re.I),
    "event handler": re.compile(r"<[a-z][^>]*\son[a-z]+\s*=", re.I),
    "javascript: URL": re.compile(r"""(?:href|src|action)\s*=\s*["']?\s*javascript:""", re.I),
}


def inline_code(html: str) -> list[str]:
    return [f"{kind}: {m.group(0)[:80]}" for kind, rx in INLINE.items() for m in rx.finditer(html)]


@pytest.mark.parametrize(
    "template", sorted(TEMPLATES.rglob("*.html")), ids=lambda p: str(p.relative_to(TEMPLATES))
)
def test_templates_hold_no_inline_script_or_style(template):
    assert inline_code(template.read_text()) == []


def test_rendered_pages_hold_no_inline_script_or_style(app, world):
    """Every page a league's owner can open, as rendered (macros and charts included)."""
    league = db.session.get(League, world.a.league_id)
    finished = games.start_game(
        league, league.rulesets[0], league.players[:4], 0, today=date(2026, 2, 1)
    )
    db.session.commit()
    for _ in range(7):
        play_hand(finished, [out(), tally(low=1), tally(high=2), tally(ace=1)])
    owner_a = owner_of(app, world.a)

    found = []
    for rule in RULES:
        if "GET" not in methods(rule) or (rule.defaults or {}).get("as_pdf"):
            continue
        for path in own_urls(rule, world.a) if rule.arguments else [rule.rule]:
            response = owner_a.get(path)
            if response.mimetype == "text/html":
                found += [f"{path}: {problem}" for problem in inline_code(text(response))]

    assert not found, "\n".join(found)


# --- cookies ---


def cookie_app(tmp_path, **settings) -> Flask:
    """An app of its own on SQLite in memory, with an account to sign in to."""
    app = create_app(
        {**SETTINGS, "SQLALCHEMY_DATABASE_URI": "sqlite://", **settings},
        instance_path=tmp_path / "cookie-instance",
    )
    with app.app_context():
        db.create_all()
        accounts.create_account("owner", "owner-password")
        db.session.commit()
    return app


def sign_in_cookie(app: Flask, base_url: str) -> tuple[str, dict]:
    client = app.test_client()
    with app.app_context():
        response = client.post(
            "/login",
            data={"username": "owner", "password": "owner-password"},
            base_url=base_url,
        )
    assert response.status_code == 302
    cookies = {c.partition("=")[0]: c for c in response.headers.getlist("Set-Cookie")}
    return cookies["session"], {**dict(response.headers), "device-cookie": cookies["device"]}


def cookie_flags(cookie: str) -> set[str]:
    return {part.strip().split("=")[0].lower() for part in cookie.split(";")[1:]}


def test_session_cookie_is_secure_over_https(tmp_path):
    app = cookie_app(tmp_path, HTTPS=True)

    cookie, headers = sign_in_cookie(app, "https://localhost")

    assert "secure" in cookie_flags(cookie)
    assert "httponly" in cookie_flags(cookie)
    assert "SameSite=Lax" in cookie
    assert headers["Strict-Transport-Security"].startswith("max-age=")
    assert {"secure", "httponly"} <= cookie_flags(headers["device-cookie"])


def test_https_from_the_environment_makes_cookies_secure(tmp_path, monkeypatch):
    monkeypatch.setenv("HTTPS", "1")
    app = cookie_app(tmp_path)

    cookie, _ = sign_in_cookie(app, "https://localhost")

    assert "secure" in cookie_flags(cookie)


def test_session_cookie_over_plain_http_is_not_marked_secure(tmp_path):
    app = cookie_app(tmp_path)

    cookie, headers = sign_in_cookie(app, "http://localhost")

    assert "secure" not in cookie_flags(cookie)
    assert "httponly" in cookie_flags(cookie)
    assert "SameSite=Lax" in cookie
    assert "Strict-Transport-Security" not in headers
    assert "secure" not in cookie_flags(headers["device-cookie"])


# --- request size ---


def test_oversized_post_is_refused_with_the_apps_page(app, world):
    owner_a = owner_of(app, world.a)
    limit = app.config["MAX_CONTENT_LENGTH"]
    before = database_rows()

    for path in (
        f"/games/{world.a.game_id}/hand/2/score",
        f"/leagues/{world.a.league_id}/players",
        "/login",
    ):
        response = owner_a.post(path, data={"name": "x" * (limit + 1)})
        assert response.status_code == 413, path
        assert "That is too large" in text(response), path

    assert database_rows() == before


# --- next= after signing in ---


def sign_in_with_next(app: Flask, target: str):
    phone = Browser(app)
    return phone.post(
        f"/login?next={quote(target, safe='')}",
        data={"username": "owner", "password": "owner-password", "next": target},
    )


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example",
        "http://evil.example/leagues/1",
        "//evil.example",
        "///evil.example",
        "/\\evil.example",
        "\\\\evil.example",
        "/\t/evil.example",
        " //evil.example",
        "https:evil.example",
        "javascript:alert(1)",
        "leagues/1",
        "/\r\nx",  # a line break would end the redirect's header
        "/\nSet-Cookie: session=stolen",
        "/leagues/1\r",
        "/x\x00",
        "/x\x7f",
        "/x\x85",  # NEL, a control character of Latin-1
    ],
)
def test_next_leaving_the_site_goes_home_instead(app, owner, target):
    response = sign_in_with_next(app, target)
    assert response.status_code == 302
    assert response.location == "/"


def test_a_line_break_in_next_of_the_address_signs_in_and_goes_home(app, owner):
    phone = Browser(app)
    response = phone.post(
        "/login?next=/%0D%0Ax", data={"username": "owner", "password": "owner-password"}
    )

    assert response.status_code == 302
    assert response.location == "/"
    assert phone.session()["account_id"] == owner.id


@pytest.mark.parametrize("target", ["/leagues/1", "/leagues/1/standings?season=all"])
def test_next_on_this_site_is_kept(app, owner, target):
    response = sign_in_with_next(app, target)
    assert response.status_code == 302
    assert response.location == target


# --- names are shown as text, never as markup ---

SCRIPT_NAME = "<script>alert(1)</script>"
ATTRIBUTE_NAME = '"><svg onload=alert(1)>'
LEAGUE_NAME = "<b>Smiths</b> & co"


@pytest.fixture
def marked_up(app, owner):
    """A league whose names are markup: a finished game and one in play."""
    league = leagues.create_league(LEAGUE_NAME, "continental", owner)
    names = (SCRIPT_NAME, ATTRIBUTE_NAME, "Cat", "Dan")
    people = [leagues.add_player(league, name) for name in names]
    token = league_settings.share(league)
    finished = games.start_game(league, league.rulesets[0], people, 0, today=date(2026, 1, 5))
    playing = games.start_game(league, league.rulesets[0], people, 1, today=date(2026, 2, 5))
    db.session.commit()
    for _ in range(7):
        play_hand(finished, [out(), tally(low=1), tally(high=2), tally(ace=1)])
    play_hand(playing, [tally(low=2), out(), tally(high=1), tally(joker=1)])
    return league.id, finished.id, playing.id, people[0].id, token


def test_names_are_escaped_on_every_page(app, owner, marked_up):
    league_id, finished_id, playing_id, player_id, token = marked_up
    phone = Browser(app, account_id=owner.id)
    home = text(phone.get("/"))
    assert "<b>Smiths" not in home
    assert "&lt;b&gt;Smiths&lt;/b&gt; &amp; co" in home
    pages = [
        f"/leagues/{league_id}",
        f"/leagues/{league_id}/standings",
        f"/leagues/{league_id}/players/{player_id}",
        f"/games/{playing_id}",
        f"/games/{finished_id}/sheet",
        f"/games/{finished_id}",
        f"/leagues/{league_id}/players/{player_id}/rename",
        f"/leagues/{league_id}/settings",
        f"/leagues/{league_id}/blank",
        f"/games/{finished_id}/sheet/print",
        f"/games/{playing_id}/blank",
        f"/games/{playing_id}/mayi",
        f"/games/{playing_id}/leave",
        f"/watch/{token}",
        f"/watch/{token}/games/{playing_id}",
    ]
    escaped = (
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "&lt;svg onload=alert(1)&gt;",
        "&lt;b&gt;Smiths&lt;/b&gt; &amp; co",
    )
    for path in pages:
        page = text(phone.get(path))
        for raw in (SCRIPT_NAME, "<svg onload", "<b>Smiths"):
            assert raw not in page, (path, raw)
        assert any(form in page for form in escaped), path
    # The pages that list the players show them all, escaped.
    for path in pages[:5]:
        page = text(phone.get(path))
        assert escaped[0] in page and escaped[1] in page, path


def test_markup_typed_as_a_name_is_shown_as_text(app, owner, marked_up):
    league_id = marked_up[0]
    phone = Browser(app, account_id=owner.id)

    added = phone.post(f"/leagues/{league_id}/players", data={"name": "<img src=x onerror=1>"})
    page = text(phone.get(added.location))

    assert "<img src=x" not in page
    assert "&lt;img src=x onerror=1&gt;" in page
