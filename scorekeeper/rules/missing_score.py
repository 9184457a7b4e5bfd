"""Fairness rule 1, the missing score: a player who played a hand but has no score for it."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, Generic, Literal, TypeVar

from scorekeeper.rules.language import N_, _, in_english, ngettext
from scorekeeper.rules.ruleset import RulesError, RuleSet

K = TypeVar("K", bound=Hashable)

MISSING: Final = "missing"  # played the hand but gave no score
ABSENT: Final = "absent"  # not in this hand: left the game, or not playing
HandEntry = int | Literal["missing", "absent"]

MISSING_SCORE_WORDS = N_(
    "A player who played a hand but has no score for it gets the two highest scores the "
    "others gave for that hand, added together. If fewer than two others gave a score, the "
    "hand is played again with the same dealer and contract."
)


@dataclass(frozen=True, slots=True)
class PlayerHandScore:
    """One player's score for a hand; `posted_from` holds the scores a posted score adds up."""

    score: int
    posted: bool = False
    posted_from: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HandVerdict(Generic[K]):
    """A hand scored under the missing-score rule, or sent back to be played again.

    `reason` says why in the language spoken; `note` is the same in English, as the hand
    keeps it (what is recorded does not depend on who read it).
    """

    replay: bool
    scores: Mapping[K, PlayerHandScore]
    reason: str = ""
    note: str = ""


def two_highest(scores: Iterable[int]) -> tuple[int, int] | None:
    """The two highest of these scores, highest first; None when there are fewer than two.

    A posted score (a missing hand score, an unfinished game's total) adds these two.
    """
    ordered = sorted(scores, reverse=True)
    return (ordered[0], ordered[1]) if len(ordered) >= 2 else None


def posted_missing_score(given_scores: Sequence[int]) -> int | None:
    """The score posted for a missing one: the two highest given scores added; None: replay."""
    highest = two_highest(given_scores)
    return None if highest is None else sum(highest)


def missing_score_verdict(
    entries: Mapping[K, HandEntry], *, missing_score_rule: bool = True
) -> HandVerdict[K]:
    """Score a hand where each player gave a score, gave none (MISSING) or was ABSENT.

    Absent players get no score for the hand. Posted scores never count towards another
    missing player's posted score, since only given scores are used.
    A given score may be below zero (a bonus of the rules outweighing the cards).
    :raises RulesError: for an unknown entry, or a missing score while the missing-score rule
        is off.
    """
    given: dict[K, int] = {}
    missing: list[K] = []
    for player, entry in entries.items():
        if isinstance(entry, int) and not isinstance(entry, bool):
            given[player] = entry
        elif entry == MISSING:
            missing.append(player)
        elif entry != ABSENT:
            raise RulesError(f"{entry!r} is neither a score, {MISSING!r} nor {ABSENT!r}.")
    scores = {player: PlayerHandScore(score) for player, score in given.items()}
    if not missing:
        return HandVerdict(replay=False, scores=scores)
    if not missing_score_rule:
        raise RulesError(_("Every player who played the hand needs a score."))
    posted_score = posted_missing_score(list(given.values()))
    highest = two_highest(given.values())
    if posted_score is None or highest is None:
        count = len(given)
        return HandVerdict(
            replay=True,
            scores={},
            reason=_replay_words(count),
            note=in_english(lambda: _replay_words(count)),
        )
    posted = PlayerHandScore(posted_score, posted=True, posted_from=highest)
    scores = {p: scores.get(p, posted) for p in entries if p in given or p in missing}
    return HandVerdict(
        replay=False,
        scores=scores,
        reason=_posted_words(highest),
        note=in_english(lambda: _posted_words(highest)),
    )


def _replay_words(given: int) -> str:
    if not given:
        return _(
            "Nobody gave a score, so the hand is played again: same hand, same contract, "
            "same dealer."
        )
    return ngettext(
        "Only %(count)s player gave a score, so the hand is played again: same hand, same "
        "contract, same dealer.",
        "Only %(count)s players gave a score, so the hand is played again: same hand, same "
        "contract, same dealer.",
        given,
    ) % {"count": given}


def _posted_words(highest: tuple[int, int]) -> str:
    return _("A missing score is posted as %(high)s + %(second)s = %(posted)s.") % {
        "high": highest[0],
        "second": highest[1],
        "posted": sum(highest),
    }


def no_score_hint(rs: RuleSet) -> str:
    """The hint beside "played, but gave no score" on the hand form; "" when the rule is off."""
    if not rs.fairness.missing_score:
        return ""
    return _(
        "They played, but their count is lost: the two highest scores the others gave are "
        "posted for them."
    )


def posted_score_note() -> str:
    """How a sheet explains a hand score marked "posted a + b"."""
    return _(
        "the player gave no score for the hand, so the two highest scores the others gave "
        "were added (missing-score rule)."
    )
