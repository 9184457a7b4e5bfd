"""A league in Spanish or German on a phone at 390x844: its owner chooses the language in
Settings, and every page of the league speaks it and still fits the screen, the standings
chart's axis and the editor's refusals included; a league file refused says so in the
language the owner reads."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.languages import LANGUAGES

from .pages import PLAYERS
from .signing_in import sign_in
from .test_standings_chart import three_games_one_evening

pytestmark = pytest.mark.browser

# The language, its words for what the test taps and reads, and the chart's axis.
SPOKEN = {
    "es": {
        "saved": "Ajustes guardados.",
        "axis": ["Part.", "1", "2", "3", "26/11"],
        "save rules": "Guardar las reglas",
        "fewest": "Mínimo de jugadores",
        "not saved": "Todavía no se ha guardado nada.",
        "import": "Importar la liga",
        "file": "Archivo de la liga",
        "refused": "No se ha importado nada.",
    },
    "de": {
        "saved": "Einstellungen gespeichert.",
        "axis": ["Spiel", "1", "2", "3", "26.11."],
        "save rules": "Regeln speichern",
        "fewest": "Mindestzahl Spieler",
        "not saved": "Noch ist nichts gespeichert.",
        "import": "Liga importieren",
        "file": "Ligadatei",
        "refused": "Nichts wurde importiert.",
    },
}


def fits(page: Page) -> None:
    """Nothing on the page runs past the phone's edge."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{page.url} scrolls sideways ({width} px)"


@pytest.mark.parametrize("language", list(SPOKEN))
def test_a_league_in_the_owner_s_language_fits_the_phone(
    page: Page, live_app: Flask, make_league, language: str
):
    words = SPOKEN[language]
    league_id = make_league(PLAYERS)
    three_games_one_evening(live_app, league_id)
    sign_in(page)

    page.goto(f"/leagues/{league_id}/settings")
    page.get_by_label("Language of the league").select_option(language)
    page.get_by_role("button", name="Save settings").tap()

    expect(page.locator(".flash")).to_have_text(words["saved"])
    expect(page.locator("html")).to_have_attribute("lang", language)
    fits(page)
    page.goto(f"/leagues/{league_id}/standings?season=2026")
    chart = page.locator("svg.chart")
    axis = chart.locator(".axes text")
    assert axis.all_text_contents()[-5:] == words["axis"]
    box = chart.bounding_box()
    assert box is not None
    for label in axis.all():
        edge = label.bounding_box()
        assert edge is not None and box["x"] <= edge["x"]
        assert edge["x"] + edge["width"] <= box["x"] + box["width"]
    fits(page)
    for path in ("", "/players/1", "/rules/new", "/rules/1"):
        page.goto(f"/leagues/{league_id}{path}")
        fits(page)

    page.get_by_label(words["fewest"]).fill("1")
    page.get_by_role("button", name=words["save rules"]).tap()

    summary = page.get_by_role("alert")
    expect(summary).to_contain_text(words["not saved"])
    expect(summary.get_by_role("link", name=words["fewest"])).to_be_visible()
    fits(page)
    # Moving a league is no league's page: the owner reads the app in the language too.
    with page.expect_navigation():
        page.locator("form.language-switch").get_by_role("button", name=LANGUAGES[language]).tap()
    page.goto("/leagues/import")
    page.get_by_label(words["file"], exact=True).set_input_files(
        files=[{"name": "league.json", "mimeType": "application/json", "buffer": b"{"}]
    )
    page.get_by_role("button", name=words["import"]).tap()
    expect(page.get_by_role("alert")).to_contain_text(words["refused"])
    fits(page)
