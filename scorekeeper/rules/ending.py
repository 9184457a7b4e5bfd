"""How a game ends, in the words the table reads: played out, stopped early, or left too thin.

Fairness rule 2 (the incomplete-game rule) decides it. A player finished the game when they
played every one of its hands; everyone else is posted the two highest totals of those who
finished, added together, and with fewer than two finishers the game is discarded. A game the
table stops early has unplayed hands, so nobody at the table finished it: it is discarded.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Generic, Literal, TypeVar

from scorekeeper.rules.incomplete_game import GameVerdict, final_game_totals
from scorekeeper.rules.language import _, in_english, ngettext
from scorekeeper.rules.ruleset import RulesError
from scorekeeper.rules.scoring import places

K = TypeVar("K", bound=Hashable)

# Why the game ends: every hand played; the table agreed to stop; too few players were left
# to go on; or a suspended game did not go on (the table ended it, or a new year began).
EndCause = Literal["played_out", "agreement", "leavers", "not_resumed"]
END_CAUSES: tuple[EndCause, ...] = ("played_out", "agreement", "leavers", "not_resumed")
NOTE_LIMIT = 200  # what the game keeps of the ending in words


@dataclass(frozen=True, slots=True)
class Standing:
    """One player as the game ends: their name, running total, and whether they played it all."""

    name: str
    total: int
    played_every_hand: bool


@dataclass(frozen=True, slots=True)
class EndingRow(Generic[K]):
    """One line of the outcome: the player's final total, whether it was posted, their place."""

    key: K
    name: str
    total: int
    posted: bool
    place: int | None
    finished: bool


@dataclass(frozen=True, slots=True)
class GameEnding(Generic[K]):
    """What ending the game means: the verdict, its rows best first, and its sentences.

    `headline` says in one sentence what happens; `lines` explain it (who finished, what each
    player who did not is posted, or why the game is discarded), both in the language spoken;
    `note` is what the game keeps, in English (what is recorded does not depend on who read it).
    """

    verdict: GameVerdict[K]
    rows: tuple[EndingRow[K], ...]
    headline: str
    lines: tuple[str, ...]
    note: str

    @property
    def discarded(self) -> bool:
        """True when the game will count in no standings."""
        return self.verdict.discarded

    @property
    def winners(self) -> tuple[EndingRow[K], ...]:
        """Whoever takes first place (several on a tie); none when discarded."""
        return tuple(row for row in self.rows if row.place == 1)


