"""League pages: creating a league, adding and renaming players, the games a page at a time,
pages that do not exist."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from reading import markup, visible_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import League, LeagueRuleSet, Player
from scorekeeper.play import interruptions
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.storage import ruleset_to_dict


def count(model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


def names(league: League) -> list[str]:
    return list(db.session.scalars(select(Player.name).filter_by(league_id=league.id)))


# --- creating a league ---


def test_league_is_created_with_its_own_copy_of_the_chosen_preset(client):
    response = client.post("/leagues", data={"name": "  The   Smiths ", "preset": "liverpool"})

    league = db.session.scalars(select(League)).one()
    assert response.status_code == 302
    assert response.location == f"/leagues/{league.id}"
    assert league.name == "The Smiths"
    [ruleset] = league.rulesets
    assert ruleset.preset_key == "liverpool"
    assert ruleset.data == ruleset_to_dict(PRESETS["liverpool"])
    assert ruleset.rules == PRESETS["liverpool"]
    shown = visible_text(client.get(response.location))
    assert "League “The Smiths” created. Add its players next." in shown
    assert "Liverpool" in shown


def test_each_league_gets_a_rule_set_row_of_its_own(client):
    client.post("/leagues", data={"name": "One", "preset": "continental"})
    client.post("/leagues", data={"name": "Two", "preset": "continental"})

    rows = db.session.scalars(select(LeagueRuleSet).order_by(LeagueRuleSet.id)).all()
    assert len(rows) == 2
    assert rows[0].league_id != rows[1].league_id
    assert rows[0].data == rows[1].data == ruleset_to_dict(PRESETS["continental"])


# fmt: off
@pytest.mark.parametrize(
    ("name",        "preset",       "message"),
    [
        ("",            "continental",  "Give the league a name."),
        ("   ",         "continental",  "Give the league a name."),
        ("x" * 81,      "continental",  "80 characters"),
        ("The Smiths",  "poker",        "Not a valid choice."),
    ],
    ids=["blank", "only-spaces", "81-chars", "unknown-preset"],
)
# fmt: on
def test_league_refused_shows_why_and_creates_nothing(client, name, preset, message):
    response = client.post("/leagues", data={"name": name, "preset": preset})

    assert response.status_code == 422
    assert message in visible_text(response)
    assert count(League) == 0
    assert count(LeagueRuleSet) == 0


def test_league_name_of_80_characters_is_accepted(client):
    response = client.post("/leagues", data={"name": "x" * 80, "preset": "continental"})
    assert response.status_code == 302
    assert db.session.scalars(select(League.name)).one() == "x" * 80


# --- adding players ---


def test_player_is_added_with_spaces_trimmed_and_folded(client, make_league):
    league = make_league(players=("Ann",))

    response = client.post(f"/leagues/{league.id}/players", data={"name": "  Mary   Lou  "})

    assert response.status_code == 302
    assert response.location == f"/leagues/{league.id}?added=1"  # the name box is focused
    assert sorted(names(league)) == ["Ann", "Mary Lou"]
    assert "Mary Lou joined The Smiths." in visible_text(client.get(f"/leagues/{league.id}"))


def test_player_name_of_40_characters_is_accepted(client, make_league):
    league = make_league(players=())
    response = client.post(f"/leagues/{league.id}/players", data={"name": "y" * 40})
    assert response.status_code == 302
    assert names(league) == ["y" * 40]


# fmt: off
@pytest.mark.parametrize(
    ("name",           "message"),
    [
        ("",               "Type the player's name."),
        ("    ",           "Type the player's name."),
        ("y" * 41,         "A name has at most 40 characters."),
        ("Ann",            "Ann already plays in this league."),
        ("ann",            "Ann already plays in this league."),
        ("  ANN ",         "Ann already plays in this league."),
        ("mary  lou",      "Mary Lou already plays in this league."),
        ("ZOË",            "Zoë already plays in this league."),
        ("émile",          "Émile already plays in this league."),
    ],
    ids=["blank", "only-spaces", "41-chars", "same", "lower-case", "upper-case-spaced",
         "spaces-folded", "accent-upper-case", "accented-capital-lower-case"],
)
# fmt: on
def test_player_refused_shows_why_and_adds_nothing(client, make_league, name, message):
    league = make_league(players=("Ann", "Mary Lou", "Zoë", "Émile"))

    response = client.post(f"/leagues/{league.id}/players", data={"name": name})

    assert response.status_code == 422
    assert message in visible_text(response)
    assert sorted(names(league)) == ["Ann", "Mary Lou", "Zoë", "Émile"]


def test_same_name_in_another_league_is_fine(client, make_league):
    make_league("Book Club", players=("Ann",))
    league = make_league("The Smiths", players=())

    response = client.post(f"/leagues/{league.id}/players", data={"name": "Ann"})

    assert response.status_code == 302
    assert names(league) == ["Ann"]


# --- renaming players ---


def test_rename_keeps_the_players_games(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"))
    ann = game.seats[0].player
    league_id, player_id, game_id = game.league_id, ann.id, game.id

    form = client.get(f"/leagues/{league_id}/players/{player_id}/rename")
    assert form.status_code == 200
    assert 'value="Ann"' in markup(form)

    response = client.post(
        f"/leagues/{league_id}/players/{player_id}/rename", data={"name": " Annie  May "}
    )

    assert response.status_code == 302
    assert "Ann is now Annie May." in visible_text(client.get(response.location))
    renamed = db.session.get(Player, player_id)
    assert renamed.name == "Annie May"
    assert count(Player) == 4
    table = visible_text(client.get(f"/games/{game_id}"))
    assert "Annie May" in table
    assert ">Ann<" not in table
    assert "Annie May" in visible_text(client.get(f"/games/{game_id}/sheet"))


def test_rename_to_own_name_in_other_case_is_allowed(client, make_league):
    league = make_league(players=("Ann", "Bob"))
    ann = league.players[0]

    response = client.post(f"/leagues/{league.id}/players/{ann.id}/rename", data={"name": "ANN"})

    assert response.status_code == 302
    assert db.session.get(Player, ann.id).name == "ANN"


# fmt: off
@pytest.mark.parametrize(
    ("name",     "message"),
    [
        ("",         "Type the player's name."),
        ("y" * 41,   "A name has at most 40 characters."),
        ("bob",      "Bob already plays in this league."),
    ],
    ids=["blank", "41-chars", "another-players-name"],
)
# fmt: on
def test_rename_refused_shows_why_and_changes_nothing(client, make_league, name, message):
    league = make_league(players=("Ann", "Bob"))
    ann = league.players[0]

    response = client.post(f"/leagues/{league.id}/players/{ann.id}/rename", data={"name": name})

    assert response.status_code == 422
    assert message in visible_text(response)
    assert sorted(names(league)) == ["Ann", "Bob"]


# --- pages that do not exist ---


# fmt: off
@pytest.mark.parametrize(
    ("method", "url"),
    [
        ("get",    "/leagues/{missing}"),
        ("post",   "/leagues/{missing}/players"),
        ("get",    "/leagues/{missing}/players/{ann}/rename"),
        ("get",    "/leagues/{league}/players/{missing}/rename"),
        ("post",   "/leagues/{league}/players/{missing}/rename"),
        ("get",    "/leagues/{other}/players/{ann}/rename"),
        ("post",   "/leagues/{other}/players/{ann}/rename"),
    ],
    ids=["league", "add-player-to-missing-league", "rename-in-missing-league",
         "rename-missing-player", "rename-missing-player-post",
         "rename-through-another-league", "rename-through-another-league-post"],
)
# fmt: on
def test_missing_league_or_player_is_not_found(client, make_league, method, url):
    league = make_league("The Smiths", players=("Ann",))
    other = make_league("Book Club", players=("Zed",))
    ann = league.players[0]
    url = url.format(missing=9999, league=league.id, other=other.id, ann=ann.id)

    response = getattr(client, method)(url, data={"name": "Annie"})

    assert response.status_code == 404
    assert "Nothing here" in visible_text(response)
    assert sorted(p.name for p in db.session.scalars(select(Player))) == ["Ann", "Zed"]


# --- the league's games, a page at a time ---


def test_games_in_play_come_first_then_the_newest_twelve_to_a_page(client, make_game):
    four = ("Ann", "Bob", "Cat", "Dan")
    first = make_game(players=four, started_on=date(2026, 1, 1))
    league = first.league
    interruptions.end_game(first)
    ended = [first]
    for day in range(1, 14):  # started in a shuffled order of days
        game = make_game(
            players=four, league=league, started_on=date(2026, 1, 1) + timedelta(days=day * 5 % 14)
        )
        interruptions.end_game(game)
        ended.append(game)
    suspended = make_game(players=four, league=league, started_on=date(2025, 6, 1))
    interruptions.suspend(suspended)
    playing = make_game(players=four, league=league, started_on=date(2025, 5, 1))
    db.session.commit()
    newest_first = sorted(ended, key=lambda g: (g.started_on, g.id), reverse=True)
    expected = [suspended, playing, *newest_first]  # in play: newest first too

    def shown(page: str) -> tuple[list[int], str]:
        response = client.get(f"/leagues/{league.id}{page}")
        assert response.status_code == 200
        html = response.get_data(as_text=True)
        ids = [int(i) for i in re.findall(r'class="card-link" href="/games/(\d+)"', html)]
        return ids, visible_text(response)

    one, words_one = shown("")
    two, words_two = shown("?page=2")
    assert one == [g.id for g in expected[:12]]
    assert two == [g.id for g in expected[12:]]
    assert "Page 1 of 2" in words_one and "Older games" in words_one
    assert "Newer games" not in words_one
    assert "Page 2 of 2" in words_two and "Newer games" in words_two
    assert shown("?page=99")[0] == two  # past the last: the last
    assert shown("?page=" + "9" * 40)[0] == one  # too long to be a page: the first
