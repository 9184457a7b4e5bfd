"""A player leaves mid-game: the deal keeps passing left among those still seated, on every
page, and the running totals keep the leaver apart until the end posts their total."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pytest
from reading import totals, visible_text
from sqlalchemy import select

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand
from scorekeeper.play import games
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.storage import ruleset_to_dict
from tests.conftest import loaded, play_hand

FAMILY = ("Mom", "Dad", "Amy", "Ben")
MOM, DAD, AMY, BEN = range(4)


def typed(points: int) -> PlayerEntry:
    return PlayerEntry(typed_total=points)


def dealers_recorded(game: Game) -> dict[int, str]:
    """Who dealt each hand, as the database holds it (the last attempt of each)."""
    seats = loaded(game).seats
    rows = db.session.scalars(select(Hand).filter_by(game_id=game.id).order_by(Hand.id))
    return {hand.number: seats[hand.dealer_position].player.name for hand in rows}


def table_dealer(client, game: Game) -> tuple[str, str]:
    """(who deals, who plays first) as the table screen shows them."""
    shown = client.get(f"/games/{game.id}").get_data(as_text=True)
    dealer = re.search(r'data-testid="dealer">([^<]*)<', shown).group(1)
    first = re.search(r'data-testid="first-player">([^<]*)<', shown).group(1)
    return dealer, first


def printed_dealers(client, game: Game) -> list[str]:
    """The "Deals:" name of each hand of the printable sheet, in order."""
    text = visible_text(client.get(f"/games/{game.id}/sheet/print"))
    return re.findall(r"Deals: (\w+)", text)


def sheet_dealers(client, game: Game) -> list[str]:
    """The "... dealt" name of each scored hand of the scoresheet page, in order."""
    shown = client.get(f"/games/{game.id}/sheet").get_data(as_text=True)
    return re.findall(r'class="sheet-meta">(\w+) dealt', shown)


@pytest.fixture
def ben_leaves(client, make_game) -> Game:
    """Six hands, Mom dealing first; after two hands Ben leaves from hand 3."""
    game = make_game(players=FAMILY, preset="six-hands", first_dealer=0)
    play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30), typed(40)])
    play_hand(game, [typed(25), PlayerEntry(went_out=True), typed(35), typed(20)])
    ben = game.seats[3]
    left = client.post(f"/games/{game.id}/leave", data={"seat": ben.id, "from_hand": 3})
    assert left.status_code == 302
    return loaded(game)


def test_after_a_player_leaves_nobody_deals_twice_running(client, ben_leaves):
    game = ben_leaves
    assert table_dealer(client, game) == ("Amy", "Mom")
    play_hand(game, [typed(30), typed(20), PlayerEntry(went_out=True)])
    assert table_dealer(client, game) == ("Mom", "Dad")
    play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30)])

    assert table_dealer(client, game) == ("Dad", "Amy")
    hand = games.current_hand(loaded(game))
    form = visible_text(client.get(f"/games/{game.id}/hand/{hand.number}/score"))
    assert "Dad dealt 12" in form
    assert dealers_recorded(game) == {1: "Mom", 2: "Dad", 3: "Amy", 4: "Mom", 5: "Dad"}
    assert sheet_dealers(client, game) == ["Mom", "Dad", "Amy", "Mom"]
    assert printed_dealers(client, game) == ["Mom", "Dad", "Amy", "Mom", "Dad", "Amy"]


def test_the_sheet_foretells_the_deal_passing_left_past_the_leaver(client, ben_leaves):
    # Hand 3 in play: the printed sheet names the dealers to come as the table will see them.
    assert printed_dealers(client, ben_leaves) == ["Mom", "Dad", "Amy", "Mom", "Dad", "Amy"]


def test_the_dealer_of_the_hand_in_play_leaving_passes_the_deal_to_their_left(client, make_game):
    game = make_game(players=FAMILY, preset="six-hands", first_dealer=0)
    play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30), typed(40)])
    dad = game.seats[1]  # deals hand 2, and leaves from it
    client.post(f"/games/{game.id}/leave", data={"seat": dad.id, "from_hand": 2})

    assert table_dealer(client, loaded(game)) == ("Amy", "Ben")
    play_hand(game, [typed(20), PlayerEntry(went_out=True), typed(30)])
    assert table_dealer(client, game) == ("Ben", "Mom")
    assert printed_dealers(client, game) == ["Mom", "Amy", "Ben", "Mom", "Amy", "Ben"]


def test_a_player_who_left_is_listed_apart_and_never_leads(client, ben_leaves, app):
    game = ben_leaves
    play_hand(game, [typed(30), typed(20), PlayerEntry(went_out=True)])
    play_hand(game, [typed(25), typed(20), PlayerEntry(went_out=True)])
    # Totals: Mom 80, Dad 60, Amy 65, Ben 60 (left from hand 3).
    response = client.get(f"/games/{game.id}")

    assert totals(response) == [("1", "Dad", "60"), ("2", "Amy", "65"), ("3", "Mom", "80")]
    shown = visible_text(response)
    assert "Dad leads" in shown and "Ben leads" not in shown
    apart = re.search(
        r'data-testid="left-apart"[^>]*>(.*?)</ul>', response.get_data(as_text=True), re.S
    )
    assert apart is not None
    assert "Ben" in apart.group(1) and "left from hand 3" in apart.group(1)
    assert "leader" not in apart.group(1)
    assert "A player who left is not ranked while the game goes on" in shown

    sheet = visible_text(client.get(f"/games/{game.id}/sheet"))
    assert re.search(r"Place 3 1 2 –", sheet), sheet
    assert "After hand 4, Dad 60, Amy 65, Mom 80, Ben 60." in sheet

    token = client.post(f"/leagues/{game.league_id}/settings/share")
    assert token.status_code == 302
    watch = app.test_client().get(f"/watch/{loaded(game).league.share_token}/games/{game.id}")
    watched = visible_text(watch)
    assert "1 Dad 60 2 Amy 65 3 Mom 80 – Ben left from hand 3 60" in watched


def test_a_leaver_is_ranked_as_ever_when_their_total_simply_stands(client, make_game):
    game = make_game(players=FAMILY, preset="six-hands", first_dealer=0)
    rs = game.rules
    game.rules_data = ruleset_to_dict(
        replace(rs, fairness=replace(rs.fairness, incomplete_game=False))
    )
    db.session.commit()
    play_hand(loaded(game), [PlayerEntry(went_out=True), typed(20), typed(30), typed(40)])
    client.post(f"/games/{game.id}/leave", data={"seat": game.seats[0].id, "from_hand": 2})

    response = client.get(f"/games/{game.id}")
    assert totals(response)[0] == ("1", "Mom", "0")
    assert "not ranked" not in visible_text(response)


def _six_hands_played_out(game: Game) -> None:
    while games.current_hand(loaded(game)) is not None:
        play_hand(game, [PlayerEntry(went_out=True), typed(20), typed(30)])


def test_a_league_file_keeps_the_dealers_an_older_app_gave_after_a_leave(client, ben_leaves):
    _six_hands_played_out(ben_leaves)
    data = json.loads(exchange.league_json(ben_leaves.league))
    hands = data["games"][0]["hands"]
    assert [hand["dealer"] for hand in hands] == [MOM, DAD, AMY, MOM, DAD, AMY]
    # The deal as the app gave it before it passed strictly left: Mom twice running.
    for hand, dealer in zip(hands, [MOM, DAD, AMY, MOM, MOM, DAD], strict=True):
        hand["dealer"] = dealer
    data["league"]["name"] = "Older file"

    copy = exchange.import_league(json.dumps(data))
    db.session.commit()

    kept = json.loads(exchange.league_json(copy))["games"][0]["hands"]
    assert [hand["dealer"] for hand in kept] == [MOM, DAD, AMY, MOM, MOM, DAD]


def test_a_league_file_naming_a_dealer_who_left_is_refused(client, ben_leaves):
    _six_hands_played_out(ben_leaves)
    data = json.loads(exchange.league_json(ben_leaves.league))
    data["games"][0]["hands"][4]["dealer"] = BEN
    data["league"]["name"] = "Faulty file"

    with pytest.raises(exchange.ImportRefused, match="hand 5 is dealt by seat 1 \\(Dad\\)"):
        exchange.import_league(json.dumps(data))
