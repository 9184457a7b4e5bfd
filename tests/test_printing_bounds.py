"""Printed sheets within bounds: a few drawings at once (a 503 to try again otherwise), a
fresh drawing for the league's owner only, and a bounded number of rows on any sheet."""

from __future__ import annotations

from datetime import date

import pytest
from conftest import out, play_hand, tally
from reading import visible_text
from test_access import World, build_world, owner_of, scorer_of

from scorekeeper.extensions import db
from scorekeeper.models import Correction, GameStatus, League, Player
from scorekeeper.play import games
from scorekeeper.read import pdf, pdf_engine
from scorekeeper.rules import limits

FOUR = ("Ann", "Bob", "Cat", "Dan")


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
def world(app, owner) -> World:
    """League A of `owner` and league B of another family (see test_access)."""
    return build_world(owner)


# --- a fresh drawing for the owner only ---


def test_a_hard_reload_draws_afresh_for_the_owner_only(app, world, renders):
    url = f"/games/{world.a.game_id}/sheet.pdf"
    fresh = {"Cache-Control": "no-cache"}
    scorer, owner = scorer_of(app, world.a), owner_of(app, world.a)
    first = scorer.get(url)
    assert first.status_code == 200 and len(renders) == 1
    again = scorer.get(url, headers=fresh)
    assert again.status_code == 200 and again.data == first.data
    assert len(renders) == 1  # the scorer's hard reload got the copy already drawn
    assert owner.get(url, headers=fresh).status_code == 200
    assert len(renders) == 2
    standings = f"/leagues/{world.a.league_id}/standings.pdf"
    scorer.get(standings)
    scorer.get(standings, headers=fresh)
    assert len(renders) == 3
    owner.get(standings, headers=fresh)
    assert len(renders) == 4


# --- a few drawings at once ---


def test_a_sheet_waits_briefly_for_its_owners_drawing_then_is_refused(app, world, renders):
    with app.test_request_context():
        league = db.session.get(League, world.a.league_id)
        slots, drawer = pdf.drawing_slots(), pdf.owner_of(league)
    with slots.held(drawer):  # another of the owner's sheets is being drawn
        busy = owner_of(app, world.a).get(f"/games/{world.a.game_id}/sheet.pdf")
        other = owner_of(app, world.b).get(f"/games/{world.b.game_id}/sheet.pdf")
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "5"
    page = visible_text(busy)
    assert "Busy printing, try again in a moment" in page
    assert "Many sheets are being printed on this server right now." in page
    # Another family's sheet took a slot of its own; the refused one was not drawn.
    assert other.status_code == 200 and other.data.startswith(b"%PDF")
    assert len(renders) == 1
    assert owner_of(app, world.a).get(f"/games/{world.a.game_id}/sheet.pdf").status_code == 200


def test_no_more_drawings_than_the_setting_allows(app, world, renders):
    app.config.update(PDF_DRAWINGS=1)
    app.extensions.pop("pdf_slots", None)
    with app.test_request_context():
        slots = pdf.drawing_slots()
    with slots.held("someone else"):
        busy = owner_of(app, world.b).get(f"/leagues/{world.b.league_id}/standings.pdf")
    assert busy.status_code == 503 and not renders


# --- what a sheet lists ---


def test_the_standings_sheet_lists_a_bounded_number_of_players_and_games(app, make_league, client):
    league = make_league(players=FOUR)
    # A league made before its players were bounded.
    for n in range(limits.PRINTED_PLAYERS.high + 1):
        name = f"Player {n:03}"
        db.session.add(Player(league=league, name=name, name_key=limits.fold_name(name)))
    table = league.players[:4]
    for _ in range(limits.PRINTED_GAMES.high + 2):
        game = games.start_game(league, league.rulesets[0], table, 0, today=date.today())
        game.status, game.discarded, game.end_note = GameStatus.INCOMPLETE, True, "Left early."
    db.session.commit()

    page = visible_text(client.get(f"/leagues/{league.id}/standings/print"))
    assert "5 more players are left off this sheet." in page
    assert "2 more discarded games are left off this sheet." in page
    assert page.count("Left early.") == limits.PRINTED_GAMES.high
    assert client.get(f"/leagues/{league.id}/standings.pdf").status_code == 200


def test_a_game_sheet_lists_a_bounded_number_of_notes(app, make_game, client):
    game = make_game(players=FOUR)
    play_hand(game, [out(), tally(low=1), tally(low=2), tally(high=1)])
    hand = game.hands[0]
    for n in range(limits.PRINTED_NOTES.high + 1):
        db.session.add(Correction(hand=hand, made_by="Cat", reason=f"fix {n}", old={}, new={}))
    db.session.commit()
    page = visible_text(client.get(f"/games/{game.id}/sheet/print"))
    assert f"fix {limits.PRINTED_NOTES.high - 1}" in page
    assert f"fix {limits.PRINTED_NOTES.high}" not in page
    assert "1 more note is left off this sheet." in page
    assert client.get(f"/games/{game.id}/sheet.pdf").status_code == 200
