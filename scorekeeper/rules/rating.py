"""The rating: a Plackett-Luce rating (openskill) from the places of the games that count.

Each game is one finishing order of its whole table, ties shared, so a result is weighed
against everyone who sat there, whatever their number. The number shown is a linear map of
openskill's ordinal (its cautious estimate, mu - 3 sigma): START + SCALE x ordinal, a new
player's START, and it shows from a player's RATED_AFTER-th game (docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from scorekeeper.rules.dealing import ruleset_name
from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.presets import PRESETS

# How a league's owner may pool the games a rating counts, and how the settings say it.
RATING_BY: dict[str, str] = {
    "league": N_("One rating over all the league's games"),
    "family": N_("A rating for each family of rules"),
}
DEFAULT_RATING_BY = "league"
# Games a rating counts before it is shown: the first few say little of a player.
RATED_AFTER = 5
# The number shown: START + SCALE x openskill's ordinal; START is where a new player stands,
# and a player who keeps finishing mid-table climbs towards 1500 and past as the rating firms up.
START = 1200
SCALE = 25


@dataclass(frozen=True, slots=True)
class GameResult:
    """A game that counts: its id, its rules' family (the preset key) and each player's place."""

    game: int
    family: str
    places: tuple[tuple[int, int], ...]  # (player id, place); a shared place is a tie


@dataclass(frozen=True, slots=True)
class Step:
    """A player's rating after one game of its pool."""

    game: int
    place: int
    table: int  # players at the table
    games: int  # the player's games in the pool so far, this one included
    rating: int  # the number shown after the game
    move: int  # how far that number moved in the game

    @property
    def rated(self) -> bool:
        """True once the rating has counted enough games to be shown."""
        return self.games >= RATED_AFTER

    @property
    def to_go(self) -> int:
        """Games still needed before the rating is shown."""
        return max(RATED_AFTER - self.games, 0)


def pool_of(result: GameResult, rating_by: str) -> str:
    """The pool a game's rating counts in: its family's key, or "" for the whole league."""
    return result.family if rating_by == "family" else ""


def shown(rating: PlackettLuceRating) -> int:
    """The number shown for an openskill rating: START + SCALE x its ordinal, rounded."""
    return round(rating.ordinal(alpha=SCALE, target=START))


def move_written(move: int, number: Callable[[int], str] = str) -> str:
    """How far a rating moved, always signed: "+12", "−3", "+0"; the whole number written by
    `number` (the web edge gives its language's)."""
    return ("+" if move >= 0 else "\u2212") + number(abs(move))


def rate(results: Iterable[GameResult], rating_by: str) -> dict[str, dict[int, list[Step]]]:
    """Each pool's players' steps, game by game, from the games in the order they were played.

    A game with fewer than two placed players has no order to learn from and is passed over.
    """
    model = PlackettLuce()
    ratings: dict[tuple[str, int], PlackettLuceRating] = {}
    steps: dict[str, dict[int, list[Step]]] = {}
    for result in results:
        if len(result.places) < 2:
            continue
        pool = pool_of(result, rating_by)
        players = [player for player, _place in result.places]
        ranks = [float(place) for _player, place in result.places]
        before = [ratings.get((pool, player)) or model.rating() for player in players]
        after = model.rate([[rating] for rating in before], ranks=ranks)
        kept = steps.setdefault(pool, {})
        for (player, place), old, (new,) in zip(result.places, before, after, strict=True):
            ratings[pool, player] = new
            line = kept.setdefault(player, [])
            number = shown(new)
            line.append(
                Step(result.game, place, len(players), len(line) + 1, number, number - shown(old))
            )
    return steps


def family_name(family: str) -> str:
    """A family of rules by its preset's name, in the language spoken; "" for the league."""
    if not family:
        return ""
    found = PRESETS.get(family)
    return ruleset_name(found) if found is not None else family


def rating_by_choices() -> list[tuple[str, str]]:
    """The ways to pool a league's ratings, for the settings, in the language spoken."""
    return [(key, _(words)) for key, words in RATING_BY.items()]


def rating_by_hint() -> str:
    """What a family of rules is, for the settings."""
    return _(
        "A family of rules is a preset together with the league's own copies of it. With a "
        "rating for each, doing well at one game moves nothing in another."
    )


def rating_words(rating_by: str) -> str:
    """How the rating is worked out, in one short paragraph."""
    words = _(
        "The rating follows each player's places in the games that count, oldest first. "
        "Each place is set against everyone at that table: finishing ahead of others raises "
        "it, most when they are rated higher, and finishing behind lowers it, most when they "
        "are rated lower; a shared place counts as level. So second of eight is a better "
        "result than second of three, and sitting at big or small tables neither helps nor "
        "hurts. It starts unsure and firms up with every game, so it shows once a player has "
        "played %(needed)s games that count."
    ) % {"needed": RATED_AFTER}
    pools = (
        _("Each family of rules (a preset and the league's copies of it) has its own rating.")
        if rating_by == "family"
        else _("One rating covers every game of the league.")
    )
    return " ".join((words, pools))


def waiting_words(step: Step | None) -> str:
    """When a player's rating will show, counted from their last step (None: no game yet)."""
    to_go = step.to_go if step is not None else RATED_AFTER
    return ngettext(
        "Rated after %(needed)s games: %(count)s more game to go.",
        "Rated after %(needed)s games: %(count)s more games to go.",
        to_go,
    ) % {"needed": RATED_AFTER, "count": to_go}
