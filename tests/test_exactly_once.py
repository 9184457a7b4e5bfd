"""Exactly once: a form that changes a game, sent again with its one-time key (a double tap, a
resent page, a phone sending again after its answer was lost), is answered as the first time
and changes nothing; a key that cannot be one is refused before any query reads it."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from conftest import hand_data, loaded, out, play_hand, tally
from reading import input_value, markup, visible_text
from sqlalchemy import event, func, select, update

from scorekeeper.extensions import db
from scorekeeper.models import (
    ActionReceipt,
    Correction,
    Game,
    GameStatus,
    Hand,
    HandScore,
    MayIClaim,
    Seat,
)
from scorekeeper.play import games

FOUR = ("Ann", "Bob", "Cat", "Dan")
OUT = {"out": "y"}
# Hand 1 as a phone reports it: Ann out, Bob two 2-9s, Cat a 10-K, Dan 15 typed.
REPORT = [OUT, {"cards_2_9": 2}, {"cards_10_k": 1}, {"total": 15}]
# What another phone reports for the same hand.
OTHER_REPORT = [{"cards_2_9": 3}, OUT, {"cards_a": 1}, {"total": 40}]
KEY = "kitchen-table-key-1"


def count(model) -> int:
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(model)) or 0


def hands_of(game: Game) -> list[tuple[int, int, str]]:
    """(number, attempt, state) of each hand of the game, in order."""
    db.session.expire_all()
    rows = db.session.scalars(
        select(Hand).filter_by(game_id=game.id).order_by(Hand.number, Hand.attempt)
    )
    return [(h.number, h.attempt, h.state.value) for h in rows]


def status_of(game: Game) -> GameStatus:
    db.session.expire_all()
    return db.session.get(Game, game.id).status


def sent_twice(client, path: str, data: dict[str, str]):
    """Send the same form twice; each answer with the page it leads to, as (status, where,
    what the page then says)."""
    answers = []
    for _ in range(2):
        response = client.post(path, data=data)
        shown = visible_text(client.get(response.location)) if response.location else ""
        answers.append((response.status_code, response.location, shown))
    return answers


def score_path(game: Game, hand: Hand) -> str:
    return f"/games/{game.id}/hand/{hand.number}/score"


def score_form(client, game: Game, hand: Hand, report=REPORT) -> dict[str, str]:
    """The hand form as the phone sends it: the report, the version and key it was drawn with."""
    form = client.get(score_path(game, hand))
    return hand_data(
        hand,
        report,
        version=input_value(form, "version"),
        action_key=input_value(form, "action_key"),
        confirm="y",
    )


# --- the forms carry a key ---


def game_forms(response) -> list[str]:
    """The page's forms that post to the game (sign-out at the top of every page and the
    language switch at its foot do not)."""
    forms = re.findall(r'<form method="post".*?</form>', markup(response), re.S)
    return [form for form in forms if not re.search(r"/logout|/language", form.split(">", 1)[0])]


def keys_in(response) -> list[str]:
    forms = game_forms(response)
    keys = [re.search(r'name="action_key" type="hidden" value="([^"]*)"', f) for f in forms]
    assert all(keys), "a form that changes the game has no key"
    return [key.group(1) for key in keys if key]


def test_every_form_that_changes_a_game_carries_a_key_of_its_own(client, make_game):
    game = make_game(players=FOUR)
    play_hand(game, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    hand, scored = games.current_hand(game), game.hands[0]
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": game.seats[1].id})
    pages = {
        "table": f"/games/{game.id}",
        "score": score_path(game, hand),
        "fix": f"/games/{game.id}/hands/{scored.id}/edit",
        "leave": f"/games/{game.id}/leave",
        "end": f"/games/{game.id}/end",
        "priority": f"/games/{game.id}/mayi?current=0&claimants=1&first=-1",
    }

    keys = {name: keys_in(client.get(path)) for name, path in pages.items()}
    again = keys_in(client.get(pages["table"]))

    # May I?, take back, the stock, re-deal and suspend on the table; one on each other page.
    assert {name: len(found) for name, found in keys.items()} == {
        "table": 5,
        "score": 1,
        "fix": 1,
        "leave": 1,
        "end": 1,
        "priority": 1,
    }
    every = [key for found in keys.values() for key in found] + again
    assert len(set(every)) == len(every)
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{16,64}", key) for key in every)


def test_the_resume_form_carries_a_key(client, make_game):
    game = make_game(players=FOUR)
    client.post(f"/games/{game.id}/suspend")

    assert len(keys_in(client.get(f"/games/{game.id}/resume"))) == 1


# --- a hand saved twice ---


def test_a_hand_sent_twice_with_one_key_is_saved_once_and_answered_the_same(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    data = score_form(client, game, hand)

    first, second = sent_twice(client, score_path(game, hand), data)

    assert first[:2] == (302, f"/games/{game.id}")
    assert second == first
    assert "Hand 1 saved." in second[2]
    assert "already saved" not in second[2]
    assert count(HandScore) == 4
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]
    assert count(ActionReceipt) == 1


def test_a_save_sent_again_after_the_game_moved_on_is_answered_as_the_first(client, make_game):
    """A phone whose answer was lost sends hand 1 again after another phone saved hand 2."""
    game = make_game(players=FOUR)
    first_hand = game.hands[0]
    data = score_form(client, game, first_hand)
    client.post(score_path(game, first_hand), data=data)
    play_hand(game, [tally(ace=1), out(), tally(low=1), tally(high=2)])
    rows = count(HandScore)

    again = client.post(score_path(game, first_hand), data=data)

    assert (again.status_code, again.location) == (302, f"/games/{game.id}")
    shown = visible_text(client.get(again.location))
    assert "Hand 1 saved." in shown and "already saved" not in shown
    assert count(HandScore) == rows
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "scored"), (3, 1, "playing")]


@pytest.mark.parametrize(
    ("second_report", "status", "says"),
    [
        (REPORT, 302, "Hand 1 was already saved, exactly as you sent it."),
        (OTHER_REPORT, 409, "Another phone saved this hand first."),
    ],
    ids=["same-report", "other-report"],
)
def test_a_second_form_with_its_own_key_is_told_the_hand_was_saved(
    client, make_game, second_report, status, says
):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    mine = score_form(client, game, hand)
    theirs = score_form(client, game, hand, second_report)
    assert mine["action_key"] != theirs["action_key"]
    client.post(score_path(game, hand), data=mine)

    response = client.post(score_path(game, hand), data=theirs)

    assert response.status_code == status
    shown = visible_text(client.get(response.location) if status == 302 else response)
    assert says in shown
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]
    assert count(HandScore) == 4
    assert count(ActionReceipt) == 1 + (status == 302)


def test_a_refused_save_keeps_no_receipt_and_its_key_saves_once_corrected(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    data = score_form(client, game, hand)
    two_out = data | {"p1_out": "y", "p1_cards_2_9": "0"}

    refused = client.post(score_path(game, hand), data=two_out)
    saved = client.post(score_path(game, hand), data=data)

    assert refused.status_code == 422
    assert saved.status_code == 302
    assert "Hand 1 saved." in visible_text(client.get(saved.location))
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]


def test_a_key_belongs_to_its_game(client, make_game, make_league):
    league = make_league(players=FOUR)
    one, two = make_game(players=FOUR, league=league), make_game(players=FOUR, league=league)
    for game in (one, two):
        hand = loaded(game).hands[0]
        data = score_form(client, game, hand) | {"action_key": KEY}
        response = client.post(score_path(game, hand), data=data)
        assert "Hand 1 saved." in visible_text(client.get(response.location))

    assert hands_of(one) == hands_of(two) == [(1, 1, "scored"), (2, 1, "playing")]


# --- the table's other actions, sent twice ---


@pytest.fixture
def game(make_game) -> Game:
    """A game of four with hand 1 scored and hand 2 in play."""
    game = make_game(players=FOUR)
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=3)])
    return game


def test_a_correction_sent_twice_is_made_once(client, game):
    hand = game.hands[0]
    path = f"/games/{game.id}/hands/{hand.id}/edit"
    form = client.get(path)
    data = hand_data(
        hand,
        [OUT, {"cards_2_9": 4}, {"cards_10_k": 1}, {"cards_2_9": 3}],
        version=input_value(form, "version"),
        action_key=input_value(form, "action_key"),
        made_by="Cat",
        confirm="y",
    )

    first, second = sent_twice(client, path, data)

    assert second == first
    assert "Hand 1 corrected; the change is in its history." in second[2]
    assert count(Correction) == 1


def test_a_may_i_sent_twice_is_recorded_once(client, game):
    hand = games.current_hand(game)
    data = {"seat": str(game.seats[2].id), "action_key": KEY}

    first, second = sent_twice(client, f"/games/{game.id}/hands/{hand.id}/mayi", data)

    assert second == first
    assert first[1] == f"/games/{game.id}#mayi"
    assert "Cat" in second[2]
    assert count(MayIClaim) == 1


def test_a_stock_renewal_sent_twice_is_recorded_once(client, game):
    hand = games.current_hand(game)

    first, second = sent_twice(
        client, f"/games/{game.id}/hands/{hand.id}/stock", {"action_key": KEY}
    )

    assert second == first
    assert "Recorded: the stock ran out." in second[2]
    db.session.expire_all()
    assert db.session.get(Hand, hand.id).stock_renewals == 1


def test_a_redeal_sent_twice_deals_once(client, game):
    hand = games.current_hand(game)
    data = {"version": str(hand.version), "reason": "a card showed", "action_key": KEY}

    first, second = sent_twice(client, f"/games/{game.id}/hands/{hand.id}/redeal", data)

    assert second == first
    assert "Hand 2 is dealt again by the same dealer." in second[2]
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "redealt"), (2, 2, "playing")]


def test_a_leave_sent_twice_is_recorded_once_and_answered_the_same(client, game):
    dan = game.seats[3].id
    data = {"seat": str(dan), "from_hand": "3", "action_key": KEY}

    first, second = sent_twice(client, f"/games/{game.id}/leave", data)

    assert first[0] == 302
    assert second == first
    assert "Dan leaves from hand 3." in second[2]
    db.session.expire_all()
    assert db.session.get(Seat, dan).left_from_hand == 3


def test_a_suspension_sent_again_after_the_resume_does_not_suspend_the_game_again(client, game):
    suspend = {"action_key": KEY}
    client.post(f"/games/{game.id}/suspend", data=suspend)
    client.post(f"/games/{game.id}/resume", data={"everyone_present": "y"})

    again = client.post(f"/games/{game.id}/suspend", data=suspend)

    assert again.status_code == 302
    assert "Game suspended." in visible_text(client.get(again.location))
    assert status_of(game) == GameStatus.PLAYING


def test_an_ending_sent_twice_answers_the_same(client, game):
    first, second = sent_twice(client, f"/games/{game.id}/end", {"action_key": KEY})

    assert first[0] == 302
    assert second == first
    assert status_of(game) == GameStatus.INCOMPLETE


# --- a key that cannot be one ---


class Statements:
    """The SQL statements sent while it is open."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def _note(self, _conn, _cursor, statement, *_args) -> None:
        self.sent.append(statement)

    def __enter__(self) -> Statements:
        event.listen(db.engine, "before_cursor_execute", self._note)
        return self

    def __exit__(self, *_exc) -> None:
        event.remove(db.engine, "before_cursor_execute", self._note)


