"""Proposed corrections: a save a phone kept while offline and sent later (`waited=1`) that
meets a hand another phone saved first with another report is not applied and not lost: it
is kept for the table to accept (through the hand's fix form) or drop."""

from __future__ import annotations

import re

import pytest
from conftest import hand_data, loaded, out, play_hand, tally
from reading import input_value, markup, visible_text
from sqlalchemy import func, select
from sqlalchemy.orm import joinedload

from scorekeeper.extensions import db
from scorekeeper.league import passcodes
from scorekeeper.models import (
    ActionReceipt,
    Correction,
    Game,
    HandScore,
    ProposalState,
    ProposedCorrection,
    Seat,
)
from scorekeeper.play import hands
from scorekeeper.web.database import WriteConflict

FOUR = ("Ann", "Bob", "Cat", "Dan")
OUT = {"out": "y"}
# Hand 1 as the first phone saved it: Ann out, Bob 10, Cat 10, Dan 15.
SAVED = [out(), tally(low=2), tally(high=1), tally(low=3)]
SAVED_SCORES = {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}
# What the second phone kept for hand 1 while offline: Bob out, Ann 15, Cat 20, Dan 40.
SENT = [{"cards_2_9": 3}, OUT, {"cards_a": 1}, {"total": 40}]
SENT_SCORES = {"Ann": 15, "Bob": 0, "Cat": 20, "Dan": 40}
# The same report as the one saved, as a form sends it.
SAVED_AS_SENT = [OUT, {"cards_2_9": 2}, {"cards_10_k": 1}, {"cards_2_9": 3}]
IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile Safari/604.1"
KEPT = (
    "Hand 1 was saved first by another phone. What this phone sent is kept as a proposed "
    "correction: the table can accept or drop it."
)


def count(model) -> int:
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(model)) or 0


def scores(hand_id: int) -> dict[str, int | None]:
    """The saved score of each player for the hand, by name."""
    db.session.expire_all()
    rows = db.session.scalars(
        select(HandScore)
        .filter_by(hand_id=hand_id)
        .options(joinedload(HandScore.seat).joinedload(Seat.player))
    )
    return {row.seat.player.name: row.score for row in rows}


def proposals() -> list[ProposedCorrection]:
    db.session.expire_all()
    return list(db.session.scalars(select(ProposedCorrection).order_by(ProposedCorrection.id)))


def phone_of(app, game: Game):
    """A phone (an iPhone) that joined the game's league with its passcode: a scorer."""
    passcodes.set_passcode(game.league, "open-sesame")
    db.session.commit()
    phone = app.test_client()
    phone.environ_base["HTTP_USER_AGENT"] = IPHONE
    joined = phone.post(f"/leagues/{game.league_id}/join", data={"passcode": "open-sesame"})
    assert joined.status_code == 302
    return phone


def waited_save(phone, game: Game, report=SENT, key: str = "offline-phone-hand-1", **fields):
    """Send hand 1's score form as a phone's outbox sends it after waiting."""
    hand = loaded(game).hands[0]
    data = hand_data(hand, report, action_key=key, confirm="y", waited="1", **fields)
    return phone.post(f"/games/{game.id}/hand/{hand.number}/score", data=data)


@pytest.fixture
def game(make_game) -> Game:
    """A game of four whose hand 1 another phone saved first (SAVED)."""
    game = make_game(players=FOUR)
    play_hand(game, SAVED)
    return game


@pytest.fixture
def phone(app, game):
    return phone_of(app, game)


# --- a waited save that meets a hand saved first ---


def test_a_waited_save_on_a_hand_saved_first_is_kept_as_a_proposal_and_changes_no_score(
    phone, game
):
    hand = loaded(game).hands[0]
    rows = count(HandScore)

    response = waited_save(phone, game)

    assert (response.status_code, response.location) == (302, f"/games/{game.id}")
    assert KEPT in visible_text(phone.get(response.location))
    assert scores(hand.id) == SAVED_SCORES
    assert count(HandScore) == rows
    assert count(Correction) == 0
    [kept] = proposals()
    assert (kept.game_id, kept.hand_id, kept.state) == (game.id, hand.id, ProposalState.WAITING)
    assert kept.sent_by == "a phone (iPhone, Safari)"
    assert kept.report["stock_ran_out"] is False
    assert [entry["went_out"] for entry in kept.report["entries"]] == [False, True, False, False]
    assert kept.report["entries"][3]["typed_total"] == 40


