"""Random form data at the hand form and random files at the import: never a 500, and a
refusal changes nothing."""

from __future__ import annotations

import io
import itertools
import json
from datetime import timedelta
from typing import Any

import pytest
from conftest import out, play_hand, tally
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from test_access import database_rows

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.models import Hand, HandState, League
from scorekeeper.play import games

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
FUZZ = settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

# --- the hand form ---

PLAYER_FIELDS = (
    "out",
    "no_score",
    "cards_2_9",
    "cards_10_k",
    "cards_a",
    "cards_joker",
    "total",
    "short",
    "penalty",
)
FIELDS = [
    *(f"p{i}_{name}" for i in range(len(PLAYERS)) for name in PLAYER_FIELDS),
    *(f"p{i}_penalty_reason" for i in range(len(PLAYERS))),
    "stock_ran_out",
    "confirm",
    "version",
]
ODD_VALUES = [
    "", "0", "1", "-1", "y", "on", "false", " 7 ", "1e3", "0x10", "٣", "NaN", "∞", "½",
    "500", "501", "10000", "10001", "9" * 5000, "\x00", "<script>", "1; DROP TABLE hand",
]  # fmt: skip
VALUES = st.one_of(
    st.sampled_from(ODD_VALUES),
    st.integers(-(10**4), 10**4).map(str),
    st.integers().map(str),
    st.text(st.characters(codec="utf-8"), max_size=40),
)


def valid_report() -> dict[str, str]:
    """A report the form saves: Ann went out, the others hold a card each."""
    data = {
        "confirm": "y",
        "p0_out": "y",
        "p1_cards_2_9": "1",
        "p2_cards_10_k": "1",
        "p3_cards_a": "1",
    }
    for i in range(len(PLAYERS)):
        data.update({f"p{i}_total": "", f"p{i}_short": "0", f"p{i}_penalty": "0"})
        data[f"p{i}_penalty_reason"] = ""
    return data


def mutated(changes: dict[str, str], dropped: set[str]) -> dict[str, str]:
    data = valid_report() | changes
    return {key: value for key, value in data.items() if key not in dropped}


HAND_FORMS = st.one_of(
    st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=len(FIELDS)),
    st.builds(
        mutated,
        st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=4),
        st.sets(st.sampled_from(FIELDS), max_size=3),
    ),
)


@pytest.fixture
def league(make_league) -> League:
    return make_league(players=PLAYERS)


def new_hand(league: League) -> Hand:
    """A fresh game with hand 2 in play, so every example starts from the same table."""
    db.session.rollback()  # an example that crashed must not spoil the next one
    game = games.start_game(league, league.rulesets[0], league.players, 0)
    db.session.commit()
    play_hand(game, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    return games.current_hand(game)


@FUZZ
@given(form=HAND_FORMS)
@example(form=valid_report())
@example(form=valid_report() | {"p1_penalty": "5", "p1_penalty_reason": "late\x00"})
@example(form=valid_report() | {"p1_total": "9" * 5000, "p1_cards_2_9": "0"})
@example(form={})
def test_random_hand_forms_never_crash_and_refusals_change_nothing(client, league, form):
    hand = new_hand(league)
    before = database_rows()

    response = client.post(f"/games/{hand.game_id}/hand/{hand.number}/score", data=form)

    assert response.status_code in (302, 409, 422), response.status_code
    if response.status_code == 302:
        db.session.expire_all()
        assert db.session.get(Hand, hand.id).state in (HandState.SCORED, HandState.REPLAYED)
    else:
        assert database_rows() == before


# --- league files ---

JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(st.characters(codec="utf-8"), max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=15,
)
FILE_KEYS = ("exported_at", "league", "players", "rulesets", "seasons", "games")
LEAGUE_LIKE = st.fixed_dictionaries(
    {"format": st.just(exchange.FORMAT), "version": st.just(exchange.VERSION)},
    optional={key: JSON for key in FILE_KEYS},
)
names = (f"Imported {n:06d}" for n in itertools.count())  # one length: stable draws


@pytest.fixture
def league_file(make_game) -> dict[str, Any]:
    """A real export: a game of four with two hands scored, hand 3 in play."""
    game = make_game(players=PLAYERS)
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(ace=1)])
    play_hand(game, [tally(low=1), out(), tally(joker=1), tally(low=3)])
    return json.loads(exchange.league_json(game.league))


def paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as the keys leading to it."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += paths(item, (*here, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += paths(item, (*here, index))
    return found


