"""Scoring a hand at the table: the checks, the saved scores, double taps and re-deals."""

from __future__ import annotations

import re

import pytest
from conftest import hand_data, out, play_hand, tally
from reading import input_value, is_checked, markup, totals, visible_text
from sqlalchemy import func, select
from sqlalchemy.orm import joinedload

from scorekeeper.extensions import db
from scorekeeper.models import Correction, Game, GameStatus, Hand, HandScore, HandState, Seat
from scorekeeper.play import games

FOUR = ("Ann", "Bob", "Cat", "Dan")
OUT = {"out": "y"}
# Continental's count fields by group: 2-9 5 points, 10-K 10, A 20, Joker 50.
GROUPS = {"low": "cards_2_9", "high": "cards_10_k", "ace": "cards_a", "joker": "cards_joker"}


def cards(**counts: int) -> dict[str, int]:
    """A player's tally by Continental price group: cards(low=2, ace=1)."""
    return {GROUPS[name]: n for name, n in counts.items()}


def score_url(game: Game, hand: Hand) -> str:
    return f"/games/{game.id}/hand/{hand.number}/score"


def scores(hand: Hand) -> dict[str, int | None]:
    """The saved score of each player for the hand, by name."""
    rows = db.session.scalars(
        select(HandScore)
        .filter_by(hand_id=hand.id)
        .options(joinedload(HandScore.seat).joinedload(Seat.player))
    )
    return {row.seat.player.name: row.score for row in rows}


def hands_of(game: Game) -> list[tuple[int, int, str]]:
    """(number, attempt, state) of each hand of the game, in order."""
    rows = db.session.scalars(
        select(Hand).filter_by(game_id=game.id).order_by(Hand.number, Hand.attempt)
    )
    return [(h.number, h.attempt, h.state.value) for h in rows]


def score_rows() -> int:
    return db.session.scalar(select(func.count()).select_from(HandScore))


def assert_nothing_saved(game: Game) -> None:
    db.session.expire_all()
    assert score_rows() == 0
    assert hands_of(game) == [(1, 1, "playing")]
    assert db.session.get(Game, game.id).status == GameStatus.PLAYING


# --- refused hands ---

# What a player reports, as the refusals below use it.
LOW = cards(low=1)
BOTH_WAYS = {**cards(low=2), "total": 10}
OUT_TALLY = {**OUT, **cards(high=1)}
OUT_TOTAL = {**OUT, "total": 10}
OUT_SHORT = {**OUT, "short": 1}
FINED = {**LOW, "penalty": 20}
FINED_BLANK = {**FINED, "penalty_reason": "   "}
ZERO = {"total": 0}
TOO_MANY = cards(low=109)

# fmt: off
REFUSALS = {
    # id:                     Ann,        Bob,          stock,  message
    "two-out":               (OUT,        OUT,          False,  "Only one player can go out in a hand, but Ann and Bob are marked out."),
    "nobody-out":            (LOW,        LOW,          False,  "Nobody is marked out. Mark who went out, or tick that the stock ran out if the hand ended with nobody out."),
    "out-and-stock-ran-out": (OUT,        LOW,          True,   "Ann went out, so the hand did not end with the stock running out."),
    "nothing-given":         (OUT,        {},           False,  "Bob: tap the cards left in hand, type their total, or mark Bob as out."),
    "tally-and-total":       (OUT,        BOTH_WAYS,    False,  "Bob: give the cards by tapping or as a typed total, not both."),
    "out-with-a-tally":      (OUT_TALLY,  LOW,          False,  "Ann went out, so they hold no cards: clear their cards or total."),
    "out-with-a-total":      (OUT_TOTAL,  LOW,          False,  "Ann went out, so they hold no cards: clear their cards or total."),
    "penalty-no-reason":     (OUT,        FINED,        False,  "Bob: say why the 20-point penalty is given."),
    "penalty-blank-reason":  (OUT,        FINED_BLANK,  False,  "Bob: say why the 20-point penalty is given."),
    "typed-zero":            (OUT,        ZERO,         False,  "Bob did not go out, so they hold at least one card: a total of 0 is not possible."),
    "out-and-short":         (OUT_SHORT,  LOW,          False,  "Ann went out, so no cards can be missing from their hand."),
    "more-cards-than-exist": (OUT,        TOO_MANY,     False,  "Bob: 109 cards is more than the 108 cards in play."),
}
# fmt: on


