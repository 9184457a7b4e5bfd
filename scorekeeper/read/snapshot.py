"""A game as the table screen reads it: plain objects from a few Core queries.

Loading a game through the ORM (`games.load_game`) costs several milliseconds in identity-map
and loader work for rows SQLite returns in a fraction of one. A page that only reads can take
this snapshot instead: the same rows, read fresh from the database on every request (nothing
is kept between requests), as plain objects that carry the models' attribute names
(`game.seats[0].player.name`, `hand.scores`, `hand.claims[-1].seat`, `game.rules`), so the
read models (`scoresheet.build`, `hand_card`, `mayi.hand_sizes`, ...) take either.

It holds what the table screen and the scoresheet page show: the game and its league's id,
name and owner, the seats and their players, every hand with its scores and May I?s, and which
hands were corrected (for the scoresheet, each correction in full); a suspended game's
suspensions are read when asked for. It is never changed or saved.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from sqlalchemy import Text, bindparam, cast, select

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import (
    Correction,
    Game,
    Hand,
    HandScore,
    League,
    MayIClaim,
    Player,
    Seat,
    Suspension,
)
from scorekeeper.models.base import ruleset_of_text


class Row:
    """A row's columns as attributes."""

    def __init__(self, values: dict[str, Any]) -> None:
        self.__dict__.update(values)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.__dict__.get('id')}>"


class LeagueRow(Row):
    """The league of the game: its id, name and owner (all the access check needs), and its
    paper size (the printed sheets')."""


class PlayerRow(Row):
    """A seated player: id and name."""


class SeatRow(Row):
    """A seat, with `player` and `game`."""


class ScoreRow(Row):
    """One player's score in a hand, with `hand` and `seat`."""


class ClaimRow(Row):
    """A May I? (or buy), with `hand` and `seat`."""


class CorrectionMark(Row):
    """That a hand was corrected: the correction's id (the table screen marks the hand)."""


class CorrectionRow(Row):
    """A correction in full (who, when, why, old and new), with `hand`: the history."""


class HandRow(Row):
    """A hand, with `game`, `scores`, `claims` and `corrections`."""


class GameSnapshot(Row):
    """The game, with `league`, `seats`, `hands` and (when suspended) `suspensions`."""

    @cached_property
    def rules(self) -> rules.RuleSet:
        """The game's own rule set (read once per distinct stored text)."""
        return ruleset_of_text(self.rules_text)

    @cached_property
    def suspensions(self) -> list[Row]:
        """The game's suspensions, read when first asked for (a suspended game's page)."""
        found = db.session.connection().execute(SUSPENSIONS, {"game_id": self.id}).mappings()
        return [Row(dict(values)) for values in found]


def _columns(model: type, *leave_out: str) -> list[Any]:
    return [column for column in model.__table__.c if column.name not in leave_out]


GAME_ID = bindparam("game_id")
_GAME = select(
    *_columns(Game, "rules_data"),
    cast(Game.__table__.c.rules_data, Text).label("rules_text"),
    League.name.label("league_name"),
    League.owner_id.label("league_owner_id"),
    League.paper_size.label("league_paper_size"),
).join(League, League.id == Game.league_id)
GAME_ROW = _GAME.where(Game.id == GAME_ID)
SEATS = (
    select(*_columns(Seat), Player.name.label("player_name"))
    .join(Player, Player.id == Seat.player_id)
    .where(Seat.game_id == GAME_ID)
    .order_by(Seat.position)
)
HANDS = select(*_columns(Hand)).where(Hand.game_id == GAME_ID).order_by(Hand.number, Hand.attempt)
SCORES = (
    select(*_columns(HandScore))
    .join(Hand, Hand.id == HandScore.hand_id)
    .where(Hand.game_id == GAME_ID)
    .order_by(HandScore.id)
)
CLAIMS = (
    select(MayIClaim.id, MayIClaim.hand_id, MayIClaim.seat_id)
    .join(Hand, Hand.id == MayIClaim.hand_id)
    .where(Hand.game_id == GAME_ID)
    .order_by(MayIClaim.id)
)
CORRECTED = (
    select(Correction.id, Correction.hand_id)
    .join(Hand, Hand.id == Correction.hand_id)
    .where(Hand.game_id == GAME_ID)
    .order_by(Correction.id)
)
HISTORY = (
    select(*_columns(Correction))
    .join(Hand, Hand.id == Correction.hand_id)
    .where(Hand.game_id == GAME_ID)
    .order_by(Correction.id)
)
SUSPENSIONS = (
    select(*_columns(Suspension)).where(Suspension.game_id == GAME_ID).order_by(Suspension.id)
)


def load_row(game_id: int) -> GameSnapshot | None:
    """The game's own row and its league's id and owner, in one query (no seats or hands)."""
    connection = db.session.connection()
    found = connection.execute(GAME_ROW, {"game_id": game_id}).mappings().first()
    if found is None:
        return None
    values = dict(found)
    league = LeagueRow(
        {
            "id": values["league_id"],
            "name": values.pop("league_name"),
            "owner_id": values.pop("league_owner_id"),
            "paper_size": values.pop("league_paper_size"),
        }
    )
    return GameSnapshot({**values, "league": league})


def load(game_id: int, *, history: bool = False) -> GameSnapshot | None:
    """The game with everything the table screen shows, in six queries.

    :param history: read each correction in full (the scoresheet's history), not only that
        the hand was corrected.
    """
    game = load_row(game_id)
    if game is None:
        return None
    connection = db.session.connection()
    given = {"game_id": game_id}
    seats = []
    for values in connection.execute(SEATS, given).mappings():
        seat = SeatRow(dict(values))
        seat.player = PlayerRow({"id": seat.player_id, "name": seat.__dict__.pop("player_name")})
        seat.game = game
        seats.append(seat)
    by_seat = {seat.id: seat for seat in seats}
    hands = [HandRow(dict(values)) for values in connection.execute(HANDS, given).mappings()]
    by_hand = {}
    for hand in hands:
        hand.game, hand.scores, hand.claims, hand.corrections = game, [], [], []
        by_hand[hand.id] = hand
    for values in connection.execute(SCORES, given).mappings():
        score = ScoreRow(dict(values))
        score.hand, score.seat = by_hand[score.hand_id], by_seat[score.seat_id]
        score.hand.scores.append(score)
    for values in connection.execute(CLAIMS, given).mappings():
        claim = ClaimRow(dict(values))
        claim.hand, claim.seat = by_hand[claim.hand_id], by_seat[claim.seat_id]
        claim.hand.claims.append(claim)
    if history:
        for values in connection.execute(HISTORY, given).mappings():
            correction = CorrectionRow(dict(values))
            correction.hand = by_hand[correction.hand_id]
            correction.hand.corrections.append(correction)
    else:
        for values in connection.execute(CORRECTED, given).mappings():
            by_hand[values["hand_id"]].corrections.append(CorrectionMark(dict(values)))
    game.seats, game.hands = seats, hands
    return game
