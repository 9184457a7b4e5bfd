"""Playing again after any ending, with everyone who sat down at the start; taking players out
of the seating (and adding them back) before Start; a new game seated as the last one sat."""

from __future__ import annotations

import re

import pytest
from reading import markup, visible_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, GameStatus, League
from scorekeeper.play import games
from scorekeeper.rules.entries import PlayerEntry
from tests.conftest import loaded, play_hand

FAMILY = ("Mom", "Dad", "Amy", "Ben")


def seated_names(response) -> list[str]:
    """The seating list of the seating page, top to bottom."""
    return re.findall(r'<span class="seat-name">([^<]*)</span>', markup(response))


def not_seated_names(response) -> list[str]:
    """The league's players the seating page offers to add."""
    return re.findall(r'<span class="benched-name">([^<]*)</span>', markup(response))


def hidden(response, name: str) -> str:
    return re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', markup(response)).group(1)


def chosen_dealer(response) -> str:
    select_tag = re.search(r'<select[^>]*name="first_dealer".*?</select>', markup(response), re.S)
    return re.search(r"<option selected[^>]*>([^<]*)<", select_tag.group(0)).group(1)


def game_count() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


def move(client, league: League, page, action: str):
    """Tap a button of the seating page (`action` is its value), as the browser sends it."""
    return client.post(
        f"/leagues/{league.id}/games/seating",
        data={
            "order": hidden(page, "order"),
            "ruleset": hidden(page, "ruleset"),
            "token": hidden(page, "token"),
            "first_dealer": re.search(r'<option selected value="([^"]*)"', markup(page)).group(1),
            "move": action,
        },
    )


def player_id(league: League, name: str) -> int:
    return next(p.id for p in league.players if p.name == name)


def typed(points: int) -> PlayerEntry:
    return PlayerEntry(typed_total=points)


@pytest.fixture
def ben_left(client, make_game) -> Game:
    """Six hands, Mom first to deal; Ben leaves from hand 2 and the game is played out."""
    game = make_game(players=FAMILY, preset="six-hands", first_dealer=0)
    play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30), typed(40)])
    client.post(f"/games/{game.id}/leave", data={"seat": game.seats[3].id, "from_hand": 2})
    while games.current_hand(loaded(game)) is not None:
        play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30)])
    assert game.status == GameStatus.FINISHED
    return game


def test_play_again_after_a_leaver_seats_everyone_who_started(client, ben_left):
    game = ben_left
    table = visible_text(client.get(f"/games/{game.id}"))
    assert "Play again" in table
    assert "Dad deals first" in table

    seating = client.get(f"/games/{game.id}/again")

    assert seating.status_code == 200
    assert seated_names(seating) == list(FAMILY)
    assert chosen_dealer(seating) == "Dad"
    assert "is played by" not in visible_text(seating)
    started = move(client, game.league, seating, "start")
    assert started.status_code == 302
    again = db.session.scalar(select(Game).order_by(Game.id.desc()))
    assert [seat.player.name for seat in loaded(again).seats] == list(FAMILY)
    assert again.first_dealer_position == 1


@pytest.mark.parametrize("ending", ["agreement", "last-player-leaves"])
def test_play_again_is_offered_after_a_game_ended_early(client, make_game, ending):
    game = make_game(players=FAMILY, preset="six-hands", first_dealer=3)
    play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30), typed(40)])
    if ending == "agreement":
        client.post(f"/games/{game.id}/end", data={})
    else:
        for seat in loaded(game).seats[:3]:
            data = {"seat": seat.id, "from_hand": 2, "ends_game": "y"}
            client.post(f"/games/{game.id}/leave", data=data)
    assert games.is_over(loaded(game))

    for page in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        shown = visible_text(client.get(page))
        assert "Play again" in shown, page
        assert "Mom deals first" in shown, page
    seating = client.get(f"/games/{game.id}/again")
    assert seating.status_code == 200
    assert seated_names(seating) == list(FAMILY)
    assert chosen_dealer(seating) == "Mom"


def new_game(client, league: League, *names: str):
    """Step 1 of New game with these players ticked: the seating page it opens."""
    data = {"players": [player_id(league, name) for name in names]}
    return client.post(
        f"/leagues/{league.id}/games/new", data=data | {"ruleset": league.rulesets[0].id}
    )


