"""The fairness rules' words in English, Spanish and German: each kind of sentence whole in
each language, with its counts' plural forms, and what a game keeps always in English."""

from __future__ import annotations

import gettext
from dataclasses import replace
from datetime import date
from fractions import Fraction

import pytest

from scorekeeper.rules.corrections import (
    correction_terms,
    proposal_decided_words,
    proposal_heading,
    proposal_kept_words,
    proposal_outcome_words,
    sender_shown,
    sender_words,
)
from scorekeeper.rules.ending import Standing, game_ending, names_in_words
from scorekeeper.rules.ending_money import money_at_end
from scorekeeper.rules.fairness import fairness_in_force
from scorekeeper.rules.language import ENGLISH, speaking
from scorekeeper.rules.missing_score import MISSING, missing_score_verdict
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Payouts, RulesError, RuleSet, Settlement
from scorekeeper.rules.rulings import house_points, rulings, search_rulings
from scorekeeper.rules.settlement import (
    parse_schedule,
    pennies,
    schedule_text,
    schedule_words,
    settle,
    settlement_problems,
)
from scorekeeper.rules.standings import MEASURES, ranking_words
from scorekeeper.rules.suspension import paused_refusal, resume_refusal, resume_terms
from tests.rules.test_language import catalog
from tests.rules.test_other_systems import filled_buying


def language(code: str) -> gettext.NullTranslations:
    return ENGLISH if code == "en" else catalog(code)


def table(*rows: tuple[str, int, bool]) -> dict[str, Standing]:
    """Players as (name, total, played every hand)."""
    return {name: Standing(name, total, done) for name, total, done in rows}


# The missing-score rule: the score posted, or the hand played again, as many gave a score.
# fmt: off
@pytest.mark.parametrize(
    ("code", "entries",                                           "reason"),
    [
        ("en",   {"a": 90, "b": MISSING, "c": 35},                    "A missing score is posted as 90 + 35 = 125."),
        ("es",   {"a": 90, "b": MISSING, "c": 35},                    "Los puntos que faltan se asignan como 90 + 35 = 125."),
        ("de",   {"a": 90, "b": MISSING, "c": 35},                    "Fehlende Punkte werden als 90 + 35 = 125 eingesetzt."),
        ("en",   {"a": MISSING, "b": MISSING},                        "Nobody gave a score, so the hand is played again: same hand, same contract, same dealer."),
        ("es",   {"a": MISSING, "b": MISSING},                        "Nadie dio su resultado, así que la mano se vuelve a jugar: misma mano, mismo contrato y reparte el mismo."),
        ("en",   {"a": MISSING, "b": 0},                              "Only 1 player gave a score, so the hand is played again: same hand, same contract, same dealer."),
        ("es",   {"a": MISSING, "b": 0},                              "Solo 1 jugador dio su resultado, así que la mano se vuelve a jugar: misma mano, mismo contrato y reparte el mismo."),
        ("de",   {"a": MISSING, "b": 0},                              "Nur 1 Spieler hat Punkte angegeben, also wird die Runde neu gespielt: gleiche Runde, gleicher Kontrakt, gleicher Geber."),
        ("de",   {"a": MISSING, "b": MISSING, "c": 0},                "Nur 1 Spieler hat Punkte angegeben, also wird die Runde neu gespielt: gleiche Runde, gleicher Kontrakt, gleicher Geber."),
    ],
    ids=["en-posted", "es-posted", "de-posted", "en-nobody", "es-nobody", "en-one", "es-one", "de-one", "de-one-of-three"],
)
# fmt: on
def test_a_missing_score_is_explained_in_the_language_spoken(code, entries, reason):
    with speaking(language(code)):
        verdict = missing_score_verdict(entries)
    assert verdict.reason == reason
    # What the hand keeps is in English, whoever scored it.
    with speaking(ENGLISH):
        assert verdict.note == missing_score_verdict(entries).reason


