"""A league's own pages speak Spanish and German: the league page, its settings, standings and
players, the house-rules editor and moving a league, in every state that shows words of its
own (refusals, warnings, empty lists), with no English left but names; and switching
language changes nothing they record."""

from __future__ import annotations

import io
import json
import re
from datetime import UTC, date, datetime, timedelta

import pytest
import standings_league
from conftest import out, play_hand, tally
from reading import english_left, markup, visible_text
from test_family_setup import FAMILY, copy_buying
from test_rulesets import shown_values

from scorekeeper import exchange, zones
from scorekeeper.extensions import db
from scorekeeper.league import passcodes
from scorekeeper.league.passphrases import WORDS
from scorekeeper.models import Game, JoinedPhone, League, LeagueRuleSet, LoginAttempt
from scorekeeper.paper import PAPERS
from scorekeeper.play import games
from scorekeeper.rules.contracts import rank_name
from scorekeeper.rules.dealing import GOING_OUT_WORDS, contract_words, stock_words
from scorekeeper.rules.fairness import FAIRNESS_WORDS
from scorekeeper.rules.family import family_gaps, gap_words
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.ruleset import JOKER, STOCK_KINDS, StockPolicy
from scorekeeper.rules.standings import MEASURES, RANKING_HINT

pytestmark = pytest.mark.words

SPANISH = {"Accept-Language": "es-CL,es;q=0.9,en;q=0.5"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
TRANSLATED = [pytest.param(SPANISH, id="es"), pytest.param(GERMAN, id="de")]
# Names no language changes: the leagues', players', seasons' and rule sets' own, the games'.
NAMES = (
    "The Smiths", "The Pinned", "Ann", "Bob", "Cat", "Dan", "Eve", "Gus", "Hal", *FAMILY,
    "Spring 25", "Winter 25-26", "Continental for pennies", "Our buying", "Continental",
    "Liverpool", "Carioca", "Contract Rommé", "UTC",
)  # fmt: skip
# Words a language writes as English does: Spanish's "Total", German's "Name".
SAME = ("Total", "Name")


def elsewhere() -> set[str]:
    """What these pages show that other files word, each translated where it is made: the
    rules' sentences (fairness, ways out, the stock, ranking, contracts, card names, the cells
    a family sets), the paper sizes and the zones' places; and what a rule set stores as
    written (a preset's own rules)."""
    shown = {*MEASURES.values(), RANKING_HINT, *FAIRNESS_WORDS.values()}
    shown |= {*GOING_OUT_WORDS.values(), rank_name(JOKER)}
    shown |= {stock_words(StockPolicy(kind)) for kind in STOCK_KINDS}
    shown |= {paper.label for paper in PAPERS}
    shown |= {zones.zone_label(name) for name in zones.zone_names()}
    for rs in PRESETS.values():
        shown.add(" ".join(" ".join(rs.extra_rules).split()))
        shown |= {f"{k} · {contract_words(rs, k)}" for k in range(1, len(rs.hands) + 1)}
        shown |= {gap_words(path) for path in rs.unset}
        shown |= {gap.place for gap in family_gaps(rs) if not gap.cell}
    return shown


def left(client, path: str, headers: dict[str, str], **request) -> list[str]:
    """What the page at `path` still shows in English read in the language of `headers`, but
    names and others' words (a POST when `request` gives its data, sent the same way twice)."""
    method = client.post if "data" in request else client.get
    english = method(path, **request)
    translated = method(path, headers=headers, **request)
    assert english.status_code == translated.status_code, path
    keep = (*NAMES, *SAME)
    return [piece for piece in english_left(english, translated, keep) if piece not in ELSEWHERE]


ELSEWHERE = elsewhere()


@pytest.fixture
def smiths(make_game):
    """The Smiths with a game of three hands on 14 March 2026, and 13 games more to page."""
    game = make_game(started_on=date(2026, 3, 14))
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=1), tally(ace=1)])
    league = game.league
    for _ in range(13):
        games.start_game(league, league.rulesets[0], league.players[:4], 0)
    db.session.commit()
    return league


# --- the league page and its players ---


