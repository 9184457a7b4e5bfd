"""The command line in the terminal's language, and the demo league in each language the app
speaks, playing the game its tables play."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from flask import Flask
from sqlalchemy import select

from scorekeeper.commands import serve
from scorekeeper.commands.demo import DEMO_NAME, DEMO_PLAYERS
from scorekeeper.commands.language import catalog
from scorekeeper.commands.main import scorekeeper
from scorekeeper.extensions import db
from scorekeeper.models import Game, GameStatus, HandState, League
from scorekeeper.play.games import load_game
from scorekeeper.rules.language import speaking
from tests.test_languages import stored


def invoke(app: Flask, *args: str, language: str = "en"):
    """Run one of the app's commands in a terminal that speaks `language`."""
    result = app.test_cli_runner().invoke(args=list(args), env={"LANGUAGE": language})
    assert result.exception is None, result.output
    return result


# fmt: off
@pytest.mark.parametrize(
    ("language", "name",              "players",                                                "game",           "hands", "said"),
    [
        ("es",     "Familia de prueba", ("Abuela Rosa", "Tío Pepe", "María", "Nico", "Cata"),   "Carioca",        8,       "Se ha creado la liga de prueba «Familia de prueba»."),
        ("de",     "Beispielfamilie",   ("Oma Rosi", "Onkel Jupp", "Maria", "Jonas", "Lena"),   "Contract Rommé", 7,       "Die Beispiel-Liga „Beispielfamilie“ ist angelegt."),
    ],
    ids=["es", "de"],
)
# fmt: on
def test_the_demo_league_in_a_language_plays_its_tables_game(
    file_app, language, name, players, game, hands, said
):
    made = invoke(file_app, "demo", "--lang", language)

    assert said in made.output
    league = db.session.scalar(select(League))
    assert (league.name, league.language) == (name, language)
    assert sorted(p.name for p in league.players) == sorted(players)
    assert league.rulesets[0].rules.name == game
    finished, in_progress = (
        load_game(g.id) for g in db.session.scalars(select(Game).order_by(Game.id))
    )
    assert finished.status == GameStatus.FINISHED
    assert [h.number for h in finished.hands if h.state == HandState.SCORED] == list(
        range(1, hands + 1)
    )
    assert in_progress.status == GameStatus.PLAYING
    assert [h.state for h in in_progress.hands][:3] == [HandState.SCORED] * 3
    # Its words were made in its language; what is kept of the games is the rules' own.
    assert finished.end_note == ""
    again = invoke(file_app, "demo", "--lang", language)
    assert db.session.scalar(select(League.id).where(League.name == name)) == league.id
    assert name in again.output and len(db.session.scalars(select(League)).all()) == 1


def test_the_demo_leagues_of_each_language_stand_side_by_side(file_app):
    # Without --lang, the English demo, said in the terminal's language.
    said = invoke(file_app, "demo", language="es").output
    assert said.splitlines()[-1] == f"Se ha creado la liga de prueba «{DEMO_NAME}»."
    invoke(file_app, "demo", "--lang", "es")
    invoke(file_app, "demo", "--lang", "de")

    leagues = {league.name: league for league in db.session.scalars(select(League))}
    assert set(leagues) == {DEMO_NAME, "Familia de prueba", "Beispielfamilie"}
    english = leagues[DEMO_NAME]
    # The English demo is the one it always was: no language of its own, Continental.
    assert english.language is None and english.rulesets[0].preset_key == "continental"
    assert sorted(p.name for p in english.players) == sorted(DEMO_PLAYERS)


def test_the_spanish_demo_prints_its_sheets_in_spanish(file_app):
    invoke(file_app, "demo", "--lang", "es")
    file_app.config["WTF_CSRF_ENABLED"] = False
    client = file_app.test_client()
    client.post("/login", data={"username": "demo", "password": "demo-table-1"})
    game = db.session.scalar(select(Game).order_by(Game.id))

    sheet = client.get(f"/games/{game.id}/sheet/print", headers={"Accept-Language": "de"})

    assert '<html lang="es">' in sheet.get_data(as_text=True)
    assert "Terminada: 8 de 8 manos anotadas" in sheet.get_data(as_text=True)