def test_the_same_waited_save_sent_twice_makes_one_proposal_and_answers_the_same(phone, game):
    first = waited_save(phone, game)
    second = waited_save(phone, game)

    assert second.location == first.location
    assert KEPT in visible_text(phone.get(second.location))
    assert len(proposals()) == 1
    assert count(ActionReceipt) == 1


def test_the_same_report_sent_with_another_key_is_not_kept_twice(phone, game):
    waited_save(phone, game, key="offline-phone-hand-1")
    again = waited_save(phone, game, key="offline-phone-hand-1-again")

    assert KEPT in visible_text(phone.get(again.location))
    assert len(proposals()) == 1


def test_a_waited_save_of_exactly_the_saved_report_is_already_saved_and_makes_none(phone, game):
    response = waited_save(phone, game, SAVED_AS_SENT)

    assert response.status_code == 302
    shown = visible_text(phone.get(response.location))
    assert "Hand 1 was already saved, exactly as you sent it." in shown
    assert "proposed correction" not in shown
    assert proposals() == []


def test_without_waited_a_save_on_a_hand_saved_first_shows_the_comparison_as_before(phone, game):
    hand = loaded(game).hands[0]
    data = hand_data(hand, SENT, action_key="live-form-hand-1", confirm="y")

    response = phone.post(f"/games/{game.id}/hand/{hand.number}/score", data=data)

    assert response.status_code == 409
    assert "Another phone saved this hand first." in visible_text(response)
    assert proposals() == []
    assert scores(hand.id) == SAVED_SCORES


def test_a_waited_fix_of_a_hand_changed_since_its_form_was_drawn_is_kept_as_a_proposal(
    client, game
):
    hand = loaded(game).hands[0]
    path = f"/games/{game.id}/hands/{hand.id}/edit"
    drawn = input_value(client.get(path), "version")
    other = hand_data(hand, SENT, made_by="Cat", confirm="y")
    client.post(path, data=other | {"version": drawn})  # another phone fixed it meanwhile
    fixed = scores(hand.id)
    mine = [OUT, {"cards_2_9": 1}, {"cards_10_k": 1}, {"cards_2_9": 3}]
    data = hand_data(hand, mine, version=drawn, made_by="Ann", confirm="y", waited="1")

    response = client.post(path, data=data | {"action_key": "offline-fix-of-hand-1"})

    assert response.status_code == 302
    shown = visible_text(client.get(response.location))
    assert "Hand 1 changed on another phone before this fix arrived." in shown
    assert scores(hand.id) == fixed
    assert count(Correction) == 1
    [kept] = proposals()
    assert kept.sent_by == "owner"


# --- the table sees it ---


def test_the_table_screen_and_the_sheet_show_a_waiting_proposal_beside_the_saved_hand(
    client, phone, game
):
    waited_save(phone, game)

    for path in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        shown = visible_text(client.get(path))
        assert "Proposed correction of hand 1, from a phone (iPhone, Safari)" in shown
        assert (
            "Player Saved Proposed Ann out · 0 15 differs Bob 10 out · 0 differs"
            " Cat 10 20 differs Dan 15 40 differs"
        ) in shown
        assert "Accept" in shown and "Drop" in shown


def test_a_page_without_proposals_shows_no_proposal_panel(client, game):
    assert "Proposed correction" not in visible_text(client.get(f"/games/{game.id}"))


# --- accept: through the fix form and the corrections rule ---


def accept_form(client, game: Game, proposal: ProposedCorrection):
    hand = loaded(game).hands[0]
    return client.get(f"/games/{game.id}/hands/{hand.id}/edit?proposal={proposal.id}")


