"""House rules: copy a preset, edit it in the form, play a game under it, delete it."""

from __future__ import annotations

import html
import re
from dataclasses import replace

import pytest
from conftest import out, play_hand, tally
from reading import markup, visible_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.forms import ruleset_data
from scorekeeper.models import Game, League, LeagueRuleSet, MayIClaim
from scorekeeper.play import games
from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.ruleset import DeckCount, Fairness, HandRule, MayIPolicy, Meld, PriceGroup
from scorekeeper.rules.storage import ruleset_to_dict

CONTINENTAL = preset("continental")
SIX_HANDS = ["2 sets", "2 runs", "2 sets + 1 run", "3 sets", "2 runs + 1 set", "3 runs"]


def shown_values(response) -> dict[str, str]:
    """What a browser sends for the page's rules form when nothing is changed."""
    body = re.search(r'<form method="post" novalidate>(.*?)</form>', raw(response), re.S)[1]
    values = {}
    for tag in re.findall(r"<input[^>]*>", body):
        name, value = re.search(r'name="([^"]*)"', tag), re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' not in tag or "checked" in tag:
            values[name[1]] = html.unescape(value[1]) if value else ""
    for name, options in re.findall(r'<select[^>]*name="([^"]*)"[^>]*>(.*?)</select>', body, re.S):
        values[name] = html.unescape(re.search(r'<option selected value="([^"]*)"', options)[1])
    for name, text in re.findall(r'<textarea[^>]*name="(\w+)"[^>]*>(.*?)</textarea>', body, re.S):
        values[name] = html.unescape(text).removeprefix("\r\n")
    return values


def raw(response) -> str:
    return response.get_data(as_text=True)


def error_of(response, field_id: str) -> str | None:
    found = re.search(rf'<p class="error" id="{field_id}-error">([^<]*)</p>', markup(response))
    return found[1] if found else None


def edit_url(record: LeagueRuleSet) -> str:
    return f"/leagues/{record.league_id}/rules/{record.id}"


def shown_form(client, record: LeagueRuleSet) -> dict[str, str]:
    response = client.get(edit_url(record))
    assert response.status_code == 200
    return shown_values(response)


def post_new(client, league: League, name: str, origin: str = "preset:continental"):
    return client.post(f"/leagues/{league.id}/rules/new", data={"origin": origin, "name": name})


def copy_rules(
    client, league: League, name: str, origin: str = "preset:continental"
) -> LeagueRuleSet:
    assert post_new(client, league, name, origin).status_code == 302
    return db.session.scalar(select(LeagueRuleSet).order_by(LeagueRuleSet.id.desc()))


def save(client, record: LeagueRuleSet, changes: dict[str, str]):
    data = shown_form(client, record) | changes
    response = client.post(edit_url(record), data=data)
    db.session.expire_all()
    return response


def start_game(client, league: League, record: LeagueRuleSet) -> Game:
    """Start a game through both steps of the new-game form, the first player dealing first."""
    ids, url = [str(p.id) for p in league.players], f"/leagues/{league.id}/games"
    step_1 = client.post(f"{url}/new", data={"players": ids, "ruleset": record.id})
    assert step_1.status_code == 200
    order = ",".join(ids)
    step_2 = client.post(f"{url}/seating", data={"order": order, "ruleset": record.id, "first_dealer": ids[0], "move": "start"})  # fmt: skip
    assert step_2.status_code == 302
    return games.load_game(int(step_2.headers["Location"].rsplit("/", 1)[1]))


def card(client, game: Game) -> tuple[str, str, str]:
    """The table screen's hand line, contract and cards to deal."""
    response = client.get(f"/games/{game.id}")
    hand_of = re.search(r"Hand \d+ of \d+", visible_text(response))[0]
    contract = re.search(r'data-testid="contract">([^<]*)<', markup(response))[1]
    dealt = re.search(r'data-testid="cards-dealt">([^<]*)<', markup(response))[1]
    return hand_of, contract, dealt


def play(game_id: int, hands: int) -> Game:
    entries = [out(), tally(low=1), tally(high=2), tally(ace=1), tally(low=3)]
    for _ in range(hands):
        db.session.expire_all()
        play_hand(games.load_game(game_id), entries)
    return games.load_game(game_id)


# --- Copying ---


def test_copy_of_a_preset_is_a_new_league_rule_set_that_remembers_its_origin(client, make_league):
    league = make_league()
    response = post_new(client, league, "Gran's deuces", "preset:may-i-deuces")
    record = league.rulesets[-1]
    assert response.headers["Location"].endswith(edit_url(record))
    assert record.preset_key == "may-i-deuces"
    assert record.rules == replace(preset("may-i-deuces"), name="Gran's deuces")
    assert len(league.rulesets) == 2