def names_in_words(names: list[str]) -> str:
    """ "Ann", "Ann and Bob", "Ann, Bob and Cat", in the language spoken."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _cause_message(cause: EndCause, hands_in_game: int) -> str:
    """Why the game ended, its numbers not filled in yet (a game played out says nothing)."""
    if cause == "agreement":
        return ngettext(
            "The table ended the game after %(played)s of %(count)s hand.",
            "The table ended the game after %(played)s of %(count)s hands.",
            hands_in_game,
        )
    if cause == "leavers":
        return ngettext(
            "Fewer than two players were left to go on, so the game ended after %(played)s of "
            "%(count)s hand.",
            "Fewer than two players were left to go on, so the game ended after %(played)s of "
            "%(count)s hands.",
            hands_in_game,
        )
    if cause == "not_resumed":
        return ngettext(
            "The game was suspended after %(played)s of %(count)s hand and did not go on.",
            "The game was suspended after %(played)s of %(count)s hands and did not go on.",
            hands_in_game,
        )
    return ""


def _cause_words(cause: EndCause, hands_played: int, hands_in_game: int) -> str:
    message = _cause_message(cause, hands_in_game)
    return message % {"played": hands_played, "count": hands_in_game} if message else ""


def game_ending(
    players: Mapping[K, Standing],
    *,
    cause: EndCause,
    hands_played: int,
    hands_in_game: int,
    incomplete_game_rule: bool = True,
) -> GameEnding[K]:
    """Decide how the game ends under the incomplete-game rule, and say it in words.

    :param players: every player of the game, by any key, in seat order.
    :param cause: why the game ends (`END_CAUSES`).
    :param hands_played: how many of the game's hands were scored.
    :param incomplete_game_rule: False when the league switched fairness rule 2 off: the
        totals then stand as they are, whoever left.
    :raises RulesError: for an unknown cause, a game without players, or hand counts that
        contradict each other (a game played out with hands unplayed, or the reverse).
    """
    if cause not in END_CAUSES:
        raise RulesError(f"{cause!r} is not a way a game ends.")
    if not players:
        raise RulesError("A game without players cannot end.")
    if not 0 <= hands_played <= hands_in_game or (cause == "played_out") != (
        hands_played == hands_in_game
    ):
        raise RulesError(
            f"A game {cause.replace('_', ' ')} after {hands_played} of {hands_in_game} hands "
            "cannot be."
        )
    totals = {key: p.total for key, p in players.items()}
    finished = {
        key: p.played_every_hand and hands_played == hands_in_game for key, p in players.items()
    }
    if incomplete_game_rule:
        verdict = final_game_totals(totals, finished)
    else:
        verdict = GameVerdict(discarded=False, totals=totals)
    placed = places(verdict.totals)
    rows = tuple(
        sorted(
            (
                EndingRow(
                    key=key,
                    name=p.name,
                    total=verdict.totals[key],
                    posted=key in verdict.posted,
                    place=None if verdict.discarded else placed[key],
                    finished=finished[key],
                )
                for key, p in players.items()
            ),
            key=lambda row: (row.place or 0, row.total),
        )
    )
    finishers = [players[key].name for key, done in finished.items() if done]
    headline, lines = _outcome(players, finishers, verdict, incomplete_game_rule)
    return GameEnding(
        verdict=verdict,
        rows=rows,
        headline=headline,
        lines=tuple(
            line for line in (_cause_words(cause, hands_played, hands_in_game), *lines) if line
        ),
        note=in_english(
            lambda: _note(
                cause, hands_played, hands_in_game, finishers, verdict, incomplete_game_rule
            )
        ),
    )


def _outcome(
    players: Mapping[K, Standing],
    finishers: list[str],
    verdict: GameVerdict[K],
    rule_on: bool,
) -> tuple[str, list[str]]:
    """(headline, explaining lines)."""
    if not rule_on:
        if len(finishers) == len(players):
            return _("The game is over."), []
        return (
            _("The game ends with the totals as they stand."),
            [_("This league does not use the incomplete-game rule, so nobody's total is posted.")],
        )
    if verdict.discarded:
        if not finishers:
            who = _("Nobody played every hand, so the game is incomplete for everyone.")
        else:
            who = _("Only %(name)s played every hand.") % {"name": finishers[0]}
        why = _(
            "With fewer than two players who finished, the game counts for nothing: it stays "
            "in the history, marked discarded, and in no standings."
        )
        return _("The game will be discarded."), [who, why]
    if not verdict.posted:
        return _("The game is over."), []
    high, second = verdict.posted_from
    every_hand = ngettext(
        "%(names)s played every hand.", "%(names)s played every hand.", len(finishers)
    ) % {"names": names_in_words(finishers)}
    posted = [players[key].name for key in players if key in verdict.posted]
    lines = [
        every_hand,
        *(
            _(
                "%(name)s did not finish and is posted %(high)s + %(second)s = %(total)s, the "
                "two highest totals of those who finished."
            )
            % {"name": name, "high": high, "second": second, "total": high + second}
            for name in posted
        ),
    ]
    return _("The game is over; unfinished totals are posted."), lines


def _note(
    cause: EndCause,
    hands_played: int,
    hands_in_game: int,
    finishers: list[str],
    verdict: GameVerdict[K],
    rule_on: bool,
) -> str:
    """What the game keeps of its ending: why it ended, then its outcome in short."""
    if not rule_on:
        everyone_finished = len(finishers) == len(verdict.totals)
        outcome = "" if everyone_finished else _outcome_message("unposted")
    elif verdict.discarded:
        outcome = (
            _outcome_message("nobody_finished")
            if not finishers
            else _outcome_message("one_finished") % {"name": finishers[0]}
        )
    elif verdict.posted:
        high, second = verdict.posted_from
        outcome = _outcome_message("posted") % {
            "high": high,
            "second": second,
            "total": high + second,
        }
    else:
        outcome = ""
    note = " ".join(
        part for part in (_cause_words(cause, hands_played, hands_in_game), outcome) if part
    )
    return note if len(note) <= NOTE_LIMIT else outcome[:NOTE_LIMIT]


Outcome = Literal["unposted", "nobody_finished", "one_finished", "posted"]
OUTCOMES: tuple[Outcome, ...] = ("unposted", "nobody_finished", "one_finished", "posted")


def _outcome_message(outcome: Outcome) -> str:
    """What a game's note says of its outcome, its names and numbers not filled in yet."""
    if outcome == "unposted":
        return _("The totals stand as they were: this league posts no totals for unfinished games.")
    if outcome == "nobody_finished":
        return _("Nobody played every hand, so the game counts for nothing.")
    if outcome == "one_finished":
        return _("Only %(name)s finished, so the game counts for nothing.")
    return _("A player who did not finish is posted %(high)s + %(second)s = %(total)s.")


# What fills each placeholder of a note's sentences: a count or a total, or a player's name.
_FILLED = {"name": r"(?P<name>.+?)", "played": r"(?P<played>\d+)", "count": r"(?P<count>\d+)",
           "high": r"(?P<high>-?\d+)", "second": r"(?P<second>-?\d+)",
           "total": r"(?P<total>-?\d+)"}  # fmt: skip


def _pattern(message: str) -> str:
    """A regular expression that matches `message` with its placeholders filled."""
    return re.sub(r"%\\\((\w+)\\\)s", lambda m: _FILLED[m.group(1)], re.escape(message))


@lru_cache(maxsize=1)
def _note_patterns() -> tuple[tuple[re.Pattern[str], EndCause | None, Outcome | None], ...]:
    """Every note the app writes, as a pattern of its English words, with what it is made of."""
    causes: list[tuple[str, EndCause | None]] = [("", None)]
    for cause in END_CAUSES[1:]:
        for count in (1, 2):
            causes.append((in_english(partial(_cause_message, cause, count)), cause))
    outcomes: list[tuple[str, Outcome | None]] = [("", None)]
    outcomes += [(in_english(partial(_outcome_message, each)), each) for each in OUTCOMES]
    return tuple(
        (re.compile(" ".join(_pattern(m) for m in (said, ended) if m), re.S), cause, outcome)
        for said, cause in causes
        for ended, outcome in outcomes
        if said or ended
    )


def note_shown(note: str) -> str:
    """A game's end note, kept in English, in the language spoken now: the note as kept when
    the app did not write it (a league file's own words) or it was cut to its limit."""
    for pattern, cause, outcome in _note_patterns():
        found = pattern.fullmatch(note)
        if found is None:
            continue
        filled = found.groupdict()
        numbers = {key: int(value) for key, value in filled.items() if key != "name"}
        parts = []
        if cause is not None:
            parts.append(_cause_words(cause, numbers["played"], numbers["count"]))
        if outcome is not None:
            parts.append(_outcome_message(outcome) % {**filled, **numbers})
        return " ".join(parts)
    return note
