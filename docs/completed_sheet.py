"""Draw docs/completed-sheet.png: the demo league's finished game as its printed scoresheet.

Run from the project folder (needs pdftoppm, from poppler-utils):

    .venv/bin/python docs/completed_sheet.py

The demo league is made in a throwaway in-memory database; nothing of yours is touched.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

from scorekeeper import create_app
from scorekeeper.commands import demo
from scorekeeper.extensions import db
from scorekeeper.models import GameStatus
from scorekeeper.play import games
from scorekeeper.views import sheets

PICTURE = Path(__file__).with_name("completed-sheet.png")
RESOLUTION = 96  # dots per inch: an A4 page comes out 794 x 1123 pixels


def demo_sheet_pdf() -> bytes:
    """The completed scoresheet of the demo league's finished game, as PDF."""
    with tempfile.TemporaryDirectory() as instance:
        app = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "docs",
                "SQLALCHEMY_DATABASE_URI": "sqlite://",
                "SERVER_NAME": "localhost",
            },
            instance_path=instance,
        )
        with app.app_context():
            db.create_all()
            league, _ = demo.ensure_demo_league()
            db.session.commit()
            finished = next(g for g in league.games if g.status == GameStatus.FINISHED)
            with app.test_request_context():
                game = games.load_game(finished.id)
                assert game is not None
                return sheets.game_printout(game, filled=True).pdf_bytes()


def write_picture(pdf: bytes, picture: Path, resolution: int = RESOLUTION) -> None:
    """Turn the PDF's first page into a PNG with pdftoppm."""
    with tempfile.TemporaryDirectory() as work:
        source = Path(work) / "sheet.pdf"
        source.write_bytes(pdf)
        stem = Path(work) / "page"
        subprocess.run(
            ["pdftoppm", "-png", "-r", str(resolution), "-f", "1", "-l", "1", "-singlefile"]
            + [str(source), str(stem)],
            check=True,
        )
        picture.write_bytes(stem.with_suffix(".png").read_bytes())


def main() -> None:
    """Draw the picture into docs/, or into the path given as the first argument."""
    picture = Path(sys.argv[1]) if len(sys.argv) > 1 else PICTURE
    write_picture(demo_sheet_pdf(), picture)
    print(f"Wrote {picture}")


if __name__ == "__main__":
    main()
