"""Operations on games: start one, read where it stands, finish it. They flush, never commit."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import UTC, date, datetime

from sqlalchemy import func, select
from sqlalchemy.orm import joinedload, selectinload

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.models import (
    Game,
    GameStatus,
    Hand,
    HandState,
    League,
    LeagueRuleSet,
    Player,
    Seat,
)
from scorekeeper.rules import seating
from scorekeeper.rules.dealing import hand_count, player_count_refusal
from scorekeeper.rules.family import start_refusal
from scorekeeper.rules.language import N_, _
from scorekeeper.rules.storage import ruleset_to_dict
from scorekeeper.rules.suspension import paused_refusal


class GameRefused(Exception):
    """A game that cannot start or go on as asked; the message says why, in plain words."""


STATUS_WORDS = {
    GameStatus.PLAYING: N_("In progress"),
    GameStatus.SUSPENDED: N_("Suspended"),
    GameStatus.FINISHED: N_("Finished"),
    GameStatus.INCOMPLETE: N_("Closed incomplete"),
}
DISCARDED_WORDS = N_("Discarded")


ENDED = (GameStatus.FINISHED, GameStatus.INCOMPLETE)


def is_over(game: Game) -> bool:
    """True once the game has ended: played out, ended early, closed or discarded."""
    return game.status in ENDED


def ended_early(game: Game) -> bool:
    """True for a game that ended before its last hand was scored."""
    return is_over(game) and hands_played(game) < hand_count(game.rules)


def refuse_if_over(game: Game) -> None:
    """Stop a change to a game that has ended; a scored hand is still fixed by `correct_hand`.

    :raises GameRefused: when the game is over.
    """
    if is_over(game):
        words = (
            _(
                "Game %(number)s was discarded: nothing more can be played or recorded in it. "
                "A scored hand can still be fixed from its scoresheet."
            )
            if game.discarded
            else _(
                "Game %(number)s is over: nothing more can be played or recorded in it. "
                "A scored hand can still be fixed from its scoresheet."
            )
        )
        raise GameRefused(words % {"number": game.number})


def refuse_unless_in_play(game: Game, what: str) -> None:
    """Stop recording `what` ("scoring a hand") in a game that has ended or is suspended.

    :raises GameRefused: when the game is over, or suspended between hands.
    """
    refuse_if_over(game)
    if game.status == GameStatus.SUSPENDED:
        raise GameRefused(paused_refusal(what))


def status_words(game: Game) -> str:
    """The game's state in a word or two, as the league page shows it."""
    return _(DISCARDED_WORDS if game.discarded else STATUS_WORDS[game.status])


def start_game(
    league: League,
    ruleset: LeagueRuleSet,
    players: Sequence[Player],
    first_dealer: int | None,
    today: date | None = None,
    start_token: str | None = None,
) -> Game:
    """Seat the players in the given order and deal hand 1.

    :param first_dealer: the seat (0-based) of whoever drew the high card; None picks at random.
    :raises GameRefused: for a player count the rules do not allow, rules of another league,
        a player of another league, a player seated twice, or a dealer who is not at the table.
    """
    rs = ruleset.rules
    if ruleset.league_id != league.id:
        raise GameRefused(_("Those rules belong to another league."))
    refusal = player_count_refusal(rs, len(players)) or start_refusal(rs, len(players))
    if refusal:
        raise GameRefused(refusal)
    if len({p.id for p in players}) != len(players):
        raise GameRefused(_("A player can take only one seat."))
    if any(p.league_id != league.id for p in players):
        raise GameRefused(_("Every player must belong to this league."))
    if first_dealer is None:
        first_dealer = secrets.randbelow(len(players))
    if not 0 <= first_dealer < len(players):
        raise GameRefused(_("The first dealer must be one of the players at the table."))
    last = db.session.scalar(select(func.max(Game.number)).where(Game.league_id == league.id))
    game = Game(
        league=league,
        number=(last or 0) + 1,
        ruleset_id=ruleset.id,
        rules_data=ruleset_to_dict(rs),
        first_dealer_position=first_dealer,
        started_on=today or zones.today_in(league.time_zone),
        status=GameStatus.PLAYING,
        start_token=start_token,
    )
    game.seats = [Seat(player=p, position=i) for i, p in enumerate(players)]
    game.hands = [deal(1, 1, first_dealer)]
    db.session.add(game)
    db.session.flush()
    return game


def game_started_with(token: str) -> Game | None:
    """The game a seating form already started, if any (a second tap on Start)."""
    if not token:
        return None
    return db.session.scalar(select(Game).where(Game.start_token == token))


