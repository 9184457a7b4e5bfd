"""Hostile values from a form, a URL or a league file: each is refused with a 4xx that names
its field, before any loop or query uses it, and nothing is changed."""

from __future__ import annotations

import html
import io
import json

import pytest
from conftest import out, play_hand, tally
from sqlalchemy import func, select

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.models import Player

HUGE = 2**31  # one past PostgreSQL's integer
PAST_64_BITS = "99999999999999999999"


def row_counts() -> dict[str, int]:
    return {
        table.name: db.session.scalar(select(func.count()).select_from(table)) or 0
        for table in db.metadata.sorted_tables
    }


def text(response) -> str:
    return html.unescape(response.get_data(as_text=True))


# --- URLs ---


@pytest.mark.parametrize(
    "path",
    [
        f"/leagues/{PAST_64_BITS}",
        "/games/9223372036854775808/version",
        f"/leagues/{HUGE}",
        f"/games/{HUGE}/sheet",
        "/leagues/0",
        "/leagues/\u0663",  # an Arabic-Indic 3
        "/leagues/\u00b2",  # a superscript 2
    ],
)
def test_an_id_past_the_databases_integer_is_not_found(client, make_league, path):
    make_league()
    assert client.get(path).status_code == 404


def test_ids_past_the_integer_inside_forms_are_refused(client, make_game):
    game = make_game()
    league = game.league
    before = row_counts()
    new = client.post(
        f"/leagues/{league.id}/games/new",
        data={"players": [p.id for p in league.players][:4], "ruleset": PAST_64_BITS},
    )
    seating = client.post(
        f"/leagues/{league.id}/games/seating",
        data={"ruleset": PAST_64_BITS, "order": "1,2,3", "first_dealer": "random"},
    )
    order = client.post(
        f"/leagues/{league.id}/games/seating",
        data={"ruleset": league.rulesets[0].id, "order": f"1,2,{PAST_64_BITS}"},
    )
    players = client.post(
        f"/leagues/{league.id}/games/new",
        data={"players": [PAST_64_BITS, "²"], "ruleset": league.rulesets[0].id},
    )
    assert new.status_code == 422 and 'id="ruleset-error"' in text(new)
    assert seating.status_code == 404
    assert order.status_code == 400
    assert players.status_code == 422
    assert row_counts() == before


@pytest.mark.parametrize(
    "query",
    [
        "current=99&claimants=99",
        f"current={PAST_64_BITS}&claimants=1",
        "current=-3&claimants=-3",
        "current=²&claimants=1",
        "current=0&claimants=1&first=77",
    ],
)
def test_may_i_question_with_a_seat_out_of_range_answers_422(client, make_game, query):
    game = make_game()
    response = client.get(f"/games/{game.id}/mayi?{query}")
    assert response.status_code == 422
    assert "Choose whose turn it is and who says May I?." in text(response)


@pytest.mark.parametrize("dealer", ["²", "\u0663", PAST_64_BITS, "11"])
def test_blank_sheet_with_a_hostile_first_dealer_says_so(client, make_league, dealer):
    league = make_league()
    response = client.get(f"/leagues/{league.id}/blank", query_string={"first_dealer": dealer})
    assert response.status_code == 422
    assert "The first dealer must be one of the" in text(response)


# --- Forms ---


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("max_players", str(HUGE)),
        ("min_players", "-999999999999999999999"),
        ("deck_counts-0-to_players", str(HUGE)),
        ("deck_counts-0-from_players", "-999999999999999999999"),
        ("deck_counts-0-decks", "10000000000000000000"),
        ("price_A", "100000000000000000000"),
        ("hands-0-cards_dealt", str(HUGE)),
        ("short_card_penalty", "10000000000000000000"),
        ("may_i_banned_last_hands", str(HUGE)),
        ("max_players", "\u00b2"),
    ],
)
def test_rule_set_editor_refuses_hostile_numbers_at_their_field(client, make_league, field, value):
    record = make_league().rulesets[0]
    stored = dict(record.data)
    url = f"/leagues/{record.league_id}/rules/{record.id}"
    page = client.get(url).get_data(as_text=True)
    data = _form_values(page)
    data[field] = value
    before = row_counts()

    response = client.post(url, data=data)

    assert response.status_code == 422
    assert f'id="{field}-error"' in response.get_data(as_text=True)
    db.session.expire_all()
    assert record.data == stored
    assert row_counts() == before


def _form_values(page: str) -> dict[str, str]:
    import re

    values = dict(re.findall(r'name="([^"]+)"[^>]*?value="([^"]*)"', page))
    for name in re.findall(r'<select[^>]*name="([^"]+)"', page):
        chosen = re.search(
            rf'name="{re.escape(name)}".*?<option[^>]*selected[^>]*value="([^"]*)"|'
            rf'name="{re.escape(name)}".*?<option value="([^"]*)" selected',
            page,
            re.S,
        )
        if chosen:
            values[name] = chosen[1] if chosen[1] is not None else chosen[2]
    return {k: html.unescape(v) for k, v in values.items() if not k.startswith("csrf")}


