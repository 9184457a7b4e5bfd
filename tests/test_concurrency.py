"""No lost or doubled write: phones racing to save a hand, and failures halfway through.

The races need a database shared by threads: a SQLite file (or PostgreSQL when
TEST_DATABASE_URL is set), never the in-memory database of the other tests.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from conftest import CONTINENTAL_COUNTS, ON_POSTGRES, SETTINGS, out, play_hand, tally
from flask import Flask
from sqlalchemy import func, select
from test_access import Browser, database_rows, hand_fields

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.models import Game, Hand, HandScore
from scorekeeper.play import endings, games, hands

# On PostgreSQL the threads share the `app` fixture's database (asked for at run time).
pytestmark = pytest.mark.database

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
HANDS_PER_GAME = 7
ROUNDS = 100


@pytest.fixture
def shared_app(request, tmp_path) -> Iterator[Flask]:
    """An app on a database that every thread reaches through its own connection.

    Errors answer the 500 page, as in production, so a race lost to a crash is counted.
    """
    if ON_POSTGRES:
        app = request.getfixturevalue("app")
        app.config["PROPAGATE_EXCEPTIONS"] = False
        yield app
        return
    app = create_app(
        {
            **SETTINGS,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'c.db'}",
            "PROPAGATE_EXCEPTIONS": False,
        },
        instance_path=tmp_path / "instance",
    )
    with app.app_context():
        db.create_all()
        yield app
        db.session.remove()
        db.engine.dispose()


@dataclass(frozen=True)
class Table:
    owner_id: int
    game_ids: list[int]


def start_games(count: int) -> Table:
    """An owner, a league of four, and `count` games of seven hands waiting to be played."""
    owner = accounts.create_account("owner", "owner-password")
    league = leagues.create_league("The Smiths", "continental", owner)
    players = [leagues.add_player(league, name) for name in PLAYERS]
    started = [games.start_game(league, league.rulesets[0], players, 0) for _ in range(count)]
    db.session.commit()
    return Table(owner.id, [game.id for game in started])


def hand_in_play(game_id: int) -> Hand:
    db.session.expire_all()
    return games.current_hand(games.load_game(game_id))


def report(went_out: int) -> dict[str, str]:
    """A phone's report: the player in seat `went_out` went out, the others hold two cards."""
    data = {"confirm": "y"}
    for i in range(len(PLAYERS)):
        data.update({f"p{i}_{name}": "0" for name in CONTINENTAL_COUNTS})
        data.update({f"p{i}_total": "", f"p{i}_short": "0", f"p{i}_penalty": "0"})
        data[f"p{i}_penalty_reason"] = ""
        if i == went_out:
            data[f"p{i}_out"] = "y"
        else:
            data[f"p{i}_cards_2_9"] = "2"
    return data


@dataclass(frozen=True)
class Answer:
    status: int
    page: str

    @property
    def kind(self) -> str:
        if self.status == 302:
            return "saved"
        if self.status == 409 and "was already saved" in self.page:
            return "already saved"
        if self.status == 409:
            return "write conflict"
        return f"unexpected {self.status}"


def race(phones: list[Browser], path: str, reports: list[dict[str, str]]) -> list[Answer]:
    """Every phone sends its report to `path` at the same moment."""
    barrier = threading.Barrier(len(phones))
    answers: list[Answer | None] = [None] * len(phones)

    def send(i: int) -> None:
        barrier.wait()
        response = phones[i].client.post(path, data=reports[i])
        answers[i] = Answer(response.status_code, response.get_data(as_text=True))

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(phones))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert all(answer is not None for answer in answers), "a phone got no answer"
    return answers  # type: ignore[return-value]


def hands_recorded(game_ids: list[int]) -> list[tuple[int, int, int, str, int]]:
    """(game, number, attempt, state, score rows) of every hand of these games."""
    db.session.expire_all()
    rows = db.session.execute(
        select(Hand.game_id, Hand.number, Hand.attempt, Hand.state, func.count(HandScore.id))
        .outerjoin(HandScore, HandScore.hand_id == Hand.id)
        .where(Hand.game_id.in_(game_ids))
        .group_by(Hand.id)
        .order_by(Hand.game_id, Hand.number, Hand.attempt)
    )
    return [(g, n, a, state.value, count) for g, n, a, state, count in rows]


def went_out_seat(hand_id: int) -> int:
    scores = db.session.scalars(select(HandScore).filter_by(hand_id=hand_id))
    return next(score.seat.position for score in scores if score.went_out)


