"""Contracts in Spanish and German: every preset's hands in words with their plurals, read back
from those words in any language, and the refusals of words that make no contract."""

from __future__ import annotations

import gettext

import pytest

from scorekeeper.rules.contracts import melds_in_words, parse_contract
from scorekeeper.rules.dealing import contract_words
from scorekeeper.rules.language import ENGLISH, speaking
from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.ruleset import Meld, RulesError
from tests.rules.test_language import catalog

SET, RUN, PAIR = Meld("set", 3), Meld("run", 4), Meld("pair", 2)


def speaker(language: str) -> gettext.NullTranslations:
    return ENGLISH if language == "en" else catalog(language)


def contracts(key: str) -> list[str]:
    rs = preset(key)
    return [contract_words(rs, number) for number in range(1, len(rs.hands) + 1)]


FAMILY_ES = ["2 tríos", "1 trío + 1 escala", "2 escalas", "3 tríos", "2 tríos + 1 escala",
             "1 trío + 2 escalas", "3 escalas"]  # fmt: skip
FAMILY_DE = ["2 Sätze", "1 Satz + 1 Folge", "2 Folgen", "3 Sätze", "2 Sätze + 1 Folge",
             "1 Satz + 2 Folgen", "3 Folgen"]  # fmt: skip
CLOSING_ES = ["1 escala de 13"] * 3
CLOSING_DE = ["1 Folge aus 13 Karten"] * 3


# fmt: off
@pytest.mark.parametrize(
    ("language", "key",               "hands"),
    [
        # Carioca's 8 rounds, the last four sets; then the three 13-card runs of the closing.
        ("es",      "carioca",           [*FAMILY_ES, "4 tríos"]),
        ("de",      "carioca",           [*FAMILY_DE, "4 Sätze"]),
        ("es",      "carioca-closing",   [*FAMILY_ES, "4 tríos", *CLOSING_ES]),
        ("de",      "carioca-closing",   [*FAMILY_DE, "4 Sätze", *CLOSING_DE]),
        ("es",      "carioca-house",     [*FAMILY_ES, "4 tríos"]),
        ("es",      "continental-spain", FAMILY_ES),
        ("de",      "continental-spain", FAMILY_DE),
        ("de",      "contract-romme",    FAMILY_DE),
        ("es",      "contract-romme",    FAMILY_ES),
        ("es",      "continental",       FAMILY_ES),
        ("de",      "may-i-11",          FAMILY_DE),
        ("de",      "liverpool",         FAMILY_DE),
        ("es",      "contract-rummy",    FAMILY_ES),
        # Lengths spelt out: one meld of a length, several of it ("je": each).
        ("es",      "may-i-deuces",      ["2 tríos de 3", "1 trío de 3 + 1 escala de 4", "2 escalas de 4",
                                          "3 tríos de 3", "1 trío de 3 + 1 escala de 7",
                                          "1 trío de 3 + 2 escalas de 4", "3 escalas de 4"]),
        ("de",      "may-i-deuces",      ["2 Sätze aus je 3 Karten", "1 Satz aus 3 Karten + 1 Folge aus 4 Karten",
                                          "2 Folgen aus je 4 Karten", "3 Sätze aus je 3 Karten",
                                          "1 Satz aus 3 Karten + 1 Folge aus 7 Karten",
                                          "1 Satz aus 3 Karten + 2 Folgen aus je 4 Karten",
                                          "3 Folgen aus je 4 Karten"]),
        # The six-hand list's fifth hand names its runs first.
        ("es",      "six-hands",        ["2 tríos", "2 escalas", "2 tríos + 1 escala", "3 tríos",
                                          "2 escalas + 1 trío", "3 escalas"]),
        # The progressive game: any melds of 3 or more.
        ("es",      "progressive",       ["tríos o escalas de 3 o más cartas"] * 11),
        ("de",      "progressive",       ["Sätze oder Folgen aus 3 oder mehr Karten"] * 11),
    ],
    ids=["es-carioca", "de-carioca", "es-closing", "de-closing", "es-house", "es-spain", "de-spain",
         "de-romme", "es-romme", "es-continental", "de-may-i-11", "de-liverpool", "es-contract-rummy",
         "es-deuces", "de-deuces", "es-six", "es-progressive", "de-progressive"],
)
# fmt: on
def test_every_preset_contract_in_the_language_spoken(language, key, hands):
    with speaking(catalog(language)):
        assert contracts(key) == hands


