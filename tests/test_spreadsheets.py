"""The league's CSV files: rows checked against the league file, formulas kept as text, and
only the league's owner may download them."""

from __future__ import annotations

import csv
import io
from datetime import date

import pytest
from conftest import out, play_hand, tally
from test_rivals import Statements, settled_games

from scorekeeper import exchange
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.models import League
from scorekeeper.play import games, interruptions
from scorekeeper.rules.entries import PlayerEntry

BOM = "\ufeff"
# Names a spreadsheet would read as formulas, and one with a comma and quotes.
NAMES = ("=Ann", "+Bob", "-Cat", "@Dan", 'Eve, "Jr"')
STATUS = {"playing": "In progress", "suspended": "Suspended", "finished": "Finished"}


@pytest.fixture
def league(make_league) -> League:
    """A played-out game (with a leaver, a typed total, a short card and a penalty), a
    discarded one (with a hand played again), and one in play."""
    league = make_league(name='=HYPERLINK("x"), the Smiths', players=NAMES)
    by_name = {p.name: p for p in league.players}
    five = [by_name[n] for n in NAMES]
    game = games.start_game(league, league.rulesets[0], five, 0, date(2025, 12, 31))
    db.session.commit()
    play_hand(
        game,
        [
            out(),
            tally(low=3, high=1),
            PlayerEntry(typed_total=35),
            PlayerEntry(tally={"A": 1}, short_cards=1),
            PlayerEntry(tally={"Joker": 1}, penalty=10, penalty_reason="Played out of turn"),
        ],
    )
    interruptions.player_leaves(game, game.seats[4], 2)
    db.session.commit()
    for _ in range(6):
        play_hand(game, [PlayerEntry(typed_total=5), out(), tally(high=2), tally(low=1)])
    dropped = games.start_game(league, league.rulesets[0], five[:4], 1, date(2026, 1, 2))
    db.session.commit()
    # Three players give no score: nothing can be posted, so the hand is played again.
    none = PlayerEntry(no_score=True)
    play_hand(dropped, [out(), none, none, none])
    play_hand(dropped, [out(), tally(low=1), tally(low=2), tally(low=3)])
    interruptions.suspend(dropped)
    interruptions.close_incomplete(dropped)
    db.session.commit()
    playing = games.start_game(league, league.rulesets[0], five[:4], 2, date(2026, 1, 3))
    db.session.commit()
    play_hand(playing, [out(), tally(low=1), tally(low=2), tally(low=3)])
    return league


def download(client, league: League, table: str):
    response = client.get(f"/leagues/{league.id}/{table}.csv")
    assert response.status_code == 200
    return response


def read_csv(response) -> list[list[str]]:
    text = response.get_data(as_text=True)
    assert text.startswith(BOM)
    return list(csv.reader(io.StringIO(text[1:], newline="")))


