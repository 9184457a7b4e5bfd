"""The migrations: head is exactly the models' schema, and they go down to base again."""

from __future__ import annotations

import json

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.play import games


def differences() -> list:
    with db.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "render_as_batch": True}
        )
        return compare_metadata(context, db.metadata)


def test_upgrade_to_head_gives_exactly_the_models_schema(file_app):
    assert differences()  # an empty file lacks every table: the comparison sees that

    upgrade()

    assert differences() == []
    assert set(inspect(db.engine).get_table_names()) == set(db.metadata.tables) | {
        "alembic_version"
    }


def test_downgrade_to_base_removes_every_table_and_upgrade_works_again(file_app):
    upgrade()

    downgrade(revision="base")

    assert set(inspect(db.engine).get_table_names()) == {"alembic_version"}
    upgrade()
    assert differences() == []


def test_cards_short_keep_their_counts_and_history_through_the_rename(file_app):
    upgrade(revision="6b6c56b23932")  # the schema that called them missing_cards
    report = {"went_out": False, "missing_cards": 2, "score": 30}
    with db.engine.begin() as connection:
        connection.execute(text("PRAGMA foreign_keys=OFF"))  # the rows alone, no game around
        connection.execute(
            text(
                "INSERT INTO hand_score (id, hand_id, seat_id, missing_cards, penalty,"
                " penalty_reason, went_out, no_score, posted) VALUES (1, 1, 1, 2, 0, '', 0, 0, 0)"
            )
        )
        connection.execute(
            text(
                "INSERT INTO correction (id, hand_id, made_at, made_by, reason, old, new)"
                " VALUES (1, 1, '2026-01-01', 'Ann', '', :old, :new)"
            ),
            {"old": json.dumps({"players": {"Ann": report}}), "new": json.dumps({"players": {}})},
        )

    upgrade()

    with db.engine.connect() as connection:
        assert connection.scalar(text("SELECT short_cards FROM hand_score")) == 2
        old = json.loads(connection.scalar(text("SELECT old FROM correction")))
    assert old["players"]["Ann"] == {"went_out": False, "short_cards": 2, "score": 30}

    downgrade(revision="6b6c56b23932")
    with db.engine.connect() as connection:
        assert connection.scalar(text("SELECT missing_cards FROM hand_score")) == 2
        old = json.loads(connection.scalar(text("SELECT old FROM correction")))
    assert old["players"]["Ann"] == report


def test_games_ended_before_the_unplayed_state_leave_their_hand_in_play_unplayed(file_app):
    # The rows are made with today's models, then the schema goes back to the revision in
    # which ended games kept their hand in play as "playing" (the models may have columns
    # that revision lacks).
    upgrade()
    owner = accounts.create_account("kim", "a long enough passphrase")
    league = leagues.create_league("The Smiths", "continental", owner)
    seated = [leagues.add_player(league, name) for name in ("Ann", "Bob", "Cat", "Dan")]
    ended, going_on = (games.start_game(league, league.rulesets[0], seated, 0) for _ in range(2))
    db.session.commit()
    ended_id, going_on_id = ended.id, going_on.id
    db.session.remove()
    downgrade(revision="ebd3e44564ac")
    with db.engine.begin() as connection:
        connection.execute(
            text("UPDATE game SET status = 'INCOMPLETE' WHERE id = :id"), {"id": ended_id}
        )

    def hand_of(game_id: int) -> tuple[str, str]:
        with db.engine.connect() as connection:
            return tuple(
                connection.execute(
                    text("SELECT state, note FROM hand WHERE game_id = :id"), {"id": game_id}
                ).one()
            )

    upgrade()

    assert hand_of(ended_id) == ("UNPLAYED", "Not played: the game ended.")
    assert hand_of(going_on_id) == ("PLAYING", "")
    downgrade(revision="ebd3e44564ac")
    assert hand_of(ended_id) == hand_of(going_on_id) == ("PLAYING", "")


def test_leagues_made_before_time_zones_keep_showing_utc(file_app):
    upgrade(revision="5d1f3a7c9e20")  # the schema before a league had a time zone
    with db.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO league (id, name, ranking, place_points, min_games, paper_size,"
                " standings_stamp, created_at, updated_at)"
                " VALUES (1, 'The Smiths', 'average', '[5, 3, 1]', 0, 'A4', 0,"
                " '2026-01-01', '2026-01-01')"
            )
        )

    upgrade()

    with db.engine.connect() as connection:
        assert connection.scalar(text("SELECT time_zone FROM league")) == "UTC"
    downgrade(revision="5d1f3a7c9e20")
    assert "time_zone" not in {c["name"] for c in inspect(db.engine).get_columns("league")}


def test_receipts_are_kept_under_a_key_unique_within_a_game_and_go_with_it(file_app):
    upgrade()
    owner = accounts.create_account("kim", "a long enough passphrase")
    league = leagues.create_league("The Smiths", "continental", owner)
    seated = [leagues.add_player(league, name) for name in ("Ann", "Bob", "Cat", "Dan")]
    game_id = games.start_game(league, league.rulesets[0], seated, 0).id
    db.session.commit()
    db.session.remove()
    downgrade(revision="a3c81f5e2d47")  # the schema before receipts
    assert "action_receipt" not in inspect(db.engine).get_table_names()

    upgrade()

    receipt = (
        "INSERT INTO action_receipt (game_id, key, status, location, flashes, made_at)"
        " VALUES (:game, :key, 302, '/games/1', '[]', '2026-11-26')"
    )
    with db.engine.begin() as connection:
        connection.execute(text(receipt), {"game": game_id, "key": "kitchen-table-key"})
        connection.execute(text(receipt), {"game": game_id, "key": "another-table-key"})
    with pytest.raises(IntegrityError), db.engine.begin() as connection:
        connection.execute(text(receipt), {"game": game_id, "key": "kitchen-table-key"})
    with db.engine.begin() as connection:
        connection.execute(text("DELETE FROM game WHERE id = :id"), {"id": game_id})
        assert connection.scalar(text("SELECT count(*) FROM action_receipt")) == 0


def test_proposed_corrections_are_kept_per_hand_and_go_with_their_game(file_app):
    upgrade()
    owner = accounts.create_account("kim", "a long enough passphrase")
    league = leagues.create_league("The Smiths", "continental", owner)
    seated = [leagues.add_player(league, name) for name in ("Ann", "Bob", "Cat", "Dan")]
    game = games.start_game(league, league.rulesets[0], seated, 0)
    db.session.commit()
    game_id = game.id
    db.session.remove()
    with db.engine.connect() as connection:
        hand_id = connection.scalar(
            text("SELECT id FROM hand WHERE game_id = :id"), {"id": game_id}
        )
    downgrade(revision="f2b7c4e91a06")  # the schema before proposed corrections
    assert "proposed_correction" not in inspect(db.engine).get_table_names()

    upgrade()

    report = json.dumps({"stock_ran_out": False, "entries": [{"went_out": True}]})
    with db.engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO proposed_correction (game_id, hand_id, report, sent_by, sent_at,"
                " state, decided_by, version) VALUES (:game, :hand, :report, 'kim',"
                " '2026-11-26', 'WAITING', '', 1)"
            ),
            {"game": game_id, "hand": hand_id, "report": report},
        )
    with db.engine.connect() as connection:
        assert connection.scalar(text("SELECT state FROM proposed_correction")) == "WAITING"
    with db.engine.begin() as connection:
        connection.execute(text("DELETE FROM game WHERE id = :id"), {"id": game_id})
        assert connection.scalar(text("SELECT count(*) FROM proposed_correction")) == 0
