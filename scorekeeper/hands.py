"""Operations on hands: score one, correct one, record a re-deal. They flush, never commit."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from scorekeeper import games
from scorekeeper.models import Correction, Game, Hand, HandScore, HandState
from scorekeeper.rules.entries import HandCheck, PlayerEntry, check_hand, entry_score


class HandRefused(Exception):
    """The hand cannot be saved as reported; `check` holds the errors and warnings."""

    def __init__(self, check: HandCheck) -> None:
        self.check = check
        super().__init__("; ".join(problem.message for problem in check.errors))


class HandAlreadySaved(Exception):
    """Another phone (or a second tap) saved this hand first; nothing was overwritten."""

    def __init__(self, hand: Hand, same: bool) -> None:
        self.hand = hand
        self.same = same
        super().__init__(f"Hand {hand.number} was already saved.")


def entry_of(score: HandScore) -> PlayerEntry:
    """The report a saved score was computed from."""
    return PlayerEntry(
        went_out=score.went_out,
        tally=dict(score.tally or {}),
        typed_total=score.typed_total,
        missing_cards=score.missing_cards,
        penalty=score.penalty,
        penalty_reason=score.penalty_reason,
        no_score=score.no_score,
    )


def saved_entries(hand: Hand) -> list[PlayerEntry]:
    """The saved report of a hand, in seat order."""
    by_seat = {score.seat_id: score for score in hand.scores}
    return [entry_of(by_seat[seat.id]) for seat in hand.game.seats if seat.id in by_seat]


def _validate(
    game: Game, entries: Sequence[PlayerEntry], stock_ran_out: bool, confirmed: bool
) -> None:
    names = [seat.player.name for seat in game.seats]
    check = check_hand(game.rules, entries, names, stock_ran_out=stock_ran_out)
    if check.errors or (check.warnings and not confirmed):
        raise HandRefused(check)


def _write_scores(hand: Hand, entries: Sequence[PlayerEntry]) -> None:
    rs = hand.game.rules
    by_seat = {score.seat_id: score for score in hand.scores}
    for seat, entry in zip(hand.game.seats, entries, strict=True):
        row = by_seat.get(seat.id)
        if row is None:
            row = HandScore(seat=seat)
            hand.scores.append(row)
        row.tally = {label: n for label, n in entry.tally.items() if n} or None
        row.typed_total = entry.typed_total
        row.missing_cards = entry.missing_cards
        row.penalty = entry.penalty
        row.penalty_reason = entry.penalty_reason.strip() if entry.penalty else ""
        row.went_out = entry.went_out
        row.no_score = entry.no_score
        row.score = entry_score(rs, entry)
        row.posted = False


def score_hand(
    hand: Hand,
    entries: Sequence[PlayerEntry],
    *,
    stock_ran_out: bool,
    confirmed: bool,
    seen_version: int | None = None,
) -> None:
    """Save the hand in play and deal the next one (or finish the game).

    :param seen_version: the hand's version the form was built from; a different one means
        another phone got there first.
    :raises HandAlreadySaved: when the hand is no longer in play or changed since it was seen.
    :raises HandRefused: when the report is incomplete or inconsistent, or has an unusual
        total that was not confirmed.
    """
    game = hand.game
    if hand.state != HandState.PLAYING or (
        seen_version is not None and seen_version != hand.version
    ):
        same = hand.state == HandState.SCORED and saved_entries(hand) == list(entries)
        raise HandAlreadySaved(hand, same)
    _validate(game, entries, stock_ran_out, confirmed)
    _write_scores(hand, entries)
    hand.stock_ran_out = stock_ran_out
    hand.state = HandState.SCORED
    hand.scored_at = datetime.now(UTC)
    games.advance(game, hand)
    games.touch(game)


def is_freely_editable(hand: Hand) -> bool:
    """True until a later hand is scored: the cards have not been mixed, no reason needed."""
    return hand.state == HandState.SCORED and not any(
        other.state == HandState.SCORED and other.number > hand.number for other in hand.game.hands
    )


def snapshot(hand: Hand) -> dict[str, Any]:
    """What a hand's scores are now, by player name, for the history of corrections."""
    by_seat = {score.seat_id: score for score in hand.scores}
    players = {}
    for seat in hand.game.seats:
        score = by_seat.get(seat.id)
        if score is None:
            continue
        players[seat.player.name] = {
            "score": score.score,
            "went_out": score.went_out,
            "tally": dict(score.tally or {}),
            "typed_total": score.typed_total,
            "missing_cards": score.missing_cards,
            "penalty": score.penalty,
            "penalty_reason": score.penalty_reason,
            "no_score": score.no_score,
        }
    return {"stock_ran_out": hand.stock_ran_out, "players": players}


def correct_hand(
    hand: Hand,
    entries: Sequence[PlayerEntry],
    *,
    stock_ran_out: bool,
    confirmed: bool,
    made_by: str,
    reason: str,
    seen_version: int | None = None,
) -> Correction | None:
    """Change a scored hand's report and keep the change in the hand's history.

    The latest scored hand changes freely; an earlier one needs a reason.

    :return: the history entry, or None when nothing changed.
    :raises HandAlreadySaved: when the hand changed since the form was built.
    :raises HandRefused: as for scoring.
    :raises GameRefused: for a hand that is not scored, or an earlier one without a reason.
    """
    if hand.state != HandState.SCORED:
        raise games.GameRefused(f"Hand {hand.number} has no saved score to correct.")
    if seen_version is not None and seen_version != hand.version:
        raise HandAlreadySaved(hand, saved_entries(hand) == list(entries))
    if not is_freely_editable(hand) and not reason.strip():
        raise games.GameRefused(
            f"Later hands are already scored, so changing hand {hand.number} needs the table's "
            "agreement: give the reason."
        )
    _validate(hand.game, entries, stock_ran_out, confirmed)
    before = snapshot(hand)
    _write_scores(hand, entries)
    hand.stock_ran_out = stock_ran_out
    after = snapshot(hand)
    if after == before:
        return None
    hand.updated_at = datetime.now(UTC)  # moves the hand's version for other phones
    correction = Correction(made_by=made_by.strip(), reason=reason.strip(), old=before, new=after)
    hand.corrections.append(correction)
    games.touch(hand.game)
    return correction


def redeal(hand: Hand, reason: str) -> Hand:
    """Record a re-deal of the hand in play: same number, same dealer, no scores.

    :raises GameRefused: for a hand not in play or without a reason.
    """
    if hand.state != HandState.PLAYING:
        raise games.GameRefused(
            f"Hand {hand.number} is not being played, so it cannot be re-dealt."
        )
    if not reason.strip():
        raise games.GameRefused("Say why the hand is dealt again.")
    hand.state = HandState.REDEALT
    hand.note = reason.strip()
    again = Hand(
        number=hand.number,
        attempt=hand.attempt + 1,
        dealer_position=hand.dealer_position,
        state=HandState.PLAYING,
    )
    hand.game.hands.append(again)
    games.touch(hand.game)
    return again
