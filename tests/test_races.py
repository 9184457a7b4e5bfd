"""Uniqueness held by the database itself: requests racing each other cannot both win.

Each race sends its requests at the same moment from threads, on a database they share (a
SQLite file, or PostgreSQL when TEST_DATABASE_URL is set).
"""

from __future__ import annotations

import functools
import threading

import pytest
import test_concurrency
from reading import visible_text
from sqlalchemy import func, select
from test_access import Browser
from werkzeug.test import TestResponse

from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues, passcodes, tries
from scorekeeper.models import (
    Account,
    ActionReceipt,
    LoginAttempt,
    MayIClaim,
    Player,
    ProposedCorrection,
    Season,
)
from scorekeeper.play import games

pytestmark = pytest.mark.database
shared_app = test_concurrency.shared_app  # the fixture: threads on one shared database


def answered_together(calls) -> list[TestResponse]:
    """Run every call at the same moment; the responses, in order."""
    barrier = threading.Barrier(len(calls))
    answers: list[TestResponse | None] = [None] * len(calls)

    def run(i: int) -> None:
        barrier.wait()
        answers[i] = calls[i]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert None not in answers, "a request got no answer"
    return answers  # type: ignore[return-value]


def together(calls) -> list[int]:
    """Run every call at the same moment; the status codes, in order."""
    return [response.status_code for response in answered_together(calls)]


def count(model) -> int:
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(model)) or 0


def signup(app, name: str):
    phone = Browser(app)
    data = {"username": name, "password": "a long family secret", "confirm": "a long family secret"}
    return lambda: phone.post("/signup", data=data)


def test_four_sign_ups_of_one_name_in_different_cases_make_one_account(shared_app):
    answers = together([signup(shared_app, name) for name in ("Kim", "kim", "KIM", "kIm")])

    assert count(Account) == 1
    assert sorted(answers).count(302) == 1
    assert all(status in (302, 409, 422) for status in answers)


@pytest.fixture
def league_of(shared_app):
    owner = accounts.create_account("owner", "owner-password")
    league = leagues.create_league("The Smiths", "continental", owner)
    db.session.commit()
    return owner.id, league.id


def test_eight_phones_adding_one_player_in_different_cases_add_one(shared_app, league_of):
    owner_id, league_id = league_of
    names = ["Ann", "ann", "ANN", "aNN", "Ann", "AnN", "anN", "ANn"]
    calls = [
        (lambda p, n: lambda: p.post(f"/leagues/{league_id}/players", data={"name": n}))(
            Browser(shared_app, account_id=owner_id), name
        )
        for name in names
    ]

    answers = together(calls)

    assert count(Player) == 1
    assert answers.count(302) == 1
    assert all(status in (302, 409, 422) for status in answers)


def test_overlapping_seasons_added_at_once_keep_one(shared_app, league_of):
    owner_id, league_id = league_of
    spans = [("Spring", "2026-03-01", "2026-05-31"), ("Easter", "2026-04-01", "2026-04-30")]
    spans += [("Long spring", "2026-02-01", "2026-06-30"), ("April", "2026-04-10", "2026-04-20")]
    calls = [
        (lambda p, d: lambda: p.post(f"/leagues/{league_id}/settings/seasons", data=d))(
            Browser(shared_app, account_id=owner_id),
            {"name": name, "starts_on": start, "ends_on": end},
        )
        for name, start, end in spans
    ]

    answers = together(calls)

    assert count(Season) == 1
    assert answers.count(302) == 1
    assert all(status in (302, 409, 422) for status in answers)


def test_forty_guesses_at_once_are_counted_one_by_one(shared_app):
    accounts.create_account("owner", "owner-password")
    db.session.commit()
    phones = [Browser(shared_app) for _ in range(40)]
    calls = [
        (lambda p, g: lambda: p.post("/login", data={"username": "owner", "password": g}))(
            phone, f"guess-{n}"
        )
        for n, phone in enumerate(phones)
    ]

    answers = together(calls)

    # Exactly the free tries were checked; every other guess waited its turn and was refused.
    assert answers.count(401) == tries.MAX_FAILURES
    assert answers.count(429) == 40 - tries.MAX_FAILURES
    assert count(LoginAttempt) == tries.MAX_FAILURES


def test_forty_passcodes_at_once_are_counted_one_by_one(shared_app, league_of):
    _, league_id = league_of
    from scorekeeper.models import League

    passcodes.set_passcode(db.session.get(League, league_id), "kitchen table")
    db.session.commit()
    calls = [
        (lambda p, g: lambda: p.post(f"/leagues/{league_id}/join", data={"passcode": g}))(
            Browser(shared_app), f"guess-{n}"
        )
        for n in range(40)
    ]

    answers = together(calls)

    assert answers.count(401) == tries.PASSCODE_FAILURES
    assert answers.count(429) == 40 - tries.PASSCODE_FAILURES


def test_sign_ups_at_once_from_one_address_stop_at_the_limit(shared_app):
    extra = 4
    calls = [signup(shared_app, f"family{n}") for n in range(tries.SIGNUPS_PER_ADDRESS + extra)]

    answers = together(calls)

    # Counted one at a time: exactly the limit made, every other one refused with nothing made.
    assert answers.count(302) == tries.SIGNUPS_PER_ADDRESS
    assert answers.count(429) == extra
    assert count(Account) == tries.SIGNUPS_PER_ADDRESS
    signed_up = select(func.count()).where(LoginAttempt.username == tries.SIGNUP_KEY)
    assert db.session.scalar(signed_up) == tries.SIGNUPS_PER_ADDRESS


