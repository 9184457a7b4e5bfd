"""Standings are kept per process between changes, yet every change shows at once.

Each test opens the page first (so its figures are kept), makes one change, through the
pages where there is one, and opens the page again: the change must be there. The last
tests make the change in another app on the same database (another worker or process).
"""

from __future__ import annotations

from datetime import date

import pytest
import standings_league
from conftest import ON_POSTGRES, SETTINGS, loaded, out, play_hand, tally
from sqlalchemy import event, select
from test_standings import standings_table, tabs

from scorekeeper import create_app
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.models import Game, GameStatus, League, Player, Seat
from scorekeeper.play import endings, games, hands, interruptions
from scorekeeper.read import standings_page


@pytest.fixture
def pinned(owner) -> League:
    return standings_league.build(owner)


def page(client, league: League, season: str = "s2") -> str:
    response = client.get(f"/leagues/{league.id}/standings?season={season}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def row_of(client, league: League, name: str, season: str = "s2") -> tuple[str, ...]:
    return next(row for row in standings_table(client, league, season) if row[1:2] == (name,))


def stamp(league: League) -> int:
    return db.session.scalar(select(League.standings_stamp).where(League.id == league.id))


class Statements:
    """The SQL statements sent while inside the block."""

    def __enter__(self):
        self.seen: list[str] = []
        event.listen(db.engine, "before_cursor_execute", self._listen)
        return self

    def _listen(self, _conn, _cursor, statement, *_args) -> None:
        self.seen.append(statement)

    def __exit__(self, *_exc) -> None:
        event.remove(db.engine, "before_cursor_execute", self._listen)


def test_a_second_visit_is_served_from_what_was_kept(client, pinned):
    first = page(client, pinned)
    with Statements() as sent:
        again = page(client, pinned)
    assert again == first
    assert not [s for s in sent.seen if "FROM seat" in s or "FROM game" in s]
    # What is kept is immutable: nothing a page does can change it for the next one.
    figures = standings_page.figures(pinned, next(iter(standings_page.seasons(pinned))))
    assert isinstance(figures.table, tuple) and isinstance(figures.discarded, tuple)
    with pytest.raises(TypeError):
        figures.pennies[1] = 0


def test_a_finished_game_shows_at_once(client, pinned):
    assert row_of(client, pinned, "Eve")[2] == "1"
    game = standings_league.start(
        pinned, ("Ann", "Bob", "Cat", "Eve"), date(2025, 12, 1), pennies=False
    )
    for _ in range(6):
        play_hand(game, [out(), tally(low=1), tally(low=2), tally(low=3)])
    assert row_of(client, pinned, "Eve")[2] == "1"  # a game in play counts nowhere
    play_hand(game, [out(), tally(low=1), tally(low=2), tally(low=3)])
    # Eve now has two games: ranked, 6th place, average (35 + 105) / 2.
    assert row_of(client, pinned, "Eve")[:5] == ("5", "Eve", "2", "0", "70.0")
    assert "5 games count" in page(client, pinned)


def test_a_hand_fixed_in_an_ended_game_shows_at_once(client, pinned):
    assert row_of(client, pinned, "Ann", "s1")[3:5] == ("1", "50.0")
    first = games.load_game(db.session.scalar(select(Game.id).where(Game.number == 1)))
    hand = first.hands[0]
    hands.correct_hand(
        hand,
        [tally(high=1), out(), tally(high=2), tally(low=1)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Ann",
        reason="Counted the wrong hand",
        agreed=True,
    )
    db.session.commit()
    # Ann 50 + 10, Bob 50 - 10: Bob wins alone.
    assert row_of(client, pinned, "Ann", "s1")[3:5] == ("0", "60.0")
    assert row_of(client, pinned, "Bob", "s1")[3:5] == ("1", "40.0")


def test_a_renamed_player_shows_at_once(client, pinned):
    page(client, pinned)
    ann = db.session.scalar(select(Player).where(Player.name == "Ann"))
    response = client.post(f"/leagues/{pinned.id}/players/{ann.id}/rename", data={"name": "Annie"})
    assert response.status_code == 302
    text = page(client, pinned)
    assert ">Annie</a>" in text and ">Ann</a>" not in text
    assert "Annie: 80, 30, 35, 0" in text  # the chart's words too


def test_a_new_player_shows_at_once(client, pinned):
    page(client, pinned)
    assert client.post(f"/leagues/{pinned.id}/players", data={"name": "Ivy"}).status_code == 302
    assert row_of(client, pinned, "Ivy") == ("", "Ivy", "0", "0", "–", "–", "–", "0", "–", "–")


def test_a_merged_player_shows_at_once(client, pinned):
    """Hal's one game moved to Gus (what merging two names of one person does)."""
    assert row_of(client, pinned, "Gus")[2] == "0"
    hal = db.session.scalar(select(Player).where(Player.name == "Hal"))
    gus = db.session.scalar(select(Player).where(Player.name == "Gus"))
    for seat in db.session.scalars(select(Seat).where(Seat.player_id == hal.id)):
        seat.player_id = gus.id
    db.session.delete(hal)
    db.session.commit()
    assert row_of(client, pinned, "Gus")[2:5] == ("1", "0", "70.0")
    assert ">Hal</a>" not in page(client, pinned)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"ranking": "wins"}, "Ranked by games won"),
        ({"ranking": "points", "place_points": "7, 1"}, '<th scope="col" class="num">Points</th>'),
        ({"min_games": "1"}, "Not ranked yet</th>"),
    ],
    ids=["ranking", "place-points", "minimum"],
)
def test_the_league_s_ranking_settings_show_at_once(client, pinned, changes, expected):
    before = page(client, pinned)
    data = {
        "name": pinned.name,
        "ranking": "average",
        "place_points": "5, 3, 1",
        "min_games": "2",
        "paper_size": "A4",
    }
    response = client.post(f"/leagues/{pinned.id}/settings", data=data | changes)
    assert response.status_code == 302
    after = page(client, pinned)
    assert after != before
    if changes.get("min_games") == "1":
        # Eve and Hal, one game each, are ranked now; only Gus waits.
        assert row_of(client, pinned, "Eve")[0] != "" and row_of(client, pinned, "Gus")[0] == ""
    else:
        assert expected in after
    if "place_points" in changes:
        # Winter: Ann won twice (7 each) and shared second place in Eve's game (1).
        assert row_of(client, pinned, "Ann")[5] == "15"