# A game that ends: why, what happens, who is posted what; its note always in English.
# fmt: off
ENDINGS = [
    # (code, players, cause, played, of, headline, lines)
    ("es", table(("Ann", 20, True), ("Bob", 35, True)), "agreement", 3, 7,
     "La partida se descartará.",
     ("La mesa terminó la partida tras 3 de 7 manos.",
      "Nadie jugó todas las manos, así que la partida queda incompleta para todos.",
      "Con menos de dos jugadores que terminaron, la partida no cuenta: queda en el historial, marcada como descartada, y fuera de toda clasificación.")),
    ("de", table(("Ann", 20, True), ("Bob", 35, False)), "leavers", 0, 1,
     "Das Spiel wird gestrichen.",
     ("Es waren weniger als zwei Spieler übrig, also endete das Spiel nach 0 von 1 Runde.",
      "Niemand hat alle Runden gespielt, also ist das Spiel für alle unvollständig.",
      "Mit weniger als zwei Spielern, die zu Ende gespielt haben, zählt das Spiel nicht: Es bleibt im Verlauf, als gestrichen markiert, und in keiner Wertung.")),
    ("de", table(("Ann", 20, True), ("Bob", 35, True)), "not_resumed", 2, 8,
     "Das Spiel wird gestrichen.",
     ("Das Spiel wurde nach 2 von 8 Runden unterbrochen und nicht fortgesetzt.",
      "Niemand hat alle Runden gespielt, also ist das Spiel für alle unvollständig.",
      "Mit weniger als zwei Spielern, die zu Ende gespielt haben, zählt das Spiel nicht: Es bleibt im Verlauf, als gestrichen markiert, und in keiner Wertung.")),
    ("es", table(("Ann", 20, True), ("Bob", 35, False), ("Cat", 9, False)), "played_out", 7, 7,
     "La partida se descartará.",
     ("Solo Ann jugó todas las manos.",
      "Con menos de dos jugadores que terminaron, la partida no cuenta: queda en el historial, marcada como descartada, y fuera de toda clasificación.")),
    ("es", table(("Ann", 20, True), ("Bob", 35, True), ("Cat", 90, True), ("Dan", 5, False)), "played_out", 7, 7,
     "La partida terminó; se asignan los totales de quienes no terminaron.",
     ("Ann, Bob y Cat jugaron todas las manos.",
      "Dan no terminó y se le asigna 90 + 35 = 125, los dos totales más altos de quienes terminaron.")),
    ("de", table(("Ann", 20, True), ("Bob", 35, True), ("Dan", 5, False)), "played_out", 7, 7,
     "Das Spiel ist vorbei; wer nicht zu Ende gespielt hat, bekommt eine Summe eingesetzt.",
     ("Ann und Bob haben alle Runden gespielt.",
      "Dan hat nicht zu Ende gespielt und bekommt 35 + 20 = 55 eingesetzt, die zwei höchsten Summen derer, die zu Ende gespielt haben.")),
    ("de", table(("Ann", 20, True), ("Bob", 35, True)), "played_out", 7, 7,
     "Das Spiel ist vorbei.", ()),
]
# fmt: on


@pytest.mark.parametrize(
    ("code", "players", "cause", "played", "of", "headline", "lines"),
    ENDINGS,
    ids=["es-agreement", "de-leavers-one-hand", "de-not-resumed", "es-one-finisher",
         "es-three-finished", "de-two-finished", "de-played-out"],
)  # fmt: skip
def test_an_ending_is_told_in_the_language_spoken(
    code, players, cause, played, of, headline, lines
):
    with speaking(language(code)):
        ending = game_ending(players, cause=cause, hands_played=played, hands_in_game=of)
    assert (ending.headline, ending.lines) == (headline, lines)
    english = game_ending(players, cause=cause, hands_played=played, hands_in_game=of)
    assert ending.note == english.note  # kept in English


