"""The floors: the least a page and a PDF cost on this machine, in this run.

A tiny Flask app of its own: `/rows` renders 42 rows read from SQLite through SQLAlchemy in a
Jinja template; `/pdf-table` makes a plain table of 8 columns and 7 rows, in the printed
sheets' fonts, into a PDF with WeasyPrint (what a finished scoresheet's grid is at least).
"""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import weasyprint
from flask import Flask, Response, render_template
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import Date, String, select
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ROWS = 42
START = date(2025, 1, 1)
# The fonts static/print.css gives the printed sheets.
FONTS = '"DejaVu Sans", "Liberation Sans", "Noto Sans", Arial, Helvetica, sans-serif'
HEAD = "".join(f"<th>Player {n}</th>" for n in range(1, 9))
BODY = "".join(
    "<tr>" + "".join(f"<td>{(r * 31 + c * 17) % 120}</td>" for c in range(8)) + "</tr>"
    for r in range(1, 8)
)
TABLE_PAGE = (
    "<!doctype html><html lang='en'><head><meta charset='utf-8'><style>"
    f"@page {{ size: A4; margin: 12mm; }} body {{ font-family: {FONTS}; }}"
    "table { border-collapse: collapse; width: 100%; }"
    "th, td { border: 1px solid #000; padding: 2mm; text-align: right; }"
    "</style></head><body><h1>Scoresheet</h1>"
    f"<table><thead><tr>{HEAD}</tr></thead><tbody>{BODY}</tbody></table></body></html>"
)


class Base(DeclarativeBase):
    """The floor's declarative base."""


floor_db = SQLAlchemy(model_class=Base)


class Row(floor_db.Model):
    """A row of the 42-row page."""

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(40))
    played_on: Mapped[date] = mapped_column(Date)
    score: Mapped[int]


def create_floor_app(database: Path) -> Flask:
    """The floor app on a new SQLite file holding its 42 rows."""
    app = Flask(__name__)
    app.config["SQLALCHEMY_DATABASE_URI"] = f"sqlite:///{database}"
    floor_db.init_app(app)
    with app.app_context():
        floor_db.create_all()
        floor_db.session.add_all(
            Row(id=n, name=f"Player {n}", played_on=START + timedelta(days=n), score=n * 37 % 250)
            for n in range(1, ROWS + 1)
        )
        floor_db.session.commit()

    @app.get("/rows")
    def rows() -> str:
        """42 rows from SQLite through SQLAlchemy into a Jinja template."""
        found = floor_db.session.scalars(select(Row).order_by(Row.id)).all()
        return render_template("rows.html", rows=found)

    @app.get("/pdf-table")
    def pdf_table() -> Response:
        """A plain 8x7 table in the sheets' fonts, as a one-page PDF."""
        return Response(weasyprint.HTML(string=TABLE_PAGE).write_pdf(), mimetype="application/pdf")

    return app
