"""Correcting a scored hand: freely while it is the last one, with a reason after that."""

from __future__ import annotations

import re

import pytest
from conftest import hand_data, out, play_hand, tally
from reading import input_value, markup, page, totals, visible_text
from sqlalchemy import func, select
from sqlalchemy.orm import joinedload

from scorekeeper.extensions import db
from scorekeeper.forms.hand import CARDS_MESSAGE, POINTS_MESSAGE
from scorekeeper.models import Correction, Game, Hand, HandScore, Seat

FOUR = ("Ann", "Bob", "Cat", "Dan")
OUT = {"out": "y"}
# Continental's count fields by group: 2-9 5 points, 10-K 10, A 20, Joker 50.
GROUPS = {"low": "cards_2_9", "high": "cards_10_k", "ace": "cards_a", "joker": "cards_joker"}

# Hand 1 as the table reported it: Ann out, Bob 10, Cat 10, Dan 15.
HAND_1 = [out(), tally(low=2), tally(high=1), tally(low=3)]
HAND_2 = [tally(ace=1), out(), tally(low=1), tally(high=2)]


def cards(**counts: int) -> dict[str, int]:
    """A player's tally by Continental price group: cards(low=2, ace=1)."""
    return {GROUPS[name]: n for name, n in counts.items()}


def scores(hand_id: int) -> dict[str, int | None]:
    """The saved score of each player for the hand, by name."""
    db.session.expire_all()
    rows = db.session.scalars(
        select(HandScore)
        .filter_by(hand_id=hand_id)
        .options(joinedload(HandScore.seat).joinedload(Seat.player))
    )
    return {row.seat.player.name: row.score for row in rows}


def corrections() -> list[Correction]:
    return list(db.session.scalars(select(Correction).order_by(Correction.id)))


def hand_count(game_id: int) -> int:
    return db.session.scalar(select(func.count()).select_from(Hand).filter_by(game_id=game_id))


def edit(client, game: Game, hand: Hand, players, **fields):
    db.session.refresh(hand)
    return client.post(
        f"/games/{game.id}/hands/{hand.id}/edit", data=hand_data(hand, players, **fields)
    )


@pytest.fixture
def game(make_game) -> Game:
    """A game of four with hand 1 scored and hand 2 in play."""
    game = make_game(players=FOUR)
    play_hand(game, HAND_1)
    return game


# --- the last scored hand ---


def test_last_hand_edit_page_shows_the_saved_report(client, game):
    hand = game.hands[0]

    response = client.get(f"/games/{game.id}/hands/{hand.id}/edit")

    assert response.status_code == 200
    assert "No later hand is scored yet, so this hand can still be changed freely." in visible_text(
        response
    )
    assert input_value(response, "p1_cards_2_9") == "2"
    assert input_value(response, "p2_cards_10_k") == "1"
    assert input_value(response, "p3_cards_2_9") == "3"
    assert input_value(response, "version") == str(hand.version)


def test_last_hand_changes_freely_and_keeps_the_old_numbers(client, game):
    hand = game.hands[0]
    hand_id = hand.id

    response = edit(client, game, hand, [OUT, cards(low=2), cards(high=1, ace=1), cards(low=3)])

    assert response.status_code == 302
    assert "Hand 1 corrected; the change is in its history." in visible_text(
        client.get(response.location)
    )
    assert scores(hand_id) == {"Ann": 0, "Bob": 10, "Cat": 30, "Dan": 15}
    [correction] = corrections()
    assert correction.hand_id == hand_id
    assert correction.reason == ""
    assert correction.old["players"]["Cat"]["score"] == 10
    assert correction.old["players"]["Cat"]["tally"] == {"10-K": 1}
    assert correction.new["players"]["Cat"]["score"] == 30
    assert correction.new["players"]["Cat"]["tally"] == {"10-K": 1, "A": 1}
    assert correction.old["players"]["Bob"] == correction.new["players"]["Bob"]
    assert hand_count(game.id) == 2  # no hand was dealt by correcting one


def test_unchanged_resubmit_records_no_correction(client, game):
    hand = game.hands[0]

    response = edit(client, game, hand, [OUT, cards(low=2), cards(high=1), cards(low=3)])

    assert response.status_code == 302
    assert "Hand 1 is unchanged." in visible_text(client.get(response.location))
    assert corrections() == []
    assert scores(hand.id) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}


