"""The PDFs as a printer takes them: a long game's final figures once, after its last hand."""

from __future__ import annotations

import re

import pytest
from conftest import out, play_hand
from test_sheets import EIGHT, footer_row, read_pdf

from scorekeeper.rules.entries import PlayerEntry

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
