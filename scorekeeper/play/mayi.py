"""May I? at the table: record a claim within the rule set's limits, or take one back."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.models import Game, Hand, HandState, MayIClaim, Seat
from scorekeeper.play import endings, games
from scorekeeper.rules.language import _
from scorekeeper.rules.mayi import claims_left, expected_hand_size, may_i_allowed


@dataclass(frozen=True)
class HandSize:
    """How many cards a player holds between turns before going down."""

    seat: Seat
    claims: int
    cards: int
    # Claims (or buys) the player may still make in this hand; None when there is no limit.
    left: int | None = None


def claims_by_seat(hand: Hand) -> dict[int, int]:
    """May I?s made in this hand, by seat id."""
    counts: dict[int, int] = {}
    for claim in hand.claims:
        counts[claim.seat_id] = counts.get(claim.seat_id, 0) + 1
    return counts


def hand_sizes(hand: Hand) -> list[HandSize]:
    """Each player's expected number of cards before going down, to settle disputes."""
    rs = hand.game.rules
    counts = claims_by_seat(hand)
    return [
        HandSize(
            seat,
            counts.get(seat.id, 0),
            expected_hand_size(rs, hand.number, counts.get(seat.id, 0)),
            claims_left(rs, hand.number, counts.get(seat.id, 0)),
        )
        for seat in games.seats_at_hand(hand.game, hand.number)
    ]


def record_claim(
    hand: Hand,
    seat: Seat,
    *,
    is_down: bool = False,
    current_player_took: bool = False,
    took_last_discard: bool = False,
) -> MayIClaim:
    """Record a May I? by `seat` in the hand in play, if the rule set allows it.

    :raises GameRefused: with the rule that forbids it, or for a game over or suspended.
    """
    buying = hand.game.rules.may_i.buying
    games.refuse_unless_in_play(
        hand.game, _("recording a buy") if buying else _("recording a May I?")
    )
    if hand.state != HandState.PLAYING:
        raise games.GameRefused(_("Hand %(number)s is not being played.") % {"number": hand.number})
    if seat not in games.seats_at_hand(hand.game, hand.number):
        raise games.GameRefused(
            _("%(name)s is not playing this hand.") % {"name": seat.player.name}
        )
    ruling = may_i_allowed(
        hand.game.rules,
        hand.number,
        claims_by_seat(hand).get(seat.id, 0),
        is_down,
        took_last_discard_by_claim=took_last_discard,
        current_player_took=current_player_took,
    )
    if not ruling.allowed:
        words = (
            _("%(name)s may not buy now. %(reason)s")
            if buying
            else _("%(name)s may not say May I? now. %(reason)s")
        )
        raise games.GameRefused(words % {"name": seat.player.name, "reason": ruling.reason})
    claim = MayIClaim(seat=seat, seat_id=seat.id)  # counted by seat id before it is flushed
    hand.claims.append(claim)
    games.touch(hand.game)
    return claim


def kitty(game: Game) -> int:
    """Pennies in the kitty so far: every buy of the game times the price of a buy."""
    return sum(endings.claims_in_game(game).values()) * game.rules.may_i.price


def take_back(hand: Hand, claim_id: int) -> None:
    """Remove a May I? recorded by mistake in the hand in play."""
    games.refuse_unless_in_play(hand.game, _("taking back a May I?"))
    claim = next((c for c in hand.claims if c.id == claim_id), None)
    if claim is None or hand.state != HandState.PLAYING:
        raise games.GameRefused(_("That May I? is not in the hand being played."))
    hand.claims.remove(claim)
    games.touch(hand.game)