# fmt: off
@pytest.mark.parametrize(
    ("code", "names",               "words"),
    [
        ("en",   [],                    ""),
        ("en",   ["Ann"],               "Ann"),
        ("en",   ["Ann", "Bob"],        "Ann and Bob"),
        ("en",   ["Ann", "Bob", "Cat"], "Ann, Bob and Cat"),
        ("es",   ["Ann", "Bob"],        "Ann y Bob"),
        ("es",   ["Ann", "Bob", "Cat"], "Ann, Bob y Cat"),
        ("de",   ["Ann", "Bob", "Cat"], "Ann, Bob und Cat"),
    ],
    ids=["en-none", "en-one", "en-two", "en-three", "es-two", "es-three", "de-three"],
)
# fmt: on
def test_names_in_words(code, names, words):
    with speaking(language(code)):
        assert names_in_words(names) == words


# Without the incomplete-game rule the totals stand, and the winner is placed.
@pytest.mark.parametrize(
    ("code", "headline", "line"),
    [
        ("es", "La partida termina con los totales tal como están.",
         "Esta liga no usa la regla de partida incompleta, así que a nadie se le asigna un total."),
        ("de", "Das Spiel endet mit den Summen, wie sie sind.",
         "Diese Liga nutzt die Regel für unvollständige Spiele nicht, also wird niemandem eine "
         "Summe eingesetzt."),
    ],
    ids=["es", "de"],
)  # fmt: skip
def test_an_ending_without_the_rule_in_the_language_spoken(code, headline, line):
    players = table(("Ann", 20, True), ("Bob", 35, False))
    with speaking(language(code)):
        ending = game_ending(
            players, cause="agreement", hands_played=3, hands_in_game=7, incomplete_game_rule=False
        )
    assert ending.headline == headline and line in ending.lines
    assert ending.note == (
        "The table ended the game after 3 of 7 hands. The totals stand as they were: this "
        "league posts no totals for unfinished games."
    )


def buying(split: str = "winner") -> RuleSet:
    rs = filled_buying()
    return replace(rs, settlement=Settlement((Payouts(4, (6, 2, -2, -6)),), split))


FAMILY = {"Mom": "Mom", "Dad": "Dad", "Amy": "Amy", "Ben": "Ben"}
NOBODY = dict.fromkeys(FAMILY, None)
PLACED = {"Mom": 1, "Dad": 2, "Amy": 3, "Ben": 4}


# The pennies: the headline by the kitty's size (0, 1, many), who pays whom, and the kitty.
# fmt: off
@pytest.mark.parametrize(
    ("code", "places", "buys",                    "headline",                                                                                                                         "lines"),
    [
        ("es",   NOBODY,   {},                        "La partida no cuenta, así que no se paga por puesto; el bote está vacío.",                                                         ("Nadie paga ni cobra nada.",)),
        ("es",   NOBODY,   {"Dad": 1},                "La partida no cuenta, así que no se paga por puesto, y el bote, de 1 céntimo, vuelve a quien lo puso.",                           ("Dad recupera 1 del bote",)),
        ("de",   NOBODY,   {"Dad": 2, "Amy": 1},      "Das Spiel zählt nicht, also wird kein Geld nach Platz bezahlt, und die 3 Cent aus der Kasse gehen an die zurück, die sie eingezahlt haben.", ("Dad bekommt 2 aus der Kasse zurück", "Amy bekommt 1 aus der Kasse zurück")),
        ("es",   NOBODY,   {"Dad": 1, "Amy": 1},      "La partida no cuenta, así que no se paga por puesto, y los 2 céntimos del bote vuelven a quienes los pusieron.",                   ("Dad y Amy recuperan 1 del bote cada uno",)),
        ("de",   PLACED,   {"Dad": 1},                "Das Spiel zählt, also wird nach Plätzen abgerechnet: das Geld nach Platz laut Tabelle und die Kasse von 1 Cent so, wie die Regeln sie aufteilen.", ("Ben zahlt Mom 6", "Amy zahlt Dad 2", "Mom bekommt 1 aus der Kasse")),
        ("es",   PLACED,   {"Dad": 2, "Amy": 1},      "La partida cuenta, así que las cuentas se hacen por puesto: el dinero por puesto según la tabla, y el bote de 3 céntimos como lo reparten las reglas.", ("Ben le paga 6 a Mom", "Amy le paga 2 a Dad", "Mom se lleva 3 del bote")),
    ],
    ids=["es-empty-kitty", "es-one-penny", "de-three-pennies", "es-equal-shares", "de-counts", "es-counts"],
)
# fmt: on
def test_the_pennies_are_told_in_the_language_spoken(code, places, buys, headline, lines):
    with speaking(language(code)):
        money = money_at_end(buying(), places, buys, FAMILY, discarded=places is NOBODY)
    assert (money.headline, money.lines) == (headline, lines)


