"""Every printed sheet and its page in Spanish and German: the blank sheets, a game's sheet in
each of its states, the standings sheet and the form that makes a blank sheet with its
refusals; a PDF in the league's language, dated and worded for it; and nothing recorded moved
by the language a sheet was printed in."""

from __future__ import annotations

import re
import subprocess
from datetime import date
from pathlib import Path

import pytest
from conftest import loaded, out, play_hand, tally
from flask import Response
from test_languages import GERMAN, SPANISH, page_language, set_league_language, stored
from test_sheets import FOUR, play, poppler, read_pdf

from scorekeeper.extensions import db
from scorekeeper.models import League
from scorekeeper.play import games, hands, interruptions
from scorekeeper.read import scoresheet
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.language import ENGLISH, speaking
from scorekeeper.rules.missing_score import posted_score_note
from tests.reading import english_left, visible_text
from tests.rules.test_language import catalog

pytestmark = pytest.mark.words

LANGUAGES = [pytest.param(SPANISH, id="es"), pytest.param(GERMAN, id="de")]
# Words a translated sheet shows as the English one does: the names of the players, the
# league and its game, and the name of the file's format.
NAMES = (*FOUR, "Eve", "The Smiths", "Continental", "PDF")
# Spanish writes the row of totals as English does.
SAME_WORDS = {"es": ("Total",), "de": ()}
# The parts of a sheet worded by other areas, translated with them: the rules in brief under
# every sheet (templates/sheets/_rules.html, the rules' words), the standings table
# (templates/standings/_table.html) and chart (read/charts.py).
ELSEWHERE = (
    re.compile(r'<section class="sheet-rules".*?</section>', re.S),
    re.compile(r'<div class="table-wrap".*?</div>\s*<p class="muted small">.*?</p>', re.S),
    re.compile(r"<svg.*?</svg>", re.S),
)


def own_words(response) -> Response:
    """The page without the parts other areas word."""
    page = response.get_data(as_text=True)
    for part in ELSEWHERE:
        page = part.sub("", page)
    return Response(page)


def language_of(headers: dict[str, str]) -> str:
    return headers["Accept-Language"][:2]


def left_in_english(
    client, path: str, headers: dict[str, str], theirs: tuple[str, ...] = ()
) -> list[str]:
    """The pieces of the sheet's own words that the page at `path` still shows in English,
    but for `theirs`: whole pieces of another area's words, as its function writes them in
    English (a fairness rule's note)."""
    english = client.get(path)
    translated = client.get(path, headers=headers)
    assert english.status_code == translated.status_code, translated.get_data(as_text=True)
    assert page_language(translated) == language_of(headers)
    keep = (*NAMES, *SAME_WORDS[language_of(headers)])
    left = english_left(own_words(english), own_words(translated), keep=keep)
    return [piece for piece in left if piece not in theirs]


