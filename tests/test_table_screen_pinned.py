"""The table screen and the scoresheet page, pinned byte for byte (apart from CSRF tokens, the
forms' one-time keys, the times of corrections and the game's version) for games in every
state.

A game in play with scored hands, a missing score posted, a re-deal, a correction, May I?s
in the hand in play and a player who left; a suspended game; a progressive game (a wild rank);
buying games (the kitty, then settling up); a game ended by agreement; a discarded one. Each
page as the owner sees it and as a joined scorer's phone sees it.

The pages are kept in tests/pinned/. A change that is meant to change what a page shows
rewrites them with `PIN_UPDATE=1 .venv/bin/python -m pytest tests/test_table_screen_pinned.py`
(then read the diff); any other change must leave them as they are.
"""

from __future__ import annotations

import os
import re
from datetime import date
from pathlib import Path

import pytest
from conftest import loaded, out, play_hand, tally
from flask import render_template_string
from sqlalchemy import select
from test_other_systems import filled_buying_rules

from scorekeeper.extensions import db
from scorekeeper.forms.hand import RedealForm
from scorekeeper.league import leagues, rulesets
from scorekeeper.models import Game, JoinedPhone, League
from scorekeeper.play import games, hands, interruptions, mayi
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset

PINNED = Path(__file__).resolve().parent / "pinned"
STARTED = date(2026, 3, 14)
NO_SCORE = PlayerEntry(no_score=True)
FIVE = ("Ann", "Bob", "Cat", "Dan", "Eve")
PHONE = "pinned-phone"


def seat(game: Game, name: str):
    return next(s for s in game.seats if s.player.name == name)


def start(league: League, names, ruleset=None, first_dealer: int = 0) -> Game:
    by_name = {p.name: p for p in league.players}
    game = games.start_game(
        league, ruleset or league.rulesets[0], [by_name[n] for n in names], first_dealer, STARTED
    )
    db.session.commit()
    return loaded(game)