# fmt: off
@pytest.mark.parametrize(
    ("melds",                     "english",           "spanish",              "german"),
    [
        # One and many of each kind, and a run longer than usual (its length shown).
        ((SET,),                      "1 set",             "1 trío",               "1 Satz"),
        ((SET,) * 4,                  "4 sets",            "4 tríos",              "4 Sätze"),
        ((RUN,),                      "1 run",             "1 escala",             "1 Folge"),
        ((RUN,) * 3,                  "3 runs",            "3 escalas",            "3 Folgen"),
        ((PAIR,),                     "1 pair",            "1 pareja",             "1 Paar"),
        ((PAIR, PAIR),                "2 pairs",           "2 parejas",            "2 Paare"),
        ((Meld("run", 7),),           "1 run of 7",        "1 escala de 7",        "1 Folge aus 7 Karten"),
        ((Meld("set", 4),) * 2,       "2 sets of 4",       "2 tríos de 4",         "2 Sätze aus je 4 Karten"),
        ((PAIR, Meld("run", 5)),      "1 pair + 1 run of 5", "1 pareja + 1 escala de 5", "1 Paar + 1 Folge aus 5 Karten"),
        # No meld at all.
        ((),                          "no contract",       "sin contrato",         "kein Kontrakt"),
    ],
    ids=["one-set", "four-sets", "one-run", "three-runs", "one-pair", "two-pairs", "long-run",
         "two-long-sets", "pair-and-run", "none"],
)
# fmt: on
def test_melds_in_words_count_in_each_language(melds, english, spanish, german):
    assert melds_in_words(melds) == english
    for language, words in (("es", spanish), ("de", german)):
        with speaking(catalog(language)):
            assert melds_in_words(melds) == words


@pytest.mark.parametrize("language", ["en", "es", "de"])
@pytest.mark.parametrize("key", sorted(PRESETS))
@pytest.mark.parametrize("show_lengths", [False, True], ids=["usual", "lengths"])
def test_a_contract_reads_back_from_its_words_in_every_language(language, key, show_lengths):
    # The editor shows a contract in the page's language and reads back what it shows.
    for hand in PRESETS[key].hands:
        if not hand.melds:  # a contract the family sets
            continue
        with speaking(speaker(language)):
            words = melds_in_words(hand.melds, show_lengths=show_lengths)
        assert parse_contract(words) == hand.melds, words


# fmt: off
@pytest.mark.parametrize(
    ("words",                                   "melds"),
    [
        # What a family types, in either language, whatever the page speaks.
        ("dos tríos y una escala",                  (SET, SET, RUN)),
        ("1 Trío + 2 Escalas",                      (SET, RUN, RUN)),
        ("1 escala de 7 cartas",                    (Meld("run", 7),)),
        ("zwei Sätze und eine Folge",               (SET, SET, RUN)),
        ("3 Folgen aus je 4 Karten",                (RUN, RUN, RUN)),
        ("1 Folge von 7",                           (Meld("run", 7),)),
        ("2 Paare",                                 (PAIR, PAIR)),
    ],
    ids=["es-words", "es-capitals", "es-length", "de-words", "de-each", "de-von", "de-pairs"],
)
# fmt: on
def test_a_family_types_its_contract_in_its_own_words(words, melds):
    assert parse_contract(words) == melds


ES_EXAMPLE = "p. ej. «2 tríos + 1 escala» o «1 trío de 3 + 1 escala de 7»"
DE_EXAMPLE = "z. B. „2 Sätze + 1 Folge“ oder „1 Satz aus 3 Karten + 1 Folge aus 7 Karten“"


# fmt: off
@pytest.mark.parametrize(
    ("language", "words",        "message"),
    [
        ("es",      "",              f"Escribe el contrato, {ES_EXAMPLE}."),
        ("es",      "2 colores",     f"«colores» no es un trío, una escala ni una pareja. Escribe el contrato, {ES_EXAMPLE}."),
        ("es",      "2",             f"¿2 de qué? Nombra tríos o escalas, {ES_EXAMPLE}."),
        ("es",      "2 tríos y",     f"Di qué va después de «y», {ES_EXAMPLE}."),
        ("es",      "0 tríos",       "Un contrato pide al menos 1 de cada combinación que nombra, no 0."),
        ("es",      "13 escalas",    "Un contrato pide como mucho 12 tríos y escalas."),
        ("es",      "1 escala de",   "Pon un número de cartas después de «de», p. ej. «1 escala de 5»."),
        ("es",      "1 trío de 100", "Un trío de 100 cartas es más de lo que cabe en una mano."),
        ("de",      "",              f"Schreib den Kontrakt, {DE_EXAMPLE}."),
        ("de",      "2 Farben",      f"„farben“ ist weder Satz noch Folge noch Paar. Schreib den Kontrakt, {DE_EXAMPLE}."),
        ("de",      "2",             f"2 was? Nenn Sätze oder Folgen, {DE_EXAMPLE}."),
        ("de",      "1 Folge aus",   "Gib nach „aus“ eine Zahl von Karten an, z. B. „1 Folge aus 5 Karten“."),
        ("de",      "1 Paar aus 100", "Ein Paar aus 100 Karten ist mehr, als eine Hand hält."),
    ],
    ids=["es-empty", "es-unknown", "es-of-what", "es-after-and", "es-zero", "es-too-many",
         "es-no-length", "es-too-long", "de-empty", "de-unknown", "de-of-what", "de-no-length",
         "de-too-long"],
)
# fmt: on
def test_words_that_make_no_contract_are_refused_in_the_language_spoken(language, words, message):
    with speaking(catalog(language)), pytest.raises(RulesError) as refusal:
        parse_contract(words)
    assert str(refusal.value) == message


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "1 pair + more, set by your family"), ("es", "1 pareja + más, lo decide tu familia"),
     ("de", "1 Paar + mehr, legt ihr als Familie fest")],
    ids=["en", "es", "de"],
)  # fmt: skip
def test_a_contract_the_family_completes_says_so(language, words):
    with speaking(speaker(language)):
        assert contract_words(preset("buying"), 14) == words
