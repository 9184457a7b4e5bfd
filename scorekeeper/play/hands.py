"""Operations on hands: score one, correct one, record a re-deal. They flush, never commit."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorekeeper.extensions import db
from scorekeeper.models import Correction, Game, Hand, HandScore, HandState, Seat
from scorekeeper.play import endings, games
from scorekeeper.rules import corrections, missing_score
from scorekeeper.rules.dealing import stock_gone_words, stock_run_out, stock_words
from scorekeeper.rules.entries import (
    HandCheck,
    PlayerEntry,
    Problem,
    check_hand,
    entry_facts,
    entry_score,
)
from scorekeeper.rules.language import _
from scorekeeper.rules.ruleset import RulesError


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
        super().__init__(_("Hand %(number)s was already saved.") % {"number": hand.number})


@dataclass(frozen=True)
class Saved:
    """What happened to a reported hand: scored, or sent back to be played again."""

    replayed: bool
    reason: str = ""


def entry_of(score: HandScore) -> PlayerEntry:
    """The report a saved score was computed from."""
    return PlayerEntry(
        went_out=score.went_out,
        tally=dict(score.tally or {}),
        typed_total=score.typed_total,
        short_cards=score.short_cards,
        penalty=score.penalty,
        penalty_reason=score.penalty_reason,
        no_score=score.no_score,
    )


def saved_entries(hand: Hand) -> list[PlayerEntry]:
    """The saved report of a hand, for every player who has a row in it, in seat order.

    (A player who later left from a re-played hand's number keeps their row of that attempt.)
    """
    by_seat = {score.seat_id: score for score in hand.scores}
    return [entry_of(by_seat[seat.id]) for seat in hand.game.seats if seat.id in by_seat]


def same_report(hand: Hand, entries: Sequence[PlayerEntry]) -> bool:
    """True when `entries` is exactly the report already saved for the hand."""
    return saved_entries(hand) == [entry.normalised() for entry in entries]


def hand_seats(hand: Hand) -> list[Seat]:
    """The seats that play this hand: everyone who has not left the game before it."""
    return games.seats_at_hand(hand.game, hand.number)


def check_report(
    hand: Hand, entries: Sequence[PlayerEntry], stock_ran_out: bool, confirmed: bool
) -> missing_score.HandVerdict[int]:
    """Check the report and score it under the missing-score rule; raise if it is refused."""
    rs = hand.game.rules
    names = [seat.player.name for seat in hand_seats(hand)]
    check = check_hand(rs, entries, names, stock_ran_out=stock_ran_out, hand_number=hand.number)
    if check.errors or (check.warnings and not confirmed):
        raise HandRefused(check)
    reported: dict[int, missing_score.HandEntry] = {}
    for i, entry in enumerate(entries):
        score = entry_score(rs, entry, hand.number)
        reported[i] = missing_score.MISSING if score is None else score
    try:
        return missing_score.missing_score_verdict(
            reported, missing_score_rule=rs.fairness.missing_score
        )
    except RulesError as error:
        raise HandRefused(HandCheck((Problem(str(error)),), ())) from error


def row_facts(
    hand: Hand,
    index: int,
    given: PlayerEntry,
    verdict: missing_score.HandVerdict[int],
    keep_scores: bool = True,
) -> dict[str, Any]:
    """The columns of the score row of the player in seat `index` of the hand's table."""
    entry = given.normalised()
    scored = verdict.scores.get(index)
    return {
        "tally": dict(entry.tally) or None,
        "typed_total": entry.typed_total,
        "short_cards": entry.short_cards,
        "penalty": entry.penalty,
        "penalty_reason": entry.penalty_reason,
        "went_out": entry.went_out,
        "no_score": entry.no_score,
        "score": (scored.score if scored else entry_score(hand.game.rules, entry, hand.number))
        if keep_scores
        else None,
        "posted": bool(scored and scored.posted),
    }


def _write_scores(
    hand: Hand,
    entries: Sequence[PlayerEntry],
    verdict: missing_score.HandVerdict[int],
    keep_scores: bool = True,
) -> None:
    """Write each player's report and score (none when the hand is to be played again):
    a new row for a player who has none, the saved row changed in place (a correction)."""
    by_seat = {score.seat_id: score for score in hand.scores}
    for index, (seat, given) in enumerate(zip(hand_seats(hand), entries, strict=True)):
        facts = row_facts(hand, index, given, verdict, keep_scores)
        row = by_seat.get(seat.id)
        if row is None:
            # By the seat's id, as the rows are read before they are flushed.
            hand.scores.append(HandScore(seat_id=seat.id, **facts))
        else:
            for name, value in facts.items():
                setattr(row, name, value)


def score_hand(
    hand: Hand,
    entries: Sequence[PlayerEntry],
    *,
    stock_ran_out: bool,
    confirmed: bool,
) -> Saved:
    """Save the hand in play and deal the next one (or finish the game).

    When a missing score cannot be posted (fewer than two given scores), the report is kept
    and the same hand is dealt again by the same dealer.

    :raises HandAlreadySaved: when the hand is no longer in play.
    :raises HandRefused: when the report is incomplete or inconsistent, or has an unusual
        total that was not confirmed.
    :raises GameRefused: when the game is suspended or over.
    """
    game = hand.game
    # A May I? or an empty stock recorded meanwhile moves the version but saves no score:
    # only a hand that is no longer in play was saved by someone else.
    if hand.state == HandState.SCORED:
        raise HandAlreadySaved(hand, same_report(hand, entries))
    games.refuse_if_over(game)
    if hand.state != HandState.PLAYING:
        raise HandAlreadySaved(hand, False)
    games.refuse_unless_in_play(game, _("scoring a hand"))
    verdict = check_report(hand, entries, stock_ran_out, confirmed)
    # A row read on the way (of a game not loaded whole) must not flush the save half made:
    # it is sent whole, so the hand's and the game's versions move once.
    with db.session.no_autoflush:
        _write_scores(hand, entries, verdict, keep_scores=not verdict.replay)
        hand.stock_ran_out = stock_ran_out
        hand.scored_at = datetime.now(UTC)
        games.touch(game)
        if verdict.replay:
            hand.state = HandState.REPLAYED
            hand.note = verdict.note  # kept in English, whoever scored it
            games.deal_again(hand)
        else:
            hand.state = HandState.SCORED
            endings.advance(game, hand)
    return Saved(replayed=verdict.replay, reason=verdict.reason)


def correction_terms(
    hand: Hand, *, corrections_rule: bool | None = None
) -> corrections.CorrectionTerms:
    """What fixing this scored hand asks of the table, under the game's rules (or, with
    `corrections_rule`, as if the league kept or dropped fairness rule 4)."""
    game = hand.game
    last_scored = max((h.number for h in games.scored_hands(game)), default=hand.number)
    keeps = game.rules.fairness.corrections if corrections_rule is None else corrections_rule
    return corrections.correction_terms(
        hand.number, last_scored, ended_early=games.ended_early(game), corrections_rule=keeps
    )


def fixable_hands(game: Game, *, owner: bool) -> set[int]:
    """The ids of the scored hands a visitor may open to fix: the owner any of them; the
    table's scorers, while the game goes on, those still freely editable."""
    if owner:
        return {hand.id for hand in games.scored_hands(game)}
    if games.is_over(game):
        return set()
    return {hand.id for hand in games.scored_hands(game) if is_freely_editable(hand)}


def is_freely_editable(hand: Hand) -> bool:
    """True while a scored hand's cards are not mixed: no reason or agreement is needed."""
    if hand.state != HandState.SCORED:
        return False
    return not correction_terms(hand, corrections_rule=True).needs_agreement


def score_facts(score: HandScore) -> dict[str, Any]:
    """One player's saved report and score, as plain data (history, league files)."""
    return {**entry_facts(entry_of(score)), "score": score.score, "posted": score.posted}


def snapshot(hand: Hand) -> dict[str, Any]:
    """What a hand's scores are now, by player name, for the history of corrections."""
    by_seat = {score.seat_id: score for score in hand.scores}
    players = {
        seat.player.name: score_facts(by_seat[seat.id])
        for seat in hand.game.seats
        if seat.id in by_seat
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
    agreed: bool = False,
    seen_version: int | None = None,
) -> Correction | None:
    """Change a scored hand's report and keep the change in the hand's history.

    The latest scored hand of a game going on changes freely; once its cards are mixed (a
    later hand scored, or the game over) a fix needs the table's agreement and a reason, when
    the league keeps the corrections rule. An ended game is settled again: totals, places and
    so the standings follow.

    :return: the history entry, or None when nothing changed.
    :raises HandAlreadySaved: when the hand changed since the form was built.
    :raises HandRefused: as for scoring, and when the change would need a re-play.
    :raises GameRefused: for a hand that is not scored, or an earlier one without a reason.
    """
    game = hand.game
    if hand.state != HandState.SCORED:
        raise games.GameRefused(
            _("Hand %(number)s has no saved score to correct.") % {"number": hand.number}
        )
    if seen_version is not None and seen_version != hand.version:
        raise HandAlreadySaved(hand, same_report(hand, entries))
    terms = correction_terms(hand)
    if terms.needs_agreement and not (agreed and reason.strip()):
        raise games.GameRefused(terms.refusal(hand.number))
    verdict = check_report(hand, entries, stock_ran_out, confirmed)
    if verdict.replay:
        words = _("With this change too few players gave a score. %(reason)s")
        raise HandRefused(HandCheck((Problem(words % {"reason": verdict.reason}),), ()))
    before = snapshot(hand)
    _write_scores(hand, entries, verdict)
    hand.stock_ran_out = stock_ran_out
    after = snapshot(hand)
    if after == before:
        return None
    hand.updated_at = datetime.now(UTC)  # moves the hand's version for other phones
    correction = Correction(made_by=made_by.strip(), reason=reason.strip(), old=before, new=after)
    hand.corrections.append(correction)
    if games.is_over(game):
        endings.settle(game)
    games.touch(game)
    return correction


def redeal(hand: Hand, reason: str) -> Hand:
    """Record a re-deal of the hand in play: same number, same dealer, no scores.

    :raises GameRefused: for a game over or suspended, a hand not in play, or no reason.
    """
    games.refuse_unless_in_play(hand.game, _("dealing a hand again"))
    if hand.state != HandState.PLAYING:
        raise games.GameRefused(
            _("Hand %(number)s is not being played, so it cannot be re-dealt.")
            % {"number": hand.number}
        )
    if not reason.strip():
        raise games.GameRefused(_("Say why the hand is dealt again."))
    hand.state = HandState.REDEALT
    hand.note = reason.strip()
    games.touch(hand.game)
    return games.deal_again(hand)


def renew_stock(hand: Hand) -> str:
    """Record that the stock ran out during the hand in play; say what the rules prescribe.

    The stock is renewed as the rule set says, and counted; when it may not be renewed again,
    the hand is marked as ended with the stock gone, for the score form.
    :raises GameRefused: for a game over or suspended, a hand not in play, or a stock already
        gone for good.
    """
    games.refuse_unless_in_play(hand.game, _("recording that the stock ran out"))
    if hand.state != HandState.PLAYING:
        raise games.GameRefused(_("Hand %(number)s is not being played.") % {"number": hand.number})
    if hand.stock_ran_out:
        raise games.GameRefused(
            _("The stock is already gone for good: hand %(number)s is over. Score it.")
            % {"number": hand.number}
        )
    run_out = stock_run_out(hand.game.rules.stock, hand.stock_renewals)
    if run_out.renewed:
        hand.stock_renewals += 1
    else:
        hand.stock_ran_out = True
    games.touch(hand.game)
    return run_out.words


def stock_renewal_words(hand: Hand) -> str:
    """What the table does about the stock in the hand in play, after what is recorded."""
    if hand.stock_ran_out:
        return stock_gone_words()
    return stock_words(hand.game.rules.stock)


def stock_exhausted(hand: Hand) -> bool:
    """True when the stock ran out for good in the hand in play: it ends with nobody out."""
    return hand.stock_ran_out