def test_seasons_edited_show_at_once(client, pinned):
    assert tabs(page(client, pinned, "all")) == ["Winter 25-26", "Spring 25", "All time"]
    response = client.post(
        f"/leagues/{pinned.id}/settings/seasons",
        data={"name": "Summer 26", "starts_on": "2026-05-01", "ends_on": "2026-08-31"},
    )
    assert response.status_code == 302
    assert tabs(page(client, pinned, "all")) == [
        "Summer 26",
        "Winter 25-26",
        "Spring 25",
        "All time",
    ]
    for season in list(pinned.seasons):
        remove = f"/leagues/{pinned.id}/settings/seasons/{season.id}/remove"
        assert client.post(remove).status_code == 302
    assert tabs(page(client, pinned, "all")) == ["2026", "2025", "All time"]


def test_a_discarded_game_shows_at_once(client, pinned):
    assert page(client, pinned).count("Game 4 ·") == 1
    game = standings_league.start(pinned, ("Ann", "Bob", "Cat", "Dan"), date(2026, 1, 10))
    play_hand(game, [out(), tally(low=1), tally(low=2), tally(low=3)])
    interruptions.suspend(game)
    interruptions.close_incomplete(game)
    db.session.commit()
    text = page(client, pinned)
    assert f"Game {game.number} ·" in text
    assert "2 discarded games count nowhere" in text