@pytest.mark.parametrize("headers", TRANSLATED)
def test_the_league_page_speaks_the_language(client, smiths, make_league, headers):
    empty = make_league(name="The Pinned", players=())

    assert left(client, f"/leagues/{smiths.id}", headers) == []
    assert left(client, f"/leagues/{smiths.id}?page=2", headers) == []
    assert left(client, f"/leagues/{empty.id}", headers) == []


@pytest.mark.parametrize(
    ("headers", "shown"),
    [
        ({}, ("Game 1 · 14 Mar 2026", "Page 2 of 2", "Newer games")),
        (SPANISH, ("Partida 1 · 14 mar 2026", "Página 2 de 2", "Partidas más recientes")),
        (GERMAN, ("Spiel 1 · 14. März 2026", "Seite 2 von 2", "Neuere Spiele")),
    ],
    ids=["en", "es", "de"],
)
def test_the_games_are_dated_as_the_language_dates(client, smiths, headers, shown):
    text = visible_text(client.get(f"/leagues/{smiths.id}?page=2", headers=headers))

    for words in shown:
        assert words in text, words


@pytest.mark.parametrize("headers", TRANSLATED)
@pytest.mark.parametrize("name", ["Bob", "", "x" * 41], ids=["taken", "blank", "long"])
def test_a_player_refused_says_why_in_the_language(client, smiths, headers, name):
    player = smiths.players[0]

    assert left(client, f"/leagues/{smiths.id}/players", headers, data={"name": name}) == []
    rename = f"/leagues/{smiths.id}/players/{player.id}/rename"
    assert left(client, rename, headers) == []
    assert left(client, rename, headers, data={"name": name}) == []
    db.session.expire_all()
    assert [p.name for p in smiths.players] == ["Ann", "Bob", "Cat", "Dan", "Eve"]


# --- standings and a player's page ---


@pytest.fixture
def pinned(owner):
    return standings_league.build(owner)


@pytest.mark.parametrize("headers", TRANSLATED)
@pytest.mark.parametrize("season", ["s1", "s2", "all"])
def test_the_standings_speak_the_language(client, pinned, headers, season):
    discarded = {g.end_note for g in db.session.query(Game).filter_by(discarded=True)}

    found = left(client, f"/leagues/{pinned.id}/standings?season={season}", headers)

    # A discarded game's note is kept as the table ended it.
    assert [piece for piece in found if piece not in discarded] == []


def test_a_discarded_game_s_note_the_app_wrote_is_shown_in_the_language(client, pinned):
    game = db.session.query(Game).filter_by(discarded=True).first()
    game.end_note = (
        "The table ended the game after 3 of 7 hands. "
        "Nobody played every hand, so the game counts for nothing."
    )
    db.session.commit()

    spanish = visible_text(
        client.get(f"/leagues/{pinned.id}/standings?season=all", headers=SPANISH)
    )

    assert "La mesa terminó la partida tras 3 de 7 manos." in spanish
    assert "The table ended the game" not in spanish
    assert db.session.get(Game, game.id).end_note.startswith("The table ended the game")


@pytest.mark.parametrize(
    ("headers", "shown"),
    [
        ({}, ("All time", "The last 4 games, Winter 25-26", "Not ranked yet (fewer than 2 games)", "70.0")),
        (SPANISH, ("Histórico", "Las últimas 4 partidas, Winter 25-26", "Todavía sin puesto (menos de 2 partidas)", "70,0")),
        (GERMAN, ("Gesamt", "Die letzten 4 Spiele, Winter 25-26", "Noch ohne Platz (weniger als 2 Spiele)", "70,0")),
    ],
    ids=["en", "es", "de"],
)  # fmt: skip
def test_the_standings_count_and_write_numbers_as_the_language(client, pinned, headers, shown):
    page = client.get(f"/leagues/{pinned.id}/standings?season=s2", headers=headers)

    text = " ".join([visible_text(page), markup(page)])
    for words in shown:
        assert words in text, words


