"""Carioca, Continental as Spain plays it and Contract Rommé, started and scored through the
pages; a bonus below zero carried to the totals, places and standings.

Every expected score is worked out by hand from the prices in the comments beside it.
"""

from __future__ import annotations

import json

import pytest
from reading import visible_text
from sqlalchemy import select
from test_exchange import upload
from test_other_systems import OUT, final, hand_post, raw, saved_scores, start
from test_rulesets import copy_rules, error_of, save, shown_form

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.forms.hand import HandForm
from scorekeeper.models import Game, GameStatus, League
from scorekeeper.play import games
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Bonus

DOWN_AND_OUT = "Down and out in one turn"


def post_hand(client, app, game: Game, reports: list[object], ticks: dict[int, str] | None = None):
    """Send the hand form with each report, and the bonus ticks of the seats in `ticks`."""
    game = games.load_game(game.id)
    hand = games.current_hand(game)
    data = hand_post(app, game, reports)
    with app.test_request_context():
        form = HandForm(game.rules, len(game.seats), hand.number)
        for seat, label in (ticks or {}).items():
            data[next(f.name for g, f in form.player(seat).counts if g.label == label)] = "1"
    response = client.post(f"/games/{game.id}/hand/{hand.number}/score", data=data)
    db.session.expire_all()
    return response


