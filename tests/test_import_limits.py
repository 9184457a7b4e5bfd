"""The league file's counts, checked before anything is written; the account's import quota;
strict types in every field, those the import ignores too; a league's players and seasons
bounded on the pages as in the file."""

from __future__ import annotations

import copy
import json
import re
from datetime import UTC, date, datetime, timedelta

import pytest
from conftest import out, play_hand, tally
from reading import visible_text
from sqlalchemy import event, func, select

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.league import settings as league_settings
from scorekeeper.models import Game, League, Player, Season
from scorekeeper.play import games
from scorekeeper.rules import limits
from scorekeeper.views.exchange import import_slots


def row_counts() -> dict[str, int]:
    return {
        table.name: db.session.scalar(select(func.count()).select_from(table)) or 0
        for table in db.metadata.sorted_tables
    }


class Statements:
    """The SQL statements sent while in the block: all of them, and the writes."""

    def __init__(self) -> None:
        self.sent: list[str] = []

    def __enter__(self) -> Statements:
        event.listen(db.engine, "before_cursor_execute", self._note)
        return self

    def __exit__(self, *_: object) -> None:
        event.remove(db.engine, "before_cursor_execute", self._note)

    def _note(self, _conn, _cursor, statement: str, *_: object) -> None:
        self.sent.append(statement)

    @property
    def writes(self) -> list[str]:
        return [s for s in self.sent if s.lstrip().upper().startswith(("INSERT", "UPDATE"))]


def upload(client, data: dict):
    """Upload the file as the bytes a browser sends (the test client spools a large file to a
    temporary file it leaves open)."""
    body = (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="league.json"\r\n\r\n'
        + json.dumps(data).encode()
        + b"\r\n--x--\r\n"
    )
    return client.post("/leagues/import", data=body, content_type="multipart/form-data; boundary=x")


def assert_refused_writing_nothing(client, data: dict, message: str) -> None:
    """Upload the file: it is refused saying `message`, and not one row is written."""
    before = row_counts()

    with Statements() as sent:
        response = upload(client, data)

    assert response.status_code == 422
    assert message in visible_text(response)
    assert sent.writes == []
    assert row_counts() == before


@pytest.fixture
def smiths(make_game) -> dict:
    """The file of the Smiths after two hands (a May I? in the first), renamed to import."""
    game = make_game()
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=1), tally(ace=1)])
    play_hand(game, [tally(low=1), out(), tally(low=3), tally(high=2), tally(low=1)])
    data = json.loads(exchange.league_json(game.league))
    data["league"]["name"] = "The Smiths, again"
    return data


# --- Counts: each list bounded before it is read, the file refused before any write ---


def _many(data: dict, path: str, count: int, make) -> None:
    *parents, last = path.split(".")
    target = data
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[last] = [make(i) for i in range(count)]


def _seasons(i: int) -> dict:
    day = (date(2000, 1, 1) + timedelta(days=i)).isoformat()
    return {"name": f"S{i}", "starts_on": day, "ends_on": day}


def _claim(_: int) -> dict:
    return {"player": "Ann", "made_at": "2026-01-01T00:00:00+00:00"}


def _pause(_: int) -> dict:
    at = "2026-01-01T00:00:00+00:00"
    return {"before_hand": 1, "suspended_at": at, "resumed_at": at}


# fmt: off
PAST_THE_BOUNDS = [
    # the list,                     one past its bound,            each entry,         the refusal
    ("players",                     limits.LEAGUE_PLAYERS.high + 1, lambda i: f"P{i}",  "players: a league has at most 100 players, not 101."),
    ("seasons",                     limits.LEAGUE_SEASONS.high + 1, _seasons,           "seasons: a league has at most 100 seasons, not 101."),
    ("rulesets",                    0,                              None,               "rulesets: a league has 1 to 50 rule sets, not 0."),
    ("league.place_points",         limits.PLACES_SCORED.high + 1,  lambda i: 1,        "league.place_points: at most 10 places score points, not 11."),
    ("games.0.suspensions",         limits.GAME_SUSPENSIONS.high + 1, _pause,           "games[0].suspensions: a game has at most 50 suspensions, not 51."),
    ("games.0.hands.0.claims",      limits.HAND_CLAIMS.high + 1,    _claim,             "games[0].hands[0].claims: a hand has at most 100 May I?s, not 101."),
    ("games.0.seats",               limits.PLAYERS.high + 1,        lambda i: {},       "games[0].seats: a game is for 2 to 10 players, not 11."),
]
# fmt: on


