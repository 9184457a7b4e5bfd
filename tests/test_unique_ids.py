"""Every id on a page is unique, and every reference to an id (label, aria) finds one."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

import pytest
from conftest import loaded, out, play_hand, tally

from scorekeeper.extensions import db
from scorekeeper.league import passcodes, settings
from scorekeeper.play import interruptions

FOUR = ("Ann", "Bob", "Cat", "Dan")
HAND = [out(), tally(low=1), tally(low=2), tally(high=1)]
REFERENCES = ("for", "aria-describedby", "aria-labelledby", "aria-controls", "list", "form")


class Ids(HTMLParser):
    """The ids a page declares, and the ids its attributes refer to."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.references: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name == "id" and value is not None:
                self.ids.append(value)
            elif name in REFERENCES and value:
                self.references.extend((name, ref) for ref in value.split())
            elif name == "href" and value and value.startswith("#") and len(value) > 1:
                self.references.append(("href", value[1:]))


def check(page: str, url: str) -> None:
    found = Ids()
    found.feed(page)
    twice = sorted(name for name, count in Counter(found.ids).items() if count > 1)
    assert not twice, f"{url}: ids used more than once: {twice}"
    missing = sorted({f"{attr}={ref}" for attr, ref in found.references if ref not in found.ids})
    assert not missing, f"{url}: references to no id: {missing}"


@pytest.fixture
def pages(app, client, make_game) -> list[str]:
    """The main pages of a league with a game in play, a finished game and a suspended one."""
    game = make_game(players=FOUR)
    play_hand(game, HAND)
    league = game.league
    finished = make_game(players=FOUR, league=league)
    for number in range(7):
        entries = [tally(low=1)] * 4
        entries = entries[: number % 4] + [out()] + entries[number % 4 + 1 :]
        play_hand(finished, entries)
    suspended = make_game(players=FOUR, league=league)
    interruptions.suspend(suspended)
    token = settings.share(league)
    passcodes.set_passcode(league, "tulip-lamp-42")
    db.session.commit()
    # Every form renders its CSRF token, as in production.
    app.config["WTF_CSRF_ENABLED"] = True
    scored, playing = loaded(game).hands[0], game.hands[-1]
    player = game.seats[0].player
    return [
        "/",
        f"/leagues/{league.id}",
        f"/leagues/{league.id}/settings",
        f"/leagues/{league.id}/standings",
        f"/leagues/{league.id}/players/{player.id}",
        f"/leagues/{league.id}/players/{player.id}/rename",
        f"/leagues/{league.id}/games/new",
        f"/leagues/{league.id}/rules/new",
        f"/leagues/{league.id}/rules/{league.rulesets[0].id}",
        f"/leagues/{league.id}/blank",
        f"/leagues/{league.id}/blank/print",
        f"/leagues/{league.id}/standings/print",
        "/leagues/import",
        f"/games/{game.id}",
        f"/games/{game.id}/hand/{playing.number}/score",
        f"/games/{game.id}/hands/{scored.id}/edit",
        f"/games/{game.id}/sheet",
        f"/games/{game.id}/sheet/print",
        f"/games/{game.id}/blank",
        f"/games/{game.id}/rulings",
        f"/games/{game.id}/mayi",
        f"/games/{game.id}/leave",
        f"/games/{finished.id}",
        f"/games/{finished.id}/sheet",
        f"/games/{suspended.id}",
        f"/games/{suspended.id}/resume",
        f"/watch/{token}",
        f"/watch/{token}/games/{game.id}",
    ]


def test_every_main_page_has_unique_ids(client, anonymous, pages):
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        check(response.get_data(as_text=True), url)
    for url in ("/login", "/signup", f"{pages[1]}/join"):
        response = anonymous.get(url)
        assert response.status_code == 200, url
        check(response.get_data(as_text=True), url)


def test_a_repeated_id_is_found():
    with pytest.raises(AssertionError, match="csrf_token"):
        check('<input id="csrf_token"><input id="csrf_token">', "/x")
    with pytest.raises(AssertionError, match="for=p0_out"):
        check('<label for="p0_out">Out</label>', "/x")