def test_the_pennies_take_their_numbers_from_the_edge():
    # A shared win: places 1 and 2's 6 + 2 split in two, and two thirds + one third of the
    # kitty of 2 split in two too; the edge writes each amount.
    shared = {"Mom": 1, "Dad": 1, "Amy": 3, "Ben": 4}
    money = money_at_end(
        buying("two_thirds"), shared, {"Amy": 2}, FAMILY, discarded=False,
        amount=lambda amount: f"<{pennies(amount)}>",
    )  # fmt: skip
    assert "the kitty of <2> pennies" in money.headline
    assert money.lines == (
        "Ben pays Mom <4>", "Ben pays Dad <2>", "Amy pays Dad <2>",
        "Mom and Dad each take <1> from the kitty",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("amount", "number", "words"),
    [
        (Fraction(1200), str, "1200"),
        (Fraction(1200), lambda n: f"{n:,}".replace(",", "."), "1.200"),
        (Fraction(-3601, 3), lambda n: f"{n:,}".replace(",", "."), "-1.200 1/3"),
        (Fraction(-2, 3), lambda n: f"{n:,}", "-2/3"),
    ],
    ids=["plain", "grouped", "grouped-with-a-part", "only-a-part"],
)
def test_pennies_write_their_whole_numbers_as_told(amount, number, words):
    assert pennies(amount, number) == words


# The payment schedule: its lines with ordinals as each language writes them, and the
# editor's text read back in any language.
# fmt: off
@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("en",   ("4 players: 1st +6, 2nd +2, 3rd -2, 4th -6", "The whole kitty goes to the winner.")),
        ("es",   ("4 jugadores: 1.º +6, 2.º +2, 3.º -2, 4.º -6", "Todo el bote es para quien gana.")),
        ("de",   ("4 Spieler: 1. +6, 2. +2, 3. -2, 4. -6", "Die ganze Kasse geht an den Sieger.")),
    ],
    ids=["en", "es", "de"],
)
# fmt: on
def test_the_schedule_in_words(code, words):
    with speaking(language(code)):
        assert schedule_words(buying().settlement) == words


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("en", "3 players: +4, 0, -4\n4 players: +6, +2, -2, -6"),
        ("es", "3 jugadores: +4, 0, -4\n4 jugadores: +6, +2, -2, -6"),
        ("de", "3 Spieler: +4, 0, -4\n4 Spieler: +6, +2, -2, -6"),
    ],
    ids=["en", "es", "de"],
)
def test_the_schedule_text_reads_back_in_every_language(code, text):
    settlement = Settlement((Payouts(3, (4, 0, -4)), Payouts(4, (6, 2, -2, -6))), "winner")
    with speaking(language(code)):
        assert schedule_text(settlement) == text
    assert parse_schedule(text) == settlement.schedule


