"""The fairness pages in Spanish and German, in each state that says more: ending a game
early (with its choices, refusals and pennies), a player leaving, resuming, the rulings and
who gets the discard. Each page leaves no English word but the names, and what it answers
(a flash, a refusal) is in the page's language too; nothing recorded depends on it."""

from __future__ import annotations

import html
import io
import json
import re
from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.play import games, interruptions
from scorekeeper.rules.dealing import going_out_words, stock_words
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.mayi import may_i_words
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.storage import ruleset_to_dict
from scorekeeper.web import money
from tests.conftest import loaded, out, play_hand, tally
from tests.reading import english_left, visible_text
from tests.test_ending_money import FAMILY, HAND, family_buying
from tests.test_exchange import PROPOSAL, change, smiths  # noqa: F401 (a fixture)
from tests.test_game_endings import database_rows, scorer
from tests.test_languages import GERMAN, SPANISH
from tests.test_other_systems import buy, score, start

pytestmark = pytest.mark.words

FOUR = ("Ann", "Bob", "Cat", "Dan")
# Ann out, Bob 10, Cat 10, Dan 15 (Continental prices: 2-9 are 5, 10-K are 10).
FOUR_HAND = [out(), tally(low=2), tally(high=1), tally(low=3)]
NAMES = (*FOUR, *FAMILY, "Eve", "The Smiths", "The Parkers", "Our buying")
LANGUAGES = pytest.mark.parametrize("headers", [SPANISH, GERMAN], ids=["es", "de"])


def no_english_left(english, translated, *others: str) -> None:
    """The translated page shows no piece the English one shows, but names and `others`
    (sentences of the rules of play that another part of the rules words)."""
    assert english.status_code == translated.status_code
    assert [
        piece for piece in english_left(english, translated, NAMES) if piece not in others
    ] == []


def both(client, method: str, path: str, headers, **kwargs):
    """The same request in English, then in the page's language (a refusal changes nothing,
    so it can be sent twice)."""
    send = getattr(client, method)
    return send(path, **kwargs), send(path, headers=headers, **kwargs)


def flashes(response) -> list[str]:
    """What the page flashes: each message's text."""
    found = re.findall(r'<p class="flash[^"]*">(.*?)</p>', response.get_data(as_text=True), re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split()) for text in found]


def typed(points: int) -> PlayerEntry:
    """A player's points as typed, whatever the rules' prices."""
    return PlayerEntry(typed_total=points)


@pytest.fixture
def game(make_game) -> Game:
    """Four players of Continental, hands 1 and 2 scored, hand 3 dealt."""
    game = make_game(players=FOUR)
    play_hand(game, FOUR_HAND)
    play_hand(game, FOUR_HAND)
    return game


def without_rule(game: Game, **switches: bool) -> None:
    rs = game.rules
    game.rules_data = ruleset_to_dict(replace(rs, fairness=replace(rs.fairness, **switches)))
    db.session.commit()


# --- ending the game here ---


@LANGUAGES
def test_the_confirmation_of_an_ending_speaks_the_language(client, game, headers):
    english, translated = both(client, "get", f"/games/{game.id}/end", headers)

    no_english_left(english, translated)
    said = visible_text(translated)
    expected = {
        "es": ("¿Terminar aquí la partida 1?", "La mano 3 no ha empezado: no se jugará.",
               "La partida se descartará.", "La mesa terminó la partida tras 2 de 7 manos."),
        "de": ("Spiel 1 hier beenden?", "Runde 3 hat noch nicht begonnen: Sie wird nicht gespielt.",
               "Das Spiel wird gestrichen.", "Der Tisch hat das Spiel nach 2 von 7 Runden beendet."),
    }[headers["Accept-Language"][:2]]  # fmt: skip
    for sentence in expected:
        assert sentence in said