def test_copy_of_a_league_rule_set_keeps_its_house_changes(client, make_league):
    league = make_league()
    house = copy_rules(client, league, "House")
    assert save(client, house, {"may_i_banned_last_hands": "3"}).status_code == 302
    copy = copy_rules(client, league, "House, again", origin=f"league:{house.id}")
    assert copy.preset_key == "continental"
    assert copy.rules == replace(house.rules, name="House, again")
    assert copy.rules.may_i.banned_last_hands == 3


TAKEN = "The league already has rules called “continental”."


@pytest.mark.parametrize(("name", "message"), [("", "Give the new rules a name."), ("continental", TAKEN)])  # fmt: skip
def test_copy_needs_a_name_of_its_own(client, make_league, name, message):
    league = make_league()
    response = post_new(client, league, name, "preset:liverpool")
    assert response.status_code == 422
    assert error_of(response, "name") == message
    assert len(league.rulesets) == 1


# --- Editing ---


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_preset_comes_back_unchanged_through_the_form(client, make_league, key):
    record = make_league(preset=key).rulesets[0]
    assert save(client, record, {}).status_code == 302
    # Saving a box that shows a value sets it: the buying game's hand 14 shows its pair.
    shown = "hands[13].melds"
    kept = tuple(path for path in PRESETS[key].unset if path != shown)
    assert record.rules == replace(PRESETS[key], unset=kept)
    assert record.data == ruleset_to_dict(replace(PRESETS[key], unset=kept))


def test_every_part_of_the_form_is_saved(client, make_league):
    record = copy_rules(client, make_league(), "House")
    response = save(client, record, {
        "name": "Our house", "min_players": "3", "max_players": "8",
        "hands-0-contract": "two trios", "hands-0-cards_dealt": "10", "hands-0-note": "",
        "hands-0-may_i_limit": "0", "hands-6-going_out": "all_at_once",
        "hands-7-contract": "1 set of 3 + 1 run of 7", "hands-7-cards_dealt": "13",
        "deck_counts-3-from_players": "3", "deck_counts-3-to_players": "3",
        "deck_counts-3-decks": "2", "deck_counts-3-jokers": "2",
        "wild": "Jokers and 2s are wild.", "price_A": "10", "price_JOKER": "25",
        "short_card_penalty": "15", "may_i_penalty_cards": "2", "may_i_priority": "first_to_ask",
        "may_i_per_hand_limit": "3", "may_i_not_twice_running": "y", "stock_kind": "reshuffle",
        "fairness_suspension": "", "extra_rules": "Deal clockwise.\r\n\r\n  Shuffle well.  ",
    })  # fmt: skip
    assert response.status_code == 302
    rs = record.rules
    assert (rs.name, rs.min_players, rs.max_players) == ("Our house", 3, 8)
    assert len(rs.hands) == 8
    assert rs.hands[0] == HandRule(CONTINENTAL.hands[0].melds, 10, may_i_limit=0)
    assert rs.hands[6].going_out == "all_at_once"
    assert rs.hands[7] == HandRule((Meld("set", 3), Meld("run", 7)), 13)
    assert rs.deck_counts[-1] == DeckCount(3, 3, 2, 2)
    assert rs.prices == (
        CONTINENTAL.prices[0],
        PriceGroup("A, 10-K", ("A", "10", "J", "Q", "K"), 10),
        PriceGroup("Joker", ("JOKER",), 25),
    )
    assert rs.may_i == MayIPolicy(2, "first_to_ask", 3, 0, True, True, False)
    assert (rs.stock.kind, rs.short_card_penalty) == ("reshuffle", 15)
    assert rs.wild == "Jokers and 2s are wild."
    assert rs.fairness == Fairness(suspension=False)
    assert rs.extra_rules == ("Deal clockwise.", "Shuffle well.")


def clear_hands(data: dict[str, str]) -> None:
    for key in [k for k in data if k.startswith("hands-") and not k.endswith("going_out")]:
        data[key] = ""


def clear_deck_row(index: int):
    return lambda data: data.update({k: "" for k in data if k.startswith(f"deck_counts-{index}-")})