# fmt: off
@pytest.mark.parametrize(
    ("code", "schedule",                 "field",                            "problem"),
    [
        ("es",   (Payouts(4, (6, 2, -2)),),  "settlement.schedule[0].amounts",   "Pagos para 4 jugadores: pon una cantidad por puesto, 4 en total."),
        ("de",   (Payouts(4, (6, 2, 2, -6)),), "settlement.schedule[0].amounts", "Zahlungen für 4 Spieler: Was die Plätze gewinnen und zahlen, muss zusammen 0 ergeben, nicht 4."),
        ("es",   (Payouts(1, (0,)),),         "settlement.schedule[0].players",   "Pagos: una mesa de 1 jugador no entra en lo que permiten las reglas (de 3 a 6)."),
        ("de",   (Payouts(9, (0,) * 9),),     "settlement.schedule[0].players",   "Zahlungen: Ein Tisch mit 9 Spielern liegt nicht im Bereich der Regeln (3 bis 6)."),
        ("es",   (Payouts(4, (6, 2, -2, -6)),) * 2, "settlement.schedule[1].players", "Los pagos para 4 jugadores aparecen dos veces."),
    ],
    ids=["es-one-per-place", "de-add-up", "es-one-player", "de-nine-players", "es-twice"],
)
# fmt: on
def test_schedule_problems_in_the_language_spoken(code, schedule, field, problem):
    rs = replace(buying(), settlement=Settlement(schedule, "winner"))
    with speaking(language(code)):
        assert (field, problem) in settlement_problems(rs)


@pytest.mark.parametrize(
    ("code", "refusal"),
    [
        ("es", "Línea 1: escribe los jugadores, dos puntos y luego lo que gana (+) o paga (-) "
               "cada puesto, p. ej. «4 jugadores: +6, +2, -2, -6»."),
        ("de", "Zeile 1: Schreib die Spielerzahl, einen Doppelpunkt und dann, was jeder Platz "
               "gewinnt (+) oder zahlt (-), z. B. „4 Spieler: +6, +2, -2, -6“."),
    ],
    ids=["es", "de"],
)  # fmt: skip
def test_an_unreadable_schedule_line_is_refused_in_the_language_spoken(code, refusal):
    with speaking(language(code)), pytest.raises(RulesError) as refused:
        parse_schedule("four players: lots")
    assert str(refused.value) == refusal


@pytest.mark.parametrize(
    ("code", "players", "refusal"),
    [
        ("en", 5, "The payment schedule has no row for 5 players: add one to the rules."),
        ("es", 5, "La tabla de pagos no tiene fila para 5 jugadores: añade una en las reglas."),
        ("de", 3, "Die Zahlungstabelle hat keine Zeile für 3 Spieler: Füg eine in den Regeln hinzu."),
    ],
    ids=["en", "es", "de"],
)  # fmt: skip
def test_a_table_without_its_schedule_row_in_the_language_spoken(code, players, refusal):
    places = {f"p{i}": i + 1 for i in range(players)}
    with speaking(language(code)), pytest.raises(RulesError) as refused:
        settle(buying(), places)
    assert str(refused.value) == refusal


# The suspension rule's words, and each record refused while a game is suspended.
# fmt: off
@pytest.mark.parametrize(
    ("code", "what",                               "refusal"),
    [
        ("en",   "recording a May I?",                 "The game is suspended: resume it before recording a May I?."),
        ("es",   "scoring a hand",                     "La partida está suspendida: reanúdala antes de anotar una mano."),
        ("es",   "taking back a May I?",               "La partida está suspendida: reanúdala antes de deshacer un ¿Puedo?."),
        ("de",   "recording a buy",                    "Das Spiel ist unterbrochen: Setz es fort, bevor du einen Kauf einträgst."),
        ("de",   "dealing a hand again",               "Das Spiel ist unterbrochen: Setz es fort, bevor du eine Runde neu gibst."),
        ("de",   "recording that the stock ran out",   "Das Spiel ist unterbrochen: Setz es fort, bevor du einträgst, dass der Stapel leer ist."),
    ],
    ids=["en-may-i", "es-score", "es-take-back", "de-buy", "de-redeal", "de-stock"],
)
# fmt: on
def test_a_suspended_game_refuses_each_record_in_whole_words(code, what, refusal):
    with speaking(language(code)):
        assert paused_refusal(what) == refusal


