"""The standings sheet's second page: the season's records, the ratings and the rivals, as the
records and standings pages show them, in the league's language, on the PDF and the print page."""

from __future__ import annotations

import html
import re
from datetime import date
from itertools import combinations

import pytest
from conftest import play_hand
from reading import markup, visible_text
from test_recap import FOUR, HANDS
from test_sheets import read_pdf

from scorekeeper.extensions import db
from scorekeeper.models import Game, League, Player, Seat

SEASON = "2026"
# A record held: its title, what counts for it, its value.
RECORD = re.compile(
    r'<h3>([^<]+)</h3>\s*<p class="muted small">[^<]*</p>\s*<p class="record-value">([^<]+)</p>'
)
RATING = re.compile(
    r'<tr><th scope="row">(?:<a [^>]*>)?([^<]+)(?:</a>)?</th><td class="num">(\d+)</td>\s*'
    r'<td class="num">([^<]+)</td><td class="num">([^<]+)</td></tr>'
)
TITLE = {"en": "Records, rating and rivals, 2026", "es": "Récords, nivel y rivales, 2026"}


def flat(words: str) -> str:
    """Words with every line break and run of spaces as one space (a cell's lines wrap)."""
    return re.sub(r"\s+", " ", words)


@pytest.fixture
def league(make_league, make_game) -> League:
    """Five games of the four, each won by the next player round the table, and one of 2025."""
    league = make_league(players=FOUR)
    for turn in range(5):
        game = make_game(players=FOUR, started_on=date(2026, 3, 14), league=league)
        for report in HANDS:
            play_hand(game, [report[(seat + turn) % 4] for seat in range(4)])
    old = make_game(players=FOUR, started_on=date(2025, 3, 14), league=league)
    for report in HANDS:
        play_hand(old, report)
    return league


def rivalries(league: League) -> list[str]:
    """Each pair's line, computed from the season's games' places: the games together, how
    often each finished ahead, and how often level."""
    rows = db.session.execute(
        db.select(Seat.game_id, Player.name, Seat.place)
        .join(Game, Game.id == Seat.game_id)
        .join(Player, Player.id == Seat.player_id)
        .where(Game.league_id == league.id, Game.started_on >= date(2026, 1, 1))
    )
    by_game: dict[int, dict[str, int]] = {}
    for game, name, place in rows:
        by_game.setdefault(game, {})[name] = place
    places = list(by_game.values())
    lines = []
    for first, second in combinations(FOUR, 2):
        met = [p for p in places if first in p and second in p]
        ahead = sum(p[first] < p[second] for p in met)
        behind = sum(p[first] > p[second] for p in met)
        lines.append((first, second, len(met), ahead, behind, len(met) - ahead - behind))
    return [f"{a} {b} {n} {x}–{y} {z}" for a, b, n, x, y, z in lines]


def second_page(client, league: League, paper: str = "a4", season: str = SEASON) -> str:
    sheet = client.get(f"/leagues/{league.id}/standings.pdf?season={season}&paper={paper}")
    reader = read_pdf(sheet)
    assert len(reader.pages) == 2
    return flat(reader.pages[1].extract_text())


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_second_page_shows_the_records_ratings_and_rivals_of_the_pages(
    client, league, language, paper
):
    league.language = language
    db.session.commit()

    page = second_page(client, league, paper)

    assert page.startswith(TITLE[language])
    records = RECORD.findall(markup(client.get(f"/leagues/{league.id}/records?season={SEASON}")))
    assert len(records) >= 8
    for title, amount in records:
        assert flat(f"{html.unescape(title)} {html.unescape(amount)}") in page
    standings = markup(client.get(f"/leagues/{league.id}/standings?season={SEASON}"))
    rated = RATING.findall(standings)
    assert sorted(name for name, *_rest in rated) == sorted(FOUR)
    for name, games, rating, move in rated:
        assert f"{name} {games} {rating} {move}" in page
    # Each pair once, whichever of the two is listed first.
    for line in rivalries(league):
        first, second = line.split()[:2]
        assert line in page or f"{second} {first}" in page


def test_the_rivals_list_the_ranked_pairs_in_the_standings_order(client, league):
    page = second_page(client, league)

    rows = re.findall(r"(Ann|Bob|Cat|Dan) (Ann|Bob|Cat|Dan) (\d+) (\d+)–(\d+) (\d+)", page)
    assert len(rows) == 6  # every pair of the four ranked players, once
    expected = {line.split()[0] + line.split()[1]: line for line in rivalries(league)}
    for first, second, games, ahead, behind, level in rows:
        line = f"{first} {second} {games} {ahead}–{behind} {level}"
        mirrored = expected.get(second + first, "").split()
        if first + second in expected:
            assert line == expected[first + second]
        else:  # listed the other way round: the counts swap
            assert [games, behind, ahead, level] == [
                mirrored[2],
                *mirrored[3].split("–"),
                mirrored[4],
            ]


def test_the_print_page_shows_the_second_page_too(client, league):
    shown = visible_text(client.get(f"/leagues/{league.id}/standings/print?season={SEASON}"))

    assert TITLE["en"] in shown
    assert "Most games won" in shown and "Rivals" in shown and "Rating" in shown


def test_a_season_without_games_says_so_on_the_second_page(client, make_league):
    league = make_league(players=FOUR)

    page = second_page(client, league, season="all")

    assert "No game counts here yet" in page
    assert "No two ranked players have played a game that counts together" in page
