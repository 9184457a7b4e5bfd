"""Rivals: who finished ahead of whom in a game, and a player's nemesis and favourite opponent."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from scorekeeper.rules.language import _

Finish = Literal["ahead", "behind", "level"]
# Games together before an opponent can be a nemesis or a favourite: one lucky game says little.
FEWEST_GAMES = 3


def finish(mine: int, theirs: int) -> Finish:
    """How one player finished against another from their places (1 is first): a lower place
    is ahead; a shared place (a tie on the total) is level, neither ahead."""
    if mine < theirs:
        return "ahead"
    if mine > theirs:
        return "behind"
    return "level"


@dataclass(frozen=True, slots=True)
class Rivalry:
    """A player against one opponent, over the games that count: games together and finishes."""

    other: int
    name: str
    games: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0


def rivalries(opponents: Iterable[tuple[int, str, int, int, int]]) -> list[Rivalry]:
    """Each opponent's rivalry from (opponent id, name, my place, their place, games), summed
    over every pair of places; most games together first, then by name."""
    found: dict[int, Rivalry] = {}
    for other, name, mine, theirs, games in opponents:
        was = found.get(other, Rivalry(other, name))
        outcome = finish(mine, theirs)
        found[other] = Rivalry(
            other,
            name,
            was.games + games,
            was.ahead + (games if outcome == "ahead" else 0),
            was.behind + (games if outcome == "behind" else 0),
            was.level + (games if outcome == "level" else 0),
        )
    return sorted(found.values(), key=lambda r: (-r.games, r.name.casefold(), r.other))


@dataclass(frozen=True, slots=True)
class Pick:
    """A nemesis or a favourite opponent, and the sentence that says why."""

    rivalry: Rivalry
    words: str


def _share(count: int, games: int) -> Fraction:
    return Fraction(count, games)


def _best(candidates: list[Rivalry], count: str) -> Rivalry | None:
    """The candidate with the largest share of games by `count`; a level share goes to more
    games together, then to the first by name."""
    if not candidates:
        return None
    return min(
        candidates,
        key=lambda r: (-_share(getattr(r, count), r.games), -r.games, r.name.casefold(), r.other),
    )


def nemesis(player: str, lines: Iterable[Rivalry]) -> Pick | None:
    """The opponent `player` finished behind in the largest share of games, of those with at
    least FEWEST_GAMES games together who finished ahead more often than behind."""
    candidates = [r for r in lines if r.games >= FEWEST_GAMES and r.behind > r.ahead]
    found = _best(candidates, "behind")
    if found is None:
        return None
    words = _("%(player)s finished behind %(other)s in %(count)s of %(games)s games.") % {
        "player": player,
        "other": found.name,
        "count": found.behind,
        "games": found.games,
    }
    return Pick(found, words)


def favourite(player: str, lines: Iterable[Rivalry]) -> Pick | None:
    """The opponent `player` finished ahead of in the largest share of games, of those with at
    least FEWEST_GAMES games together who finished behind more often than ahead."""
    candidates = [r for r in lines if r.games >= FEWEST_GAMES and r.ahead > r.behind]
    found = _best(candidates, "ahead")
    if found is None:
        return None
    words = _("%(player)s finished ahead of %(other)s in %(count)s of %(games)s games.") % {
        "player": player,
        "other": found.name,
        "count": found.ahead,
        "games": found.games,
    }
    return Pick(found, words)


def rivals_rule_words() -> str:
    """How the nemesis and the favourite opponent are chosen, in one paragraph."""
    return _(
        "Ahead means a better place in a game that counts; a shared place is level. Of the "
        "opponents with at least %(fewest)s games together, the nemesis finished ahead of this "
        "player in the largest share of them (and more often than behind), the favourite "
        "opponent behind in the largest share (and more often than ahead). Equal shares go to "
        "more games together, then to the first name in alphabetical order."
    ) % {"fewest": FEWEST_GAMES}