@pytest.mark.parametrize("headers", TRANSLATED)
def test_a_player_page_speaks_the_language(client, pinned, make_league, headers):
    ann, gus = (next(p for p in pinned.players if p.name == name) for name in ("Ann", "Gus"))
    empty = make_league(name="The Smiths", players=())

    assert left(client, f"/leagues/{pinned.id}/players/{ann.id}", headers) == []
    assert left(client, f"/leagues/{pinned.id}/players/{gus.id}", headers) == []
    assert left(client, f"/leagues/{empty.id}/standings", headers) == []


# --- settings ---


def busy_settings(league: League) -> None:
    """A league whose settings show all they can: seasons, a joined phone, wrong passcodes
    typed, a passcode and a read-only link."""
    passcodes.set_passcode(league, "otter mango kettle")
    league.share_token = "shared-token"
    db.session.add(JoinedPhone(league_id=league.id, token="phone", device="iPhone, Safari"))
    db.session.add(JoinedPhone(league_id=league.id, token="other", device=None))
    now = datetime.now(UTC)
    for address in ("203.0.113.1", "203.0.113.2"):
        db.session.add(
            LoginAttempt(
                username=f"passcode:{league.id}", address=address, at=now - timedelta(hours=1)
            )
        )
    db.session.commit()


@pytest.mark.parametrize("headers", TRANSLATED)
def test_the_settings_speak_the_language(client, pinned, headers):
    busy_settings(pinned)
    url = f"/leagues/{pinned.id}/settings"
    fields = {"name": "The Pinned", "ranking": "points", "min_games": "2", "paper_size": "A4"}
    fields |= {"time_zone": "UTC", "language": ""}

    assert left(client, url, headers) == []
    refused = {**fields, "place_points": "", "min_games": "lots"}
    assert left(client, url, headers, data=refused) == []
    assert left(client, url, headers, data={**fields, "place_points": "9, x"}) == []
    for season in (
        {"name": "Spring 25", "starts_on": "2027-01-01", "ends_on": "2027-02-01"},
        {"name": "Later", "starts_on": "2025-02-01", "ends_on": "2025-02-02"},
        {"name": "", "starts_on": "2027-02-01", "ends_on": "2027-01-01"},
        {"name": "Later"},
    ):
        assert left(client, url + "/seasons", headers, data=season) == [], season
    assert left(client, url + "/passcode", headers, data={"passcode": "1234"}) == []


def test_the_settings_date_the_guesses_as_the_language(client, pinned):
    busy_settings(pinned)
    url = f"/leagues/{pinned.id}/settings"

    english, spanish, german = (
        visible_text(client.get(url, headers=headers)) for headers in ({}, SPANISH, GERMAN)
    )

    assert "from 2 networks; the last on" in english
    assert "desde 2 redes; la última, el" in spanish
    assert "aus 2 Netzen; der letzte am" in german
    assert "Winter 25-26: 1 May 2025 to 30 Apr 2026" in english
    assert "Winter 25-26: del 1 may 2025 al 30 abr 2026" in spanish
    assert "Winter 25-26: 1. Mai 2025 bis 30. Apr. 2026" in german


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_suggested_passcode_is_in_the_page_language(client, pinned, language):
    page = visible_text(
        client.get(f"/leagues/{pinned.id}/settings", headers={"Accept-Language": language})
    )

    quote = {"es": ("«", "»"), "de": ("„", "“")}[language]
    suggested = page.split(quote[0], 1)[1].split(quote[1])[0].split()
    assert len(suggested) == 3
    assert set(suggested) <= set(WORDS[language])


# --- the house-rules editor ---


@pytest.mark.parametrize("headers", TRANSLATED)
def test_the_rules_pages_speak_the_language(client, smiths, headers):
    record = smiths.rulesets[0]
    base = f"/leagues/{smiths.id}/rules"

    assert left(client, base + "/new", headers) == []
    assert left(client, f"{base}/{record.id}", headers) == []
    # The league's only rules cannot go; a copy no game used can.
    assert left(client, f"{base}/{record.id}/delete", headers) == []
    copy = client.post(base + "/new", data={"origin": "preset:carioca", "name": "Carioca"})
    assert copy.status_code == 302
    assert left(client, copy.location + "/delete", headers) == []
    # Used by a game: it stays.
    assert left(client, f"{base}/{record.id}/delete", headers, data={}) == []