@pytest.mark.parametrize(
    ("path", "count", "make", "message"),
    PAST_THE_BOUNDS,
    ids=[row[0] for row in PAST_THE_BOUNDS],
)
def test_a_list_past_its_bound_is_refused_before_anything_is_written(
    client, smiths, path, count, make, message
):
    _many(smiths, path, count, make)

    assert_refused_writing_nothing(client, smiths, message)


def test_games_deals_and_entries_of_a_file_are_bounded(client, smiths):
    game, before = smiths["games"][0], row_counts()
    many_games = {**smiths, "games": [game] * (limits.FILE_GAMES.high + 1)}
    many_deals = copy.deepcopy(smiths)
    many_deals["games"][0]["hands"] *= 61  # three attempts, 61 times over: 183 deals
    heavy = copy.deepcopy(game)
    heavy["hands"][0]["claims"] = [_claim(i) for i in range(limits.HAND_CLAIMS.high)]
    too_much = {**smiths, "games": [heavy] * 30}

    with Statements() as sent:
        refused = [upload(client, data) for data in (many_games, many_deals, too_much)]

    texts = [visible_text(response) for response in refused]
    assert "games: a league file holds at most 100 games, not 101." in texts[0]
    assert "games[0].hands: a game has 1 to 120 deals, re-deals and re-plays included" in texts[1]
    assert re.search(
        r"games\[\d+\]: a league file holds at most 2500 deals, reports, May I\?s and "
        r"suspensions in all; the games up to here hold \d+\.",
        texts[2],
    )
    assert [response.status_code for response in refused] == [422] * 3
    assert sent.writes == []
    assert row_counts() == before


@pytest.fixture
def finished(make_game) -> dict:
    """The file of a finished game of Continental: 7 deals and 35 reports."""
    game = make_game()
    for turn in range(7):
        play_hand(game, [out() if seat == turn % 5 else tally(low=seat + 1) for seat in range(5)])
    data = json.loads(exchange.league_json(game.league))
    data["league"]["name"] = "The Smiths, again"
    return data


def test_the_largest_file_the_bounds_allow_imports_and_one_game_more_is_refused(app, finished):
    game = finished["games"][0]
    assert game["status"] == "finished"
    largest = limits.FILE_ENTRIES.high // 42
    finished["games"] = [game] * (largest + 1)

    with pytest.raises(exchange.ImportRefused) as refused:
        exchange.import_league(json.dumps(finished))
    db.session.rollback()
    finished["games"].pop()
    league = exchange.import_league(json.dumps(finished))
    db.session.commit()

    assert str(refused.value) == (
        f"games[{largest}]: a league file holds at most 2500 deals, reports, May I?s and "
        f"suspensions in all; the games up to here hold {42 * (largest + 1)}."
    )
    assert len(league.games) == largest == 59


def test_a_tally_of_more_groups_than_a_deck_and_its_bonuses_have_is_refused(client, smiths):
    report = smiths["games"][0]["hands"][0]["players"]["Bob"]
    report["tally"] = {f"G{i}": 1 for i in range(limits.TALLY_ENTRIES.high + 1)}

    response = upload(client, smiths)

    assert response.status_code == 422
    assert (
        'games[0].hands[0].players["Bob"].tally: at most 18 entries in a tally, not 19.'
        in visible_text(response)
    )


# --- Linear checks: the statements of an import do not grow with seasons and players ---


def _league_file(smiths: dict, count: int) -> dict:
    players = [f"P{i}" for i in range(count)]
    return {**smiths, "players": [*smiths["players"], *players], "games": [],
            "seasons": [_seasons(i) for i in range(count)]}  # fmt: skip


def test_seasons_and_players_are_checked_at_a_fixed_number_of_statements(app, smiths):
    """Each row is one INSERT (SQLite sends no batch without a sentinel column); every other
    statement, each check among them, is sent once whatever the count."""
    others, inserts = [], []
    for count in (5, 95):
        data = _league_file(smiths, count)
        data["league"]["name"] = f"Counted {count}"
        with Statements() as statements:
            league = exchange.import_league(json.dumps(data))
        db.session.commit()
        rows = [
            s for s in statements.sent if s.startswith(("INSERT INTO player", "INSERT INTO season"))
        ]
        others.append(len(statements.sent) - len(rows))
        inserts.append(len(rows))
        assert len(league.players) == count + 5 and len(league.seasons) == count

    assert others[0] == others[1]
    assert inserts[1] <= 2 * 100


