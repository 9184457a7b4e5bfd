"""Hands scored by number (/games/<id>/hand/<n>/score): the hand in play is saved, a hand
saved already answers as for a phone that saved it first, a hand not dealt yet waits (its
form shown ahead for the next two), and a phone's kept save gets a fresh form token."""

from __future__ import annotations

import re

import pytest
from conftest import hand_data, loaded, out, play_hand, tally
from reading import input_value, markup, visible_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import ActionReceipt, Game, Hand, HandScore
from scorekeeper.play import endings, games

FOUR = ("Ann", "Bob", "Cat", "Dan")
OUT = {"out": "y"}
REPORT = [OUT, {"cards_2_9": 2}, {"cards_10_k": 1}, {"total": 15}]
OTHER_REPORT = [{"cards_2_9": 3}, OUT, {"cards_a": 1}, {"total": 40}]
HAND = [out(), tally(low=1), tally(high=1), tally(ace=1)]
KEY = "kept-on-the-phone-1"
AHEAD_WORDS = re.compile(r"Hand \d is still in play\. This form is kept on the phone[^.]*\.")


def path(game: Game, number: int | str) -> str:
    return f"/games/{game.id}/hand/{number}/score"


def report(game: Game, number: int, players=REPORT, **fields: str) -> dict[str, str]:
    """Hand `number`'s form as a phone sends it (the hand need not be dealt yet)."""
    hand = games.hand_numbered(loaded(game), number) or Hand(number=number, version=1)
    return hand_data(hand, players, confirm="y", **fields)


def rows() -> tuple[int, int, int]:
    """(hands, score rows, receipts) in the database."""
    db.session.expire_all()
    return tuple(  # type: ignore[return-value]
        db.session.scalar(select(func.count()).select_from(model)) or 0
        for model in (Hand, HandScore, ActionReceipt)
    )


def states(game: Game) -> list[tuple[int, str]]:
    db.session.expire_all()
    found = db.session.scalars(select(Hand).filter_by(game_id=game.id).order_by(Hand.id))
    return [(hand.number, hand.state.value) for hand in found]


def test_the_hand_in_play_is_scored_by_its_number(client, make_game):
    game = make_game(FOUR)

    response = client.post(path(game, 1), data=report(game, 1, action_key=KEY))

    assert response.status_code == 302
    assert response.location == f"/games/{game.id}"
    assert "Hand 1 saved." in visible_text(client.get(response.location))
    assert states(game) == [(1, "scored"), (2, "playing")]
    assert rows()[1] == len(FOUR)


@pytest.mark.parametrize(
    ("sent", "status", "words"),
    [
        (REPORT, 302, "Hand 1 was already saved, exactly as you sent it."),
        (OTHER_REPORT, 409, "Hand 1 was already saved"),
    ],
    ids=["the same report", "another report"],
)
def test_a_hand_scored_already_answers_as_for_the_phone_that_scored_it_second(
    client, make_game, sent, status, words
):
    game = make_game(FOUR)
    client.post(path(game, 1), data=report(game, 1))
    before = rows()

    response = client.post(path(game, 1), data=report(game, 1, sent))

    assert response.status_code == status
    page = visible_text(client.get(response.location) if status == 302 else response)
    assert words in page
    assert rows() == before


def test_a_hand_not_dealt_yet_waits_and_its_key_lands_once_it_is_dealt(client, make_game):
    game = make_game(FOUR)
    before = rows()

    waiting = client.post(path(game, 2), data=report(game, 2, action_key=KEY))

    assert waiting.status_code == 409
    assert "Hand 2 is not dealt yet: hand 1 is still in play." in visible_text(waiting)
    assert "data-not-dealt" in markup(waiting)
    assert rows() == before  # nothing saved, and no answer kept for its key

    client.post(path(game, 1), data=report(game, 1))
    landed = client.post(path(game, 2), data=report(game, 2, action_key=KEY))

    assert landed.status_code == 302
    assert "Hand 2 saved." in visible_text(client.get(landed.location))
    assert states(game) == [(1, "scored"), (2, "scored"), (3, "playing")]


def test_a_save_for_a_game_ended_early_is_refused_with_the_reason(client, make_game):
    game = make_game(FOUR)
    endings.end(loaded(game), "agreement")
    db.session.commit()

    for number in (1, 2):  # the hand left unplayed, and one never dealt
        response = client.post(path(game, number), data=report(game, number))
        assert response.status_code == 422
        assert "nothing more can be played or recorded in it" in visible_text(response)
        # Nothing entered could put it right: a phone's kept save offers no fixing it.
        assert "data-entries-refused" not in markup(response)
    assert rows()[1] == 0


