"""Amounts of pennies with the numbers of the page's language."""

from __future__ import annotations

from fractions import Fraction

from flask_babel import format_decimal

from scorekeeper.rules import settlement


def pennies(amount: Fraction | int) -> str:
    """An amount of pennies as the page's language writes it: "1,200", "1.200", "6 2/3"."""
    return settlement.pennies(amount, format_decimal)
