"""Bonuses: points the rules give for a feat the table ticks in a hand (below zero they come
off a total), their ticks in a report's tally, and their lines in the house-rules editor."""

from __future__ import annotations

import re
from collections.abc import Mapping

from scorekeeper.rules.ruleset import Bonus, PriceGroup, RulesError, RuleSet

OUT_ONLY = "out only"
_LINE = re.compile(r"\s*(.+?)\s*:\s*([+-]?\d{1,4})\s*(?:,\s*(out only)\s*)?", re.IGNORECASE)


def bonus_groups(rs: RuleSet) -> tuple[PriceGroup, ...]:
    """The rule set's bonuses as groups of a tally: no cards, a tick counts 1 at its points."""
    return tuple(PriceGroup(bonus.label, (), bonus.points) for bonus in rs.bonuses)


def bonus_points(rs: RuleSet, tally: Mapping[str, int]) -> int:
    """Points of the bonuses ticked in `tally` (each counts once); below zero for a bonus."""
    return sum(bonus.points for bonus in rs.bonuses if tally.get(bonus.label, 0) > 0)


def card_tally(rs: RuleSet, tally: Mapping[str, int]) -> dict[str, int]:
    """The cards of a tally, without the ticks of bonuses."""
    ticks = {bonus.label for bonus in rs.bonuses}
    return {label: count for label, count in tally.items() if label not in ticks}


def bonuses_text(bonuses: tuple[Bonus, ...]) -> str:
    """The bonuses as the editor shows them: "Down and out in one turn: -10, out only"."""
    return "\n".join(
        f"{bonus.label}: {bonus.points}" + (f", {OUT_ONLY}" if bonus.out_only else "")
        for bonus in bonuses
    )


def parse_bonuses(text: str) -> tuple[Bonus, ...]:
    """Read the editor's bonus lines back; raises RulesError naming the line at fault.

    The number of lines and each one's points are bounded by the rule set's checks.
    """
    bonuses = []
    for number, line in enumerate((line for line in text.splitlines() if line.strip()), 1):
        found = _LINE.fullmatch(line)
        if not found:
            raise RulesError(
                f"Bonus line {number}: write what earns it, a colon, then its points, and "
                f"“{OUT_ONLY}” when only the player who went out earns it, e.g. "
                f"“Down and out in one turn: -10, {OUT_ONLY}”."
            )
        bonuses.append(Bonus(found[1], int(found[2]), out_only=found[3] is not None))
    return tuple(bonuses)