@pytest.mark.parametrize("headers", TRANSLATED)
@pytest.mark.parametrize("name", ["", "Continental", "x" * 81], ids=["blank", "taken", "long"])
def test_new_rules_refused_say_why_in_the_language(client, smiths, headers, name):
    data = {"origin": "preset:continental", "name": name}

    assert left(client, f"/leagues/{smiths.id}/rules/new", headers, data=data) == []
    db.session.expire_all()
    assert len(smiths.rulesets) == 1


# Boxes refused by their own checks and by the rules, together: every refusal the editor
# lists, in the language of the page.
REFUSED = {
    "name": "",
    "min_players": "four",
    "hands-1-cards_dealt": "lots",
    "hands-2-contract": "1 set of 2 + 1 run",
    "hands-12-cards_dealt": "",
    "deck_counts-1-decks": "many",
    "deck_counts-2-from_players": "9",
    "price_5": "",
    "price_K": "-3",
    "bonuses": "no colon here",
    "may_i_banned_last_hands": "8",
    "settlement_schedule": "4 players: +6, +2",
    "extra_rules": "x" * 4001,
}

# The rules' own refusals of two of those boxes (rules/bonuses.py, rules/validation.py), which
# the rules layer translates; the list above the form names their boxes in the page's words.
RULES_SAY = (
    "Bonus line 1: write what earns it, a colon, then its points, and “out only” when only the "
    "player who went out earns it, e.g. “Down and out in one turn: -10, out only”.",
    "Card group 'K': a card costs 0 to 1000 points, not -3.",
)


@pytest.mark.parametrize("headers", TRANSLATED)
def test_the_editor_refused_lists_every_fault_in_the_language(client, make_league, headers):
    league = make_league(players=FAMILY, preset="buying")
    record, url = copy_buying(client, league)
    stored = dict(record.data)
    data = shown_values(client.get(url)) | REFUSED

    assert left(client, url, headers) == []  # the cells still to set, listed
    found = left(client, url, headers, data=data)

    # What was typed is shown again as typed; the rules word their own refusals on the boxes.
    assert [piece for piece in found if piece not in (*REFUSED.values(), *RULES_SAY)] == []
    db.session.expire_all()
    assert record.data == stored


@pytest.mark.parametrize("headers", TRANSLATED)
@pytest.mark.parametrize("preset", ["continental", "buying", "continental-spain", "carioca"])
def test_saving_the_editor_in_any_language_saves_the_same_rules(
    client, make_league, headers, preset
):
    saved = {}
    for name, language in (("The Smiths", {}), ("The Pinned", headers)):
        record = make_league(name=name, players=FAMILY, preset=preset).rulesets[0]
        url = f"/leagues/{record.league_id}/rules/{record.id}"
        shown = shown_values(client.get(url, headers=language))
        assert client.post(url, data=shown, headers=language).status_code == 302
        db.session.expire_all()
        saved[name] = db.session.get(LeagueRuleSet, record.id).data

    assert saved["The Pinned"] == saved["The Smiths"]


# --- moving a league ---


def upload(client, body: str | bytes, headers: dict[str, str] | None = None):
    data = body.encode() if isinstance(body, str) else body
    return client.post(
        "/leagues/import", data={"file": (io.BytesIO(data), "league.json")}, headers=headers or {}
    )


def league_file(league: League, **changes) -> dict:
    data = json.loads(exchange.league_json(league))
    data["league"]["name"] = "The Smiths at the lake"
    for path, value in changes.items():
        *parents, last = path.split("__")
        target = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        target[last] = value
    return data


# What is wrong with the file, and the change that makes it so.
FAULTY = {
    "not JSON": lambda league: "{",
    "not a league": lambda league: "[1, 2]",
    "another version": lambda league: json.dumps(league_file(league, version=9)),
    "a language not spoken": lambda league: json.dumps(league_file(league, league__language="fr")),
    "an unknown zone": lambda league: json.dumps(league_file(league, league__time_zone="Mars/Base")),
    "a name taken": lambda league: json.dumps(league_file(league, league__name="The Smiths")),
    "a stranger at the table": lambda league: json.dumps(league_file(league, games__0__first_dealer=9)),
    "a dealer out of turn": lambda league: json.dumps(league_file(league, games__0__hands__1__dealer=3)),
}  # fmt: skip


