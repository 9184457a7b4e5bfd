"""Who deals and plays first when some players have left the table."""

from __future__ import annotations

from collections.abc import Collection

from scorekeeper.rules.dealing import dealer_for_hand
from scorekeeper.rules.ruleset import RulesError


def next_present(seat: int, players: int, present: Collection[int]) -> int:
    """The first seat from `seat` on, clockwise, whose player is still at the table."""
    if not present:
        raise RulesError("Nobody is left at the table.")
    for step in range(players):
        candidate = (seat + step) % players
        if candidate in present:
            return candidate
    raise RulesError("Nobody is left at the table.")


def dealer_among(
    first_dealer_seat: int, hand_number: int, players: int, present: Collection[int]
) -> int:
    """The dealer of hand `hand_number`: the usual seat, or the next one still at the table."""
    return next_present(dealer_for_hand(first_dealer_seat, hand_number, players), players, present)


def first_player_among(dealer_seat: int, players: int, present: Collection[int]) -> int:
    """Who plays first: the next player still at the table to the dealer's left."""
    return next_present(dealer_seat + 1, players, present)


def rematch_first_dealer(first_dealer_seat: int, players: int, present: Collection[int]) -> int:
    """Who deals first when the same table plays again: the next seat on from the last first
    dealer, still at the table (the deal keeps passing to the left from game to game)."""
    return next_present((first_dealer_seat + 1) % players, players, present)
