"""The PDFs as a screen reader and a printer take them: tagged, in English, under their own
title; a long game's final figures once, after its last hand."""

from __future__ import annotations

import re
from datetime import date

import pytest
from conftest import out, play_hand
from pypdf.generic import ArrayObject, DictionaryObject, PdfObject
from test_sheets import EIGHT, FOUR, footer_row, play, read_pdf

from scorekeeper.rules.entries import PlayerEntry


def kinds_in(node: PdfObject) -> set[str]:
    """The kinds of element in a tagged PDF's structure (H1, Table, TH, P, ...)."""
    node = node.get_object()
    if isinstance(node, ArrayObject):
        return set().union(*(kinds_in(child) for child in node))
    if not isinstance(node, DictionaryObject):
        return set()
    own = {str(node["/S"]).lstrip("/")} if "/S" in node else set()
    return own | (kinds_in(node["/K"]) if "/K" in node else set())


# --- every PDF is tagged, in English, under its own title ---


@pytest.mark.parametrize(
    ("url", "title"),
    [
        ("/games/{game}/blank.pdf", "Blank scoresheet · The Smiths · Scorekeeper"),
        ("/games/{game}/sheet.pdf", "Scoresheet · Game 1 · Scorekeeper"),
        ("/leagues/{league}/blank.pdf", "Blank scoresheet · The Smiths · Scorekeeper"),
        (
            "/leagues/{league}/standings.pdf?season=2026",
            "Standings, 2026 · The Smiths · Scorekeeper",
        ),
    ],
    ids=["game-blank", "completed", "league-blank", "standings"],
)
def test_every_pdf_is_tagged_in_english_under_its_own_title(client, make_game, url, title):
    game = make_game(players=FOUR, started_on=date(2026, 5, 1))
    play(game, 7)

    reader = read_pdf(client.get(url.format(game=game.id, league=game.league_id)))

    catalog = reader.trailer["/Root"]
    assert catalog["/MarkInfo"]["/Marked"]
    assert catalog["/Lang"] == "en"
    assert reader.metadata.title == title
    # A screen reader finds the heading and the table's cells, not loose text.
    assert {"H1", "Table", "TH", "TD"} <= kinds_in(catalog["/StructTreeRoot"])


def test_the_standings_sheet_to_print_is_titled_by_season_and_league(client, make_league):
    league = make_league()

    page = client.get(f"/leagues/{league.id}/standings/print?season=all").get_data(as_text=True)

    assert "<title>Standings, All time · The Smiths · Scorekeeper</title>" in page


# --- a game of two pages: the final figures once, after its last hand ---


def typed(points: int) -> PlayerEntry:
    return out() if points == 0 else PlayerEntry(typed_total=points)


@pytest.mark.parametrize("sheet", ["sheet", "blank"])
def test_a_two_page_sheet_prints_the_final_figures_once_after_the_last_hand(
    client, make_game, sheet
):
    # Thirteen hands of eight players: the grid runs over two pages, its head on each.
    game = make_game(players=EIGHT, preset="progressive-13")
    for _ in range(13):
        play_hand(game, [typed(5 * seat) for seat in range(len(EIGHT))])

    reader = read_pdf(client.get(f"/games/{game.id}/{sheet}.pdf"))
    pages = [page.extract_text() for page in reader.pages]

    assert len(pages) == 2
    assert all("Hal" in page for page in pages)
    final_rows = re.compile(r"^(Total|Place|Signed)\b", re.M)
    assert not final_rows.search(pages[0])
    whole = "\n".join(pages)
    assert [row.group(1) for row in final_rows.finditer(whole)] == ["Total", "Place", "Signed"]
    assert whole.index("\n13. ") < whole.index("\nTotal")
    if sheet == "sheet":
        assert footer_row(pages[-1], "Total") == [str(65 * seat) for seat in range(len(EIGHT))]
        assert footer_row(pages[-1], "Place") == [str(seat + 1) for seat in range(len(EIGHT))]