@pytest.mark.parametrize(("ann", "bob", "stock", "message"), REFUSALS.values(), ids=REFUSALS)
def test_refused_hand_says_why_and_saves_nothing(client, make_game, ann, bob, stock, message):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    extra = {"stock_ran_out": "y"} if stock else {}
    players = [ann, bob, LOW, LOW]  # Cat and Dan hold a low card each

    response = client.post(score_url(game, hand), data=hand_data(hand, players, **extra))

    assert response.status_code == 422
    shown = visible_text(response)
    assert "Nothing was saved yet." in shown
    assert message in shown
    assert_nothing_saved(game)


# fmt: off
@pytest.mark.parametrize(
    ("field",       "value", "message"),
    [
        ("p1_cards_2_9",       "-1",    "Give a whole number of cards, 0 to 500."),
        ("p1_cards_joker",       "two",   "Give a whole number of cards, 0 to 500."),
        ("p1_cards_10_k",       "1.5",   "Give a whole number of cards, 0 to 500."),
        ("p1_cards_10_k",       "²",     "Give a whole number of cards, 0 to 500."),
        ("p1_cards_10_k",       "٣",     "Give a whole number of cards, 0 to 500."),
        ("p1_cards_10_k",       "9" * 30, "Give a whole number of cards, 0 to 500."),
        ("p1_total",    "-5",    "Give a whole number of points, 0 to 10000."),
        ("p1_total",    "ten",   "Give a whole number of points, 0 to 10000."),
        ("p1_total",    "10001", "Give a whole number of points, 0 to 10000."),
        ("p1_short",    "-2",    "Give a whole number of cards, 0 to 500."),
        ("p1_penalty",  "-10",   "Give a whole number of points, 0 to 10000."),
    ],
    ids=["negative-count", "count-not-a-number", "count-not-whole", "count-superscript",
         "count-arabic-digit", "count-30-digits", "negative-total", "total-not-a-number",
         "total-too-big", "negative-short", "negative-penalty"],
)
# fmt: on
def test_refused_number_is_marked_on_its_field_and_nothing_is_saved(
    client, make_game, field, value, message
):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    players = [OUT, {**cards(low=1), "penalty_reason": "renege"}, cards(low=1), cards(low=1)]
    data = hand_data(hand, players) | {field: value}

    response = client.post(score_url(game, hand), data=data)

    assert response.status_code == 422
    after_field = markup(response).split(f'name="{field}"')[1]
    error = re.search(r'<p class="error"[^>]*>([^<]*)</p>', after_field)
    assert error is not None and message in error.group(1)
    assert input_value(response, field) == value
    assert_nothing_saved(game)


def test_unusual_total_asks_to_confirm_then_saves_when_confirmed(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    players = [OUT, {"total": 23}, cards(low=2), {"total": 15}]

    first = client.post(score_url(game, hand), data=hand_data(hand, players))

    assert first.status_code == 422
    shown = visible_text(first)
    assert (
        "Bob: no cards add up to 23 under these prices. Check the count, or confirm it if it "
        "is right." in shown
    )
    assert "Yes, save hand 1 as it is" in shown  # the button itself confirms
    assert "Nothing was saved yet." not in shown  # a warning, not an error
    assert input_value(first, "p1_total") == "23"
    assert input_value(first, "p2_cards_2_9") == "2"
    assert input_value(first, "p3_total") == "15"
    assert is_checked(first, "p0_out")
    assert_nothing_saved(game)

    second = client.post(score_url(game, hand), data=hand_data(hand, players, confirm="y"))

    assert second.status_code == 302
    assert scores(hand) == {"Ann": 0, "Bob": 23, "Cat": 10, "Dan": 15}
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]


