"""Whole games of the progressive game, the buying game and the six-hand list, through the pages.

Every expected score, total, place and payment below is worked out by hand from the rule
texts, in the comments beside it; none is read back from the app.
"""

from __future__ import annotations

import html
import re
from fractions import Fraction

import pytest
from rows import stored_rows
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from scorekeeper.extensions import db
from scorekeeper.forms.hand import HandForm
from scorekeeper.models import Game, GameStatus, Hand, HandScore, League, Seat
from scorekeeper.models import LeagueRuleSet as RuleSet
from scorekeeper.play import games
from scorekeeper.rules import ruleset
from scorekeeper.rules.contracts import groups_by_price
from scorekeeper.rules.dealing import contract_words
from scorekeeper.rules.mayi import blind_cards, may_i_limit
from scorekeeper.rules.presets import preset

OUT = "out"


def text_of(response) -> str:
    body = html.unescape(response.get_data(as_text=True))
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body))


def raw(response) -> str:
    return html.unescape(response.get_data(as_text=True))


def start(client, league: League, record: RuleSet, names: list[str]) -> Game:
    """Start a game through both steps of the new-game form, the first player dealing."""
    by_name = {p.name: p for p in league.players}
    ids = [str(by_name[name].id) for name in names]
    url = f"/leagues/{league.id}/games"
    step_1 = client.post(f"{url}/new", data={"players": ids, "ruleset": record.id})
    assert step_1.status_code == 200
    step_2 = client.post(
        f"{url}/seating",
        data={
            "order": ",".join(ids),
            "ruleset": record.id,
            "first_dealer": ids[0],
            "move": "start",
        },
    )
    assert step_2.status_code == 302, text_of(step_2)
    return games.load_game(int(step_2.headers["Location"].rsplit("/", 1)[1]))


def hand_post(app, game: Game, reports: list[object]) -> dict[str, str]:
    """The hand form as a browser sends it; a report is OUT, a list of ranks held, or an int."""
    hand = games.current_hand(game)
    with app.test_request_context():
        form = HandForm(game.rules, len(game.seats), hand.number)
        data = {"version": str(hand.version)}
        for i, report in enumerate(reports):
            player = form.player(i)
            for _, f in player.counts:
                data[f.name] = "0"
            data.update({player.total.name: "", player.short.name: "0"})
            data.update({player.penalty.name: "0", player.penalty_reason.name: ""})
            if report == OUT:
                data[player.out.name] = "y"
            elif isinstance(report, int):
                data[player.total.name] = str(report)
            else:
                for rank in report:
                    field = next(f for g, f in player.counts if rank in g.ranks)
                    data[field.name] = str(int(data[field.name]) + 1)
    return data


def score(client, app, game: Game, reports: list[object], expect: int = 302):
    hand = games.current_hand(games.load_game(game.id))
    response = client.post(
        f"/games/{game.id}/hand/{hand.number}/score", data=hand_post(app, game, reports)
    )
    assert response.status_code == expect, text_of(response)
    db.session.expire_all()
    return response


def saved_scores(game: Game, number: int) -> dict[str, int]:
    rows = db.session.scalars(
        select(HandScore)
        .join(Hand)
        .filter_by(game_id=game.id, number=number, state="scored")
        .options(joinedload(HandScore.seat).joinedload(Seat.player))
    )
    return {row.seat.player.name: row.score for row in rows}


def final(game: Game) -> dict[str, tuple[int, int]]:
    seats = db.session.scalars(
        select(Seat).filter_by(game_id=game.id).options(joinedload(Seat.player))
    )
    return {seat.player.name: (seat.final_total, seat.place) for seat in seats}


# --- The progressive game ---