# Mom dealt game 1 first: Dad is next on, or the next on who sits down again.
@pytest.mark.parametrize(
    ("ticked", "dealer"),
    [
        (FAMILY, "Dad"),
        (("Mom", "Amy", "Ben", "Gran"), "Amy"),
        (("Dad", "Amy", "Ben", "Gran"), "Dad"),
    ],
    ids=["all-four", "dad-stays-away", "mom-stays-away"],
)
def test_new_game_chooses_the_first_dealer_as_play_again_does(
    client, make_league, make_game, ticked, dealer
):
    league = make_league(players=(*FAMILY, "Gran"), preset="six-hands")
    game = make_game(players=FAMILY, first_dealer=0, league=league)
    play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30), typed(40)])
    client.post(f"/games/{game.id}/end", data={})
    assert chosen_dealer(client.get(f"/games/{game.id}/again")) == "Dad"

    seating = new_game(client, league, *ticked)

    assert seating.status_code == 200
    assert seated_names(seating) == [name for name in (*FAMILY, "Gran") if name in ticked]
    assert chosen_dealer(seating) == dealer
    started = move(client, league, seating, "start")
    assert started.status_code == 302
    again = db.session.scalar(select(Game).order_by(Game.id.desc()))
    assert loaded(again).seats[again.first_dealer_position].player.name == dealer


def test_the_seating_page_takes_a_player_out_and_adds_them_back(client, ben_left):
    league = ben_left.league
    seating = client.get(f"/games/{ben_left.id}/again")

    out = move(client, league, seating, "out:3")

    assert seated_names(out) == ["Mom", "Dad", "Amy"]
    assert not_seated_names(out) == ["Ben"]
    shown = visible_text(out)
    assert "Six-hand family list is played by 4 to 8 players; you chose 3." in shown
    assert "Add or take out players here, or go back to step 1" in shown
    assert f'href="/leagues/{league.id}/games/new"' in markup(out)

    refused = move(client, league, out, "start")
    assert refused.status_code == 422
    assert "you chose 3" in visible_text(refused)
    assert game_count() == 1

    back = move(client, league, refused, f"in:{player_id(league, 'Ben')}")
    assert seated_names(back) == list(FAMILY)
    assert not_seated_names(back) == []
    assert "is played by" not in visible_text(back)
    assert move(client, league, back, "start").status_code == 302
    assert game_count() == 2


def test_taking_out_the_chosen_first_dealer_chooses_whoever_sits_first(client, ben_left):
    seating = client.get(f"/games/{ben_left.id}/again")
    assert chosen_dealer(seating) == "Dad"

    out = move(client, ben_left.league, seating, "out:1")

    assert seated_names(out) == ["Mom", "Amy", "Ben"]
    assert chosen_dealer(out) == "Mom"


# fmt: off
@pytest.mark.parametrize(
    ("action",          "status"),
    [
        ("out:9",           200),   # no such seat: nothing changes
        ("out:x",           404),
        ("in:999999",       404),   # nobody of this league
        ("in:" + "9" * 40,  404),
    ],
    ids=["seat-off-the-table", "seat-not-a-number", "unknown-player", "huge-id"],
)
# fmt: on
def test_odd_take_outs_and_adds_change_nothing(client, ben_left, action, status):
    seating = client.get(f"/games/{ben_left.id}/again")

    response = move(client, ben_left.league, seating, action)

    assert response.status_code == status
    if status == 200:
        assert seated_names(response) == list(FAMILY)
    assert game_count() == 1


def test_adding_a_player_already_seated_seats_them_once(client, ben_left):
    league = ben_left.league
    seating = client.get(f"/games/{ben_left.id}/again")

    again = move(client, league, seating, f"in:{player_id(league, 'Amy')}")

    assert seated_names(again) == list(FAMILY)


def test_a_new_game_seats_the_players_as_they_sat_last_time(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    by_name = {p.name: p for p in league.players}
    for seated in (("Dan", "Ann", "Cat", "Eve"), ("Cat", "Bob", "Dan", "Ann")):
        games.start_game(league, league.rulesets[0], [by_name[n] for n in seated], 0)
    db.session.commit()

    response = client.post(
        f"/leagues/{league.id}/games/new",
        data={
            "players": [by_name[n].id for n in ("Ann", "Bob", "Cat", "Dan", "Eve")],
            "new_player": "Fay",
            "ruleset": league.rulesets[0].id,
        },
    )

    assert response.status_code == 200
    # The last game's order first, then the others as listed, the new one last.
    assert seated_names(response) == ["Cat", "Bob", "Dan", "Ann", "Eve", "Fay"]


def test_a_player_of_another_league_cannot_be_added(client, ben_left, make_league):
    other = make_league(name="The Joneses", players=("Zed", "Yve"))
    seating = client.get(f"/games/{ben_left.id}/again")

    response = move(client, ben_left.league, seating, f"in:{player_id(other, 'Zed')}")

    assert response.status_code == 404
    assert game_count() == 1