def test_refused_hand_keeps_what_was_typed(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    players = [
        cards(low=1, joker=1),
        {**cards(high=2), "short": 1},
        {"total": 35, "penalty": 25, "penalty_reason": "Played out of turn"},
        cards(ace=3),
    ]

    response = client.post(score_url(game, hand), data=hand_data(hand, players))

    assert response.status_code == 422
    assert "Nobody is marked out." in visible_text(response)
    expected = {
        "p0_cards_2_9": "1", "p0_cards_joker": "1", "p1_cards_10_k": "2", "p1_short": "1", "p2_total": "35",
        "p2_penalty": "25", "p2_penalty_reason": "Played out of turn", "p3_cards_a": "3",
    }  # fmt: skip
    assert {name: input_value(response, name) for name in expected} == expected
    assert not any(is_checked(response, f"p{i}_out") for i in range(4))
    assert_nothing_saved(game)


def test_refused_hand_marks_only_the_field_in_error_invalid(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    data = hand_data(hand, [OUT, cards(low=1), cards(low=1), cards(low=1)]) | {"p1_penalty": "-10"}

    response = client.post(score_url(game, hand), data=data)

    inputs = re.findall(r"<input[^>]*>", markup(response))
    marked = {re.search(r'name="(\w+)"', tag).group(1): tag for tag in inputs if "aria-" in tag}
    invalid = [name for name, tag in marked.items() if "aria-invalid" in tag]
    assert invalid == ["p1_penalty"]
    assert 'aria-invalid="true"' in marked["p1_penalty"]
    assert 'aria-describedby="p1_penalty-error"' in marked["p1_penalty"]
    assert not [name for name, tag in marked.items() if '="None"' in tag]


# --- saved hands ---


def test_saved_hand_scores_cards_short_cards_and_penalties(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    players = [
        OUT,
        cards(low=2, high=1, ace=1, joker=1),
        {**cards(low=1), "short": 2},
        {"total": 15, "penalty": 25, "penalty_reason": "  Renege  "},
    ]

    response = client.post(score_url(game, hand), data=hand_data(hand, players))

    assert response.status_code == 302
    assert response.location == f"/games/{game.id}"
    assert scores(hand) == {"Ann": 0, "Bob": 90, "Cat": 25, "Dan": 40}
    rows = {r.seat.player.name: r for r in db.session.scalars(select(HandScore))}
    assert rows["Ann"].went_out and not rows["Bob"].went_out
    assert rows["Bob"].tally == {"2-9": 2, "10-K": 1, "A": 1, "Joker": 1}
    assert (rows["Cat"].tally, rows["Cat"].short_cards) == ({"2-9": 1}, 2)
    assert (rows["Dan"].typed_total, rows["Dan"].penalty) == (15, 25)
    assert rows["Dan"].penalty_reason == "Renege"
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]


def test_next_hand_is_dealt_by_the_next_seat_and_totals_show(client, make_game):
    game = make_game(players=FOUR, first_dealer=3)
    hand = game.hands[0]
    players = [OUT, cards(low=2), cards(ace=1), cards(joker=1)]

    response = client.post(score_url(game, hand), data=hand_data(hand, players))
    table = client.get(response.location)

    shown = visible_text(table)
    assert "Hand 1 saved." in shown
    assert 'data-testid="dealer">Ann<' in markup(table)  # seat 3 dealt hand 1, seat 0 deals hand 2
    assert 'data-testid="first-player">Bob<' in markup(table)
    nxt = db.session.scalars(select(Hand).filter_by(game_id=game.id, number=2)).one()
    assert nxt.dealer_position == 0
    assert totals(table) == [("1", "Ann", "0"), ("2", "Bob", "10"), ("3", "Cat", "20"),
                             ("4", "Dan", "50")]  # fmt: skip


def test_stock_ran_out_with_nobody_out_scores_everyone(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    players = [cards(low=1), cards(high=1), cards(ace=1), {"total": 15}]

    response = client.post(
        score_url(game, hand), data=hand_data(hand, players, stock_ran_out="y")
    )

    assert response.status_code == 302
    assert scores(hand) == {"Ann": 5, "Bob": 10, "Cat": 20, "Dan": 15}
    assert not any(r.went_out for r in db.session.scalars(select(HandScore)))
    assert db.session.get(Hand, hand.id).stock_ran_out
    assert "stock ran out" in visible_text(client.get(f"/games/{game.id}/sheet"))


def test_game_finishes_after_hand_7_with_shared_places(client, make_game):
    game = make_game(players=FOUR)
    for _ in range(6):
        play_hand(game, [out(), tally(low=1), tally(low=1), tally(low=1)])
    hand = db.session.scalars(
        select(Hand).filter_by(game_id=game.id, state=HandState.PLAYING)
    ).one()
    assert hand.number == 7

    players = [OUT, {"total": 10}, cards(high=1), cards(joker=1)]
    response = client.post(score_url(game, hand), data=hand_data(hand, players))

    assert response.status_code == 302
    db.session.expire_all()
    finished = games.load_game(game.id)
    assert finished.status == GameStatus.FINISHED
    assert finished.finished_at is not None
    assert [h.state for h in finished.hands] == [HandState.SCORED] * 7
    table = client.get(response.location)
    shown = visible_text(table)
    assert "Game over" in shown
    assert "Ann wins" in shown
    assert totals(table) == [("1", "Ann", "0"), ("2", "Bob", "40"), ("2", "Cat", "40"),
                             ("4", "Dan", "80")]  # fmt: skip
    sheet = visible_text(client.get(f"/games/{game.id}/sheet"))
    assert "7 of 7 hands scored" in sheet
    assert "Final places" in sheet


# --- a hand sent twice ---


def test_double_tap_saves_the_hand_once(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    form = client.get(score_url(game, hand))
    data = hand_data(hand, [OUT, cards(low=2), cards(high=1), {"total": 15}])
    data["version"] = input_value(form, "version")

    first = client.post(score_url(game, hand), data=data)
    second = client.post(score_url(game, hand), data=data)

    assert first.status_code == 302
    assert second.status_code == 302
    assert second.location == f"/games/{game.id}"
    assert "Hand 1 was already saved, exactly as you sent it." in visible_text(client.get(second.location))
    assert score_rows() == 4
    assert scores(hand) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]


@pytest.mark.parametrize("version", ["from-the-form", "current", "missing"])
def test_different_second_report_is_refused_and_the_first_stands(
    client, make_game, version
):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    seen = input_value(client.get(score_url(game, hand)), "version")
    first = hand_data(hand, [OUT, cards(low=2), cards(high=1), {"total": 15}])
    other = hand_data(hand, [cards(low=3), OUT, cards(ace=1), {"total": 40}])
    client.post(score_url(game, hand), data=first | {"version": seen})
    other["version"] = {"from-the-form": seen, "current": str(hand.version), "missing": ""}[
        version
    ]
    if version == "missing":
        del other["version"]

    response = client.post(score_url(game, hand), data=other)

    assert response.status_code == 409
    shown = visible_text(response)
    assert "Hand 1 was already saved" in shown
    assert "Another phone saved this hand first." in shown
    assert scores(hand) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]


def saved_beside_sent(response) -> list[tuple[str, ...]]:
    """The rows of the table that sets the saved scores beside the ones this phone sent."""
    table = re.search(r'data-testid="saved-beside-sent".*?<tbody>(.*?)</tbody>', markup(response), re.S)
    assert table, "no saved scores beside the sent ones"
    return [
        tuple(" ".join(re.sub(r"<[^>]+>", " ", cell).split()) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S))
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(1), re.S)
    ]


