"""Finished PDFs come from a cache keyed by what they show: any change makes a new one."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import out, play_hand, tally

from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.play import hands
from scorekeeper.read import pdf, pdf_engine
from scorekeeper.read.pdf_cache import PdfCache, PdfFolder

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
    app.config.update(PDF_CACHE_BYTES=0, PDF_CACHE_FOLDER_BYTES=0)
    app.extensions.pop("pdf_cache", None)
    client.get(f"/games/{game.id}/sheet.pdf")
    client.get(f"/games/{game.id}/sheet.pdf")
    assert len(renders) == 2 and pdf.pdf_cache().size == 0
    assert not (Path(app.instance_path) / pdf.CACHE_FOLDER).exists()


def test_a_restarted_server_serves_a_sheet_it_drew_before(app, client, game, renders):
    first = client.get(f"/games/{game.id}/sheet.pdf").data
    kept = list((Path(app.instance_path) / pdf.CACHE_FOLDER).iterdir())
    assert [path.read_bytes() for path in kept] == [first]
    app.extensions.pop("pdf_cache")  # what a new process starts with: nothing in memory
    again = client.get(f"/games/{game.id}/sheet.pdf").data
    assert again == first and len(renders) == 1
    # Nothing stale either: a new hand is a new sheet, drawn and kept beside the old one.
    play_hand(game, [tally(low=1), out(), tally(low=2), tally(high=1)])
    app.extensions.pop("pdf_cache")
    assert client.get(f"/games/{game.id}/sheet.pdf").data != first and len(renders) == 2
    assert len(list((Path(app.instance_path) / pdf.CACHE_FOLDER).iterdir())) == 2


def test_the_folder_keeps_within_its_bound_dropping_the_least_recently_used(tmp_path):
    folder = PdfFolder(tmp_path, max_bytes=12)
    keys = {name: name * 64 for name in "abc"}  # digests are 64 hex digits
    folder.put(keys["a"], b"%PDF")
    folder.put(keys["b"], b"%PDF")
    os.utime(tmp_path / f"{keys['a']}.pdf", (1, 1))
    os.utime(tmp_path / f"{keys['b']}.pdf", (2, 2))
    assert folder.get(keys["a"]) == b"%PDF"  # reading a makes it the most recently used
    folder.put(keys["c"], b"%PDF-1.7")
    assert (folder.get(keys["a"]), folder.get(keys["b"])) == (b"%PDF", None)
    assert folder.get(keys["c"]) == b"%PDF-1.7"
    assert sum(path.stat().st_size for path in tmp_path.iterdir()) <= 12
    folder.put(keys["b"], b"%PDF" * 4)  # larger than the whole bound: not kept
    assert folder.get(keys["b"]) is None


def test_the_folder_serves_only_whole_pdfs_under_digest_names(tmp_path):
    folder = PdfFolder(tmp_path / "kept", max_bytes=1000)
    key = "d" * 64
    folder.put(key, b"%PDF-1.7 whole")
    (tmp_path / "kept" / f"{'e' * 64}.pdf").write_bytes(b"half a fi")
    (tmp_path / "secret.pdf").write_bytes(b"%PDF not for you")
    assert folder.get(key) == b"%PDF-1.7 whole"
    assert folder.get("e" * 64) is None
    for hostile in ("../secret", "/etc/passwd", "", "D" * 64, key + "/"):
        assert folder.get(hostile) is None
        folder.put(hostile, b"%PDF")
    assert sorted(path.name for path in (tmp_path / "kept").iterdir()) == [
        f"{'d' * 64}.pdf",
        f"{'e' * 64}.pdf",
    ]
