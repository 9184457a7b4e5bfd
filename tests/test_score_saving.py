"""Saving through the score form writes exactly the rows the operation `score_hand` writes.

Two games get the same reports, one through the operation and one through the page, and must
end with the same hands, score rows, seats and game versions (ids and times aside): the form
reads each report as it was sent, and a save moves the versions once however the game was
loaded.
"""

from __future__ import annotations

import pytest
from conftest import CONTINENTAL_COUNTS, loaded, out, play_hand, tally
from sqlalchemy import event, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandScore, HandState, Seat
from scorekeeper.play import games
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
LABELS = dict(zip((g.label for g in preset("continental").prices), CONTINENTAL_COUNTS, strict=True))

# Seven hands and a re-play: penalties, a typed total, a posted missing score, the stock
# gone with nobody out, a hand played again (only one score given), a player who left.
REPORTS: list[tuple[list[PlayerEntry], bool]] = [
    ([out(), tally(low=1), tally(high=2, ace=1), tally(joker=1)], False),
    (
        [
            PlayerEntry(tally={"2-9": 2}, short_cards=1, penalty=15, penalty_reason="Misdeal"),
            out(),
            PlayerEntry(typed_total=35),
            tally(ace=2),
        ],
        False,
    ),
    ([out(), tally(low=3), PlayerEntry(no_score=True), tally(high=1)], False),
    ([tally(low=1), tally(high=1), tally(ace=1), tally(joker=1)], True),
    (
        [
            out(),
            PlayerEntry(no_score=True),
            PlayerEntry(no_score=True),
            PlayerEntry(no_score=True),
        ],
        False,
    ),
    ([tally(low=2), out(), tally(high=1), tally(low=1)], False),
    ([out(), tally(joker=2), tally(low=4), tally(ace=1)], False),
    ([tally(high=1), tally(low=1), out(), tally(ace=3)], False),
    ([out(), tally(low=1), tally(low=2), tally(low=3)], False),
]


def form_of(hand: Hand, entries: list[PlayerEntry], stock_ran_out: bool) -> dict[str, str]:
    """The hand form as a browser sends this report."""
    data = {"version": str(hand.version), "confirm": "y", "made_by": "", "reason": ""}
    if stock_ran_out:
        data["stock_ran_out"] = "y"
    for i, entry in enumerate(entries):
        prefix = f"p{i}_"
        for label, name in LABELS.items():
            data[prefix + name] = str(entry.tally.get(label, 0))
        data[prefix + "total"] = "" if entry.typed_total is None else str(entry.typed_total)
        data[prefix + "short"] = str(entry.short_cards)
        data[prefix + "penalty"] = str(entry.penalty)
        data[prefix + "penalty_reason"] = entry.penalty_reason
        if entry.went_out:
            data[prefix + "out"] = "y"
        if entry.no_score:
            data[prefix + "no_score"] = "y"
    return data


def rows_of(game_id: int) -> dict[str, object]:
    """The game's rows as a reader compares them: no ids of its own, no times."""
    db.session.expire_all()
    game = db.session.get(Game, game_id)
    seats = db.session.scalars(select(Seat).filter_by(game_id=game_id).order_by(Seat.position))
    position = {}
    seat_rows = []
    for seat in seats:
        position[seat.id] = seat.position
        seat_rows.append(
            (seat.position, seat.left_from_hand, seat.final_total, seat.place, seat.total_posted)
            + (seat.hands_out, seat.posted_hands, seat.net_parts)
        )
    hand_rows, score_rows = [], []
    found = select(Hand).filter_by(game_id=game_id).order_by(Hand.number, Hand.attempt)
    for hand in db.session.scalars(found):
        key = (hand.number, hand.attempt)
        hand_rows.append(
            key
            + (hand.dealer_position, hand.state, hand.stock_ran_out, hand.stock_renewals)
            + (hand.note, hand.version, hand.scored_at is None)
        )
        for score in db.session.scalars(select(HandScore).filter_by(hand_id=hand.id)):
            facts = (score.tally, score.typed_total, score.short_cards, score.penalty)
            facts += (score.penalty_reason, score.went_out, score.no_score, score.score)
            score_rows.append(key + (position[score.seat_id],) + facts + (score.posted,))
    return {
        "game": (
            game.status,
            game.version,
            game.discarded,
            game.end_note,
            game.finished_at is None,
        ),
        "seats": seat_rows,
        "hands": hand_rows,
        "scores": sorted(score_rows, key=repr),
    }


@pytest.mark.parametrize("leaves", [False, True], ids=["all stay", "a player leaves"])
def test_the_page_saves_the_rows_the_operation_saves(client, make_game, leaves):
    by_operation = make_game(players=PLAYERS)
    by_page = make_game(players=PLAYERS, league=by_operation.league)
    for game in (by_operation, by_page):
        if leaves:  # Dan plays no hand after the fifth: the deal passes him by
            loaded(game).seats[3].left_from_hand = 6
    db.session.commit()

    for entries, stock_ran_out in REPORTS:
        if games.is_over(by_operation):
            break
        hand = games.current_hand(loaded(by_operation))
        seated = len(games.seats_at_hand(by_operation, hand.number))
        play_hand(by_operation, entries[:seated], stock_ran_out)

        db.session.expire_all()
        page_game = games.load_game(by_page.id)
        hand = games.current_hand(page_game)
        response = client.post(
            f"/games/{by_page.id}/hand/{hand.number}/score",
            data=form_of(hand, entries[:seated], stock_ran_out),
        )
        assert response.status_code == 302, response.get_data(as_text=True)
        page, operation = rows_of(by_page.id), rows_of(by_operation.id)
        if games.is_over(db.session.get(Game, by_operation.id)):
            break
        assert page == operation, f"after hand {hand.number}"

    assert games.is_over(db.session.get(Game, by_operation.id))
    assert page == operation


def statements_sent(client, path: str, data: dict[str, str]) -> int:
    """How many statements the database receives while the page saves this form."""
    sent: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:
        sent.append(statement)

    event.listen(db.engine, "before_cursor_execute", count)
    try:
        response = client.post(path, data=data)
    finally:
        event.remove(db.engine, "before_cursor_execute", count)
    assert response.status_code == 302, response.get_data(as_text=True)
    return len(sent)


def test_a_save_sends_as_many_statements_at_hand_12_as_at_hand_1(client, make_game):
    """Saving reads the game in a fixed number of queries, however many hands it holds."""
    game = make_game(players=("Ann", "Bob", "Cat"), preset="progressive-13")
    report = [PlayerEntry(went_out=True), PlayerEntry(typed_total=20), PlayerEntry(typed_total=5)]
    form = {"confirm": "y", "p0_out": "y", "p1_total": "20", "p2_total": "5"}
    sent: dict[int, int] = {}
    for number in range(1, 13):
        db.session.expire_all()  # the request loads the game itself, as on a server
        hand = db.session.scalars(
            select(Hand).filter_by(game_id=game.id, state=HandState.PLAYING)
        ).one()
        if number in (1, 12):
            path = f"/games/{game.id}/hand/{hand.number}/score"
            sent[number] = statements_sent(client, path, form | {"version": str(hand.version)})
        else:
            play_hand(hand.game, report)

    assert games.current_hand(games.load_game(game.id)).number == 13
    assert sent[12] == sent[1]
