"""Filters shared by the forms."""

import re

_SPACES = re.compile(r"\s+")


def strip_whitespace(value: str | None) -> str | None:
    """Trim a text input and fold runs of spaces, so "  Ann  Lee " is "Ann Lee"."""
    if value is None:
        return None
    return _SPACES.sub(" ", value).strip()
