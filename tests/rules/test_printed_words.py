"""The words of the pure modules beside the rules that a sheet or a page shows: paper sizes,
in the language the rules speak."""

from __future__ import annotations

import pytest

from scorekeeper.paper import PAPERS
from scorekeeper.rules.language import ENGLISH, _, speaking
from tests.rules.test_language import catalog


def spoken(language: str):
    """The rules speaking `language`: English has no catalog, it is the code's own."""
    return speaking(ENGLISH if language == "en" else catalog(language))


# fmt: off
@pytest.mark.parametrize(
    ("language", "shown"),
    [
        ("en",      {"A4": ("A4", "A4"), "Letter": ("Letter", "US Letter")}),
        ("es",      {"A4": ("A4", "A4"), "Letter": ("Carta", "Carta (EE. UU.)")}),
        ("de",      {"A4": ("A4", "A4"), "Letter": ("US-Letter", "US-Letter")}),
    ],
    ids=["en", "es", "de"],
)
# fmt: on
def test_a_paper_is_shown_in_the_language_spoken_and_kept_by_its_name(language, shown):
    with spoken(language):
        assert {paper.name: (_(paper.name), _(paper.label)) for paper in PAPERS} == shown
