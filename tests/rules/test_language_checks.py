"""The checks of a rule set and of what the app takes in, in Spanish and German: the editor's
faults, the bounds of every number, a stored rule set that cannot be read, and the cells a
family has still to set before a game."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules import limits
from scorekeeper.rules.dealing import hand_rule
from scorekeeper.rules.family import gap_words, start_refusal
from scorekeeper.rules.language import speaking
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Bonus, DeckCount, HandRule, Meld, PriceGroup, RulesError
from scorekeeper.rules.seating import next_present
from scorekeeper.rules.storage import ruleset_from_dict, ruleset_to_dict
from scorekeeper.rules.validation import ruleset_problems
from tests.rules.test_language import catalog

CARIOCA, ROMME = preset("carioca"), preset("contract-romme")


def problems(language: str, rs) -> dict[str, list[str]]:
    """Each field at fault with what is said of it."""
    found: dict[str, list[str]] = {}
    with speaking(catalog(language)):
        for path, message in ruleset_problems(rs):
            found.setdefault(path, []).append(message)
    return found


def first_hand(rs, **changes):
    return replace(rs, hands=(replace(rs.hands[0], **changes), *rs.hands[1:]))


# fmt: off
# A rule set's fault, at its field: (the rule set, field path, Spanish, German).
FAULTS = [
    ("no-name",      replace(CARIOCA, name=" "), "name",
     "Las reglas necesitan un nombre.", "Die Regeln brauchen einen Namen."),
    ("long-wild",    replace(CARIOCA, wild="x" * 201), "wild",
     "Comodines: como mucho 200 caracteres, y tiene 201.", "Joker: höchstens 200 Zeichen, es sind 201."),
    ("control-note", first_hand(CARIOCA, note="a\x00b"), "hands[0].note",
     "Mano 1: los caracteres de control no caben en este texto.", "Runde 1: Steuerzeichen haben in diesem Text nichts zu suchen."),
    ("players",      replace(CARIOCA, min_players=1), "min_players",
     "Mínimo de jugadores: una partida es de 2 a 10 jugadores, no 1.", "Mindestzahl Spieler: ein Spiel ist für 2 bis 10 Spieler, nicht 1."),
    ("not-a-number", replace(CARIOCA, max_players="5"), "max_players",
     "Máximo de jugadores: se esperaba un número entero y llegó '5'.", "Höchstzahl Spieler: Erwartet war eine ganze Zahl, gekommen ist '5'."),
    ("dealt",        first_hand(CARIOCA, cards_dealt=61), "hands[0].cards_dealt",
     "Mano 1: a cada jugador se le reparten de 1 a 60 cartas, no 61.", "Runde 1: jeder Spieler bekommt 1 bis 60 Karten, nicht 61."),
    ("short-deal",   first_hand(CARIOCA, cards_dealt=4), "hands[0].cards_dealt",
     "Mano 1: con 4 cartas repartidas y 1 robada no se puede hacer un contrato de 6 cartas.",
     "Runde 1: 4 gegebene Karten und 1 gezogene reichen nicht für einen Kontrakt aus 6 Karten."),
    ("no-melds",     first_hand(CARIOCA, melds=()), "hands[0].melds",
     "Mano 1: el contrato necesita al menos un trío o una escala.", "Runde 1: Der Kontrakt braucht mindestens einen Satz oder eine Folge."),
    ("short-run",    first_hand(CARIOCA, melds=(Meld("run", 2),)), "hands[0].melds[0].length",
     "Mano 1: una escala necesita al menos 3 cartas.", "Runde 1: Eine Folge braucht mindestens 3 Karten."),
    ("long-pair",    first_hand(CARIOCA, melds=(Meld("pair", 3),)), "hands[0].melds[0].length",
     "Mano 1: una pareja son dos cartas del mismo valor.", "Runde 1: Ein Paar sind zwei Karten gleichen Rangs."),
    ("wild-rank",    first_hand(CARIOCA, wild_rank="Z"), "hands[0].wild_rank",
     "Mano 1: 'Z' no es un valor de carta (A, 2-10, J, Q, K).", "Runde 1: 'Z' ist kein Rang (A, 2-10, J, Q, K)."),
    ("upside-down",  replace(ROMME, deck_counts=(DeckCount(3, 5, 2, 2), DeckCount(5, 4, 2, 2))), "deck_counts[1].max_players",
     "Barajas para 5-4 jugadores: el rango está al revés.", "Kartenspiele für 5-4 Spieler: Der Bereich ist verkehrt herum."),
    ("outside",      replace(ROMME, deck_counts=(DeckCount(3, 6, 2, 2),)), "deck_counts[0]",
     "Barajas para 3-6 jugadores: 6 jugadores queda fuera del rango de las reglas.",
     "Kartenspiele für 3-6 Spieler: 6 Spieler liegt außerhalb des Bereichs der Regeln."),
    ("twice",        replace(ROMME, deck_counts=(DeckCount(3, 5, 2, 2), DeckCount(5, 5, 2, 2))), "deck_counts[1]",
     "Las barajas para 5 jugadores aparecen dos veces.", "Kartenspiele für 5 Spieler stehen doppelt da."),
    ("missing-rows", replace(ROMME, deck_counts=(DeckCount(3, 4, 2, 2),)), "deck_counts",
     "Di cuántas barajas usan 5 jugadores.", "Sag, wie viele Kartenspiele 5 Spieler nehmen."),
    ("no-ten",       replace(ROMME, prices=tuple(g for g in ROMME.prices if "10" not in g.ranks)), "prices",
     "Di cuánto vale la carta 10 si queda en la mano.", "Sag, was die Karte 10 auf der Hand kostet."),
    ("no-joker",     replace(ROMME, prices=ROMME.prices[:-1] + (PriceGroup("A", ("A",), 15),)), "prices",
     "El juego usa comodines: di cuánto vale un comodín que queda en la mano.",
     "Das Spiel hat Joker: Sag, was ein Joker auf der Hand kostet."),
    ("bonus-label",  replace(CARIOCA, bonuses=(Bonus("A", -10),)), "bonuses[0].label",
     "Premio 'A': un grupo de cartas o un premio ya tiene este nombre.",
     "Bonus 'A': Eine Kartengruppe oder ein Bonus hat schon diese Bezeichnung."),
    ("ban",          replace(CARIOCA, may_i=replace(CARIOCA.may_i, banned_last_hands=9)), "may_i.banned_last_hands",
     "¿Puedo?: no se pueden prohibir las últimas 9 manos de una partida de 8 manos.",
     "Darf ich?: In einem Spiel mit 8 Runden lassen sich nicht die letzten 9 Runden sperren."),
    ("ban-one-hand", replace(CARIOCA, hands=CARIOCA.hands[:1], may_i=replace(CARIOCA.may_i, banned_last_hands=2)), "may_i.banned_last_hands",
     "¿Puedo?: no se pueden prohibir las últimas 2 manos de una partida de 1 mano.",
     "Darf ich?: In einem Spiel mit 1 Runde lassen sich nicht die letzten 2 Runden sperren."),
    ("kitty",        replace(CARIOCA, may_i=replace(CARIOCA.may_i, price=1)), "may_i.price",
     "Compras: las compras que van a un bote necesitan las cuentas al final: di cómo se reparte el bote.",
     "Kaufen: Käufe, die in eine Kasse gehen, brauchen die Abrechnung am Ende: Sag, wie die Kasse geteilt wird."),
    ("stock",        replace(CARIOCA, stock=replace(CARIOCA.stock, kind="burn")), "stock.kind",
     "Mazo: 'burn' no es una forma de renovar el mazo.", "Talon: 'burn' ist keine Art, den Talon zu erneuern."),
]
# fmt: on


@pytest.mark.parametrize(
    ("rs", "path", "spanish", "german"), [row[1:] for row in FAULTS], ids=[row[0] for row in FAULTS]
)
def test_a_rule_set_s_fault_is_named_in_the_language_spoken(rs, path, spanish, german):
    assert spanish in problems("es", rs)[path]
    assert german in problems("de", rs)[path]


# fmt: off
@pytest.mark.parametrize(
    ("bound",                    "count", "spanish",                                                "german"),
    [
        # One more than a full league allows, as the league's pages refuse it.
        (limits.LEAGUE_PLAYERS,      100, "Una liga tiene como mucho 100 jugadores, y ya hay 100.",     "Eine Liga hat höchstens 100 Spieler, und es sind schon 100."),
        (limits.LEAGUE_SEASONS,      100, "Una liga tiene como mucho 100 temporadas, y ya hay 100.",    "Eine Liga hat höchstens 100 Saisons, und es sind schon 100."),
    ],
    ids=["players", "seasons"],
)
# fmt: on
def test_a_full_league_says_so_in_the_language_spoken(bound, count, spanish, german):
    with speaking(catalog("es")):
        assert limits.no_room(bound, count) == spanish
    with speaking(catalog("de")):
        assert limits.no_room(bound, count) == german
    assert limits.no_room(bound, count - 1) is None


def test_a_league_too_big_to_import_says_so_in_the_language_spoken():
    with speaking(catalog("es")):
        assert limits.too_big_to_import(101) == (
            "Esta liga tiene 101 partidas, y un archivo de liga tiene como mucho 100 partidas "
            "para importar: la descarga guarda todas las partidas, pero se rechaza importarla "
            "en otro lugar."
        )
    with speaking(catalog("de")):
        assert limits.too_big_to_import(101).startswith(
            "Diese Liga hat 101 Spiele, und eine Ligadatei enthält höchstens 100 Spiele zum Importieren"
        )


@pytest.mark.parametrize(
    ("name", "spanish", "german"),
    [
        ("Ann\u200b", "un nombre no puede tener caracteres invisibles (espacios de ancho cero, marcas de dirección).",
         "ein Name darf keine unsichtbaren Zeichen enthalten (Leerzeichen ohne Breite, Richtungsmarken)."),
        ("Ann\x07", "los caracteres de control no caben en este texto.",
         "Steuerzeichen haben in diesem Text nichts zu suchen."),
        ("Ann\ud800", "el texto tiene un carácter roto (un sustituto suelto).",
         "der Text enthält ein kaputtes Zeichen (ein einzelnes Surrogat)."),
    ],
    ids=["invisible", "control", "surrogate"],
)  # fmt: skip
def test_a_name_refused_says_why_in_the_language_spoken(name, spanish, german):
    with speaking(catalog("es")):
        assert limits.name_problem(name) == spanish
    with speaking(catalog("de")):
        assert limits.name_problem(name) == german


def stored(**changes) -> dict:
    return {**ruleset_to_dict(CARIOCA), **changes}


# fmt: off
@pytest.mark.parametrize(
    ("data",                                   "spanish",                                          "german"),
    [
        (stored(format=2),                         "format: esta app lee reglas en el formato 1.",      "format: Diese App liest Regeln im Format 1."),
        (stored(colour="red"),                     "colour: este campo no pertenece a unas reglas.",    "colour: Dieses Feld gehört nicht zu einem Regelwerk."),
        ({k: v for k, v in stored().items() if k != "hands"},
                                                   "hands: falta este campo.",                          "hands: Dieses Feld fehlt."),
        (stored(min_players=True),                 "min_players: se esperaba un número entero y llegó True.",
                                                   "min_players: Erwartet war eine ganze Zahl, gekommen ist True."),
        (stored(name=3),                           "name: se esperaba texto y llegó 3.",               "name: Erwartet war Text, gekommen ist 3."),
        (stored(show_lengths="yes"),               "show_lengths: se esperaba true o false y llegó 'yes'.",
                                                   "show_lengths: Erwartet war true oder false, gekommen ist 'yes'."),
        (stored(hands="all"),                      "hands: se esperaba una lista y llegó 'all'.",      "hands: Erwartet war eine Liste, gekommen ist 'all'."),
        (["not", "an", "object"],                  "Las reglas: se esperaba un objeto con campos con nombre.",
                                                   "Die Regeln: Erwartet war ein Objekt mit benannten Feldern."),
    ],
    ids=["format", "unknown", "missing", "bool", "text", "flag", "list", "object"],
)
# fmt: on
def test_a_stored_rule_set_that_cannot_be_read_says_why(data, spanish, german):
    for language, words in (("es", spanish), ("de", german)):
        with speaking(catalog(language)), pytest.raises(RulesError) as refusal:
            ruleset_from_dict(data)
        assert str(refusal.value) == words


# fmt: off
@pytest.mark.parametrize(
    ("path",                 "spanish",                                   "german"),
    [
        ("hands[2].melds",       "Mano 3: el contrato",                         "Runde 3: der Kontrakt"),
        ("hands[0].cards_dealt", "Mano 1: las cartas repartidas",               "Runde 1: die gegebenen Karten"),
        ("hands[11].may_i_limit", "Mano 12: el límite de compras",              "Runde 12: das Kauflimit"),
        ("hands[12].blind_cards", "Mano 13: las cartas a ciegas por compra",    "Runde 13: die verdeckten Karten pro Kauf"),
        ("prices",               "Lo que vale cada carta que queda en la mano",  "Was jede Karte auf der Hand kostet"),
        ("settlement.schedule",  "Los pagos por puesto al final",               "Die Zahlungen nach Platz am Ende"),
    ],
    ids=["contract", "dealt", "limit", "blind", "prices", "payments"],
)
# fmt: on
def test_a_cell_left_to_the_family_in_the_language_spoken(path, spanish, german):
    with speaking(catalog("es")):
        assert gap_words(path) == spanish
    with speaking(catalog("de")):
        assert gap_words(path) == german


# The buying game with only a few cells left: one (no count of the rest), seven (one more).
def buying_left(paths: tuple[str, ...]):
    return replace(preset("buying"), unset=paths)


SEVEN = tuple(f"hands[{n}].cards_dealt" for n in range(7))


@pytest.mark.parametrize(
    ("unset", "spanish", "german"),
    [
        (("prices",),
         "Juego de compras aún tiene casillas que tu familia debe completar antes de jugar: Lo que "
         "vale cada carta que queda en la mano. Complétalas en la página de las reglas y luego empieza.",
         "Kaufspiel hat noch Felder, die deine Familie vor einem Spiel festlegen muss: Was jede Karte "
         "auf der Hand kostet. Füll sie auf der Seite der Regeln aus und starte dann."),
        (SEVEN,
         "Juego de compras aún tiene casillas que tu familia debe completar antes de jugar: Mano 1: las "
         "cartas repartidas; Mano 2: las cartas repartidas; Mano 3: las cartas repartidas; Mano 4: las "
         "cartas repartidas; Mano 5: las cartas repartidas; Mano 6: las cartas repartidas y 1 más. "
         "Complétalas en la página de las reglas y luego empieza.",
         "Kaufspiel hat noch Felder, die deine Familie vor einem Spiel festlegen muss: Runde 1: die "
         "gegebenen Karten; Runde 2: die gegebenen Karten; Runde 3: die gegebenen Karten; Runde 4: die "
         "gegebenen Karten; Runde 5: die gegebenen Karten; Runde 6: die gegebenen Karten und 1 weiteres. "
         "Füll sie auf der Seite der Regeln aus und starte dann."),
    ],
    ids=["one", "one-more"],
)  # fmt: skip
def test_a_game_that_cannot_start_yet_says_why(unset, spanish, german):
    rs = replace(buying_left(unset), hands=tuple(HandRule((Meld("set", 3),), 11) for _ in range(15)))
    with speaking(catalog("es")):
        assert start_refusal(rs, 4) == spanish
    with speaking(catalog("de")):
        assert start_refusal(rs, 4) == german


def test_a_game_for_pennies_without_a_row_for_the_table():
    rs = replace(preset("buying"), unset=())
    with speaking(catalog("es")):
        assert start_refusal(rs, 9) == (
            "Juego de compras se juega por céntimos, pero sus pagos no tienen fila para 9 "
            "jugadores: agrega una en las reglas primero."
        )


@pytest.mark.parametrize(
    ("words", "spanish", "german"),
    [
        (lambda: hand_rule(CARIOCA, 9), "Carioca tiene las manos 1 a 8, no la mano 9.",
         "Carioca hat die Runden 1 bis 8, nicht Runde 9."),
        (lambda: next_present(0, 4, ()), "No queda nadie en la mesa.", "Am Tisch ist niemand mehr."),
    ],
    ids=["hand-out-of-range", "nobody-left"],
)  # fmt: skip
def test_a_question_the_rules_cannot_answer_in_the_language_spoken(words, spanish, german):
    for language, expected in (("es", spanish), ("de", german)):
        with speaking(catalog(language)), pytest.raises(RulesError) as refusal:
            words()
        assert str(refusal.value) == expected
