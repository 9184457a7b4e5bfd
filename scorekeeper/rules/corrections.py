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


# A report a phone sent after waiting (offline) that met a hand saved first, or a fix drawn
# before the hand changed, is not applied: it is kept as a proposed correction of that hand.
# Accepting it is a fix like any other (the terms above); dropping it keeps it in the history.
WAITING = "waiting"
ACCEPTED = "accepted"
DROPPED = "dropped"

# A name or device the app knows, shortened to what a proposal keeps of its sender.
LONGEST_SENDER = 80


def sender_words(account: str | None, device: str | None) -> str:
    """Who sent or decided a proposal, as the table knows them: the account signed in
    ("kim"), else the joined phone as Settings lists it ("a phone (iPhone, Safari)")."""
    if account:
        return account[:LONGEST_SENDER]
    if device:
        return f"a phone ({device})"[:LONGEST_SENDER]
    return "a phone"


def proposal_kept_words(hand_number: int, *, fix: bool) -> str:
    """What a phone is told when its waited report is kept as a proposed correction."""
    first = (
        f"Hand {hand_number} changed on another phone before this fix arrived."
        if fix
        else f"Hand {hand_number} was saved first by another phone."
    )
    return (
        f"{first} What this phone sent is kept as a proposed correction: the table can "
        "accept or drop it."
    )


def proposal_heading(hand_number: int, sent_by: str) -> str:
    """The title of a proposal: "Proposed correction of hand 4, from kim"."""
    return f"Proposed correction of hand {hand_number}, from {sent_by}"


def accept_words(terms: CorrectionTerms, hand_number: int) -> str:
    """What accepting a proposal asks, under the hand's correction terms."""
    if terms.needs_agreement:
        return (
            f"Accepting opens the fix of hand {hand_number} filled with these numbers. Its "
            "cards are mixed, so the fix asks for the whole table's agreement and a reason."
        )
    return (
        f"Accepting opens the fix of hand {hand_number} filled with these numbers; nothing "
        "changes until the fix is saved."
    )


def proposal_outcome_words(state: str, decided_by: str) -> str:
    """What became of a proposal, for the hand's history."""
    by = f" by {decided_by}" if decided_by else ""
    if state == ACCEPTED:
        return f"Accepted{by}: the hand was fixed with it."
    if state == DROPPED:
        return f"Dropped{by}: the hand stayed as it was."
    return "Waiting for the table to accept or drop it."


def proposal_decided_words(hand_number: int, state: str) -> str:
    """Why a proposal already accepted or dropped cannot be decided again."""
    done = "accepted" if state == ACCEPTED else "dropped"
    return f"This proposed correction of hand {hand_number} was already {done}; nothing changed."


def proposal_dropped_words(hand_number: int) -> str:
    """What the table is told once it drops a proposal."""
    return (
        f"The proposed correction of hand {hand_number} is dropped. It stays in the hand's "
        "history; the hand is unchanged."
    )


def proposal_accepted_words(hand_number: int) -> str:
    """What the table is told once a fix accepts a proposal (after the fix's own message)."""
    return f"The proposed correction of hand {hand_number} is accepted."


def accepting_words(hand_number: int, sent_by: str) -> str:
    """The fix form's notice while it accepts a proposal."""
    return (
        f"{proposal_heading(hand_number, sent_by)}: its numbers are filled in below. Saving "
        "this fix accepts it."
    )