def test_refused_correction_says_why_and_changes_nothing(client, game):
    hand = game.hands[0]

    response = edit(client, game, hand, [OUT, OUT, cards(high=1), cards(low=3)])

    assert response.status_code == 422
    assert "Only one player can go out in a hand, but Ann and Bob are marked out." in visible_text(
        response
    )
    assert corrections() == []
    assert scores(hand.id) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}


def test_hand_in_play_has_nothing_to_correct(client, game):
    in_play = db.session.scalars(select(Hand).filter_by(game_id=game.id, number=2)).one()
    assert client.get(f"/games/{game.id}/hands/{in_play.id}/edit").status_code == 404


def test_correction_from_a_stale_form_is_refused(client, game):
    hand = game.hands[0]
    stale = hand_data(hand, [OUT, cards(low=2), cards(high=1), cards(low=4)])
    edit(client, game, hand, [OUT, cards(low=2), cards(high=1), cards(low=5)])

    response = client.post(f"/games/{game.id}/hands/{hand.id}/edit", data=stale)

    assert response.status_code == 409
    assert scores(hand.id)["Dan"] == 25
    shown = visible_text(response)
    assert "Your scores differ for Dan: compare them at the table." in shown
    assert "Dan 25 20 differs" in shown  # saved, then what this phone sent
    assert len(corrections()) == 1


def test_correction_sent_twice_is_kept_once(client, game):
    hand = game.hands[0]
    form = client.get(f"/games/{game.id}/hands/{hand.id}/edit")
    data = hand_data(hand, [OUT, cards(low=2), cards(high=1), cards(low=5)], made_by="Ann")
    data["version"] = input_value(form, "version")

    first = client.post(f"/games/{game.id}/hands/{hand.id}/edit", data=data)
    second = client.post(f"/games/{game.id}/hands/{hand.id}/edit", data=data)

    assert first.status_code == 302
    assert second.status_code == 302
    assert "Hand 1 was already saved, exactly as you sent it." in visible_text(
        client.get(second.location)
    )
    assert len(corrections()) == 1
    assert scores(hand.id)["Dan"] == 25


# --- an earlier hand ---


@pytest.fixture
def two_hands(game) -> Game:
    """The game with hands 1 and 2 scored: hand 1 is no longer the last."""
    play_hand(game, HAND_2)
    return game


@pytest.mark.parametrize(
    ("reason", "agreed"),
    [("", "y"), ("   ", "y"), ("Dan hid a joker", "")],
    ids=["no-reason", "blank-reason", "not-agreed"],
)
def test_earlier_hand_without_a_reason_or_agreement_is_refused(client, two_hands, reason, agreed):
    game = two_hands
    hand = game.hands[0]

    response = edit(
        client,
        game,
        hand,
        [OUT, cards(low=2), cards(high=1), cards(joker=1)],
        reason=reason,
        agreed=agreed,
    )

    assert response.status_code == 422
    assert (
        "The cards of hand 1 are mixed, so changing it needs the whole table's agreement and "
        "a reason" in page(response)
    )
    assert scores(hand.id) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}
    assert corrections() == []


def error_list(response) -> list[tuple[str, str]]:
    """The list of what to fix above the form: each item's words and where its link goes."""
    found = re.search(r'<div class="form-errors".*?</div>', markup(response), re.S)
    assert found, "no list of what to fix"
    items = re.findall(r'<li><a href="#([^"]+)">(.*?)</a></li>', found.group(0), re.S)
    return [(" ".join(words.split()), target) for target, words in items]


@pytest.mark.parametrize(
    ("reason", "agreed", "lacking"),
    [("", "y", "reason"), ("", "", "reason"), ("Dan hid a joker", "", "agreed")],
    ids=["no-reason", "neither", "not-agreed"],
)
def test_a_refused_correction_is_listed_above_the_form_with_a_link_to_its_field(
    client, two_hands, reason, agreed, lacking
):
    game = two_hands
    hand = game.hands[0]

    response = edit(
        client, game, hand, [OUT, cards(low=2), cards(high=1), cards(joker=1)],
        reason=reason, agreed=agreed,
    )  # fmt: skip

    assert response.status_code == 422
    refusal = (
        "The cards of hand 1 are mixed, so changing it needs the whole table's agreement and a "
        "reason: tick that everyone agrees and say why."
    )
    assert error_list(response) == [(refusal, lacking)]
    text = markup(response)
    # Where the page opens: above the first player's card, not beside the field at the bottom.
    assert text.index('class="form-errors"') < text.index("data-player")
    assert text.index('class="form-errors"') < text.index(f'id="{lacking}"')
    assert f'id="{lacking}-error"' in text  # said beside the field too
    assert corrections() == []


