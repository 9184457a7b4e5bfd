"""Each fairness rule switched on and off in a game's rules: the pages say, and the app does,
what the rule set keeps. A page that stated a rule the league switched off would mislead."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from conftest import hand_data, loaded, out, play_hand, tally
from reading import visible_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.league import passcodes
from scorekeeper.models import Correction, Game, GameStatus
from scorekeeper.play import games, interruptions
from scorekeeper.rules.fairness import FAIRNESS_WORDS
from scorekeeper.rules.storage import ruleset_to_dict

FOUR = ("Ann", "Bob", "Cat", "Dan")
ON_OFF = pytest.mark.parametrize("rule_on", [True, False], ids=["rule-on", "rule-off"])


def with_rule(game: Game, name: str, on: bool) -> Game:
    """The game with one fairness switch of its own copy of the rules set on or off."""
    rs = game.rules
    game.rules_data = ruleset_to_dict(replace(rs, fairness=replace(rs.fairness, **{name: on})))
    db.session.commit()
    return loaded(game)


def scorer(app, game: Game):
    """A phone that joined the game's league with its passcode: a scorer, not the owner."""
    passcodes.set_passcode(game.league, "open-sesame")
    db.session.commit()
    phone = app.test_client()
    joined = phone.post(f"/leagues/{game.league_id}/join", data={"passcode": "open-sesame"})
    assert joined.status_code == 302
    return phone


def corrections() -> int:
    return db.session.scalar(select(func.count()).select_from(Correction))


# --- corrections ---


@ON_OFF
def test_an_earlier_hand_is_fixed_on_the_terms_the_rules_keep(client, make_game, rule_on):
    game = with_rule(make_game(players=FOUR), "corrections", rule_on)
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=3)])
    play_hand(game, [tally(low=1), out(), tally(low=1), tally(low=1)])
    first = game.hands[0]
    path = f"/games/{game.id}/hands/{first.id}/edit"

    # The owner fixes hand 1 after hand 2 is scored, without ticking agreement or a reason.
    sent = client.post(
        path,
        data=hand_data(
            first, [{"out": "y"}, {"cards_2_9": "3"}, {"cards_10_k": "1"}, {"cards_2_9": "3"}]
        ),
    )

    if rule_on:  # the cards are mixed: the table's agreement and a reason
        assert sent.status_code == 422
        assert "needs the whole table's agreement and a reason" in visible_text(sent)
        assert corrections() == 0
    else:
        assert sent.status_code == 302, visible_text(sent)
        assert corrections() == 1


@ON_OFF
def test_the_owner_is_told_agreement_and_a_reason_are_needed_only_under_the_rule(
    client, make_game, rule_on
):
    game = with_rule(make_game(players=FOUR), "corrections", rule_on)
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=3)])
    play_hand(game, [tally(low=1), out(), tally(low=1), tally(low=1)])
    first = game.hands[0]

    text = visible_text(client.get(f"/games/{game.id}/hands/{first.id}/edit"))

    assert ("The cards of this hand are mixed" in text) is rule_on
    assert ("Needed for this hand." in text) is rule_on
    assert ("The whole table agrees to this change" in text) is rule_on
    assert ("without asking for a reason" in text) is not rule_on
    assert ("Optional for this hand." in text) is not rule_on


@ON_OFF
def test_a_scorer_fixes_the_latest_hand_but_an_earlier_one_is_the_owners(app, make_game, rule_on):
    game = with_rule(make_game(players=FOUR), "corrections", rule_on)
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=3)])
    play_hand(game, [tally(low=1), out(), tally(low=1), tally(low=1)])
    first, second = game.hands[0], game.hands[1]
    phone = scorer(app, game)

    earlier = phone.get(f"/games/{game.id}/hands/{first.id}/edit")
    latest = phone.post(
        f"/games/{game.id}/hands/{second.id}/edit",
        data=hand_data(
            second, [{"cards_2_9": "1"}, {"out": "y"}, {"cards_2_9": "2"}, {"cards_2_9": "1"}]
        ),
    )

    assert earlier.status_code == 403
    assert latest.status_code == 302 and corrections() == 1


# --- missing score ---


@ON_OFF
def test_the_hand_form_offers_a_lost_score_only_under_the_rule(client, make_game, rule_on):
    game = with_rule(make_game(players=FOUR), "missing_score", rule_on)
    hand = game.hands[0]

    text = visible_text(client.get(f"/games/{game.id}/hand/{hand.number}/score"))
    sent = client.post(
        f"/games/{game.id}/hand/{hand.number}/score",
        data=hand_data(
            hand, [{"out": "y"}, {"no_score": "y"}, {"cards_2_9": "1"}, {"cards_2_9": "2"}]
        ),
    )

    assert ("No score given" in text) is rule_on
    assert ("the two highest scores the others gave are posted" in text) is rule_on
    db.session.expire_all()
    scores = {s.seat.player.name: s.score for s in games.load_game(game.id).hands[0].scores}
    if rule_on:
        assert sent.status_code == 302 and scores["Bob"] == 15  # 10 + 5 posted
    else:  # the box is not offered; a forged tick is refused, nothing saved
        assert sent.status_code == 422 and scores == {}


# --- incomplete game ---


@ON_OFF
def test_the_leave_page_says_what_becomes_of_a_leavers_total(client, make_game, rule_on):
    game = with_rule(make_game(players=FOUR), "incomplete_game", rule_on)

    text = visible_text(client.get(f"/games/{game.id}/leave"))

    assert ("posted as the two highest totals" in text) is rule_on
    assert ("stays as it was when they left" in text) is not rule_on


# --- suspension ---


@ON_OFF
def test_a_suspended_game_goes_on_on_the_terms_the_rules_keep(
    client, make_game, monkeypatch, rule_on
):
    game = with_rule(make_game(players=FOUR, started_on=date(2025, 12, 30)), "suspension", rule_on)
    interruptions.suspend(game)
    db.session.commit()
    monkeypatch.setattr(interruptions, "today", lambda game: date(2026, 1, 2))

    table = visible_text(client.get(f"/games/{game.id}"))
    page = visible_text(client.get(f"/games/{game.id}/resume"))
    sent = client.post(f"/games/{game.id}/resume", data={})

    db.session.expire_all()
    status = db.session.get(Game, game.id).status
    if rule_on:
        assert "in the same order round the table, in 2025" in table
        assert "The game began in 2025" in page and "End the game here" in page
        assert sent.status_code == 422 and status == GameStatus.SUSPENDED
    else:
        assert "It goes on whenever the table is ready." in table
        assert "same order" not in table + page and "The game began in" not in page
        assert sent.status_code == 302 and status == GameStatus.PLAYING


# --- the lists of rules in force ---


@pytest.mark.parametrize("name", ["missing_score", "incomplete_game", "suspension", "corrections"])
def test_rulings_page_and_sheet_list_only_the_rules_in_force(client, make_game, name):
    game = with_rule(make_game(players=FOUR), name, False)
    words = FAIRNESS_WORDS[name]
    others = [w for key, w in FAIRNESS_WORDS.items() if key != name]

    for path in (f"/games/{game.id}/rulings", f"/games/{game.id}/sheet/print"):
        text = visible_text(client.get(path))
        assert words not in text, path
        assert all(other in text for other in others), path