def test_a_refused_language_changes_nothing(file_app):
    invoke(file_app, "db", "upgrade")
    before = stored()

    refused = file_app.test_cli_runner().invoke(args=["demo", "--lang", "fr"])

    assert refused.exit_code != 0 and "fr" in refused.output
    assert stored() == before


# fmt: off
@pytest.mark.parametrize(
    ("app_on",   "args",                                "language", "said",                                                        "not_said"),
    [
        ("app",      ("demo", "--help"),                    "es",  ("Añade la liga de prueba", "juega Carioca"),                   ("Add the demo league",)),
        ("app",      ("demo", "--help"),                    "de",  ("Legt die Beispiel-Liga an", "Contract Rommé"),                   ("Add the demo league",)),
        ("app",      ("--help",),                           "es",  ("Añade una liga de prueba para probar la aplicación.",),        ("Add a demo league",)),
        ("app",      ("import", "--help"),                  "de",  ("Liest eine Ligadatei", "Das Konto, dem die neue Liga gehört"),   ("The account",)),
        ("app",      ("backup",),                           "es",  ("Estas copias de seguridad son del archivo de base de datos SQLite.",), ("Backups here",)),
        ("file_app", ("backup",),                           "de",  ("Sicherung geschrieben nach",),                                   ("Backup written",)),
        ("app",      ("import", "-", "--owner", "nobody"),  "de",  ("Kein Konto heißt 'nobody'. Nichts wurde importiert.",),         ("No account",)),
        ("file_app", ("demo",),                             "es",  ("Se ha creado la liga de prueba",),                                     ("Created the demo league",)),
        ("file_app", ("demo",),                             "C.UTF-8", ("Created the demo league",),                                  ("liga de prueba",)),
    ],
    ids=["demo-help-es", "demo-help-de", "commands-es", "import-help-de", "backup-refused-es",
         "backup-de", "import-refused-de", "demo-es", "demo-c"],
)
# fmt: on
def test_the_commands_speak_the_terminal_language(
    request, app_on, args, language, said, not_said
):
    app = request.getfixturevalue(app_on)

    result = app.test_cli_runner().invoke(args=list(args), env={"LANGUAGE": language}, input="")

    for words in said:
        assert words in result.output, result.output
    for words in not_said:
        assert words not in result.output, result.output


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", ("Anotador: puntos y reglas", "Para empezar:", "añade una liga para probarlo")),
        ("de", ("Punkteblock: Punkte und Regeln", "So geht's los:", "Startet die App mit waitress")),
    ],
    ids=["es", "de"],
)
def test_the_scorekeeper_command_helps_in_the_terminal_language(tmp_path, language, said):
    environment = {"LANGUAGE": language, "SCOREKEEPER_INSTANCE": str(tmp_path)}

    helped = CliRunner().invoke(scorekeeper, ["--help"], env=environment, prog_name="scorekeeper")

    assert helped.exit_code == 0, helped.output
    for words in said:
        assert words in helped.output
    assert "scorekeeper db upgrade" in helped.output  # the commands themselves stay as typed
    assert "Start here" not in helped.output


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", ("El Anotador está en marcha en http://127.0.0.1:5000/ en este ordenador.",
                "En un teléfono conectado a la misma wifi, abre", "Pulsa Ctrl+C para pararlo.")),
        ("de", ("Der Punkteblock läuft auf diesem Computer unter http://127.0.0.1:5000/.",
                "Öffne auf einem Handy im selben WLAN", "Mit Strg+C beenden.")),
    ],
    ids=["es", "de"],
)  # fmt: skip
def test_serving_says_where_in_the_terminal_language(capsys, monkeypatch, language, said):
    monkeypatch.setattr(serve, "lan_address", lambda: "192.168.1.20")

    with speaking(catalog(language)):
        serve.announce("0.0.0.0", 5000)

    printed = capsys.readouterr().out
    for words in said:
        assert words in printed


def test_the_catalogs_are_found_beside_the_package():
    # gettext reads them from the package's own folder, wherever it is installed.
    assert catalog("es").gettext("Press Ctrl+C to stop.") == "Pulsa Ctrl+C para pararlo."
    assert catalog("fr").gettext("Press Ctrl+C to stop.") == "Press Ctrl+C to stop."