def formula_safe(text: str) -> str:
    """Text as the file must write it: a quote before what a spreadsheet would compute."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def yes(flag: bool) -> str:
    return "yes" if flag else "no"


def blank(value) -> str:
    return "" if value is None else str(value)


def expected_games(league: League) -> list[list[str]]:
    """The games file worked out from the league file alone."""
    data = exchange.league_to_dict(league)
    rows = []
    for number, game in enumerate(data["games"], start=1):
        counts = game["status"] == "finished" and not game["discarded"]
        why = "" if counts else "Discarded" if game["discarded"] else STATUS[game["status"]]
        for seat in game["seats"]:
            rows.append(
                [
                    formula_safe(data["league"]["name"]),
                    game["started_on"][:4],  # no seasons of its own: calendar years
                    str(number),
                    game["started_on"],
                    game["rules"]["name"],
                    formula_safe(seat["player"]),
                    blank(seat["place"]),
                    blank(seat["final_total"]),
                    yes(seat["total_posted"]),
                    blank(seat["left_from_hand"]),
                    yes(counts),
                    why,
                    game["end_note"],
                ]
            )
    return rows


def tally_text(facts: dict) -> str:
    parts = [] if facts["typed_total"] is None else [f"{facts['typed_total']} typed"]
    return ", ".join(parts + [f"{n} × {label}" for label, n in facts["tally"].items() if n])


def expected_hands(league: League) -> list[list[str]]:
    """The hands file worked out from the league file alone."""
    rows = []
    for number, game in enumerate(exchange.league_to_dict(league)["games"], start=1):
        for hand in game["hands"]:
            for name, facts in hand["players"].items():
                rows.append(
                    [
                        str(number),
                        str(hand["number"]),
                        str(hand["attempt"]),
                        yes(hand["state"] != "scored"),
                        formula_safe(name),
                        blank(facts["score"]),
                        yes(facts["went_out"]),
                        yes(facts["posted"]),
                        tally_text(facts),
                        str(facts["short_cards"]),
                        str(facts["penalty"]),
                    ]
                )
    return rows


def test_games_file_has_a_row_per_player_per_game(client, league):
    response = download(client, league, "games")

    assert response.mimetype == "text/csv"
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="hyperlink-x-the-smiths-games.csv"'
    )
    header, *rows = read_csv(response)
    assert header == [
        "League", "Season", "Game", "Date", "Rule set", "Player", "Place", "Total",
        "Total posted", "Left before hand", "Counts", "Why not", "Note",
    ]  # fmt: skip
    assert rows == expected_games(league)
    # The discarded game and the game in play are listed, marked; the leaver too.
    assert [row[10:12] for row in rows[5::4]] == [["no", "Discarded"], ["no", "In progress"]]
    eve = rows[4]
    assert eve[5:10] == ['Eve, "Jr"', "5", eve[7], "yes", "2"]


def test_hands_file_has_a_row_per_player_per_hand(client, league):
    header, *rows = read_csv(download(client, league, "hands"))

    assert header == [
        "Game", "Hand", "Attempt", "Played again", "Player", "Score", "Went out", "Posted",
        "Tally", "Short cards", "Penalty",
    ]  # fmt: skip
    assert rows == expected_hands(league)
    # fmt: off
    assert rows[:5] == [
        ["1", "1", "1", "no", "'=Ann",     "0",  "yes", "no", "",              "0", "0"],
        ["1", "1", "1", "no", "'+Bob",     "25", "no",  "no", "3 × 2-9, 1 × 10-K", "0", "0"],
        ["1", "1", "1", "no", "'-Cat",     "35", "no",  "no", "35 typed",      "0", "0"],
        ["1", "1", "1", "no", "'@Dan",     "30", "no",  "no", "1 × A",         "1", "0"],
        ["1", "1", "1", "no", 'Eve, "Jr"', "60", "no",  "no", "1 × Joker",     "0", "10"],
    ]
    # The hand played again keeps its report, marked, without scores.
    again = [row for row in rows if row[:3] == ["2", "1", "1"]]
    assert [row[3:6] for row in again] == [
        ["yes", "'=Ann", ""], ["yes", "'+Bob", ""], ["yes", "'-Cat", ""], ["yes", "'@Dan", ""],
    ]
    # fmt: on


def test_no_cell_starts_a_formula_and_numbers_stay_numbers(client, league):
    for table in ("games", "hands"):
        text = download(client, league, table).get_data(as_text=True)
        cells = [cell for row in csv.reader(io.StringIO(text[1:])) for cell in row]
        assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
        assert '"Eve, ""Jr"""' in text  # quoted, its quotes doubled
    games_rows = read_csv(download(client, league, "games"))[1:]
    assert games_rows[0][0] == '\'=HYPERLINK("x"), the Smiths'
    assert all(row[2].isdigit() and row[3][:4].isdigit() for row in games_rows)


def test_the_league_page_offers_the_files_to_its_owner(client, league):
    page = client.get(f"/leagues/{league.id}").get_data(as_text=True)

    assert f'href="/leagues/{league.id}/games.csv"' in page
    assert f'href="/leagues/{league.id}/hands.csv"' in page


def test_others_may_not_download(app, anonymous, league):
    stranger = app.test_client()
    other = accounts.create_account("stranger", "stranger-password")
    leagues.create_league("The Joneses", "continental", other)
    db.session.commit()
    with stranger.session_transaction() as session:
        session["account_id"] = other.id

    for table in ("games", "hands"):
        signed_out = anonymous.get(f"/leagues/{league.id}/{table}.csv")
        assert signed_out.status_code == 302 and signed_out.location.startswith("/login")
        assert stranger.get(f"/leagues/{league.id}/{table}.csv").status_code == 404
    page = stranger.get(f"/leagues/{league.id}").status_code
    assert page == 404


def test_the_files_take_as_many_queries_for_a_thousand_games_as_for_three(client, make_league):
    small = make_league(name="Small", players=[f"P{n:03}" for n in range(100)])
    settled_games(small, 3, 8)
    big = make_league(name="Big", players=[f"Q{n:03}" for n in range(100)])
    settled_games(big, 1000, 8)

    for table in ("games", "hands"):
        with Statements() as few:
            download(client, small, table)
        with Statements() as many:
            rows = read_csv(download(client, big, table))[1:]
        assert len(many.seen) == len(few.seen)
        if table == "games":
            assert len(rows) == 8000
