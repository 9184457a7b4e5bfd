"""The hand form's page, byte for byte: scoring, refusals, confirmations and fixes.

The page is what a phone at the table reads and fills in; making it faster must not change
one byte of it. Each case below renders a page as a visitor opens or sends it, and compares
it with the page kept in tests/pages/ (tokens, one-time keys and asset fingerprints aside). After a change
meant to alter the page, write them again with `UPDATE_PAGES=1` and read the diff.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from conftest import hand_data, loaded, out, play_hand, tally

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.play import games, hands, interruptions
from scorekeeper.rules.entries import PlayerEntry

PAGES = Path(__file__).parent / "pages"
FOUR = ("Ann", "Bob", "Cat", "Dan")
OUT = {"out": "y"}
LOW, HIGH = "cards_2_9", "cards_10_k"
# What changes from one run to the next without changing the page: a signed token, the
# form's one-time key, a static file's fingerprint, and the rows' version counters (how
# often a row was written on the way to the page is no part of it;
# tests/test_concurrency.py checks what they do).
VARIABLE = [
    (re.compile(r'(name="csrf_token"[^>]*value=")[^"]*"'), r'\1…"'),
    (re.compile(r'(name="action_key"[^>]*value=")[^"]*"'), r'\1…"'),
    (re.compile(r'(name="version"[^>]*value=")[0-9]*"'), r'\1…"'),
    (re.compile(r'data-version="[0-9]*"'), 'data-version="…"'),
    (re.compile(r"\?v=[0-9a-f]+"), "?v=…"),
]


def shown(html: str) -> str:
    """What the case pins: the title, the page's own links and the main part with scripts.

    (The head's and the top bar's shared parts belong to every page, not to this one.)
    """
    for pattern, replacement in VARIABLE:
        html = pattern.sub(replacement, html)
    title = re.search(r"<title>.*?</title>", html, re.S)
    nav = re.search(r'<nav aria-label="Game">.*?</nav>', html, re.S)
    body = re.search(r'<body class="[^"]*">', html)
    main = html[html.index("<main") :]
    return "\n".join(part.group(0) for part in (title, body, nav) if part) + "\n" + main


def check(name: str, response, status: int) -> None:
    assert response.status_code == status, response.get_data(as_text=True)[:500]
    page = shown(response.get_data(as_text=True))
    kept = PAGES / f"{name}.html"
    if os.environ.get("UPDATE_PAGES"):
        PAGES.mkdir(exist_ok=True)
        kept.write_text(page, encoding="utf-8")
    assert page == kept.read_text(encoding="utf-8"), f"the {name} page changed"


def score_url(game: Game) -> str:
    return f"/games/{game.id}/hand/{games.current_hand(loaded(game)).number}/score"


def test_score_form_of_a_first_hand(client, make_game):
    game = make_game()
    check("score-first-hand", client.get(score_url(game)), 200)


def test_score_form_with_its_token(app, client, make_game):
    app.config["WTF_CSRF_ENABLED"] = True
    game = make_game(players=FOUR)
    page = client.get(score_url(game))
    assert page.get_data(as_text=True).count('name="csrf_token"') == 3  # sign-out, form, language
    check("score-with-token", page, 200)


def test_score_form_with_a_wild_rank_and_a_last_turn(client, make_game):
    game = make_game(players=FOUR, preset="progressive")
    typed = [PlayerEntry(typed_total=points) for points in (15, 20, 35)]
    play_hand(game, [out(), *typed])
    check("score-wild-rank", client.get(score_url(game)), 200)


def test_score_form_after_a_player_left_and_the_stock_ran_out(client, make_game):
    game = make_game()
    play_hand(game, [out(), tally(low=1), tally(high=1), tally(low=2), tally(ace=1)])
    interruptions.player_leaves(game, game.seats[2], from_hand=2)
    hand = games.current_hand(game)
    while not hand.stock_ran_out:
        hands.renew_stock(hand)
    db.session.commit()
    check("score-leaver-stock-gone", client.get(score_url(game)), 200)


def test_refused_report_marks_every_field(client, make_game):
    game = make_game(players=FOUR)
    hand = games.current_hand(game)
    players = [
        OUT,
        {**OUT, "penalty": "20"},
        {LOW: "109", "total": "abc", "short": "-1"},
        {HIGH: "2", "penalty_reason": "x" * 130, "no_score": "y"},
    ]
    check("refused", client.post(score_url(game), data=hand_data(hand, players)), 422)


def test_report_the_rules_refuse_says_why_by_player(client, make_game):
    game = make_game(players=FOUR)
    hand = games.current_hand(game)
    players = [OUT, {**OUT, "penalty": "20"}, {LOW: "109"}, {HIGH: "1", "total": "10"}]
    check("refused-rules", client.post(score_url(game), data=hand_data(hand, players)), 422)


def test_unusual_total_asks_to_confirm(client, make_game):
    game = make_game(players=FOUR)
    hand = games.current_hand(game)
    players = [OUT, {"total": 23}, {LOW: 2}, {"total": 15, "short": 1}]
    check("confirm", client.post(score_url(game), data=hand_data(hand, players)), 422)


def test_fix_forms_of_the_last_and_an_earlier_hand(client, make_game):
    game = make_game(players=FOUR)
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=3)])
    play_hand(game, [tally(ace=1), out(), tally(low=1), tally(high=2)])
    first, second = game.hands[0], game.hands[1]
    check("fix-last", client.get(f"/games/{game.id}/hands/{second.id}/edit"), 200)
    check("fix-earlier", client.get(f"/games/{game.id}/hands/{first.id}/edit"), 200)
    players = [OUT, {LOW: 3}, {HIGH: 1}, {LOW: 3}]
    refused = client.post(f"/games/{game.id}/hands/{first.id}/edit", data=hand_data(first, players))
    check("fix-earlier-refused", refused, 422)


@pytest.mark.parametrize("preset", ["may-i-deuces", "liverpool", "six-hands"])
def test_score_form_of_other_rule_sets(client, make_game, preset):
    game = make_game(players=FOUR, preset=preset)
    check(f"score-{preset}", client.get(score_url(game)), 200)


def test_score_form_opened_again_is_written_afresh(client, make_game):
    """Opened again, by another table with the same rules, or after a player is renamed, the
    score form shows what is true now."""
    game = make_game()
    check("score-first-hand", client.get(score_url(game)), 200)
    check("score-first-hand", client.get(score_url(game)), 200)

    other = make_game(players=("Eve", "Dan", "Cat", "Bob", "Ann"), league=game.league)
    page = client.get(score_url(other)).get_data(as_text=True)
    names = re.findall(r'<span class="player-name">([^<]*)</span>', page)
    assert names == ["Eve", "Dan", "Cat", "Bob", "Ann"]

    ann = next(seat.player for seat in loaded(game).seats if seat.player.name == "Ann")
    ann.name = "Annie"
    db.session.commit()
    page = client.get(score_url(game)).get_data(as_text=True)
    names = re.findall(r'<span class="player-name">([^<]*)</span>', page)
    assert names[0] == "Annie" and "One more 2-9 for Annie" in page and ">Ann<" not in page