@LANGUAGES
def test_a_scorer_asked_to_agree_is_refused_in_the_language(app, game, headers):
    phone = scorer(app, game.league_id)
    no_english_left(*both(phone, "get", f"/games/{game.id}/end", headers))
    before = database_rows()

    english, refused = both(phone, "post", f"/games/{game.id}/end", headers, data={})

    assert refused.status_code == 422
    no_english_left(english, refused)
    assert {
        "es": "Marca que todos en la mesa están de acuerdo, o pregúntale al dueño de la liga.",
        "de": "Kreuz an, dass alle am Tisch einverstanden sind, oder frag den Besitzer der Liga.",
    }[headers["Accept-Language"][:2]] in visible_text(refused)
    assert database_rows() == before


@LANGUAGES
def test_ending_a_hand_under_way_speaks_the_language(client, game, headers):
    hand = games.current_hand(game)
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": game.seats[1].id})

    english, translated = both(client, "get", f"/games/{game.id}/end", headers)

    no_english_left(english, translated)
    assert {
        "es": "La mano 3 ya empezó: se corta aquí y no se anota.",
        "de": "Runde 3 läuft schon: Sie endet hier und wird nicht gewertet.",
    }[headers["Accept-Language"][:2]] in visible_text(translated)


@LANGUAGES
def test_ending_a_suspended_game_speaks_the_language(client, game, headers):
    interruptions.suspend(game)
    db.session.commit()

    english, translated = both(client, "get", f"/games/{game.id}/end", headers)

    no_english_left(english, translated)
    assert {
        "es": "La partida está suspendida antes de la mano 3.",
        "de": "Das Spiel ist vor Runde 3 unterbrochen.",
    }[headers["Accept-Language"][:2]] in visible_text(translated)
    assert {
        "es": "La partida se suspendió tras 2 de 7 manos y no siguió.",
        "de": "Das Spiel wurde nach 2 von 7 Runden unterbrochen und nicht fortgesetzt.",
    }[headers["Accept-Language"][:2]] in visible_text(translated)


@LANGUAGES
def test_an_ending_without_the_incomplete_game_rule_places_the_winner(client, game, headers):
    without_rule(game, incomplete_game=False)

    english, translated = both(client, "get", f"/games/{game.id}/end", headers)

    no_english_left(english, translated)
    said = visible_text(translated)
    assert {"es": "Ann gana", "de": "Ann gewinnt"}[headers["Accept-Language"][:2]] in said


@LANGUAGES
def test_the_pennies_of_an_ending_speak_the_language(client, app, make_league, headers):
    league, record_id = family_buying(make_league)
    record = next(r for r in league.rulesets if r.id == record_id)
    game = start(client, league, record, FAMILY)
    buy(client, game, "Dad")
    buy(client, game, "Amy")
    score(client, app, game, HAND)

    english, translated = both(client, "get", f"/games/{game.id}/end", headers)

    no_english_left(english, translated)
    assert {
        "es": "Dad y Amy recuperan 1 del bote cada uno",
        "de": "Dad und Amy bekommen je 1 aus der Kasse zurück",
    }[headers["Accept-Language"][:2]] in visible_text(translated)


@LANGUAGES
def test_the_pennies_of_a_game_that_counts_speak_the_language(client, app, make_league, headers):
    league, record_id = family_buying(make_league, incomplete_game_rule=False)
    record = next(r for r in league.rulesets if r.id == record_id)
    game = start(client, league, record, FAMILY)
    buy(client, game, "Dad")
    score(client, app, game, HAND)

    english, translated = both(client, "get", f"/games/{game.id}/end", headers)

    no_english_left(english, translated)
    # Mom first, Dad second, Amy third, Ben last: +6, +2, -2, -6, and the kitty to Mom.
    assert {
        "es": "Ben le paga 6 a Mom Amy le paga 2 a Dad Mom se lleva 1 del bote",
        "de": "Ben zahlt Mom 6 Amy zahlt Dad 2 Mom bekommt 1 aus der Kasse",
    }[headers["Accept-Language"][:2]] in visible_text(translated)