def checked(page) -> set[str]:
    """The names of the page's ticked boxes."""
    return set(re.findall(r'<input[^>]* checked[^>]* name="([^"]*)"', markup(page)))


def sent_back(page, hand, report, **fields) -> dict[str, str]:
    """The fix form as the page draws it, sent back with the given fields."""
    return hand_data(
        hand,
        report,
        version=input_value(page, "version"),
        action_key=input_value(page, "action_key"),
        proposal=input_value(page, "proposal"),
        confirm="y",
        **fields,
    )


def test_accept_opens_the_fix_form_filled_with_the_proposal(client, phone, game):
    waited_save(phone, game)
    [kept] = proposals()

    page = accept_form(client, game, kept)

    assert page.status_code == 200
    assert "its numbers are filled in below. Saving this fix accepts it." in visible_text(page)
    assert checked(page) == {"p1_out"}
    assert input_value(page, "p0_cards_2_9") == "3"
    assert input_value(page, "p2_cards_a") == "1"
    assert input_value(page, "p3_total") == "40"
    assert input_value(page, "proposal") == str(kept.id)


def test_saving_the_fix_accepts_the_proposal_and_keeps_it_in_the_history(client, phone, game):
    hand = loaded(game).hands[0]
    waited_save(phone, game)
    [kept] = proposals()
    page = accept_form(client, game, kept)

    response = client.post(
        f"/games/{game.id}/hands/{hand.id}/edit", data=sent_back(page, hand, SENT, made_by="Ann")
    )

    assert response.status_code == 302
    shown = visible_text(client.get(response.location))
    assert "Hand 1 corrected; the change is in its history." in shown
    assert "The proposed correction of hand 1 is accepted." in shown
    assert "Proposed correction of hand 1" not in shown
    assert scores(hand.id) == SENT_SCORES
    [accepted] = proposals()
    [correction] = db.session.scalars(select(Correction)).all()
    assert accepted.state == ProposalState.ACCEPTED
    assert (accepted.decided_by, accepted.correction_id) == ("owner", correction.id)
    assert accepted.decided_at is not None
    history = visible_text(client.get(f"/games/{game.id}/sheet"))
    assert "Proposed correction of hand 1, from a phone (iPhone, Safari), sent" in history
    assert "Accepted by owner: the hand was fixed with it." in history


def test_accepting_a_mixed_hand_asks_the_tables_agreement_and_a_reason(client, phone, game):
    play_hand(game, [tally(ace=1), out(), tally(low=1), tally(high=2)])  # the cards are mixed
    hand = loaded(game).hands[0]
    waited_save(phone, game)
    [kept] = proposals()
    page = accept_form(client, game, kept)
    path = f"/games/{game.id}/hands/{hand.id}/edit"
    assert "change it only if the whole table agrees" in visible_text(page)

    refused = client.post(path, data=sent_back(page, hand, SENT, made_by="Ann"))

    assert refused.status_code == 422
    assert "needs the whole table's agreement and a reason" in visible_text(refused)
    assert input_value(refused, "proposal") == str(kept.id)
    assert proposals()[0].state == ProposalState.WAITING
    assert scores(hand.id) == SAVED_SCORES
    agreed = sent_back(page, hand, SENT, made_by="Ann", reason="Bob went out", agreed="y")
    accepted = client.post(path, data=agreed)
    assert accepted.status_code == 302
    assert proposals()[0].state == ProposalState.ACCEPTED
    assert scores(hand.id) == SENT_SCORES
    assert db.session.scalars(select(Correction)).one().reason == "Bob went out"


def test_a_proposal_already_dropped_cannot_be_accepted(client, phone, game):
    hand = loaded(game).hands[0]
    waited_save(phone, game)
    [kept] = proposals()
    page = accept_form(client, game, kept)
    client.post(
        f"/games/{game.id}/proposals/{kept.id}/drop",
        data={"action_key": "drop-it-before-accepting"},
    )

    response = client.post(
        f"/games/{game.id}/hands/{hand.id}/edit", data=sent_back(page, hand, SENT, made_by="Ann")
    )

    assert response.status_code == 302
    shown = visible_text(client.get(response.location))
    assert "This proposed correction of hand 1 was already dropped; nothing changed." in shown
    assert scores(hand.id) == SAVED_SCORES
    assert count(Correction) == 0
    assert proposals()[0].state == ProposalState.DROPPED


