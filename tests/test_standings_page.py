"""The standings page stays the same for users: its content is pinned, byte for byte, for a
league with seasons of its own, discarded games, pennies, posted scores and players below
the minimum of games (the pinned copies were taken from the page before it was made faster).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
import standings_league

GOLDEN = Path(__file__).parent / "golden"
PAGES = {"spring": "s1", "winter": "s2", "all": "all"}


def main_of(page: str) -> str:
    """The page's <main> element, where the standings are (the top bar is not theirs)."""
    return re.search(r"<main\b.*?</main>", page, re.S).group(0)


@pytest.fixture
def pinned(owner):
    return standings_league.build(owner)


@pytest.mark.parametrize("name", list(PAGES))
def test_the_standings_page_is_what_it_was(client, pinned, name):
    response = client.get(f"/leagues/{pinned.id}/standings?season={PAGES[name]}")
    assert response.status_code == 200
    found = main_of(response.get_data(as_text=True))
    path = GOLDEN / f"standings_{name}.html"
    if os.environ.get("PIN_STANDINGS"):  # writes the pinned copy (done once, before a change)
        path.write_text(found)
    assert found == path.read_text()
