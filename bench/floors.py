"""The floors: what the least page of each kind costs on this machine, in this run.

A separate little Flask app, served the same ways as Scorekeeper (test client in process,
gunicorn over HTTP: `gunicorn 'bench.floors:create_floor_app()'` with BENCH_FLOOR_DB set):

- `/ok`: a bare route answering "ok";
- `/rows`: a Jinja page of 42 rows read with SQLAlchemy from its own SQLite file;
- `/pdf`: one short paragraph made into a PDF by WeasyPrint;
- `/pdf-table`: a plain table of 8 columns and 7 rows on A4, in the printed sheets' fonts,
  made into a PDF by WeasyPrint: what a completed scoresheet's grid is at least.
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
# The same fonts as static/print.css gives the printed sheets.
SHEET_FONTS = '"DejaVu Sans", "Liberation Sans", "Noto Sans", Arial, Helvetica, sans-serif'
TABLE_COLUMNS, TABLE_ROWS = 8, 7


def table_page() -> str:
    """A plain 8x7 table: a header row of names, then seven rows of numbers."""
    head = "".join(f"<th>Player {n}</th>" for n in range(1, TABLE_COLUMNS + 1))
    rows = "".join(
        "<tr>"
        + "".join(f"<td>{(r * 31 + c * 17) % 120}</td>" for c in range(TABLE_COLUMNS))
        + "</tr>"
        for r in range(1, TABLE_ROWS + 1)
    )
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'><style>"
        f"@page {{ size: A4 portrait; margin: 12mm; }} body {{ font-family: {SHEET_FONTS}; }}"
        "table { border-collapse: collapse; width: 100%; }"
        "th, td { border: 1px solid #000; padding: 2mm; text-align: right; }"
        "</style></head><body><h1>Scoresheet</h1>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table></body></html>"
    )


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

    @app.get("/pdf-table")
    def pdf_table() -> Response:
        """The table PDF floor: a plain 8x7 table in the sheets' fonts, on one A4 page."""
        document = weasyprint.HTML(string=table_page())
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