@pytest.mark.parametrize(
    ("headers", "words"),
    [
        ({}, ("1,200 1/3", "-1,200", "2/3")),
        (SPANISH, ("1.200 1/3", "-1.200", "2/3")),
        (GERMAN, ("1.200 1/3", "-1.200", "2/3")),
    ],
    ids=["en", "es", "de"],
)
def test_an_amount_of_pennies_is_written_as_the_page_language_writes_numbers(app, headers, words):
    with app.test_request_context(headers=headers):
        amounts = (Fraction(3601, 3), Fraction(-1200), Fraction(2, 3))
        assert tuple(money.pennies(amount) for amount in amounts) == words


@LANGUAGES
def test_ending_the_game_flashes_the_ending_in_the_language(client, game, headers):
    ended = client.post(f"/games/{game.id}/end", data={}, headers=headers, follow_redirects=True)

    assert flashes(ended) == [
        {
            "es": "La partida se descartará. La mesa terminó la partida tras 2 de 7 manos. Nadie "
            "jugó todas las manos, así que la partida queda incompleta para todos. Con menos de "
            "dos jugadores que terminaron, la partida no cuenta: queda en el historial, marcada "
            "como descartada, y fuera de toda clasificación.",
            "de": "Das Spiel wird gestrichen. Der Tisch hat das Spiel nach 2 von 7 Runden "
            "beendet. Niemand hat alle Runden gespielt, also ist das Spiel für alle "
            "unvollständig. Mit weniger als zwei Spielern, die zu Ende gespielt haben, zählt das "
            "Spiel nicht: Es bleibt im Verlauf, als gestrichen markiert, und in keiner Wertung.",
        }[headers["Accept-Language"][:2]]
    ]
    # What the game keeps is the same whoever ended it, in whatever language.
    assert games.load_game(game.id).end_note == (
        "The table ended the game after 2 of 7 hands. Nobody played every hand, so the game "
        "counts for nothing."
    )


# --- a player leaves ---


@LANGUAGES
def test_the_leave_page_and_its_refusal_speak_the_language(client, game, headers):
    seat = game.seats[1]
    no_english_left(*both(client, "get", f"/games/{game.id}/leave", headers))
    before = database_rows()

    english, refused = both(
        client, "post", f"/games/{game.id}/leave", headers, data={"seat": seat.id, "from_hand": 9}
    )

    assert refused.status_code == 422
    no_english_left(english, refused)
    assert {
        "es": "Un jugador puede irse desde la mano en juego (3) hasta la mano 7; las manos ya "
        "anotadas quedan como están.",
        "de": "Gehen kann man ab der laufenden Runde (3) bis Runde 7; eingetragene Runden "
        "bleiben, wie sie sind.",
    }[headers["Accept-Language"][:2]] in visible_text(refused)
    _, empty = both(client, "post", f"/games/{game.id}/leave", headers, data={"seat": seat.id})
    assert {"es": "Di desde qué mano ya no juega.", "de": "Sag, ab welcher Runde nicht mehr "
            "mitgespielt wird."}[headers["Accept-Language"][:2]] in visible_text(empty)  # fmt: skip
    assert database_rows() == before


@LANGUAGES
def test_a_leave_that_ends_the_game_asks_first_in_the_language(client, make_game, headers):
    game = make_game(players=("Ann", "Bob", "Cat"), preset="contract-rummy")
    play_hand(game, [out(), typed(30), typed(10)])
    client.post(f"/games/{game.id}/leave", data={"seat": game.seats[2].id, "from_hand": 2})
    data = {"seat": loaded(game).seats[1].id, "from_hand": 2}
    before = database_rows()

    english, asked = both(client, "post", f"/games/{game.id}/leave", headers, data=data)

    no_english_left(english, asked)
    assert {
        "es": "Si Bob se va ahora, quedan menos de dos jugadores para la mano 2, así que la "
        "partida termina aquí.",
        "de": "Wenn Bob jetzt geht, bleiben für Runde 2 weniger als zwei Spieler, also endet "
        "das Spiel hier.",
    }[headers["Accept-Language"][:2]] in visible_text(asked)
    assert database_rows() == before


