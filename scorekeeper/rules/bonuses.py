"""Bonuses: points the rules give for a feat the table ticks in a hand (below zero they come
off a total), their ticks in a report's tally, and their lines in the house-rules editor."""

from __future__ import annotations

import re
from collections.abc import Mapping

from scorekeeper.rules.language import N_, _
from scorekeeper.rules.ruleset import Bonus, PriceGroup, RulesError, RuleSet

OUT_ONLY = N_("out only")
# The words `bonuses_text` writes after the points, in each language the app speaks: an owner
# may type any of them.
OUT_ONLY_WORDS = ("out only", "solo quien cierra", "nur wer ausmacht")
_OUT_ONLY = "|".join(map(re.escape, OUT_ONLY_WORDS))
_LINE = re.compile(rf"\s*(.+?)\s*:\s*([+-]?\d{{1,4}})\s*(?:,\s*({_OUT_ONLY})\s*)?", re.IGNORECASE)


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
    """The bonuses as the editor shows them: "Down and out in one turn: -10, out only" (each
    label as stored, the words after it in the language spoken)."""
    return "\n".join(
        f"{bonus.label}: {bonus.points}" + (f", {_(OUT_ONLY)}" if bonus.out_only else "")
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
                _(
                    "Bonus line %(number)s: write what earns it, a colon, then its points, and "
                    "“%(out_only)s” when only the player who went out earns it, e.g. "
                    "“Down and out in one turn: -10, %(out_only)s”."
                )
                % {"number": number, "out_only": _(OUT_ONLY)}
            )
        bonuses.append(Bonus(found[1], int(found[2]), out_only=found[3] is not None))
    return tuple(bonuses)