@pytest.mark.parametrize(
    ("second", "differ", "rows"),
    [
        (
            [cards(low=3), OUT, cards(ace=1), {"total": 40}],
            "Your scores differ for Ann, Bob, Cat, Dan: compare them at the table.",
            [("Ann", "out · 0", "15 differs"), ("Bob", "10", "out · 0 differs"),
             ("Cat", "10", "20 differs"), ("Dan", "15", "40 differs")],
        ),
        (
            [OUT, cards(low=2), cards(high=1), {"total": 20}],
            "Your scores differ for Dan: compare them at the table.",
            [("Ann", "out · 0", "out · 0"), ("Bob", "10", "10"), ("Cat", "10", "10"),
             ("Dan", "15", "20 differs")],
        ),
        (
            [OUT, cards(high=1), cards(high=1), {"total": 15}],
            "Every score you sent matches the one saved; only the details behind them differ.",
            [("Ann", "out · 0", "out · 0"), ("Bob", "10", "10"), ("Cat", "10", "10"),
             ("Dan", "15", "15")],
        ),
    ],
    ids=["all-differ", "one-differs", "same-scores"],
)  # fmt: skip
def test_the_phone_that_lost_the_race_sees_what_it_sent_beside_what_was_saved(
    client, make_game, second, differ, rows
):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    seen = input_value(client.get(score_url(game, hand)), "version")
    first = hand_data(hand, [OUT, cards(low=2), cards(high=1), {"total": 15}])
    client.post(score_url(game, hand), data=first | {"version": seen})

    response = client.post(score_url(game, hand), data=hand_data(hand, second) | {"version": seen})

    assert response.status_code == 409
    assert differ in visible_text(response)
    assert saved_beside_sent(response) == rows
    assert "Fix hand 1 with what you sent" in visible_text(response)
    assert scores(hand) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}


