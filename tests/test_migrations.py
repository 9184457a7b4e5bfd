"""The migrations: head is exactly the models' schema, and they go down to base again."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from scorekeeper.extensions import db


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