def load_game(game_id: int) -> Game | None:
    """A game with its league, seats, players, hands, scores, corrections and May I?s, in five
    queries however long the game (None: no such game).

    Every page and operation of one game reads it through here (`access.request_game`).
    A suspended game's suspensions load when its page asks for them, in one more query.
    """
    return db.session.scalar(
        select(Game)
        .where(Game.id == game_id)
        .options(
            joinedload(Game.league),
            selectinload(Game.seats).joinedload(Seat.player),
            selectinload(Game.hands).joinedload(Hand.scores),
            selectinload(Game.hands).selectinload(Hand.corrections),
            selectinload(Game.hands).selectinload(Hand.claims),
        )
    )


def current_hand(game: Game) -> Hand | None:
    """The hand being played, or None once the game is over."""
    if is_over(game):
        return None
    return next((hand for hand in game.hands if hand.state == HandState.PLAYING), None)


def hand_numbered(game: Game, number: int) -> Hand | None:
    """The last deal of hand `number` (a re-deal or re-play is a later attempt), or None
    while it is not dealt."""
    dealt = (hand for hand in game.hands if hand.number == number)
    return max(dealt, key=lambda hand: hand.attempt, default=None)


def dealt_ahead(game: Game, number: int) -> Hand | None:
    """Hand `number`, after the hand in play, as it will be dealt if the table stays as it
    is; None when the game is not in play or too few are left to play it.

    The hand belongs to no game and no session: it is shown, never saved.
    """
    playing = current_hand(game)
    if game.status != GameStatus.PLAYING or playing is None or number <= playing.number:
        return None
    if len(seats_at_hand(game, number)) < 2:
        return None
    return deal(number, 1, dealer_position(game, number))


def scored_hands(game: Game) -> list[Hand]:
    """The game's scored hands in order (re-deals and re-plays left out)."""
    return [hand for hand in game.hands if hand.state == HandState.SCORED]


def seat_totals(game: Game) -> dict[int, int]:
    """Each seat's running total over the scored hands, summed from the game's rows."""
    totals = {seat.id: 0 for seat in game.seats}
    # Ending a game reads them after its first changes: a row read here (of a game not
    # loaded whole) must not flush those half made, so the game's version moves once.
    with db.session.no_autoflush:
        for hand in scored_hands(game):
            for score in hand.scores:
                totals[score.seat_id] = totals.get(score.seat_id, 0) + (score.score or 0)
    return totals


def touch(game: Game) -> None:
    """Mark the game changed, so its version moves and other phones see the change."""
    game.updated_at = datetime.now(UTC)


def left_from(game: Game) -> dict[int, int]:
    """The seats whose players left, each with the first hand they do not play."""
    return {
        seat.position: seat.left_from_hand for seat in game.seats if seat.left_from_hand is not None
    }


def seats_at_hand(game: Game, hand_number: int) -> list[Seat]:
    """The seats that play hand `hand_number`: everyone who has not left before it."""
    seated = seating.seated_for_hand(len(game.seats), left_from(game), hand_number)
    return [seat for seat in game.seats if seat.position in seated]


def dealers(game: Game, before: int | None = None) -> list[int | None]:
    """Who deals each hand of the game, by seat: each hand dealt keeps its dealer (only
    those before hand `before`, when given), and the deal passes left among the players
    still seated; None for a hand too few are left to play."""
    dealt = {
        hand.number: hand.dealer_position
        for hand in game.hands
        if before is None or hand.number < before
    }
    count = hand_count(game.rules)
    return seating.dealers(
        game.first_dealer_position, len(game.seats), count, left_from(game), dealt
    )


def dealer_position(game: Game, hand_number: int) -> int:
    """Who deals hand `hand_number`: the next player still seated to the left of the one who
    dealt the hand before.

    :raises GameRefused: when fewer than two players are left for that hand.
    """
    seat = dealers(game, before=hand_number)[hand_number - 1]
    if seat is None:
        raise GameRefused(
            _("Fewer than two players are left for hand %(number)s.") % {"number": hand_number}
        )
    return seat


def deal_again(hand: Hand) -> Hand:
    """Deal `hand` again: same number, contract and dealer, as a new attempt."""
    again = deal(hand.number, hand.attempt + 1, hand.dealer_position)
    hand.game.hands.append(again)
    return again


def deal(number: int, attempt: int, dealer: int) -> Hand:
    """Hand `number` dealt now by the seat `dealer`, in play.

    It holds no scores, May I?s or corrections yet, and says so: an operation later in the
    same transaction (a league file replays a whole game in one) reads them without a query.
    """
    return Hand(
        number=number,
        attempt=attempt,
        dealer_position=dealer,
        state=HandState.PLAYING,
        scores=[],
        claims=[],
        corrections=[],
    )


def hands_played(game: Game) -> int:
    """How many of the game's hands were scored (re-deals and re-plays are not hands)."""
    return len({hand.number for hand in scored_hands(game)})


def delete_game(game: Game) -> None:
    """Delete a game with its seats, hands and history (the owner's decision)."""
    db.session.delete(game)
    db.session.flush()
