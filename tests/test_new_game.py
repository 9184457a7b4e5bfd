"""Starting a game: step 1 (who plays, which rules), step 2 (seating, first dealer, start)."""

from __future__ import annotations

import re

import pytest
from reading import markup, visible_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, HandState, League, Player
from scorekeeper.play import games
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.storage import ruleset_to_dict

NINE = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")


def seated_names(response) -> list[str]:
    """The seating list of step 2, top to bottom."""
    return re.findall(r'<span class="seat-name">([^<]*)</span>', markup(response))


def hidden_order(response) -> str:
    """The seating order the step 2 form will send back."""
    return re.search(r'<input[^>]*name="order"[^>]*value="([^"]*)"', markup(response)).group(1)


def ids(league: League, *names: str) -> list[int]:
    by_name = {p.name: p.id for p in league.players}
    return [by_name[name] for name in names]


def order_of(league: League, *names: str) -> str:
    return ",".join(str(i) for i in ids(league, *names))


def game_count() -> int:
    return db.session.scalar(select(func.count()).select_from(Game))


def seating(client, league: League, order: str, move: str, first_dealer: str = "0", ruleset=None):
    """Post step 2 of a new game; `first_dealer` is a seat number in `order`, as the table sees it.

    The form itself names the dealer by player id (so reseating keeps the choice); a seat
    number off the table is sent as a value that is no player of it.
    """
    ids = [part for part in order.split(",") if part]
    if first_dealer.lstrip("-").isdigit():
        index = int(first_dealer)
        first_dealer = ids[index] if 0 <= index < len(ids) else f"seat{index}"
    return client.post(
        f"/leagues/{league.id}/games/seating",
        data={
            "order": order,
            "ruleset": str(ruleset if ruleset is not None else league.rulesets[0].id),
            "first_dealer": first_dealer,
            "move": move,
        },
    )


# --- step 1: who plays ---


def test_step_1_offers_the_leagues_players_and_rules(client, make_league):
    league = make_league(players=("Ann", "Bob"))
    response = client.get(f"/leagues/{league.id}/games/new")
    assert response.status_code == 200
    shown = visible_text(response)
    for name in ("Ann", "Bob", "Continental", "Someone new at the table?"):
        assert name in shown


# fmt: off
@pytest.mark.parametrize(
    ("ticked",                              "new_player", "message"),
    [
        (("Ann", "Bob", "Cat"),                 "",           "you chose 3."),
        (("Ann", "Bob"),                        "Zed",        "you chose 3."),
        (NINE,                                  "",           "you chose 9."),
        (NINE[:8],                              "Zed",        "you chose 9."),
    ],
    ids=["three", "two-and-a-new-one", "nine", "eight-and-a-new-one"],
)
# fmt: on
def test_step_1_refuses_a_player_count_the_rules_do_not_allow(
    client, make_league, ticked, new_player, message
):
    league = make_league(players=NINE)

    response = client.post(
        f"/leagues/{league.id}/games/new",
        data={
            "players": ids(league, *ticked),
            "new_player": new_player,
            "ruleset": league.rulesets[0].id,
        },
    )

    assert response.status_code == 422
    assert f"Continental is played by 4 to 8 players; {message}" in visible_text(response)
    assert db.session.scalar(select(func.count()).select_from(Player)) == len(NINE)
    assert game_count() == 0


def test_step_1_adds_a_new_player_and_seats_them(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))

    response = client.post(
        f"/leagues/{league.id}/games/new",
        data={
            "players": ids(league, "Ann", "Cat", "Dan"),
            "new_player": "  Mary   Lou ",
            "ruleset": league.rulesets[0].id,
        },
    )

    assert response.status_code == 200
    mary = db.session.scalars(select(Player).filter_by(name="Mary Lou")).one()
    assert mary.league_id == league.id
    assert seated_names(response) == ["Ann", "Cat", "Dan", "Mary Lou"]
    assert hidden_order(response) == order_of(league, "Ann", "Cat", "Dan", "Mary Lou")
    assert ">Mary Lou</option>" in markup(response)
    assert game_count() == 0  # the game starts only at step 2


# fmt: off
@pytest.mark.parametrize(
    ("new_player",  "message"),
    [
        ("Ann",         "Ann is already in the league: tick their name above."),
        ("z" * 41,      "A name has at most 40 characters."),
    ],
    ids=["already-in-the-league", "41-chars"],
)
# fmt: on
def test_step_1_refuses_a_bad_new_name_and_adds_nobody(client, make_league, new_player, message):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))

    response = client.post(
        f"/leagues/{league.id}/games/new",
        data={
            "players": ids(league, "Bob", "Cat", "Dan"),
            "new_player": new_player,
            "ruleset": league.rulesets[0].id,
        },
    )

    assert response.status_code == 422
    assert message in visible_text(response)
    assert db.session.scalar(select(func.count()).select_from(Player)) == 4


