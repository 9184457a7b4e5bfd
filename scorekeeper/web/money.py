"""Pennies and ratings with the numbers of the page's language."""

from __future__ import annotations

from fractions import Fraction

from flask_babel import format_decimal

from scorekeeper.rules import settlement
from scorekeeper.rules.rating import move_written


def pennies(amount: Fraction | int) -> str:
    """An amount of pennies as the page's language writes it: "1,200", "1.200", "6 2/3"."""
    return settlement.pennies(amount, format_decimal)


def rating(value: int) -> str:
    """A rating as the page's language writes a whole number, ungrouped: "1204"."""
    return format_decimal(value, "0")


def rating_move(move: int) -> str:
    """How far a rating moved, signed: "+12", "−3"."""
    return move_written(move, rating)
