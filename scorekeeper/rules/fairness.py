"""The league's four fairness rules, each switched on or off in a rule set's `Fairness`.

Each rule lives in its own module, with its decisions and its words: `missing_score.py`,
`incomplete_game.py`, `suspension.py` and `corrections.py`. This module names them together
for the pages that list them (the referee page, printed sheets, the house-rules editor).
"""

from __future__ import annotations

from scorekeeper.rules.corrections import CORRECTIONS_WORDS
from scorekeeper.rules.incomplete_game import INCOMPLETE_GAME_WORDS
from scorekeeper.rules.language import N_, _
from scorekeeper.rules.missing_score import MISSING_SCORE_WORDS
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.suspension import SUSPENSION_WORDS

# Keyed by the switch's name in `Fairness`, in the digest's order; kept in English, translated
# where shown (the words too: `_(FAIRNESS_WORDS[key])`).
FAIRNESS_TITLES: dict[str, str] = {
    "missing_score": N_("Missing score"),
    "incomplete_game": N_("Leaving early"),
    "suspension": N_("Suspended game"),
    "corrections": N_("Corrections"),
}
FAIRNESS_WORDS: dict[str, str] = {
    "missing_score": MISSING_SCORE_WORDS,
    "incomplete_game": INCOMPLETE_GAME_WORDS,
    "suspension": SUSPENSION_WORDS,
    "corrections": CORRECTIONS_WORDS,
}


def fairness_in_force(rs: RuleSet) -> list[tuple[str, str]]:
    """(title, words) of each fairness rule this rule set keeps switched on, in the language
    spoken."""
    return [
        (_(title), _(FAIRNESS_WORDS[key]))
        for key, title in FAIRNESS_TITLES.items()
        if getattr(rs.fairness, key)
    ]