# Round: wild rank shown on the card; ranks Bob holds (or OUT); what Bob's cards cost by hand.
# Ann goes out every round; Bob goes out too on his last turn in even rounds; Cat always holds
# a joker (50), an ace (face value 1) and one card of the round's wild rank (20).
WILD = ["3s", "4s", "5s", "6s", "7s", "8s", "9s", "10s", "Jacks", "Queens", "Kings", "Aces", "2s"]
WILD_RANK = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
BOB = {
    # odd rounds: a 9 (9) and a queen (12) = 21, but in round 7 the 9s are wild: 20 + 12 = 32
    1: 21, 3: 21, 5: 21, 7: 32, 9: 21, 11: 21, 13: 21,
}  # fmt: skip
# Cat: 50 + 1 + 20 = 71, except round 12 where aces are wild: 50 + 20 + 20 = 90.
CAT = {round_: 71 for round_ in range(1, 14)} | {12: 90}


@pytest.mark.parametrize(
    ("key", "rounds", "bob_total", "cat_total"),
    [
        # Bob: 21 * 5 + 32 = 137; Cat: 71 * 11 = 781.
        ("progressive", 11, 137, 781),
        # Two rounds more: Bob + 21 (round 13), Cat + 90 + 71.
        ("progressive-13", 13, 158, 942),
    ],
)
def test_a_whole_progressive_game(
    client, app, make_league, key: str, rounds: int, bob_total: int, cat_total: int
):
    league = make_league(players=("Ann", "Bob", "Cat"), preset=key)
    game = start(client, league, league.rulesets[0], ["Ann", "Bob", "Cat"])
    for round_ in range(1, rounds + 1):
        table = client.get(f"/games/{game.id}")
        wild = re.search(r'data-testid="wild-rank">(.*?)</dd>', raw(table), re.S)[1]
        assert re.sub(r"<[^>]+>|\s+", " ", wild).split() == [
            WILD[round_ - 1],
            ":",
            "20",
            "points",
            "each",
            "left",
            "in",
            "hand",
        ]
        assert re.search(r'data-testid="cards-dealt">(\d+)<', raw(table))[1] == str(round_ + 2)
        # Past kings the wild rank is our reading: said with the rules, not to the table.
        assert "our reading" not in text_of(table).lower()
        form_page = client.get(f"/games/{game.id}/hand/{games.current_hand(game).number}/score")
        assert f"{WILD[round_ - 1]} (wild)" in text_of(form_page)
        bob = OUT if round_ % 2 == 0 else ["9", "Q"]
        cat = ["JOKER", "A", WILD_RANK[round_ - 1]]
        score(client, app, game, [OUT, bob, cat])
        assert saved_scores(game, round_) == {
            "Ann": 0,
            "Bob": 0 if round_ % 2 == 0 else BOB[round_],
            "Cat": CAT[round_],
        }
    assert db.session.get(Game, game.id).status == GameStatus.FINISHED
    assert final(game) == {"Ann": (0, 1), "Bob": (bob_total, 2), "Cat": (cat_total, 3)}
    over = client.get(f"/games/{game.id}")
    assert "Ann wins with 0 points." in text_of(over)
    assert 'data-testid="settlement"' not in raw(over)  # not played for pennies


