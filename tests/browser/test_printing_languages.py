"""A blank sheet made on a phone that speaks Spanish: the form, its refusal, the page to print
and the PDF in Spanish; and in German when the league chose German, whatever the phone says."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from pypdf import PdfReader

from scorekeeper.extensions import db
from scorekeeper.models import League

from .conftest import ICON_FILE, PHONE, TIMEOUT_MS
from .signing_in import OWNER, OWNER_PASSWORD

pytestmark = pytest.mark.browser

FOUR = ("Ann", "Bob", "Cat", "Dan")
SPANISH = {
    "user": "Nombre de usuario", "password": "Contraseña", "sign_in": "Entrar",
    "heading": "Hoja de puntos en blanco", "seat": "Asiento {}", "dealer": "¿Quién reparte primero?",
    "show": "Verla para imprimir", "refused": "El asiento 2 está vacío: elige un asiento con "
    "jugador para repartir.", "sheet": "Hoja de puntos", "first": "Reparte primero: Bob",
    "pdf": "PDF, A4",
}  # fmt: skip
GERMAN = {
    "user": "Benutzername", "password": "Passwort", "sign_in": "Anmelden",
    "heading": "Leerer Punktezettel", "seat": "Sitz {}", "dealer": "Wer gibt zuerst?",
    "show": "Zum Drucken anzeigen", "refused": "Sitz 2 ist leer: Wähle zum Geben einen Sitz "
    "mit einem Spieler.", "sheet": "Punktezettel", "first": "Gibt zuerst: Bob",
    "pdf": "PDF, A4",
}  # fmt: skip


@pytest.fixture
def spanish_phone(browser: Browser, live_server: str) -> Iterator[Page]:
    """A phone whose browser speaks Chilean Spanish."""
    context = browser.new_context(base_url=live_server, locale="es-CL", **PHONE)
    context.set_default_timeout(TIMEOUT_MS)
    context.route("**/static/icons/icon.svg*", lambda route: route.fulfill(path=ICON_FILE))
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


@pytest.mark.parametrize(
    ("league_language", "words", "lang"),
    [(None, SPANISH, "es"), ("de", GERMAN, "de")],
    ids=["phone-spanish", "league-german"],
)
def test_a_blank_sheet_made_on_a_spanish_phone(
    live_app: Flask,
    spanish_phone: Page,
    make_league: Callable[..., int],
    league_language: str | None,
    words: dict[str, str],
    lang: str,
):
    league_id = make_league(FOUR)
    with live_app.app_context():
        db.session.get(League, league_id).language = league_language
        db.session.commit()
    page = spanish_phone
    page.goto("/login")
    page.get_by_label(SPANISH["user"]).fill(OWNER)
    page.get_by_label(SPANISH["password"]).fill(OWNER_PASSWORD)
    page.get_by_role("button", name=SPANISH["sign_in"]).tap()
    expect(page.locator(".flash")).to_have_text(f"Has entrado como {OWNER}.")

    page.goto(f"/leagues/{league_id}/blank")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", name=words["heading"])).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # Ann, an empty seat, then Bob, Cat and Dan; the empty seat asked to deal.
    for seat, name in ((1, "Ann"), (3, "Bob"), (4, "Cat"), (5, "Dan")):
        page.get_by_label(words["seat"].format(seat), exact=True).select_option(label=name)
    page.get_by_label(words["dealer"]).select_option(label=words["seat"].format(2))
    page.get_by_role("button", name=words["show"]).tap()

    expect(page.get_by_role("alert")).to_contain_text(words["refused"])
    page.get_by_label(words["dealer"]).select_option(label=words["seat"].format(3))
    page.get_by_role("button", name=words["show"]).tap()

    expect(page.locator("html")).to_have_attribute("lang", lang)
    expect(page.get_by_role("heading", name=words["sheet"], exact=True)).to_be_visible()
    expect(page.locator(".sheet-facts")).to_contain_text(words["first"])
    link = page.get_by_role("link", name=words["pdf"])
    assert link.bounding_box()["height"] >= 44
    # Fetched as the phone fetches it: with the languages its browser accepts.
    accepted = page.evaluate("navigator.languages.join(',')")
    sheet = page.request.get(link.get_attribute("href"), headers={"Accept-Language": accepted})
    assert sheet.status == 200
    document = PdfReader(io.BytesIO(sheet.body()))
    assert document.trailer["/Root"]["/Lang"] == lang
    assert words["sheet"] in document.pages[0].extract_text()