@pytest.mark.parametrize("headers", TRANSLATED)
@pytest.mark.parametrize("fault", list(FAULTY))
def test_an_import_refused_says_why_in_the_language(client, smiths, headers, fault):
    body = FAULTY[fault](smiths)
    before = db.session.query(League).count()

    english, translated = upload(client, body), upload(client, body, headers)

    assert english.status_code == translated.status_code == 422
    assert english_left(english, translated, keep=(*NAMES, *SAME)) == []
    assert db.session.query(League).count() == before


@pytest.mark.parametrize("headers", TRANSLATED)
def test_the_import_page_speaks_the_language(client, smiths, headers):
    assert left(client, "/leagues/import", headers) == []
    assert left(client, "/leagues/import", headers, data={}) == []  # no file chosen


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        (SPANISH, "El archivo pesa más de 2 MiB, lo máximo que acepta esta aplicación."),
        (GERMAN, "Die Datei ist größer als 2 MiB; mehr nimmt diese App nicht an."),
    ],
    ids=["es", "de"],
)
def test_a_file_too_large_is_refused_in_the_language(client, smiths, headers, said):
    body = (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="big.json"\r\n\r\n'
        + b" " * (2 * 1024 * 1024)
        + b"\r\n--x--\r\n"
    )
    kind = {"Content-Type": "multipart/form-data; boundary=x"}

    english = client.post("/leagues/import", data=body, headers=kind)
    translated = client.post("/leagues/import", data=body, headers={**kind, **headers})

    assert english.status_code == translated.status_code == 413
    assert said in visible_text(translated)
    assert english_left(english, translated, keep=NAMES) == []


# --- what each change says when it is done ---


def _settings(league: League) -> dict[str, str]:
    return {
        "name": league.name, "ranking": "average", "place_points": "5, 3, 1", "min_games": "0",
        "paper_size": "A4", "time_zone": "UTC", "language": "",
    }  # fmt: skip


def _copy(client, league: League) -> str:
    copied = client.post(
        f"/leagues/{league.id}/rules/new", data={"origin": "preset:carioca", "name": "Carioca"}
    )
    return copied.location


# Each change as the owner makes it, its answer followed; `league` is the Smiths, with a game.
DONE = {
    "league created": lambda client, league: client.post(
        "/leagues", data={"name": "The Pinned", "preset": "continental"}
    ),
    "player added": lambda client, league: client.post(
        f"/leagues/{league.id}/players", data={"name": "Gus"}
    ),
    "player renamed": lambda client, league: client.post(
        f"/leagues/{league.id}/players/{league.players[0].id}/rename", data={"name": "Annie"}
    ),
    "rules copied": lambda client, league: client.post(
        f"/leagues/{league.id}/rules/new", data={"origin": "preset:carioca", "name": "Carioca"}
    ),
    "rules saved": lambda client, league: client.post(
        f"/leagues/{league.id}/rules/{league.rulesets[0].id}",
        data=shown_values(client.get(f"/leagues/{league.id}/rules/{league.rulesets[0].id}")),
    ),
    "rules deleted": lambda client, league: client.post(_copy(client, league) + "/delete"),
    "settings saved": lambda client, league: client.post(
        f"/leagues/{league.id}/settings", data=_settings(league)
    ),
    "season added": lambda client, league: client.post(
        f"/leagues/{league.id}/settings/seasons",
        data={"name": "Later", "starts_on": "2030-01-01", "ends_on": "2030-12-31"},
    ),
    "link made": lambda client, league: client.post(f"/leagues/{league.id}/settings/share"),
    "link off": lambda client, league: client.post(f"/leagues/{league.id}/settings/share/revoke"),
    "passcode set": lambda client, league: client.post(
        f"/leagues/{league.id}/settings/passcode", data={"passcode": "otter mango kettle"}
    ),
    "league imported": lambda client, league: upload(client, json.dumps(league_file(league))),
}

