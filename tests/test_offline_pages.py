"""The service worker as the server sends it (/sw.js), the offline pages it keeps, and what every
page gives it: the script that registers it and the banner of a saved copy."""

from __future__ import annotations

import json
import re
import shutil

from flask import Flask
from flask.testing import FlaskClient
from reading import markup, visible_text

from scorekeeper.web.security import CONTENT_SECURITY_POLICY

# The policy every page had before the worker, which the worker's directive must not loosen.
POLICY_BEFORE_THE_WORKER = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "connect-src": "'self'",
    "form-action": "'self'",
    "base-uri": "'none'",
    "object-src": "'none'",
    "frame-ancestors": "'none'",
}
STATIC_URL = re.compile(r'(?:href|src)="(/static/[^"]+\?v=[0-9a-f]+)"')


def directives(policy: str) -> dict[str, str]:
    return dict(
        (part.split(" ", 1) + [""])[:2] for part in map(str.strip, policy.split(";")) if part
    )


def worker_settings(response) -> dict:
    """The settings the server puts above static/sw.js, as the worker reads them."""
    first_line = response.get_data(as_text=True).split("\n", 1)[0]
    assert first_line.startswith("var SETTINGS = ") and first_line.endswith(";")
    return json.loads(first_line.removeprefix("var SETTINGS = ").removesuffix(";"))


def test_the_worker_is_served_at_the_root_as_javascript_checked_on_every_use(
    client: FlaskClient,
):
    response = client.get("/sw.js")

    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert 'self.addEventListener("fetch"' in response.get_data(as_text=True)
    assert "Set-Cookie" not in response.headers
    again = client.get("/sw.js", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""


def test_the_policy_allows_the_worker_from_this_site_and_nothing_more(client: FlaskClient):
    for path in ("/sw.js", "/", "/offline"):
        policy = directives(client.get(path).headers["Content-Security-Policy"])
        assert policy == {**POLICY_BEFORE_THE_WORKER, "worker-src": "'self'"}, path
    assert directives(CONTENT_SECURITY_POLICY)["worker-src"] == "'self'"


def test_the_worker_names_every_file_a_page_loads_by_its_current_url(
    client: FlaskClient, make_game
):
    game = make_game()
    hand = game.hands[0]
    settings = worker_settings(client.get("/sw.js"))

    for path in (f"/games/{game.id}", f"/games/{game.id}/hand/{hand.number}/score", "/offline"):
        for url in STATIC_URL.findall(markup(client.get(path))):
            assert url in settings["shell"], (path, url)
    assert "/manifest.webmanifest" in settings["shell"]
    assert not any("sw.js" in url or "pdf.css" in url for url in settings["shell"])
    assert settings["offline"] == "/offline" and settings["notSent"] == "/offline/not-sent"
    assert {"/login", "/logout", "/logout/everywhere"} <= set(settings["signInOut"])


def test_a_changed_file_makes_a_new_worker(app: Flask, client: FlaskClient, tmp_path):
    first = client.get("/sw.js")
    folder = tmp_path / "static"
    shutil.copytree(app.static_folder or "", folder)
    (folder / "app.css").write_text((folder / "app.css").read_text() + "\n/* changed */\n")
    app.static_folder = str(folder)
    app.extensions["static_files"].folder = str(folder)

    second = client.get("/sw.js", headers={"If-None-Match": first.headers["ETag"]})

    assert second.status_code == 200
    assert second.headers["ETag"] != first.headers["ETag"]
    old, new = worker_settings(first), worker_settings(second)
    assert old["version"] != new["version"]
    assert [url.split("?")[0] for url in set(new["shell"]) - set(old["shell"])] == [
        "/static/app.css"
    ]


def test_the_offline_pages_are_the_same_for_everyone_and_take_no_message(client: FlaskClient):
    with client.session_transaction() as session:
        session["_flashes"] = [("success", "Hand 3 saved.")]

    nothing_kept = client.get("/offline")
    not_sent = client.get("/offline/not-sent")

    assert nothing_kept.status_code == not_sent.status_code == 200
    text = visible_text(nothing_kept)
    assert "No connection" in text and "it has no saved copy of this page" in text
    text = visible_text(not_sent)
    assert "Not sent: no connection" in text
    assert "nothing was sent and nothing was saved" in text
    assert "The form is still on the previous page" in text
    for page in (nothing_kept, not_sent):
        assert "Sign out" not in markup(page) and "Hand 3 saved." not in markup(page)
        assert "Set-Cookie" not in page.headers
    # The message waits for the next page of the phone.
    assert "Hand 3 saved." in visible_text(client.get("/"))


def test_every_page_registers_the_worker_and_hides_the_saved_copy_banner(
    client: FlaskClient, make_game
):
    game = make_game()
    page = client.get(f"/games/{game.id}")

    html = markup(page)
    assert re.search(r'<script src="/static/offline\.js\?v=[0-9a-f]+" data-worker="/sw\.js"', html)
    assert '<div class="saved-copy" id="saved-copy" role="status" hidden>' in html
    assert "not live" not in visible_text(page)
