"""The command-line commands: `db upgrade` and `demo`, each safe to run twice."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import func, inspect, select

from scorekeeper.commands.demo import DEMO_NAME, DEMO_OWNER, DEMO_PASSWORD, DEMO_PLAYERS
from scorekeeper.extensions import db
from scorekeeper.models import Game, GameStatus, Hand, HandState, League, Player
from scorekeeper.play.games import load_game


def invoke(app: Flask, *command: str):
    result = app.test_cli_runner().invoke(args=list(command))
    assert result.exception is None, result.output
    assert result.exit_code == 0, result.output
    return result


def tables() -> set[str]:
    return set(inspect(db.engine).get_table_names())


def test_db_upgrade_creates_the_schema_and_is_safe_twice(file_app):
    invoke(file_app, "db", "upgrade")
    created = tables()
    invoke(file_app, "db", "upgrade")

    assert set(db.metadata.tables) | {"alembic_version"} == created
    assert tables() == created


def test_db_upgrade_keeps_the_data_already_there(file_app):
    invoke(file_app, "demo")
    invoke(file_app, "db", "upgrade")
    assert db.session.scalar(select(func.count()).select_from(League)) == 1


def test_demo_twice_gives_one_demo_league(file_app):
    first = invoke(file_app, "demo")
    second = invoke(file_app, "demo")

    assert f"Created the demo league “{DEMO_NAME}”." in first.output
    assert f"The demo league “{DEMO_NAME}” is already here." in second.output
    [league] = db.session.scalars(select(League)).all()
    assert league.name == DEMO_NAME
    names = db.session.scalars(select(Player.name).filter_by(league_id=league.id))
    assert sorted(names) == sorted(DEMO_PLAYERS)
    games = db.session.scalars(select(Game).order_by(Game.id)).all()
    assert [g.status for g in games] == [GameStatus.FINISHED, GameStatus.PLAYING]
    finished, in_progress = [load_game(g.id) for g in games]
    assert [(h.number, h.state) for h in finished.hands] == [
        (n, HandState.SCORED) for n in range(1, 8)
    ]
    assert len(in_progress.seats) == len(DEMO_PLAYERS)
    states = [(h.number, h.state) for h in in_progress.hands]
    assert states == [(1, HandState.SCORED), (2, HandState.SCORED), (3, HandState.SCORED),
                      (4, HandState.PLAYING)]  # fmt: skip
    scored = db.session.scalar(
        select(func.count()).select_from(Hand).filter_by(state=HandState.SCORED)
    )
    assert scored == 10


def test_demo_game_pages_open_to_the_documented_demo_owner(file_app):
    invoke(file_app, "demo")
    client = file_app.test_client()
    file_app.config["WTF_CSRF_ENABLED"] = False
    signed_in = client.post("/login", data={"username": DEMO_OWNER, "password": DEMO_PASSWORD})
    assert signed_in.status_code == 302
    league_id = db.session.scalar(select(League.id))
    game_ids = list(db.session.scalars(select(Game.id).order_by(Game.id)))
    assert DEMO_NAME in client.get(f"/leagues/{league_id}").get_data(as_text=True)
    for game_id in game_ids:
        assert client.get(f"/games/{game_id}").status_code == 200
        assert client.get(f"/games/{game_id}/sheet").status_code == 200


def test_runner_fixture_lists_the_commands(runner):
    result = runner.invoke(args=["--help"])
    assert "db" in result.output.split()
    assert "demo" in result.output.split()


def test_import_without_an_owner_is_refused_and_imports_nothing(runner, make_league):
    file = runner.invoke(args=["export", make_league("The Parkers").name]).stdout
    file = file.replace("The Parkers", "The Parkers again")

    refused = runner.invoke(args=["import", "-"], input=file)

    assert refused.exit_code != 0
    assert "--owner" in refused.output
    assert db.session.scalar(select(func.count()).select_from(League)) == 1
    owned = runner.invoke(args=["import", "-", "--owner", "owner"], input=file)
    assert owned.exit_code == 0, owned.output
    league = db.session.scalar(select(League).filter_by(name="The Parkers again"))
    assert league is not None and league.owner.username == "owner"
