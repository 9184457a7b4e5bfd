"""The league file carries the league's language, and its refusals speak the language they
are given: the file's checks need no app, so they are read here as a command would read them."""

from __future__ import annotations

import gettext
import io
import json
from pathlib import Path

import pytest
from conftest import out, play_hand, tally
from reading import visible_text
from sqlalchemy import select

from scorekeeper import exchange
from scorekeeper.exchange.format import Node, read_file
from scorekeeper.extensions import db
from scorekeeper.models import League
from scorekeeper.rules import limits
from scorekeeper.rules.language import speaking

CATALOGS = Path(__file__).resolve().parents[1] / "scorekeeper" / "translations"
SPANISH = {"Accept-Language": "es-CL,es;q=0.9,en;q=0.5"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog, read by the standard library as a command would."""
    return gettext.translation("messages", CATALOGS, languages=[language])


def refusal(text: str) -> str:
    """What reading `text` as a league file says is wrong with it."""
    with pytest.raises(exchange.ImportRefused) as refused:
        read_file(text)
    return str(refused.value)


HEADER = '{"format": "scorekeeper-league", "version": %s}'


# fmt: off
@pytest.mark.parametrize(
    ("language", "text",                        "said"),
    [
        # Cut short, the place of the fault first (Python's own reason stays as it says it).
        ("en", "{",                              "line 1, column 2: the file is not valid JSON, or it was cut short (Expecting property name enclosed in double quotes)."),
        ("es", "{",                              "línea 1, columna 2: el archivo no es JSON válido o está cortado (Expecting property name enclosed in double quotes)."),
        ("de", "{",                              "Zeile 1, Spalte 2: die Datei ist kein gültiges JSON oder wurde abgeschnitten (Expecting property name enclosed in double quotes)."),
        # Not an object: what it holds, in words.
        ("es", "[1, 2]",                         "El archivo contiene una lista, no una liga: se esperaba un objeto JSON."),
        ("de", '"a league"',                     'Die Datei enthält "a league", keine Liga: erwartet war ein JSON-Objekt.'),
        # Another format, or a version this app does not read (none at all, too new).
        ("es", '{"format": "csv"}',              'format: esto no es un archivo de liga del Anotador (se esperaba "scorekeeper-league").'),
        ("de", '{"format": "scorekeeper-league"}', "version: diese App liest die Versionen 1 bis 4 der Ligadatei, nicht keine."),
        ("es", HEADER % 9,                       "version: esta aplicación lee las versiones 1 a 4 del archivo de liga, no 9."),
        ("de", HEADER % '{"v": 4}',              "version: diese App liest die Versionen 1 bis 4 der Ligadatei, nicht ein Objekt."),
    ],
    ids=["en-cut", "es-cut", "de-cut", "es-list", "de-text", "es-format", "de-no-version", "es-new", "de-object"],
)
# fmt: on
def test_a_file_refused_says_why_in_the_language_given(language, text, said):
    with speaking(catalog(language) if language != "en" else gettext.NullTranslations()):
        assert refusal(text) == said


READ = {
    "a time": lambda node: node.moment(),
    "a list": lambda node: node.items(limits.LEAGUE_PLAYERS),
    "a whole number": lambda node: node.integer(0, 10),
    "a name": lambda node: node.text(5, blank=False),
    "a choice": lambda node: node.choice(("average", "wins")),
    "a date": lambda node: node.day(),
    "a flag": lambda node: node.flag(),
}

# fmt: off
@pytest.mark.parametrize(
    ("language", "read",            "value",       "said"),
    [
        ("en",      "a time",         "yesterday",  'field: expected a time in ISO 8601, got "yesterday".'),
        ("es",      "a time",         "yesterday",  'field: se esperaba una hora en ISO 8601 y hay "yesterday".'),
        ("de",      "a time",         True,         "field: erwartet war eine Zeit nach ISO 8601, nicht true."),
        ("es",      "a list",         {"Ann": 1},   "field: se esperaba una lista y hay un objeto."),
        ("es",      "a whole number", -1,           "field: se esperaba un número entero de al menos 0 y hay -1."),
        ("de",      "a whole number", 11,           "field: erwartet war eine ganze Zahl bis 10, nicht 11."),
        ("es",      "a name",         "   ",        "field: esto no puede estar vacío."),
        ("de",      "a name",         "Annabel",    "field: höchstens 5 Zeichen, nicht 7."),
        ("es",      "a choice",       "points",     'field: se esperaba uno de estos: average, wins, y hay "points".'),
        ("de",      "a date",         "14/3/2026",  'field: erwartet war ein Datum als JJJJ-MM-TT, nicht "14/3/2026".'),
        ("es",      "a flag",         "yes",        'field: se esperaba true o false y hay "yes".'),
    ],
    ids=["en-time", "es-time", "de-time", "es-list", "es-least", "de-most", "es-empty", "de-long", "es-choice", "de-date", "es-flag"],
)
# fmt: on
def test_a_field_of_the_wrong_kind_is_named_in_the_language_given(language, read, value, said):
    node = Node({"field": value}).get("field")
    spoken = catalog(language) if language != "en" else gettext.NullTranslations()
    with speaking(spoken), pytest.raises(exchange.ImportRefused) as refused:
        READ[read](node)
    assert str(refused.value) == said


# --- the league's language, in the file ---


@pytest.fixture
def smiths(make_game):
    game = make_game()
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=1), tally(ace=1)])
    return game.league


def upload(client, data: dict, headers: dict[str, str] | None = None):
    body = json.dumps(data).encode()
    return client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(body), "league.json")},
        headers=headers or {},
    )


def exported(league: League) -> dict:
    return json.loads(exchange.league_json(league))


@pytest.mark.parametrize("language", ["es", "de", None])
def test_the_file_carries_the_league_language_and_the_import_restores_it(
    client, smiths, language
):
    smiths.language = language
    db.session.commit()
    data = exported(smiths)
    data["league"]["name"] = "The Smiths at the lake"

    response = upload(client, data)

    assert data["league"]["language"] == language
    assert response.status_code == 302
    copy = db.session.scalar(select(League).filter_by(name="The Smiths at the lake"))
    assert copy.language == language
    assert exported(copy)["league"]["language"] == language


@pytest.mark.parametrize("version", [1, 2, 3])
def test_a_file_from_before_languages_imports_with_none_chosen(client, smiths, version):
    data = exported(smiths)
    data["version"] = version
    data["league"]["name"] = "The Smiths at the lake"
    del data["league"]["language"]
    if version < 3:
        for game in data["games"]:
            for attempt in game["hands"]:
                attempt.pop("proposals", None)
    if version < 2:
        del data["league"]["time_zone"]

    response = upload(client, data)

    assert response.status_code == 302
    copy = db.session.scalar(select(League).filter_by(name="The Smiths at the lake"))
    assert copy.language is None


# fmt: off
@pytest.mark.parametrize(
    ("headers", "language", "said"),
    [
        ({},      "fr",  'league.language: this app speaks en, es, de, not "fr"; leave the field out, or null, for each reader\'s own language.'),
        (SPANISH, "fr",  'league.language: esta aplicación habla en, es, de, no "fr"; quita el campo, o déjalo en null, para que cada uno lea en su idioma.'),
        (GERMAN,  "",    'league.language: diese App spricht en, es, de, nicht ""; lass das Feld weg oder setz es auf null, dann liest jeder in seiner eigenen Sprache.'),
        (SPANISH, 3,     "league.language: se esperaba texto y hay 3."),
        (GERMAN,  "x" * 9, "league.language: höchstens 8 Zeichen, nicht 9."),
    ],
    ids=["en-french", "es-french", "de-empty", "es-number", "de-long"],
)
# fmt: on
def test_a_language_the_app_does_not_speak_is_refused_and_nothing_is_imported(
    client, smiths, headers, language, said
):
    data = exported(smiths)
    data["league"]["name"] = "The Smiths at the lake"
    data["league"]["language"] = language
    before = db.session.scalar(select(db.func.count(League.id)))

    response = upload(client, data, headers)

    assert response.status_code == 422
    assert said in visible_text(response)
    assert db.session.scalar(select(db.func.count(League.id))) == before


def test_an_import_in_any_language_stores_the_same_league(client, smiths):
    data = exported(smiths)
    files = []
    for headers, name in (({}, "In English"), (SPANISH, "En español"), (GERMAN, "Auf Deutsch")):
        data["league"]["name"] = name
        assert upload(client, data, headers).status_code == 302
        copy = db.session.scalar(select(League).filter_by(name=name))
        written = exported(copy)
        written["league"]["name"] = written["exported_at"] = ""
        files.append(written)

    assert files[0] == files[1] == files[2]
