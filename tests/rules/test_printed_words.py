"""The words of the pure modules beside the rules that a sheet or a page shows: paper sizes
and time zones, in the language the rules speak."""

from __future__ import annotations

import pytest

from scorekeeper import zones
from scorekeeper.paper import PAPERS
from scorekeeper.rules.language import ENGLISH, _, speaking
from tests.rules.test_language import catalog


def spoken(language: str):
    """The rules speaking `language`: English has no catalog, it is the code's own."""
    return speaking(ENGLISH if language == "en" else catalog(language))


# fmt: off
@pytest.mark.parametrize(
    ("language", "zone",                             "label"),
    [
        # A place filed under two areas names its area, in the language spoken.
        ("en",      "Europe/Istanbul",                "Istanbul (Europe)"),
        ("es",      "Europe/Istanbul",                "Istanbul (Europa)"),
        ("de",      "Asia/Istanbul",                  "Istanbul (Asien)"),
        # Places keep the names the zones' database gives them.
        ("es",      "America/Argentina/Buenos_Aires", "Argentina / Buenos Aires"),
        ("de",      "America/Santiago",               "Santiago"),
    ],
    ids=["en-two-areas", "es-two-areas", "de-two-areas", "es-place", "de-place"],
)
# fmt: on
def test_a_zone_s_label_names_its_area_in_the_language_spoken(language, zone, label):
    with spoken(language):
        assert zones.zone_label(zone) == label


# fmt: off
@pytest.mark.parametrize(
    ("language", "area",       "label"),
    [
        ("en",      "Indian",   "Indian"),
        ("es",      "Indian",   "Índico"),
        ("de",      "Indian",   "Indischer Ozean"),
        ("es",      "America",  "América"),
        ("de",      "Pacific",  "Pazifik"),
        ("de",      "Etc",      "Etc"),        # no area of a place's zone: as it is
    ],
    ids=["en", "es", "de", "es-america", "de-pacific", "not-an-area"],
)
# fmt: on
def test_an_area_in_the_language_spoken(language, area, label):
    with spoken(language):
        assert zones.area_label(area) == label


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