@pytest.mark.parametrize(
    "key",
    ["short", "k" * 65, "x" * 100_000, "kitchen table key 1", "kitchen-table-key!", "ключ-" * 4],
    ids=["too-short", "one-too-long", "far-too-long", "spaces", "punctuation", "cyrillic"],
)
def test_a_key_that_cannot_be_one_is_refused_before_any_query_reads_it(client, make_game, key):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    data = score_form(client, game, hand) | {"action_key": key}

    with Statements() as statements:
        response = client.post(score_path(game, hand), data=data)

    assert response.status_code == 400
    assert "This form's one-time key is not one the app makes." in visible_text(response)
    assert "Nothing was saved." in visible_text(response)
    assert not [s for s in statements.sent if "action_receipt" in s or key in s]
    assert not [s for s in statements.sent if s.lstrip().upper().startswith(("INSERT", "UPDATE"))]
    assert hands_of(game) == [(1, 1, "playing")]


def test_a_form_without_a_key_is_saved_as_before(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    data = score_form(client, game, hand)
    del data["action_key"]

    response = client.post(score_path(game, hand), data=data)

    assert "Hand 1 saved." in visible_text(client.get(response.location))
    assert count(ActionReceipt) == 0


# --- how long receipts are kept ---


def age_receipts(game: Game, days: int) -> None:
    made = datetime.now(UTC) - timedelta(days=days)
    db.session.execute(
        update(ActionReceipt).where(ActionReceipt.game_id == game.id).values(made_at=made)
    )
    db.session.commit()


def test_a_receipt_answers_for_a_month_then_goes_with_the_games_next_one(
    client, make_game, make_league
):
    league = make_league(players=FOUR)
    game, other = make_game(players=FOUR, league=league), make_game(players=FOUR, league=league)
    hand, other_hand = loaded(game).hands[0], loaded(other).hands[0]
    data = score_form(client, game, hand)
    client.post(score_path(game, hand), data=data)
    other_data = score_form(client, other, other_hand)
    client.post(score_path(other, other_hand), data=other_data)
    age_receipts(game, 29)
    age_receipts(other, 40)

    again = client.post(score_path(game, hand), data=data)
    assert "Hand 1 saved." in visible_text(client.get(again.location))
    age_receipts(game, 31)
    in_play = games.current_hand(games.load_game(game.id))
    later = "a-later-key-of-this-game"
    client.post(f"/games/{game.id}/hands/{in_play.id}/stock", data={"action_key": later})

    kept = db.session.scalars(select(ActionReceipt.key).order_by(ActionReceipt.id)).all()
    # This game's old receipt is gone; the other game's waits for that game's next action.
    assert kept == [other_data["action_key"], later]


def test_a_deleted_game_takes_its_receipts_with_it(client, game):
    client.post(f"/games/{game.id}/suspend", data={"action_key": KEY})
    assert count(ActionReceipt) == 1

    client.post(f"/games/{game.id}/delete", data={"confirm": "yes"})

    assert count(Game) == 0
    assert count(ActionReceipt) == 0