EXAMPLE = "e.g. “2 sets + 1 run” or “1 set of 3 + 1 run of 7”"
# fmt: off
REFUSED = [
    ("no-hands",       clear_hands,                                "hands",                    "A game needs at least one hand."),
    ("set-of-2",       {"hands-2-contract": "1 set of 2 + 1 run"}, "hands-2-contract",         "Hand 3: a set needs at least 3 cards."),
    ("unreadable",     {"hands-1-contract": "2 flushes"},          "hands-1-contract",         f"“flushes” is not a set, a run or a pair. Write the contract {EXAMPLE}."),
    ("too-few-dealt",  {"hands-6-cards_dealt": "10"},              "hands-6-cards_dealt",      "Hand 7: 10 cards dealt and 1 drawn cannot make a contract of 12 cards."),
    ("no-cards-dealt", {"hands-3-cards_dealt": ""},                "hands-3-cards_dealt",      "Say how many cards each player is dealt."),
    ("hand-limit",     {"hands-4-may_i_limit": "-1"},              "hands-4-may_i_limit",      "Hand 5: the limit is 0 to 99 May I?s, not -1."),
    ("one-player",     {"min_players": "1"},                       "min_players",              "Fewest players: a game is for 2 to 10 players, not 1."),
    ("eleven-players", {"max_players": "11"},                      "max_players",              "Most players: a game is for 2 to 10 players, not 11."),
    ("not-a-number",   {"min_players": "four"},                    "min_players",              "Give a whole number in digits 0-9, at most 10 of them."),
    ("twenty-digits",  {"may_i_price": "9" * 20},                  "may_i_price",              "Give a whole number in digits 0-9, at most 10 of them."),
    ("only-spaces",    {"wild_rank_points": "  "},                 "wild_rank_points",         "Say what a hand's wild rank costs."),
    ("no-name",        {"name": ""},                               "name",                     "Give the rules a name."),
    ("negative-ace",   {"price_A": "-5"},                          "price_A",                  "Card group 'A': a card costs 0 to 1000 points, not -5."),
    ("joker-unpriced", {"price_JOKER": ""},                        "price_JOKER",              "The game uses jokers: say what a joker costs left in hand."),
    ("decks-missing",  clear_deck_row(2),                          "deck_counts",              "Say how many decks 7 players use. Say how many decks 8 players use."),
    ("decks-twice",    {"deck_counts-0-to_players": "5"},          "deck_counts-1",            "Decks for 5 players are given twice."),
    ("no-decks",       {"deck_counts-1-decks": "0"},               "deck_counts-1-decks",      "Decks row 2: a table plays with 1 to 10 decks, not 0."),
    ("half-a-row",     {"deck_counts-3-from_players": "9"},        "deck_counts-3-to_players", "Fill in every number of the row, or clear it."),
    ("ban-too-many",   {"may_i_banned_last_hands": "8"},           "may_i_banned_last_hands",  "May I?: cannot ban the last 8 hands of a 7-hand game."),
]
# fmt: on


@pytest.mark.parametrize(("change", "field_id", "message"), [c[1:] for c in REFUSED], ids=[c[0] for c in REFUSED])  # fmt: skip
def test_refused_edit_says_why_on_the_field_at_fault_and_saves_nothing(client, make_league, change, field_id, message):  # fmt: skip
    record = make_league().rulesets[0]
    stored = dict(record.data)
    data = shown_form(client, record)
    change(data) if callable(change) else data.update(change)
    response = client.post(edit_url(record), data=data)
    assert response.status_code == 422
    assert error_of(response, field_id) == message
    assert "Nothing was saved yet." in visible_text(response)
    # Listed at the top too, with a link to the box, or to the message of its row or section.
    top = re.search(r'<div class="form-errors"[^>]*>(.*?)</div>', markup(response), re.S)[1]
    listed = re.findall(r'<li><a href="#([^"]+)">', top)
    assert field_id in listed or f"{field_id}-error" in listed
    db.session.expire_all()
    assert record.data == stored
    if not callable(change):  # what was typed is shown again
        assert {key: shown_values(response)[key] for key in change} == change


def test_fault_of_no_field_is_listed_at_the_top(client, make_league, monkeypatch):
    record = make_league().rulesets[0]
    monkeypatch.setattr(
        ruleset_data, "ruleset_problems", lambda rs: [("mystery", "Something is odd.")]
    )
    response = save(client, record, {})
    assert response.status_code == 422
    assert re.search(r'class="form-errors".*Something is odd\.', markup(response), re.S)


# --- Playing under house rules ---


