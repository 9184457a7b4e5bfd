"""Static files and compression: what a phone on a slow network downloads, and how often."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import brotli
import pytest

ROOT = Path(__file__).resolve().parent.parent
YEAR = "public, max-age=31536000, immutable"


def static_urls(page: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


def test_every_static_url_is_fingerprinted_and_kept_a_year(client, make_game):
    game = make_game()
    urls = static_urls(client.get(f"/games/{game.id}/hand/{game.hands[0].number}/score").text)
    assert {url.split("?")[0] for url in urls} >= {"/static/app.css", "/static/tally.js"}
    for url in urls:
        assert re.search(r"\?v=[0-9a-f]{16}$", url), url
        response = client.get(url)
        assert response.status_code == 200, url
        assert response.headers["Cache-Control"] == YEAR, url
        name = url.split("?")[0].removeprefix("/static/")
        assert response.data == (ROOT / "static" / name).read_bytes()


def test_a_changed_file_gets_a_new_url(app, tmp_path):
    app.static_folder = str(tmp_path)
    app.extensions["static_files"].folder = str(tmp_path)
    (tmp_path / "x.css").write_text("a { color: red; }")
    with app.test_request_context():
        from flask import url_for

        first = url_for("static", filename="x.css")
        (tmp_path / "x.css").write_text("a { color: blue; }")
        second = url_for("static", filename="x.css")
    assert first != second
    # The old URL still answers with the current file, but must be checked again.
    old = app.test_client().get(first)
    assert old.text == "a { color: blue; }"
    assert old.headers["Cache-Control"] == "no-cache"


def test_a_bare_static_url_is_checked_each_time(anonymous):
    response = anonymous.get("/static/app.css")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
    again = anonymous.get("/static/app.css", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


@pytest.mark.parametrize(
    ("name", "coding"),
    [("app.css", "br"), ("print.css", "gzip"), ("tally.js", "br"), ("live.js", "gzip")],
)
def test_css_and_javascript_go_out_compressed(anonymous, name, coding):
    response = anonymous.get(f"/static/{name}", headers={"Accept-Encoding": coding})
    assert response.headers["Content-Encoding"] == coding
    assert "Accept-Encoding" in response.headers["Vary"]
    unpack = brotli.decompress if coding == "br" else gzip.decompress
    assert unpack(response.data) == (ROOT / "static" / name).read_bytes()
    plain = anonymous.get(f"/static/{name}", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in plain.headers
    assert plain.data == (ROOT / "static" / name).read_bytes()
    refused = anonymous.get(f"/static/{name}", headers={"Accept-Encoding": f"{coding};q=0"})
    assert "Content-Encoding" not in refused.headers


def test_every_static_file_goes_out_with_the_type_the_app_names_for_it(anonymous):
    from scorekeeper.web.assets import TYPES

    files = [path for path in (ROOT / "static").rglob("*") if path.is_file()]
    assert files
    for path in files:
        # A new kind of file is named in TYPES: no system's tables decide how it is sent.
        assert path.suffix.lower() in TYPES, path
        response = anonymous.get(f"/static/{path.relative_to(ROOT / 'static').as_posix()}")
        assert response.status_code == 200, path
        assert response.mimetype == TYPES[path.suffix.lower()], path


def test_images_go_out_as_they_are(anonymous):
    response = anonymous.get("/static/icons/icon-192.png", headers={"Accept-Encoding": "br"})
    assert response.status_code == 200 and "Content-Encoding" not in response.headers


@pytest.mark.parametrize("path", ["/static/nope.css", "/static/../pyproject.toml", "/static/"])
def test_no_file_outside_static(anonymous, path):
    assert anonymous.get(path).status_code == 404


def test_a_refused_save_goes_out_compressed(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    hand = game.hands[0]
    data = {"version": str(hand.version), "p0_cards_2_9": "-3"}
    response = client.post(
        f"/games/{game.id}/hand/{hand.number}/score", data=data, headers={"Accept-Encoding": "gzip"}
    )
    assert response.status_code == 422
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Give a whole number of cards" in gzip.decompress(response.data).decode()


def test_a_missing_page_goes_out_compressed(client):
    response = client.get("/games/999999", headers={"Accept-Encoding": "br"})
    assert response.status_code == 404
    assert response.headers["Content-Encoding"] == "br"
    assert "<html" in brotli.decompress(response.data).decode()


def test_the_manifest_is_kept_a_day(anonymous):
    response = anonymous.get("/manifest.webmanifest")
    assert response.headers["Cache-Control"] == "public, max-age=86400"
    for icon in response.get_json()["icons"]:
        assert "?v=" in icon["src"]