def replaced(data: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


def removed(data: Any, path: tuple) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    del target[path[-1]]
    return copy


@st.composite
def damaged_files(draw, original: dict[str, Any]) -> bytes:
    """A real export, renamed so it could be imported, then cut short, changed or trimmed."""
    data = replaced(original, ("league", "name"), next(names))
    text = json.dumps(data, indent=2)
    how = draw(st.sampled_from(["cut", "change", "remove", "random", "league-like", "bytes"]))
    if how == "cut":
        return text[: draw(st.integers(0, len(text) - 1))].encode()
    if how == "change":
        return json.dumps(replaced(data, draw(st.sampled_from(paths(data))), draw(JSON))).encode()
    if how == "remove":
        path = draw(st.sampled_from(paths(data)[1:]))
        return json.dumps(removed(data, path)).encode()
    if how == "random":
        return json.dumps(draw(JSON)).encode()
    if how == "league-like":
        return json.dumps(draw(LEAGUE_LIKE)).encode()
    return draw(st.binary(max_size=200))


def upload(client, body: bytes):
    return client.post("/leagues/import", data={"file": (io.BytesIO(body), "league.json")})


@FUZZ
@given(data=st.data())
def test_damaged_league_files_are_refused_cleanly_on_upload(client, league_file, data):
    body = data.draw(damaged_files(league_file))
    before = database_rows()

    response = upload(client, body)

    assert response.status_code in (302, 422), response.status_code
    if response.status_code == 422:
        assert "Nothing was imported." in response.get_data(as_text=True)
        assert database_rows() == before
    else:
        # A file the damage left whole imported: as if an hour went by before the next, so
        # the account's imports-an-hour quota does not refuse the next example.
        for made in db.session.scalars(select(League)):
            made.created_at -= timedelta(hours=2)
        db.session.commit()


# fmt: off
HOSTILE = {
    "huge-number":    lambda d: json.dumps(d)[:-1] + ', "extra": ' + "9" * 5000 + "}",
    "nul-in-a-name":  lambda d: json.dumps(replaced(d, ("players", 0), "Ann\x00")),
    "nul-in-league":  lambda d: json.dumps(replaced(d, ("league", "name"), "Nul\x00league")),
    "deep-nesting":   lambda d: json.dumps(replaced(d, ("league",), None))[:-1] + ', "games": ' + "[" * 100_000 + "]" * 100_000 + "}",
    "not-utf-8":      lambda d: json.dumps(d).encode("utf-16"),
    "empty":          lambda d: "",
}
# fmt: on


@pytest.mark.parametrize("damage", HOSTILE.values(), ids=HOSTILE)
def test_hostile_league_files_are_refused_cleanly(client, league_file, runner, damage):
    body = damage(replaced(league_file, ("league", "name"), "Hostile"))
    body = body if isinstance(body, bytes) else body.encode()
    before = database_rows()

    response = upload(client, body)
    command = runner.invoke(args=["import", "-", "--owner", "owner"], input=body)

    assert response.status_code in (302, 422), response.status_code
    assert command.exception is None or isinstance(command.exception, SystemExit), repr(
        command.exception
    )
    if response.status_code == 422:
        assert "Nothing was imported." in response.get_data(as_text=True)
        assert command.exit_code == 1, command.output
        assert "Nothing was imported." in command.output
        assert database_rows() == before


@settings(FUZZ, max_examples=25)
@given(data=st.data())
def test_damaged_league_files_are_refused_cleanly_by_the_command(runner, league_file, data):
    body = data.draw(damaged_files(league_file))
    before = database_rows()

    result = runner.invoke(args=["import", "-", "--owner", "owner"], input=body)

    assert result.exit_code in (0, 1), result.output
    assert not isinstance(result.exception, Exception) or isinstance(
        result.exception, SystemExit
    ), repr(result.exception)
    if result.exit_code == 1:
        assert "Nothing was imported." in result.output
        db.session.rollback()
        assert database_rows() == before


# --- the same control character typed into the other text fields ---


# fmt: off
TYPED_NAMES = {
    # id:            path,                              form
    "new-league":    ("/leagues",                       {"name": "Nul\x00league", "preset": "continental"}),
    "new-player":    ("/leagues/{league}/players",      {"name": "Nul\x00player"}),
    "rename-player": ("/leagues/{league}/players/{player}/rename", {"name": "Nul\x00renamed"}),
    "settings-name": ("/leagues/{league}/settings",     {"name": "Nul\x00settings", "ranking": "average", "place_points": "5, 3, 1", "min_games": "0", "paper_size": "A4"}),
}
# fmt: on


@pytest.mark.parametrize(("path", "form"), TYPED_NAMES.values(), ids=TYPED_NAMES)
def test_a_nul_typed_into_a_name_is_refused_or_kept_never_a_crash(client, league, path, form):
    before = database_rows()

    response = client.post(path.format(league=league.id, player=league.players[0].id), data=form)

    assert response.status_code in (302, 422), response.status_code
    if response.status_code == 422:
        assert database_rows() == before
