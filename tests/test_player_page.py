"""A player's page: games with totals and places, contracts, best hands, head-to-head."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from datetime import date

import pytest
from conftest import out, play_hand, tally

from scorekeeper.extensions import db
from scorekeeper.league import rulesets
from scorekeeper.models import Game, League, Player
from scorekeeper.play import games, interruptions
from scorekeeper.rules.dealing import hand_count
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset


def entry(points: int) -> PlayerEntry:
    """A player's report worth `points` under Continental prices; 0 means they went out."""
    if points == 0:
        return out()
    assert points % 5 == 0, points
    return tally(high=points // 10, low=points % 10 // 5)


def play_hands(game: Game, hands: Sequence[Sequence[int]]) -> None:
    """Play these hands in order, each row holding the points of the players at the table."""
    for row in hands:
        play_hand(game, [entry(points) for points in row])


def section(text: str, title: str) -> str:
    """The text of the page's panel headed `title`, tags removed and spaces folded."""
    match = re.search(rf"<h2>{re.escape(title)}</h2>(.*?)</section>", text, re.S)
    assert match, title
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())


def rows(text: str, title: str) -> list[tuple[str, ...]]:
    """The body rows of the table in the panel headed `title`, as cell texts."""
    match = re.search(rf"<h2>{re.escape(title)}</h2>.*?<tbody>(.*?)</tbody>", text, re.S)
    assert match, title
    return [
        tuple(
            " ".join(html.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
            for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        )
        for row in re.findall(r"<tr>(.*?)</tr>", match.group(1), re.S)
    ]


def grouped_rows(text: str, title: str) -> dict[str, list[tuple[str, ...]]]:
    """The tables of the panel headed `title`, by the heading above each."""
    match = re.search(rf"<h2>{re.escape(title)}</h2>(.*?)</section>", text, re.S)
    assert match, title
    parts = re.split(r"<h3>(.*?)</h3>", match.group(1))
    return {
        html.unescape(name): rows(f"<h2>{title}</h2>{table}", title)
        for name, table in zip(parts[1::2], parts[2::2], strict=True)
    }


def player_page(client, league: League, name: str) -> str:
    player = next(p for p in league.players if p.name == name)
    response = client.get(f"/leagues/{league.id}/players/{player.id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


# Game 1, 1 Mar 2025 (Ann, Bob, Cat, Dan): Bob and Cat share the win.
# fmt: off
GAME_1 = [
    # Ann Bob Cat Dan
    (0,   10, 20, 30),
    (5,   0,  10, 20),
    (20,  5,  0,  40),
    (15,  20, 5,  0),
    (25,  0,  10, 10),
    (30,  5,  0,  50),
    (20,  5,  0,  20),
]  # totals 115, 45, 45, 170: places 3, 1, 1, 4
# Game 2, 1 Jun 2025 (Ann, Bob, Cat, Eve).
GAME_2 = [
    # Ann Bob Cat Eve
    (20,  0,  10, 5),
    (25,  5,  0,  10),
    (10,  0,  20, 5),
    (30,  10, 5,  0),
    (20,  0,  5,  10),
    (25,  5,  0,  10),
    (0,   10, 15, 20),
]  # totals 130, 30, 55, 60: places 4, 1, 2, 3
# fmt: on


@pytest.fixture
def league(make_league, make_game) -> League:
    """Two games that count, one discarded (Ann went out in it) and one in progress."""
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve", "Fay"))
    four = ("Ann", "Bob", "Cat", "Dan")
    play_hands(make_game(four, started_on=date(2025, 3, 1), league=league), GAME_1)
    play_hands(
        make_game(("Ann", "Bob", "Cat", "Eve"), started_on=date(2025, 6, 1), league=league), GAME_2
    )
    abandoned = make_game(four, started_on=date(2025, 9, 1), league=league)
    play_hands(abandoned, [(0, 5, 5, 5)])
    interruptions.suspend(abandoned)
    interruptions.close_incomplete(abandoned)
    db.session.commit()
    playing = make_game(four, started_on=date(2026, 2, 1), league=league)
    play_hands(playing, [(0, 5, 5, 5)])
    return league


def test_games_are_listed_newest_first_with_totals_and_places(client, league):
    text = player_page(client, league, "Ann")

    assert "<h1>Ann</h1>" in text
    assert rows(text, "Games") == [
        ("Game 4 Continental · 1 Feb 2026", "In progress", "–", "–"),
        ("Game 3 Continental · 1 Sep 2025", "Discarded",   "0", "–"),
        ("Game 2 Continental · 1 Jun 2025", "Finished",    "130", "4"),
        ("Game 1 Continental · 1 Mar 2025", "Finished",    "115", "3"),
    ]  # fmt: skip
    assert rows(player_page(client, league, "Bob"), "Games")[2:] == [
        ("Game 2 Continental · 1 Jun 2025", "Finished", "30", "1"),
        ("Game 1 Continental · 1 Mar 2025", "Finished", "45", "1"),
    ]


def test_contracts_count_hands_played_and_gone_out_in_games_that_count(client, league):
    # Ann went out in hand 1 of game 1 and hand 7 of game 2; her going out in the discarded
    # game and in the game in progress does not count.
    # fmt: off
    assert rows(player_page(client, league, "Ann"), "Going out, contract by contract") == [
        ("1 · 2 sets",           "2", "1", "50%"),
        ("2 · 1 set + 1 run",    "2", "0", "0%"),
        ("3 · 2 runs",           "2", "0", "0%"),
        ("4 · 3 sets",           "2", "0", "0%"),
        ("5 · 2 sets + 1 run",   "2", "0", "0%"),
        ("6 · 1 set + 2 runs",   "2", "0", "0%"),
        ("7 · 3 runs",           "2", "1", "50%"),
    ]
    # Cat went out in hands 3, 6, 7 of game 1 and 2, 6 of game 2.
    assert [r[2:] for r in rows(player_page(client, league, "Cat"), "Going out, contract by contract")] == [
        ("0", "0%"), ("1", "50%"), ("1", "50%"), ("0", "0%"), ("0", "0%"), ("2", "100%"), ("1", "50%"),
    ]
    # fmt: on


def test_best_hands_are_the_lowest_going_out_first_newest_first(client, league):
    # Ann's hands that count: out twice (newest first), then 5, 10 and 15.
    assert section(player_page(client, league, "Ann"), "Best hands") == (
        "Game 2, hand 7 · 1 Jun 2025 went out "
        "Game 1, hand 1 · 1 Mar 2025 went out "
        "Game 1, hand 2 · 1 Mar 2025 5 "
        "Game 2, hand 3 · 1 Jun 2025 10 "
        "Game 1, hand 4 · 1 Mar 2025 15"
    )


def test_head_to_head_counts_games_together_and_who_finished_ahead(client, league):
    # Ann: 3rd then 4th. Bob 1st both times, Cat 1st then 2nd, Dan 4th in game 1, Eve 3rd in
    # game 2. Most games together first, then by name.
    # fmt: off
    assert rows(player_page(client, league, "Ann"), "Head to head") == [
        # against, games   ahead behind level
        ("Bob 2 games",    "0",  "2",  "0"),
        ("Cat 2 games",    "0",  "2",  "0"),
        ("Dan 1 game",     "1",  "0",  "0"),
        ("Eve 1 game",     "0",  "1",  "0"),
    ]
    # Bob and Cat shared first place in game 1: level there; Bob ahead in game 2.
    assert rows(player_page(client, league, "Bob"), "Head to head") == [
        ("Ann 2 games",    "2",  "0",  "0"),
        ("Cat 2 games",    "1",  "0",  "1"),
        ("Dan 1 game",     "1",  "0",  "0"),
        ("Eve 1 game",     "1",  "0",  "0"),
    ]
    # fmt: on


def test_head_to_head_links_to_the_other_players_pages(client, league):
    text = player_page(client, league, "Ann")
    bob = next(p for p in league.players if p.name == "Bob")

    assert f'href="/leagues/{league.id}/players/{bob.id}">Bob</a>' in text


def test_the_totals_chart_shows_the_games_that_count_oldest_first(client, league):
    text = html.unescape(player_page(client, league, "Ann"))

    chart = section(text, "Game totals over time")
    assert 'role="img"' in text
    assert '<title id="player-chart-title">Ann\'s game totals over time</title>' in text
    assert "Ann's game totals, oldest first: game 1 115, game 2 130." in text
    assert "No finished game yet." not in chart
    assert len(re.findall(r"<polyline ", text)) == 1


def test_a_player_without_games(client, league):
    text = html.unescape(player_page(client, league, "Fay"))

    assert "No finished game yet." in text
    assert "Fay has not played yet." in text
    assert section(text, "Going out, contract by contract") == "No hand counted yet."
    assert section(text, "Best hands") == "No hand counted yet."
    assert section(text, "Head to head") == "No finished game with others yet."
    assert "<svg" not in text


def test_a_player_who_left_shows_a_posted_total(client, make_league, make_game):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    game = make_game(
        ("Ann", "Bob", "Cat", "Dan", "Eve"), started_on=date(2025, 3, 1), league=league
    )
    play_hands(game, [(0, 10, 20, 5, 30)])
    interruptions.player_leaves(game, game.seats[4], 2)
    db.session.commit()
    play_hands(game, [(5, 0, 10, 10)] + [(0, 5, 5, 5)] * 5)
    # Finishers: Ann 5, Bob 35, Cat 55, Dan 40: Eve is posted 55 + 40 = 95, fifth.

    assert rows(player_page(client, league, "Eve"), "Games") == [
        ("Game 1 Continental · 1 Mar 2025", "Finished", "95 posted", "5"),
    ]


def test_a_player_of_another_league_is_not_found_through_this_league(client, league, make_league):
    other = make_league(name="The Joneses", players=("Zoe",))
    zoe = other.players[0]

    assert client.get(f"/leagues/{league.id}/players/{zoe.id}").status_code == 404
    assert client.get(f"/leagues/{other.id}/players/{zoe.id}").status_code == 200
    assert client.get(f"/leagues/{league.id}/players/9999").status_code == 404
    assert db.session.get(Player, zoe.id).league_id == other.id


def play_out(game: Game, points: Sequence[int]) -> None:
    """Play every hand of the game: the first player goes out, the others hold `points`."""
    for _ in range(hand_count(game.rules)):
        play_hand(game, [out(), *(PlayerEntry(typed_total=p) for p in points)])


def test_contracts_are_kept_apart_by_rule_set(client, make_league):
    # Ben plays hand 1 under three rule sets: its contract differs in each, so it is three
    # rows under three names, never "hand 1, played 3 times" under the first game's words.
    league = make_league(players=("Ann", "Ben", "Cat", "Dan"))
    progressive = rulesets.copy_ruleset(league, preset("progressive"), "Progressive")
    six = rulesets.copy_ruleset(league, preset("six-hands"), "Six hands")
    seated = sorted(league.players, key=lambda p: ("Ben", "Ann", "Cat", "Dan").index(p.name))
    for record in (league.rulesets[0], progressive, six):
        game = games.start_game(league, record, seated, 0, date(2025, 3, 1))
        db.session.commit()
        play_out(game, (10, 20, 30))
    db.session.commit()

    text = player_page(client, league, "Ben")

    contracts = grouped_rows(text, "Going out, contract by contract")
    assert list(contracts) == ["Continental", "Progressive", "Six hands"]
    # fmt: off
    assert contracts["Continental"][0] == ("1 · 2 sets",                         "1", "1", "100%")
    assert contracts["Progressive"][0] == ("1 · sets or runs of 3 or more cards", "1", "1", "100%")
    assert contracts["Six hands"][0] == ("1 · 2 sets",                           "1", "1", "100%")
    assert [len(c) for c in contracts.values()] == [7, 11, 6]
    assert rows(text, "Games") == [
        ("Game 3 Six hands · 1 Mar 2025",   "Finished", "0", "1"),
        ("Game 2 Progressive · 1 Mar 2025", "Finished", "0", "1"),
        ("Game 1 Continental · 1 Mar 2025", "Finished", "0", "1"),
    ]
    # fmt: on
    anns = grouped_rows(player_page(client, league, "Ann"), "Going out, contract by contract")
    assert [row[2] for row in anns["Progressive"]] == ["0"] * 11  # played each, never out
