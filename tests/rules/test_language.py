"""The rules speak the language they are given (English until then), with no framework."""

from __future__ import annotations

import gettext
from dataclasses import replace
from pathlib import Path

import pytest

from scorekeeper.rules.dealing import ruleset_name, ruleset_summary, wild_words
from scorekeeper.rules.language import speaking
from scorekeeper.rules.presets import preset

CATALOGS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog, read by the standard library as a command would."""
    return gettext.translation("messages", CATALOGS, languages=[language])


# fmt: off
@pytest.mark.parametrize(
    ("language", "key",               "summary"),
    [
        # A preset without a description: players, hands, cards dealt, what is wild.
        ("es",      "continental",     "4-8 jugadores · 7 manos · 12 cartas por mano · Los comodines y los ases rojos sustituyen a cualquier carta."),
        ("de",      "continental",     "4-8 Spieler · 7 Runden · 12 Karten pro Runde · Joker und rote Asse ersetzen jede Karte."),
        ("es",      "contract-rummy",  "3-8 jugadores · 7 manos · de 10 a 12 cartas por mano · Los comodines sustituyen a cualquier carta."),
        ("de",      "may-i-11",        "4-8 Spieler · 7 Runden · 11 Karten pro Runde · Keine Joker."),
        # The three new tables' presets, with their one-line descriptions.
        ("es",      "carioca",         "2-5 jugadores · 8 manos · El juego de Chile: 8 rondas, de 2 tríos a 4 tríos, con 12 cartas cada una; los ases valen 20 y los comodines 30."),
        ("es",      "continental-spain", "2-8 jugadores · 7 manos · El Continental como se juega en España: de 7 a 13 cartas, una carta de castigo por coger el descarte fuera de turno y -10 por bajarse y cerrar en el mismo turno."),
        ("de",      "contract-romme",  "3-5 Spieler · 7 Runden · Das Spiel deutscher Spielrunden für 3 bis 5: ein Joker weniger als Spieler, 10 Karten in den Runden 1 bis 3 und 12 in den Runden 4 bis 7."),
    ],
    ids=["es-continental", "de-continental", "es-contract-rummy", "de-may-i-11", "es-carioca", "es-spain", "de-romme"],
)
# fmt: on
def test_a_summary_speaks_the_language_given(language, key, summary):
    with speaking(catalog(language)):
        assert ruleset_summary(preset(key)) == summary


# fmt: off
@pytest.mark.parametrize(
    ("language", "key",               "name"),
    [
        ("es",      "carioca-closing",   "Carioca con rondas de cierre"),
        ("es",      "continental-spain", "Continental (España)"),
        ("de",      "carioca-house",     "Carioca (Hauswertung)"),
        ("de",      "contract-romme",    "Contract Rommé"),
        ("de",      "may-i-deuces",      "Darf ich? (Zweier als Joker)"),
    ],
    ids=["es-closing", "es-spain", "de-house", "de-romme", "de-deuces"],
)
# fmt: on
def test_a_preset_name_speaks_the_language_given(language, key, name):
    with speaking(catalog(language)):
        assert ruleset_name(preset(key)) == name


def test_a_family_s_own_words_stay_as_written():
    own = replace(preset("continental"), name="Oma's rules", description="As Oma plays.")
    with speaking(catalog("es")):
        assert ruleset_name(own) == "Oma's rules"
        assert ruleset_summary(own).endswith("· As Oma plays.")


def test_an_empty_description_never_reads_the_catalog_header():
    plain = replace(preset("liverpool"), wild="", description="")
    with speaking(catalog("de")):
        assert wild_words(plain) == "Keine Joker."
        assert "Content-Type" not in ruleset_summary(plain)


def test_english_until_a_language_is_given_and_after():
    before = ruleset_summary(preset("liverpool"))
    with speaking(catalog("de")):
        assert ruleset_summary(preset("liverpool")).startswith("3-5 Spieler")
    assert ruleset_summary(preset("liverpool")) == before
    assert before == "3-5 players · 7 hands · 10 to 12 cards a hand · Jokers are wild."


@pytest.mark.parametrize(
    ("count", "spanish", "german"),
    [(1, "1 mano", "1 Runde"), (2, "2 manos", "2 Runden")],
    ids=["one", "two"],
)
def test_plural_forms_follow_each_language(count, spanish, german):
    liverpool = preset("liverpool")
    rs = replace(liverpool, hands=liverpool.hands[:count])
    for language, words in (("es", spanish), ("de", german)):
        with speaking(catalog(language)):
            assert ruleset_summary(rs).split(" · ")[1] == words
