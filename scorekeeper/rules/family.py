"""The cells a rule text lost, which the family sets before a game can be played."""

from __future__ import annotations

import re
from typing import NamedTuple

from scorekeeper.rules.dealing import ruleset_name
from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.settlement import payouts_for

_HAND_CELL = re.compile(r"hands\[(\d+)\]\.(\w+)")
CELL_WORDS = {
    "melds": N_("the contract"),
    "cards_dealt": N_("the cards dealt"),
    "may_i_limit": N_("the buy limit"),
    "blind_cards": N_("the blind cards per buy"),
}
_OTHER_CELLS = {
    "prices": N_("What each card costs left in hand"),
    "settlement.schedule": N_("The payments by place at the end"),
}
# The cells of a hand a rule text may leave to the family, as the editor shows them.
HAND_CELLS = tuple(CELL_WORDS)
# How many cells a refusal to start names before it counts the rest.
NAMED_GAPS = 6


class Gap(NamedTuple):
    """One cell the family has still to set: its path, where it is, and what it is (in the
    language spoken), and the hand it belongs to (None for a cell of the whole rule set)."""

    path: str
    place: str
    cell: str
    hand: int | None = None


def gap(path: str) -> Gap:
    """A cell left to the family, as a Gap: "hands[2].melds" is Hand 3, the contract."""
    cell = _HAND_CELL.fullmatch(path)
    if cell:
        number = int(cell[1]) + 1
        words = _(CELL_WORDS[cell[2]]) if cell[2] in CELL_WORDS else cell[2]
        return Gap(path, _("Hand %(number)s") % {"number": number}, words, number)
    return Gap(path, _(_OTHER_CELLS[path]) if path in _OTHER_CELLS else path, "")


def gap_words(path: str) -> str:
    """A cell left to the family, in words: "Hand 3: the contract"."""
    found = gap(path)
    if not found.cell:
        return found.place
    return _("%(place)s: %(cell)s") % {"place": found.place, "cell": found.cell}


def family_gaps(rs: RuleSet) -> tuple[Gap, ...]:
    """Every cell still left to the family, hand by hand in the editor's order."""

    def order(path: str) -> tuple[int, int, str]:
        cell = _HAND_CELL.fullmatch(path)
        if cell is None:
            return (len(rs.hands), 0, path)
        kind = HAND_CELLS.index(cell[2]) if cell[2] in HAND_CELLS else len(HAND_CELLS)
        return (int(cell[1]), kind, path)

    return tuple(gap(path) for path in sorted(rs.unset, key=order))


def start_refusal(rs: RuleSet, players: int) -> str | None:
    """Why a game of `players` cannot start under this rule set yet, or None when it can."""
    if rs.unset:
        gaps = family_gaps(rs)
        cells = "; ".join(gap_words(g.path) for g in gaps[:NAMED_GAPS])
        more = len(gaps) - NAMED_GAPS
        if more > 0:
            words = ngettext(
                "%(rules)s still has cells for your family to set before a game: %(cells)s "
                "and %(count)s more. Fill them in on the rules' page, then start.",
                "%(rules)s still has cells for your family to set before a game: %(cells)s "
                "and %(count)s more. Fill them in on the rules' page, then start.",
                more,
            )
        else:
            words = _(
                "%(rules)s still has cells for your family to set before a game: %(cells)s. "
                "Fill them in on the rules' page, then start."
            )
        return words % {"rules": ruleset_name(rs), "cells": cells, "count": more}
    if rs.settlement is not None and payouts_for(rs.settlement, players) is None:
        words = _(
            "%(rules)s is played for pennies, but its payments have no row for %(count)s "
            "players: add one to the rules first."
        )
        return words % {"rules": ruleset_name(rs), "count": players}
    return None