# fmt: off
SAID = {
    "league created":  ("Liga «The Pinned» creada. Ahora añade sus jugadores.", "Liga „The Pinned“ angelegt. Füge jetzt ihre Spieler hinzu."),
    "player added":    ("Gus se ha unido a The Smiths.", "Gus spielt jetzt in The Smiths mit."),
    "player renamed":  ("Ann ahora se llama Annie.", "Ann heißt jetzt Annie."),
    "rules copied":    ("«Carioca» es una copia de Carioca: cambia lo que jugáis de otra manera.", "„Carioca“ ist eine Kopie von Carioca: Ändere, was ihr anders spielt."),
    "rules saved":     ("Reglas «Continental» guardadas. Las partidas nuevas las usan; las ya empezadas conservan las suyas.", "„Continental“ gespeichert. Neue Spiele nutzen sie; schon begonnene behalten ihre."),
    "rules deleted":   ("Las reglas «Carioca» están borradas.", "Die Regeln „Carioca“ sind gelöscht."),
    "settings saved":  ("Ajustes guardados.", "Einstellungen gespeichert."),
    "season added":    ("Temporada Later añadida.", "Saison Later hinzugefügt."),
    "link made":       ("Nuevo enlace de solo lectura creado. Mándaselo a quien siga la liga desde lejos.", "Neuer Nur-Lesen-Link erstellt. Schick ihn allen, die aus der Ferne zuschauen."),
    "link off":        ("El enlace de solo lectura ya no funciona.", "Der Nur-Lesen-Link funktioniert nicht mehr."),
    "passcode set":    ("Clave de la mesa puesta; los teléfonos que se unieron con la anterior tienen que volver a unirse.", "Tisch-Code festgelegt; Handys, die mit dem alten beigetreten sind, müssen neu beitreten."),
    "league imported": ("Liga «The Smiths at the lake» importada con 14 partidas.", "Liga „The Smiths at the lake“ mit 14 Spielen importiert."),
}
# fmt: on


@pytest.mark.parametrize("language", [0, 1], ids=["es", "de"])
@pytest.mark.parametrize("change", list(DONE))
def test_each_change_done_says_so_in_the_language(client, smiths, language, change):
    headers = (SPANISH, GERMAN)[language]
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = headers["Accept-Language"]

    response = DONE[change](client, smiths)
    page = client.get(response.location)

    assert response.status_code == 302, change
    assert SAID[change][language] in visible_text(page)


@pytest.mark.parametrize("headers", TRANSLATED)
def test_settings_saved_in_any_language_store_the_same(client, make_league, headers):
    stored = []
    for name, language in (("The Smiths", {}), ("The Pinned", headers)):
        league = make_league(name=name)
        url = f"/leagues/{league.id}/settings"
        page = client.get(url, headers=language)
        form = shown_settings(page)
        assert client.post(url, data=form, headers=language).status_code == 302
        db.session.expire_all()
        league = db.session.get(League, league.id)
        stored.append((league.ranking, league.place_points, league.min_games, league.paper_size,
                       league.time_zone, league.language))  # fmt: skip

    assert stored[0] == stored[1]


def shown_settings(page) -> dict[str, str]:
    """What a browser sends for the league's settings form when nothing is changed."""
    form = re.search(
        r'<form method="post" class="panel" novalidate>(.*?)</form>', markup(page), re.S
    )[1]
    values = dict(re.findall(r'<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"', form))
    for name, options in re.findall(r'<select[^>]*name="([^"]*)"[^>]*>(.*?)</select>', form, re.S):
        values[name] = re.search(r'<option selected value="([^"]*)"', options)[1]
    return values


@pytest.mark.parametrize(
    ("language", "said"), [("es", "Ajustes guardados."), ("de", "Einstellungen gespeichert.")]
)
def test_choosing_the_league_language_answers_in_it(client, smiths, language, said):
    url = f"/leagues/{smiths.id}/settings"

    saved = client.post(url, data={**_settings(smiths), "language": language})

    assert saved.status_code == 302
    assert said in visible_text(client.get(saved.location))
