"""The rules' words on the pages of a Chilean table (Carioca, in Spanish) and a German one
(Contract Rommé, in German): the contracts, the hand form's refusals, the new game's refusals
and the rules printed with a sheet. Switching language changes nothing recorded.

Each page is read in English and in the other language; `english_left` lists the pieces still
shown in English. The pieces checked here are the rules' own sentences (the pages' other words
are their templates', translated with those pages).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from flask import Response
from sqlalchemy import select
from test_other_systems import OUT, hand_post, shown_values
from test_rulesets import copy_rules, edit_url

from scorekeeper.extensions import db
from scorekeeper.models import Game, HandScore, League
from scorekeeper.play import games
from scorekeeper.rules import presets
from scorekeeper.rules.fairness import fairness_in_force
from scorekeeper.rules.family import start_refusal
from scorekeeper.rules.storage import ruleset_to_dict
from tests.reading import english_left, visible_text

ENGLISH = {"Accept-Language": "en"}
SPANISH = {"Accept-Language": "es-CL,es;q=0.9"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
NAMES = ("Ann", "Bob", "Cat", "Dan")


def rules_left(english, translated, sentences) -> list[str]:
    """The rules' `sentences` (in English) a translated page still shows in English."""
    left = english_left(english, translated, keep=(*NAMES, "Carioca", "Contract", "Rommé"))
    text = visible_text(translated)
    return sorted({p for p in left if p in sentences} | {s for s in sentences if s in text})


def both(client, path: str, headers, data=None):
    """The page at `path` in English and in the language of `headers` (sent or opened)."""
    send = (
        client.get
        if data is None
        else (lambda url, headers: client.post(url, data=data, headers=headers))
    )
    return send(path, headers=ENGLISH), send(path, headers=headers)


def hand_path(game: Game) -> str:
    hand = games.current_hand(games.load_game(game.id))
    return f"/games/{game.id}/hand/{hand.number}/score"


# fmt: off
@pytest.mark.parametrize(
    ("preset",          "headers", "contract",       "english_contract"),
    [
        ("carioca",         SPANISH,   "2 tríos",        "2 sets"),
        ("contract-romme",  GERMAN,    "2 Sätze",        "2 sets"),
    ],
    ids=["es-carioca", "de-romme"],
)
# fmt: on
def test_the_hand_form_names_the_contract_in_the_language_spoken(
    app, client, make_game, preset, headers, contract, english_contract
):
    game = make_game(players=NAMES, preset=preset)

    english, translated = both(client, hand_path(game), headers)

    assert english_contract in visible_text(english)
    assert contract in visible_text(translated)
    assert english_contract not in visible_text(translated)


# A refused hand: (rules, reports, the rules' English sentences, the same in the language).
# fmt: off
REFUSED = [
    ("es-carioca", "carioca", SPANISH, [OUT, OUT, [], ["A"]],
     ["Only one player can go out in a hand, but Ann and Bob are marked out.",
      "Cat: tap the cards left in hand, type their total, or mark Cat as out."],
     ["Solo un jugador puede cerrar en una mano, pero Ann y Bob aparecen como que cerraron.",
      "Cat: toca las cartas que le quedan, escribe su total o marca que Cat cerró."]),
    ("de-romme", "contract-romme", GERMAN, [OUT, OUT, [], ["A"]],
     ["Only one player can go out in a hand, but Ann and Bob are marked out.",
      "Cat: tap the cards left in hand, type their total, or mark Cat as out."],
     ["Nur einer kann in einer Runde ausmachen, aber Ann und Bob sind als ausgemacht markiert.",
      "Cat: Tipp die Karten auf der Hand an, gib ihre Summe ein oder markier, dass Cat ausgemacht hat."]),
    ("es-carioca-total", "carioca", SPANISH, [OUT, 1, ["A"], ["K"]],
     ["Bob: no cards add up to 1 under these prices. Check the count, or confirm it if it is right."],
     ["Bob: ninguna combinación de cartas suma 1 con estos precios. Revisa la cuenta, o confírmala si está bien."]),
    ("de-romme-total", "contract-romme", GERMAN, [OUT, 1, ["A"], ["K"]],
     ["Bob: no cards add up to 1 under these prices. Check the count, or confirm it if it is right."],
     ["Bob: Keine Kartenkombination ergibt bei diesen Werten 1. Prüf die Zählung oder bestätige sie, wenn sie stimmt."]),
]
# fmt: on


