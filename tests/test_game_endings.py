"""Every way a game ends, through the pages: ended here by the table or the owner, ended by a
leave, played out; what its pages, read-only link and PDF say afterwards; every writing
route refused once it is over; and a Fix link on every scored hand."""

from __future__ import annotations

import re
from dataclasses import replace
from io import BytesIO

import pytest
from conftest import hand_data, loaded, out, play_hand, tally
from pypdf import PdfReader
from reading import page, totals
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import (
    Correction,
    Game,
    GameStatus,
    Hand,
    HandState,
    JoinedPhone,
    MayIClaim,
    Seat,
)
from scorekeeper.play import games, interruptions
from scorekeeper.rules.storage import ruleset_to_dict

FOUR = ("Ann", "Bob", "Cat", "Dan")
# Ann out, Bob 10, Cat 10, Dan 15 (Continental prices: 2-9 are 5, 10-K are 10).
HAND = [out(), tally(low=2), tally(high=1), tally(low=3)]


def fresh(game_id: int) -> Game:
    db.session.expire_all()
    return games.load_game(game_id)


def database_rows() -> dict[str, list[str]]:
    """Every row of every table, to compare before and after a request."""
    db.session.expire_all()
    return {
        table.name: sorted(repr(tuple(row)) for row in db.session.execute(select(table)))
        for table in db.metadata.sorted_tables
    }


def scorer(app, league_id: int):
    """A phone at the table that knows the league's passcode (not the owner)."""
    db.session.add(JoinedPhone(league_id=league_id, token=f"phone-{league_id}", device="Android"))
    db.session.commit()
    client = app.test_client()
    with client.session_transaction() as session:
        session["scorer_of"] = [league_id]
        session["phone"] = f"phone-{league_id}"
    return client


