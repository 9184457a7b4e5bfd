"""The records page: each record and its holders, checked against the league file, per season
and for all time; a correction shows at once; a player's page names what they hold."""

from __future__ import annotations

from datetime import date

import pytest
import records_league
import standings_league
from conftest import out, play_hand, tally
from reading import english_left, visible_text
from records_reading import page_records, records_from_file
from sqlalchemy import select

from scorekeeper.commands.demo import ensure_demo_league
from scorekeeper.extensions import db
from scorekeeper.models import Game, League, Player
from scorekeeper.play import games, hands
from scorekeeper.rules.record_words import records_words


def records_page(client, league: League, season: str | None = None, **headers) -> str:
    query = f"?season={season}" if season else ""
    response = client.get(f"/leagues/{league.id}/records{query}", headers=headers)
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.fixture
def league(owner) -> League:
    return records_league.build(owner)


def test_every_record_of_a_league_of_every_shape(client, league):
    found = page_records(records_page(client, league, "all"))

    # fmt: off
    assert found == {
        # Bob won game 1, Ann game 2, Fay game 3, Cat and Dan shared game 5: one each.
        "Most games won": (1, {(1, None, None, ("Bob",)), (2, None, None, ("Ann",)),
                               (3, None, None, ("Fay",)), (5, None, None, ("Cat",)),
                               (5, None, None, ("Dan",))}),
        # Fay's two bonuses took her below zero.
        "Best game total, Carioca with bonuses": (-25, {(3, None, None, ("Fay",))}),
        "Best game total, Continental": (20, {(5, None, None, ("Cat",)), (5, None, None, ("Dan",))}),
        "Worst game total, Carioca with bonuses": (129, {(3, None, None, ("Hal",))}),
        # Eve left game 2: the total the rule posted her counts, as in the standings.
        "Worst game total, Continental": (185, {(2, None, None, ("Eve",))}),
        "Most hands gone out": (6, {(2, None, None, ("Ann",)), (2, None, None, ("Bob",)),
                                    (5, None, None, ("Cat",))}),
        "Most zeros in a season": (6, {(2, None, None, ("Ann",)), (2, None, None, ("Bob",)),
                                       (5, None, None, ("Cat",))}),
        # Bob went out of hands 4 to 7 of game 1; Cat of hands 1 to 4 of game 5, the second
        # dealt twice.
        "Longest run of hands gone out": (4, {(1, None, None, ("Bob",)), (5, None, None, ("Cat",))}),
        "Longest run of games won": (None, set()),
        # Bob was 60 behind Ann after hand 3 of 7 in game 1, and won.
        "Biggest comeback": (60, {(1, None, None, ("Bob",))}),
        "Closest finish": (0, {(5, None, None, ("Cat", "Dan"))}),
        # Gus's three in the discarded game count nowhere.
        "Most May I?s or buys in a game": (3, {(1, None, None, ("Cat",))}),
        # Hand 1 of game 3: Fay out in one go (-30), Gus 20, Hal 4 with a perfect cut (-6).
        "Lowest hand for the whole table": (-16, {(3, 1, None, ("Fay", "Gus", "Hal"))}),
    }
    # fmt: on


def test_the_page_says_what_counts_and_names_each_game_and_day(client, league):
    text = visible_text(client.get(f"/leagues/{league.id}/records?season=all"))

    assert records_words() in text
    assert "The hand whose scores, added up over everyone at the table, came to the least." in text
    assert "Bob Game 1 · 2 Mar 2024" in text
    assert "Fay, Gus, Hal Game 3, hand 1 · 16 Mar 2024" in text
    assert "Eve Game 2 · 9 Mar 2024 posted" in text
    assert "Ann Reached in game 2 · 9 Mar 2024 · season 2024" in text
    assert "a shared win" in text and "Nobody holds it yet." in text
    markup = records_page(client, league, "all")
    first = db.session.scalar(select(Game.id).where(Game.number == 1))
    assert f'<a href="/games/{first}">Game 1</a>' in markup


@pytest.mark.parametrize("season", ["all", "2024"])
def test_the_records_match_the_league_file(client, league, season):
    expected = records_from_file(
        records_league.file_of(league), None if season == "all" else season
    )

    assert page_records(records_page(client, league, season)) == expected


def test_the_demo_league_matches_its_file(client, owner):
    demo, _ = ensure_demo_league()
    demo.owner = owner
    db.session.commit()

    found = page_records(records_page(client, demo, "all"))

    assert found == records_from_file(records_league.file_of(demo))
    assert found["Most games won"][0] == 1


