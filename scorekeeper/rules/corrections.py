"""Fairness rule 4, corrections: fixing the count of a hand already scored."""

from __future__ import annotations

from dataclasses import dataclass

CORRECTIONS_WORDS = (
    "A hand's count may be fixed freely until a later hand is scored. After that only the "
    "league's owner can fix it, with the table's agreement and a reason, and every change "
    "is kept and shown."
)


def correction_needs_agreement(hand_number: int, last_scored: int) -> bool:
    """True when a later hand than `hand_number` is scored (`last_scored`, the latest).

    Until then the hand's cards have not been mixed into another count.
    """
    return hand_number < last_scored


@dataclass(frozen=True, slots=True)
class CorrectionTerms:
    """What fixing a scored hand asks of the table: a reason and everyone's agreement, or not."""

    needs_agreement: bool
    words: str

    @property
    def reason_hint(self) -> str:
        """The hint under the reason field of the fix form."""
        return "Needed for this hand." if self.needs_agreement else "Optional for this hand."

    def refusal(self, hand_number: int) -> str:
        """Why a fix that needs the table's agreement and a reason is refused without them."""
        return (
            f"The cards of hand {hand_number} are mixed, so changing it needs the whole table's "
            "agreement and a reason: tick that everyone agrees and say why."
        )


def correction_terms(
    hand_number: int, last_scored: int, *, ended_early: bool = False, corrections_rule: bool = True
) -> CorrectionTerms:
    """When and how hand `hand_number` may be fixed, under fairness rule 4 if the league keeps it.

    The hand may be fixed freely until its cards are mixed into a later hand (a later hand is
    scored, or the game ended early with a later hand dealt); after that only with the
    table's agreement and a reason. The last hand of a game played out stays free.
    """
    mixed = ended_early or correction_needs_agreement(hand_number, last_scored)
    if not corrections_rule:
        return CorrectionTerms(
            False, "This league fixes a hand's count without asking for a reason."
        )
    if not mixed:
        return CorrectionTerms(
            False, "No later hand is scored yet, so this hand can still be changed freely."
        )
    return CorrectionTerms(
        True,
        "The cards of this hand are mixed: change it only if the whole table agrees, and say "
        "why. The change is kept in the game's history.",
    )
