"""League standings through the pages: tables computed by hand from games played to the end."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from datetime import date
from html.parser import HTMLParser

import pytest
from conftest import out, play_hand, tally
from reading import input_value, visible_text
from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, League, Season
from scorekeeper.play import interruptions
from scorekeeper.rules.entries import PlayerEntry

MISSING = PlayerEntry(no_score=True)


def entry(points: int | PlayerEntry) -> PlayerEntry:
    """A player's report worth `points` under Continental prices; 0 means they went out."""
    if isinstance(points, PlayerEntry):
        return points
    if points == 0:
        return out()
    assert points % 5 == 0, points
    return tally(high=points // 10, low=points % 10 // 5)


def play_hands(game: Game, hands: Sequence[Sequence[int | PlayerEntry]]) -> None:
    """Play these hands in order, each row holding the points of the players at the table."""
    for row in hands:
        play_hand(game, [entry(points) for points in row])


class StandingsTable(HTMLParser):
    """The rows of the standings table, each a tuple of its cells' text."""

    def __init__(self) -> None:
        super().__init__()
        self.header: list[str] = []
        self.rows: list[tuple[str, ...]] = []
        self._in_table = self._in_body = False
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table" and ("data-testid", "standings") in attrs:
            self._in_table = True
        elif self._in_table and tag == "tbody":
            self._in_body = True
        elif self._in_table and tag == "tr":
            self._row = []
        elif self._row is not None and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self._in_table = False
        elif self._cell is not None and tag in ("td", "th"):
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif self._row is not None and tag == "tr":
            if self._in_body:
                self.rows.append(tuple(self._row))
            else:
                self.header.extend(self._row)
            self._row = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def standings_table(client, league: League, season: str | None = None) -> list[tuple[str, ...]]:
    """GET the standings page and return its table rows."""
    query = f"?season={season}" if season else ""
    response = client.get(f"/leagues/{league.id}/standings{query}")
    assert response.status_code == 200
    parser = StandingsTable()
    parser.feed(response.get_data(as_text=True))
    return parser.rows


def table_header(client, league: League) -> list[str]:
    parser = StandingsTable()
    parser.feed(client.get(f"/leagues/{league.id}/standings?season=all").get_data(as_text=True))
    return parser.header


def save_settings(client, league: League, **changes: str):
    data = {
        "name": league.name,
        "ranking": "average",
        "place_points": "5, 3, 1",
        "min_games": "0",
        "paper_size": "A4",
    }
    return client.post(f"/leagues/{league.id}/settings", data=data | changes)


def tabs(text: str) -> list[str]:
    nav = re.search(r'<nav class="season-tabs".*?</nav>', text, re.S).group(0)
    return [html.unescape(label) for label in re.findall(r">([^<]+)</a>", nav)]


def current_tab(text: str) -> str:
    return re.search(r'aria-current="page">([^<]+)</a>', text).group(1)


# --- the league used by most tests: three games that count, one discarded ---
#
# Game 1, 1 Mar 2025 (Ann, Bob, Cat, Dan): Ann and Bob tie for the win on 50.
# fmt: off
GAME_1 = [
    # Ann Bob Cat Dan
    (0,   10, 20, 5),
    (5,   0,  10, 10),
    (10,  5,  0,  15),
    (20,  20, 5,  0),
    (0,   10, 10, 10),
    (5,   0,  15, 5),
    (10,  5,  0,  10),
]  # totals 50, 50, 60, 55: places 1, 1, 4, 3; out 2, 2, 2, 1
# Game 2, 1 Jun 2025 (Ann, Bob, Cat, Dan).
GAME_2 = [
    (10,  0,  20, 5),
    (20,  5,  0,  10),
    (5,   10, 15, 0),
    (0,   5,  10, 5),
    (10,  0,  30, 5),
    (15,  5,  0,  5),
    (20,  0,  10, 5),
]  # totals 80, 25, 85, 35: places 3, 1, 4, 2; out 1, 3, 2, 1
# fmt: on
# Game 3, 1 Feb 2026 (Ann, Bob, Cat, Dan, Eve): Cat goes out every hand.
GAME_3 = [(5, 5, 0, 5, 5)] * 7  # totals 35, 35, 0, 35, 35: places 2, 2, 1, 2, 2; Cat out 7
# Game 4, 1 Sep 2025 (Ann, Bob, Cat, Dan): two hands, suspended and closed, so discarded.
GAME_4 = [(50, 50, 50, 0), (40, 40, 40, 0)]


@pytest.fixture
def league(make_league, make_game) -> League:
    """Three games that count and one discarded; Gus never played."""
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve", "Gus"))
    four = ("Ann", "Bob", "Cat", "Dan")
    play_hands(make_game(four, started_on=date(2025, 3, 1), league=league), GAME_1)
    play_hands(make_game(four, started_on=date(2025, 6, 1), league=league), GAME_2)
    play_hands(make_game((*four, "Eve"), started_on=date(2026, 2, 1), league=league), GAME_3)
    abandoned = make_game(four, started_on=date(2025, 9, 1), league=league)
    play_hands(abandoned, GAME_4)
    interruptions.suspend(abandoned)
    interruptions.close_incomplete(abandoned)
    db.session.commit()
    return league


NOT_RANKED = ("Not ranked yet",)


def test_calendar_year_2025_counts_its_two_games(client, league):
    # Ann 50 + 80, Bob 50 + 25, Cat 60 + 85, Dan 55 + 35; Ann and Bob both won game 1.
    # fmt: off
    assert standings_table(client, league, "2025") == [
        ("1", "Bob", "2", "2", "37.5", "25", "50", "5", "–"),
        ("2", "Dan", "2", "0", "45.0", "35", "55", "2", "–"),
        ("3", "Ann", "2", "1", "65.0", "50", "80", "3", "–"),
        ("4", "Cat", "2", "0", "72.5", "60", "85", "4", "–"),
        NOT_RANKED,
        ("",  "Eve", "0", "0", "–",    "–",  "–",  "0", "–"),
        ("",  "Gus", "0", "0", "–",    "–",  "–",  "0", "–"),
    ]
    # fmt: on


def test_calendar_year_2026_shares_second_place_four_ways(client, league):
    # fmt: off
    assert standings_table(client, league, "2026") == [
        ("1", "Cat", "1", "1", "0.0",  "0",  "0",  "7", "–"),
        ("2", "Ann", "1", "0", "35.0", "35", "35", "0", "–"),
        ("2", "Bob", "1", "0", "35.0", "35", "35", "0", "–"),
        ("2", "Dan", "1", "0", "35.0", "35", "35", "0", "–"),
        ("2", "Eve", "1", "0", "35.0", "35", "35", "0", "–"),
        NOT_RANKED,
        ("",  "Gus", "0", "0", "–",    "–",  "–",  "0", "–"),
    ]
    # fmt: on


def test_all_time_counts_every_game_that_counts(client, league):
    # Eve's one game of 35 is the best average of all.
    # fmt: off
    assert standings_table(client, league, "all") == [
        ("1", "Eve", "1", "0", "35.0", "35", "35", "0",  "–"),
        ("2", "Bob", "3", "2", "36.7", "25", "50", "5",  "–"),
        ("3", "Dan", "3", "0", "41.7", "35", "55", "2",  "–"),
        ("4", "Cat", "3", "1", "48.3", "0",  "85", "11", "–"),
        ("5", "Ann", "3", "1", "55.0", "35", "80", "3",  "–"),
        NOT_RANKED,
        ("",  "Gus", "0", "0", "–",    "–",  "–",  "0",  "–"),
    ]
    # fmt: on
    assert (
        "Ranked by average game total (lowest first); ties go to more wins, then more games "
        "played, then the lower best game; players still equal share a place."
    ) in " ".join(visible_text(client.get(f"/leagues/{league.id}/standings?season=all")).split())


def test_seasons_are_calendar_years_newest_first_and_today_s_is_shown(client, league):
    text = client.get(f"/leagues/{league.id}/standings").get_data(as_text=True)

    assert tabs(text) == ["2026", "2025", "All time"]
    # Today's year when it has games, else the newest year.
    assert current_tab(text) == ("2025" if date.today().year == 2025 else "2026")
    chosen = client.get(f"/leagues/{league.id}/standings?season=2025").get_data(as_text=True)
    assert current_tab(chosen) == "2025"


@pytest.mark.parametrize("key", ["2024", "1999", "s1", "everything", "2025-01-01"])
def test_unknown_season_is_not_found(client, league, key):
    assert client.get(f"/leagues/{league.id}/standings?season={key}").status_code == 404


def test_unknown_league_is_not_found(client):
    assert client.get("/leagues/999/standings").status_code == 404


def test_discarded_game_counts_nowhere_and_is_listed_apart(client, league):
    [abandoned] = db.session.scalars(select(Game).where(Game.discarded.is_(True))).all()
    assert abandoned.started_on == date(2025, 9, 1)

    text = visible_text(client.get(f"/leagues/{league.id}/standings?season=2025"))
    # Its hands (Dan out twice, 90 points for the others) show in no figure of the table above.
    assert "2 games count; 1 discarded game counts nowhere." in text
    discarded = text[text.index("Discarded games") :]
    assert f"Game {abandoned.id} · 1 Sep 2025" in discarded
    assert "suspended after 2 of 7 hands and did not go on" in discarded

    other_year = visible_text(client.get(f"/leagues/{league.id}/standings?season=2026"))
    assert "1 game counts." in other_year
    assert "Discarded games" not in other_year
    assert "3 games count; 1 discarded game counts nowhere." in visible_text(
        client.get(f"/leagues/{league.id}/standings?season=all")
    )


def test_a_game_in_progress_counts_nowhere(client, league, make_game):
    game = make_game(("Ann", "Bob", "Cat", "Dan"), started_on=date(2025, 12, 1), league=league)
    play_hands(game, GAME_1[:6])

    rows = standings_table(client, league, "2025")
    assert rows[0] == ("1", "Bob", "2", "2", "37.5", "25", "50", "5", "–")
    assert "2 games count;" in visible_text(
        client.get(f"/leagues/{league.id}/standings?season=2025")
    )


# --- the ranking measure and the minimum of games, changed in the league's settings ---


def test_ranking_by_wins_breaks_ties_on_the_lower_average(client, league):
    response = save_settings(client, league, ranking="wins")
    assert response.status_code == 302
    assert league.ranking == "wins"

    # Bob 2 wins; Cat and Ann 1 each (Cat's 48.3 beats Ann's 55.0); Eve and Dan none
    # (Eve's 35.0 beats Dan's 41.7).
    # fmt: off
    assert standings_table(client, league, "all") == [
        ("1", "Bob", "3", "2", "36.7", "25", "50", "5",  "–"),
        ("2", "Cat", "3", "1", "48.3", "0",  "85", "11", "–"),
        ("3", "Ann", "3", "1", "55.0", "35", "80", "3",  "–"),
        ("4", "Eve", "1", "0", "35.0", "35", "35", "0",  "–"),
        ("5", "Dan", "3", "0", "41.7", "35", "55", "2",  "–"),
        NOT_RANKED,
        ("",  "Gus", "0", "0", "–",    "–",  "–",  "0",  "–"),
    ]
    # fmt: on
    assert "Ranked by games won; ties go to the lower average game total, then more games" in (
        visible_text(client.get(f"/leagues/{league.id}/standings?season=all"))
    )


def test_ranking_by_points_for_places(client, league):
    assert (
        save_settings(client, league, ranking="points", place_points="5, 3, 1").status_code == 302
    )

    # Places: game 1 Ann 1, Bob 1, Dan 3, Cat 4; game 2 Bob 1, Dan 2, Ann 3, Cat 4;
    # game 3 Cat 1, the others 2. Points: Ann 5+1+3, Bob 5+5+3, Cat 0+0+5, Dan 1+3+3, Eve 3.
    assert table_header(client, league) == [
        "#", "Player", "Games", "Wins", "Avg", "Points", "Best", "Worst", "Out", "Scores posted",
    ]  # fmt: skip
    # fmt: off
    assert standings_table(client, league, "all") == [
        ("1", "Bob", "3", "2", "36.7", "13", "25", "50", "5",  "–"),
        ("2", "Ann", "3", "1", "55.0", "9",  "35", "80", "3",  "–"),
        ("3", "Dan", "3", "0", "41.7", "7",  "35", "55", "2",  "–"),
        ("4", "Cat", "3", "1", "48.3", "5",  "0",  "85", "11", "–"),
        ("5", "Eve", "1", "0", "35.0", "3",  "35", "35", "0",  "–"),
        NOT_RANKED,
        ("",  "Gus", "0", "0", "–",    "0",  "–",  "–",  "0",  "–"),
    ]
    # fmt: on


def test_points_for_places_follow_the_league_s_list(client, league):
    # Only a win scores: 1 point. Bob 2; Ann 1 and Cat 1 (more wins equal, Cat's average is
    # lower); Dan and Eve 0 (Eve's average is lower).
    assert save_settings(client, league, ranking="points", place_points="1").status_code == 302

    rows = standings_table(client, league, "all")
    assert [(row[0], row[1], row[5]) for row in rows[:5]] == [
        ("1", "Bob", "2"),
        ("2", "Cat", "1"),
        ("3", "Ann", "1"),
        ("4", "Eve", "0"),
        ("5", "Dan", "0"),
    ]


def test_the_average_table_has_no_points_column(client, league):
    assert "Points" not in table_header(client, league)


@pytest.mark.parametrize("min_games", ["2", "3"])
def test_players_below_the_minimum_of_games_are_listed_apart(client, league, min_games):
    assert save_settings(client, league, min_games=min_games).status_code == 302

    # Eve, first on average with her one game, is not ranked; Gus has no game.
    # fmt: off
    assert standings_table(client, league, "all") == [
        ("1", "Bob", "3", "2", "36.7", "25", "50", "5",  "–"),
        ("2", "Dan", "3", "0", "41.7", "35", "55", "2",  "–"),
        ("3", "Cat", "3", "1", "48.3", "0",  "85", "11", "–"),
        ("4", "Ann", "3", "1", "55.0", "35", "80", "3",  "–"),
        (f"Not ranked yet (fewer than {min_games} games)",),
        ("",  "Eve", "1", "0", "35.0", "35", "35", "0",  "–"),
        ("",  "Gus", "0", "0", "–",    "–",  "–",  "0",  "–"),
    ]
    # fmt: on


def test_a_minimum_nobody_reaches_leaves_everyone_unranked(client, league):
    assert save_settings(client, league, min_games="4").status_code == 302

    rows = standings_table(client, league, "all")
    assert rows[0] == ("Not ranked yet (fewer than 4 games)",)
    assert [(row[0], row[1]) for row in rows[1:]] == [
        ("", "Ann"), ("", "Bob"), ("", "Cat"), ("", "Dan"), ("", "Eve"), ("", "Gus"),
    ]  # fmt: skip


def test_settings_are_saved_and_shown(client, league):
    response = save_settings(
        client,
        league,
        name="  The Smith Family ",
        ranking="points",
        place_points="10 6  4,2",
        min_games="2",
        paper_size="Letter",
    )

    assert response.status_code == 302
    assert response.location == f"/leagues/{league.id}/settings"
    db.session.refresh(league)
    assert (league.name, league.ranking, league.place_points) == (
        "The Smith Family",
        "points",
        [10, 6, 4, 2],
    )
    assert (league.min_games, league.paper_size) == (2, "Letter")
    shown = client.get(response.location)
    assert "Settings saved." in visible_text(shown)
    assert input_value(shown, "place_points") == "10, 6, 4, 2"


# fmt: off
@pytest.mark.parametrize(
    ("changes",                                          "message"),
    [
        ({"name": "  "},                                     "Give the league a name."),
        ({"name": "x" * 81},                                 "80 characters"),
        ({"ranking": "elo"},                                 "Not a valid choice."),
        ({"ranking": "points", "place_points": ""},          "Give the points for at least first place."),
        ({"place_points": "5, three, 1"},                    "Give up to 10 whole numbers from 0 to 1000, in digits, e.g. 5, 3, 1."),
        ({"place_points": "5, -3, 1"},                       "Give up to 10 whole numbers from 0 to 1000, in digits, e.g. 5, 3, 1."),
        ({"place_points": "11 10 9 8 7 6 5 4 3 2 1"},        "Give up to 10 whole numbers from 0 to 1000, in digits, e.g. 5, 3, 1."),
        ({"place_points": "5, ², 1"},                        "Give up to 10 whole numbers from 0 to 1000, in digits, e.g. 5, 3, 1."),
        ({"place_points": "10000000000000000000, 1"},        "Give up to 10 whole numbers from 0 to 1000, in digits, e.g. 5, 3, 1."),
        ({"min_games": ""},                                  "Give a number of games, 0 for none."),
        ({"min_games": "-1"},                                "Give a number of games from 0 to 1000."),
        ({"min_games": "1001"},                              "Give a number of games from 0 to 1000."),
        ({"paper_size": "A3"},                               "Not a valid choice."),
    ],
    ids=["blank-name", "long-name", "unknown-measure", "points-without-list", "word-in-list",
         "negative-points", "eleven-places", "unicode-digit", "points-10**19", "no-minimum", "negative-minimum", "minimum-too-big",
         "unknown-paper"],
)
# fmt: on
def test_settings_refused_show_why_and_save_nothing(client, league, changes, message):
    response = save_settings(client, league, **{"ranking": "wins", "min_games": "3"} | changes)

    assert response.status_code == 422
    assert message in visible_text(response)
    db.session.refresh(league)
    assert (league.name, league.ranking, league.place_points) == ("The Smiths", "average", [5, 3, 1])
    assert (league.min_games, league.paper_size) == (0, "A4")


# --- a tie, posted totals and posted hands ---


# Game of 1 Mar 2025 (Ann, Bob, Cat, Dan, Eve). Dan gives no score in hand 2: posted
# 20 + 10 = 30 from the others' given scores. Eve leaves from hand 4.
# fmt: off
POSTED_BEFORE = [
    # Ann Bob Cat Dan      Eve
    (0,   10, 20, 5,       30),
    (5,   0,  10, MISSING, 20),
    (10,  5,  0,  15,      40),
]
POSTED_AFTER = [
    # Ann Bob Cat Dan
    (20,  20, 5,  0),
    (0,   10, 10, 10),
    (5,   0,  15, 5),
    (10,  5,  0,  10),
]
# fmt: on
# Totals: Ann 50, Bob 50, Cat 60, Dan 75; Eve is posted Dan's 75 + Cat's 60 = 135.


@pytest.fixture
def posted_league(make_league, make_game) -> League:
    league = make_league(players=("Ann", "Bob", "Cat", "Dan", "Eve"))
    game = make_game(
        ("Ann", "Bob", "Cat", "Dan", "Eve"), started_on=date(2025, 3, 1), league=league
    )
    play_hands(game, POSTED_BEFORE)
    interruptions.player_leaves(game, game.seats[4], 4)
    db.session.commit()
    play_hands(game, POSTED_AFTER)
    return league


def test_posted_totals_and_a_shared_win(client, posted_league):
    # Ann and Bob tie on 50 for the game: both win, both first, equal on every tie-break.
    # fmt: off
    assert standings_table(client, posted_league, "2025") == [
        ("1", "Ann", "1", "1", "50.0",  "50",  "50",  "2", "–"),
        ("1", "Bob", "1", "1", "50.0",  "50",  "50",  "2", "–"),
        ("3", "Cat", "1", "0", "60.0",  "60",  "60",  "2", "–"),
        ("4", "Dan", "1", "0", "75.0",  "75",  "75",  "1", "1 hand"),
        ("5", "Eve", "1", "0", "135.0", "135", "135", "0", "1 game"),
    ]
    # fmt: on
    text = visible_text(client.get(f"/leagues/{posted_league.id}/standings?season=2025"))
    assert "Wins count shared wins." in text
    assert "1 game counts." in text


# --- the league's own seasons ---


def add_season(client, league: League, name: str, starts_on: str, ends_on: str):
    return client.post(
        f"/leagues/{league.id}/settings/seasons",
        data={"name": name, "starts_on": starts_on, "ends_on": ends_on},
    )


def season_count() -> int:
    return db.session.scalar(select(func.count()).select_from(Season))


def test_a_season_of_the_league_s_own_spans_new_year(client, league):
    response = add_season(client, league, "Winter 25-26", "2025-05-01", "2026-04-30")

    assert response.status_code == 302
    [season] = league.seasons
    assert (season.name, season.starts_on, season.ends_on) == (
        "Winter 25-26",
        date(2025, 5, 1),
        date(2026, 4, 30),
    )
    assert "Season Winter 25-26 added." in visible_text(client.get(response.location))
    text = client.get(f"/leagues/{league.id}/standings?season=s{season.id}").get_data(as_text=True)
    assert tabs(text) == ["Winter 25-26", "All time"]
    # Games 2 and 3 (and the discarded one): Bob 25 + 35, Dan 35 + 35, Eve 35, Cat 85 + 0,
    # Ann 80 + 35. Dan and Eve both average 35.0 with no win: Dan has played more games.
    # fmt: off
    assert standings_table(client, league, f"s{season.id}") == [
        ("1", "Bob", "2", "1", "30.0", "25", "35", "3", "–"),
        ("2", "Dan", "2", "0", "35.0", "35", "35", "1", "–"),
        ("3", "Eve", "1", "0", "35.0", "35", "35", "0", "–"),
        ("4", "Cat", "2", "1", "42.5", "0",  "85", "9", "–"),
        ("5", "Ann", "2", "0", "57.5", "35", "80", "1", "–"),
        NOT_RANKED,
        ("",  "Gus", "0", "0", "–",    "–",  "–",  "0", "–"),
    ]
    # fmt: on
    assert "2 games count; 1 discarded game counts nowhere." in visible_text(
        client.get(f"/leagues/{league.id}/standings?season=s{season.id}")
    )


def test_own_seasons_are_listed_newest_first(client, league):
    assert add_season(client, league, "First", "2025-01-01", "2025-06-30").status_code == 302
    assert add_season(client, league, "Second", "2025-07-01", "2026-06-30").status_code == 302

    text = client.get(f"/leagues/{league.id}/standings?season=all").get_data(as_text=True)
    assert tabs(text) == ["Second", "First", "All time"]
    first = next(s for s in league.seasons if s.name == "First")
    rows = standings_table(client, league, f"s{first.id}")
    assert rows[0] == ("1", "Bob", "2", "2", "37.5", "25", "50", "5", "–")


# fmt: off
@pytest.mark.parametrize(
    ("name",       "starts_on",   "ends_on",     "message"),
    [
        ("Autumn",     "2026-04-30",  "2026-12-31",  "These dates overlap Winter (2025-05-01 to 2026-04-30)."),
        ("Inside",     "2025-06-01",  "2025-07-01",  "These dates overlap Winter (2025-05-01 to 2026-04-30)."),
        ("Around",     "2025-01-01",  "2026-12-31",  "These dates overlap Winter (2025-05-01 to 2026-04-30)."),
        ("Before",     "2025-01-01",  "2025-05-01",  "These dates overlap Winter (2025-05-01 to 2026-04-30)."),
        ("winter",     "2027-01-01",  "2027-12-31",  "The league already has a season called Winter."),
        ("Backwards",  "2027-12-31",  "2027-01-01",  "The last day comes before the first day."),
        ("",           "2027-01-01",  "2027-12-31",  "Name the season."),
        ("No start",   "",            "2027-12-31",  "Give the first day."),
        ("No end",     "2027-01-01",  "",            "Give the last day."),
        ("Bad date",   "2027-02-30",  "2027-12-31",  "Not a valid date value."),
    ],
    ids=["overlaps-last-day", "inside", "around", "overlaps-first-day", "same-name",
         "ends-before-it-starts", "no-name", "no-start", "no-end", "impossible-date"],
)
# fmt: on
def test_season_refused_shows_why_and_saves_nothing(client, league, name, starts_on, ends_on, message):
    assert add_season(client, league, "Winter", "2025-05-01", "2026-04-30").status_code == 302

    response = add_season(client, league, name, starts_on, ends_on)

    assert response.status_code == 422
    assert message in visible_text(response)
    assert season_count() == 1


def test_seasons_that_touch_but_do_not_overlap_are_accepted(client, league):
    assert add_season(client, league, "Winter", "2025-05-01", "2026-04-30").status_code == 302
    assert add_season(client, league, "Summer", "2026-05-01", "2026-10-31").status_code == 302
    assert add_season(client, league, "Spring", "2025-01-01", "2025-04-30").status_code == 302
    assert season_count() == 3


def test_a_refused_season_keeps_the_settings_form_as_it_was(client, league):
    add_season(client, league, "Winter", "2025-05-01", "2026-04-30")

    response = add_season(client, league, "Winter", "2027-01-01", "2027-12-31")

    assert response.status_code == 422
    # The points for places are shown as typed in the settings form, not as a Python list.
    assert 'value="5, 3, 1"' in response.get_data(as_text=True)


def test_removing_a_season_brings_back_calendar_years(client, league):
    add_season(client, league, "Winter", "2025-05-01", "2026-04-30")
    [season] = league.seasons

    response = client.post(f"/leagues/{league.id}/settings/seasons/{season.id}/remove")

    assert response.status_code == 302
    assert season_count() == 0
    text = client.get(f"/leagues/{league.id}/standings").get_data(as_text=True)
    assert tabs(text) == ["2026", "2025", "All time"]
    assert client.get(f"/leagues/{league.id}/standings?season=s{season.id}").status_code == 404
