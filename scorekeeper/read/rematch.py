"""Playing again: the same table in the same seats, the next seat on dealing first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from scorekeeper.extensions import db
from scorekeeper.models import Game, LeagueRuleSet, Player
from scorekeeper.rules.seating import rematch_first_dealer


@dataclass(frozen=True)
class Rematch:
    """Who sits where in the next game, who deals first, and under which of the league's rules."""

    players: list[Player]
    first_dealer: Player
    ruleset: LeagueRuleSet | None  # None once the league no longer has the game's rules


def first_dealer_after(game: Game, players: Sequence[Player]) -> Player | None:
    """Who of `players` deals first in the game after `game` (Play again and New game alike):
    the rules' `rematch_first_dealer` over `game`'s seats; None when none of them sat at it.
    Only the game's seats are read (with their player ids)."""
    playing = {player.id: player for player in players}
    present = {i for i, seat in enumerate(game.seats) if seat.player_id in playing}
    if not present:
        return None
    seat = rematch_first_dealer(game.first_dealer_position, len(game.seats), present)
    return playing[game.seats[seat].player_id]


def rematch(game: Game) -> Rematch:
    """The next game of this table: everyone who sat down at the start, in the same seats,
    however the game ended (the seating page lets the table take anyone out)."""
    players = [seat.player for seat in game.seats]
    first = first_dealer_after(game, players)
    assert first is not None  # everyone who sat at the game sits down again
    ruleset = db.session.get(LeagueRuleSet, game.ruleset_id) if game.ruleset_id else None
    if ruleset is not None and ruleset.league_id != game.league_id:
        ruleset = None
    return Rematch(players, first, ruleset)
