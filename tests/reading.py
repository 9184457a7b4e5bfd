"""Reading a rendered page as a user would: its text, form values, and the totals list."""

from __future__ import annotations

import html
import re


def page(response) -> str:
    """The page's text as a reader sees it (entities such as &#39; turned back into text)."""
    return html.unescape(response.get_data(as_text=True))


def input_value(response, name: str) -> str:
    """The value an input of the rendered form holds."""
    tag = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', page(response)).group(0)
    return re.search(r'value="([^"]*)"', tag).group(1)


def is_checked(response, name: str) -> bool:
    """Whether a checkbox of the rendered form is ticked."""
    tag = re.search(rf'<input[^>]*\bname="{name}"[^>]*>', page(response)).group(0)
    return re.search(r"\bchecked\b", tag) is not None


def totals(response) -> list[tuple[str, str, str]]:
    """(place, name, total) of each row of the table screen's totals, top to bottom."""
    listing = re.search(r'data-testid="totals">(.*?)</ol>', page(response), re.S).group(1)
    rows = []
    for item in re.findall(r"<li.*?</li>", listing, re.S):
        place = re.search(r'class="place num">([^<]*)<', item).group(1)
        name = re.search(r'class="name">([^<]*)', item).group(1).strip()
        total = re.search(r'class="total num">([^<]*)<', item).group(1)
        rows.append((place, name, total))
    return rows
