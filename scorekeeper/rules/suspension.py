"""Fairness rule 3, suspension: a game stopped between hands, and when it may go on."""

from __future__ import annotations

from datetime import date

from scorekeeper.rules.language import N_, _
from scorekeeper.rules.ruleset import RulesError, RuleSet

SUSPENSION_WORDS = N_(
    "A game may stop only between hands. It goes on only with everyone back, in the same "
    "order round the table, in the calendar year it began; otherwise it is discarded."
)

# What cannot be recorded while the game is suspended, by the record its caller names: a
# whole sentence for each, so each language words it its own way.
_PAUSED: dict[str, str] = {
    "scoring a hand": N_("The game is suspended: resume it before scoring a hand."),
    "recording a buy": N_("The game is suspended: resume it before recording a buy."),
    "recording a May I?": N_("The game is suspended: resume it before recording a May I?."),
    "taking back a May I?": N_("The game is suspended: resume it before taking back a May I?."),
    "dealing a hand again": N_("The game is suspended: resume it before dealing a hand again."),
    "recording that the stock ran out": N_(
        "The game is suspended: resume it before recording that the stock ran out."
    ),
}


def can_resume(started: date, today: date) -> bool:
    """True when a suspended game may still go on: it is the calendar year it started in."""
    return started.year == today.year and today >= started


def resume_terms(rs: RuleSet, started: date) -> str:
    """What a suspended game needs to go on, for the table screen and the resume page."""
    if rs.fairness.suspension:
        return _(
            "It goes on only with everyone back, in the same order round the table, in %(year)s."
        ) % {"year": started.year}
    return _("It goes on whenever the table is ready.")


def resume_refusal(rs: RuleSet, started: date, today: date, everyone_back: bool) -> str | None:
    """Why a suspended game may not go on now, in words; None when it may."""
    if not rs.fairness.suspension:
        return None
    if not can_resume(started, today):
        return _(
            "The game began in %(year)s. A suspended game goes on only in the calendar year it "
            "began, so this one can only be closed as incomplete."
        ) % {"year": started.year}
    if not everyone_back:
        return _("Every player must be back, in the same seats, before the game goes on.")
    return None


def paused_refusal(what: str) -> str:
    """Why nothing of a hand is recorded while the game is suspended: it stopped between
    hands, so no cards are in play until it goes on. `what` names the record ("scoring a
    hand", "recording a May I?").

    :raises RulesError: for a record this rule has no words for.
    """
    if what not in _PAUSED:
        raise RulesError(f"No words for {what!r} while a game is suspended.")
    return _(_PAUSED[what])