def test_seasons_overlapping_or_sharing_a_name_are_refused_at_their_place(app, smiths):
    overlapping = _league_file(smiths, 10)
    overlapping["seasons"][7]["ends_on"] = overlapping["seasons"][8]["starts_on"]
    named = _league_file(smiths, 10)
    named["seasons"][9]["name"] = "s3"
    twice = _league_file(smiths, 10)
    twice["players"][12] = "bob"

    refusals = []
    for data in (overlapping, named, twice):
        with pytest.raises(exchange.ImportRefused) as refused:
            exchange.import_league(json.dumps(data))
        db.session.rollback()
        refusals.append(str(refused.value))

    assert refusals == [
        "seasons[8]: These dates overlap S7 (2000-01-08 to 2000-01-09).",
        "seasons[9]: The league already has a season called S3.",
        "players[12]: Bob is already among the players.",
    ]
    assert db.session.scalar(select(func.count(League.id))) == 1


# --- Strict types, the fields the import ignores too ---

REPORT = "games.0.hands.0.players.Bob"
SEAT = "games.0.seats.1"

# fmt: off
WRONG_TYPES = [
    # the field,                    a value of the wrong type, the refusal
    (f"{REPORT}.score",             "12",       'games[0].hands[0].players["Bob"].score: expected a whole number, got "12".'),
    (f"{REPORT}.posted",            1,          'games[0].hands[0].players["Bob"].posted: expected true or false, got 1.'),
    (f"{SEAT}.final_total",         "7",        'games[0].seats[1].final_total: expected a whole number, got "7".'),
    (f"{SEAT}.total_posted",        None,       "games[0].seats[1].total_posted: expected true or false, got null."),
    (f"{SEAT}.place",               [1],        "games[0].seats[1].place: expected a whole number, got a list."),
    ("games.0.discarded",           "no",       'games[0].discarded: expected true or false, got "no".'),
    ("games.0.end_note",            {},         "games[0].end_note: expected text, got an object."),
    ("games.0.settlement",          "paid",     'games[0].settlement: expected an object, got "paid".'),
    ("games.0.settlement",          {"kitty": 1.5, "kitty_split": None, "players": [], "payments": []},
                                                "games[0].settlement.kitty: expected a whole number, got 1.5."),
    ("games.0.hands.0.note",        False,      "games[0].hands[0].note: expected text, got false."),
    ("games.0.hands.0.corrections", [{"old": {"stock_ran_out": False, "players": {"Ann": {"score": "0"}}}}],
                                                'games[0].hands[0].corrections[0].old.players["Ann"].score: expected a whole number, got "0".'),
]
# fmt: on


@pytest.mark.parametrize(
    ("path", "value", "message"), WRONG_TYPES, ids=[f"{p}={v!r}"[:50] for p, v, _ in WRONG_TYPES]
)
def test_a_field_the_import_ignores_is_still_refused_when_of_the_wrong_type(
    client, smiths, path, value, message
):
    *parents, last = path.split(".")
    target = smiths
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[last] = value

    assert_refused_writing_nothing(client, smiths, message)


# --- The account's quota ---


def test_an_account_imports_a_few_leagues_an_hour(client, smiths, owner):
    db.session.execute(
        League.__table__.update()
        .where(League.owner_id == owner.id)
        .values(created_at=datetime.now(UTC) - timedelta(minutes=50))
    )
    db.session.commit()
    made = []
    for number in range(limits.IMPORTS_PER_HOUR.high):
        smiths["league"]["name"] = f"Copy {number}"
        made.append(upload(client, smiths).status_code)
    before = row_counts()
    smiths["league"]["name"] = "One too many"

    refused = upload(client, smiths)

    assert made == [302] * (limits.IMPORTS_PER_HOUR.high - 1) + [429]
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "600"  # the oldest of the five leaves in 10 minutes
    assert (
        "Your account made 5 leagues in the last hour: an account may import while it made "
        "fewer than 5 leagues in the last hour. Try again in 10 minutes." in visible_text(refused)
    )
    assert row_counts() == before


def test_leagues_made_over_an_hour_ago_leave_room_to_import(client, smiths, owner, make_league):
    for number in range(limits.IMPORTS_PER_HOUR.high):
        make_league(name=f"Older {number}")
    db.session.execute(
        League.__table__.update().values(created_at=datetime.now(UTC) - timedelta(minutes=61))
    )
    db.session.commit()

    response = upload(client, smiths)

    assert response.status_code == 302


