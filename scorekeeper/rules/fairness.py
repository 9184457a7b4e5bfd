"""The league's four fairness rules, each switched on or off in a rule set's `Fairness`.

Each rule lives in its own module, with its decisions and its words: `missing_score.py`,
`incomplete_game.py`, `suspension.py` and `corrections.py`. This module names them together
for the pages that list them (the referee page, printed sheets, the house-rules editor).
"""

from __future__ import annotations

from scorekeeper.rules.corrections import CORRECTIONS_WORDS
from scorekeeper.rules.incomplete_game import INCOMPLETE_GAME_WORDS
from scorekeeper.rules.missing_score import MISSING_SCORE_WORDS
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.suspension import SUSPENSION_WORDS

# Keyed by the switch's name in `Fairness`, in the digest's order.
FAIRNESS_TITLES: dict[str, str] = {
    "missing_score": "Missing score",
    "incomplete_game": "Leaving early",
    "suspension": "Suspended game",
    "corrections": "Corrections",
}
FAIRNESS_WORDS: dict[str, str] = {
    "missing_score": MISSING_SCORE_WORDS,
    "incomplete_game": INCOMPLETE_GAME_WORDS,
    "suspension": SUSPENSION_WORDS,
    "corrections": CORRECTIONS_WORDS,
}


def fairness_in_force(rs: RuleSet) -> list[tuple[str, str]]:
    """(title, words) of each fairness rule this rule set keeps switched on."""
    return [
        (title, FAIRNESS_WORDS[key])
        for key, title in FAIRNESS_TITLES.items()
        if getattr(rs.fairness, key)
    ]
