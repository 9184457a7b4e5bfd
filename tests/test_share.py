"""The read-only share link: made, replaced and revoked by the owner, opened by anyone."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from datetime import date

import pytest
from conftest import out, play_hand, tally

from scorekeeper.extensions import db
from scorekeeper.models import Game, League
from scorekeeper.play import interruptions
from scorekeeper.rules.entries import PlayerEntry


def entry(points: int) -> PlayerEntry:
    """A player's report worth `points` under Continental prices; 0 means they went out."""
    if points == 0:
        return out()
    return tally(high=points // 10, low=points % 10 // 5)


def play_hands(game: Game, hands: Sequence[Sequence[int]]) -> None:
    for row in hands:
        play_hand(game, [entry(points) for points in row])


def share(client, league: League) -> str:
    """Make a new read-only link as the owner; return its token."""
    response = client.post(f"/leagues/{league.id}/settings/share")
    assert response.status_code == 302
    assert response.location == f"/leagues/{league.id}/settings#share"
    db.session.refresh(league)
    assert league.share_token
    return league.share_token


def assert_read_only(text: str) -> None:
    """Nothing on the page changes anything or leads to a page that does."""
    assert "<form" not in text
    assert 'method="post"' not in text
    for forbidden in ("/settings", "/score", "/edit", "/redeal", "/leave", "/suspend", "/mayi"):
        assert forbidden not in text, forbidden
    # Every link stays inside the shared view (the home page and in-page links aside).
    links = re.findall(r'<a [^>]*href="([^"]*)"', text)
    assert any(link.startswith("/watch/") for link in links), links
    assert all(link == "/" or link.startswith(("/watch/", "#")) for link in links), links


class Watcher:
    """A relative with the link, signed in nowhere.

    Each request runs in an app context of its own, as in production: the tests' open app
    context would otherwise hand the owner's cached account (in `g`) to this visitor.
    """

    def __init__(self, app) -> None:
        self.app = app
        self.client = app.test_client()

    def get(self, path: str):
        with self.app.app_context():
            return self.client.get(path)

    def post(self, path: str):
        with self.app.app_context():
            return self.client.post(path)


@pytest.fixture
def watcher(app) -> Watcher:
    return Watcher(app)


@pytest.fixture
def league(make_league, make_game) -> League:
    """A finished game (Bob wins), a game in play and a suspended one."""
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    players = ("Ann", "Bob", "Cat", "Dan")
    finished = make_game(players, started_on=date(2026, 1, 10), league=league)
    play_hands(finished, [(10, 0, 20, 30)] * 7)  # 70, 0, 140, 210
    playing = make_game(players, started_on=date(2026, 2, 1), league=league)
    play_hands(playing, [(0, 15, 25, 35), (45, 0, 5, 10)])
    suspended = make_game(players, started_on=date(2026, 3, 1), league=league)
    interruptions.suspend(suspended)
    db.session.commit()
    return league


def game_on(league: League, day: date) -> Game:
    return next(g for g in league.games if g.started_on == day)


def test_share_link_is_long_random_and_replaced_on_each_request(client, watcher, league):
    first = share(client, league)
    second = share(client, league)

    assert first != second
    assert len(first) >= 32 and len(second) >= 32
    assert re.fullmatch(r"[A-Za-z0-9_-]+", first)
    assert watcher.get(f"/watch/{second}").status_code == 200
    assert watcher.get(f"/watch/{first}").status_code == 404


def test_settings_page_shows_the_link(client, league):
    token = share(client, league)

    shown = html.unescape(client.get(f"/leagues/{league.id}/settings").get_data(as_text=True))

    assert "New read-only link made." in shown
    assert f'value="http://localhost/watch/{token}"' in shown
    assert "Turn the link off" in shown


def test_tokens_differ_between_leagues(client, league, make_league):
    other = make_league(name="The Joneses", players=("Zoe",))

    assert share(client, league) != share(client, other)


def test_watch_page_shows_standings_and_games_in_progress_without_forms(client, watcher, league):
    token = share(client, league)
    response = watcher.get(f"/watch/{token}")

    assert response.status_code == 200
    assert response.headers["Referrer-Policy"] == "no-referrer"
    text = html.unescape(response.get_data(as_text=True))
    assert "<h1>The Smiths</h1>" in text
    assert "Read only" in text
    # Standings of the finished game: Bob 0, Ann 70, Cat 140, Dan 210.
    assert re.findall(r'<th scope="row">(\w+)</th>', text) == ["Bob", "Ann", "Cat", "Dan"]
    assert "Recent games" in text and 'id="season-chart-title"' in text
    # Games in progress, playing or suspended, each with a read-only link.
    playing, suspended = game_on(league, date(2026, 2, 1)), game_on(league, date(2026, 3, 1))
    assert f'href="/watch/{token}/games/{playing.id}"' in text
    assert f'href="/watch/{token}/games/{suspended.id}"' in text
    assert "Suspended" in text
    finished = game_on(league, date(2026, 1, 10))
    assert f"/games/{finished.id}" not in text
    assert_read_only(text)


def test_watch_game_follows_a_game_of_the_league(client, watcher, league):
    token = share(client, league)
    playing = game_on(league, date(2026, 2, 1))

    response = watcher.get(f"/watch/{token}/games/{playing.id}")

    assert response.status_code == 200
    text = html.unescape(response.get_data(as_text=True))
    assert 'Hand <span class="num">3</span> of <span class="num">7</span>' in text
    # Totals so far: Ann 45, Bob 15, Cat 30, Dan 45.
    assert re.findall(r'<span class="name">(\w+)</span><span class="total num">(\d+)</span>', text) == [
        ("Bob", "15"), ("Cat", "30"), ("Ann", "45"), ("Dan", "45"),
    ]  # fmt: skip
    assert_read_only(text)
    version = watcher.get(f"/watch/{token}/games/{playing.id}/version")
    assert version.status_code == 200
    assert version.json == {"version": playing.version}


def test_watch_game_shows_a_finished_game(client, watcher, league):
    token = share(client, league)
    finished = game_on(league, date(2026, 1, 10))

    text = html.unescape(watcher.get(f"/watch/{token}/games/{finished.id}").get_data(as_text=True))

    assert "Final places" in text
    assert_read_only(text)


def test_watch_game_of_another_league_is_not_found(client, watcher, league, make_league, make_game):
    token = share(client, league)
    other = make_league(name="The Joneses", players=("Wes", "Xia", "Yul", "Zoe"))
    theirs = make_game(("Wes", "Xia", "Yul", "Zoe"), league=other)

    assert watcher.get(f"/watch/{token}/games/{theirs.id}").status_code == 404
    assert watcher.get(f"/watch/{token}/games/{theirs.id}/version").status_code == 404
    assert watcher.get(f"/watch/{token}/games/99999").status_code == 404


def test_revoked_link_is_not_found(client, watcher, league):
    token = share(client, league)
    playing = game_on(league, date(2026, 2, 1))

    response = client.post(f"/leagues/{league.id}/settings/share/revoke")

    assert response.status_code == 302
    db.session.refresh(league)
    assert league.share_token is None
    assert watcher.get(f"/watch/{token}").status_code == 404
    assert watcher.get(f"/watch/{token}/games/{playing.id}").status_code == 404
    assert watcher.get(f"/watch/{token}/games/{playing.id}/version").status_code == 404


def test_settings_page_says_the_link_is_off(client, league):
    share(client, league)
    client.post(f"/leagues/{league.id}/settings/share/revoke")

    shown = html.unescape(client.get(f"/leagues/{league.id}/settings").get_data(as_text=True))

    assert "The read-only link no longer works." in shown
    assert "/watch/" not in shown
    assert "Make a read-only link" in shown


@pytest.mark.parametrize("token", ["", "x", "None", "none"])
def test_made_up_tokens_are_not_found(watcher, league, token):
    # No link made yet: the league's token is empty, and no guess finds it.
    assert watcher.get(f"/watch/{token}").status_code == 404


def test_unknown_season_on_the_watch_page_is_not_found(client, watcher, league):
    token = share(client, league)

    assert watcher.get(f"/watch/{token}?season=1999").status_code == 404
    assert watcher.get(f"/watch/{token}?season=2026").status_code == 200


def test_only_the_owner_makes_or_revokes_the_link(client, watcher, league):
    token = share(client, league)

    made = watcher.post(f"/leagues/{league.id}/settings/share")
    revoked = watcher.post(f"/leagues/{league.id}/settings/share/revoke")

    assert made.status_code == revoked.status_code == 302
    assert made.location.startswith("/login")
    db.session.refresh(league)
    assert league.share_token == token


def test_standings_of_the_league_itself_need_a_sign_in(watcher, league):
    response = watcher.get(f"/leagues/{league.id}/standings")

    assert response.status_code == 302
    assert response.location.startswith("/login")


def test_every_watch_page_asks_search_engines_not_to_index_it(app, client, watcher, league):
    token = share(client, league)
    playing = game_on(league, date(2026, 2, 1))
    routes = sorted(r.rule for r in app.url_map.iter_rules() if r.rule.startswith("/watch/"))
    assert len(routes) >= 3
    paths = [
        route.replace("<token>", token).replace("<int:game_id>", str(playing.id))
        for route in routes
    ]

    for path in [*paths, "/watch/not-a-link", f"/watch/{token}/games/999999"]:
        response = watcher.get(path)
        assert response.headers.get("X-Robots-Tag") == "noindex", path
        # Nothing kept by a browser or a proxy to show once the link is revoked.
        assert "no-store" in response.headers.get("Cache-Control", ""), path
        if response.status_code == 200 and response.mimetype == "text/html":
            assert '<meta name="robots" content="noindex">' in response.get_data(as_text=True)
    assert {watcher.get(path).status_code for path in paths} == {200}