@LANGUAGES
def test_a_player_leaving_is_flashed_in_the_language(client, game, headers):
    seat = game.seats[3]
    left = client.post(
        f"/games/{game.id}/leave",
        data={"seat": seat.id, "from_hand": 4},
        headers=headers,
        follow_redirects=True,
    )

    assert flashes(left) == [
        {
            "es": "Dan se va desde la mano 4. Al terminar la partida, se le asigna la suma de "
            "los dos totales más altos de quienes terminaron; si terminan menos de dos, la "
            "partida se guarda pero no cuenta en ninguna clasificación.",
            "de": "Dan geht ab Runde 4. Am Ende des Spiels gilt als Summe: die zwei höchsten "
            "Summen derer, die zu Ende gespielt haben, zusammengezählt; spielen weniger als zwei "
            "zu Ende, bleibt das Spiel gespeichert, zählt aber in keiner Wertung.",
        }[headers["Accept-Language"][:2]]
    ]


# --- suspending and resuming ---


@LANGUAGES
def test_suspending_and_resuming_speak_the_language(client, game, headers):
    code = headers["Accept-Language"][:2]
    suspended = client.post(f"/games/{game.id}/suspend", headers=headers, follow_redirects=True)
    assert flashes(suspended) == [
        {
            "es": "Partida suspendida. Reanúdala cuando todos vuelvan a la mesa.",
            "de": "Spiel unterbrochen. Setz es fort, wenn alle wieder am Tisch sind.",
        }[code]
    ]
    again = client.post(f"/games/{game.id}/suspend", headers=headers, follow_redirects=True)
    assert flashes(again) == [
        {"es": "La partida ya está suspendida.", "de": "Das Spiel ist schon unterbrochen."}[code]
    ]
    no_english_left(*both(client, "get", f"/games/{game.id}/resume", headers))
    before = database_rows()

    english, refused = both(client, "post", f"/games/{game.id}/resume", headers, data={})

    assert refused.status_code == 422
    no_english_left(english, refused)
    assert {
        "es": "Todos los jugadores tienen que volver, a los mismos sitios, antes de seguir la "
        "partida.",
        "de": "Alle Spieler müssen auf denselben Plätzen zurück sein, bevor das Spiel weitergeht.",
    }[code] in visible_text(refused)
    assert database_rows() == before
    resumed = client.post(
        f"/games/{game.id}/resume",
        data={"everyone_present": "y"},
        headers=headers,
        follow_redirects=True,
    )
    assert flashes(resumed) == [{"es": "Partida reanudada.", "de": "Spiel fortgesetzt."}[code]]


@LANGUAGES
def test_a_game_suspended_over_new_year_says_so_in_the_language(
    client, make_game, monkeypatch, headers
):
    game = make_game(players=FOUR, started_on=date(2025, 12, 30))
    interruptions.suspend(game)
    db.session.commit()
    monkeypatch.setattr(interruptions, "today", lambda _game: date(2026, 1, 2))

    english, translated = both(client, "get", f"/games/{game.id}/resume", headers)

    no_english_left(english, translated)
    assert {
        "es": "La partida empezó en 2025. Una partida suspendida solo sigue en el mismo año en "
        "que empezó, así que esta solo se puede cerrar como incompleta.",
        "de": "Das Spiel begann 2025. Ein unterbrochenes Spiel geht nur im selben Kalenderjahr "
        "weiter, in dem es begann, deshalb kann dieses nur noch als unvollständig geschlossen "
        "werden.",
    }[headers["Accept-Language"][:2]] in visible_text(translated)


# --- the rulings ---


def played_words(rs: RuleSet) -> tuple[str, ...]:
    """The sentences the rules of dealing and of May I? give the rulings (translated by their
    own part), in English."""
    return (
        stock_words(rs.stock),
        *(going_out_words(rs, n) for n in range(1, len(rs.hands) + 1)),
        *may_i_words(rs.may_i, len(rs.hands)),
    )


