"""The cells a rule text lost, which the family sets before a game can be played."""

from __future__ import annotations

import re

from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.settlement import payouts_for

_HAND_CELL = re.compile(r"hands\[(\d+)\]\.(\w+)")
CELL_WORDS = {
    "melds": "the contract",
    "cards_dealt": "the cards dealt",
    "may_i_limit": "the buy limit",
    "blind_cards": "the blind cards per buy",
}


def gap_words(path: str) -> str:
    """A cell left to the family, in words: "Hand 3: the contract"."""
    cell = _HAND_CELL.fullmatch(path)
    if cell:
        return f"Hand {int(cell[1]) + 1}: {CELL_WORDS.get(cell[2], cell[2])}"
    if path == "prices":
        return "What each card costs left in hand"
    if path == "settlement.schedule":
        return "The payments by place at the end"
    return path


def start_refusal(rs: RuleSet, players: int) -> str | None:
    """Why a game of `players` cannot start under this rule set yet, or None when it can."""
    if rs.unset:
        cells = "; ".join(gap_words(path) for path in rs.unset[:6])
        more = f" and {len(rs.unset) - 6} more" if len(rs.unset) > 6 else ""
        return (
            f"{rs.name} still has cells for your family to set before a game: {cells}{more}. "
            "Copy the rules into the league and fill them in."
        )
    if rs.settlement is not None and payouts_for(rs.settlement, players) is None:
        return (
            f"{rs.name} is played for pennies, but its payments have no row for {players} "
            "players: add one to the rules first."
        )
    return None