@pytest.mark.parametrize(
    ("preset", "headers", "reports", "english_words", "words"),
    [row[1:] for row in REFUSED],
    ids=[row[0] for row in REFUSED],
)
def test_a_refused_hand_says_why_in_the_language_spoken(
    app, client, make_game, preset, headers, reports, english_words, words
):
    game = make_game(players=NAMES, preset=preset)
    data = hand_post(app, game, reports)

    english, translated = both(client, hand_path(game), headers, data)

    assert english.status_code == translated.status_code == 422
    for sentence in english_words:
        assert sentence in visible_text(english)
    assert rules_left(english, translated, english_words) == []
    for sentence in words:
        assert sentence in visible_text(translated)
    # Refused in any language, nothing was saved.
    assert db.session.scalars(select(HandScore)).all() == []


def new_game(client, league: League, players: list[str], headers, key: str):
    """Step 1 of a new game with these players under the league's rules of preset `key`."""
    record = next(r for r in league.rulesets if r.rules.key == key)
    ids = [str(p.id) for p in league.players if p.name in players]
    data = {"players": ids, "ruleset": str(record.id)}
    return both(client, f"/leagues/{league.id}/games/new", headers, data)


# fmt: off
@pytest.mark.parametrize(
    ("preset",         "headers", "players",                     "english_words",                                        "words"),
    [
        ("carioca",        SPANISH,   ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"],
         "Carioca is played by 2 to 5 players; you chose 6.",   "Carioca se juega de 2 a 5 jugadores; elegiste 6."),
        ("contract-romme", GERMAN,    ["Ann", "Bob"],
         "Contract Rommé is played by 3 to 5 players; you chose 2.", "Contract Rommé ist für 3 bis 5 Spieler; du hast 2 gewählt."),
    ],
    ids=["es-carioca-six", "de-romme-two"],
)
# fmt: on
def test_a_new_game_refused_says_why_in_the_language_spoken(
    client, make_league, preset, headers, players, english_words, words
):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"), preset=preset)

    english, translated = new_game(client, league, players, headers, preset)

    assert english.status_code == translated.status_code == 422
    assert english_words in visible_text(english)
    assert rules_left(english, translated, [english_words]) == []
    assert words in visible_text(translated)
    assert db.session.scalars(select(Game)).all() == []


def test_a_new_game_of_rules_still_to_fill_in_says_which_in_spanish(client, make_league):
    league = make_league(preset="buying")

    english, translated = new_game(client, league, ["Ann", "Bob", "Cat"], SPANISH, "buying")

    assert english.status_code == translated.status_code == 422
    refusal = start_refusal(presets.preset("buying"), 3)
    assert refusal in visible_text(english)
    assert rules_left(english, translated, [refusal]) == []
    assert (
        "Juego de compras aún tiene casillas que tu familia debe completar antes de jugar: "
        "Mano 1: el contrato; Mano 1: las cartas repartidas; Mano 1: el límite de compras;"
    ) in visible_text(translated)


def rules_section(response) -> Response:
    """The rules printed at the foot of a sheet, as a page of their own."""
    page = response.get_data(as_text=True)
    return Response(re.search(r'<section class="sheet-rules".*?</section>', page, re.S).group(0))