@pytest.mark.parametrize(
    ("text_in", "message"),
    [
        ("No NUL \x00 here", "Control characters"),
        ("Bell \x07", "Control characters"),
        ("Colour \x1b[31m", "Control characters"),
    ],
)
def test_other_rules_refuse_control_characters(client, make_league, text_in, message):
    record = make_league().rulesets[0]
    stored = dict(record.data)
    url = f"/leagues/{record.league_id}/rules/{record.id}"
    data = _form_values(client.get(url).get_data(as_text=True))
    data["extra_rules"] = text_in

    response = client.post(url, data=data)

    assert response.status_code == 422
    assert message in text(response)
    db.session.expire_all()
    assert record.data == stored


@pytest.mark.parametrize(
    "name", ["Ann\u200b", "\u202eAnn", "An\u200dn", "\ufeffAnn", "Ann\u2066", "Ann\u061c"]
)
def test_names_refuse_invisible_characters(client, make_league, name):
    league = make_league()
    before = row_counts()
    response = client.post(f"/leagues/{league.id}/players", data={"name": name})
    assert response.status_code == 422
    assert "invisible characters" in text(response)
    assert row_counts() == before


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"place_points": "10000000000000000000, 1"}, "place_points"),
        ({"place_points": "5, ², 1"}, "place_points"),
        ({"min_games": "\u0663"}, "min_games"),
        ({"min_games": PAST_64_BITS}, "min_games"),
        ({"min_games": "  "}, "min_games"),
        ({"name": "Smiths\u202e"}, "name"),
    ],
)
def test_league_settings_refuse_hostile_values(client, make_league, changes, field):
    league = make_league()
    data = {"name": league.name, "ranking": "points", "place_points": "5, 3, 1"}
    data |= {"min_games": "0", "paper_size": "A4"} | changes
    before = (league.name, list(league.place_points), league.min_games)

    response = client.post(f"/leagues/{league.id}/settings", data=data)

    assert response.status_code == 422
    assert f'id="{field}-error"' in response.get_data(as_text=True)
    db.session.expire_all()
    assert (league.name, list(league.place_points), league.min_games) == before


# --- League files ---


@pytest.fixture
def smiths_file(make_game) -> dict:
    game = make_game()
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=1), tally(ace=1)])
    data = json.loads(exchange.league_json(game.league))
    data["league"]["name"] = "The Smiths, again"
    return data


def _set(data: dict, path: str, value: object) -> None:
    *parents, last = path.split(".")
    target = data
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    target[int(last) if isinstance(target, list) else last] = value


HOSTILE_FILES = [
    ("rulesets.0.rules.max_players", 10**20, "rulesets[0].rules.max_players"),
    ("rulesets.0.rules.min_players", -(10**21), "rulesets[0].rules.min_players"),
    ("rulesets.0.rules.deck_counts.0.max_players", 10**20, "rulesets[0].rules.deck_counts[0]"),
    ("rulesets.0.rules.deck_counts.0.min_players", -(10**20), "rulesets[0].rules.deck_counts[0]"),
    ("rulesets.0.rules.hands.0.cards_dealt", 10**20, "rulesets[0].rules.hands[0].cards_dealt"),
    ("rulesets.0.rules.prices.0.points", 10**20, "rulesets[0].rules.prices[0].points"),
    ("games.0.rules.max_players", 10**20, "games[0].rules.max_players"),
    ("games.0.rules.deck_counts.0.max_players", 2**31, "games[0].rules.deck_counts[0]"),
    ("rulesets.0.rules.extra_rules", ["Bell \x07"], "rulesets[0].rules.extra_rules[0]"),
    ("league.place_points", [10**19], "league.place_points[0]"),
    ("league.min_games", 10**20, "league.min_games"),
    ("league.name", "Smiths \ud800", "league.name"),
    ("league.name", "Smiths\u200b", "league.name"),
    ("players.0", "Ann\u202e", "players[0]"),
    ("games.0.hands.0.players.Bob.tally.2-9", 10**20, 'games[0].hands[0].players["Bob"]'),
    ("games.0.hands.0.players.Bob.penalty_reason", "\ud800", 'games[0].hands[0].players["Bob"]'),
]


@pytest.mark.parametrize(
    ("path", "value", "place"), HOSTILE_FILES, ids=[f"{p}={v!r}"[:60] for p, v, _ in HOSTILE_FILES]
)
def test_hostile_league_file_is_refused_at_its_place(client, smiths_file, path, value, place):
    _set(smiths_file, path, value)
    before = row_counts()
    body = json.dumps(smiths_file).encode()

    response = client.post("/leagues/import", data={"file": (io.BytesIO(body), "league.json")})

    assert response.status_code == 422
    assert place in text(response)
    assert "Nothing was imported." in text(response)
    assert row_counts() == before
    assert db.session.scalar(select(func.count(Player.id))) == before["player"]
