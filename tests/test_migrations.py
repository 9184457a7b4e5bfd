"""The migrations: head is exactly the models' schema, and they go down to base again."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask import Flask
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from scorekeeper import create_app
from scorekeeper.extensions import db


@pytest.fixture
def file_app(tmp_path) -> Iterator[Flask]:
    """An app on a fresh SQLite file, inside its app context."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'x.db'}",
        },
        instance_path=tmp_path,
    )
    with app.app_context():
        yield app
        db.engine.dispose()


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
