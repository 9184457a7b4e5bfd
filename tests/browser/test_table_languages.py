"""Hands played on a phone whose browser speaks Spanish (a Chilean family's Carioca) or German
(Contract Rommé): the table screen, the hand form with the tally's running words, a refused
entry, and the outbox's words while the connection is down, all in the phone's language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import NamedTuple

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.models import Account
from scorekeeper.play import games

from .conftest import ICON_FILE, PHONE, TIMEOUT_MS
from .signing_in import OWNER, OWNER_PASSWORD
from .test_outbox import LANDS_MS, forms_kept, outbox

pytestmark = [pytest.mark.browser, pytest.mark.words]


class Table(NamedTuple):
    """A family's game, and what the phone says at their table, in their language."""

    locale: str
    preset: str
    players: tuple[str, str, str]
    # Signing in.
    user_name: str
    password: str
    sign_in: str
    signed_in: str
    # The table screen and the hand form.
    hand_of: str
    score_hand: str
    went_out: str
    out_words: str
    more: str
    points: str
    refusal: str
    save_hand: str
    saved: str
    # The outbox, while the connection is down.
    kept: str
    waiting: str
    waiting_title: str


CHILE = Table(
    locale="es-CL",
    preset="carioca",
    players=("Abuela", "Tomás", "Javiera"),
    user_name="Nombre de usuario",
    password="Contraseña",
    sign_in="Entrar",
    signed_in=f"Has entrado como {OWNER}.",
    hand_of="Mano 1 de 8",
    score_hand="Anotar la mano {number}",
    went_out="Cerró",
    out_words="cerró · 0",
    more="A: una más para Tomás",
    points="40 ptos.",
    refusal="Javiera, O escribe los puntos: Pon un número entero de puntos, de 0 a 10000.",
    save_hand="Guardar la mano {number}",
    saved="Mano {number} guardada.",
    kept="Se guardó en este teléfono: Mano 2. Se enviará cuando vuelva la conexión.",
    waiting="1 anotación en espera",
    waiting_title="En espera en este teléfono",
)
GERMANY = Table(
    locale="de-DE",
    preset="contract-romme",
    players=("Oma", "Jonas", "Lena"),
    user_name="Benutzername",
    password="Passwort",
    sign_in="Anmelden",
    signed_in=f"Angemeldet als {OWNER}.",
    hand_of="Runde 1 von 7",
    score_hand="Runde {number} aufschreiben",
    went_out="Ausgemacht",
    out_words="aus · 0",
    more="A, Joker: eine mehr für Jonas",
    points="30 Pkt.",
    refusal="Lena, Oder tipp die Punkte ein: Gib eine ganze Zahl an Punkten an, 0 bis 10000.",
    save_hand="Runde {number} speichern",
    saved="Runde {number} gespeichert.",
    kept=(
        "Runde 2 ist auf diesem Handy gespeichert und wird geschickt, sobald die Verbindung "
        "wieder da ist."
    ),
    waiting="1 Eintrag wartet",
    waiting_title="Wartet auf diesem Handy",
)


@pytest.fixture(params=[CHILE, GERMANY], ids=["es-carioca", "de-contract-romme"])
def table(request) -> Table:
    return request.param


@pytest.fixture
def phone_of(browser: Browser, live_server: str, table: Table) -> Iterator[Page]:
    """The family's phone: its browser speaks their language (Accept-Language and
    navigator.language alike), at 390 x 844."""
    context = browser.new_context(base_url=live_server, locale=table.locale, **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    context.route("**/static/icons/icon.svg*", lambda route: route.fulfill(path=ICON_FILE))
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def family_game(app: Flask, owner: int, table: Table) -> int:
    """The family's league and a game of their rules, three of them at the table."""
    with app.app_context():
        league = leagues.create_league("La familia", table.preset, db.session.get(Account, owner))
        players = [leagues.add_player(league, name) for name in table.players]
        game = games.start_game(league, league.rulesets[0], players, 0)
        db.session.commit()
        return game.id


def card(page: Page, name: str):
    return page.locator("fieldset[data-player]").filter(
        has=page.locator("legend .player-name", has_text=name)
    )


def test_hands_played_on_a_phone_in_the_family_language(
    phone_of: Page, live_app: Flask, owner: int, table: Table
):
    page = phone_of
    game_id = family_game(live_app, owner, table)
    first, second, third = table.players
    page.goto("/login")
    page.get_by_label(table.user_name).fill(OWNER)
    page.get_by_label(table.password).fill(OWNER_PASSWORD)
    page.get_by_role("button", name=table.sign_in).tap()
    expect(page.locator(".flash")).to_have_text(table.signed_in)
    forms_kept(page, game_id)

    # The table screen.
    expect(page.locator("html")).to_have_attribute("lang", table.locale[:2])
    expect(page.locator(".hand-of")).to_have_text(table.hand_of)
    page.get_by_role("link", name=table.score_hand.format(number=1)).tap()

    # The hand form: the tally's running words as the table taps.
    heading = page.get_by_role("heading", level=1)
    expect(heading).to_have_text(table.score_hand.format(number=1))
    card(page, first).get_by_label(table.went_out).tap()
    expect(card(page, first).locator("output[data-points]")).to_have_text(table.out_words)
    more = page.get_by_role("button", name=table.more, exact=True)
    more.tap()
    more.tap()
    expect(card(page, second).locator("output[data-points]")).to_have_text(table.points)
    # A total past the bound the server reads: no count shown, then refused when sent.
    card(page, third).locator("input[data-total]").fill("99999")
    expect(card(page, third).locator("output[data-points]")).to_have_text("—")
    page.get_by_role("button", name=table.save_hand.format(number=1)).tap()
    expect(page.locator(".form-errors")).to_contain_text(table.refusal)
    expect(heading).to_have_text(table.score_hand.format(number=1))
    card(page, third).locator("input[data-total]").fill("30")
    page.get_by_role("button", name=table.save_hand.format(number=1)).tap()
    expect(page.locator(".flash")).to_have_text(table.saved.format(number=1))

    # Hand 2 saved while the connection is down: it waits on the phone, said so in words.
    page.context.set_offline(True)
    page.get_by_role("link", name=table.score_hand.format(number=2)).tap()
    expect(heading).to_have_text(table.score_hand.format(number=2))
    card(page, second).get_by_label(table.went_out).tap()
    card(page, first).locator("input[data-total]").fill("20")
    card(page, third).locator("input[data-total]").fill("30")
    page.get_by_role("button", name=table.save_hand.format(number=2)).tap()
    expect(outbox(page)).to_contain_text(table.kept)
    expect(outbox(page)).to_contain_text(table.waiting)
    expect(page.locator("#waiting-title")).to_have_text(table.waiting_title)

    page.context.set_offline(False)
    expect(page.locator(".flash")).to_have_text(table.saved.format(number=2), timeout=LANDS_MS)
    expect(outbox(page)).to_be_hidden()
