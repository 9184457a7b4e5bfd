"""The rules' words of play in Spanish and German: a hand's refusals and warnings, what a score
is made of, the card groups' names, May I? and buying, the deal, the stock and going out."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.dealing import (
    going_out_words,
    hand_note,
    player_count_refusal,
    stock_run_out,
)
from scorekeeper.rules.entries import PlayerEntry, check_hand, score_terms, tally_words
from scorekeeper.rules.language import speaking
from scorekeeper.rules.mayi import (
    claim_words,
    hand_claim_words,
    may_i_allowed,
    may_i_words,
    short_deal_words,
)
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Bonus, MayIPolicy, StockPolicy
from scorekeeper.rules.scoring import label_words, wild_rank_words
from tests.rules.test_language import catalog

E = PlayerEntry
OUT, NOTHING = E(went_out=True), E()
CARIOCA, ROMME, SPAIN = preset("carioca"), preset("contract-romme"), preset("continental-spain")
NAMES = ["Ann", "Bob", "Cat", "Dan"]


def said(language: str, words) -> object:
    """What `words()` says in `language`."""
    with speaking(catalog(language)):
        return words()


def errors(rs, entries, *, stock_ran_out=False) -> list[str]:
    names = NAMES[: len(entries)]
    found = check_hand(rs, entries, names, stock_ran_out=stock_ran_out, hand_number=1)
    return [problem.message for problem in found.errors]


def warnings(rs, entries) -> list[str]:
    found = check_hand(rs, entries, NAMES[: len(entries)], stock_ran_out=False, hand_number=1)
    return [problem.message for problem in found.warnings]


# fmt: off
# A hand's report refused, player by player and as a whole: (rules, reports, stock ran out).
REFUSED = [
    ("nobody-out",   CARIOCA, [NOTHING, E(typed_total=5), E(typed_total=10)], False,
     ["Ann: toca las cartas que le quedan, escribe su total o marca que Ann cerró.",
      "Nadie aparece como que cerró. Marca quién cerró, o marca que se acabó el mazo si la mano terminó sin que nadie cerrara."],
     ["Ann: Tipp die Karten auf der Hand an, gib ihre Summe ein oder markier, dass Ann ausgemacht hat.",
      "Niemand ist als ausgemacht markiert. Markier, wer ausgemacht hat, oder kreuz an, dass der Talon leer war, wenn die Runde ohne Ausmachen endete."]),
    ("two-out",      ROMME,   [OUT, OUT, E(typed_total=5)], False,
     ["Solo un jugador puede cerrar en una mano, pero Ann y Bob aparecen como que cerraron."],
     ["Nur einer kann in einer Runde ausmachen, aber Ann und Bob sind als ausgemacht markiert."]),
    ("three-out",    ROMME,   [OUT, OUT, OUT], False,
     ["Solo un jugador puede cerrar en una mano, pero Ann, Bob y Cat aparecen como que cerraron."],
     ["Nur einer kann in einer Runde ausmachen, aber Ann, Bob und Cat sind als ausgemacht markiert."]),
    ("one-out-stock", CARIOCA, [OUT, E(typed_total=5), E(typed_total=10)], True,
     ["Ann cerró, así que la mano no terminó porque se acabara el mazo."],
     ["Ann hat ausgemacht, also endete die Runde nicht mit leerem Talon."]),
    ("zero-total",   CARIOCA, [OUT, E(typed_total=0)], False,
     ["Bob no cerró, así que tiene al menos una carta: un total de 0 no es posible."],
     ["Bob hat nicht ausgemacht, hält also mindestens eine Karte: Eine Summe von 0 ist nicht möglich."]),
    ("both-ways",    CARIOCA, [OUT, E(tally={"A": 1}, typed_total=20)], False,
     ["Bob: da las cartas tocándolas o como total escrito, no las dos cosas."],
     ["Bob: Gib die Karten per Antippen oder als eingetippte Summe an, nicht beides."]),
    ("out-and-cards", CARIOCA, [E(went_out=True, tally={"A": 1}), E(typed_total=5)], False,
     ["Ann cerró, así que no tiene cartas: borra sus cartas o su total."],
     ["Ann hat ausgemacht, hält also keine Karten: Lösch die Karten oder die Summe."]),
    ("no-score-and-total", CARIOCA, [OUT, E(no_score=True, typed_total=5)], False,
     ["Bob está marcado sin puntos: borra sus cartas o su total, o desmárcalo."],
     ["Bob ist ohne Punkte markiert: Lösch die Karten oder die Summe oder nimm das Häkchen weg."]),
    ("short-out",    CARIOCA, [E(went_out=True, short_cards=1), E(typed_total=5)], False,
     ["Ann cerró, así que no le pueden faltar cartas."],
     ["Ann hat ausgemacht, also können keine Karten fehlen."]),
    ("negatives",    CARIOCA, [OUT, E(typed_total=-1, short_cards=-1, penalty=-2, penalty_reason="x")], False,
     ["Bob: un total no puede ser negativo.", "Bob: las cartas de menos no pueden ser negativas.",
      "Bob: un castigo no puede ser negativo."],
     ["Bob: Eine Summe kann nicht negativ sein.", "Bob: Fehlende Karten können nicht negativ sein.",
      "Bob: Eine Strafe kann nicht negativ sein."]),
    ("negative-count", CARIOCA, [OUT, E(tally={"A": -1})], False,
     ["Bob: una cantidad de cartas no puede ser negativa."],
     ["Bob: Eine Kartenzahl kann nicht negativ sein."]),
    ("unknown-price", CARIOCA, [OUT, E(tally={"Ace": 1})], False,
     ["Bob: las reglas no tienen el precio de carta «Ace»."],
     ["Bob: Die Regeln kennen keinen Kartenwert „Ace“."]),
    ("too-many-cards", CARIOCA, [OUT, E(tally={"A": 120})], False,
     ["Bob: 120 cartas son más que las 108 cartas en juego."],
     ["Bob: 120 Karten sind mehr als die 108 Karten im Spiel."]),
    # The penalty's points: one point, and many.
    ("penalty-1",    CARIOCA, [OUT, E(typed_total=5, penalty=1)], False,
     ["Bob: di por qué se pone el castigo de 1 punto."],
     ["Bob: Sag, warum es die Strafe von 1 Punkt gibt."]),
    ("penalty-15",   CARIOCA, [OUT, E(typed_total=5, penalty=15)], False,
     ["Bob: di por qué se pone el castigo de 15 puntos."],
     ["Bob: Sag, warum es die Strafe von 15 Punkten gibt."]),
]
# fmt: on


@pytest.mark.parametrize(
    ("rs", "entries", "stock", "spanish", "german"),
    [row[1:] for row in REFUSED],
    ids=[row[0] for row in REFUSED],
)
def test_a_refused_hand_says_why_in_the_language_spoken(rs, entries, stock, spanish, german):
    assert said("es", lambda: errors(rs, entries, stock_ran_out=stock)) == spanish
    assert said("de", lambda: errors(rs, entries, stock_ran_out=stock)) == german


def test_several_out_on_the_last_turn_went_out_in_the_plural():
    rs = replace(preset("progressive"), last_turn_after_out=True)
    entries = [OUT, OUT, E(typed_total=5)]
    assert said("es", lambda: errors(rs, entries, stock_ran_out=True)) == [
        "Ann y Bob cerraron, así que la mano no terminó porque se acabara el mazo."
    ]
    assert said("de", lambda: errors(rs, entries, stock_ran_out=True)) == [
        "Ann und Bob haben ausgemacht, also endete die Runde nicht mit leerem Talon."
    ]


def test_a_total_no_cards_make_is_questioned_in_the_language_spoken():
    # Carioca's cards cost 2 to 9, 10, 20 and 30: 1 point is no hand.
    entries = [OUT, E(typed_total=1)]
    assert said("es", lambda: warnings(CARIOCA, entries)) == [
        "Bob: ninguna combinación de cartas suma 1 con estos precios. "
        "Revisa la cuenta, o confírmala si está bien."
    ]
    assert said("de", lambda: warnings(CARIOCA, entries)) == [
        "Bob: Keine Kartenkombination ergibt bei diesen Werten 1. "
        "Prüf die Zählung oder bestätige sie, wenn sie stimmt."
    ]


DOWN_AND_OUT = "Down and out in one turn"


# fmt: off
@pytest.mark.parametrize(
    ("entry",                                          "spanish",                 "german"),
    [
        # A bonus ticked twice, by a player without a score, by one who did not go out.
        (E(went_out=True, tally={DOWN_AND_OUT: 2}),    "Ann: «Bajarse y cerrar en un turno» se gana una vez por mano, no 2 veces.",
                                                       "Ann: „In einem Zug gemeldet und ausgemacht“ gibt es einmal pro Runde, nicht 2-mal."),
        (E(no_score=True, tally={DOWN_AND_OUT: 1}),    "Ann está marcado sin puntos, así que no gana «Bajarse y cerrar en un turno».",
                                                       "Ann ist ohne Punkte markiert und bekommt daher „In einem Zug gemeldet und ausgemacht“ nicht."),
        (E(typed_total=5, tally={DOWN_AND_OUT: 1}),    "Ann: solo quien cerró gana «Bajarse y cerrar en un turno».",
                                                       "Ann: „In einem Zug gemeldet und ausgemacht“ bekommt nur, wer ausgemacht hat."),
    ],
    ids=["twice", "no-score", "not-out"],
)
# fmt: on
def test_a_bonus_refused_names_it_in_the_language_spoken(entry, spanish, german):
    entries = [entry, OUT if not entry.went_out else E(typed_total=5)]
    assert said("es", lambda: errors(SPAIN, entries))[0] == spanish
    assert said("de", lambda: errors(SPAIN, entries))[0] == german


# fmt: off
@pytest.mark.parametrize(
    ("entry",                                                 "english",                                    "spanish",                                          "german"),
    [
        (E(typed_total=10, short_cards=1),                    "10 + 1 short",                              "10 + 1 de menos",                                 "10 + 1 fehlt"),
        (E(typed_total=10, short_cards=2),                    "10 + 2 short",                              "10 + 2 de menos",                                 "10 + 2 fehlen"),
        (E(went_out=True, penalty=15, penalty_reason="x"),    "out + 15 penalty",                          "cerró + 15 de castigo",                           "ausgemacht + 15 Strafe"),
        (E(went_out=True, tally={DOWN_AND_OUT: 1}),           "out + down and out in one turn (-10)",      "cerró + bajarse y cerrar en un turno (-10)",      "ausgemacht + in einem Zug gemeldet und ausgemacht (-10)"),
        (E(typed_total=10),                                   "",                                           "",                                                 ""),
    ],
    ids=["one-short", "two-short", "penalty", "bonus", "plain"],
)
# fmt: on
def test_what_a_score_is_made_of_in_each_language(entry, english, spanish, german):
    assert score_terms(SPAIN, entry, 1) == english
    assert said("es", lambda: score_terms(SPAIN, entry, 1)) == spanish
    assert said("de", lambda: score_terms(SPAIN, entry, 1)) == german


def test_a_family_s_own_bonus_keeps_its_words_and_capitals():
    rs = replace(SPAIN, bonuses=(Bonus("GIN rummy", -20),))
    entry = E(went_out=True, tally={"GIN rummy": 1})
    assert said("es", lambda: score_terms(rs, entry, 1)) == "cerró + GIN rummy (-20)"


# fmt: off
@pytest.mark.parametrize(
    ("label",                     "english",            "spanish",               "german"),
    [
        # The app's own labels: ranks (the joker named), a hand's wild rank, a preset's bonus.
        ("2-9",                       "2-9",                "2-9",                   "2-9"),
        ("Joker",                     "Joker",              "Comodín",               "Joker"),
        ("A, Joker",                  "A, Joker",           "A, Comodín",            "A, Joker"),
        ("Q, K, Joker",               "Q, K, Joker",        "Q, K, Comodín",         "Q, K, Joker"),
        ("7s (wild)",                 "7s (wild)",          "7 (comodín)",           "Siebener (Joker)"),
        ("Kings (wild)",              "Kings (wild)",       "Reyes (comodín)",       "Könige (Joker)"),
        (DOWN_AND_OUT,                DOWN_AND_OUT,         "Bajarse y cerrar en un turno", "In einem Zug gemeldet und ausgemacht"),
        # A family's own label stays as they wrote it.
        ("Picture cards",             "Picture cards",      "Picture cards",         "Picture cards"),
        ("Jokerish",                  "Jokerish",           "Jokerish",              "Jokerish"),
    ],
    ids=["range", "joker", "ace-joker", "faces-joker", "wild-7", "wild-king", "bonus", "own", "own-joker-word"],
)
# fmt: on
def test_a_label_reads_in_the_language_spoken(label, english, spanish, german):
    assert label_words(label) == english
    assert said("es", lambda: label_words(label)) == spanish
    assert said("de", lambda: label_words(label)) == german


def test_a_tally_names_its_groups_in_the_language_spoken():
    entry = E(went_out=True, tally={"A": 1, "Joker": 2, DOWN_AND_OUT: 1})
    spain = replace(SPAIN, prices=(*SPAIN.prices[:-2], *CARIOCA.prices[-2:]))
    assert said("es", lambda: tally_words(spain, entry)) == (
        "1 × A, 2 × Comodín, Bajarse y cerrar en un turno"
    )


@pytest.mark.parametrize(
    ("rank", "spanish", "german"),
    [("2", "2", "Zweier"), ("10", "10", "Zehner"), ("J", "Jotas", "Buben"), ("Q", "Reinas", "Damen"),
     ("K", "Reyes", "Könige"), ("A", "Ases", "Asse")],
)  # fmt: skip
def test_a_wild_rank_is_named_in_the_language_spoken(rank, spanish, german):
    assert said("es", lambda: wild_rank_words(rank)) == spanish
    assert said("de", lambda: wild_rank_words(rank)) == german


# --- May I? and buying ---

BUYING = preset("buying")
# The buying game's hand 12 allows two buys with a blind card; a price of 0, 1 or 2 pennies.
PRICED = {price: replace(BUYING, may_i=replace(BUYING.may_i, price=price)) for price in (0, 1, 2)}


# fmt: off
@pytest.mark.parametrize(
    ("rs",         "hand", "spanish",                                                            "german"),
    [
        (CARIOCA,      1,  "¿Puedo? para Ann: el descarte, sin carta de castigo.",               "„Darf ich?“ für Ann: der Abwurf, ohne Strafkarte."),
        (ROMME,        1,  "¿Puedo? para Ann: el descarte y 1 carta de castigo del mazo.",        "„Darf ich?“ für Ann: der Abwurf und 1 Strafkarte vom Talon."),
        (replace(ROMME, may_i=MayIPolicy(penalty_cards=2)), 1,
                           "¿Puedo? para Ann: el descarte y 2 cartas de castigo del mazo.",       "„Darf ich?“ für Ann: der Abwurf und 2 Strafkarten vom Talon."),
        (PRICED[0],    1,  "Ann compra la carta boca arriba.",                                    "Ann kauft die offene Karte."),
        (PRICED[1],    1,  "Ann paga 1 céntimo al bote y compra la carta boca arriba.",           "Ann zahlt 1 Cent in die Kasse und kauft die offene Karte."),
        (PRICED[2],    12, "Ann paga 2 céntimos al bote y compra la carta boca arriba, más 1 carta a ciegas del mazo.",
                           "Ann zahlt 2 Cent in die Kasse und kauft die offene Karte, dazu 1 verdeckte Karte vom Talon."),
        (PRICED[0],    12, "Ann compra la carta boca arriba, más 1 carta a ciegas del mazo.",     "Ann kauft die offene Karte, dazu 1 verdeckte Karte vom Talon."),
    ],
    ids=["carioca", "romme", "two-penalty", "free-buy", "one-penny", "pennies-and-blind", "blind-only"],
)
# fmt: on
def test_a_claim_recorded_is_said_in_the_language_spoken(rs, hand, spanish, german):
    assert said("es", lambda: claim_words(rs, hand, "Ann")) == spanish
    assert said("de", lambda: claim_words(rs, hand, "Ann")) == german


# fmt: off
@pytest.mark.parametrize(
    ("rs",        "hand", "spanish",                                                      "german"),
    [
        (CARIOCA,     1,  "Quien lo pide se lleva el descarte, sin carta de castigo.",       "Wer fragt, bekommt den Abwurf, ohne Strafkarte."),
        (SPAIN,       1,  "Quien lo pide se lleva el descarte y 1 carta de castigo.",        "Wer fragt, bekommt den Abwurf und 1 Strafkarte."),
        (PRICED[1],   12, "Quien compra paga 1 céntimo al bote y se lleva la carta boca arriba, más 1 carta a ciegas del mazo.",
                          "Wer kauft, zahlt 1 Cent in die Kasse und bekommt die offene Karte, dazu 1 verdeckte Karte vom Talon."),
        (PRICED[0],   1,  "Quien compra se lleva la carta boca arriba.",                     "Wer kauft, bekommt die offene Karte."),
    ],
    ids=["carioca", "spain", "buy-priced-blind", "free-buy"],
)
# fmt: on
def test_what_a_claim_costs_this_hand_in_the_language_spoken(rs, hand, spanish, german):
    assert said("es", lambda: hand_claim_words(rs, hand)) == spanish
    assert said("de", lambda: hand_claim_words(rs, hand)) == german


def limited(limit: int, *, buying: bool = False):
    return replace(ROMME, may_i=MayIPolicy(per_hand_limit=limit, buying=buying))


# fmt: off
@pytest.mark.parametrize(
    ("rs",                      "hand", "made", "spanish",                                           "german"),
    [
        # A limit of once, twice, three times, in this hand; none in this hand.
        (limited(1),                1,  1,  "Cada jugador puede decir ¿Puedo? solo una vez en esta mano.",  "Jeder darf in dieser Runde nur einmal „Darf ich?“ sagen."),
        (limited(2),                1,  2,  "Cada jugador puede decir ¿Puedo? solo dos veces en esta mano.", "Jeder darf in dieser Runde nur zweimal „Darf ich?“ sagen."),
        (limited(3, buying=True),   1,  3,  "Cada jugador puede comprar solo 3 veces en esta mano.",          "Jeder darf in dieser Runde nur 3-mal kaufen."),
        (limited(0),                1,  0,  "No hay ¿Puedo? en esta mano.",                                   "Kein „Darf ich?“ in dieser Runde."),
        (limited(0, buying=True),   1,  0,  "No hay compras en esta mano.",                                   "Kein Kauf in dieser Runde."),
        # A ban on the last hand, and on the last three.
        (replace(ROMME, may_i=MayIPolicy(banned_last_hands=1)), 7, 0,
                                            "No hay ¿Puedo? en la última mano.",                              "Kein „Darf ich?“ in der letzten Runde."),
        (replace(ROMME, may_i=MayIPolicy(banned_last_hands=3)), 6, 0,
                                            "No hay ¿Puedo? en las últimas 3 manos.",                         "Kein „Darf ich?“ in den letzten 3 Runden."),
        (replace(ROMME, may_i=MayIPolicy(banned_last_hands=2, buying=True)), 7, 0,
                                            "No hay compras en las últimas 2 manos.",                         "Kein Kauf in den letzten 2 Runden."),
    ],
    ids=["once", "twice", "three-buys", "none", "no-buy", "last-hand", "last-three", "last-two-buys"],
)
# fmt: on
def test_a_claim_refused_says_why_in_the_language_spoken(rs, hand, made, spanish, german):
    assert said("es", lambda: may_i_allowed(rs, hand, made, False).reason) == spanish
    assert said("de", lambda: may_i_allowed(rs, hand, made, False).reason) == german


@pytest.mark.parametrize(
    ("policy", "taken", "spanish", "german"),
    [
        (MayIPolicy(after_going_down=False), {"player_is_down": True},
         "No hay ¿Puedo? una vez que te bajaste.", "Kein „Darf ich?“ mehr, wenn du gemeldet hast."),
        (MayIPolicy(not_after_current_takes=True), {"current_player_took": True},
         "El jugador de turno tomó el descarte: nadie más puede pedirlo.",
         "Wer am Zug ist, hat den Abwurf genommen: Niemand darf mehr fragen."),
        (MayIPolicy(not_twice_running=True), {"took_last_discard_by_claim": True},
         "Nadie puede llevarse dos descartes seguidos pidiendo ¿Puedo?",
         "Niemand darf mit „Darf ich?“ zwei Abwürfe hintereinander nehmen."),
    ],
    ids=["gone-down", "current-took", "twice-running"],
)  # fmt: skip
def test_the_policy_s_own_refusals_in_the_language_spoken(policy, taken, spanish, german):
    rs = replace(ROMME, may_i=policy)
    down = taken.pop("player_is_down", False)
    assert said("es", lambda: may_i_allowed(rs, 1, 0, down, **taken).reason) == spanish
    assert said("de", lambda: may_i_allowed(rs, 1, 0, down, **taken).reason) == german


def test_the_referee_words_of_a_may_i_policy():
    policy = MayIPolicy(penalty_cards=2, per_hand_limit=0, banned_last_hands=3,
                        after_going_down=False, not_twice_running=True,
                        not_after_current_takes=True)  # fmt: skip
    assert said("es", lambda: may_i_words(policy, 7)) == (
        "Quien lo pide se lleva el descarte y 2 cartas de castigo del mazo.",
        "Si lo piden varios: se lo lleva el siguiente en turno después del jugador actual.",
        "Cada jugador puede decir ¿Puedo? como mucho ninguna vez por mano.",
        "No hay ¿Puedo? desde la mano 5.",
        "Quien ya se bajó no puede pedir.",
        "Nadie puede llevarse dos descartes seguidos con ¿Puedo?",
        "Cuando el jugador de turno toma el descarte, nadie más puede pedirlo.",
    )


@pytest.mark.parametrize(
    ("price", "blind", "spanish", "german"),
    [
        (1, 1, ("Un jugador puede comprar el descarte boca arriba por 1 céntimo, que va al bote.",
                "Cada compra se lleva además 1 carta a ciegas del mazo, salvo que la mano diga otra cosa."),
               ("Man darf den offenen Abwurf für 1 Cent kaufen, der in die Kasse geht.",
                "Jeder Kauf bringt zusätzlich 1 verdeckte Karte vom Talon, außer die Runde sagt etwas anderes.")),
        (0, 2, ("Un jugador puede comprar el descarte boca arriba por 0 céntimos, que van al bote.",
                "Cada compra se lleva además 2 cartas del mazo, salvo que la mano diga otra cosa."),
               ("Man darf den offenen Abwurf für 0 Cent kaufen, die in die Kasse gehen.",
                "Jeder Kauf bringt zusätzlich 2 Karten vom Talon, außer die Runde sagt etwas anderes.")),
    ],
    ids=["one-each", "none-and-two"],
)  # fmt: skip
def test_the_referee_words_of_buying_count_their_pennies_and_cards(price, blind, spanish, german):
    policy = MayIPolicy(buying=True, price=price, penalty_cards=blind, priority="in_turn_first")
    for language, (first, blind_words) in (("es", spanish), ("de", german)):
        words = said(language, lambda: may_i_words(policy, 15))
        assert words[0] == first and words[3] == blind_words


# fmt: off
@pytest.mark.parametrize(
    ("dealt", "limit", "buying", "spanish",                                                                         "german"),
    [
        (1,      None,   False,  "Mano 1: con 1 carta repartida y 1 robada no se puede hacer un contrato de 6 cartas.",
                                 "Runde 1: 1 gegebene Karte und 1 gezogene reichen nicht für einen Kontrakt aus 6 Karten."),
        (3,      1,      False,  "Mano 1: con 3 cartas repartidas, 1 robada y 1 ¿Puedo? de 2 cartas no se puede hacer un contrato de 6 cartas.",
                                 "Runde 1: 3 gegebene Karten, 1 gezogene und 1 „Darf ich?“ zu je 2 Karten reichen nicht für einen Kontrakt aus 6 Karten."),
        (2,      2,      True,   "Mano 1: con 2 cartas repartidas, 1 robada y 2 compras de 2 cartas no se puede hacer un contrato de 6 cartas.",
                                 "Runde 1: 2 gegebene Karten, 1 gezogene und 2 Käufe zu je 2 Karten reichen nicht für einen Kontrakt aus 6 Karten."),
    ],
    ids=["one-dealt", "one-may-i", "two-buys"],
)
# fmt: on
def test_a_deal_too_short_for_its_contract_in_the_language_spoken(
    dealt, limit, buying, spanish, german
):
    hands = (replace(ROMME.hands[0], cards_dealt=dealt, may_i_limit=limit), *ROMME.hands[1:])
    rs = replace(ROMME, hands=hands, may_i=MayIPolicy(buying=buying))
    assert said("es", lambda: short_deal_words(rs, 1, 6)) == spanish
    assert said("de", lambda: short_deal_words(rs, 1, 6)) == german


# --- The deal, the stock and going out ---


def test_a_table_of_the_wrong_size_is_refused_in_the_language_spoken():
    assert said("es", lambda: player_count_refusal(CARIOCA, 7)) == (
        "Carioca se juega de 2 a 5 jugadores; elegiste 7."
    )
    assert said("de", lambda: player_count_refusal(ROMME, 2)) == (
        "Contract Rommé ist für 3 bis 5 Spieler; du hast 2 gewählt."
    )


# fmt: off
@pytest.mark.parametrize(
    ("kind",               "renewed", "spanish",                                     "german"),
    [
        ("reshuffle",          0,  "Cuando se acaba el mazo, baraja los descartes y úsalos como mazo nuevo.",
                                   "Ist der Talon aufgebraucht, misch den Ablagestapel und nimm ihn als neuen Talon."),
        ("turn_over_once",     0,  "Cuando se acaba el mazo, voltea los descartes sin barajarlos",
                                   "Ist der Talon aufgebraucht, dreh den Ablagestapel ungemischt um"),
        ("reshuffle_keep_top", 0,  "Cuando se acaba el mazo, deja el último descarte boca arriba",
                                   "Ist der Talon aufgebraucht, lass die oberste Karte des Ablagestapels offen liegen"),
        ("turn_over_once",     1,  "El mazo se volvió a acabar y no se puede renovar: la mano terminó.",
                                   "Der Talon ist wieder leer und darf nicht erneuert werden: Die Runde ist vorbei."),
    ],
    ids=["reshuffle", "turn-over", "keep-top", "gone"],
)
# fmt: on
def test_the_stock_running_out_in_the_language_spoken(kind, renewed, spanish, german):
    stock = StockPolicy(kind)  # type: ignore[arg-type]
    assert said("es", lambda: stock_run_out(stock, renewed).words).startswith(spanish)
    assert said("de", lambda: stock_run_out(stock, renewed).words).startswith(german)


# fmt: off
@pytest.mark.parametrize(
    ("key",              "hand", "spanish",                                                     "german"),
    [
        ("carioca",          1,  "Cierras bajando tu última carta, colocándola en un juego de la mesa o descartándola.",
                                 "Du machst aus, indem du deine letzte Karte meldest, anlegst oder abwirfst."),
        ("carioca-closing",  9,  "Solo cierras bajando todas las cartas que tienes; sin descarte final.",
                                 "Ausmachen nur, indem du alle Karten auf der Hand meldest; kein letzter Abwurf."),
        ("progressive",      1,  "Cierras bajando tu última carta, colocándola en un juego de la mesa o descartándola. "
                                 "Cuando alguien cierra, cada uno de los demás juega un turno más; quien vacíe su mano entonces también suma 0.",
                                 "Du machst aus, indem du deine letzte Karte meldest, anlegst oder abwirfst. "
                                 "Macht jemand aus, hat jeder andere noch einen Zug; wer dabei seine Hand leert, bekommt auch 0."),
    ],
    ids=["normal", "no-discard", "last-turn"],
)
# fmt: on
def test_going_out_in_the_language_spoken(key, hand, spanish, german):
    assert said("es", lambda: going_out_words(preset(key), hand)) == spanish
    assert said("de", lambda: going_out_words(preset(key), hand)) == german


# fmt: off
@pytest.mark.parametrize(
    ("key",              "hand", "spanish",                                                         "german"),
    [
        ("continental",      1,  "En esta mano no puedes bajarte con tres tríos.",                     "In dieser Runde darfst du nicht mit drei Sätzen melden."),
        ("carioca-closing",  10, "Escala real: 13 cartas seguidas, todas de la misma pinta; se pueden usar comodines (nuestra lectura).",
                                 "Escala real: 13 Karten in Folge, alle in einer Farbe; Joker dürfen einspringen (unsere Lesart)."),
        ("carioca",          1,  "",                                                                   ""),
    ],
    ids=["no-three-sets", "escala-real", "none"],
)
# fmt: on
def test_a_hand_s_special_rule_in_the_language_spoken(key, hand, spanish, german):
    assert said("es", lambda: hand_note(preset(key), hand)) == spanish
    assert said("de", lambda: hand_note(preset(key), hand)) == german


def test_a_family_s_own_special_rule_stays_as_written():
    own = replace(CARIOCA, hands=(replace(CARIOCA.hands[0], note="Oma deals."), *CARIOCA.hands[1:]))
    assert said("es", lambda: hand_note(own, 1)) == "Oma deals."
