"""The fairness pages on a phone that speaks Spanish or German: a Chilean table ends its
Carioca game early, a German table records a player leaving its Contract Rommé game and
resumes it after a break. Every word the phone reads on the way is its own language's."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import leagues, passcodes
from scorekeeper.models import Account, GameStatus, League, Seat
from scorekeeper.play import games, hands, interruptions
from scorekeeper.rules.entries import PlayerEntry

from .conftest import ICON_FILE, PHONE, TIMEOUT_MS
from .signing_in import PASSCODE

pytestmark = pytest.mark.browser

SEATING = ("Ana", "Beto", "Carla", "Diego")


@pytest.fixture
def phone_in(browser: Browser, live_server: str) -> Iterator[Callable[[str], Page]]:
    """Make a phone whose browser speaks `locale` (its Accept-Language and navigator's)."""
    contexts, errors = [], []

    def make(locale: str) -> Page:
        context = browser.new_context(base_url=live_server, locale=locale, **PHONE)
        context.set_default_timeout(TIMEOUT_MS)
        context.route("**/static/icons/icon.svg*", lambda route: route.fulfill(path=ICON_FILE))
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert not errors, errors


def game_of(live_app: Flask, owner: int, preset: str, hands_scored: int) -> tuple[int, int]:
    """A league of `preset` with its table passcode, and a game of it with hands scored;
    returns (league id, game id)."""
    with live_app.app_context():
        league = leagues.create_league("Los Pérez", preset, db.session.get(Account, owner))
        passcodes.set_passcode(league, PASSCODE)
        for name in SEATING:
            leagues.add_player(league, name)
        db.session.flush()
        seated = sorted(league.players, key=lambda player: SEATING.index(player.name))
        game = games.start_game(league, league.rulesets[0], seated, 0)
        for _ in range(hands_scored):
            report = [PlayerEntry(went_out=True), *[PlayerEntry(typed_total=10)] * 3]
            hands.score_hand(games.current_hand(game), report, stock_ran_out=False, confirmed=True)
        db.session.commit()
        return league.id, game.id


def join(page: Page, league_id: int, passcode_label: str, join_button: str, joined: str) -> None:
    """Type the table passcode on the league's join page, in the phone's language."""
    page.goto(f"/leagues/{league_id}/join")
    page.get_by_label(passcode_label).fill(PASSCODE)
    page.get_by_role("button", name=join_button).tap()
    expect(page.locator(".flash")).to_contain_text(joined)


def test_a_chilean_phone_ends_a_carioca_game_in_spanish(
    phone_in: Callable[[str], Page], live_app: Flask, owner: int
):
    league_id, game_id = game_of(live_app, owner, "carioca", hands_scored=1)
    page = phone_in("es-CL")
    join(page, league_id, "Clave de la mesa", "Unirse", "Este teléfono ya puede anotar")

    page.goto(f"/games/{game_id}/end")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.get_by_role("heading", name="¿Terminar aquí la partida 1?")).to_be_visible()
    expect(page.get_by_test_id("ending-headline")).to_have_text("La partida se descartará.")
    expect(page.get_by_text("La mesa terminó la partida tras 1 de 8 manos.")).to_be_visible()
    page.get_by_role("button", name="Terminar la partida").tap()
    expect(
        page.get_by_text("Marca que todos en la mesa están de acuerdo, o pregúntale al dueño")
    ).to_be_visible()
    page.get_by_label("Todos en la mesa están de acuerdo en terminar la partida aquí").tap()
    page.get_by_role("button", name="Terminar la partida").tap()

    expect(page.locator(".flash").first).to_contain_text(
        "La partida se descartará. La mesa terminó la partida tras 1 de 8 manos."
    )
    with live_app.app_context():
        ended = games.load_game(game_id)
        assert (ended.status, ended.discarded) == (GameStatus.INCOMPLETE, True)
        assert ended.end_note.startswith("The table ended the game after 1 of 8 hands.")


def test_a_german_phone_records_a_leaver_and_resumes_in_german(
    phone_in: Callable[[str], Page], live_app: Flask, owner: int
):
    league_id, game_id = game_of(live_app, owner, "contract-romme", hands_scored=1)
    page = phone_in("de-DE")
    join(page, league_id, "Tisch-Code", "Mitmachen", "Dieses Handy kann jetzt")

    page.goto(f"/games/{game_id}/leave")
    expect(page.get_by_role("heading", name="Ein Spieler geht")).to_be_visible()
    page.get_by_label("Wer geht?").select_option(label="Diego")
    page.get_by_label("Ab Runde").fill("3")
    page.get_by_role("button", name="Gehen eintragen").tap()
    expect(page.locator(".flash").first).to_contain_text("Diego geht ab Runde 3.")

    # The table screen reloads itself when the game changes: it is left first, so that its
    # reload cannot race (and abort) the visit to the resume page below.
    page.goto("about:blank")
    with live_app.app_context():
        interruptions.suspend(games.load_game(game_id))
        db.session.commit()
    page.goto(f"/games/{game_id}/resume")
    expect(page.get_by_role("heading", name="Spiel fortsetzen")).to_be_visible()
    page.get_by_role("button", name="Fortsetzen").tap()
    expect(
        page.get_by_text("Alle Spieler müssen auf denselben Plätzen zurück sein")
    ).to_be_visible()
    page.get_by_label("Alle sind da und sitzen auf denselben Plätzen wie vorher").tap()
    page.get_by_role("button", name="Fortsetzen").tap()

    expect(page.locator(".flash").first).to_have_text("Spiel fortgesetzt.")
    with live_app.app_context():
        game = games.load_game(game_id)
        assert game.status == GameStatus.PLAYING
        left = db.session.scalars(db.select(Seat).where(Seat.left_from_hand.is_not(None))).all()
        assert [(seat.player.name, seat.left_from_hand) for seat in left] == [("Diego", 3)]
        assert db.session.get(League, league_id).language is None  # nothing chose a language