def test_a_save_refused_for_what_was_entered_is_marked_to_be_put_right(client, make_game):
    game = make_game(FOUR)
    two_out = [OUT, OUT, {"cards_10_k": 1}, {"total": 15}]

    response = client.post(path(game, 1), data=report(game, 1, two_out))

    assert response.status_code == 422
    assert "Only one player can go out in a hand" in visible_text(response)
    assert "data-entries-refused" in markup(response)
    assert rows()[1] == 0


@pytest.mark.parametrize("number", ["0", "8", "99", "9999999999"])
def test_a_number_past_the_game_s_hands_is_not_found(client, make_game, number):
    game = make_game(FOUR)  # Continental: seven hands

    got = client.get(path(game, number))
    sent = client.post(path(game, number), data=report(game, 1))

    assert (got.status_code, sent.status_code) == (404, 404)
    assert rows()[1] == 0


def test_the_next_two_hands_show_their_form_ahead_as_they_will_be_dealt(client, make_game):
    game = make_game(FOUR)
    before = rows()
    version = loaded(game).version

    ahead = client.get(path(game, 2))
    third = client.get(path(game, 3))
    beyond = client.get(path(game, 4))

    assert (ahead.status_code, third.status_code) == (200, 200)
    assert beyond.status_code == 302 and beyond.location == f"/games/{game.id}"
    assert AHEAD_WORDS.search(visible_text(ahead))
    # A GET writes nothing: no hand dealt, the game's version unmoved.
    assert rows() == before
    assert loaded(game).version == version
    assert states(game) == [(1, "playing")]

    # Once dealt, hand 2's form is the one shown ahead, but for the words about waiting.
    play_hand(game, HAND)
    dealt = client.get(path(game, 2))
    assert AHEAD_WORDS.sub("", visible_text(ahead)).split() == visible_text(dealt).split()
    assert input_value(dealt, "version")
    sent = client.post(path(game, 2), data=report(game, 2, action_key=KEY))
    assert sent.status_code == 302


def test_the_table_screen_names_the_forms_kept_ahead(client, make_game):
    game = make_game(FOUR)
    for _ in range(5):
        play_hand(game, HAND)

    page = markup(client.get(f"/games/{game.id}"))

    kept = re.search(r'data-ahead="([^"]*)"', page).group(1).split()
    assert kept == [path(game, 6), path(game, 7)]  # the game has no hand 8
    assert f'href="{path(game, 6)}" data-score-link>Score hand 6' in page


# --- a fresh form token for a save kept on the phone ---


def token_of(app, client, game: Game) -> str:
    """The token the page asks for, in an app context of its own, as in production (the
    tests' open context would carry over the token its first page drew)."""
    with app.app_context():
        response = client.get(f"/games/{game.id}/token")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-store"
    return response.get_json()["token"]


def test_a_save_refused_for_its_form_token_lands_with_a_fresh_one(app, client, make_game):
    app.config["WTF_CSRF_ENABLED"] = True
    game = make_game(FOUR)
    old = input_value(client.get(path(game, 1)), "csrf_token")
    with client.session_transaction() as session:
        session.pop("csrf_token")  # the session the token was made in is gone

    refused = client.post(path(game, 1), data=report(game, 1, csrf_token=old, action_key=KEY))

    assert refused.status_code == 400
    assert "data-csrf-refused" in markup(refused)
    assert rows()[1] == 0

    sent = client.post(
        path(game, 1), data=report(game, 1, csrf_token=token_of(app, client, game), action_key=KEY)
    )
    assert sent.status_code == 302, visible_text(sent)
    assert rows()[1] == len(FOUR)


def test_another_bad_request_is_not_taken_for_a_form_token(client, make_game):
    game = make_game(FOUR)

    response = client.post(path(game, 1), data=report(game, 1, action_key="no!"))

    assert response.status_code == 400
    assert "data-csrf-refused" not in markup(response)


def test_a_form_token_is_only_for_whoever_may_score(anonymous, make_game):
    game = make_game(FOUR)

    response = anonymous.get(f"/games/{game.id}/token")

    assert response.status_code == 302
    assert response.location.startswith("/login")
