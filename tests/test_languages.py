"""Each page's language: the person's choice, else the league's, else the browser's, else
English; a switch on every page that changes nothing recorded; sheets and the read-only link
in the league's language."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from unittest.mock import patch

import pytest
from pypdf import PdfReader
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Account, League
from scorekeeper.views import main
from scorekeeper.web import dates
from tests.conftest import out, play_hand, tally
from tests.reading import english_left, markup, visible_text

SPANISH = {"Accept-Language": "es-CL,es;q=0.9,en;q=0.5"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}


def page_language(response) -> str:
    found = re.search(r'<html lang="([^"]*)"', markup(response))
    assert found, "the page names no language"
    return found.group(1)


def stored() -> dict[str, list[tuple]]:
    """Every row of every table, as the database holds it."""
    db.session.expire_all()
    return {
        table.name: sorted(map(tuple, db.session.execute(select(table)).all()), key=repr)
        for table in db.metadata.sorted_tables
    }


def set_league_language(league: League, language: str | None) -> None:
    league.language = language
    db.session.commit()


def choose_account_language(account: Account, language: str | None) -> None:
    account.language = language
    db.session.commit()


# fmt: off
@pytest.mark.parametrize(
    ("path",     "headers", "language", "shown",                                   "not_shown"),
    [
        ("/",       SPANISH, "es", ("Apunta los puntos en la mesa", "Crear una cuenta", "Idioma:"), ("Sign in", "Make an account")),
        ("/login",  SPANISH, "es", ("Nombre de usuario", "Contraseña", "¿Aún no tienes cuenta?"),   ("User name", "Password")),
        ("/signup", SPANISH, "es", ("Crear la cuenta", "Al menos 10 caracteres.", "Repite la contraseña"), ("Make the account",)),
        ("/nowhere", SPANISH, "es", ("Aquí no hay nada", "Volver a las ligas"),                     ("Nothing here",)),
        ("/leagues/999", SPANISH, "es", ("Aquí no hay nada",),                                     ("Nothing here",)),
        ("/",       GERMAN,  "de", ("Punkte zählen am Tisch", "Konto anlegen", "Sprache:"),        ("Sign in",)),
        ("/login",  GERMAN,  "de", ("Benutzername", "Passwort", "Noch kein Konto?"),               ("User name",)),
        ("/",       {"Accept-Language": "fr-FR,fr;q=0.9"}, "en", ("Keep score at the table",),     ("Apunta",)),
        ("/",       {},      "en", ("Keep score at the table", "Make an account"),                 ("Idioma",)),
    ],
    ids=["es-home", "es-sign-in", "es-sign-up", "es-not-found", "es-no-league", "de-home", "de-sign-in", "french-is-english", "no-header"],
)
# fmt: on
def test_the_browser_language_chooses_the_page(anonymous, path, headers, language, shown, not_shown):
    response = anonymous.get(path, headers=headers)

    assert page_language(response) == language
    text = visible_text(response)
    for words in shown:
        assert words in text, words
    for words in not_shown:
        assert words not in text, words


def test_a_spanish_sign_in_refused_says_why_in_spanish(anonymous, owner):
    response = anonymous.post(
        "/login", data={"username": "owner", "password": "wrong-password"}, headers=SPANISH
    )

    assert response.status_code == 401
    assert "Ese nombre de usuario y esa contraseña no coinciden." in visible_text(response)
    empty = anonymous.post("/login", data={"username": "", "password": ""}, headers=SPANISH)
    assert "Escribe tu nombre de usuario." in visible_text(empty)
    assert "Escribe tu contraseña." in visible_text(empty)


def test_a_spanish_sign_in_is_welcomed_in_spanish(anonymous, owner):
    signed_in = anonymous.post(
        "/login",
        data={"username": "owner", "password": "owner-password"},
        headers=SPANISH,
        follow_redirects=True,
    )

    assert "Has entrado como owner." in visible_text(signed_in)
    assert "Empezar una liga" in visible_text(signed_in)


def test_a_german_sign_up_counts_its_plural_forms(anonymous):
    page = anonymous.post(
        "/signup",
        data={"username": "oma", "password": "short", "confirm": "short"},
        headers=GERMAN,
    )

    assert page.status_code == 422
    assert "Ein Passwort hat mindestens 10 sichtbare Zeichen." in visible_text(page)


def test_the_account_choice_beats_the_league_which_beats_the_browser(
    app, client, owner, make_league
):
    league = make_league()
    path = f"/leagues/{league.id}"

    # Nobody chose: the browser's language.
    assert page_language(client.get(path, headers=SPANISH)) == "es"
    # The league's owner chose German for the league: its pages, whatever the browser says.
    set_league_language(league, "de")
    assert page_language(client.get(path, headers=SPANISH)) == "de"
    # Pages of no league still follow the browser.
    assert page_language(client.get("/", headers=SPANISH)) == "es"
    # The account chose English: every page, the league's too.
    choose_account_language(owner, "en")
    assert page_language(client.get(path, headers=SPANISH)) == "en"
    assert page_language(client.get("/", headers=SPANISH)) == "en"


def test_the_account_page_keeps_the_choice_on_the_account(app, client, owner):
    page = client.get("/account", headers=SPANISH)
    assert "Idioma" in visible_text(page) and "Guardar el idioma" in visible_text(page)

    chosen = client.post("/language", data={"language": "de", "next": "/account"})

    assert chosen.status_code == 302 and chosen.location == "/account"
    db.session.refresh(owner)
    assert owner.language == "de"
    # Another phone signed in to the account, with a Spanish browser and no cookie.
    other = app.test_client()
    with other.session_transaction() as session:
        session["account_id"] = owner.id
    assert page_language(other.get("/", headers=SPANISH)) == "de"
    # "The league's, else the browser's" forgets the choice.
    client.post("/language", data={"language": "", "next": "/account"})
    db.session.refresh(owner)
    assert owner.language is None
    assert page_language(other.get("/", headers=SPANISH)) == "es"


def test_a_visitor_s_switch_is_kept_in_a_cookie(anonymous):
    switched = anonymous.post("/language", data={"language": "de", "next": "/login?next=/x"})

    assert switched.status_code == 302 and switched.location == "/login?next=/x"
    assert "language=de" in switched.headers["Set-Cookie"]
    assert page_language(anonymous.get("/login", headers=SPANISH)) == "de"


def test_the_switch_is_on_every_page_and_works_without_javascript(anonymous):
    page = anonymous.get("/login", headers=SPANISH)

    switch = re.search(r'<form method="post" action="/language".*?</form>', markup(page), re.S)
    assert switch, "no language switch"
    assert 'name="next" value="/login"' in switch.group(0)
    for code, name in (("en", "English"), ("es", "Español"), ("de", "Deutsch")):
        assert f'value="{code}" lang="{code}"' in switch.group(0) and name in switch.group(0)
    assert 'value="es" lang="es" class="link-button" aria-describedby="language-label" aria-current="true"' in switch.group(0)


@pytest.mark.parametrize(
    "sent",
    [{"language": "fr"}, {"language": "x" * 5000}, {}],
    ids=["unknown", "long", "none"],
)
def test_a_language_the_app_does_not_speak_is_refused_and_changes_nothing(client, owner, sent):
    before = stored()

    refused = client.post("/language", data={**sent, "next": "/"}, headers=SPANISH)

    assert refused.status_code == 400
    assert "Elige uno de los idiomas que se ofrecen." in visible_text(refused)
    assert "Set-Cookie" not in refused.headers or "language=" not in refused.headers["Set-Cookie"]
    assert stored() == before


def test_switching_language_changes_nothing_recorded(app, client, owner, make_game):
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    play_hand(game, [out(), tally(low=1), tally(high=2), tally(ace=1)])
    db.session.commit()
    before = stored()

    for language in ("es", "de", "en", ""):
        client.post("/language", data={"language": language, "next": f"/games/{game.id}"})
        client.get(f"/games/{game.id}")
    anonymous = app.test_client()
    anonymous.post("/language", data={"language": "es", "next": "/"})

    after = stored()
    # Nothing of any league, game, hand or score moved; the account only kept its choice,
    # back to none at the end (its row's time of change aside).
    assert {k: v for k, v in after.items() if k != "account"} == {
        k: v for k, v in before.items() if k != "account"
    }
    db.session.refresh(owner)
    assert owner.language is None and owner.password_hash == before["account"][0][3]


def test_the_read_only_link_speaks_the_league_language(app, client, make_game):
    game = make_game()
    league = db.session.get(League, game.league_id)
    assert client.post(f"/leagues/{league.id}/settings/share").status_code == 302
    db.session.refresh(league)
    token = league.share_token
    set_league_language(league, "es")
    relative = app.test_client()

    with app.app_context():
        page = relative.get(f"/watch/{token}", headers=GERMAN)
        game_page = relative.get(f"/watch/{token}/games/{game.id}", headers=GERMAN)

    assert page_language(page) == page_language(game_page) == "es"
    assert "Ir al contenido" in markup(page) and "Anotador" in visible_text(page)
    # Read only: no form on it, the switch included.
    assert "<form" not in markup(page) and "<form" not in markup(game_page)
    # A league that chose none: the relative's own browser.
    set_league_language(league, None)
    with app.app_context():
        assert page_language(relative.get(f"/watch/{token}", headers=GERMAN)) == "de"


@pytest.mark.parametrize(
    "path",
    ["/games/{game}/sheet.pdf", "/games/{game}/blank.pdf", "/leagues/{league}/standings.pdf"],
    ids=["scoresheet", "blank", "standings"],
)
def test_a_printed_sheet_is_in_the_league_language(client, owner, make_game, path):
    game = make_game()
    league = db.session.get(League, game.league_id)
    set_league_language(league, "de")
    choose_account_language(owner, "es")  # the owner reads Spanish, the league prints German

    response = client.get(path.format(game=game.id, league=league.id), headers=SPANISH)

    assert response.status_code == 200 and response.mimetype == "application/pdf"
    document = PdfReader(io.BytesIO(response.get_data()))
    assert document.trailer["/Root"]["/Lang"] == "de"
    assert document.metadata is not None and document.metadata.title.endswith("· Punkteblock")


def test_the_print_page_of_a_sheet_is_in_the_league_language(client, make_game):
    game = make_game()
    set_league_language(db.session.get(League, game.league_id), "de")

    page = client.get(f"/games/{game.id}/blank", headers=SPANISH)

    assert page_language(page) == "de" and "Zum Inhalt springen" in markup(page)


@pytest.mark.parametrize(
    ("headers", "size"),
    [({}, "1.5 MB"), (SPANISH, "1,5 MB"), (GERMAN, "1,5 MB")],
    ids=["en", "es", "de"],
)
def test_numbers_are_written_as_the_language_writes_them(app, anonymous, headers, size):
    app.config["MAX_CONTENT_LENGTH"] = 1.5 * 1024 * 1024
    too_large = anonymous.post("/login", data={"x": "y" * 2_000_000}, headers=headers)

    assert too_large.status_code == 413
    assert size in visible_text(too_large)


def test_the_manifest_names_the_app_in_the_visitor_language(anonymous):
    manifest = anonymous.get("/manifest.webmanifest", headers=SPANISH)

    assert manifest.get_json()["name"] == "Anotador"
    assert manifest.get_json()["lang"] == "es"
    assert {"Accept-Language", "Cookie"} <= set(manifest.vary)


def test_the_owner_chooses_the_league_language_in_its_settings(client, make_league):
    league = make_league()
    url = f"/leagues/{league.id}/settings"
    fields = {
        "name": league.name,
        "ranking": "average",
        "place_points": "5, 3, 1",
        "min_games": "0",
        "paper_size": "A4",
        "time_zone": "UTC",
    }

    saved = client.post(url, data={**fields, "language": "es"})
    refused = client.post(url, data={**fields, "language": "fr"})

    assert saved.status_code == 302 and refused.status_code == 422
    db.session.expire_all()
    assert db.session.get(League, league.id).language == "es"
    page = client.get(url, headers=GERMAN)
    assert page_language(page) == "es"  # the league's pages follow it, the owner chose none
    assert '<option selected value="es">Español</option>' in markup(page)
    client.post(url, data={**fields, "language": ""})
    db.session.expire_all()
    assert db.session.get(League, league.id).language is None
    assert page_language(client.get(url, headers=GERMAN)) == "de"


def test_a_guessable_password_is_refused_in_the_page_language(anonymous):
    page = anonymous.post(
        "/signup",
        data={"username": "abuela", "password": "password12", "confirm": "password12"},
        headers=SPANISH,
    )

    assert page.status_code == 422
    assert (
        "Es demasiado fácil de adivinar. Prueba con unas pocas palabras sin relación, "
        "p. ej. «lámpara cocina escala búho»."
    ) in visible_text(page)


@pytest.mark.parametrize(
    ("headers", "counts"),
    [({}, "5 players · 1,200 games"), (GERMAN, "5 Spieler · 1.200 Spiele")],
    ids=["en", "de"],
)
def test_the_home_page_counts_as_the_language_counts(client, make_league, headers, counts):
    league = make_league()
    with patch.object(main.leagues, "sizes", return_value={league.id: (5, 1200)}):
        home = client.get("/", headers=headers)

    assert counts in " ".join(visible_text(home).split())


@pytest.mark.parametrize("headers", [SPANISH, GERMAN], ids=["es", "de"])
@pytest.mark.parametrize("path", ["/", "/login", "/signup"])
def test_the_pages_of_a_visitor_leave_no_english_word(anonymous, path, headers):
    english = anonymous.get(path)
    translated = anonymous.get(path, headers=headers)
    assert english.status_code == translated.status_code == 200
    assert english_left(english, translated, keep=("Scorekeeper",)) == []


@pytest.mark.parametrize(
    ("headers", "shown"),
    [({}, "14 Mar 2026, 21:15"), (SPANISH, "14 mar 2026, 21:15"), (GERMAN, "14. März 2026, 21:15")],
    ids=["en", "es", "de"],
)
def test_a_moment_is_written_as_the_language_writes_it(app, headers, shown):
    moment = datetime(2026, 3, 14, 20, 15, tzinfo=UTC)
    with app.test_request_context(headers=headers):
        assert dates.moment_words(moment, "Europe/Madrid") == shown
