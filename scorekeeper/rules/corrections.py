"""Fairness rule 4, corrections: fixing the count of a hand already scored."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.ruleset import RuleSet

CORRECTIONS_WORDS = (
    "A hand's count may be fixed freely until a later hand is scored. After that only the "
    "league's owner can fix it, with the table's agreement and a reason, and every change "
    "is kept and shown."
)


@dataclass(frozen=True, slots=True)
class CorrectionTerms:
    """On what terms a scored hand may be fixed now, and the words that say so."""

    needs_reason: bool
    owner_only: bool
    words: str
    reason_hint: str
    refusal: str  # shown when a needed reason is not given


def correction_needs_agreement(hand_number: int, last_scored: int) -> bool:
    """True when a later hand than `hand_number` is scored (`last_scored`, the latest).

    Until then the hand's cards have not been mixed into another count.
    """
    return hand_number < last_scored


def correction_terms(
    rs: RuleSet, hand_number: int, last_scored: int, *, game_over: bool
) -> CorrectionTerms:
    """The terms for fixing hand `hand_number` when `last_scored` is the latest scored hand.

    Under the corrections rule a hand is free to fix until a later hand is scored; then the
    table must agree, a reason is needed, and only the owner may make it. Once the game is
    over only the owner fixes a hand, whatever the rule set.
    """
    later = correction_needs_agreement(hand_number, last_scored)
    needs_reason = rs.fairness.corrections and later
    if needs_reason:
        words = (
            "Later hands are already scored: the cards are mixed. Only the league's owner can "
            "change this hand, if the whole table agrees, and must say why."
        )
    elif rs.fairness.corrections:
        words = "No later hand is scored yet, so this hand can still be changed freely."
    else:
        words = "This league's rules let any scored hand be changed freely."
    if game_over:
        words += " The game is over, so only the league's owner can change it."
    return CorrectionTerms(
        needs_reason=needs_reason,
        owner_only=needs_reason or game_over,
        words=words + " Every change is kept in the game's history.",
        reason_hint=(
            "Needed: later hands are already scored." if needs_reason else "Optional for this hand."
        ),
        refusal=(
            f"Later hands are already scored, so changing hand {hand_number} needs the table's "
            "agreement: give the reason."
        ),
    )