def test_a_record_without_words_is_a_fault_of_the_code():
    with pytest.raises(RulesError):
        paused_refusal("juggling")


@pytest.mark.parametrize(
    ("code", "today", "everyone_back", "terms", "refusal"),
    [
        ("es", date(2024, 12, 31), False,
         "Solo sigue con todos de vuelta, en el mismo orden alrededor de la mesa, en 2024.",
         "Todos los jugadores tienen que volver, a los mismos sitios, antes de seguir la partida."),
        ("de", date(2025, 1, 1), True,
         "Es geht nur weiter, wenn alle zurück sind, in derselben Reihenfolge am Tisch, im Jahr 2024.",
         "Das Spiel begann 2024. Ein unterbrochenes Spiel geht nur im selben Kalenderjahr weiter, "
         "in dem es begann, deshalb kann dieses nur noch als unvollständig geschlossen werden."),
    ],
    ids=["es-someone-missing", "de-new-year"],
)  # fmt: skip
def test_resuming_in_the_language_spoken(code, today, everyone_back, terms, refusal):
    rs, started = preset("continental"), date(2024, 11, 2)
    with speaking(language(code)):
        assert resume_terms(rs, started) == terms
        assert resume_refusal(rs, started, today, everyone_back) == refusal


# Corrections: the fix's terms, and a proposed correction's words, with its sender shown in
# the language spoken while it is kept as it was written.
@pytest.mark.parametrize(
    ("code", "hint", "refusal"),
    [
        ("es", "Obligatorio en esta mano.",
         "Las cartas de la mano 2 ya se mezclaron, así que cambiarla necesita el acuerdo de toda "
         "la mesa y un motivo: marca que todos están de acuerdo y di por qué."),
        ("de", "Für diese Runde nötig.",
         "Die Karten von Runde 2 sind schon gemischt, also braucht eine Änderung das "
         "Einverständnis des ganzen Tisches und eine Begründung: Kreuz an, dass alle "
         "einverstanden sind, und sag, warum."),
    ],
    ids=["es", "de"],
)  # fmt: skip
def test_the_terms_of_a_fix_in_the_language_spoken(code, hint, refusal):
    with speaking(language(code)):
        terms = correction_terms(2, 3)
        assert (terms.reason_hint, terms.refusal(2)) == (hint, refusal)


# fmt: off
@pytest.mark.parametrize(
    ("code", "sent_by",                     "shown"),
    [
        ("en",   "kim",                         "kim"),
        ("es",   "kim",                         "kim"),
        ("en",   "a phone",                     "a phone"),
        ("es",   "a phone",                     "un teléfono"),
        ("de",   "a phone (iPhone, Safari)",    "ein Handy (iPhone, Safari)"),
        ("es",   "a phone (iPhone, Saf",        "un teléfono (iPhone, Saf)"),
    ],
    ids=["en-account", "es-account", "en-phone", "es-phone", "de-device", "es-cut-short"],
)
# fmt: on
def test_a_sender_is_kept_in_english_and_shown_in_the_language_spoken(code, sent_by, shown):
    assert sender_words(None, "iPhone, Safari") == "a phone (iPhone, Safari)"
    with speaking(language(code)):
        assert sender_words(None, None) == "a phone"  # kept as written, in English
        assert sender_shown(sent_by) == shown