def corrected_and_dealt_again(game) -> None:
    """Hand 1 dealt again, then scored with a missing score; hand 2 scored; hand 1 corrected
    by Ann with a reason; the stock ran out in hand 2."""
    hands.redeal(games.current_hand(game), "Two cards were exposed")
    db.session.commit()
    loaded(game)
    play_hand(game, [out(), tally(low=2), tally(high=2), PlayerEntry(no_score=True)])
    play_hand(game, [tally(low=1), tally(high=1), tally(low=3), tally(ace=1)], stock_ran_out=True)
    first = next(hand for hand in game.hands if hand.number == 1 and hand.scores)
    hands.correct_hand(
        first,
        [out(), tally(low=3), tally(high=2), PlayerEntry(no_score=True)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Ann",
        reason="Bob found a card under the table",
        agreed=True,
    )
    db.session.commit()


@pytest.mark.parametrize(
    ("headers", "shown"),
    [
        (SPANISH, "Fecha: 14 de marzo de 2026 · Reparte primero: Ann · Anota:"),
        (GERMAN, "Datum: 14. März 2026 · Gibt zuerst: Ann · Schreibt auf:"),
    ],
    ids=["es", "de"],
)
def test_a_game_s_blank_sheet_speaks_the_language(client, make_game, headers, shown):
    game = make_game(players=FOUR, started_on=date(2026, 3, 14))
    path = f"/games/{game.id}/blank"

    assert shown in visible_text(client.get(path, headers=headers))
    assert left_in_english(client, path, headers) == []


@pytest.mark.parametrize(
    ("headers", "shown"),
    [
        (SPANISH, ("corregida (1)", "repartida de nuevo (1)", "asignado 20 + 15",
                   "se acabó el mazo", "La mano 1 se repartió de nuevo: Two cards were exposed",
                   "por Ann: Bob found a card under the table")),
        (GERMAN, ("korrigiert (1)", "neu gegeben (1)", "eingesetzt 20 + 15", "Stapel leer",
                  "Runde 1 wurde neu gegeben: Two cards were exposed",
                  "von Ann korrigiert: Bob found a card under the table")),
    ],
    ids=["es", "de"],
)  # fmt: skip
def test_a_game_s_sheet_in_play_speaks_the_language(client, make_game, headers, shown):
    game = make_game(players=FOUR)
    corrected_and_dealt_again(game)
    path = f"/games/{game.id}/sheet/print"

    text = visible_text(client.get(path, headers=headers))
    assert all(words in text for words in shown), text
    # The missing-score rule's note is the fairness rules' words.
    theirs = (f": {posted_score_note()}",)
    assert left_in_english(client, path, headers, theirs) == []


@pytest.mark.parametrize("headers", LANGUAGES)
def test_a_finished_game_s_sheet_speaks_the_language(client, make_game, headers):
    game = make_game(players=FOUR)
    play(game, 7)

    assert left_in_english(client, f"/games/{game.id}/sheet/print", headers) == []


@pytest.mark.parametrize("headers", LANGUAGES)
def test_a_discarded_game_s_sheet_speaks_the_language(client, make_game, headers):
    game = make_game(players=FOUR)
    play(game, 2)
    interruptions.suspend(game)
    interruptions.close_incomplete(game)
    db.session.commit()

    assert left_in_english(client, f"/games/{game.id}/sheet/print", headers) == []


@pytest.mark.parametrize("headers", LANGUAGES)
def test_the_blank_sheet_form_speaks_the_language(client, make_league, headers):
    league = make_league(players=FOUR)

    assert left_in_english(client, f"/leagues/{league.id}/blank", headers) == []


@pytest.mark.parametrize("headers", LANGUAGES)
@pytest.mark.parametrize(
    "query",
    [
        "ruleset=999",
        "players={ann}&players={bob}&players={cat}&players={dan}&players=999",
        "players={ann}&players={ann}",
        "players={ann}&players=&players={bob}&players={cat}&players={dan}&first_dealer=1",
        "players={ann}&players={bob}&players={cat}&players={dan}&first_dealer=7",
    ],
    ids=["rules", "stranger", "twice", "empty-seat-deals", "no-such-seat"],
)
def test_the_blank_sheet_form_refuses_in_the_language(client, make_league, headers, query):
    league = make_league(players=FOUR)
    ids = {p.name.lower(): p.id for p in league.players}
    path = f"/leagues/{league.id}/blank.pdf?" + query.format(**ids)

    refused = client.get(path, headers=headers)

    assert refused.status_code == 422
    assert left_in_english(client, path, headers) == []


@pytest.mark.parametrize("headers", LANGUAGES)
@pytest.mark.parametrize(
    "query",
    ["", "players={ann}&players={bob}&players={cat}&players={dan}&first_dealer=2"],
    ids=["empty-seats", "seated"],
)
def test_a_league_s_blank_sheet_speaks_the_language(client, make_league, headers, query):
    league = make_league(players=FOUR)
    ids = {p.name.lower(): p.id for p in league.players}
    path = f"/leagues/{league.id}/blank/print?" + query.format(**ids)

    assert left_in_english(client, path, headers) == []


@pytest.mark.parametrize("headers", LANGUAGES)
def test_the_standings_sheet_speaks_the_language(client, make_league, make_game, headers):
    league = make_league(players=FOUR)
    game = make_game(players=FOUR, league=league, started_on=date(2026, 3, 14))
    play(game, 7)
    discarded = make_game(players=FOUR, league=league, started_on=date(2026, 9, 4))
    play(discarded, 1)
    interruptions.suspend(discarded)
    interruptions.close_incomplete(discarded)
    db.session.commit()

    path = f"/leagues/{league.id}/standings/print?season=2026"
    assert left_in_english(client, path, headers) == []


@pytest.mark.parametrize("headers", LANGUAGES)
def test_an_empty_league_s_standings_sheet_speaks_the_language(client, make_league, headers):
    league = make_league(players=())

    assert left_in_english(client, f"/leagues/{league.id}/standings/print", headers) == []


def pdf_text(response, tmp_path: Path) -> str:
    """A PDF's text as pdftotext reads it, each run of white space as one space."""
    source = tmp_path / "sheet.pdf"
    source.write_bytes(read_pdf(response) and response.data)
    read = subprocess.run(
        [poppler("pdftotext"), str(source), "-"], check=True, capture_output=True, text=True
    )
    return " ".join(read.stdout.split())


def words(text: str) -> set[str]:
    """The words of three letters or more of a text, as english_left counts them, in lower
    case (a PDF prints the league's name in capitals)."""
    return set(re.findall(r"[^\W\d_]{3,}", text.lower()))


@pytest.mark.parametrize(
    ("language", "shown"),
    [("es", "Fecha: 14 de marzo de 2026"), ("de", "Datum: 14. März 2026")],
    ids=["es", "de"],
)
@pytest.mark.parametrize(
    ("pdf_path", "page_path"),
    [
        ("/games/{game}/sheet.pdf", "/games/{game}/sheet/print"),
        ("/games/{game}/blank.pdf", "/games/{game}/blank"),
        ("/leagues/{league}/standings.pdf?season=2026", "/leagues/{league}/standings/print?season=2026"),
    ],
    ids=["scoresheet", "blank", "standings"],
)  # fmt: skip
def test_a_pdf_in_the_league_language_leaves_no_english_word(
    client, make_game, tmp_path, language, shown, pdf_path, page_path
):
    game = make_game(players=FOUR, started_on=date(2026, 3, 14))
    play(game, 7)
    league = db.session.get(League, game.league_id)
    pdf_path, page_path = (p.format(game=game.id, league=league.id) for p in (pdf_path, page_path))
    english, english_page = pdf_text(client.get(pdf_path), tmp_path), client.get(page_path)
    set_league_language(league, language)

    translated_pdf = client.get(pdf_path)
    translated, translated_page = pdf_text(translated_pdf, tmp_path), client.get(page_path)

    assert read_pdf(translated_pdf).trailer["/Root"]["/Lang"] == language
    if "standings" not in pdf_path:
        assert shown in translated
    # Compared as english_left compares pages, word by word: the PDF leaves no English word
    # but the names, and those its print page leaves to other areas' words (the tests above
    # check the page's own); its margins and all else are in the league's language.
    page_left = words(visible_text(english_page)) & words(visible_text(translated_page))
    kept = words(" ".join((*NAMES, *SAME_WORDS[language])))
    assert (words(english) & words(translated)) - kept - page_left == set()
    assert {"page", "scorekeeper"} <= words(english) - words(translated)


def test_printing_in_any_language_changes_nothing_recorded(client, make_game):
    game = make_game(players=FOUR)
    corrected_and_dealt_again(game)
    league = db.session.get(League, game.league_id)
    before = stored()

    for language in ("es", "de", None):
        set_league_language(league, language)
        for path in (f"/games/{game.id}/sheet.pdf", f"/leagues/{league.id}/standings.pdf"):
            assert client.get(path, headers=GERMAN).status_code == 200
    set_league_language(league, None)

    after = stored()
    assert {k: v for k, v in after.items() if k != "league"} == {
        k: v for k, v in before.items() if k != "league"
    }
    # The league's row moved only by the language set and taken back (and its time of change).
    assert [row[:-1] for row in after["league"]] == [row[:-1] for row in before["league"]]


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        (SPANISH, "No hay ningún tamaño de papel 'a5': pide paper=a4 o letter."),
        (GERMAN, "Ein Papierformat 'a5' gibt es nicht: nimm paper=a4 oder letter."),
    ],
    ids=["es", "de"],
)
def test_an_unknown_paper_is_refused_in_the_language(client, make_game, headers, said):
    game = make_game(players=FOUR)

    refused = client.get(f"/games/{game.id}/sheet.pdf?paper=a5", headers=headers)

    assert refused.status_code == 400
    assert said in visible_text(refused)


