"""League standings: rank players by the league's measure, with a documented tie-break."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from scorekeeper.rules.language import N_, _

Measure = Literal["average", "wins", "points"]
# The league's measure, as its settings list it (kept in English, translated where shown).
MEASURES: dict[str, str] = {
    "average": N_("Average game total (lowest first)"),
    "wins": N_("Games won"),
    "points": N_("Points for places"),
}

# How ties on the league's measure are broken, in order; players equal on all of these
# share a place. Written out for the standings page.
TIE_BREAKS: dict[str, tuple[str, ...]] = {
    "average": (N_("more wins"), N_("more games played"), N_("the lower best game")),
    "wins": (
        N_("the lower average game total"),
        N_("more games played"),
        N_("the lower best game"),
    ),
    "points": (N_("more wins"), N_("the lower average game total"), N_("more games played")),
}

# The ranking in words, with the measure as a sentence of each language needs it.
_RANKED_BY: dict[str, str] = {
    "average": N_(
        "Ranked by average game total (lowest first); ties go to %(ties)s; players still "
        "equal share a place. Wins count shared wins."
    ),
    "wins": N_(
        "Ranked by games won; ties go to %(ties)s; players still equal share a place. Wins "
        "count shared wins."
    ),
    "points": N_(
        "Ranked by points for places; ties go to %(ties)s; players still equal share a place. "
        "Wins count shared wins."
    ),
}


# How the settings page explains the choice of measure.
RANKING_HINT = N_(
    "Average game total ranks the lowest average first; wins count shared wins too; points "
    "for places give each place the points the league lists."
)


def ranking_words(measure: str) -> str:
    """How a standings table is ranked, its tie-breaks included, in one paragraph."""
    first, second, third = (_(words) for words in TIE_BREAKS[measure])
    ties = _("%(first)s, then %(second)s, then %(third)s") % {
        "first": first,
        "second": second,
        "third": third,
    }
    return _(_RANKED_BY[measure]) % {"ties": ties}


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's figures over the games that count (finished, not discarded)."""

    player: int
    name: str
    games: int
    wins: int
    total_points: int
    best: int | None
    worst: int | None
    hands_out: int = 0
    posted_hands: int = 0
    posted_games: int = 0
    place_points: int = 0

    @property
    def average(self) -> float | None:
        """The average game total, or None before a first game."""
        return self.total_points / self.games if self.games else None


@dataclass(frozen=True, slots=True)
class Ranked:
    """A player's line in the standings; `place` is None for players not yet ranked."""

    record: PlayerRecord
    place: int | None


def points_for_place(place: int, place_points: Sequence[int]) -> int:
    """Points a league gives for finishing in `place` (1-based); 0 past the list."""
    return place_points[place - 1] if 1 <= place <= len(place_points) else 0


def _key(record: PlayerRecord, measure: str) -> tuple[float, ...]:
    average = record.average if record.average is not None else float("inf")
    best = record.best if record.best is not None else float("inf")
    if measure == "average":
        return (average, -record.wins, -record.games, best)
    if measure == "wins":
        return (-record.wins, average, -record.games, best)
    if measure == "points":
        return (-record.place_points, -record.wins, average, -record.games)
    raise ValueError(f"Unknown ranking measure {measure!r}.")


def rank(records: Sequence[PlayerRecord], measure: str, min_games: int = 0) -> list[Ranked]:
    """Rank players with at least `min_games` games; the others follow, unranked, by name.

    Players equal on the measure and on every tie-break share a place (1, 2, 2, 4).
    """
    ranked = sorted(
        (r for r in records if r.games >= max(min_games, 1)),
        key=lambda r: (_key(r, measure), r.name.casefold()),
    )
    lines: list[Ranked] = []
    for index, record in enumerate(ranked):
        if index and _key(record, measure) == _key(ranked[index - 1], measure):
            place = lines[-1].place
        else:
            place = index + 1
        lines.append(Ranked(record, place))
    apart = sorted(
        (r for r in records if r.games < max(min_games, 1)), key=lambda r: r.name.casefold()
    )
    return lines + [Ranked(record, None) for record in apart]
