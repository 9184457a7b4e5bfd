"""When a game does not run straight through: a player leaves, a break, a game abandoned."""

from __future__ import annotations

from datetime import UTC, date, datetime

from scorekeeper import rules
from scorekeeper.models import Game, GameStatus, HandState, Seat, Suspension
from scorekeeper.play import games

GameRefused = games.GameRefused


def today() -> date:
    """Today's date at the table; tests replace this to step over New Year."""
    return date.today()


def player_leaves(game: Game, seat: Seat, from_hand: int) -> None:
    """Record that a player left: they play no hand from `from_hand` on.

    :raises GameRefused: for a game not in play, a hand already scored or past the last,
        a player who already left, or a table that would be left with fewer than two.
    """
    if game.status not in (GameStatus.PLAYING, GameStatus.SUSPENDED):
        raise GameRefused("The game is over; nobody can leave it now.")
    hand = games.current_hand(game)
    if seat.left_from_hand is not None:
        raise GameRefused(f"{seat.player.name} already left from hand {seat.left_from_hand}.")
    last = rules.hand_count(game.rules)
    if hand is None or not hand.number <= from_hand <= last:
        raise GameRefused(
            f"A player can leave from the hand in play ({hand.number if hand else '-'}) "
            f"up to hand {last}; scored hands stay as they are."
        )
    # Counted at the last hand, where everyone who has left (from any hand) is gone.
    remaining = [s for s in games.seats_at_hand(game, last) if s.id != seat.id]
    if len(remaining) < 2:
        raise GameRefused(
            "Fewer than two players would be left at the table. Suspend the game and close "
            "it as incomplete instead."
        )
    seat.left_from_hand = from_hand
    if from_hand == hand.number and hand.dealer_position == seat.position:
        hand.dealer_position = games.dealer_position(game, hand.number)
    games.touch(game)


def suspend(game: Game) -> Suspension:
    """Stop the game between hands.

    :raises GameRefused: when the game is not in play, or the hand in play has begun
        (a May I? or an empty stock recorded for it).
    """
    if game.status != GameStatus.PLAYING:
        raise GameRefused("Only a game in play can be suspended.")
    hand = games.current_hand(game)
    if hand is None or hand.state != HandState.PLAYING:
        raise GameRefused("Only a game in play can be suspended.")
    if hand.claims or hand.stock_renewals:
        raise GameRefused(
            f"Hand {hand.number} is under way. A game stops only between hands: finish and "
            "score this hand first."
        )
    game.status = GameStatus.SUSPENDED
    suspension = Suspension(before_hand=hand.number)
    game.suspensions.append(suspension)
    games.touch(game)
    return suspension


def resume_obstacle(game: Game, on: date) -> str | None:
    """Why the suspended game cannot go on today, or None when it can."""
    if game.status != GameStatus.SUSPENDED:
        return "The game is not suspended."
    if game.rules.fairness.suspension and not rules.can_resume(game.started_on, on):
        return (
            f"The game began in {game.started_on.year}. A suspended game goes on only in the "
            "calendar year it began, so this one can only be closed as incomplete."
        )
    return None


def resume(game: Game, everyone_present: bool, on: date | None = None) -> None:
    """Go on with a suspended game, once the table confirms everyone is back in their seats.

    :raises GameRefused: without that confirmation, or past the calendar year of the start.
    """
    refusal = resume_obstacle(game, on or today())
    if refusal:
        raise GameRefused(refusal)
    if not everyone_present:
        raise GameRefused("Every player must be back, in the same seats, before the game goes on.")
    game.status = GameStatus.PLAYING
    game.suspensions[-1].resumed_at = datetime.now(UTC)
    games.touch(game)


def close_incomplete(game: Game) -> None:
    """Close a suspended game that will not go on: nobody finished it, so it is discarded."""
    if game.status != GameStatus.SUSPENDED:
        raise GameRefused("Only a suspended game can be closed as incomplete.")
    game.status = GameStatus.INCOMPLETE
    game.finished_at = datetime.now(UTC)
    game.discarded = True
    game.end_note = "The game was suspended and never finished, so it counts for nothing."
    for seat in game.seats:
        seat.final_total = None
        seat.place = None
    games.touch(game)