# fmt: off
@pytest.mark.parametrize(
    ("language", "played", "said"),
    [
        ("en",      1,        "1 of 7 hands was played."),
        ("en",      0,        "0 of 7 hands were played."),
        ("es",      0,        "Se jugaron 0 de 7 manos."),
        ("es",      1,        "Se jugó 1 de 7 manos."),
        ("es",      2,        "Se jugaron 2 de 7 manos."),
        ("de",      1,        "1 von 7 Runden wurde gespielt."),
        ("de",      6,        "6 von 7 Runden wurden gespielt."),
        ("de",      7,        ""),  # every hand played: nothing to say
    ],
    ids=["en-one", "en-none", "es-none", "es-one", "es-two", "de-one", "de-six", "de-all"],
)
# fmt: on
def test_the_hands_played_are_counted_as_each_language_counts(language, played, said):
    # Only the count of rows and of the game's hands make these words.
    sheet = scoresheet.Sheet(
        seats=[], rows=[None] * played, totals=[], places=[], finished=True, hands_in_game=7,
        posted_totals=[], discarded=False, end_note="", apart=[],
    )  # fmt: skip
    with speaking(ENGLISH if language == "en" else catalog(language)):
        assert sheet.played_words == said


def test_a_discarded_game_s_note_prints_in_the_language(client, make_game):
    game = make_game(players=FOUR)
    play(game, 2)
    interruptions.suspend(game)
    interruptions.close_incomplete(game)
    db.session.commit()
    kept = game.end_note

    spanish = visible_text(client.get(f"/games/{game.id}/sheet/print", headers=SPANISH))

    assert kept.startswith("The game was suspended after 2 of 7 hands")
    assert "La partida se suspendió tras 2 de 7 manos" in spanish
    assert kept not in spanish