def test_a_refused_number_is_listed_above_the_form_with_its_player(client, two_hands):
    game = two_hands
    hand = game.hands[0]
    players = [OUT, cards(low=2), {"cards_10_k": "lots"}, {"penalty": "-3"}]

    response = edit(client, game, hand, players, reason="Dan hid a joker", agreed="y")

    assert response.status_code == 422
    assert error_list(response) == [
        (f"Cat, 10-K: {CARDS_MESSAGE}", "p2_cards_10_k"),
        (f"Dan, Other penalty (points): {POINTS_MESSAGE}", "p3_penalty"),
    ]
    assert corrections() == []


def test_earlier_hand_edit_page_warns_that_a_reason_is_needed(client, two_hands):
    hand = two_hands.hands[0]
    response = client.get(f"/games/{two_hands.id}/hands/{hand.id}/edit")
    shown = page(response)
    assert "The cards of this hand are mixed: change it only if the whole table agrees" in shown
    assert "Needed for this hand." in shown
    assert "The whole table agrees to this change" in shown


def test_earlier_hand_with_a_reason_is_corrected(client, two_hands):
    game = two_hands
    hand = game.hands[0]

    response = edit(
        client,
        game,
        hand,
        [OUT, cards(low=2), cards(high=1), cards(joker=1)],
        made_by=" Grandpa ",
        reason="Dan  hid a joker",
        agreed="y",
    )

    assert response.status_code == 302
    assert scores(hand.id) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 50}
    [correction] = corrections()
    assert (correction.made_by, correction.reason) == ("Grandpa", "Dan hid a joker")
    assert correction.old["players"]["Dan"]["score"] == 15
    assert correction.new["players"]["Dan"]["score"] == 50


def test_scoresheet_shows_the_history_of_corrections(client, two_hands):
    game = two_hands
    hand = game.hands[0]
    edit(
        client,
        game,
        hand,
        [OUT, cards(low=2), cards(high=1), cards(joker=1)],
        made_by="Grandpa",
        reason="Dan hid a joker",
        agreed="y",
    )

    sheet = visible_text(client.get(f"/games/{game.id}/sheet"))

    history = sheet[sheet.index("History of changes") :]
    assert re.search(r"Hand 1 corrected [^<]* by Grandpa", history)
    assert "Why: Dan hid a joker" in history
    assert "Dan: 15 → 50" in history
    assert "Bob:" not in history  # only what changed is listed
    assert "No hand was dealt again or corrected." not in history


def test_totals_follow_the_correction(client, two_hands):
    game = two_hands
    hand = game.hands[0]
    before = totals(client.get(f"/games/{game.id}"))
    assert before == [("1", "Bob", "10"), ("2", "Cat", "15"), ("3", "Ann", "20"),
                      ("4", "Dan", "35")]  # fmt: skip

    edit(
        client,
        game,
        hand,
        [OUT, cards(low=2), cards(high=1), cards(joker=1)],
        reason="Joker",
        agreed="y",
    )

    after = totals(client.get(f"/games/{game.id}"))
    assert after == [("1", "Bob", "10"), ("2", "Cat", "15"), ("3", "Ann", "20"),
                     ("4", "Dan", "70")]  # fmt: skip


def test_correcting_a_finished_game_moves_its_places(client, make_game):
    game = make_game(players=FOUR)
    for _ in range(7):
        play_hand(game, [out(), tally(low=1), tally(low=2), tally(low=3)])
    last = game.hands[-1]
    before = totals(client.get(f"/games/{game.id}"))
    assert before == [("1", "Ann", "0"), ("2", "Bob", "35"), ("3", "Cat", "70"),
                      ("4", "Dan", "105")]  # fmt: skip

    edit(client, game, last, [OUT, cards(joker=2), cards(low=2), cards(low=3)])

    after = client.get(f"/games/{game.id}")
    assert totals(after) == [("1", "Ann", "0"), ("2", "Cat", "70"), ("3", "Dan", "105"),
                             ("4", "Bob", "130")]  # fmt: skip
    assert "Ann wins" in visible_text(after)
