"""Finished PDFs come from a cache keyed by what they show: any change makes a new one."""

from __future__ import annotations

import pytest
from conftest import out, play_hand, tally

from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.play import hands
from scorekeeper.read import pdf, pdf_engine
from scorekeeper.read.pdf_cache import PdfCache

FOUR = ("Ann", "Bob", "Cat", "Dan")
HAND_1 = [out(), tally(low=1), tally(low=2), tally(high=1)]


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """Every PDF WeasyPrint actually draws (one entry per render)."""
    drawn: list[str] = []
    real = pdf_engine.write_pdf

    def counting(html, *args):
        drawn.append(html)
        return real(html, *args)

    monkeypatch.setattr(pdf_engine, "write_pdf", counting)
    return drawn


@pytest.fixture
def game(make_game):
    game = make_game(players=FOUR)
    play_hand(game, HAND_1)
    return game


def test_a_second_download_is_not_drawn_again(client, game, renders):
    first = client.get(f"/games/{game.id}/sheet.pdf")
    second = client.get(f"/games/{game.id}/sheet.pdf")
    assert first.status_code == second.status_code == 200
    assert first.data == second.data and first.data.startswith(b"%PDF")
    assert len(renders) == 1
    # Each paper is a different PDF.
    letter = client.get(f"/games/{game.id}/sheet.pdf?paper=letter")
    assert letter.data != first.data and len(renders) == 2


def test_a_correction_changes_the_pdf(client, game, renders):
    before = client.get(f"/games/{game.id}/sheet.pdf").data
    hand = game.hands[0]
    hands.correct_hand(
        hand,
        [out(), tally(low=3), tally(low=2), tally(high=1)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Cat",
        reason="Bob held three cards",
    )
    db.session.commit()
    after = client.get(f"/games/{game.id}/sheet.pdf").data
    assert after != before and len(renders) == 2
    assert "Bob held three cards" in renders[-1]


def test_a_new_hand_and_a_renamed_player_change_the_pdf(client, game, renders):
    client.get(f"/games/{game.id}/sheet.pdf")
    play_hand(game, [tally(low=1), out(), tally(low=2), tally(high=1)])
    client.get(f"/games/{game.id}/sheet.pdf")
    leagues.rename_player(game.seats[1].player, "Bobby")
    db.session.commit()
    client.get(f"/games/{game.id}/sheet.pdf")
    assert len(renders) == 3 and "Bobby" in renders[-1]


def test_blank_sheets_are_cached_by_rules_players_and_paper(client, game, renders):
    url = f"/leagues/{game.league_id}/blank.pdf"
    client.get(url)
    client.get(url)
    assert len(renders) == 1
    client.get(url + "?paper=letter")
    assert len(renders) == 2


def test_a_sheet_in_two_languages_is_two_pdfs(client, game, renders):
    url = f"/games/{game.id}/sheet.pdf"
    spanish_browser = {"Accept-Language": "es-CL,es;q=0.9"}
    english = client.get(url)
    spanish = client.get(url, headers=spanish_browser)
    assert spanish.data != english.data and len(renders) == 2
    assert '<html lang="es">' in renders[-1] and "Hoja de puntos" in renders[-1]
    # Both are kept, each under its own language: neither is drawn again.
    assert client.get(url).data == english.data
    assert client.get(url, headers=spanish_browser).data == spanish.data
    assert len(renders) == 2
    # A league that chose its language prints in it for every browser: one more PDF, shared.
    game.league.language = "de"
    db.session.commit()
    german = client.get(url)
    assert client.get(url, headers=spanish_browser).data == german.data
    assert len(renders) == 3 and '<html lang="de">' in renders[-1]


def test_a_hard_reload_draws_afresh(client, game, renders):
    client.get(f"/games/{game.id}/sheet.pdf")
    client.get(f"/games/{game.id}/sheet.pdf", headers={"Cache-Control": "no-cache"})
    assert len(renders) == 2


def test_the_cache_keeps_within_its_bound():
    cache = PdfCache(max_bytes=10)
    cache.put("a", b"1234")
    cache.put("b", b"5678")
    assert cache.get("a") == b"1234"  # a is now the most recent
    cache.put("c", b"90ab")
    assert (cache.get("a"), cache.get("b"), cache.get("c")) == (b"1234", None, b"90ab")
    assert cache.size == 8 and len(cache) == 2
    cache.put("huge", b"x" * 11)
    assert cache.get("huge") is None and cache.size == 8
    assert PdfCache(0).max_bytes == 0


def test_no_cache_when_the_bounds_are_zero(app, client, game, renders):
    app.config.update(PDF_CACHE_BYTES=0)
    app.extensions.pop("pdf_cache", None)
    client.get(f"/games/{game.id}/sheet.pdf")
    client.get(f"/games/{game.id}/sheet.pdf")
    assert len(renders) == 2 and pdf.pdf_cache().size == 0