# fmt: off
@pytest.mark.parametrize(
    ("code", "state",    "decided_by", "heading",                                                      "outcome"),
    [
        ("es",   "accepted", "kim",       "Corrección propuesta de la mano 4, de un teléfono (Android)", "Aceptada por kim: la mano se corrigió con ella."),
        ("es",   "dropped",  "",          "Corrección propuesta de la mano 4, de un teléfono (Android)", "Rechazada: la mano quedó como estaba."),
        ("de",   "dropped",  "a phone",   "Korrekturvorschlag für Runde 4, geschickt durch ein Handy (Android)", "Verworfen durch ein Handy: Die Runde blieb, wie sie war."),
        ("de",   "waiting",  "",          "Korrekturvorschlag für Runde 4, geschickt durch ein Handy (Android)", "Wartet darauf, dass der Tisch ihn annimmt oder verwirft."),
    ],
    ids=["es-accepted", "es-dropped-by-nobody", "de-dropped-by-a-phone", "de-waiting"],
)
# fmt: on
def test_a_proposal_in_the_language_spoken(code, state, decided_by, heading, outcome):
    with speaking(language(code)):
        assert proposal_heading(4, "a phone (Android)") == heading
        assert proposal_outcome_words(state, decided_by) == outcome


@pytest.mark.parametrize(
    ("code", "fix", "kept", "decided"),
    [
        ("es", False,
         "Otro teléfono guardó primero la mano 3. Lo que envió este teléfono queda guardado como "
         "corrección propuesta: la mesa puede aceptarla o rechazarla.",
         "Esta corrección propuesta de la mano 3 ya se aceptó; no cambió nada."),
        ("de", True,
         "Runde 3 wurde auf einem anderen Handy geändert, bevor diese Korrektur ankam. Was dieses "
         "Handy geschickt hat, bleibt als Korrekturvorschlag: Der Tisch kann ihn annehmen oder "
         "verwerfen.",
         "Dieser Korrekturvorschlag für Runde 3 wurde schon angenommen; nichts hat sich geändert."),
    ],
    ids=["es-saved-first", "de-changed-first"],
)  # fmt: skip
def test_a_kept_proposal_is_told_in_the_language_spoken(code, fix, kept, decided):
    with speaking(language(code)):
        assert proposal_kept_words(3, fix=fix) == kept
        assert proposal_decided_words(3, "accepted") == decided


# The standings' ranking, measure and tie-breaks in one sentence of each language.
# fmt: off
@pytest.mark.parametrize(
    ("code", "measure",  "words"),
    [
        ("en",   "points",   "Ranked by points for places; ties go to more wins, then the lower average game total, then more games played; players still equal share a place. Wins count shared wins."),
        ("es",   "average",  "Ordenado por la media por partida (la más baja primero); en caso de empate cuenta: más victorias, luego más partidas jugadas, luego la mejor partida más baja; quienes siguen empatados comparten puesto. Las victorias incluyen las compartidas."),
        ("de",   "wins",     "Gereiht nach gewonnenen Spielen; bei Gleichstand entscheidet: der niedrigere Schnitt pro Spiel, dann mehr gespielte Spiele, dann das niedrigere beste Spiel; wer dann noch gleich ist, teilt sich den Platz. Geteilte Siege zählen als Siege."),
    ],
    ids=["en-points", "es-average", "de-wins"],
)
# fmt: on
def test_the_ranking_in_the_language_spoken(code, measure, words):
    with speaking(language(code)):
        assert ranking_words(measure) == words


@pytest.mark.parametrize(
    ("code", "labels"),
    [
        ("es", ["Media por partida (la más baja primero)", "Partidas ganadas", "Puntos por puesto"]),
        ("de", ["Schnitt pro Spiel (niedrigster zuerst)", "Gewonnene Spiele", "Punkte für Plätze"]),
    ],
    ids=["es", "de"],
)  # fmt: skip
def test_every_measure_has_its_label_in_each_language(code, labels):
    assert [language(code).gettext(label) for label in MEASURES.values()] == labels