def test_seasons_of_the_leagues_own(client, owner):
    """The standings' league: seasons of its own, a discarded game, a leaver, pennies."""
    pinned = standings_league.build(owner)
    data = records_league.file_of(pinned)
    tabs = {s.name: f"s{s.id}" for s in pinned.seasons}

    for name, key in tabs.items():
        assert page_records(records_page(client, pinned, key)) == records_from_file(data, name)
    whole = page_records(records_page(client, pinned, "all"))
    assert whole == records_from_file(data)
    # All time, the most zeros in one season name that season.
    assert "· season Winter 25-26" in visible_text(
        client.get(f"/leagues/{pinned.id}/records?season=all")
    )


def test_the_season_is_chosen_as_the_standings_choose_it(client, league):
    # No season asked for: the current one (here the newest, 2024), as the standings.
    assert page_records(records_page(client, league)) == page_records(
        records_page(client, league, "2024")
    )
    assert client.get(f"/leagues/{league.id}/records?season=1999").status_code == 404
    standings = client.get(f"/leagues/{league.id}/standings?season=2024").get_data(as_text=True)
    assert f'href="/leagues/{league.id}/records?season=2024"' in standings


def test_a_correction_that_changes_a_winner_changes_the_records_at_once(client, league):
    assert page_records(records_page(client, league, "all"))["Biggest comeback"][0] == 60
    first = games.load_game(db.session.scalar(select(Game.id).where(Game.number == 1)))
    last = next(h for h in first.hands if h.number == 7)
    # Ann goes out of game 1's last hand, not Bob, who is charged 80: Dan wins game 1 with
    # 70, from 25 behind at half-time, and Bob's comeback and run of four are gone.
    hands.correct_hand(
        last,
        [out(), tally(high=8), tally(high=1), tally(low=1)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Ann",
        reason="Bob counted the wrong pile",
        agreed=True,
    )
    db.session.commit()

    found = page_records(records_page(client, league, "all"))

    assert found == records_from_file(records_league.file_of(league))
    assert found["Most games won"] == (2, {(5, None, None, ("Dan",))})
    assert found["Biggest comeback"] == (25, {(1, None, None, ("Dan",))})
    assert found["Longest run of hands gone out"] == (4, {(5, None, None, ("Cat",))})


def test_a_finished_game_shows_at_once(client, league):
    records_page(client, league, "all")
    game = records_league.start(league, ("Ann", "Bob", "Cat", "Dan"), date(2024, 5, 1))
    for _ in range(7):
        play_hand(game, [tally(low=1), tally(low=2), out(), tally(low=3)])

    found = page_records(records_page(client, league, "all"))

    assert found["Longest run of hands gone out"] == (7, {(6, None, None, ("Cat",))})


def test_a_player_page_names_the_records_held(client, league):
    cat = db.session.scalar(select(Player).where(Player.name == "Cat"))
    hal = db.session.scalar(select(Player).where(Player.name == "Hal"))

    text = visible_text(client.get(f"/leagues/{league.id}/players/{cat.id}"))

    assert "Records All time Most games won · 1 game won Cat Reached in game 5 · 6 Apr 2024" in text
    assert "Most May I?s or buys in a game · 3 May I?s or buys Cat Game 1 · 2 Mar 2024" in text
    # Bob's comeback is his alone; Cat's season's records follow all time's.
    assert "Biggest comeback" not in text
    assert text.count("Longest run of hands gone out") == 2  # all time, then 2024
    held = visible_text(client.get(f"/leagues/{league.id}/players/{hal.id}"))
    assert "Worst game total, Carioca with bonuses · 129 points" in held
    gus = db.session.scalar(select(Player).where(Player.name == "Gus"))
    gus_page = visible_text(client.get(f"/leagues/{league.id}/players/{gus.id}"))
    assert "Lowest hand for the whole table" in gus_page


def test_a_league_without_a_game_that_counts(client, make_league):
    empty = make_league()

    text = visible_text(client.get(f"/leagues/{empty.id}/records"))

    assert "No game counts here yet" in text


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_records_speak_the_readers_language(client, league, language):
    english = client.get(f"/leagues/{league.id}/records?season=all")
    translated = client.get(
        f"/leagues/{league.id}/records?season=all", headers={"Accept-Language": language}
    )
    names = (*(p.name for p in league.players), league.name, "Carioca with bonuses", "Continental")

    assert english_left(english, translated, keep=names) == []


def test_records_kept_speak_each_readers_language(client, league):
    spanish = client.get(
        f"/leagues/{league.id}/records?season=all", headers={"Accept-Language": "es"}
    )
    english = client.get(f"/leagues/{league.id}/records?season=all")

    assert "Most games won" in visible_text(english)
    assert "Most games won" not in visible_text(spanish)