def test_step_1_refuses_another_leagues_player_or_rules(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    other = make_league("Book Club", players=("Zed",))
    four = ids(league, "Ann", "Bob", "Cat", "Dan")

    with_stranger = client.post(
        f"/leagues/{league.id}/games/new",
        data={"players": four[:3] + ids(other, "Zed"), "ruleset": league.rulesets[0].id},
    )
    with_their_rules = client.post(
        f"/leagues/{league.id}/games/new",
        data={"players": four, "ruleset": other.rulesets[0].id},
    )

    assert with_stranger.status_code == 422
    assert "Choose players of this league only." in visible_text(with_stranger)
    assert with_their_rules.status_code == 422
    assert "Not a valid choice." in visible_text(with_their_rules)


# --- step 2: seating ---


# fmt: off
@pytest.mark.parametrize(
    ("move",     "seated"),
    [
        ("up:1",     ["Bob", "Ann", "Cat", "Dan"]),
        ("up:3",     ["Ann", "Bob", "Dan", "Cat"]),
        ("down:0",   ["Bob", "Ann", "Cat", "Dan"]),
        ("down:2",   ["Ann", "Bob", "Dan", "Cat"]),
        ("up:0",     ["Ann", "Bob", "Cat", "Dan"]),
        ("down:3",   ["Ann", "Bob", "Cat", "Dan"]),
        ("down:9",   ["Ann", "Bob", "Cat", "Dan"]),
    ],
    ids=["up-second", "up-last", "down-first", "down-third", "up-first-stays",
         "down-last-stays", "out-of-range-stays"],
)
# fmt: on
def test_step_2_moves_a_player_up_or_down(client, make_league, move, seated):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))

    response = seating(client, league, order_of(league, "Ann", "Bob", "Cat", "Dan"), move)

    assert response.status_code == 200
    assert seated_names(response) == seated
    assert hidden_order(response) == order_of(league, *seated)
    assert game_count() == 0


def selected_dealer(response) -> str:
    """The name of the first dealer chosen in the step 2 form."""
    option = re.search(r"<option[^>]*\bselected\b[^>]*>([^<]*)</option>", markup(response))
    return option.group(1)


class Reverse:
    """Stands in for SystemRandom: a shuffle that reverses, so its outcome is known."""

    def shuffle(self, items: list) -> None:
        items.reverse()


# fmt: off
@pytest.mark.parametrize(
    ("move",      "seated"),
    [
        ("up:2",      ["Ann", "Cat", "Bob", "Dan"]),
        ("down:1",    ["Ann", "Cat", "Bob", "Dan"]),
        ("shuffle",   ["Dan", "Cat", "Bob", "Ann"]),
    ],
    ids=["up", "down", "shuffle"],
)
# fmt: on
def test_step_2_reseating_keeps_the_chosen_first_dealer(
    client, make_league, monkeypatch, move, seated
):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    monkeypatch.setattr("scorekeeper.views.games.secrets.SystemRandom", Reverse)

    # Cat (seat 2) drew the high card, then the seating is changed.
    response = seating(client, league, order_of(league, "Ann", "Bob", "Cat", "Dan"), move, "2")

    assert seated_names(response) == seated
    assert selected_dealer(response) == "Cat"


def test_step_2_shuffle_seats_the_same_players_in_a_new_order(client, make_league, monkeypatch):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    monkeypatch.setattr("scorekeeper.views.games.secrets.SystemRandom", Reverse)
    response = seating(client, league, order_of(league, "Ann", "Bob", "Cat", "Dan", "Eve"), "shuffle")

    assert response.status_code == 200
    assert seated_names(response) == ["Eve", "Dan", "Cat", "Bob", "Ann"]
    assert hidden_order(response) == order_of(league, "Eve", "Dan", "Cat", "Bob", "Ann")