def test_a_deleted_game_shows_at_once(client, pinned):
    assert row_of(client, pinned, "Hal")[2] == "1"
    hal_game = db.session.scalar(select(Game).where(Game.started_on == date(2026, 4, 30)))
    response = client.post(f"/games/{hal_game.id}/delete", data={"confirm": "yes"})
    assert response.status_code == 302
    assert row_of(client, pinned, "Hal")[2] == "0"


def test_a_game_started_in_a_new_year_brings_its_calendar_season(client, pinned):
    for season in list(pinned.seasons):
        client.post(f"/leagues/{pinned.id}/settings/seasons/{season.id}/remove")
    assert tabs(page(client, pinned, "all")) == ["2026", "2025", "All time"]
    standings_league.start(pinned, ("Ann", "Bob", "Cat", "Dan"), date(2027, 1, 2))
    assert tabs(page(client, pinned, "all")) == ["2027", "2026", "2025", "All time"]


def test_hand_saves_in_a_game_in_play_leave_the_stamp_alone(pinned):
    game = db.session.scalar(select(Game).where(Game.status == GameStatus.PLAYING))
    before = stamp(pinned)
    play_hand(game, [out(), tally(low=1), tally(low=2), tally(low=3)])
    interruptions.player_leaves(game, game.seats[3], games.current_hand(game).number)
    db.session.commit()
    assert stamp(pinned) == before
    endings.end(loaded(game), "agreement")
    db.session.commit()
    assert stamp(pinned) == before + 1


def test_a_stamp_is_no_edit_of_the_league(pinned):
    updated = pinned.updated_at
    game = db.session.scalar(select(Game.id).where(Game.status == GameStatus.PLAYING))
    endings.end(games.load_game(game), "agreement")
    db.session.commit()
    assert db.session.get(League, pinned.id).updated_at == updated


# --- another worker or process, on the same database ---


@pytest.fixture
def worker_apps(app, tmp_path):
    """Two apps on one database, as two workers of the server (or a command line) are.

    Neither is the test's own app, whose context (and session) the test holds throughout:
    each request of these apps has a session of its own, as on a server.
    """
    url = (
        SETTINGS["SQLALCHEMY_DATABASE_URI"]
        if ON_POSTGRES
        else f"sqlite:///{tmp_path / 'shared.db'}"
    )
    apps = [
        create_app({**SETTINGS, "SQLALCHEMY_DATABASE_URI": url}, instance_path=tmp_path / name)
        for name in ("one", "two")
    ]
    if not ON_POSTGRES:
        with apps[0].app_context():
            db.create_all()
    yield apps
    for each in apps:
        with each.app_context():
            db.session.remove()
            db.engine.dispose()


def test_a_change_made_by_another_worker_shows_at_once(worker_apps):
    first, second = worker_apps
    with first.app_context():
        owner = accounts.create_account("worker-owner", "owner-password")
        league_id = standings_league.build(owner).id
        owner_id = owner.id
        db.session.remove()
    client = first.test_client()
    with client.session_transaction() as session:
        session["account_id"] = owner_id
    league = type("L", (), {"id": league_id})
    assert row_of(client, league, "Gus")[1] == "Gus"
    assert row_of(client, league, "Dan", "s1")[4] == "55.0"

    with second.app_context():
        gus = db.session.scalar(select(Player).where(Player.name == "Gus"))
        leagues.rename_player(gus, "Gustav")
        first_game = games.load_game(db.session.scalar(select(Game.id).where(Game.number == 1)))
        hands.correct_hand(
            first_game.hands[0],
            [out(), tally(high=1), tally(high=2), tally(high=1)],
            stock_ran_out=False,
            confirmed=True,
            made_by="Dan",
            reason="A ten, not a five",
            agreed=True,
        )
        db.session.commit()
        db.session.remove()

    assert row_of(client, league, "Gustav")[1] == "Gustav"
    assert row_of(client, league, "Dan", "s1")[4] == "60.0"