def test_two_out_is_refused_without_the_last_turn(client, app, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"), preset="six-hands")
    game = start(client, league, league.rulesets[0], ["Ann", "Bob", "Cat", "Dan"])
    response = score(client, app, game, [OUT, OUT, ["A"], ["2"]], expect=422)
    assert "Only one player can go out in a hand, but Ann and Bob are marked out." in text_of(
        response
    )


# --- The six-hand family list ---

SIX = ["2 sets", "2 runs", "2 sets + 1 run", "3 sets", "2 runs + 1 set", "3 runs"]


def test_a_whole_six_hand_game(client, app, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"), preset="six-hands")
    game = start(client, league, league.rulesets[0], ["Ann", "Bob", "Cat", "Dan"])
    for number, contract in enumerate(SIX, start=1):
        table = raw(client.get(f"/games/{game.id}"))
        assert re.search(r'data-testid="contract">([^<]*)<', table)[1] == contract
        # Hand 4 is our reading of a lost line: the rules say so, the table is not told.
        assert "our reading" not in table
        # Ann goes out in odd hands, Bob in even ones; the other of the two holds two low
        # cards (5 + 5); Cat an ace and a ten (20 + 10); Dan a joker (50): Continental prices.
        ann, bob = (OUT, ["3", "4"]) if number % 2 else (["3", "4"], OUT)
        score(client, app, game, [ann, bob, ["A", "10"], ["JOKER"]])
        expected = {"Ann": 0, "Bob": 10} if number % 2 else {"Ann": 10, "Bob": 0}
        assert saved_scores(game, number) == expected | {"Cat": 30, "Dan": 50}
    # Ann and Bob 3 * 10 = 30 each, sharing first place; Cat 6 * 30 = 180; Dan 6 * 50 = 300.
    assert final(game) == {"Ann": (30, 1), "Bob": (30, 1), "Cat": (180, 3), "Dan": (300, 4)}
    assert "Shared win: Ann and Bob with 30 points." in text_of(client.get(f"/games/{game.id}"))
    referee = text_of(client.get(f"/games/{game.id}/rulings"))
    assert "Hand 4 is our reading: the text lost it, so 3 sets stands in." in referee
    editor = text_of(client.get(f"/leagues/{league.id}/rules/{league.rulesets[0].id}"))
    assert "Hand 4 is our reading: the text lost it, so 3 sets stands in." in editor


# --- The buying game ---


def fill_buying_rules(client, league: League) -> RuleSet:
    """Copy the buying game and fill in the cells the text lost, through the editor."""
    response = client.post(
        f"/leagues/{league.id}/rules/new", data={"origin": "preset:buying", "name": "Our buying"}
    )
    assert response.status_code == 302
    record = db.session.scalar(select(RuleSet).order_by(RuleSet.id.desc()))
    url = f"/leagues/{league.id}/rules/{record.id}"
    shown = shown_values(client.get(url))
    for i in range(15):
        assert shown[f"hands-{i}-family"] == "1"
        shown[f"hands-{i}-contract"] = "1 pair + 2 sets" if i == 13 else "2 sets"
        shown[f"hands-{i}-cards_dealt"] = "10"
        if not shown[f"hands-{i}-may_i_limit"]:
            shown[f"hands-{i}-may_i_limit"] = "1"
    prices = {"A": 15, "10": 10, "J": 10, "Q": 10, "K": 10, "JOKER": 25}
    for rank in ruleset.RANKS:
        shown[f"price_{rank}"] = str(prices.get(rank, 5))
    shown["settlement_schedule"] = "3 players: +4, 0, -4\n4 players: +6, +2, -2, -6"
    shown["kitty_split"] = "two_thirds"
    response = client.post(url, data=shown)
    assert response.status_code == 302, text_of(response)
    db.session.expire_all()
    rs = db.session.get(RuleSet, record.id).rules
    assert rs.unset == ()
    assert contract_words(rs, 14) == "1 pair + 2 sets"
    assert blind_cards(rs, 12) == 1 and may_i_limit(rs, 12) == 2
    return db.session.get(RuleSet, record.id)


def shown_values(response) -> dict[str, str]:
    """What a browser sends for the rules form when nothing is changed."""
    body = re.search(r'<form method="post" novalidate>(.*?)</form>', raw(response), re.S)[1]
    values = {}
    for tag in re.findall(r"<input[^>]*>", body):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' not in tag or "checked" in tag:
            values[name[1]] = value[1] if value else ""
    for name, options in re.findall(r'<select[^>]*name="([^"]*)"[^>]*>(.*?)</select>', body, re.S):
        values[name] = re.search(r'<option selected value="([^"]*)"', options)[1]
    for name, text in re.findall(r'<textarea[^>]*name="(\w+)"[^>]*>(.*?)</textarea>', body, re.S):
        values[name] = text.removeprefix("\r\n")
    return values


def buy(client, game: Game, name: str):
    game = games.load_game(game.id)
    seat = next(s for s in game.seats if s.player.name == name)
    hand = games.current_hand(game)
    response = client.post(
        f"/games/{game.id}/hands/{hand.id}/mayi",
        data={"seat": str(seat.id)},
        follow_redirects=True,
    )
    db.session.expire_all()
    return text_of(response)


def test_the_buying_preset_cannot_start_before_the_family_fills_it(client, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"), preset="buying")
    by_name = {p.name: str(p.id) for p in league.players}
    ids = [by_name[n] for n in ("Ann", "Bob", "Cat", "Dan")]
    response = client.post(
        f"/leagues/{league.id}/games/seating",
        data={"order": ",".join(ids), "ruleset": league.rulesets[0].id, "first_dealer": ids[0], "move": "start"},
    )  # fmt: skip
    assert response.status_code == 422
    assert "Buying game still has cells for your family to set before a game" in text_of(response)
    assert db.session.scalar(select(Game)) is None


def test_a_whole_buying_game(client, app, make_league):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"), preset="buying")
    record = fill_buying_rules(client, league)
    game = start(client, league, record, ["Ann", "Bob", "Cat", "Dan"])
    for number in range(1, 16):
        if number == 1:
            assert "Bob buys the face-up card for 1 penny into the kitty." in buy(
                client, game, "Bob"
            )
            refused = buy(client, game, "Bob")
            assert "Bob may not buy now. A player may buy only once in this hand." in refused
        if number == 12:
            table = buy(client, game, "Cat")
            assert "Cat buys the face-up card for 1 penny into the kitty, and 1 blind card" in table
            table = buy(client, game, "Cat")
            page = raw(client.get(f"/games/{game.id}"))
            # Dealt 10, and each buy brings the card and a blind one: 10 + 2 * 2 = 14.
            sizes = re.findall(r'data-testid="hand-size">(\d+)<', page)
            left = re.findall(r'data-testid="claims-left">(\d+)<', page)
            assert sizes == ["10", "10", "14", "10"] and left == ["2", "2", "0", "2"]
            assert "with 1 blind card from the stock" in text_of(client.get(f"/games/{game.id}"))
            assert "Cat may not buy now. A player may buy only twice" in buy(client, game, "Cat")
            helper = text_of(client.get(f"/games/{game.id}/mayi"))
            assert (
                "Who wants to buy?" in helper
                and "the player whose turn it is may buy first" in helper
            )
        if number == 14:
            buy(client, game, "Dan")
            # Kitty so far: Bob 1, Cat 2, Dan 1 buys at a penny each.
            assert re.search(
                r'data-testid="kitty">Kitty: <strong class="num">4<',
                raw(client.get(f"/games/{game.id}")),
            )
        # Ann goes out; Bob holds a 7 (5), Cat an ace (15), Dan a joker (25).
        score(client, app, game, [OUT, ["7"], ["A"], ["JOKER"]])
        assert saved_scores(game, number) == {"Ann": 0, "Bob": 5, "Cat": 15, "Dan": 25}
    # 15 deals: Bob 75, Cat 225, Dan 375.
    assert final(game) == {"Ann": (0, 1), "Bob": (75, 2), "Cat": (225, 3), "Dan": (375, 4)}
    words = text_of(client.get(f"/games/{game.id}"))
    # Schedule for 4: +6, +2, -2, -6. Kitty of 4 pennies split 2/3 (8/3) and 1/3 (4/3).
    # Net: Ann 6 + 8/3 = 8 2/3; Bob 2 + 4/3 - 1 = 2 1/3; Cat -2 - 2 = -4; Dan -6 - 1 = -7.
    assert "1 Ann 6 0 2 2/3 8 2/3" in words
    assert "2 Bob 2 -1 1 1/3 2 1/3" in words
    assert "3 Cat -2 -2 0 -4" in words
    assert "4 Dan -6 -1 0 -7" in words
    assert "Dan pays Ann 6" in words and "Cat pays Bob 2" in words
    assert "The kitty holds 4 pennies (1 a buy)." in words
    printed = text_of(client.get(f"/games/{game.id}/sheet/print"))
    assert "Settling up (pennies)" in printed
    assert (
        "Dan pays Ann 6; Cat pays Bob 2; Ann takes 2 2/3 from the kitty; "
        "Bob takes 1 1/3 from the kitty. Kitty 4:" in printed
    )
    # The season's standings carry each player's net, in the order of the ranking.
    table = raw(client.get(f"/leagues/{league.id}/standings"))
    assert re.findall(r'data-testid="pennies">([^<]*)<', table) == ["8 2/3", "2 1/3", "-4", "-7"]
    assert sum(Fraction(n) for n in ("26/3", "7/3", "-4", "-7")) == 0


# --- The league file ---


def filled_buying_rules() -> ruleset.RuleSet:
    """The buying game with the cells a family fills in (as in the page test above)."""
    from dataclasses import replace

    rs = preset("buying")
    hands = tuple(
        replace(
            hand,
            melds=hand.melds + (ruleset.Meld("set", 3),) * 2,
            cards_dealt=10,
            may_i_limit=1 if hand.may_i_limit is None else hand.may_i_limit,
        )
        for hand in rs.hands
    )
    prices = {"A": 15, "10": 10, "J": 10, "Q": 10, "K": 10, "JOKER": 25}
    return replace(
        rs,
        hands=hands,
        prices=groups_by_price({r: prices.get(r, 5) for r in ruleset.RANKS}),
        settlement=ruleset.Settlement((ruleset.Payouts(3, (4, 0, -4)),), "winner"),
        unset=(),
    )


def test_the_league_file_keeps_every_new_field(app, runner, make_league):
    from conftest import play_hand

    from scorekeeper.league import rulesets
    from scorekeeper.play import mayi
    from scorekeeper.rules.entries import PlayerEntry

    league = make_league(players=("Ann", "Bob", "Cat"), preset="progressive")
    record = rulesets.copy_ruleset(league, filled_buying_rules(), "Our buying")
    db.session.commit()
    by_name = {p.name: p for p in league.players}
    seated = [by_name[n] for n in ("Ann", "Bob", "Cat")]
    buying = games.start_game(league, record, seated, 0)
    progressive = games.start_game(league, league.rulesets[0], seated, 1)
    db.session.commit()
    for number in range(1, 16):
        hand = games.current_hand(games.load_game(buying.id))
        if number in (1, 12):
            mayi.record_claim(hand, buying.seats[2])  # Cat buys in hands 1 and 12
        play_hand(
            buying,
            [
                PlayerEntry(went_out=True),
                PlayerEntry(tally={"2-9": 1}),
                PlayerEntry(tally={"A": 1}),
            ],
        )
    # Round 1 of the progressive game: Bob and Cat both go out, Ann holds two 3s (wild, 40).
    play_hand(
        progressive,
        [
            PlayerEntry(tally={"3s (wild)": 2}),
            PlayerEntry(went_out=True),
            PlayerEntry(went_out=True),
        ],
    )
    exported = runner.invoke(args=["export", league.name])
    assert exported.exit_code == 0, exported.output
    data = __import__("json").loads(exported.stdout)
    rules_data = data["rulesets"][1]["rules"]
    assert rules_data["may_i"]["buying"] is True and rules_data["may_i"]["price"] == 1
    assert rules_data["hands"][11]["blind_cards"] == 1
    assert rules_data["hands"][13]["melds"][0] == {"kind": "pair", "length": 2}
    assert rules_data["settlement"] == {
        "schedule": [{"players": 3, "amounts": [4, 0, -4]}],
        "kitty_split": "winner",
    }
    assert data["rulesets"][0]["rules"]["hands"][4]["wild_rank"] == "7"
    assert data["rulesets"][0]["rules"]["last_turn_after_out"] is True
    # Bob 15 * 5 = 75, Cat 15 * 15 = 225: places 1, 2, 3; schedule +4, 0, -4; Cat's 2 buys
    # make a kitty of 2 for Ann. Net: Ann 4 + 2 = 6, Bob 0, Cat -4 - 2 = -6.
    settled = data["games"][0]["settlement"]
    assert [(p["player"], p["place"], p["buys"], p["net"]) for p in settled["players"]] == [
        ("Ann", 1, 0, "6"), ("Bob", 2, 0, "0"), ("Cat", 3, 2, "-6"),
    ]  # fmt: skip
    assert settled["payments"] == [{"from": "Cat", "to": "Ann", "amount": "4"}]
    assert settled["kitty"] == 2
    progressive_hand = data["games"][1]["hands"][0]["players"]
    assert progressive_hand["Ann"]["score"] == 40
    assert progressive_hand["Bob"]["went_out"] and progressive_hand["Cat"]["went_out"]

    played = stored_rows(league.id)
    for table in reversed(db.metadata.sorted_tables):
        if table.name != "account":  # the owner the league is imported for
            db.session.execute(table.delete())
    db.session.commit()
    imported = runner.invoke(args=["import", "-", "--owner", "owner"], input=exported.stdout)
    assert imported.exit_code == 0, imported.output
    again = runner.invoke(args=["export"])
    strip = lambda text: re.sub(r'"exported_at": ?"[^"]*"', "", text)  # noqa: E731
    assert strip(again.stdout) == strip(exported.stdout)
    # The same rows as the table's play wrote: nets in pennies and buys too.
    assert stored_rows(db.session.scalar(select(League.id))) == played


@pytest.mark.parametrize("open_limits", [True, False], ids=["blank-is-no-limit", "kept-for-later"])
def test_the_family_may_say_its_blank_buy_limits_mean_no_limit(client, make_league, open_limits):
    """The buying game's text gives limits for deals 12 to 14 only; a family that buys freely in
    the other deals leaves those cells blank and says so, and its game can start."""
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"), preset="buying")
    client.post(
        f"/leagues/{league.id}/rules/new", data={"origin": "preset:buying", "name": "Our buying"}
    )
    record = db.session.scalar(select(RuleSet).order_by(RuleSet.id.desc()))
    url = f"/leagues/{league.id}/rules/{record.id}"
    editor = client.get(url)
    assert "there is no limit" in text_of(editor)
    shown = shown_values(editor)
    for i in range(15):
        shown[f"hands-{i}-contract"] = "2 sets"
        shown[f"hands-{i}-cards_dealt"] = "10"
    for rank in ruleset.RANKS:
        shown[f"price_{rank}"] = "5"
    shown["settlement_schedule"] = "4 players: +6, +2, -2, -6"
    if open_limits:
        shown["family_limits_open"] = "y"

    assert client.post(url, data=shown).status_code == 302

    db.session.expire_all()
    rs = db.session.get(RuleSet, record.id).rules
    assert [may_i_limit(rs, n) for n in (1, 11, 12, 13, 14, 15)] == [
        None,
        None,
        2,
        2,
        1,
        None,
    ]
    left = [path for path in rs.unset if path.endswith("may_i_limit")]
    assert left == (
        []
        if open_limits
        else [f"hands[{i}].may_i_limit" for i in range(15) if i not in (11, 12, 13)]
    )
    ids = ",".join(str(p.id) for p in league.players)
    answer = client.post(
        f"/leagues/{league.id}/games/seating",
        data={
            "order": ids,
            "ruleset": record.id,
            "first_dealer": ids.split(",")[0],
            "move": "start",
        },
    )
    assert answer.status_code == (302 if open_limits else 422)
    assert (db.session.scalar(select(Game)) is not None) == open_limits
