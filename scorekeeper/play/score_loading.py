"""What scoring a hand reads, loaded in as few queries as it needs.

The access check of the score form reads the game's row alone; the form and the save load
the game with its seats and hands, and a save that ends the game every hand's scores. They
change and commit nothing.
"""

from __future__ import annotations

from sqlalchemy import inspect, select
from sqlalchemy.orm import joinedload
from sqlalchemy.orm.attributes import set_committed_value

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandScore, Seat
from scorekeeper.play import games
from scorekeeper.read import snapshot


def load_game(game_id: int) -> Game | None:
    """The game as models with what scoring its hand in play reads: its row, seats with
    their players, and hands, in three queries (None: no such game)."""
    game = db.session.get(Game, game_id)
    if game is not None:
        load_for_scoring(game)
    return game


def load_for_scoring(game: Game) -> None:
    """Load what scoring a hand of `game` reads beside the game's row: its seats with their
    players and its hands, in two queries (what is loaded already is left as it is).

    The hands' scores, corrections and May I?s load only when asked for: saving the hand in
    play writes its rows without reading any, and a save that ends the game reads every
    hand's scores at once (`load_scores`).
    """
    unloaded = inspect(game).unloaded
    if "seats" in unloaded:
        seats = db.session.scalars(
            select(Seat)
            .where(Seat.game_id == game.id)
            .options(joinedload(Seat.player))
            .order_by(Seat.position)
        )
        set_committed_value(game, "seats", list(seats))
    if "hands" in unloaded:
        found = db.session.scalars(
            select(Hand).where(Hand.game_id == game.id).order_by(Hand.number, Hand.attempt)
        )
        set_committed_value(game, "hands", list(found))


def load_scores(game: Game) -> None:
    """Load the scores of each of the game's hands that does not hold them yet, in one query.

    Without a flush: the rows in hand are enough, and a flush here would move the game's
    version a second time in the request that ends it.
    """
    missing = [
        hand for hand in game.hands if hand.id is not None and "scores" in inspect(hand).unloaded
    ]
    if not missing:
        return
    by_hand: dict[int, list[HandScore]] = {hand.id: [] for hand in missing}
    with db.session.no_autoflush:
        rows = db.session.scalars(
            select(HandScore).where(HandScore.hand_id.in_(by_hand)).order_by(HandScore.id)
        )
        for row in rows:
            by_hand[row.hand_id].append(row)
    for hand in missing:
        set_committed_value(hand, "scores", by_hand[hand.id])


def ends_game(game: Game, hand: Hand) -> bool:
    """True when scoring `hand` ends the game, as `games.advance` decides it (this only says
    what to load at once; the game's end is decided there)."""
    if hand.number >= rules.hand_count(game.rules):
        return True
    return len(games.seats_at_hand(game, hand.number + 1)) < 2


def with_table(game: snapshot.GameSnapshot) -> snapshot.GameSnapshot:
    """The game's row (as the access check read it) with its seats and their players, and
    its hands, read in two Core queries: what the score form shows and what saving the hand
    in play reads (`score_saving`). The hands carry no scores, May I?s or corrections."""
    connection = db.session.connection()
    given = {"game_id": game.id}
    seats = []
    for values in connection.execute(snapshot.SEATS, given).mappings():
        seat = snapshot.SeatRow(dict(values))
        seat.player = snapshot.PlayerRow(
            {"id": seat.player_id, "name": seat.__dict__.pop("player_name")}
        )
        seat.game = game
        seats.append(seat)
    hands = []
    for values in connection.execute(snapshot.HANDS, given).mappings():
        hand = snapshot.HandRow(dict(values))
        hand.game = game
        hands.append(hand)
    game.seats, game.hands = seats, hands
    return game
