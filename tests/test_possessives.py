"""A name as an owner: "Ann's", but "The Parkers'", wherever the app says it."""

from __future__ import annotations

import html

import pytest
from conftest import out, play_hand, tally
from flask import render_template_string
from reading import visible_text

from scorekeeper.extensions import db
from scorekeeper.league import passcodes
from scorekeeper.words import possessive


# fmt: off
@pytest.mark.parametrize(
    ("name",        "owner"),
    [
        # a name not ending in s takes 's
        ("Ann",         "Ann's"),
        ("Max",         "Max's"),
        # a plural family name, or a name ending in s, takes the apostrophe alone
        ("The Parkers", "The Parkers'"),
        ("James",       "James'"),
        ("THE JONES",   "THE JONES'"),
    ],
    ids=["ann", "max", "parkers", "james", "capitals"],
)
# fmt: on
def test_a_name_is_made_possessive_once_and_right(name, owner):
    assert possessive(name) == owner


def test_templates_escape_the_name_and_keep_the_apostrophe_as_text(app):
    with app.test_request_context():
        shown = render_template_string("{{ a|possessive }} · {{ b|possessive }}", a="<b>Jess", b="Bo")

    assert shown == "&lt;b&gt;Jess' · Bo's"


def test_joining_the_parkers_table_says_their_games_without_an_extra_s(app, make_league):
    league = make_league("The Parkers")
    passcodes.set_passcode(league, "kitchen lamp")
    db.session.commit()
    phone = app.test_client()

    joined = phone.post(
        f"/leagues/{league.id}/join", data={"passcode": "kitchen lamp"}, follow_redirects=True
    )

    assert "This phone can now score The Parkers' games." in visible_text(joined)
    assert "Parkers's" not in html.unescape(joined.get_data(as_text=True))


def test_new_rules_list_the_parkers_own_rules_without_an_extra_s(client, make_league):
    league = make_league("The Parkers")

    page = html.unescape(client.get(f"/leagues/{league.id}/rules/new").get_data(as_text=True))

    assert '<optgroup label="The Parkers\' rules">' in page
    assert "Parkers's" not in page


def test_the_totals_chart_of_james_says_james_once(client, make_game):
    game = make_game(players=("James", "Ann", "Bob", "Cat"))
    for _ in range(7):
        play_hand(game, [out(), tally(low=2), tally(high=1), tally(ace=1)])
    james = next(p for p in game.league.players if p.name == "James")

    page = html.unescape(
        client.get(f"/leagues/{game.league.id}/players/{james.id}").get_data(as_text=True)
    )

    assert "James' game totals over time" in page
    assert "James's" not in page
