"""The cells a rule text lost, which the family sets before a game can be played."""

from __future__ import annotations

import re
from typing import NamedTuple

from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.settlement import payouts_for

_HAND_CELL = re.compile(r"hands\[(\d+)\]\.(\w+)")
CELL_WORDS = {
    "melds": "the contract",
    "cards_dealt": "the cards dealt",
    "may_i_limit": "the buy limit",
    "blind_cards": "the blind cards per buy",
}
_OTHER_CELLS = {
    "prices": "What each card costs left in hand",
    "settlement.schedule": "The payments by place at the end",
}
# The cells of a hand a rule text may leave to the family, as the editor shows them.
HAND_CELLS = tuple(CELL_WORDS)


class Gap(NamedTuple):
    """One cell the family has still to set: its path, where it is, and what it is."""

    path: str
    place: str
    cell: str


def gap(path: str) -> Gap:
    """A cell left to the family, as a Gap: "hands[2].melds" is Hand 3, the contract."""
    cell = _HAND_CELL.fullmatch(path)
    if cell:
        return Gap(path, f"Hand {int(cell[1]) + 1}", CELL_WORDS.get(cell[2], cell[2]))
    return Gap(path, _OTHER_CELLS.get(path, path), "")


def gap_words(path: str) -> str:
    """A cell left to the family, in words: "Hand 3: the contract"."""
    place, cell = gap(path)[1:]
    return f"{place}: {cell}" if cell else place


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
        cells = "; ".join(gap_words(g.path) for g in gaps[:6])
        more = f" and {len(gaps) - 6} more" if len(gaps) > 6 else ""
        return (
            f"{rs.name} still has cells for your family to set before a game: {cells}{more}. "
            "Fill them in on the rules' page, then start."
        )
    if rs.settlement is not None and payouts_for(rs.settlement, players) is None:
        return (
            f"{rs.name} is played for pennies, but its payments have no row for {players} "
            "players: add one to the rules first."
        )
    return None
