"""Who deals and plays first when some players have left the table."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from scorekeeper.rules.dealing import dealer_for_hand
from scorekeeper.rules.language import _
from scorekeeper.rules.ruleset import RulesError


def next_present(seat: int, players: int, present: Collection[int]) -> int:
    """The first seat from `seat` on, clockwise, whose player is still at the table."""
    if not present:
        raise RulesError(_("Nobody is left at the table."))
    for step in range(players):
        candidate = (seat + step) % players
        if candidate in present:
            return candidate
    raise RulesError(_("Nobody is left at the table."))


def seated_for_hand(players: int, left_from: Mapping[int, int], hand_number: int) -> set[int]:
    """The seats that play hand `hand_number`: everyone but those who left from it or before.

    :param left_from: the seats that left, each with the first hand they do not play.
    """
    return {seat for seat in range(players) if left_from.get(seat, hand_number + 1) > hand_number}


def dealers(
    first_dealer_seat: int,
    players: int,
    hands: int,
    left_from: Mapping[int, int],
    dealt: Mapping[int, int],
) -> list[int | None]:
    """Who deals each hand, 1 to `hands`: the first dealer, then each hand the next player
    still seated to the left of the one who dealt the hand before.

    A hand already dealt keeps its dealer (`dealt`, by hand number: a re-deal is the same
    hand, so the same dealer). A hand fewer than two would play is never dealt (the game
    ends before it): None, and the deal goes on from the last dealer.
    :raises RulesError: for a first dealer who is not a seat of the table.
    """
    dealer_for_hand(first_dealer_seat, 1, players)  # refuses a seat off the table
    found: list[int | None] = []
    last: int | None = None
    for number in range(1, hands + 1):
        seated = seated_for_hand(players, left_from, number)
        if number in dealt:
            last = dealt[number]
            found.append(last)
        elif len(seated) < 2:
            found.append(None)
        else:
            start = first_dealer_seat if last is None else last + 1
            last = next_present(start, players, seated)
            found.append(last)
    return found


def first_player_among(dealer_seat: int, players: int, present: Collection[int]) -> int:
    """Who plays first: the next player still at the table to the dealer's left."""
    return next_present(dealer_seat + 1, players, present)


def rematch_first_dealer(
    first_dealer_seat: int, players: int, present: Collection[int] | None = None
) -> int:
    """Who deals first when the table of a game plays again: the seat to the left of the last
    game's first dealer (the deal keeps passing to the left from game to game), or the next
    one on to the left whose player sits down again.

    :param present: the last game's seats whose players play again (None for all of them).
    :raises RulesError: for a first dealer who is not a seat of the table, or nobody present.
    """
    dealer_for_hand(first_dealer_seat, 1, players)  # refuses a seat off the table
    return next_present(
        first_dealer_seat + 1, players, range(players) if present is None else present
    )
