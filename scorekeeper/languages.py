"""The languages the app speaks: the one home of their codes and of the names shown for them."""

from __future__ import annotations

# Each language named in its own words, so a reader finds theirs whatever the page speaks.
LANGUAGES: dict[str, str] = {"en": "English", "es": "Español", "de": "Deutsch"}
DEFAULT_LANGUAGE = "en"
# The longest code kept in an account or a league (its column's size).
LONGEST_CODE = 8


def known_language(code: str | None) -> str | None:
    """`code` when the app speaks it, else None (a cookie or a form may send anything)."""
    return code if code in LANGUAGES else None
