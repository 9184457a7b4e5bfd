"""The paper the sheets are printed on: the one home of its names and sizes."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.language import N_


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size: its name (kept in a league, given to WeasyPrint as the page's size, and
    shown on a sheet's buttons), its key in a URL (`?paper=a4`), and the words a list shows for
    it. Names and words are English here, translated where they are shown: `_(paper.label)`."""

    name: str
    key: str
    label: str


PAPERS: tuple[Paper, ...] = (
    Paper("A4", "a4", "A4"),
    Paper(N_("Letter"), "letter", N_("US Letter")),
)
DEFAULT_PAPER = PAPERS[0].name
PAPER_NAMES: tuple[str, ...] = tuple(paper.name for paper in PAPERS)
