"""The PDFs as a screen reader and a printer take them: tagged, in English, under their own
title; a long game's final figures once, after its last hand; the standings chart in lines."""

from __future__ import annotations

import re
import subprocess
from datetime import date
from pathlib import Path

import pytest
from conftest import out, play_hand, tally
from pypdf import PdfReader
from pypdf.generic import ArrayObject, ContentStream, DictionaryObject, PdfObject
from test_sheets import EIGHT, FOUR, footer_row, play, poppler, read_pdf

from scorekeeper.rules.entries import PlayerEntry

# How a PDF path is painted, by its painting operator ("n" paints nothing: a clip).
PAINTED = {"S": "stroke", "s": "stroke", "f": "fill", "F": "fill", "f*": "fill"}
PAINTED |= {"B": "both", "B*": "both", "b": "both", "b*": "both", "n": ""}
SEGMENTS = {"m", "l", "c", "v", "y", "h", "re"}


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


# --- the standings chart: lines, and labels the size of the table's text ---


def painted_polylines(reader: PdfReader) -> list[str]:
    """How each open path of three points or more on the first page is painted: the chart's
    lines (a marker is a closed path, a border or grid line a single segment)."""
    found, path = [], []
    for _, operator in ContentStream(reader.pages[0].get_contents(), reader).operations:
        name = operator.decode()
        if name in SEGMENTS:
            path.append(name)
        elif name in PAINTED:
            if PAINTED[name] and path.count("l") >= 2 and not {"h", "re"} & set(path):
                found.append(PAINTED[name])
            path = []
    return found


def word_heights(document: bytes, tmp_path: Path) -> dict[str, list[float]]:
    """Each word of the first page and the heights it is printed at, in points (pdftotext)."""
    source = tmp_path / "sheet.pdf"
    source.write_bytes(document)
    boxes = subprocess.run(
        [poppler("pdftotext"), "-bbox", "-f", "1", "-l", "1", str(source), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    heights: dict[str, list[float]] = {}
    for top, bottom, word in re.findall(
        r'<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', boxes
    ):
        heights.setdefault(word, []).append(float(bottom) - float(top))
    return heights


def test_the_standings_chart_prints_in_lines_with_labels_the_size_of_its_table(
    client, make_league, make_game, tmp_path
):
    league = make_league(players=FOUR)
    # Three games of one evening, each player's total going up and down.
    for highs in ((0, 3, 1, 2), (0, 1, 3, 2), (0, 2, 1, 3)):
        game = make_game(players=FOUR, started_on=date(2026, 11, 26), league=league)
        for _ in range(7):
            play_hand(game, [out() if high == 0 else tally(high=high) for high in highs])

    response = client.get(f"/leagues/{league.id}/standings.pdf?season=2026")
    reader = read_pdf(response)

    # One line per player, stroked: a filled polyline prints as a black shape.
    assert painted_polylines(reader) == ["stroke"] * 4
    words = reader.pages[0].extract_text()
    assert "Game" in words and words.count("26/11") == 1
    heights = word_heights(response.data, tmp_path)
    table_text = max(heights["Cat"])  # a name in the table (the legend's is smaller)
    assert max(heights["Game"]) <= 1.2 * table_text
    assert max(heights["26/11"]) <= 1.2 * table_text