def test_step_2_real_shuffle_keeps_the_same_set_of_players(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    order = order_of(league, "Ann", "Bob", "Cat", "Dan", "Eve")

    response = seating(client, league, order, "shuffle")

    assert response.status_code == 200
    assert sorted(seated_names(response)) == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert sorted(hidden_order(response).split(",")) == sorted(order.split(","))
    assert game_count() == 0


def test_start_seats_the_players_in_order_with_the_chosen_dealer(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    ruleset = league.rulesets[0]

    response = seating(client, league, order_of(league, "Dan", "Ann", "Eve", "Bob"), "start", "2")

    game = games.load_game(db.session.scalars(select(Game.id)).one())
    assert response.status_code == 302
    assert response.location == f"/games/{game.id}"
    assert [seat.player.name for seat in game.seats] == ["Dan", "Ann", "Eve", "Bob"]
    assert [seat.position for seat in game.seats] == [0, 1, 2, 3]
    assert game.first_dealer_position == 2
    [hand] = game.hands
    assert (hand.number, hand.attempt, hand.dealer_position) == (1, 1, 2)
    assert hand.state == HandState.PLAYING
    assert game.ruleset_id == ruleset.id
    assert game.rules_data == ruleset.data
    table = client.get(response.location)
    assert "Game on! Eve deals hand 1." in visible_text(table)
    assert 'data-testid="dealer">Eve<' in markup(table)


def test_game_keeps_its_rules_when_the_leagues_rules_change(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    ruleset = league.rulesets[0]
    seating(client, league, order_of(league, "Ann", "Bob", "Cat", "Dan"), "start", "0")
    game = db.session.scalars(select(Game)).one()
    copied = ruleset_to_dict(PRESETS["continental"])

    ruleset.data = {**ruleset.data, "name": "Grandma's rules", "short_card_penalty": 25}
    db.session.commit()
    db.session.expire_all()

    assert db.session.get(Game, game.id).rules_data == copied
    assert db.session.get(Game, game.id).rules.short_card_penalty == 10
    assert "Grandma's rules" not in visible_text(client.get(f"/games/{game.id}/sheet"))


def test_random_first_dealer_is_a_seat_at_the_table(client, make_league, monkeypatch):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    asked = []

    def randbelow(n):
        asked.append(n)
        return n - 1

    monkeypatch.setattr("scorekeeper.play.games.secrets.randbelow", randbelow)
    response = seating(
        client, league, order_of(league, "Ann", "Bob", "Cat", "Dan", "Eve"), "start", "random"
    )

    game = games.load_game(db.session.scalars(select(Game.id)).one())
    assert response.status_code == 302
    assert asked == [5]
    assert game.first_dealer_position == 4
    assert game.hands[0].dealer_position == 4
    assert "Game on! Eve deals hand 1." in visible_text(client.get(response.location))


def test_real_random_first_dealer_is_in_range(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))

    seating(client, league, order_of(league, "Ann", "Bob", "Cat", "Dan"), "start", "random")

    game = games.load_game(db.session.scalars(select(Game.id)).one())
    assert 0 <= game.first_dealer_position < 4
    assert game.hands[0].dealer_position == game.first_dealer_position


# fmt: off
@pytest.mark.parametrize(
    ("order",                        "first_dealer", "message"),
    [
        (("Ann", "Bob", "Cat"),          "0",            "Continental is played by 4 to 8 players; you chose 3."),
        (("Ann", "Bob", "Cat", "Dan"),   "4",            "The first dealer must be one of the players at the table."),
        (("Ann", "Bob", "Cat", "Dan"),   "-1",           "The first dealer must be one of the players at the table."),
    ],
    ids=["three-players", "dealer-past-the-last-seat", "negative-dealer"],
)
# fmt: on
def test_start_refused_shows_why_and_creates_no_game(
    client, make_league, order, first_dealer, message
):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))

    response = seating(client, league, order_of(league, *order), "start", first_dealer)

    assert response.status_code == 422
    assert message in visible_text(response)
    assert seated_names(response) == list(order)
    assert game_count() == 0


# fmt: off
@pytest.mark.parametrize(
    ("order",                         "ruleset", "status"),
    [
        ("{ann},{bob},{cat},9999",        "own",     400),
        ("{ann},{bob},{cat},{ann}",       "own",     400),
        ("{ann},{bob},{cat},{zed}",       "own",     400),
        ("{ann},{bob},{cat},x",           "own",     400),
        ("{ann},{bob},{cat},{dan}",       "theirs",  404),
        ("{ann},{bob},{cat},{dan}",       "9999",    404),
        ("{ann},{bob},{cat},{dan}",       "",        404),
    ],
    ids=["unknown-player", "player-twice", "another-leagues-player", "not-a-number",
         "another-leagues-rules", "unknown-rules", "no-rules"],
)
# fmt: on
@pytest.mark.parametrize("move", ["start", "up:1", "shuffle"])
def test_tampered_seating_is_refused_without_a_game(
    client, make_league, order, ruleset, status, move
):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    other = make_league("Book Club", players=("Zed",))
    ann, bob, cat, dan = ids(league, "Ann", "Bob", "Cat", "Dan")
    known = {"ann": ann, "bob": bob, "cat": cat, "dan": dan, "zed": ids(other, "Zed")[0]}
    rulesets = {"own": league.rulesets[0].id, "theirs": other.rulesets[0].id}

    response = seating(
        client, league, order.format(**known), move, "0", rulesets.get(ruleset, ruleset)
    )

    assert response.status_code == status
    assert game_count() == 0


def test_a_second_tap_on_start_opens_the_game_already_started(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    data = {
        "order": order_of(league, "Ann", "Bob", "Cat", "Dan"),
        "ruleset": str(league.rulesets[0].id),
        "first_dealer": str(league.players[0].id),
        "move": "start",
        "token": "one-time-token",
    }
    first = client.post(f"/leagues/{league.id}/games/seating", data=data)
    second = client.post(f"/leagues/{league.id}/games/seating", data=data, follow_redirects=True)

    game = db.session.scalars(select(Game)).one()
    assert first.location == f"/games/{game.id}"
    assert "This game has already started: here it is." in second.get_data(as_text=True)
    assert game_count() == 1
