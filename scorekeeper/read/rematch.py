"""Playing again: the same table in the same seats, the next seat on dealing first."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import Game, LeagueRuleSet, Player


@dataclass(frozen=True)
class Rematch:
    """Who sits where in the next game, who deals first, and under which of the league's rules."""

    players: list[Player]
    first_dealer: Player
    ruleset: LeagueRuleSet | None  # None once the league no longer has the game's rules


def rematch(game: Game) -> Rematch:
    """The next game of this table: everyone who sat down at the start, in the same seats,
    however the game ended (the seating page lets the table take anyone out)."""
    first = rules.rematch_first_dealer(game.first_dealer_position, len(game.seats))
    ruleset = db.session.get(LeagueRuleSet, game.ruleset_id) if game.ruleset_id else None
    if ruleset is not None and ruleset.league_id != game.league_id:
        ruleset = None
    return Rematch([seat.player for seat in game.seats], game.seats[first].player, ruleset)
