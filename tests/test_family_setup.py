"""A family sets up the buying game from its preset, through the pages, and starts it.

The cells the rule text lost are marked on their boxes, listed with links after each save,
a box that shows a value is confirmed by saving it, and Start says what is missing where the
rules are chosen.
"""

from __future__ import annotations

import re

import pytest
from reading import markup, visible_text
from sqlalchemy import select
from test_other_systems import shown_values, start

from scorekeeper.extensions import db
from scorekeeper.models import Game, League
from scorekeeper.models import LeagueRuleSet as RuleSet
from scorekeeper.rules.dealing import contract_words, minimum_cards
from scorekeeper.rules.mayi import most_cards_held
from scorekeeper.rules.ruleset import RANKS

FAMILY = ("Mom", "Dad", "Amy", "Ben")
# One family's table of the lost cells: hand 12 and 13 ask for 16 cards from 12 dealt,
# reached with two buys of a card and a blind one each (12 + 1 + 2 x 2 = 17).
CONTRACTS = {11: "4 runs", 12: "4 runs", 13: "1 pair + 2 sets"}
DEALT = {11: "12", 12: "12"}


def copy_buying(client, league: League) -> tuple[RuleSet, str]:
    """Copy the buying game's preset through "Make house rules"; its editor's URL."""
    response = client.post(
        f"/leagues/{league.id}/rules/new", data={"origin": "preset:buying", "name": "Our buying"}
    )
    assert response.status_code == 302
    record = db.session.scalar(select(RuleSet).order_by(RuleSet.id.desc()))
    return record, f"/leagues/{league.id}/rules/{record.id}"


def marked_cells(page: str) -> set[str]:
    """The ids of the boxes marked "set by your family"."""
    boxes = re.findall(r'<div class="field[^"]*family-cell[^"]*">\s*<label for="([^"]+)"', page)
    return set(boxes)


def fill_marked(shown: dict[str, str], marked: set[str]) -> dict[str, str]:
    """The family's values in every marked box left blank; a box showing a value is kept."""
    for i in range(15):
        for cell, value in (
            ("contract", CONTRACTS.get(i, "2 sets")),
            ("cards_dealt", DEALT.get(i, "10")),
            ("may_i_limit", "1"),
        ):
            name = f"hands-{i}-{cell}"
            if name in marked and not shown[name]:
                shown[name] = value
    for rank in RANKS:
        shown[f"price_{rank}"] = "15" if rank in ("A", "JOKER") else "5"
    shown["settlement_schedule"] = "4 players: +6, +2, -2, -6"
    return shown


def test_every_cell_a_game_needs_is_marked_on_its_box(client, make_league):
    league = make_league(players=FAMILY, preset="buying")
    _, url = copy_buying(client, league)
    page = markup(client.get(url))
    marked = marked_cells(page)
    for i in range(15):
        assert {f"hands-{i}-contract", f"hands-{i}-cards_dealt"} <= marked
        # The text gives the buy limits of deals 12 to 14 only: the others are the family's.
        assert (f"hands-{i}-may_i_limit" in marked) is (i not in (11, 12, 13))
    # Hand 14's box shows the pair the text names, and is marked all the same.
    assert shown_values(client.get(url))["hands-13-contract"] == "1 pair"
    assert "hands-13-contract" in marked
    assert "Hand 14, still to set Contract Set by your family" in visible_text(client.get(url))


@pytest.mark.parametrize("typed", ["1 pair", " 1 PAIR "], ids=["unchanged", "typed-again"])
def test_a_shown_value_is_confirmed_by_saving_it(client, make_league, typed):
    league = make_league(players=FAMILY, preset="buying")
    record, url = copy_buying(client, league)
    shown = shown_values(client.get(url))
    shown["hands-13-contract"] = typed
    assert client.post(url, data=shown).status_code == 302
    db.session.expire_all()
    rs = db.session.get(RuleSet, record.id).rules
    assert "hands[13].melds" not in rs.unset
    assert contract_words(rs, 14) == "1 pair"
    # The cells still blank stay the family's.
    assert "hands[0].melds" in rs.unset and "hands[13].cards_dealt" in rs.unset