@pytest.mark.parametrize(
    ("headers", "preset", "players"),
    [
        (SPANISH, "carioca", ("Ann", "Bob", "Cat", "Dan")),
        (GERMAN, "contract-romme", ("Ann", "Bob", "Cat", "Dan")),
        (SPANISH, "continental", FOUR),
        (GERMAN, "may-i-deuces", FOUR),
    ],
    ids=["es-carioca", "de-contract-romme", "es-continental", "de-deuces"],
)
def test_the_rulings_speak_the_language(client, make_game, headers, preset, players):
    game = make_game(players=players, preset=preset)

    english, translated = both(client, "get", f"/games/{game.id}/rulings", headers)

    no_english_left(english, translated, *played_words(game.rules))
    said = visible_text(translated)
    assert {"es": "Dudas de reglas", "de": "Regelfragen"}[headers["Accept-Language"][:2]] in said


@pytest.mark.parametrize(
    ("headers", "query", "says"),
    [
        (SPANISH, "comodin", "1 de 11 casos menciona «comodin»."),
        (SPANISH, "mazo", "casos mencionan «mazo»."),
        (GERMAN, "vergeben", "1 von 11 Fällen erwähnt „vergeben“."),
        (SPANISH, "cebra", "Ningún caso menciona «cebra». Prueba con una palabra más corta."),
        (GERMAN, "Zebra", "Kein Fall erwähnt „Zebra“. Versuch es mit einem kürzeren Wort."),
    ],
    ids=["es-found", "es-several", "de-found", "es-none", "de-none"],
)
def test_the_rulings_are_searched_in_the_language(client, make_game, headers, query, says):
    game = make_game(players=FOUR, preset="carioca")

    english, translated = both(client, "get", f"/games/{game.id}/rulings?q={query}", headers)

    assert says in visible_text(translated)
    no_english_left(english, translated, *played_words(game.rules))


# --- who gets the discard ---


@pytest.mark.parametrize(
    "asked",
    ["", "?current=1&claimants=1&claimants=3", "?current=0&claimants=2", "?current=9"],
    ids=["blank", "in-turn", "penalty-card", "refused"],
)
@LANGUAGES
def test_who_gets_the_discard_speaks_the_language(client, game, headers, asked):
    english, translated = both(client, "get", f"/games/{game.id}/mayi{asked}", headers)

    no_english_left(english, translated)
    if asked == "?current=0&claimants=2":
        assert {
            "es": "Cat se lleva el descarte y toma 1 carta de castigo.",
            "de": "Cat bekommt den Abwurf und nimmt 1 Strafkarte.",
        }[headers["Accept-Language"][:2]] in visible_text(translated)


@LANGUAGES
def test_the_may_i_flashes_speak_the_language(client, game, headers):
    code = headers["Accept-Language"][:2]
    hand = games.current_hand(game)
    nobody = client.post(
        f"/games/{game.id}/hands/{hand.id}/mayi", headers=headers, follow_redirects=True
    )
    assert {"es": "Elige quién dijo ¿Puedo?.", "de": "Wähle, wer „Darf ich?“ gesagt hat."}[
        code
    ] in flashes(nobody)
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": game.seats[1].id})
    claim = loaded(game).hands[-1].claims[0]
    taken_back = client.post(
        f"/games/{game.id}/hands/{hand.id}/mayi/take-back",
        data={"claim": claim.id},
        headers=headers,
        follow_redirects=True,
    )
    assert {"es": "¿Puedo? deshecho.", "de": "„Darf ich?“ zurückgenommen."}[code] in flashes(
        taken_back
    )
    ran_out = client.post(
        f"/games/{game.id}/hands/{hand.id}/stock", headers=headers, follow_redirects=True
    )
    assert flashes(ran_out) == [
        {"es": "Anotado: se acabó el mazo.", "de": "Eingetragen: Der Stapel ist leer."}[code]
    ]


# --- a league file's proposed correction, refused ---


def test_a_refused_proposal_of_a_league_file_is_told_in_the_language(client, smiths):  # noqa: F811
    _, data = smiths
    data["league"]["name"] = "The Smiths, again"
    spoiled = change(games__0__hands__0__proposals=[PROPOSAL])(json.dumps(data))

    refused = client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(spoiled.encode()), "league.json")},
        headers=SPANISH,
    )

    assert (
        "games[0].hands[0].proposals[0].correction: una propuesta aceptada nombra una de las "
        "correcciones de la mano." in visible_text(refused)
    )
