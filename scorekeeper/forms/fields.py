"""Filters shared by the forms."""

import re

_SPACES = re.compile(r"\s+")
# Control characters (NUL among them) have no place in a name or a reason, and PostgreSQL
# refuses NUL in text outright. The forms drop them; a league file holding them is refused.
CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def strip_whitespace(value: str | None) -> str | None:
    """Trim a text input, drop control characters and fold runs of spaces ("Ann Lee")."""
    if value is None:
        return None
    return _SPACES.sub(" ", CONTROL_CHARACTERS.sub("", value)).strip()