def said(response) -> str:
    """The page's words as a reader meets them: no tags, spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", page(response)).split()).replace(" .", ".")


def pdf_text(response) -> str:
    assert response.mimetype == "application/pdf"
    return "\n".join(p.extract_text() for p in PdfReader(BytesIO(response.data)).pages)


@pytest.fixture
def game(make_game) -> Game:
    """Four players, hands 1 and 2 scored, hand 3 dealt."""
    game = make_game(players=FOUR)
    play_hand(game, HAND)
    play_hand(game, HAND)
    return game


# --- ending the game here ---


def test_the_confirmation_says_the_game_will_be_discarded_and_changes_nothing(client, game):
    before = database_rows()

    shown = said(client.get(f"/games/{game.id}/end"))

    assert "End game 1 here?" in shown
    assert "Hand 3 has not begun: it will not be played." in shown
    assert "The game will be discarded." in shown
    assert "The table ended the game after 2 of 7 hands." in shown
    assert "Nobody played every hand, so the game is incomplete for everyone." in shown
    assert "Everyone at the table agrees" not in shown  # the owner decides alone
    assert database_rows() == before


def test_the_owner_ends_the_game_between_hands(client, game):
    ended = client.post(f"/games/{game.id}/end", data={})

    assert ended.status_code == 302
    closed = fresh(game.id)
    assert (closed.status, closed.discarded) == (GameStatus.INCOMPLETE, True)
    assert closed.end_note == (
        "The table ended the game after 2 of 7 hands. Nobody played every hand, so the game "
        "counts for nothing."
    )
    assert [h.state for h in closed.hands] == [HandState.SCORED] * 2 + [HandState.UNPLAYED]
    assert closed.finished_at is not None
    table = said(client.get(f"/games/{game.id}"))
    assert "Game over" in table
    assert "Discarded: The table ended the game after 2 of 7 hands." in table
    assert "2 of 7 hands were played." in table
    assert "Hand 3 of 7" not in table and "Score hand" not in table
    assert "End the game here" not in table
    sheet = said(client.get(f"/games/{game.id}/sheet"))
    assert "Discarded: The table ended the game after 2 of 7 hands." in sheet
    assert "Discarded" in said(client.get(f"/leagues/{game.league_id}"))


@pytest.mark.parametrize(
    ("scored", "words"),
    [
        (0, "0 of 6 hands were played."),
        (1, "1 of 6 hands was played."),
        (2, "2 of 6 hands were played."),
    ],
    ids=["none", "one", "two"],
)
def test_the_ended_game_says_how_many_hands_were_played_in_good_grammar(
    client, make_game, scored, words
):
    game = make_game(players=FOUR, preset="six-hands")
    for _ in range(scored):
        play_hand(game, HAND)
    client.post(f"/games/{game.id}/end", data={})

    for path in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        assert words in said(client.get(path))


def test_a_hand_in_play_stays_unplayed_and_keeps_its_may_i(client, game):
    hand = games.current_hand(game)
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": game.seats[1].id})

    asked = said(client.get(f"/games/{game.id}/end"))
    assert "Hand 3 is under way: it stops here and is not scored." in asked
    client.post(f"/games/{game.id}/end", data={})

    unplayed = db.session.get(Hand, hand.id)
    assert unplayed.state == HandState.UNPLAYED
    assert unplayed.scores == []
    assert db.session.scalar(select(func.count()).select_from(MayIClaim)) == 1
    assert fresh(game.id).discarded


def test_a_suspended_game_can_be_ended(client, game):
    interruptions.suspend(game)
    db.session.commit()
    assert "End the game here" in said(client.get(f"/games/{game.id}"))

    shown = said(client.get(f"/games/{game.id}/end"))
    assert "The game is suspended before hand 3." in shown
    client.post(f"/games/{game.id}/end", data={})

    closed = fresh(game.id)
    assert (closed.status, closed.discarded) == (GameStatus.INCOMPLETE, True)
    assert "The game was suspended after 2 of 7 hands and did not go on." in closed.end_note


def test_the_table_ends_the_game_only_when_everyone_agrees(app, game):
    phone = scorer(app, game.league_id)
    assert "Everyone at the table agrees" in said(phone.get(f"/games/{game.id}/end"))
    before = database_rows()

    refused = phone.post(f"/games/{game.id}/end", data={})

    assert refused.status_code == 422
    assert "Tick that everyone at the table agrees" in said(refused)
    assert database_rows() == before
    agreed = phone.post(f"/games/{game.id}/end", data={"agreed": "y"})
    assert agreed.status_code == 302
    assert fresh(game.id).status == GameStatus.INCOMPLETE


def test_without_the_incomplete_game_rule_the_totals_stand(client, game):
    rs = game.rules
    game.rules_data = ruleset_to_dict(
        replace(rs, fairness=replace(rs.fairness, incomplete_game=False))
    )
    db.session.commit()

    asked = said(client.get(f"/games/{game.id}/end"))
    assert "The game ends with the totals as they stand." in asked
    client.post(f"/games/{game.id}/end", data={})

    ended = fresh(game.id)
    assert (ended.status, ended.discarded) == (GameStatus.FINISHED, False)
    assert {s.player.name: (s.final_total, s.place) for s in ended.seats} == {
        "Ann": (0, 1), "Bob": (20, 2), "Cat": (20, 2), "Dan": (30, 4),
    }  # fmt: skip
    table = client.get(f"/games/{game.id}")
    assert "Ann wins with 0 points." in said(table)
    assert totals(table)[0] == ("1", "Ann", "0")
    standings = said(client.get(f"/leagues/{game.league_id}/standings"))
    assert "1 game counts" in standings


# --- a player leaving ---


def test_a_second_leaver_of_three_ends_the_game_with_the_rules_words(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat"), preset="contract-rummy")
    play_hand(game, [out(), tally_points(30), tally_points(10)])
    client.post(f"/games/{game.id}/leave", data={"seat": game.seats[2].id, "from_hand": 2})
    data = {"seat": loaded(game).seats[1].id, "from_hand": 2}

    asked = client.post(f"/games/{game.id}/leave", data=data)
    assert "The game will be discarded." in said(asked)
    assert fresh(game.id).status == GameStatus.PLAYING
    done = client.post(
        f"/games/{game.id}/leave", data=data | {"ends_game": "y"}, follow_redirects=True
    )

    assert "The game will be discarded." in said(done)
    ended = fresh(game.id)
    assert (ended.status, ended.discarded) == (GameStatus.INCOMPLETE, True)
    assert "Fewer than two players were left to go on" in ended.end_note
    assert db.session.get(Seat, game.seats[1].id).left_from_hand == 2


def test_a_later_leave_ends_the_game_when_that_hand_comes(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat"), preset="contract-rummy")
    for seat in game.seats[1:]:
        reply = client.post(f"/games/{game.id}/leave", data={"seat": seat.id, "from_hand": 3})
        assert reply.status_code == 302
    assert fresh(game.id).status == GameStatus.PLAYING

    play_hand(game, [out(), tally_points(30), tally_points(10)])
    play_hand(game, [out(), tally_points(30), tally_points(10)])

    ended = fresh(game.id)
    assert (ended.status, ended.discarded) == (GameStatus.INCOMPLETE, True)
    assert [h.number for h in ended.hands] == [1, 2]  # hand 3 is never dealt
    assert "after 2 of 7 hands" in ended.end_note


def tally_points(points: int):
    from scorekeeper.rules.entries import PlayerEntry

    return PlayerEntry(typed_total=points)


# --- an ended game refuses every change ---


def _played_out(make_game) -> Game:
    game = make_game(players=FOUR)
    for _ in range(7):
        play_hand(game, HAND)
    return game


def _ended_here(make_game) -> Game:
    game = make_game(players=FOUR)
    play_hand(game, HAND)
    interruptions.end_game(game)
    db.session.commit()
    return loaded(game)


WRITES = [
    ("mayi", lambda g, h: (f"/games/{g.id}/hands/{h.id}/mayi", {"seat": g.seats[1].id})),
    ("take-back", lambda g, h: (f"/games/{g.id}/hands/{h.id}/mayi/take-back", {"claim": "1"})),
    ("stock", lambda g, h: (f"/games/{g.id}/hands/{h.id}/stock", {})),
    ("redeal", lambda g, h: (f"/games/{g.id}/hands/{h.id}/redeal", {"reason": "x", "version": h.version})),
    ("score", lambda g, h: (f"/games/{g.id}/hand/{h.number}/score", hand_data(h, [{"out": "y"}, {"total": 5}, {"total": 5}, {"total": 5}], confirm="y"))),
    ("leave", lambda g, h: (f"/games/{g.id}/leave", {"seat": g.seats[1].id, "from_hand": 7, "ends_game": "y"})),
    ("suspend", lambda g, h: (f"/games/{g.id}/suspend", {})),
    ("resume", lambda g, h: (f"/games/{g.id}/resume", {"everyone_present": "y"})),
    ("close", lambda g, h: (f"/games/{g.id}/close", {})),
    ("end", lambda g, h: (f"/games/{g.id}/end", {"agreed": "y"})),
]  # fmt: skip


@pytest.mark.parametrize("ended", [_played_out, _ended_here], ids=["played-out", "ended-here"])
@pytest.mark.parametrize(("route", "request_for"), WRITES, ids=[w[0] for w in WRITES])
def test_every_writing_route_of_an_ended_game_refuses(client, make_game, ended, route, request_for):
    game = ended(make_game)
    last = game.hands[-1]
    path, data = request_for(game, last)
    before = database_rows()

    reply = client.post(path, data=data, follow_redirects=True)

    if route == "score" and last.state == HandState.SCORED:
        assert "was already saved" in said(reply)  # the last hand of a game played out
    else:
        assert f"Game {game.number} " in said(reply)
        assert "nothing more can be played or recorded in it" in said(reply)
    assert database_rows() == before


@pytest.mark.parametrize("path", ["end", "leave", "resume"])
def test_the_pages_of_a_change_send_an_ended_game_back_to_its_outcome(client, make_game, path):
    game = _ended_here(make_game)
    reply = client.get(f"/games/{game.id}/{path}", follow_redirects=True)
    assert "Game over" in said(reply)
    assert "nothing more can be played or recorded in it" in said(reply)


def test_the_read_only_link_and_the_pdf_say_the_game_was_discarded(client, make_game):
    game = _ended_here(make_game)
    client.post(f"/leagues/{game.league_id}/settings/share")
    token = db.session.get(type(game.league), game.league_id).share_token

    watched = said(client.get(f"/watch/{token}/games/{game.id}"))
    assert "Discarded: The table ended the game after 1 of 7 hands." in watched
    assert "Hand 2 of 7" not in watched
    printed = pdf_text(client.get(f"/games/{game.id}/sheet.pdf"))
    assert "Discarded. The table ended the game after 1 of 7 hands." in printed


def test_a_played_out_game_shows_its_winner_everywhere(client, make_game):
    game = _played_out(make_game)
    client.post(f"/leagues/{game.league_id}/settings/share")
    token = db.session.get(type(game.league), game.league_id).share_token

    for shown in (
        said(client.get(f"/games/{game.id}")),
        said(client.get(f"/games/{game.id}/sheet")),
        said(client.get(f"/watch/{token}/games/{game.id}")),
    ):
        assert "Game over" in shown and "Ann wins with 0 points." in shown
        assert "Score hand" not in shown


# --- a Fix link on every scored hand ---


def test_every_scored_hand_has_a_fix_link_for_the_owner(client, game):
    for path in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        shown = page(client.get(path))
        for hand in games.scored_hands(game):
            assert f'href="/games/{game.id}/hands/{hand.id}/edit"' in shown
            assert f'data-testid="fix-hand-{hand.number}"' in shown


def test_a_scorer_sees_fix_links_only_where_the_cards_are_still_on_the_table(app, game):
    phone = scorer(app, game.league_id)
    first, second = games.scored_hands(loaded(game))
    shown = page(phone.get(f"/games/{game.id}"))
    assert f"/hands/{second.id}/edit" in shown
    assert f"/hands/{first.id}/edit" not in shown
    assert phone.get(f"/games/{game.id}/hands/{first.id}/edit").status_code == 403


def test_a_late_fix_of_a_finished_game_resettles_places_and_standings(client, make_game):
    game = _played_out(make_game)
    first = games.scored_hands(game)[0]
    standings = page(client.get(f"/leagues/{game.league_id}/standings"))
    edit = client.get(f"/games/{game.id}/hands/{first.id}/edit")
    assert "The whole table agrees to this change" in said(edit)
    # Bob went out in hand 1 after all, and Ann held a joker.
    fix = hand_data(
        first,
        [{"cards_joker": 1}, {"out": "y"}, {"cards_10_k": 1}, {"cards_2_9": 3}],
        reason="Bob had gone out",
        made_by="Gran",
        confirm="y",
    )
    refused = client.post(f"/games/{game.id}/hands/{first.id}/edit", data=fix)
    assert refused.status_code == 422  # no agreement ticked
    assert db.session.scalar(select(func.count()).select_from(Correction)) == 0

    fixed = client.post(
        f"/games/{game.id}/hands/{first.id}/edit", data=fix | {"agreed": "y"}, follow_redirects=True
    )

    assert "Final totals and places are settled again." in said(fixed)
    seats = {s.player.name: (s.final_total, s.place) for s in fresh(game.id).seats}
    assert seats == {"Ann": (50, 1), "Bob": (60, 2), "Cat": (70, 3), "Dan": (105, 4)}
    assert page(client.get(f"/leagues/{game.league_id}/standings")) != standings
    history = said(client.get(f"/games/{game.id}/sheet"))
    assert "Hand 1 corrected" in history and "by Gran" in history
    assert "Why: Bob had gone out" in history
