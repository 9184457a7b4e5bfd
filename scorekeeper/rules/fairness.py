"""The league's fairness rules: missing scores, unfinished games, suspensions, corrections."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Generic, Literal, TypeVar

from scorekeeper.rules.ruleset import RulesError

K = TypeVar("K", bound=Hashable)

MISSING = "missing"  # played the hand but gave no score
ABSENT = "absent"  # not in this hand: left the game, or not playing
HandEntry = int | Literal["missing", "absent"]

FAIRNESS_WORDS: dict[str, str] = {
    "missing_score": (
        "A player who played a hand but has no score for it gets the two highest scores the "
        "others gave for that hand, added together. If fewer than two others gave a score, "
        "the hand is played again with the same dealer and contract."
    ),
    "incomplete_game": (
        "A player who leaves before the game ends gets the two highest game totals of those "
        "who finished, added together. With fewer than two finishers the game counts for "
        "nothing: it stays in the history, marked discarded."
    ),
    "suspension": (
        "A game may stop only between hands. It goes on only with everyone back, in the same "
        "order round the table, in the calendar year it began; otherwise it is discarded."
    ),
    "corrections": (
        "A hand's count may be fixed freely until the next hand starts. After that a fix needs "
        "the table's agreement and a reason, and every change is kept and shown."
    ),
}


@dataclass(frozen=True, slots=True)
class PlayerHandScore:
    """One player's score for a hand; `posted_from` holds the scores a posted score adds up."""

    score: int
    posted: bool = False
    posted_from: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class HandVerdict(Generic[K]):
    """A hand scored under the missing-score rule, or sent back to be played again."""

    replay: bool
    scores: Mapping[K, PlayerHandScore]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class GameVerdict(Generic[K]):
    """Final game totals under the incomplete-game rule, or the game discarded.

    When discarded, `totals` are the totals as they stood, kept for the history.
    """

    discarded: bool
    totals: Mapping[K, int]
    posted: frozenset[K] = frozenset()
    posted_from: tuple[int, ...] = ()
    reason: str = ""


def two_highest(scores: Iterable[int]) -> tuple[int, int] | None:
    """The two highest of these scores, highest first; None when there are fewer than two."""
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
    :raises RulesError: for a negative score, an unknown entry, or a missing score while the
        missing-score rule is off.
    """
    given: dict[K, int] = {}
    missing: list[K] = []
    for player, entry in entries.items():
        if isinstance(entry, int) and not isinstance(entry, bool):
            if entry < 0:
                raise RulesError(f"A hand score cannot be negative ({player}: {entry}).")
            given[player] = entry
        elif entry == MISSING:
            missing.append(player)
        elif entry != ABSENT:
            raise RulesError(f"{entry!r} is neither a score, {MISSING!r} nor {ABSENT!r}.")
    scores = {player: PlayerHandScore(score) for player, score in given.items()}
    if not missing:
        return HandVerdict(replay=False, scores=scores)
    if not missing_score_rule:
        raise RulesError("Every player who played the hand needs a score.")
    highest = two_highest(given.values())
    if highest is None:
        return HandVerdict(
            replay=True,
            scores={},
            reason=(
                f"Only {len(given)} player(s) gave a score, so the hand is played again: "
                "same hand, same contract, same dealer."
            ),
        )
    posted = PlayerHandScore(sum(highest), posted=True, posted_from=highest)
    scores = {p: scores.get(p, posted) for p in entries if p in given or p in missing}
    return HandVerdict(
        replay=False,
        scores=scores,
        reason=f"A missing score is posted as {highest[0]} + {highest[1]} = {sum(highest)}.",
    )


def posted_incomplete_total(finisher_totals: Sequence[int]) -> int | None:
    """The game total posted for a non-finisher: the two highest finishers' totals added."""
    highest = two_highest(finisher_totals)
    return None if highest is None else sum(highest)


def final_game_totals(totals: Mapping[K, int], finished: Mapping[K, bool]) -> GameVerdict[K]:
    """Final totals with posted totals for players who did not finish, or the game discarded.

    :raises RulesError: when `finished` does not name exactly the players of `totals`.
    """
    if set(totals) != set(finished):
        raise RulesError("Say for every player of the game, and only them, whether they finished.")
    finishers = [totals[player] for player, done in finished.items() if done]
    leavers = frozenset(player for player, done in finished.items() if not done)
    if not leavers:
        return GameVerdict(discarded=False, totals=dict(totals))
    highest = two_highest(finishers)
    if highest is None:
        return GameVerdict(
            discarded=True,
            totals=dict(totals),
            reason=f"Only {len(finishers)} player(s) finished, so the game counts for nothing.",
        )
    final = {p: sum(highest) if p in leavers else total for p, total in totals.items()}
    return GameVerdict(
        discarded=False,
        totals=final,
        posted=leavers,
        posted_from=highest,
        reason=f"An unfinished game is posted as {highest[0]} + {highest[1]} = {sum(highest)}.",
    )


def can_resume(started: date, today: date) -> bool:
    """True when a suspended game may still go on: it is the calendar year it started in."""
    return started.year == today.year and today >= started


def same_seating(seated_before: Sequence[K], seated_now: Sequence[K]) -> bool:
    """True when the same players sit in the same order round the table (any seat may be first)."""
    if len(seated_before) != len(seated_now) or set(seated_before) != set(seated_now):
        return False
    if not seated_before:
        return True
    start = list(seated_now).index(seated_before[0])
    turned = [*seated_now[start:], *seated_now[:start]]
    return turned == list(seated_before)


def resume_refusal(
    started: date, today: date, seated_before: Sequence[K], seated_now: Sequence[K]
) -> str | None:
    """Why a suspended game may not go on now, in words; None when it may."""
    if not can_resume(started, today):
        return f"The game began in {started.year}; it can only go on in that same year."
    if set(seated_before) != set(seated_now) or len(seated_before) != len(seated_now):
        return "Every player of the game must be back, and nobody else."
    if not same_seating(seated_before, seated_now):
        return "Everyone must sit in the same order round the table as before."
    return None


def correction_needs_agreement(hand_number: int, last_scored: int) -> bool:
    """True when fixing hand `hand_number` needs the table's agreement and a reason.

    A hand may be fixed freely until a later hand is scored (`last_scored` is the number of
    the latest scored hand): until then its cards have not been mixed into another count.
    """
    return hand_number < last_scored


@dataclass(frozen=True, slots=True)
class CorrectionTerms:
    """What fixing a scored hand asks of the table: a reason and everyone's agreement, or not."""

    needs_agreement: bool
    words: str


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