def test_two_phones_saving_the_same_hand_100_times_record_each_hand_once(shared_app):
    games_needed = -(-ROUNDS // HANDS_PER_GAME)
    table = start_games(games_needed)
    phones = [Browser(shared_app, account_id=table.owner_id) for _ in range(2)]
    reports = [report(went_out=0), report(went_out=1)]

    kinds: Counter[str] = Counter()
    wrong, conflict_pages = [], []
    for n in range(ROUNDS):
        game_id = table.game_ids[n // HANDS_PER_GAME]
        hand = hand_in_play(game_id)
        answers = race(phones, f"/games/{game_id}/hand/{hand.number}/score", reports)
        kinds.update(answer.kind for answer in answers)
        statuses = sorted(answer.status for answer in answers)
        if statuses != [302, 409]:
            wrong.append(f"round {n}, hand {hand.number}: {[a.kind for a in answers]}")
            continue
        winner = [answer.status for answer in answers].index(302)
        if went_out_seat(hand.id) != winner:
            wrong.append(f"round {n}: the saved report is not the one answered 'saved'")
        conflict_pages += [(hand.number, a) for a in answers if a.status == 409]

    print(f"\n{ROUNDS} races of two phones on {db.engine.dialect.name}: {dict(kinds)}")
    recorded = hands_recorded(table.game_ids)
    scored = [row for row in recorded if row[3] == "scored"]
    assert len(scored) == ROUNDS
    assert all(count == len(PLAYERS) for *_, count in scored)
    assert all(attempt == 1 for _, _, attempt, _, _ in recorded)
    assert db.session.scalar(select(func.count()).select_from(HandScore)) == ROUNDS * len(PLAYERS)
    finished = db.session.scalars(select(Game).where(Game.id.in_(table.game_ids))).all()
    assert sum(game.status.value == "finished" for game in finished) == ROUNDS // HANDS_PER_GAME
    # One phone saved, the other was told so: never a crash.
    assert not wrong, "\n".join(wrong)
    # The phone that lost is shown what was saved, whichever way it lost the race.
    unshown = [
        (n, a.kind) for n, a in conflict_pages if f"Hand {n} was already saved" not in a.page
    ]
    assert not unshown, f"{len(unshown)} conflicts did not show the saved hand: {unshown[:5]}"


def test_double_tap_racing_itself_records_the_hand_once(shared_app):
    table = start_games(3)
    phone = Browser(shared_app, account_id=table.owner_id)
    taps = [phone, Browser(shared_app, account_id=table.owner_id)]
    same = report(went_out=2)

    kinds: Counter[str] = Counter()
    wrong = []
    for n in range(3 * HANDS_PER_GAME):
        game_id = table.game_ids[n // HANDS_PER_GAME]
        hand = hand_in_play(game_id)
        answers = race(taps, f"/games/{game_id}/hand/{hand.number}/score", [same, same])
        kinds.update(answer.kind for answer in answers)
        # Both taps land on the table: saved, or "already saved, exactly as you sent it".
        if [answer.status for answer in answers] != [302, 302]:
            wrong.append(f"hand {hand.number}: {[a.kind for a in answers]}")

    print(f"\ndouble taps: {dict(kinds)}")
    recorded = hands_recorded(table.game_ids)
    assert [(n, state, count) for _, n, _, state, count in recorded] == [
        (n, "scored", len(PLAYERS)) for _ in range(3) for n in range(1, HANDS_PER_GAME + 1)
    ]
    assert not wrong, "\n".join(wrong)


# --- a failure halfway through a request keeps nothing of it ---


def fail_after(monkeypatch, module, name: str) -> None:
    """Make `module.name` do its work, flush it to the database, then fail."""
    original = getattr(module, name)

    def failing(*args, **kwargs):
        original(*args, **kwargs)
        db.session.flush()
        raise RuntimeError("the power went out")

    monkeypatch.setattr(module, name, failing)


@pytest.fixture
def started(app, client, make_game) -> Game:
    """A game of four with hand 1 scored and hand 2 in play; errors answer 500 pages."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    game = make_game(players=PLAYERS)
    play_hand(game, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    return game


def test_failure_after_the_hand_is_written_keeps_none_of_it(client, started, monkeypatch):
    hand = games.current_hand(started)
    fail_after(monkeypatch, hands, "score_hand")
    before = database_rows()

    response = client.post(f"/games/{started.id}/hand/{hand.number}/score", data=report(1))

    assert response.status_code == 500
    assert database_rows() == before
    assert hand_in_play(started.id).id == hand.id


def test_failure_after_the_last_hand_is_written_keeps_none_of_it(client, started, monkeypatch):
    while games.current_hand(started).number < HANDS_PER_GAME:
        play_hand(started, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    hand = games.current_hand(started)
    fail_after(monkeypatch, endings, "advance")  # the save that ends the game settles it
    before = database_rows()

    response = client.post(f"/games/{started.id}/hand/{hand.number}/score", data=report(1))

    assert response.status_code == 500
    assert database_rows() == before
    assert hand_in_play(started.id).id == hand.id


def test_failure_after_a_correction_is_written_keeps_none_of_it(client, started, monkeypatch):
    scored = started.hands[0]
    fail_after(monkeypatch, games, "touch")
    before = database_rows()

    response = client.post(
        f"/games/{started.id}/hands/{scored.id}/edit",
        data=hand_fields() | {"p1_cards_2_9": "4", "made_by": "Cat"},
    )

    assert response.status_code == 500
    assert database_rows() == before


def test_failure_after_a_redeal_is_written_keeps_none_of_it(client, started, monkeypatch):
    hand = games.current_hand(started)
    fail_after(monkeypatch, games, "deal_again")
    before = database_rows()

    response = client.post(
        f"/games/{started.id}/hands/{hand.id}/redeal",
        data={"version": str(hand.version), "reason": "a card showed"},
    )

    assert response.status_code == 500
    assert database_rows() == before


def test_failure_after_a_game_is_deleted_keeps_the_game(client, started, monkeypatch):
    fail_after(monkeypatch, games, "delete_game")
    before = database_rows()

    response = client.post(f"/games/{started.id}/delete", data={"confirm": "yes"})

    assert response.status_code == 500
    assert database_rows() == before