def test_six_hand_house_rules_made_in_the_form_run_a_new_game(client, make_league):
    league = make_league()
    record = copy_rules(client, league, "Six hands")
    changes = {f"hands-{i}-contract": words for i, words in enumerate(SIX_HANDS)}
    changes |= {f"hands-{i}-cards_dealt": "11" for i in range(6)}
    changes |= dict.fromkeys(["hands-0-note", "hands-6-contract", "hands-6-cards_dealt", "hands-6-note"], "")  # fmt: skip
    assert save(client, record, changes).status_code == 302
    game = start_game(client, league, record)
    assert card(client, game) == ("Hand 1 of 6", "2 sets", "11")
    for number in range(2, 7):
        game = play(game.id, 1)
        assert card(client, game) == (f"Hand {number} of 6", SIX_HANDS[number - 1], "11")


def test_may_i_banned_in_the_last_three_hands_is_refused_at_hand_5(client, make_league):
    league = make_league()
    record = copy_rules(client, league, "No late May I?")
    assert save(client, record, {"may_i_banned_last_hands": "3"}).status_code == 302
    game = play(start_game(client, league, record).id, 3)
    seat, claims = game.seats[1].id, select(func.count()).select_from(MayIClaim)
    hand_4 = game.hands[-1].id
    client.post(f"/games/{game.id}/hands/{hand_4}/mayi", data={"seat": seat})
    assert db.session.scalar(claims) == 1  # hand 4 of 7 still allows it
    game = play(game.id, 1)
    screen = client.get(f"/games/{game.id}")
    assert "Hand 5 of 7" in visible_text(screen) and "No May I? in this hand." in visible_text(
        screen
    )
    hand_5 = game.hands[-1].id
    refused = client.post(f"/games/{game.id}/hands/{hand_5}/mayi", data={"seat": seat}, follow_redirects=True)  # fmt: skip
    assert "No May I? in the last 3 hands." in visible_text(refused)
    assert db.session.scalar(claims) == 1


def test_games_already_started_keep_their_own_copy(client, make_league, make_game):
    league = make_league()
    record = league.rulesets[0]
    started = make_game(league=league)
    kept = dict(started.rules_data)
    response = save(client, record, {"hands-0-contract": "2 runs", "hands-0-cards_dealt": "10"})
    assert response.status_code == 302
    assert record.rules.hands[0].cards_dealt == 10
    assert started.rules_data == kept
    assert card(client, started) == ("Hand 1 of 7", "2 sets", "12")
    assert card(client, start_game(client, league, record)) == ("Hand 1 of 7", "2 runs", "10")


# --- Deleting ---


def test_rules_no_game_used_are_deleted_after_asking(client, make_league):
    league = make_league()
    record = copy_rules(client, league, "Spare")
    assert "Delete these rules" in visible_text(client.get(edit_url(record)))
    asked = client.get(edit_url(record) + "/delete")
    assert asked.status_code == 200 and "Yes, delete them" in visible_text(asked)
    assert len(league.rulesets) == 2
    response = client.post(edit_url(record) + "/delete")
    assert response.headers["Location"].endswith(f"/leagues/{league.id}#rules")
    db.session.expire_all()
    assert [r.name for r in league.rulesets] == ["Continental"]


# fmt: off
@pytest.mark.parametrize(("played", "message"), [
    (True,  "1 game was played under these rules, so they stay."),
    (False, "This is the league's only rule set: a league always keeps one."),
])
# fmt: on
def test_rules_in_use_or_the_last_stay(client, make_league, make_game, played, message):
    league = make_league()
    record = league.rulesets[0]
    if played:
        make_game(league=league)
        copy_rules(client, league, "Spare")
    assert "Delete these rules" not in visible_text(client.get(edit_url(record)))
    assert message in visible_text(client.get(edit_url(record) + "/delete"))
    response = client.post(edit_url(record) + "/delete")
    assert response.status_code == 422 and message in visible_text(response)
    db.session.expire_all()
    assert db.session.get(LeagueRuleSet, record.id) is not None


# --- Who may ---


def test_only_the_owner_makes_house_rules(anonymous, make_league):
    league = make_league()
    response = post_new(anonymous, league, "Mine")
    assert response.status_code == 302 and "/login" in response.headers["Location"]
    assert len(league.rulesets) == 1


def test_rules_of_another_league_are_not_found(client, make_league):
    ours, theirs = make_league("Ours"), make_league("Theirs")
    assert client.get(f"/leagues/{ours.id}/rules/{theirs.rulesets[0].id}").status_code == 404


def test_league_page_links_to_edit_copy_and_make_house_rules(client, make_league):
    league = make_league()
    shown = markup(client.get(f"/leagues/{league.id}"))
    assert edit_url(league.rulesets[0]) in shown
    assert f"/leagues/{league.id}/rules/new?from=league:{league.rulesets[0].id}" in shown
    assert "Make house rules" in visible_text(client.get(f"/leagues/{league.id}"))