# fmt: off
@pytest.mark.parametrize(
    ("preset",           "headers", "words"),
    [
        ("carioca-closing",  SPANISH,   ["Cartas que quedan en la mano: 2 = 2 · 3 = 3 · 4 = 4 · 5 = 5 · 6 = 6 · 7 = 7 · "
                                         "8 = 8 · 9 = 9 · 10, J, Q, K = 10 · A = 20 · Comodín = 30 · cada carta que "
                                         "falta = 10. Los comodines sustituyen a cualquier carta.",
                                         "* Mano 9:", "Escala sucia: 13 cartas seguidas, de pintas mezcladas (nuestra lectura)."]),
        ("contract-romme",   GERMAN,    ["Karten auf der Hand: 2 = 2", "A, Joker = 15 · jede fehlende Karte = 10. "
                                         "Joker ersetzen jede Karte."]),
        ("progressive",      SPANISH,   ["Comodín de la mano, 20 puntos si queda en la mano: mano 1: 3, mano 2: 4,",
                                         "Cuando alguien cierra, los demás juegan un turno más; quien cierre entonces también suma 0."]),
        ("buying",           GERMAN,    ["Cent:", "Ein Kauf kostet 1 für die Kasse."]),
    ],
    ids=["es-carioca-closing", "de-romme", "es-progressive", "de-buying"],
)
# fmt: on
def test_the_rules_printed_with_a_sheet_speak_the_language(
    client, make_game, make_league, preset, headers, words
):
    if preset == "buying":
        # The buying game's cells left to the family would stop its game: its blank sheet
        # of a league prints the rules all the same.
        league = make_league(preset=preset)
        path = f"/leagues/{league.id}/blank/print?ruleset={league.rulesets[0].id}"
        fairness = fairness_in_force(presets.preset(preset))
    else:
        game = make_game(players=NAMES, preset=preset)
        path = f"/games/{game.id}/blank"
        fairness = fairness_in_force(game.rules)
    english, translated = both(client, path, headers)
    assert english.status_code == translated.status_code == 200

    left = english_left(rules_section(english), rules_section(translated), keep=NAMES)
    # The fairness rules' names and words are theirs to translate (rules/fairness.py).
    theirs = {piece for title, text in fairness for piece in (f"{title}:", text)}
    assert [piece for piece in left if piece not in theirs] == []
    shown = visible_text(rules_section(translated))
    for piece in words:
        assert piece in shown


def test_a_sheet_with_wild_ranks_prints_the_hands_special_rules_too(client, make_game):
    game = make_game(players=NAMES, preset="progressive")
    first = replace(game.rules.hands[0], note="Oma deals with her eyes closed.")
    game.rules_data = ruleset_to_dict(replace(game.rules, hands=(first, *game.rules.hands[1:])))
    db.session.commit()

    shown = visible_text(rules_section(client.get(f"/games/{game.id}/blank", headers=SPANISH)))

    assert "Comodín de la mano, 20 puntos si queda en la mano: mano 1: 3," in shown
    assert "* Mano 1: Oma deals with her eyes closed." in shown

# fmt: off
@pytest.mark.parametrize(
    ("preset",            "headers", "contract",  "bonuses"),
    [
        ("continental-spain", SPANISH,   "2 tríos",   "Down and out in one turn: -10, solo quien cierra"),
        ("contract-romme",    GERMAN,    "2 Sätze",   ""),
    ],
    ids=["es-spain", "de-romme"],
)
# fmt: on
def test_the_editor_reads_back_the_contracts_it_shows_in_the_language_spoken(
    client, make_league, preset, headers, contract, bonuses
):
    league = make_league(preset=preset)
    record = copy_rules(client, league, "Ours", origin=f"preset:{preset}")
    before = record.rules

    shown = shown_values(client.get(edit_url(record), headers=headers))
    assert shown["hands-0-contract"] == contract
    assert shown["bonuses"] == bonuses
    saved = client.post(edit_url(record), data=shown, headers=headers)

    assert saved.status_code == 302
    db.session.expire_all()
    assert record.rules == before