def sent_again(response, action: str) -> dict[str, str]:
    """The inputs of the page's form that posts to `action`, as the browser sends them."""
    form = re.search(rf'<form method="post" action="{action}">(.*?)</form>', markup(response), re.S)
    assert form, action
    return dict(re.findall(r'<input name="([^"]+)" type="hidden" value="([^"]*)">', form.group(1)))


def test_the_losing_phone_opens_the_fix_form_with_what_it_sent_and_may_save_it(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    seen = input_value(client.get(score_url(game, hand)), "version")
    first = hand_data(hand, [OUT, cards(low=2), cards(high=1), {"total": 15}])
    client.post(score_url(game, hand), data=first | {"version": seen})
    sent = [OUT, cards(low=2), cards(high=1, ace=1), {"total": 20}]
    lost = client.post(score_url(game, hand), data=hand_data(hand, sent) | {"version": seen})
    edit_url = f"/games/{game.id}/hands/{hand.id}/edit"

    opened = client.post(edit_url, data=sent_again(lost, edit_url))

    # The fix form shows this phone's numbers; nothing is saved until it is sent.
    assert opened.status_code == 200
    assert "Fix hand 1" in visible_text(opened)
    assert [input_value(opened, f"p2_{GROUPS[g]}") for g in ("high", "ace")] == ["1", "1"]
    assert input_value(opened, "p3_total") == "20"
    assert scores(hand) == {"Ann": 0, "Bob": 10, "Cat": 10, "Dan": 15}
    assert db.session.scalar(select(func.count()).select_from(Correction)) == 0

    again = hand_data(hand, sent, version=input_value(opened, "version"), made_by="Amy")
    saved = client.post(edit_url, data=again)

    assert saved.status_code == 302
    assert scores(hand) == {"Ann": 0, "Bob": 10, "Cat": 30, "Dan": 20}
    assert db.session.scalar(select(func.count()).select_from(Correction)) == 1


def test_form_opened_before_the_stock_ran_out_is_not_told_the_hand_was_saved(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    seen = input_value(client.get(score_url(game, hand)), "version")
    client.post(f"/games/{game.id}/hands/{hand.id}/stock")  # tapped on another phone
    data = hand_data(hand, [cards(low=1), cards(high=1), cards(ace=1), cards(joker=1)])

    response = client.post(
        score_url(game, hand), data=data | {"version": seen, "stock_ran_out": "y"}
    )

    # Nobody saved hand 1: refusing is fine, saying another phone saved it is not.
    shown = visible_text(response)
    assert "was already saved" not in shown
    assert "Another phone saved this hand first." not in shown
    if response.status_code != 302:
        assert_nothing_saved(game)


# --- hands that are not this game's ---


@pytest.mark.parametrize(
    ("method", "action"),
    [("get", "score"), ("post", "score"), ("get", "edit"), ("post", "edit"), ("post", "redeal")],
)
def test_hand_of_another_game_is_not_found(client, make_game, make_league, method, action):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    mine = make_game(players=FOUR, league=league)
    theirs = make_game(players=("Bob", "Cat", "Dan", "Eve"), league=league)
    play_hand(theirs, [out(), tally(low=1), tally(low=1), tally(low=1)])
    their_hand = theirs.hands[0]
    data = hand_data(their_hand, [OUT, cards(low=1), cards(low=1), cards(low=1)])
    data["reason"] = "a card was exposed"

    response = getattr(client, method)(
        f"/games/{mine.id}/hands/{their_hand.id}/{action}", data=data
    )

    assert response.status_code == 404
    assert score_rows() == 4
    assert hands_of(mine) == [(1, 1, "playing")]


def test_missing_game_is_not_found(client, make_game):
    game = make_game(players=FOUR)
    assert client.get(f"/games/{game.id + 1}").status_code == 404
    assert client.get(f"/games/{game.id + 1}/hand/{game.hands[0].number}/score").status_code == 404


# --- re-deals ---


def redeal(client, game: Game, hand: Hand, **data):
    return client.post(
        f"/games/{game.id}/hands/{hand.id}/redeal", data={"version": str(hand.version)} | data
    )


def test_redeal_records_a_new_attempt_with_the_same_dealer(client, make_game):
    game = make_game(players=FOUR, first_dealer=2)
    hand = game.hands[0]

    response = redeal(client, game, hand, reason="  A card was   exposed ")

    assert response.status_code == 302
    assert hands_of(game) == [(1, 1, "redealt"), (1, 2, "playing")]
    old, again = db.session.scalars(
        select(Hand).filter_by(game_id=game.id).order_by(Hand.attempt)
    ).all()
    assert old.note == "A card was exposed"
    assert again.dealer_position == old.dealer_position == 2
    assert score_rows() == 0
    shown = visible_text(client.get(response.location))
    assert "Hand 1 is dealt again by the same dealer." in shown
    assert "dealt again (1)" in shown
    assert 'data-testid="dealer">Cat<' in markup(client.get(response.location))


def test_redealt_hand_is_scored_and_the_deal_then_moves_on(client, make_game):
    game = make_game(players=FOUR, first_dealer=2)
    redeal(client, game, game.hands[0], reason="Misdeal")
    again = db.session.scalars(select(Hand).filter_by(game_id=game.id, attempt=2)).one()

    response = client.post(
        score_url(game, again),
        data=hand_data(again, [OUT, cards(low=1), cards(low=1), cards(low=1)]),
    )

    assert response.status_code == 302
    assert hands_of(game) == [(1, 1, "redealt"), (1, 2, "scored"), (2, 1, "playing")]
    hand_2 = db.session.scalars(select(Hand).filter_by(game_id=game.id, number=2)).one()
    assert hand_2.dealer_position == 3
    sheet = visible_text(client.get(f"/games/{game.id}/sheet"))
    assert "Hand 1 was dealt again: Misdeal" in sheet


# fmt: off
@pytest.mark.parametrize(
    ("data",                                   "message"),
    [
        ({"reason": ""},                           "Say why the hand is dealt again."),
        ({"reason": "    "},                       "Say why the hand is dealt again."),
        ({"reason": "Misdeal", "version": "0"},    "The hand changed on another phone; look again."),
    ],
    ids=["no-reason", "blank-reason", "stale-version"],
)
# fmt: on
def test_redeal_refused_changes_nothing(client, make_game, data, message):
    game = make_game(players=FOUR)
    hand = game.hands[0]

    response = redeal(client, game, hand, **data)

    assert message in visible_text(client.get(response.location))
    assert hands_of(game) == [(1, 1, "playing")]
    assert db.session.get(Hand, hand.id).note == ""


def test_scored_hand_cannot_be_redealt(client, make_game):
    game = make_game(players=FOUR)
    hand = game.hands[0]
    play_hand(game, [out(), tally(low=1), tally(low=1), tally(low=1)])

    response = redeal(client, game, hand, reason="Misdeal")

    assert "Hand 1 is not being played, so it cannot be re-dealt." in visible_text(
        client.get(response.location)
    )
    assert hands_of(game) == [(1, 1, "scored"), (2, 1, "playing")]
