"""The paper the sheets are printed on: the one home of its names and sizes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size: its name (kept in a league, given to WeasyPrint), its key in a URL
    (`?paper=a4`), the words shown for it, and its portrait size in PDF points (1/72 inch)."""

    name: str
    key: str
    label: str
    points: tuple[int, int]


PAPERS: tuple[Paper, ...] = (
    Paper("A4", "a4", "A4", (595, 842)),
    Paper("Letter", "letter", "US Letter", (612, 792)),
)
DEFAULT_PAPER = PAPERS[0].name
PAPER_NAMES: tuple[str, ...] = tuple(paper.name for paper in PAPERS)
