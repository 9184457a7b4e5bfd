"""When a game does not run straight through: a player leaves, a break, a game abandoned."""

from __future__ import annotations

from datetime import UTC, date, datetime

from scorekeeper import zones
from scorekeeper.models import Game, GameStatus, HandState, Seat, Suspension
from scorekeeper.play import endings, games
from scorekeeper.rules.dealing import hand_count
from scorekeeper.rules.ending import EndCause, GameEnding
from scorekeeper.rules.language import _
from scorekeeper.rules.suspension import resume_refusal

GameRefused = games.GameRefused


def today(game: Game) -> date:
    """Today's date at the table, in its league's time zone; tests replace this to step over
    New Year."""
    return zones.today_in(game.league.time_zone)


def player_leaves(game: Game, seat: Seat, from_hand: int) -> GameEnding[int] | None:
    """Record that a player left: they play no hand from `from_hand` on.

    When that leaves fewer than two players for the hand in play, the game ends here under
    the incomplete-game rule (a later hand with fewer than two ends it when it comes).

    :return: how the game ended, when this leave ended it.
    :raises GameRefused: for a game over, a hand already scored or past the last, or a player
        who already left.
    """
    games.refuse_if_over(game)
    hand = games.current_hand(game)
    if seat.left_from_hand is not None:
        raise GameRefused(
            _("%(name)s already left from hand %(number)s.")
            % {"name": seat.player.name, "number": seat.left_from_hand}
        )
    last = hand_count(game.rules)
    if hand is None:
        raise GameRefused(_("A player can leave only while a hand is dealt."))
    if not hand.number <= from_hand <= last:
        raise GameRefused(
            _(
                "A player can leave from the hand in play (%(number)s) up to hand %(last)s; "
                "scored hands stay as they are."
            )
            % {"number": hand.number, "last": last}
        )
    seat.left_from_hand = from_hand
    games.touch(game)
    if len(games.seats_at_hand(game, hand.number)) < 2:
        return endings.end(game, "leavers")
    if from_hand == hand.number and hand.dealer_position == seat.position:
        hand.dealer_position = games.dealer_position(game, hand.number)
    return None


def leave_ending(game: Game, seat: Seat, from_hand: int) -> GameEnding[int] | None:
    """How the game would end if this player left now, when that leaves fewer than two
    players for the hand in play; None when the game would go on (changes nothing)."""
    hand = games.current_hand(game)
    if hand is None or from_hand != hand.number or seat.left_from_hand is not None:
        return None
    if len([s for s in games.seats_at_hand(game, hand.number) if s.id != seat.id]) >= 2:
        return None
    return endings.ending(game, "leavers", leaving=seat)


def suspend(game: Game) -> Suspension:
    """Stop the game between hands.

    :raises GameRefused: when the game is not in play, or the hand in play has begun
        (a May I? or an empty stock recorded for it).
    """
    games.refuse_if_over(game)
    if game.status != GameStatus.PLAYING:
        raise GameRefused(_("The game is already suspended."))
    hand = games.current_hand(game)
    if hand is None or hand.state != HandState.PLAYING:
        raise GameRefused(_("Only a game in play can be suspended."))
    if hand.claims or hand.stock_renewals or hand.stock_ran_out:
        raise GameRefused(
            _(
                "Hand %(number)s is under way. A game stops only between hands: finish and "
                "score this hand first."
            )
            % {"number": hand.number}
        )
    game.status = GameStatus.SUSPENDED
    suspension = Suspension(before_hand=hand.number)
    game.suspensions.append(suspension)
    games.touch(game)
    return suspension


def resume_obstacle(game: Game, on: date, everyone_back: bool = True) -> str | None:
    """Why the suspended game cannot go on today, or None when it can (the suspension rule)."""
    if games.is_over(game):
        return _("The game is over, so it cannot be resumed.")
    if game.status != GameStatus.SUSPENDED:
        return _("The game is not suspended.")
    return resume_refusal(game.rules, game.started_on, on, everyone_back)


def resume(game: Game, everyone_present: bool, on: date | None = None) -> None:
    """Go on with a suspended game, once the table confirms everyone is back in their seats.

    :raises GameRefused: without that confirmation, or past the calendar year of the start.
    """
    refusal = resume_obstacle(game, on or today(game), everyone_present)
    if refusal:
        raise GameRefused(refusal)
    game.status = GameStatus.PLAYING
    game.suspensions[-1].resumed_at = datetime.now(UTC)
    games.touch(game)


def end_cause(game: Game) -> EndCause:
    """Why the table ends the game now: by agreement, or a suspended game that did not go on."""
    return "not_resumed" if game.status == GameStatus.SUSPENDED else "agreement"


def ending_preview(game: Game) -> GameEnding[int]:
    """What ending the game here would do, for the confirmation (changes nothing).

    :raises GameRefused: when the game is already over.
    """
    games.refuse_if_over(game)
    return endings.ending(game, end_cause(game))


def end_game(game: Game) -> GameEnding[int]:
    """End the game here, between hands or with a hand in play (that hand stays unplayed).

    The incomplete-game rule decides the outcome: usually nobody has played every hand, so
    the game is discarded; it stays in the history.
    :raises GameRefused: when the game is already over.
    """
    games.refuse_if_over(game)
    return endings.end(game, end_cause(game))


def close_incomplete(game: Game) -> GameEnding[int]:
    """Close a suspended game that will not go on, under the incomplete-game rule."""
    games.refuse_if_over(game)
    if game.status != GameStatus.SUSPENDED:
        raise GameRefused(_("Only a suspended game can be closed this way: end it from the table."))
    return endings.end(game, "not_resumed")
