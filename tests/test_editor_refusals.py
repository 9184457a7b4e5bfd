"""The house-rules editor reports every fault of a save at once, listed at the top of the page
with a link to each box, and saves nothing."""

from __future__ import annotations

import re

import pytest
from reading import markup, visible_text
from test_family_setup import FAMILY, copy_buying
from test_rulesets import edit_url, error_of, shown_form, shown_values

from scorekeeper.extensions import db

HUGE = "99999999999999999999"
SEST = "“sest” is not a set, a run or a pair."


def summary(response) -> str:
    """The list of refusals above the form, as markup."""
    found = re.search(r'<div class="form-errors"[^>]*>(.*?)</div>', markup(response), re.S)
    assert found, "no list of refusals at the top"
    return found[1]


def links(response) -> list[tuple[str, str]]:
    """The list's links: where each goes, and its words."""
    return re.findall(r'<li><a href="#([^"]+)">([^<]*)</a></li>', summary(response))


def test_a_typo_and_numbers_too_big_are_all_reported_in_one_save(client, make_league):
    league = make_league(players=FAMILY, preset="buying")
    record, url = copy_buying(client, league)
    stored = dict(record.data)
    typed = {"hands-2-contract": "2 sest", "hands-4-cards_dealt": HUGE, "may_i_price": HUGE}
    data = shown_values(client.get(url)) | typed
    response = client.post(url, data=data)
    assert response.status_code == 422
    # The contract's typo is reported with the two numbers, each on its box.
    assert error_of(response, "hands-2-contract").startswith(SEST)
    assert error_of(response, "hands-4-cards_dealt").startswith("Give a whole number")
    assert error_of(response, "may_i_price").startswith("Give a whole number")
    # The top of the page lists all three, each a link to its box, focused as the page opens.
    listed = links(response)
    assert [target for target, _ in listed] == ["hands-2-contract", "hands-4-cards_dealt", "may_i_price"]  # fmt: skip
    assert listed[0][1].startswith(f"Hand 3, Contract: {SEST}")
    assert listed[1][1].startswith("Hand 5, Cards dealt: Give a whole number")
    assert listed[2][1].startswith("Price of a buy (pennies into the kitty): Give a whole number")
    for target, _ in listed:
        assert len(re.findall(rf'id="{target}"', markup(response))) == 1
    assert re.search(r'<div class="form-errors"[^>]*autofocus', markup(response))
    words = visible_text(response)
    assert words.index("Nothing was saved yet.") < words.index("Name and players")
    # Nothing is saved, and what was typed is shown again.
    db.session.expire_all()
    assert record.data == stored
    assert {key: shown_values(response)[key] for key in typed} == typed


# fmt: off
TOGETHER = [
    # A box its own check refuses, and a rule the other boxes break.
    ("deal-unread-and-short-set", {"hands-1-cards_dealt": "lots", "hands-2-contract": "1 set of 2 + 1 run"},
     {"hands-1-cards_dealt": "Give a whole number", "hands-2-contract": "Hand 3: a set needs at least 3 cards."}),
    ("players-unread-and-short-deal", {"min_players": "four", "hands-6-cards_dealt": "10"},
     {"min_players": "Give a whole number", "hands-6-cards_dealt": "Hand 7: 10 cards dealt"}),
    ("blank-price-and-ban-too-long", {"price_5": "", "may_i_banned_last_hands": "8"},
     {"price_5": "Say what a 5 costs.", "may_i_banned_last_hands": "May I?: cannot ban the last 8 hands"}),
    ("no-name-and-decks-unread", {"name": "", "deck_counts-1-decks": "many"},
     {"name": "Give the rules a name.", "deck_counts-1-decks": "Give a whole number"}),
]
# fmt: on


@pytest.mark.parametrize(("change", "expected"), [c[1:] for c in TOGETHER], ids=[c[0] for c in TOGETHER])  # fmt: skip
def test_a_box_refused_does_not_hide_the_rules_checks_of_the_others(
    client, make_league, change, expected
):
    record = make_league().rulesets[0]
    stored = dict(record.data)
    response = client.post(edit_url(record), data=shown_form(client, record) | change)
    assert response.status_code == 422
    for field_id, message in expected.items():
        assert (error_of(response, field_id) or "").startswith(message), field_id
    # Each listed once at the top in the page's order, linked to its box; nothing else is
    # said to be wrong.
    assert [target for target, _ in links(response)] == list(expected)
    db.session.expire_all()
    assert record.data == stored


def test_every_box_refused_is_listed_in_the_order_of_the_page(client, make_league):
    record = make_league().rulesets[0]
    data = shown_form(client, record)
    numbers = [
        key
        for key, value in data.items()
        if re.fullmatch(r"-?\d+", value) and not key.endswith("-family")
    ]
    response = client.post(edit_url(record), data=data | dict.fromkeys(numbers, "x"))
    assert response.status_code == 422
    page = markup(response)
    targets = [target for target, _ in links(response)]
    assert sorted(targets) == sorted(numbers)
    assert targets == sorted(targets, key=lambda target: page.index(f'id="{target}"'))
    # A box's own refusal stands alone: the rules add nothing to a number they could not read.
    for target in targets:
        assert error_of(response, target).startswith("Give a whole number"), target


def test_each_box_of_the_editor_is_sent_once(client, make_league):
    league = make_league(players=FAMILY, preset="buying")
    _, url = copy_buying(client, league)
    forms = re.findall(r"<form.*?</form>", markup(client.get(url)), re.S)
    editor = next(form for form in forms if "Save the rules" in form)
    names = re.findall(r'<(?:input|select|textarea)[^>]*\sname="([^"]+)"', editor)
    assert "prices_family" in names and "schedule_family" in names
    assert len(names) == len(set(names)), [n for n in set(names) if names.count(n) > 1]
