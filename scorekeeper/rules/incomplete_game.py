"""Fairness rule 2, the incomplete game: players who leave before the game ends."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.missing_score import two_highest
from scorekeeper.rules.ruleset import RulesError, RuleSet
from scorekeeper.rules.scoring import places

K = TypeVar("K", bound=Hashable)

INCOMPLETE_GAME_WORDS = N_(
    "A player who leaves before the game ends gets the two highest game totals of those who "
    "finished, added together. With fewer than two finishers the game counts for nothing: it "
    "stays in the history, marked discarded."
)


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


def final_game_totals(
    totals: Mapping[K, int], finished: Mapping[K, bool], *, incomplete_game_rule: bool = True
) -> GameVerdict[K]:
    """Final totals with posted totals for players who did not finish, or the game discarded.

    With the rule off, every total stands as it is, a leaver's too.
    :raises RulesError: when `finished` does not name exactly the players of `totals`.
    """
    if set(totals) != set(finished):
        raise RulesError("Say for every player of the game, and only them, whether they finished.")
    finishers = [totals[player] for player, done in finished.items() if done]
    leavers = frozenset(player for player, done in finished.items() if not done)
    if not leavers or not incomplete_game_rule:
        return GameVerdict(discarded=False, totals=dict(totals))
    highest = two_highest(finishers)
    if highest is None:
        return GameVerdict(
            discarded=True,
            totals=dict(totals),
            reason=_too_few_finished(len(finishers)),
        )
    final = {p: sum(highest) if p in leavers else total for p, total in totals.items()}
    return GameVerdict(
        discarded=False,
        totals=final,
        posted=leavers,
        posted_from=highest,
        reason=_("An unfinished game is posted as %(high)s + %(second)s = %(posted)s.")
        % {"high": highest[0], "second": highest[1], "posted": sum(highest)},
    )


def _too_few_finished(count: int) -> str:
    if not count:
        return _("Nobody finished, so the game counts for nothing.")
    return ngettext(
        "Only %(count)s player finished, so the game counts for nothing.",
        "Only %(count)s players finished, so the game counts for nothing.",
        count,
    ) % {"count": count}


def leaving_words(rs: RuleSet) -> str:
    """What becomes of a player who leaves, as the "a player leaves" page and its answer say."""
    if rs.fairness.incomplete_game:
        return _(
            "When the game ends, their total is posted as the two highest totals of the players "
            "who finished, added together; with fewer than two finishers the game is kept but "
            "counts in no standings."
        )
    return _("When the game ends, their total stays as it was when they left, and places them.")


def posted_total_note() -> str:
    """How a sheet explains a game total marked "total posted"."""
    return _(
        "the player left before the end and gets the two highest totals of those who "
        "finished, added (incomplete-game rule)."
    )


def places_so_far(
    totals: Mapping[K, int], left: Collection[K], *, incomplete_game_rule: bool = True
) -> dict[K, int | None]:
    """Places while the game goes on, among the players still seated.

    A player who left is in no race until the rule posts their total at the end (no place);
    with the rule off their total stands as it was, and places them.
    """
    racing = {p: total for p, total in totals.items() if not (incomplete_game_rule and p in left)}
    placed = places(racing)
    return {player: placed.get(player) for player in totals}


def unranked_leaver_note(rs: RuleSet) -> str:
    """Why the running totals list a player who left apart, unranked; empty with the rule off."""
    if not rs.fairness.incomplete_game:
        return ""
    return _(
        "A player who left is not ranked while the game goes on: when it ends, their total "
        "is posted as the two highest totals of the players who finished, added together."
    )
