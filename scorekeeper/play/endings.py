"""A game moving on and ending: the next hand dealt after a hand is scored, or the game ended
(played out, stopped by the table, left too thin) and settled: each seat's final total,
place and pennies. They flush, never commit."""

from __future__ import annotations

from datetime import UTC, datetime

from scorekeeper.models import Game, GameStatus, Hand, HandState, Seat
from scorekeeper.play.games import (
    current_hand,
    deal,
    dealer_position,
    hands_played,
    scored_hands,
    seat_totals,
    seats_at_hand,
    touch,
)
from scorekeeper.rules import settlement
from scorekeeper.rules.dealing import hand_count
from scorekeeper.rules.ending import EndCause, GameEnding, Standing, game_ending
from scorekeeper.rules.language import ENGLISH, speaking
from scorekeeper.rules.ruleset import RulesError


def advance(game: Game, hand: Hand) -> None:
    """After `hand` is scored: deal the next hand, or end the game after the last (or when
    fewer than two players are left to play the next)."""
    if hand.number >= hand_count(game.rules):
        end(game, "played_out")
        return
    number = hand.number + 1
    if len(seats_at_hand(game, number)) < 2:
        end(game, "leavers")
        return
    game.hands.append(deal(number, 1, dealer_position(game, number)))


def ending(game: Game, cause: EndCause, leaving: Seat | None = None) -> GameEnding[int]:
    """What ending the game for `cause` means under its rules, by seat id (changes nothing).

    :param leaving: a player about to leave, counted as not finishing (for a confirmation).
    """
    totals = seat_totals(game)
    standings = {
        seat.id: Standing(
            name=seat.player.name,
            total=totals[seat.id],
            played_every_hand=seat.left_from_hand is None and seat is not leaving,
        )
        for seat in game.seats
    }
    return game_ending(
        standings,
        cause=cause,
        hands_played=hands_played(game),
        hands_in_game=hand_count(game.rules),
        incomplete_game_rule=game.rules.fairness.incomplete_game,
    )


def end(game: Game, cause: EndCause) -> GameEnding[int]:
    """End the game now for `cause`: the hand in play stays unplayed, and the game is settled.

    A game that counts (played out, or ended with its totals standing) is finished; one the
    incomplete-game rule discards is closed incomplete.
    """
    hand = current_hand(game)
    if hand is not None:
        hand.state = HandState.UNPLAYED
        hand.note = "Not played: the game ended."
    # The status first: settling up in pennies is for a game over that counts.
    discarded = ending(game, cause).discarded
    game.status = GameStatus.INCOMPLETE if discarded else GameStatus.FINISHED
    result = settle(game, cause)
    game.finished_at = datetime.now(UTC)
    touch(game)
    return result


def settle(game: Game, cause: EndCause | None = None) -> GameEnding[int]:
    """Write each seat's final total and place, and whether the game is discarded.

    A player who left gets a total posted by the incomplete-game rule; with fewer than two
    finishers the game is discarded and counts in no standings. Without a `cause` (a hand of
    an ended game was fixed), the game is settled again and keeps the words it ended with,
    unless it was played out.
    """
    played_out = hands_played(game) == hand_count(game.rules)
    cause = cause or ("played_out" if played_out else None)
    result = ending(game, cause or "agreement")
    if cause is not None:
        with speaking(ENGLISH):  # kept in English, as every word stored is
            game.end_note = ending(game, cause).note
    game.discarded = result.discarded
    hands_out = dict.fromkeys((seat.id for seat in game.seats), 0)
    posted_hands = hands_out.copy()
    for hand in scored_hands(game):
        for score in hand.scores:
            if score.went_out:
                hands_out[score.seat_id] = hands_out.get(score.seat_id, 0) + 1
            if score.posted:
                posted_hands[score.seat_id] = posted_hands.get(score.seat_id, 0) + 1
    by_seat = {row.key: row for row in result.rows}
    for seat in game.seats:
        row = by_seat[seat.id]
        seat.final_total = row.total
        seat.total_posted = row.posted
        seat.place = row.place
        seat.hands_out = hands_out[seat.id]
        seat.posted_hands = posted_hands[seat.id]
    _settle_pennies(game)
    return result


# The hands whose May I?s (or buys) count: scored, in play, or left unplayed when the game
# ended (its buys were paid all the same). Re-dealt and re-played attempts are left out:
# their cards went back into the pack.
CLAIMS_COUNT_IN = (HandState.SCORED, HandState.PLAYING, HandState.UNPLAYED)


def claims_in_game(game: Game) -> dict[int, int]:
    """May I?s (or buys) each seat made in the hands they count in (`CLAIMS_COUNT_IN`)."""
    counts = {seat.id: 0 for seat in game.seats}
    for hand in game.hands:
        if hand.state in CLAIMS_COUNT_IN:
            for claim in hand.claims:
                counts[claim.seat_id] = counts.get(claim.seat_id, 0) + 1
    return counts


def _settle_pennies(game: Game) -> None:
    """Write each seat's net in pennies when a game played for pennies is over and counts."""
    rs = game.rules
    for seat in game.seats:
        seat.net_parts = None
    if rs.settlement is None or game.discarded or game.status != GameStatus.FINISHED:
        return
    places = {seat.id: seat.place for seat in game.seats if seat.place is not None}
    try:
        settled = settlement.settle(rs, places, claims_in_game(game))
    except RulesError:
        return  # no schedule row for this table: the game-over screen says so
    for seat in game.seats:
        seat.net_parts = settlement.net_parts(settled.net[seat.id])
