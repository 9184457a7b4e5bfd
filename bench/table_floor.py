"""The floor of `make load`: a bare Flask app that answers the same phones with one query a
request, on the same gunicorn settings and the same PostgreSQL as the app.

Its tables are rows of a table of its own, `floor_game` (an id and a version), beside the
app's in the same database. The table screen, the hand form, the standings and the PDF each
read the game's version; a save moves it; the poll answers it with its ETag, and 304 when the
phone has it, as the app's poll does. Served by gunicorn as `bench.table_floor:create_app()`,
on the database DATABASE_URL names.
"""

from __future__ import annotations

import os

from flask import Flask, Response, jsonify, redirect, render_template_string, request, url_for
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import select, update
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from scorekeeper.config import normalise_database_url

SEATS = 4
TABLE = """<!doctype html><title>Table {{ id }}</title>
<div id="live" data-version-url="{{ url_for('version', game_id=id) }}" data-version="{{ version }}">
<p>Version {{ version }}</p>
<a href="{{ url_for('score', game_id=id) }}">Score hand</a>
<a href="{{ url_for('sheet', game_id=id) }}">Scoresheet PDF</a></div>"""
FORM = """<!doctype html><title>Hand</title>
<form method="post" action="{{ url_for('score', game_id=id) }}">
<input type="hidden" name="action_key" value="{{ version }}-floor-action-key">
<input type="hidden" name="version" value="{{ version }}">
{% for seat in range(seats) %}<input type="checkbox" name="p{{ seat }}_out" value="y">
<input name="p{{ seat }}_cards_low"><input name="p{{ seat }}_cards_high">{% endfor %}
<button>Save</button></form>"""
STANDINGS = "<!doctype html><title>Standings</title><p>League {{ id }}: {{ version }}</p>"
# The smallest PDF a reader opens: one empty page.
PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)


class Base(DeclarativeBase):
    """The floor's declarative base."""


floor_db = SQLAlchemy(model_class=Base)


class FloorGame(floor_db.Model):
    """A table's game: its version, which every request reads."""

    id: Mapped[int] = mapped_column(primary_key=True)
    version: Mapped[int] = mapped_column(default=1)


def version_of(game_id: int) -> int | None:
    """The one query of a request."""
    return floor_db.session.scalar(select(FloorGame.version).where(FloorGame.id == game_id))


def create_app(database: str | None = None) -> Flask:
    """The floor app on `database` (by default DATABASE_URL's)."""
    app = Flask(__name__)
    url = database or os.environ["DATABASE_URL"]
    app.config["SQLALCHEMY_DATABASE_URI"] = normalise_database_url(url)
    floor_db.init_app(app)

    @app.get("/games/<int:game_id>")
    def table(game_id: int) -> str:
        """The table screen: the version, the links to the hand form and the PDF."""
        return render_template_string(TABLE, id=game_id, version=version_of(game_id))

    @app.get("/games/<int:game_id>/version")
    def version(game_id: int) -> Response:
        """The version with its ETag; 304 when the phone has it."""
        found = version_of(game_id)
        response = jsonify(version=found)
        response.set_etag(f"v{found}")
        return response.make_conditional(request)

    @app.get("/games/<int:game_id>/score")
    def score(game_id: int) -> str:
        """The hand form."""
        return render_template_string(FORM, id=game_id, version=version_of(game_id), seats=SEATS)

    @app.post("/games/<int:game_id>/score")
    def save(game_id: int) -> Response:
        """A save: the version moves; back to the table screen."""
        floor_db.session.execute(
            update(FloorGame).where(FloorGame.id == game_id).values(version=FloorGame.version + 1)
        )
        floor_db.session.commit()
        return redirect(url_for("table", game_id=game_id))

    @app.get("/leagues/<int:game_id>/standings")
    def standings(game_id: int) -> str:
        """The standings page."""
        return render_template_string(STANDINGS, id=game_id, version=version_of(game_id))

    @app.get("/games/<int:game_id>/sheet.pdf")
    def sheet(game_id: int) -> Response:
        """The scoresheet PDF."""
        version_of(game_id)
        return Response(PDF, mimetype="application/pdf")

    return app


def prepare(database: str, tables: int) -> None:
    """Make the floor's table in `database`, with one game for each of `tables` tables."""
    app = create_app(database)
    with app.app_context():
        floor_db.create_all()
        floor_db.session.add_all(FloorGame(id=n, version=1) for n in range(1, tables + 1))
        floor_db.session.commit()
        floor_db.engine.dispose()


def plan(tables: int) -> list[dict[str, object]]:
    """The phones' plan for the floor: each table's screen and standings, no cookies."""
    return [
        {"table": f"/games/{n}", "standings": f"/leagues/{n}/standings", "phones": [{}] * SEATS}
        for n in range(1, tables + 1)
    ]