# --- one action's key: the database keeps one receipt per key of a game ---


def sent_together(phones: list[Browser], path: str, forms: list[dict[str, str]]):
    """Every phone sends its form to `path` at the same moment; each answer's status and
    what its phone then reads (the page a redirect leads to, else the answer itself)."""
    calls = [
        functools.partial(phone.post, path, data=form)
        for phone, form in zip(phones, forms, strict=True)
    ]
    return [
        (r.status_code, visible_text(phone.get(r.location) if r.location else r))
        for phone, r in zip(phones, answered_together(calls), strict=True)
    ]


def test_one_hand_sent_twice_at_the_same_moment_is_saved_once(shared_app):
    table = test_concurrency.start_games(2)
    phones = [Browser(shared_app, account_id=table.owner_id) for _ in range(2)]
    per_game = test_concurrency.HANDS_PER_GAME

    wrong = []
    for n in range(2 * per_game):
        game_id = table.game_ids[n // per_game]
        hand = test_concurrency.hand_in_play(game_id)
        form = test_concurrency.report(went_out=n % 4) | {"action_key": f"one-save-sent-twice-{n}"}
        answers = sent_together(phones, f"/games/{game_id}/hand/{hand.number}/score", [form, form])
        saved = f"Hand {hand.number} saved."
        # Each phone is told once that the hand is saved, and nothing else about it.
        if any(
            status != 302 or shown.count(saved) != 1 or "already saved" in shown
            for status, shown in answers
        ):
            wrong.append(f"round {n}: {answers}")

    assert not wrong, "\n".join(wrong)
    recorded = test_concurrency.hands_recorded(table.game_ids)
    assert [(n, attempt, state, rows) for _, n, attempt, state, rows in recorded] == [
        (n, 1, "scored", len(test_concurrency.PLAYERS))
        for _ in range(2)
        for n in range(1, per_game + 1)
    ]
    assert count(ActionReceipt) == 2 * per_game


def test_one_may_i_sent_twice_at_the_same_moment_is_recorded_once(shared_app):
    table = test_concurrency.start_games(1)
    game_id = table.game_ids[0]
    phones = [Browser(shared_app, account_id=table.owner_id) for _ in range(2)]
    hand = test_concurrency.hand_in_play(game_id)
    seats = [seat.id for seat in games.load_game(game_id).seats]
    rounds = 10

    wrong = []
    for n in range(rounds):
        form = {"seat": str(seats[1 + n % 3]), "action_key": f"one-may-i-sent-twice-{n}"}
        answers = sent_together(phones, f"/games/{game_id}/hands/{hand.id}/mayi", [form, form])
        if answers[0] != answers[1] or answers[0][0] != 302:
            wrong.append(f"round {n}: {answers}")

    assert not wrong, "\n".join(wrong)
    assert count(MayIClaim) == rounds


@pytest.mark.parametrize("same", [True, False], ids=["same-report", "other-report"])
def test_the_phone_that_lost_a_race_with_its_own_key_is_told_only_what_happened(shared_app, same):
    table = test_concurrency.start_games(1)
    game_id = table.game_ids[0]
    phones = [Browser(shared_app, account_id=table.owner_id) for _ in range(2)]

    wrong = []
    for n in range(test_concurrency.HANDS_PER_GAME):
        hand = test_concurrency.hand_in_play(game_id)
        forms = [
            test_concurrency.report(went_out=0 if same else phone)
            | {"action_key": f"phone-{phone}-sends-hand-{n}"}
            for phone in range(2)
        ]
        answers = sent_together(phones, f"/games/{game_id}/hand/{hand.number}/score", forms)
        saved = f"Hand {hand.number} saved."
        told = sorted(
            ("saved" if saved in shown else "") + ("already" if "already saved" in shown else "")
            for _, shown in answers
        )
        # The winner is told the hand is saved; the loser only that it was saved first.
        if told != ["already", "saved"]:
            wrong.append(f"hand {hand.number}: {answers}")

    assert not wrong, "\n".join(wrong)


def test_two_phones_that_waited_racing_on_one_hand_save_one_and_keep_the_other_as_a_proposal(
    shared_app,
):
    table = test_concurrency.start_games(1)
    game_id = table.game_ids[0]
    phones = [Browser(shared_app, account_id=table.owner_id) for _ in range(2)]
    kept = "is kept as a proposed correction"

    wrong = []
    for n in range(test_concurrency.HANDS_PER_GAME):
        hand = test_concurrency.hand_in_play(game_id)
        forms = [
            test_concurrency.report(went_out=phone)
            | {"action_key": f"phone-{phone}-waited-hand-{n}", "waited": "1"}
            for phone in range(2)
        ]
        answers = sent_together(phones, f"/games/{game_id}/hand/{hand.number}/score", forms)
        told = sorted(
            ("saved" if f"Hand {hand.number} saved." in shown else "")
            + ("kept" if kept in shown else "")
            for _, shown in answers
        )
        # Both answers redirect: one phone's hand is saved, the other's kept to be decided.
        if told != ["kept", "saved"] or {status for status, _ in answers} != {302}:
            wrong.append(f"hand {hand.number}: {answers}")

    assert not wrong, "\n".join(wrong)
    assert count(ProposedCorrection) == test_concurrency.HANDS_PER_GAME
    assert count(ActionReceipt) == 2 * test_concurrency.HANDS_PER_GAME