# The fairness rules in force, titled and worded in the language spoken.
@pytest.mark.parametrize(
    ("code", "titles"),
    [
        ("en", ["Missing score", "Leaving early", "Suspended game", "Corrections"]),
        ("es", ["Puntos que faltan", "Irse antes", "Partida suspendida", "Correcciones"]),
        ("de", ["Fehlende Punkte", "Vorzeitig gehen", "Unterbrochenes Spiel", "Korrekturen"]),
    ],
    ids=["en", "es", "de"],
)
def test_the_fairness_rules_in_the_language_spoken(code, titles):
    with speaking(language(code)):
        found = fairness_in_force(preset("continental"))
    assert [title for title, _ in found] == titles
    if code != "en":
        english = fairness_in_force(preset("continental"))
        assert all(ours != theirs for (_, ours), (_, theirs) in zip(found, english, strict=True))


# The referee page's rulings: every title and point in the language spoken (the sentences of
# play the rules of dealing and May I? give them aside), found by the family's own words.
@pytest.mark.parametrize(
    ("code", "key", "title", "point"),
    [
        ("es", "redeal", "Volver a repartir",
         "Al volver a repartir se mantienen la mano, su contrato y quien reparte; nadie se anota "
         "puntos por el reparto estropeado. Anótalo con «Volver a repartir esta mano»."),
        ("de", "stock", "Der Stapel geht aus",
         "Tippe am Tisch auf „Der Stapel ist leer“, um es einzutragen."),
        ("es", "incorrect-hand", "Alguien tiene un número equivocado de cartas",
         "Faltan cartas: cada carta que falta cuesta 10 puntos al final de la mano (anótala como "
         "«cartas de menos» en el formulario de la mano)."),
        ("de", "scoring-errors", "Ein Fehler bei den Punkten",
         "Die App hält jede Änderung fest: wer, wann, alte und neue Punkte."),
        ("es", "wild", "Qué es comodín", "Se juega con comodines."),
    ],
    ids=["es-redeal", "de-stock", "es-short-cards", "de-scoring", "es-jokers"],
)  # fmt: skip
def test_a_ruling_in_the_language_spoken(code, key, title, point):
    with speaking(language(code)):
        ruling = {r.key: r for r in rulings(preset("carioca"))}[key]
    assert ruling.title == title and point in ruling.points


@pytest.mark.parametrize(
    ("code", "points"),
    [
        ("es", ("Manos 1, 2, 3, 4, 5, 6", "Mano 7")),
        ("de", ("Runden 1, 2, 3, 4, 5, 6", "Runde 7")),
    ],
    ids=["es", "de"],
)
def test_going_out_hand_by_hand_counts_its_hands(code, points):
    with speaking(language(code)):
        going_out = {r.key: r for r in rulings(preset("may-i-11"))}["going-out"]
    assert tuple(point.split(":")[0] for point in going_out.points) == points


# fmt: off
@pytest.mark.parametrize(
    ("code", "query",        "found"),
    [
        ("es",   "comodin",      {"wild"}),        # typed without its accent
        ("es",   "mal repartido", {"redeal"}),
        ("es",   "¿Puedo?",      {"illegal-draw", "incorrect-hand", "may-i"}),
        ("de",   "Stapel",       {"stock", "illegal-draw"}),
        ("de",   "vergeben",     {"redeal"}),
        ("es",   "misdeal",      set()),           # the English word belongs to English
    ],
    ids=["es-no-accent", "es-misdeal", "es-may-i", "de-stock", "de-misdeal", "es-english-word"],
)
# fmt: on
def test_rulings_are_found_by_the_words_of_the_language_spoken(code, query, found):
    with speaking(language(code)):
        every = rulings(preset("carioca"))
        assert {r.key for r in search_rulings(every, query)} >= found
        if not found:
            assert search_rulings(every, query) == ()


def test_house_points_are_a_presets_in_the_language_spoken_and_a_familys_as_written():
    carioca = preset("carioca")
    own = replace(carioca, extra_rules=("Grandma deals first.", *carioca.extra_rules[:1]))
    with speaking(language("es")):
        assert house_points(carioca)[0].startswith("Una escala puede seguir del rey al as")
        assert house_points(own) == ("Grandma deals first.", house_points(carioca)[0])
    assert house_points(carioca) == carioca.extra_rules