# One hand of each preset: who holds what, and what it costs.
FIRST_HANDS = [
    # preset             table                          reports, scores
    # Carioca: A 20 + joker 30; 2 + K 10.
    ("carioca",          ["Ann", "Bob", "Cat"],
     [OUT, ["A", "JOKER"], ["2", "K"]],                 [0, 50, 12]),
    # The 11-round game deals its first hand as the 8-round one.
    ("carioca-closing",  ["Ann", "Bob", "Cat"],
     [OUT, ["9", "9"], ["JOKER"]],                      [0, 18, 30]),
    # House scoring: 7 is 5, 8 is 10; A 20 + joker 30.
    ("carioca-house",    ["Ann", "Bob", "Cat"],
     [OUT, ["7", "8"], ["A", "JOKER"]],                 [0, 15, 50]),
    # Spain: joker 50; ace 20; 5 + 10.
    ("continental-spain", ["Ann", "Bob", "Cat", "Dan"],
     [OUT, ["JOKER"], ["A"], ["5", "10"]],              [0, 50, 20, 15]),
    # Contract Rommé: ace and joker 15 each; 4 + Q 10.
    ("contract-romme",   ["Ann", "Bob", "Cat", "Dan"],
     [OUT, ["A", "JOKER"], ["4", "Q"], ["2"]],          [0, 30, 14, 2]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("key", "names", "reports", "scores"), FIRST_HANDS, ids=[row[0] for row in FIRST_HANDS]
)
def test_a_game_of_each_preset_starts_and_scores_a_hand(
    client, app, make_league, key: str, names: list[str], reports: list[object], scores: list[int]
):
    league = make_league(players=names, preset=key)
    new_game = visible_text(client.get(f"/leagues/{league.id}/games/new"))
    assert league.rulesets[0].rules.description in new_game
    game = start(client, league, league.rulesets[0], names)
    response = post_hand(client, app, game, reports)
    assert response.status_code == 302, visible_text(response)
    assert saved_scores(game, 1) == dict(zip(names, scores, strict=True))


# The first hand's card at the table: contract, cards to deal, decks and jokers.
TABLE_CARDS = [
    # preset              players                        contract  dealt  decks
    ("carioca",           ["Ann", "Bob", "Cat"],         "2 sets", "12",  "2 + 4 jokers"),
    ("continental-spain", ["Ann", "Bob", "Cat", "Dan", "Eve"],
                                                         "2 sets", "7",   "3 + 9 jokers"),
    ("contract-romme",    ["Ann", "Bob", "Cat"],         "2 sets", "10",  "2 + 2 jokers"),
    ("contract-romme",    ["Ann", "Bob", "Cat", "Dan", "Eve"],
                                                         "2 sets", "10",  "2 + 4 jokers"),
]  # fmt: skip


@pytest.mark.parametrize(("key", "names", "contract", "dealt", "decks"), TABLE_CARDS)
def test_the_table_card(client, make_game, key, names, contract, dealt, decks):
    game = make_game(players=names, preset=key)
    page = raw(client.get(f"/games/{game.id}"))
    text = visible_text(client.get(f"/games/{game.id}"))
    assert f'data-testid="contract">{contract}<' in page
    assert f'data-testid="cards-dealt">{dealt}<' in page
    assert f"Decks {decks}" in text


def test_the_rules_pages_offer_each_preset_with_its_description(client, make_league):
    league = make_league()
    for page in (client.get("/"), client.get(f"/leagues/{league.id}/rules/new")):
        text = visible_text(page)
        for key in ("carioca", "continental-spain", "contract-romme"):
            assert preset(key).description in text


def test_going_down_and_out_in_one_turn_scores_below_zero_to_the_end(client, app, make_league):
    names = ["Ann", "Bob", "Cat", "Dan"]
    league = make_league(players=names, preset="continental-spain")
    game = start(client, league, league.rulesets[0], names)
    form = visible_text(
        client.get(f"/games/{game.id}/hand/{games.current_hand(game).number}/score")
    )
    assert DOWN_AND_OUT in form
    # Only the player who went out earns it: nothing is saved.
    refused = post_hand(client, app, game, [OUT, ["5"], ["5"], ["5"]], ticks={1: DOWN_AND_OUT})
    assert refused.status_code == 422
    assert f"Bob: only the player who went out earns “{DOWN_AND_OUT}”." in visible_text(refused)
    assert saved_scores(game, 1) == {}
    # Ann goes down and out in one turn every hand: -10 each; Bob holds a 5, Cat an ace (20),
    # Dan a joker (50).
    for number in range(1, 8):
        response = post_hand(
            client, app, game, [OUT, ["5"], ["A"], ["JOKER"]], ticks={0: DOWN_AND_OUT}
        )
        assert response.status_code == 302, visible_text(response)
        assert saved_scores(game, number) == {"Ann": -10, "Bob": 5, "Cat": 20, "Dan": 50}
    assert db.session.get(Game, game.id).status == GameStatus.FINISHED
    assert final(game) == {"Ann": (-70, 1), "Bob": (35, 2), "Cat": (140, 3), "Dan": (350, 4)}
    assert "Ann wins with -70 points." in visible_text(client.get(f"/games/{game.id}"))
    sheet = visible_text(client.get(f"/games/{game.id}/sheet"))
    assert "out + down and out in one turn (-10)" in sheet
    standings = visible_text(client.get(f"/leagues/{league.id}/standings"))
    assert "-70" in standings
    # The league file carries the ticks; its import replays them to the same totals.
    data = json.loads(exchange.league_json(league))
    data["league"]["name"] = "Los García"
    assert data["games"][0]["hands"][0]["players"]["Ann"]["tally"] == {DOWN_AND_OUT: 1}
    assert upload(client, json.dumps(data)).status_code == 302
    copy = db.session.scalar(select(League).filter_by(name="Los García"))
    assert json.loads(exchange.league_json(copy))["games"] == data["games"]


# --- A family's own bonuses, set in the house-rules editor ---

FAMILY_BONUSES = "Perfect cut: -10\nOut in one go: -30, out only"


def test_a_family_sets_its_bonuses_and_plays_them(client, app, make_league):
    names = ["Ann", "Bob", "Cat"]
    league = make_league(players=names, preset="carioca")
    record = copy_rules(client, league, "Perla's", origin="preset:carioca")
    assert save(client, record, {"bonuses": FAMILY_BONUSES}).status_code == 302
    assert record.rules.bonuses == (
        Bonus("Perfect cut", -10),
        Bonus("Out in one go", -30, out_only=True),
    )
    assert shown_form(client, record)["bonuses"] == FAMILY_BONUSES
    game = start(client, league, record, names)
    # Ann goes out in one go; Bob cut perfectly and holds an ace: 20 - 10; Cat a 2.
    response = post_hand(
        client, app, game, [OUT, ["A"], ["2"]], ticks={0: "Out in one go", 1: "Perfect cut"}
    )
    assert response.status_code == 302, visible_text(response)
    assert saved_scores(game, 1) == {"Ann": -30, "Bob": 10, "Cat": 2}


# Bonus lines the editor refuses, on the bonuses box; nothing is saved.
REFUSED_LINES = [
    ("no points",   "Perfect cut",
     "Bonus line 1: write what earns it, a colon, then its points"),
    ("past bound",  "Perfect cut: -5000",
     "Bonus 'Perfect cut': a bonus is -1000 to 1000 points, not -5000."),
    ("a card name", "Joker: -10",
     "Bonus 'Joker': a card group or bonus has this label."),
    ("five",        "\n".join(f"Feat {n}: -1" for n in range(5)),
     "Bonuses: at most 4 bonuses, not 5."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "message"), [row[1:] for row in REFUSED_LINES], ids=[row[0] for row in REFUSED_LINES]
)
def test_bonus_lines_the_editor_refuses(client, make_league, text, message):
    league = make_league(preset="carioca")
    record = copy_rules(client, league, "Ours", origin="preset:carioca")
    response = save(client, record, {"bonuses": text})
    assert response.status_code == 422
    assert message in (error_of(response, "bonuses") or "")
    assert record.rules.bonuses == ()
