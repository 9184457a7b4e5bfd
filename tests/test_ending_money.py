"""Ending a buying game early, through the pages: the confirmation says what becomes of the
pennies before anything changes, and the ended game shows the settling up that was done.

Every amount below is worked out by hand in the comments beside it.
"""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import func, select

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.league import rulesets
from scorekeeper.models import Game, GameStatus, HandState, League, MayIClaim
from scorekeeper.play import games
from scorekeeper.rules.ruleset import Payouts, Settlement
from tests.test_other_systems import OUT, buy, filled_buying_rules, raw, score, start, text_of
from tests.test_share import assert_read_only, share

FAMILY = ["Mom", "Dad", "Amy", "Ben"]
# Mom goes out every hand; Dad holds a 7 (5), Amy an ace (15), Ben a joker (25).
HAND = [OUT, ["7"], ["A"], ["JOKER"]]


def family_buying(make_league, incomplete_game_rule: bool = True) -> tuple[League, int]:
    """A family of four and the buying game filled in: +6, +2, -2, -6, the kitty to the winner."""
    league = make_league(name="The Parkers", players=FAMILY, preset="buying")
    rs = filled_buying_rules()
    rs = replace(
        rs,
        settlement=Settlement((Payouts(4, (6, 2, -2, -6)),), "winner"),
        fairness=replace(rs.fairness, incomplete_game=incomplete_game_rule),
    )
    record = rulesets.copy_ruleset(league, rs, "Our buying")
    db.session.commit()
    return league, record.id


def started(client, make_league, incomplete_game_rule: bool = True) -> Game:
    league, record_id = family_buying(make_league, incomplete_game_rule)
    record = next(r for r in league.rulesets if r.id == record_id)
    return start(client, league, record, FAMILY)


def claims() -> int:
    return db.session.scalar(select(func.count()).select_from(MayIClaim))


def test_ending_after_one_hand_gives_the_three_pennies_back(client, app, make_league):
    game = started(client, make_league)
    buy(client, game, "Dad")
    buy(client, game, "Amy")
    score(client, app, game, HAND)
    buy(client, game, "Dad")  # in hand 2, which the table then leaves unplayed
    assert "Kitty: 3 pennies" in text_of(client.get(f"/games/{game.id}"))

    asked = text_of(client.get(f"/games/{game.id}/end"))
    assert "The game will be discarded." in asked
    assert (
        "The pennies The game counts for nothing, so no place money is paid, and the kitty's "
        "3 pennies go back to whoever paid them. "
        "Dad takes back 2 from the kitty Amy takes back 1 from the kitty" in asked
    )
    game = games.load_game(game.id)
    assert game.status == GameStatus.PLAYING and claims() == 3  # asking changed nothing

    assert client.post(f"/games/{game.id}/end", data={}).status_code == 302
    db.session.expire_all()
    game = games.load_game(game.id)
    assert game.status == GameStatus.INCOMPLETE and game.discarded
    assert games.current_hand(game) is None
    assert [hand.state for hand in game.hands] == [HandState.SCORED, HandState.UNPLAYED]
    assert claims() == 3  # every buy is kept
    assert [seat.net_parts for seat in game.seats] == [None] * 4  # counts in no standings

    for page in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        shown = text_of(client.get(page))
        assert "Settling up (pennies)" in shown, page
        assert "no place money is paid, and the kitty's 3 pennies go back" in shown, page
        # No place; by place 0; buys paid; taken back from the kitty; net 0.
        for row in ("– Mom 0 0 0 0", "– Dad 0 -2 2 0", "– Amy 0 -1 1 0", "– Ben 0 0 0 0"):
            assert row in shown, (page, row)
        assert (
            "Who pays whom Dad takes back 2 from the kitty Amy takes back 1 from the kitty" in shown
        ), page
        assert "The kitty holds 3 pennies (1 a buy)." in shown, page
    printed = text_of(client.get(f"/games/{game.id}/sheet/print"))
    assert "Dad takes back 2 from the kitty; Amy takes back 1 from the kitty. Kitty 3:" in printed
    assert 'data-testid="pennies"' not in raw(client.get(f"/leagues/{game.league_id}/standings"))


def test_equal_shares_of_the_kitty_name_the_players_in_seat_order_before_and_after(
    client, app, make_league
):
    game = started(client, make_league)
    for name in ("Ben", "Dad", "Amy"):
        buy(client, game, name)
    # Mom out; Dad holds a 7 (5), Amy a joker (25), Ben an ace (15): Ben ranks above Amy.
    score(client, app, game, [OUT, ["7"], ["JOKER"], ["A"]])
    line = "Dad, Amy and Ben each take back 1 from the kitty"

    assert line in text_of(client.get(f"/games/{game.id}/end"))
    client.post(f"/games/{game.id}/end", data={})
    for page in (f"/games/{game.id}", f"/games/{game.id}/sheet", f"/games/{game.id}/sheet/print"):
        assert line in text_of(client.get(page)), page


