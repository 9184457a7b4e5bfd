"""Fairness rule 4, corrections: fixing the count of a hand already scored."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorekeeper.rules.language import N_, _

CORRECTIONS_WORDS = N_(
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
        return _("Needed for this hand.") if self.needs_agreement else _("Optional for this hand.")

    def refusal(self, hand_number: int) -> str:
        """Why a fix that needs the table's agreement and a reason is refused without them."""
        return _(
            "The cards of hand %(number)s are mixed, so changing it needs the whole table's "
            "agreement and a reason: tick that everyone agrees and say why."
        ) % {"number": hand_number}


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
            False, _("This league fixes a hand's count without asking for a reason.")
        )
    if not mixed:
        return CorrectionTerms(
            False, _("No later hand is scored yet, so this hand can still be changed freely.")
        )
    return CorrectionTerms(
        True,
        _(
            "The cards of this hand are mixed: change it only if the whole table agrees, and "
            "say why. The change is kept in the game's history."
        ),
    )


# A report a phone sent after waiting (offline) that met a hand saved first, or a fix drawn
# before the hand changed, is not applied: it is kept as a proposed correction of that hand.
# Accepting it is a fix like any other (the terms above); dropping it keeps it in the history.
WAITING = "waiting"
ACCEPTED = "accepted"
DROPPED = "dropped"

# A name or device the app knows, shortened to what a proposal keeps of its sender.
LONGEST_SENDER = 80

# A sender without an account, as a proposal keeps it (in English: what is kept does not
# depend on who read it) and as `sender_shown` finds it again. No account can be named so:
# a user name has no spaces.
PHONE = N_("a phone")
PHONE_OF = N_("a phone (%(device)s)")
_KEPT_PHONE = re.compile(r"a phone \((?P<device>.*?)\)?", re.DOTALL)


def sender_words(account: str | None, device: str | None) -> str:
    """Who sent or decided a proposal, as the proposal keeps it: the account signed in
    ("kim"), else the joined phone as Settings lists it ("a phone (iPhone, Safari)")."""
    if account:
        return account[:LONGEST_SENDER]
    if device:
        return (PHONE_OF % {"device": device})[:LONGEST_SENDER]
    return PHONE


def sender_shown(sent_by: str) -> str:
    """A sender as kept by `sender_words`, in the language spoken: an account's name as it
    is, a phone in the language's words."""
    if sent_by == PHONE:
        return _(PHONE)
    phone = _KEPT_PHONE.fullmatch(sent_by)
    return _(PHONE_OF) % {"device": phone["device"]} if phone else sent_by


def proposal_kept_words(hand_number: int, *, fix: bool) -> str:
    """What a phone is told when its waited report is kept as a proposed correction."""
    if fix:
        words = _(
            "Hand %(number)s changed on another phone before this fix arrived. What this phone "
            "sent is kept as a proposed correction: the table can accept or drop it."
        )
    else:
        words = _(
            "Hand %(number)s was saved first by another phone. What this phone sent is kept as "
            "a proposed correction: the table can accept or drop it."
        )
    return words % {"number": hand_number}


def proposal_heading(hand_number: int, sent_by: str) -> str:
    """The title of a proposal: "Proposed correction of hand 4, from kim"."""
    return _("Proposed correction of hand %(number)s, from %(sender)s") % {
        "number": hand_number,
        "sender": sender_shown(sent_by),
    }


def accept_words(terms: CorrectionTerms, hand_number: int) -> str:
    """What accepting a proposal asks, under the hand's correction terms."""
    if terms.needs_agreement:
        words = _(
            "Accepting opens the fix of hand %(number)s filled with these numbers. Its cards "
            "are mixed, so the fix asks for the whole table's agreement and a reason."
        )
    else:
        words = _(
            "Accepting opens the fix of hand %(number)s filled with these numbers; nothing "
            "changes until the fix is saved."
        )
    return words % {"number": hand_number}


def proposal_outcome_words(state: str, decided_by: str) -> str:
    """What became of a proposal, for the hand's history."""
    by = {"sender": sender_shown(decided_by)}
    if state == ACCEPTED:
        if decided_by:
            return _("Accepted by %(sender)s: the hand was fixed with it.") % by
        return _("Accepted: the hand was fixed with it.")
    if state == DROPPED:
        if decided_by:
            return _("Dropped by %(sender)s: the hand stayed as it was.") % by
        return _("Dropped: the hand stayed as it was.")
    return _("Waiting for the table to accept or drop it.")


def proposal_decided_words(hand_number: int, state: str) -> str:
    """Why a proposal already accepted or dropped cannot be decided again."""
    if state == ACCEPTED:
        words = _(
            "This proposed correction of hand %(number)s was already accepted; nothing changed."
        )
    else:
        words = _(
            "This proposed correction of hand %(number)s was already dropped; nothing changed."
        )
    return words % {"number": hand_number}


def proposal_dropped_words(hand_number: int) -> str:
    """What the table is told once it drops a proposal."""
    return _(
        "The proposed correction of hand %(number)s is dropped. It stays in the hand's "
        "history; the hand is unchanged."
    ) % {"number": hand_number}


def proposal_accepted_words(hand_number: int) -> str:
    """What the table is told once a fix accepts a proposal (after the fix's own message)."""
    return _("The proposed correction of hand %(number)s is accepted.") % {"number": hand_number}


def accepting_words(hand_number: int, sent_by: str) -> str:
    """The fix form's notice while it accepts a proposal."""
    return _(
        "Proposed correction of hand %(number)s, from %(sender)s: its numbers are filled in "
        "below. Saving this fix accepts it."
    ) % {"number": hand_number, "sender": sender_shown(sent_by)}
