"""The floors: what the least page of each kind costs on this machine, in this run.

A separate little Flask app, served the same ways as Scorekeeper (test client in process,
gunicorn over HTTP: `gunicorn 'bench.floors:create_floor_app()'` with BENCH_FLOOR_DB set):

- `/ok`: a bare route answering "ok";
- `/rows`: a Jinja page of 42 rows read with SQLAlchemy from its own SQLite file;
- `/pdf`: one short paragraph made into a PDF by WeasyPrint.
"""

from __future__ import annotations

import os
from datetime import date, timedelta
from pathlib import Path

import weasyprint
from flask import Flask, Response, render_template
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Date, String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

FLOOR_DB_ENV = "BENCH_FLOOR_DB"
ROW_COUNT = 42
TRIVIAL_PAGE = "<!doctype html><html lang='en'><body><p>The trivial floor page.</p></body></html>"


class FloorBase(DeclarativeBase):
    """Declarative base of the floor's one table."""


floor_db = SQLAlchemy(model_class=FloorBase)


class FloorRow(floor_db.Model):
    """A row of the 42-row floor page."""

    __tablename__ = "floor_row"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    played_on: Mapped[date] = mapped_column(Date)
    score: Mapped[int]


def create_floor_app(database: str | os.PathLike[str] | None = None) -> Flask:
    """The floor app on the SQLite file `database` (by default $BENCH_FLOOR_DB)."""
    path = Path(database or os.environ[FLOOR_DB_ENV])
    app = Flask(__name__, template_folder="templates")
    app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{path}"
    floor_db.init_app(app)

    @app.get("/ok")
    def ok() -> Response:
        """The bare floor: a route and nothing else."""
        return Response("ok", mimetype="text/plain")

    @app.get("/rows")
    def rows() -> str:
        """The page floor: 42 rows from SQLite through SQLAlchemy into a Jinja template."""
        found = floor_db.session.scalars(select(FloorRow).order_by(FloorRow.id)).all()
        return render_template("rows.html", rows=found)

    @app.get("/pdf")
    def pdf() -> Response:
        """The PDF floor: WeasyPrint's least work, one paragraph on one page."""
        document = weasyprint.HTML(string=TRIVIAL_PAGE)
        return Response(document.write_pdf(), mimetype="application/pdf")

    return app


def seed_floor(app: Flask) -> None:
    """Create the floor's table with its 42 rows."""
    with app.app_context():
        floor_db.create_all()
        start = date(2025, 1, 1)
        floor_db.session.add_all(
            FloorRow(
                id=n,
                name=f"Player {n}",
                played_on=start + timedelta(days=n),
                score=(n * 37) % 250,
            )
            for n in range(1, ROW_COUNT + 1)
        )
        floor_db.session.commit()
        floor_db.engine.dispose()
