"""Fairness rule 3, suspension: a game stopped between hands, and when it may go on."""

from __future__ import annotations

from datetime import date

from scorekeeper.rules.ruleset import RuleSet

SUSPENSION_WORDS = (
    "A game may stop only between hands. It goes on only with everyone back, in the same "
    "order round the table, in the calendar year it began; otherwise it is discarded."
)


def can_resume(started: date, today: date) -> bool:
    """True when a suspended game may still go on: it is the calendar year it started in."""
    return started.year == today.year and today >= started


def resume_terms(rs: RuleSet, started: date) -> str:
    """What a suspended game needs to go on, for the table screen and the resume page."""
    if rs.fairness.suspension:
        return (
            "It goes on only with everyone back, in the same order round the table, in "
            f"{started.year}."
        )
    return "It goes on whenever the table is ready."


def resume_refusal(rs: RuleSet, started: date, today: date, everyone_back: bool) -> str | None:
    """Why a suspended game may not go on now, in words; None when it may."""
    if not rs.fairness.suspension:
        return None
    if not can_resume(started, today):
        return (
            f"The game began in {started.year}. A suspended game goes on only in the calendar "
            "year it began, so this one can only be closed as incomplete."
        )
    if not everyone_back:
        return "Every player must be back, in the same seats, before the game goes on."
    return None


def paused_refusal(what: str) -> str:
    """Why nothing of a hand is recorded while the game is suspended: it stopped between
    hands, so no cards are in play until it goes on. `what` names the record ("scoring a
    hand", "recording a May I?")."""
    return f"The game is suspended: resume it before {what}."