def test_an_import_past_the_games_an_account_keeps_is_refused(client, smiths, owner, monkeypatch):
    kept = db.session.scalar(select(func.count(Game.id)))
    monkeypatch.setattr(limits, "ACCOUNT_GAMES", limits.Bound(0, kept, limits.ACCOUNT_GAMES.rule))
    before = row_counts()

    response = upload(client, smiths)

    assert response.status_code == 429
    held = "1 game" if kept == 1 else f"{kept} games"
    assert (
        f"Your leagues hold {held} and this file 1, but an account's leagues hold at "
        f"most {kept} games." in visible_text(response)
    )
    assert row_counts() == before


def test_the_command_line_gives_the_same_quota_for_an_owner(runner, smiths, owner):
    db.session.execute(League.__table__.update().values(created_at=datetime.now(UTC)))
    for number in range(limits.IMPORTS_PER_HOUR.high):
        leagues.create_league(f"New {number}", "continental", owner)
    db.session.commit()

    result = runner.invoke(args=["import", "-", "--owner", "owner"], input=json.dumps(smiths))

    assert result.exit_code == 1
    assert "Your account made 6 leagues in the last hour" in result.stderr
    assert "Nothing was imported." in result.stderr


# --- The pages: a league's players and seasons bounded as in the file ---


def _fill_players(league: League) -> None:
    leagues.add_players(league, [f"P{i}" for i in range(100 - len(league.players))])
    db.session.commit()


def test_the_player_past_a_leagues_bound_is_refused_on_the_league_page(client, make_league):
    league = make_league()
    _fill_players(league)

    response = client.post(f"/leagues/{league.id}/players", data={"name": "Zed"})

    assert response.status_code == 422
    assert "A league has at most 100 players, and this one has 100." in visible_text(response)
    assert db.session.scalar(select(func.count(Player.id))) == 100


def test_the_player_past_a_leagues_bound_is_refused_when_starting_a_game(client, make_league):
    league = make_league()
    _fill_players(league)
    ann, bob, cat = (p.id for p in league.players[:3])

    response = client.post(
        f"/leagues/{league.id}/games/new",
        data={"players": [ann, bob, cat], "new_player": "Zed", "ruleset": league.rulesets[0].id},
    )

    assert response.status_code == 422
    assert "A league has at most 100 players, and this one has 100." in visible_text(response)
    assert db.session.scalar(select(func.count(Player.id))) == 100


def test_the_season_past_a_leagues_bound_is_refused_on_the_settings_page(client, make_league):
    league = make_league()
    league_settings.add_seasons(
        league,
        [league_settings.NewSeason(f"S{i}", *[date(2000, 1, 1) + timedelta(days=i)] * 2)
         for i in range(limits.LEAGUE_SEASONS.high)],
    )  # fmt: skip
    db.session.commit()

    response = client.post(
        f"/leagues/{league.id}/settings/seasons",
        data={"name": "One more", "starts_on": "2030-01-01", "ends_on": "2030-12-31"},
    )

    assert response.status_code == 422
    assert "A league has at most 100 seasons, and this one has 100." in visible_text(response)
    assert db.session.scalar(select(func.count(Season.id))) == 100


def test_an_import_waits_briefly_for_another_then_is_refused(app, client, smiths, owner):
    # On SQLite an import holds the one write lock while it replays: one at a time, so the
    # imports of many accounts at once never hold up another family's save for long.
    with app.test_request_context():
        slots = import_slots()
    before = row_counts()
    with slots.held("another account"):
        busy = upload(client, smiths)
    assert busy.status_code == 503
    assert busy.headers["Retry-After"] == "5"
    page = visible_text(busy)
    assert "Busy importing, try again in a moment" in page
    assert "Another league file is being imported on this server right now." in page
    assert row_counts() == before
    assert upload(client, smiths).status_code == 302


def test_the_owner_is_told_when_the_league_file_is_too_big_to_import_whole(client, make_league):
    league = make_league(players=["Ann", "Bob", "Cat", "Dan"])
    for _ in range(limits.FILE_GAMES.high):
        games.start_game(league, league.rulesets[0], list(league.players), 0)
    db.session.commit()
    page = client.get(f"/leagues/{league.id}")
    assert 'data-testid="file-note"' not in page.get_data(as_text=True)

    games.start_game(league, league.rulesets[0], list(league.players), 0)
    db.session.commit()
    shown = visible_text(client.get(f"/leagues/{league.id}"))
    assert f"This league has {limits.FILE_GAMES.high + 1} games" in shown
    assert "importing it elsewhere is refused" in shown