def test_what_is_missing_is_listed_after_save_with_links_to_its_boxes(client, make_league):
    league = make_league(players=FAMILY, preset="buying")
    _, url = copy_buying(client, league)
    shown = shown_values(client.get(url))
    for i in range(15):
        shown[f"hands-{i}-contract"] = CONTRACTS.get(i, "2 sets")
    saved = client.post(url, data=shown, follow_redirects=True)
    assert saved.status_code == 200
    page, words = markup(saved), visible_text(saved)
    top = words.index("Still to set before a game can start")
    assert top < words.index("Name and players")
    assert "The cards dealt, hands: 1 2 3" in words
    assert "The buy limit, hands: 1 2 3" in words and "The contract, hand" not in words
    assert "What each card costs left in hand" in words
    assert "The payments by place at the end" in words
    listed = page.split('data-testid="still-to-set"')[1].split("</section>")[0]
    links = re.findall(r'<a [^>]*href="#([^"]+)"(?: aria-label="([^"]+)")?', listed)
    assert links[:2] == [
        ("hands-0-cards_dealt", "Hand 1: the cards dealt"),
        ("hands-1-cards_dealt", "Hand 2: the cards dealt"),
    ]
    assert links[15] == ("hands-0-may_i_limit", "Hand 1: the buy limit")
    assert links[-2:] == [("price_A", ""), ("settlement_schedule", "")]
    assert len(links) == 15 + 12 + 2  # cards dealt, the limits the text lost, prices, payments
    for anchor, _ in links:
        assert f'id="{anchor}"' in page


def test_start_says_what_is_missing_where_the_rules_are_chosen(client, make_league):
    league = make_league(players=FAMILY, preset="buying")
    record, url = copy_buying(client, league)
    ids = [str(p.id) for p in league.players]
    response = client.post(
        f"/leagues/{league.id}/games/new", data={"players": ids, "ruleset": record.id}
    )
    assert response.status_code == 422
    page = markup(response)
    refusal = re.search(r'<p class="error" id="ruleset-error">([^<]*)</p>', page)[1]
    assert refusal.startswith("Our buying still has cells for your family to set before a game:")
    assert "Copy the rules into the league" not in visible_text(response)
    assert f'href="{url}#still-to-set"' in page
    assert "Who drew the high card" not in visible_text(response)
    assert db.session.scalar(select(Game)) is None


def test_seating_rules_left_unset_is_refused_at_the_top_with_the_way_to_them(client, make_league):
    # Step 2 reached with rules that still need the family (Play again after the rules changed,
    # or the form sent again): the refusal sits above the seats, not under the dealer picker.
    league = make_league(players=FAMILY, preset="buying")
    record, url = copy_buying(client, league)
    ids = [str(p.id) for p in league.players]
    response = client.post(
        f"/leagues/{league.id}/games/seating",
        data={
            "order": ",".join(ids),
            "ruleset": record.id,
            "first_dealer": ids[0],
            "move": "start",
        },
    )
    assert response.status_code == 422
    page = markup(response)
    notice = page.index('data-testid="rules-refusal"')
    assert notice < page.index('name="first_dealer"')
    assert "Our buying still has cells for your family to set before a game:" in visible_text(
        response
    )
    assert f'href="{url}#still-to-set"' in page
    assert db.session.scalar(select(Game)) is None


def test_start_from_says_which_is_the_preset_and_which_the_leagues(client, make_league):
    league = make_league(players=FAMILY, preset="buying")
    words = visible_text(client.get(f"/leagues/{league.id}/rules/new"))
    assert "Buying game (preset)" in words
    assert "Buying game (this league's)" in words


def test_a_family_of_four_sets_up_the_buying_game_and_starts_it(client, make_league):
    league = make_league(players=FAMILY, preset="buying")
    record, url = copy_buying(client, league)
    editor = client.get(url)
    shown = fill_marked(shown_values(editor), marked_cells(markup(editor)))
    saved = client.post(url, data=shown, follow_redirects=True)
    assert saved.status_code == 200, visible_text(saved)
    assert "Still to set" not in visible_text(saved)
    db.session.expire_all()
    rs = db.session.get(RuleSet, record.id).rules
    assert rs.unset == ()
    assert contract_words(rs, 14) == "1 pair"
    assert most_cards_held(rs, 12) == 17 and minimum_cards(rs, 12) == 16
    game = start(client, league, db.session.get(RuleSet, record.id), list(FAMILY))
    assert game.ruleset_id == record.id and len(game.seats) == 4