def build_games(owner) -> dict[str, Game]:
    """One league with a game in each state the table screen shows."""
    league = leagues.create_league("The Pins", "continental", owner)
    for name in FIVE:
        leagues.add_player(league, name)
    progressive = rulesets.copy_ruleset(league, preset("progressive"), "Progressive")
    buying = rulesets.copy_ruleset(league, filled_buying_rules(), "Our buying")
    db.session.add(JoinedPhone(league_id=league.id, token=PHONE, device="Android"))
    db.session.commit()
    made: dict[str, Game] = {}

    # In play: a May I? and a stock renewal in hand 1, a missing score posted; hand 2 dealt
    # again, then scored; hand 1 corrected late (with a reason); Eve leaves from hand 3; two
    # May I?s in hand 3, one of them by Dan.
    a = start(league, FIVE)
    first = games.current_hand(a)
    mayi.record_claim(first, seat(a, "Bob"))
    hands.renew_stock(first)
    play_hand(a, [out(), NO_SCORE, tally(low=2), tally(high=1), tally(ace=1)])
    hands.redeal(games.current_hand(a), "Two cards were exposed")
    db.session.commit()
    play_hand(a, [tally(low=1), out(), tally(low=2, high=1), tally(joker=1), tally(ace=2)])
    hands.correct_hand(
        first,
        [out(), NO_SCORE, tally(low=3), tally(high=1), tally(ace=1)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Ann",
        reason="Cat found a card under the table",
        agreed=True,
    )
    interruptions.player_leaves(a, seat(a, "Eve"), 3)
    third = games.current_hand(a)
    mayi.record_claim(third, seat(a, "Cat"))
    mayi.record_claim(third, seat(a, "Dan"))
    db.session.commit()
    made["in-play"] = a

    # A fresh game: nothing scored yet.
    made["fresh"] = start(league, ("Bob", "Cat", "Dan", "Eve"), first_dealer=2)

    # Suspended between hands.
    b = start(league, ("Ann", "Bob", "Cat", "Dan"))
    play_hand(b, [tally(low=1), out(), tally(low=2), tally(high=1)])
    interruptions.suspend(b)
    db.session.commit()
    made["suspended"] = b

    # Progressive: hand 2 has a wild rank.
    c = start(league, ("Ann", "Bob", "Cat"), ruleset=progressive)
    play_hand(c, [PlayerEntry(tally={"3s (wild)": 2}), out(), out()])
    made["progressive"] = c

    # May I? with questions before a claim (gone down, the discard taken, twice running).
    deuces = rulesets.copy_ruleset(league, preset("may-i-deuces"), "Deuces")
    liverpool = rulesets.copy_ruleset(league, preset("liverpool"), "Liverpool")
    db.session.commit()
    h = start(league, ("Ann", "Bob", "Cat"), ruleset=deuces)
    mayi.record_claim(games.current_hand(h), seat(h, "Bob"))
    db.session.commit()
    made["deuces"] = h
    made["liverpool"] = start(league, ("Ann", "Bob", "Cat", "Dan"), ruleset=liverpool)

    # Buying, in play: Cat buys (the kitty).
    d = start(league, ("Ann", "Bob", "Cat"), ruleset=buying)
    play_hand(d, [out(), PlayerEntry(tally={"2-9": 1}), PlayerEntry(tally={"A": 1})])
    mayi.record_claim(games.current_hand(d), seat(d, "Cat"))
    db.session.commit()
    made["buying"] = d

    # Buying, played out: settling up in pennies, and "Play again".
    e = start(league, ("Ann", "Bob", "Cat"), ruleset=buying)
    for number in range(1, 16):
        if number in (1, 12):
            mayi.record_claim(games.current_hand(e), seat(e, "Cat"))
        play_hand(e, [out(), PlayerEntry(tally={"2-9": 1}), PlayerEntry(tally={"A": 1})])
    made["buying-finished"] = e

    # Ended here by the table after two hands (the totals stand or not, by the rules).
    f = start(league, ("Ann", "Bob", "Cat", "Dan"))
    play_hand(f, [out(), tally(low=1), tally(low=2), tally(high=1)])
    play_hand(f, [tally(high=2), out(), tally(low=2), tally(ace=1)])
    interruptions.end_game(f)
    db.session.commit()
    made["ended"] = f

    # Suspended, then closed as incomplete: discarded.
    g = start(league, ("Ann", "Bob", "Cat", "Dan"))
    play_hand(g, [tally(low=1), out(), tally(low=2), tally(high=1)])
    interruptions.suspend(g)
    interruptions.close_incomplete(g)
    db.session.commit()
    made["discarded"] = g

    # A player renamed after the game began: the page shows the new name.
    leagues.rename_player(seat(loaded(a), "Dan").player, "Daniel")
    db.session.commit()
    return made


def normalised(page: str) -> str:
    """The page with its CSRF tokens (new in every session), its forms' one-time keys (new on
    every page), the times of corrections (made as the test runs) and the game's version (a
    count of the flushes that changed it while the games were built, checked against the
    database by `pages`) replaced by marks."""
    page = re.sub(r'(name="csrf_token"[^>]*value=")[^"]*"', r'\1TOKEN"', page)
    page = re.sub(r'(name="action_key"[^>]*value=")[^"]*"', r'\1KEY"', page)
    page = re.sub(r'data-version="\d+"', 'data-version="VERSION"', page)
    return re.sub(r"corrected \d{1,2} \w{3} \d{4}, \d\d:\d\d", "corrected WHEN", page)


@pytest.fixture
def pinned_games(app, owner) -> dict[str, Game]:
    app.config["WTF_CSRF_ENABLED"] = True  # the forms' tokens are part of the page
    return build_games(owner)


def scorer(app, league_id: int):
    client = app.test_client()
    with client.session_transaction() as session:
        session.update({"scorer_of": [league_id], "phone": PHONE})
    return client


def pages(app, client, made: dict[str, Game], page: str = "") -> dict[str, str]:
    league_id = made["in-play"].league_id
    found = {}
    for visitor, browser in (("owner", client), ("scorer", scorer(app, league_id))):
        for name, game in made.items():
            with app.app_context():
                response = browser.get(f"/games/{game.id}{page}")
                version = db.session.scalar(select(Game.version).where(Game.id == game.id))
            assert response.status_code == 200, (visitor, name)
            text = response.get_data(as_text=True)
            assert text.count("data-version=") == text.count(f'data-version="{version}"')
            found[f"{name}.{visitor}"] = normalised(text)
    return found


@pytest.mark.parametrize(("kind", "page"), [("table", ""), ("sheet", "/sheet")])
def test_the_table_screen_and_scoresheet_are_pinned(app, client, pinned_games, kind, page):
    shown = pages(app, client, pinned_games, page)
    if os.environ.get("PIN_UPDATE"):
        PINNED.mkdir(exist_ok=True)
        for old in PINNED.glob(f"{kind}-*.html"):
            old.unlink()
        for name, text in shown.items():
            (PINNED / f"{kind}-{name}.html").write_text(text)
    kept = {
        path.name.removeprefix(f"{kind}-").removesuffix(".html")
        for path in PINNED.glob(f"{kind}-*.html")
    }
    assert kept == set(shown)
    for name, text in shown.items():
        assert text == normalised((PINNED / f"{kind}-{name}.html").read_text()), name


def test_the_pinned_pages_show_each_state(app, client, pinned_games):
    """What the pinned pages hold, so a pin never freezes a page that lost something."""
    shown = pages(app, client, pinned_games)
    in_play = shown["in-play.owner"]
    assert 'Hand <span class="num">3</span> of <span class="num">7</span>' in in_play
    assert "left from hand 3" in in_play and "posted" in in_play
    assert "corrected" in in_play and "Take back Daniel's May I?" in in_play
    assert "badge" not in in_play  # hand 2 was dealt again, hand 3 was not
    assert in_play.count('data-testid="fix-hand-') == 2
    assert shown["in-play.scorer"].count('data-testid="fix-hand-') == 1  # the latest only
    assert "Game suspended" in shown["suspended.owner"]
    assert 'data-testid="wild-rank"' in shown["progressive.owner"]
    assert 'data-testid="kitty"' in shown["buying.owner"]
    assert "has taken the discard" in shown["deuces.owner"]
    assert "previous discard" in shown["deuces.owner"]
    assert "already gone down" in shown["liverpool.owner"]
    assert 'data-testid="settlement"' in shown["buying-finished.owner"]
    assert "Play again" in shown["buying-finished.owner"]
    assert "Game over" in shown["ended.owner"]
    assert 'data-testid="discarded"' in shown["discarded.owner"]
    assert "Totals so far" in shown["fresh.owner"] and "Hands</h2>" not in shown["fresh.owner"]
    history = pages(app, client, pinned_games, "/sheet")["in-play.owner"]
    assert "Hand 1 corrected WHEN by Ann" in history and "Why: Cat found a card" in history
    assert "Hand 2 was dealt again: Two cards were exposed" in history
    # sign out, May I?, take back, stock, ..., and the language switch
    assert in_play.count('name="csrf_token"') == 7


def test_the_redeal_inputs_are_the_redeal_forms(app, client, pinned_games):
    """The table screen's re-deal inputs are what RedealForm and the `field` macro write."""
    game = loaded(pinned_games["in-play"])
    hand = games.current_hand(game)
    dealer = game.seats[hand.dealer_position].player.name
    with app.app_context():
        page = normalised(client.get(f"/games/{game.id}").get_data(as_text=True))
    with app.test_request_context():
        written = render_template_string(
            '{% from "_forms.html" import field %}{{ f.hidden_tag() }}\n      '
            "{{ field(f.reason, maxlength=200, hint=hint) }}",
            f=RedealForm(formdata=None, version=hand.version),
            hint=f"For example: a card was exposed, or the wrong number dealt. {dealer} "
            "deals again; no scores.",
        )
    assert 'name="csrf_token"' in written and 'name="version"' in written
    assert normalised(written) in page