def test_a_proposal_of_another_hand_is_not_found(client, phone, game):
    waited_save(phone, game)
    [kept] = proposals()
    second = loaded(game).hands[1]

    response = client.get(f"/games/{game.id}/hands/{second.id}/edit?proposal={kept.id}")

    assert response.status_code == 404


# --- drop ---


def test_drop_keeps_the_proposal_in_the_history_and_the_hand_as_it_is(client, phone, game):
    hand = loaded(game).hands[0]
    waited_save(phone, game)
    [kept] = proposals()
    path = f"/games/{game.id}/proposals/{kept.id}/drop"

    first = client.post(path, data={"action_key": "drop-the-proposal-1"})
    again = client.post(path, data={"action_key": "drop-the-proposal-1"})

    assert again.location == first.location == f"/games/{game.id}"
    shown = visible_text(client.get(first.location))
    assert "The proposed correction of hand 1 is dropped." in shown
    assert "Proposed correction of hand 1" not in shown
    [dropped] = proposals()
    assert (dropped.state, dropped.decided_by) == (ProposalState.DROPPED, "owner")
    assert scores(hand.id) == SAVED_SCORES
    history = visible_text(client.get(f"/games/{game.id}/sheet"))
    assert "Dropped by owner: the hand stayed as it was." in history
    later = client.post(path, data={"action_key": "drop-the-proposal-2"})
    assert "was already dropped" in visible_text(client.get(later.location))


# --- who may decide ---


def test_a_phone_that_may_not_fix_the_hand_cannot_accept_or_drop_it(app, client, game):
    play_hand(game, [tally(ace=1), out(), tally(low=1), tally(high=2)])  # hand 1 is mixed
    phone = phone_of(app, game)
    waited_save(phone, game)
    [kept] = proposals()
    hand = loaded(game).hands[0]

    shown = visible_text(phone.get(f"/games/{game.id}"))
    accept = phone.get(f"/games/{game.id}/hands/{hand.id}/edit?proposal={kept.id}")
    drop = phone.post(f"/games/{game.id}/proposals/{kept.id}/drop", data={})

    assert "Proposed correction of hand 1" in shown
    assert "Accept" not in shown and "Drop" not in shown
    assert (accept.status_code, drop.status_code) == (403, 403)
    assert proposals()[0].state == ProposalState.WAITING
    assert "Accept" in visible_text(client.get(f"/games/{game.id}"))


def test_a_phone_may_decide_the_proposals_of_the_hand_it_may_fix(app, game):
    phone = phone_of(app, game)  # hand 1 is the last scored: free to fix
    waited_save(phone, game)
    [kept] = proposals()

    response = phone.post(f"/games/{game.id}/proposals/{kept.id}/drop", data={})

    assert response.status_code == 302
    assert proposals()[0].decided_by == "a phone (iPhone, Safari)"


# --- a deleted game ---


def test_a_deleted_game_takes_its_proposals_with_it(client, phone, game):
    waited_save(phone, game)
    assert len(proposals()) == 1

    client.post(f"/games/{game.id}/delete", data={"confirm": "yes"})

    assert proposals() == []


# --- a save that keeps meeting other phones' writes ---


def test_a_waited_save_that_meets_another_write_twice_keeps_nothing_and_says_so(
    phone, game, monkeypatch
):
    """Its phone is shown the comparison (and keeps its save to send again); no proposal is
    claimed that no transaction kept."""

    def another_phone_wrote_first(*_args, **_kwargs):
        raise WriteConflict("another phone wrote first")

    monkeypatch.setattr(hands, "score_hand", another_phone_wrote_first)

    response = waited_save(phone, game)

    assert response.status_code == 409
    shown = visible_text(response)
    assert "Another phone saved this hand first." in shown
    assert "proposed correction" not in shown
    assert proposals() == []
    assert count(ActionReceipt) == 0
