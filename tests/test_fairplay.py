"""Fair play at the table, through the client: missing scores, leaving, suspending, May I?,
the stock and the rulings. Each refusal shows its message and changes nothing."""

from __future__ import annotations

from datetime import date

import pytest
from reading import is_checked
from reading import page as page_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import GameStatus, Hand, HandScore, HandState, MayIClaim, Seat
from scorekeeper.play import games, interruptions
from tests.conftest import loaded, out, play_hand
from tests.reading import page


def hand_form(game, hand, rows):
    """Form data for a hand: rows are ("out" | "none" | points) per seat in play."""
    data = {"version": str(hand.version)}
    for i, row in enumerate(rows):
        if row == "out":
            data[f"p{i}_out"] = "y"
        elif row == "none":
            data[f"p{i}_no_score"] = "y"
        else:
            data[f"p{i}_total"] = str(row)
    return data


def score(client, game, rows, **extra):
    hand = games.current_hand(loaded(game))
    data = hand_form(game, hand, rows) | extra
    return client.post(f"/games/{game.id}/hand/{hand.number}/score", data=data)


def count(model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


# --- missing score ---


def test_missing_score_is_posted_from_the_two_highest_given(client, make_game):
    game = make_game()
    response = score(client, game, ["out", 90, 35, 20, "none"])

    assert response.status_code == 302
    posted = db.session.scalars(select(HandScore).filter_by(no_score=True)).one()
    assert (posted.score, posted.posted) == (125, True)
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "posted 90 + 35" in page


def test_two_missing_scores_use_given_scores_only(client, make_game):
    game = make_game()
    score(client, game, ["out", 60, "none", 40, "none"])

    posted = db.session.scalars(select(HandScore.score).filter_by(no_score=True)).all()
    assert posted == [100, 100]


def test_fewer_than_two_given_scores_sends_the_hand_back_to_be_played_again(client, make_game):
    game = make_game()
    response = score(client, game, ["out", "none", "none", "none", "none"])

    assert response.status_code == 302
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "Hand 1 must be played again" in page or "played again" in page
    hands = db.session.scalars(select(Hand).order_by(Hand.id)).all()
    assert [(h.number, h.attempt, h.state) for h in hands] == [
        (1, 1, HandState.REPLAYED),
        (1, 2, HandState.PLAYING),
    ]
    assert hands[0].dealer_position == hands[1].dealer_position
    assert all(s.score is None for s in hands[0].scores)


# --- a player leaves ---


def test_a_player_who_leaves_plays_no_more_hands_and_gets_a_posted_total(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat"), preset="contract-rummy")
    play_hand(game, [out(), _typed(30), _typed(10)])
    cat = game.seats[2]
    response = client.post(f"/games/{game.id}/leave", data={"seat": cat.id, "from_hand": 2})
    assert response.status_code == 302
    assert db.session.get(Seat, cat.id).left_from_hand == 2

    form = client.get(f"/games/{game.id}/hand/{games.current_hand(loaded(game)).number}/score")
    names = form.get_data(as_text=True)
    assert '<span class="player-name">Bob</span>' in names
    assert '<span class="player-name">Cat</span>' not in names
    assert 'name="p2_out"' not in names
    for _ in range(6):
        play_hand(game, [_typed(20), out()])
    assert game.status == GameStatus.FINISHED
    ann, bob, cat = game.seats
    assert (ann.final_total, bob.final_total) == (120, 30)
    assert (cat.final_total, cat.total_posted) == (150, True)
    assert not game.discarded


@pytest.mark.parametrize(
    ("from_hand", "message"),
    [(0, "Give a hand number."), (9, "up to hand 7")],
    ids=["before-the-first", "past-the-last"],
)
def test_leaving_from_a_hand_that_cannot_be_is_refused(client, make_game, from_hand, message):
    game = make_game()
    seat = game.seats[1]
    response = client.post(
        f"/games/{game.id}/leave", data={"seat": seat.id, "from_hand": from_hand}
    )
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    assert db.session.get(Seat, seat.id).left_from_hand is None


def test_a_leave_that_leaves_one_player_asks_first_then_ends_the_game(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat"), preset="contract-rummy")
    interruptions.player_leaves(game, game.seats[0], 1)
    db.session.commit()
    data = {"seat": loaded(game).seats[1].id, "from_hand": 1}

    asked = client.post(f"/games/{game.id}/leave", data=data)
    assert asked.status_code == 200
    assert "fewer than two players are left for hand 1, so the game ends here" in page(asked)
    assert "The game will be discarded." in page(asked)
    assert db.session.get(Seat, data["seat"]).left_from_hand is None

    ended = client.post(f"/games/{game.id}/leave", data=data | {"ends_game": "y"})
    assert ended.status_code == 302
    db.session.expire_all()
    assert db.session.get(Seat, data["seat"]).left_from_hand == 1
    closed = games.load_game(game.id)
    assert (closed.status, closed.discarded) == (GameStatus.INCOMPLETE, True)
    assert [h.state for h in closed.hands] == [HandState.UNPLAYED]
    shown = page(client.get(f"/games/{game.id}"))
    assert "Discarded: Fewer than two players were left to go on" in shown
    assert "Score hand" not in shown


# --- suspend and resume ---


def test_suspend_between_hands_then_resume_with_everyone_back(client, make_game):
    game = make_game()
    assert client.post(f"/games/{game.id}/suspend").status_code == 302
    assert db.session.get(type(game), game.id).status == GameStatus.SUSPENDED

    refused = score(client, game, ["out", 5, 5, 5, 5])
    assert refused.status_code == 422
    assert "resume it before scoring" in refused.get_data(as_text=True)
    assert count(HandScore) == 0

    unconfirmed = client.post(f"/games/{game.id}/resume", data={})
    assert unconfirmed.status_code == 422
    assert "Every player must be back" in unconfirmed.get_data(as_text=True)
    resumed = client.post(f"/games/{game.id}/resume", data={"everyone_present": "y"})
    assert resumed.status_code == 302
    assert db.session.get(type(game), game.id).status == GameStatus.PLAYING


def test_suspend_is_refused_once_the_hand_is_under_way(client, make_game):
    game = make_game()
    hand = games.current_hand(game)
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": game.seats[1].id})
    page = client.post(f"/games/{game.id}/suspend", follow_redirects=True).get_data(as_text=True)
    assert "A game stops only between hands" in page
    assert db.session.get(type(game), game.id).status == GameStatus.PLAYING


def test_a_game_suspended_over_new_year_can_only_be_closed(client, make_game, monkeypatch):
    game = make_game(started_on=date(2025, 12, 30))
    interruptions.suspend(game)
    db.session.commit()
    monkeypatch.setattr(interruptions, "today", lambda game: date(2026, 1, 2))

    shown = client.get(f"/games/{game.id}/resume").get_data(as_text=True)
    assert "The game began in 2025" in shown and "End the game here" in shown
    refused = client.post(f"/games/{game.id}/resume", data={"everyone_present": "y"})
    assert refused.status_code == 422
    assert db.session.get(type(game), game.id).status == GameStatus.SUSPENDED

    client.post(f"/games/{game.id}/close")
    closed = db.session.get(type(game), game.id)
    assert (closed.status, closed.discarded) == (GameStatus.INCOMPLETE, True)
    shown = client.get(f"/games/{game.id}").get_data(as_text=True)
    assert "did not go on. Nobody played every hand, so the game counts for nothing." in shown
    assert "Hand 1 of 7" not in shown


# --- May I? ---


def test_may_i_is_recorded_and_the_expected_hand_size_grows(client, make_game):
    game = make_game()
    hand = games.current_hand(game)
    bob = game.seats[1]
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": bob.id})

    assert count(MayIClaim) == 1
    page = client.get(f"/games/{game.id}").get_data(as_text=True)
    # 12 dealt + (1 discard + 1 penalty card) for Bob's claim
    assert '<td class="num" data-testid="hand-size">14</td>' in page


def test_may_i_past_the_limit_is_refused(client, make_game):
    game = make_game()
    rules_data = dict(game.rules_data)
    rules_data["may_i"] = dict(rules_data["may_i"], per_hand_limit=1)
    game.rules_data = rules_data
    db.session.commit()
    hand = games.current_hand(loaded(game))
    url = f"/games/{game.id}/hands/{hand.id}/mayi"
    bob = {"seat": game.seats[1].id}
    client.post(url, data=bob)
    page = client.post(url, data=bob, follow_redirects=True)

    assert "may say May I? only once in this hand" in page.get_data(as_text=True)
    assert count(MayIClaim) == 1


def test_no_buying_after_going_down_in_liverpool(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat"), preset="liverpool")
    hand = games.current_hand(game)
    page = client.post(
        f"/games/{game.id}/hands/{hand.id}/mayi",
        data={"seat": game.seats[1].id, "is_down": "y"},
        follow_redirects=True,
    ).get_data(as_text=True)
    assert "No May I? once you have gone down." in page
    assert count(MayIClaim) == 0


def test_a_may_i_can_be_taken_back(client, make_game):
    game = make_game()
    hand = games.current_hand(game)
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": game.seats[1].id})
    claim = db.session.scalars(select(MayIClaim)).one()
    client.post(f"/games/{game.id}/hands/{hand.id}/mayi/take-back", data={"claim": claim.id})
    assert count(MayIClaim) == 0


@pytest.mark.parametrize(
    ("preset", "current", "claimants", "first", "winner"),
    [
        ("continental", 0, [3, 1], -1, "Bob"),
        ("continental", 3, [1, 2], -1, "Bob"),
        ("may-i-deuces", 0, [3, 1], 3, "Dan"),
    ],
    ids=["nearest", "nearest-wraps-round", "first-to-ask"],
)
def test_priority_helper_names_who_gets_the_discard(
    client, make_game, preset, current, claimants, first, winner
):
    game = make_game(preset=preset)
    query = f"current={current}&first={first}&" + "&".join(f"claimants={c}" for c in claimants)
    page = client.get(f"/games/{game.id}/mayi?{query}").get_data(as_text=True)
    assert f"<strong>{winner}</strong> gets the discard" in page


# --- the stock and the rulings ---


def test_stock_running_out_twice_ends_a_continental_hand(client, make_game):
    game = make_game()
    hand = games.current_hand(game)
    first = client.post(f"/games/{game.id}/hands/{hand.id}/stock", follow_redirects=True)
    assert "turn the discard pile over" in first.get_data(as_text=True)
    second = client.post(f"/games/{game.id}/hands/{hand.id}/stock", follow_redirects=True)
    shown = page_text(second)
    assert "the hand is over" in shown
    assert "The stock ran out (again)" not in shown  # no third time: the hand is over
    ended = db.session.get(Hand, hand.id)
    assert (ended.stock_renewals, ended.stock_ran_out) == (1, True)  # renewed once, then gone
    form = client.get(f"/games/{game.id}/hand/{hand.number}/score")
    assert is_checked(form, "stock_ran_out")  # the score form starts from what was recorded
    third = client.post(f"/games/{game.id}/hands/{hand.id}/stock", follow_redirects=True)
    assert "The stock is already gone for good" in page_text(third)
    assert db.session.get(Hand, hand.id).stock_renewals == 1


def test_rulings_page_is_searchable(client, make_game):
    game = make_game()
    page = client.get(f"/games/{game.id}/rulings?q=re-deal").get_data(as_text=True)
    assert "A re-deal" in page and "1 of 11 rulings" in page
    assert "The stock runs out" not in page


def _typed(points: int):
    from scorekeeper.rules.entries import PlayerEntry

    return PlayerEntry(typed_total=points)


def test_priority_helper_gives_the_discard_to_the_player_in_turn(client, make_game):
    game = make_game()
    # The page's HTML with its entities read back: the name may be escaped ("Bob&#39;s").
    text = page(client.get(f"/games/{game.id}/mayi?current=1&claimants=1&claimants=3"))
    assert "It is <strong>Bob's</strong> turn" in text and "no penalty card" in text


def test_priority_helper_records_the_winners_may_i(client, make_game):
    game = make_game()
    hand = games.current_hand(game)
    text = client.get(f"/games/{game.id}/mayi?current=0&claimants=2").get_data(as_text=True)
    assert f'action="/games/{game.id}/hands/{hand.id}/mayi"' in text
    assert f'name="seat" value="{game.seats[2].id}"' in text
    response = client.post(
        f"/games/{game.id}/hands/{hand.id}/mayi", data={"seat": game.seats[2].id}
    )
    assert response.location.endswith(f"/games/{game.id}#mayi")
    assert count(MayIClaim) == 1


@pytest.mark.parametrize(
    ("action", "refusal"),
    [
        ("mayi", "The game is suspended: resume it before recording a May I?."),
        ("stock", "The game is suspended: resume it before recording that the stock ran out."),
        ("redeal", "The game is suspended: resume it before dealing a hand again."),
    ],
)
def test_nothing_of_a_hand_is_recorded_while_the_game_is_suspended(
    client, make_game, action, refusal
):
    """A game stops between hands: no cards are in play until it goes on."""
    game = make_game()
    hand = games.current_hand(game)
    interruptions.suspend(game)
    db.session.commit()
    version = loaded(game).version
    data = {
        "mayi": {"seat": game.seats[1].id},
        "stock": {},
        "redeal": {"reason": "A card was turned over.", "version": hand.version},
    }[action]

    answer = client.post(f"/games/{game.id}/hands/{hand.id}/{action}", data=data)
    shown = page(client.get(answer.headers["Location"]))

    assert refusal in shown
    db.session.expire_all()
    still = db.session.get(Hand, hand.id)
    assert (still.state, still.stock_renewals, still.stock_ran_out) == (HandState.PLAYING, 0, False)
    assert count(MayIClaim) == 0
    assert count(Hand) == 1
    assert db.session.get(type(game), game.id).version == version