def test_ending_after_twelve_of_fifteen_hands_gives_every_buy_back(client, app, make_league):
    game = started(client, make_league)
    for number in range(1, 13):
        if number == 1:
            buy(client, game, "Ben")
        if number == 5:
            buy(client, game, "Amy")
        if number == 12:  # two buys allowed, each with a blind card
            buy(client, game, "Dad")
            buy(client, game, "Dad")
            buy(client, game, "Ben")
        score(client, app, game, HAND)
    # Kitty: Ben 2, Dad 2, Amy 1 = 5 pennies, and hand 13 is in play.
    asked = text_of(client.get(f"/games/{game.id}/end"))
    assert "The table ended the game after 12 of 15 hands." in asked
    assert "The game will be discarded." in asked
    assert "the kitty's 5 pennies go back to whoever paid them." in asked
    assert "Dad and Ben each take back 2 from the kitty Amy takes back 1 from the kitty" in asked

    assert client.post(f"/games/{game.id}/end", data={}).status_code == 302
    db.session.expire_all()
    game = games.load_game(game.id)
    assert game.discarded and claims() == 5
    # The totals of twelve hands stay as they were: Dad 60, Amy 180, Ben 300.
    assert [seat.final_total for seat in game.seats] == [0, 60, 180, 300]
    for page in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        shown = text_of(client.get(page))
        for row in ("– Mom 0 0 0 0", "– Dad 0 -2 2 0", "– Amy 0 -1 1 0", "– Ben 0 -2 2 0"):
            assert row in shown, (page, row)
        assert (
            "Who pays whom Dad and Ben each take back 2 from the kitty "
            "Amy takes back 1 from the kitty" in shown
        ), page


def test_a_game_that_counts_is_settled_on_the_hands_played(client, app, make_league):
    # The league switched the incomplete-game rule off: the totals of two hands stand.
    game = started(client, make_league, incomplete_game_rule=False)
    buy(client, game, "Amy")
    score(client, app, game, HAND)
    buy(client, game, "Ben")
    score(client, app, game, HAND)
    asked = text_of(client.get(f"/games/{game.id}/end"))
    assert "the kitty of 2 pennies as the rules split it." in asked
    # Places: Mom 1, Dad 2, Amy 3, Ben 4; the kitty's 2 to Mom.
    assert "Ben pays Mom 6 Amy pays Dad 2 Mom takes 2 from the kitty" in asked

    assert client.post(f"/games/{game.id}/end", data={}).status_code == 302
    db.session.expire_all()
    game = games.load_game(game.id)
    assert game.status == GameStatus.FINISHED and not game.discarded
    shown = text_of(client.get(f"/games/{game.id}"))
    # Net: Mom 6 + 2 = 8; Dad 2; Amy -2 - 1 = -3; Ben -6 - 1 = -7.
    for row in ("1 Mom 6 0 2 8", "2 Dad 2 0 0 2", "3 Amy -2 -1 0 -3", "4 Ben -6 -1 0 -7"):
        assert row in shown, row
    assert "Who pays whom Ben pays Mom 6 Amy pays Dad 2 Mom takes 2 from the kitty" in shown
    standings = raw(client.get(f"/leagues/{game.league_id}/standings"))
    assert 'data-testid="pennies">8<' in standings


def test_a_leave_that_ends_the_game_says_what_becomes_of_the_kitty(client, app, make_league):
    game = started(client, make_league)
    buy(client, game, "Ben")
    by_name = {seat.player.name: seat.id for seat in games.load_game(game.id).seats}
    for name in ("Amy", "Mom"):
        left = client.post(
            f"/games/{game.id}/leave", data={"seat": by_name[name], "from_hand": "1"}
        )
        assert left.status_code == 302, text_of(left)
    # Dad leaving too leaves Ben alone: the page asks first, and says where the penny goes.
    asked = client.post(f"/games/{game.id}/leave", data={"seat": by_name["Dad"], "from_hand": "1"})
    shown = text_of(asked)
    assert "so the game ends here" in shown
    assert "the kitty's 1 penny goes back to whoever paid it. Ben takes back 1" in shown
    db.session.expire_all()
    assert games.load_game(game.id).status == GameStatus.PLAYING


def test_a_league_file_keeps_the_kitty_given_back(client, app, make_league, owner):
    game = started(client, make_league)
    buy(client, game, "Dad")
    score(client, app, game, HAND)
    assert client.post(f"/games/{game.id}/end", data={}).status_code == 302
    exported = client.get(f"/leagues/{game.league_id}/export").get_data(as_text=True)
    assert '"kitty_returned":true' in exported

    copy = exchange.import_league(exported.replace("The Parkers", "The Parkers again"), owner)
    db.session.commit()
    again = client.get(f"/leagues/{copy.id}/export").get_data(as_text=True)
    assert '"kitty_returned":true' in again


def test_the_read_only_link_shows_the_settling_up_too(client, app, make_league):
    game = started(client, make_league)
    buy(client, game, "Dad")
    score(client, app, game, HAND)
    assert client.post(f"/games/{game.id}/end", data={}).status_code == 302
    league = db.session.get(League, game.league_id)
    token = share(client, league)

    page = app.test_client().get(f"/watch/{token}/games/{game.id}")

    shown = text_of(page)
    assert "Settling up (pennies)" in shown
    assert "Who pays whom Dad takes back 1 from the kitty" in shown
    assert_read_only(page.get_data(as_text=True))
