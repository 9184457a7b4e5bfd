"""The settling up of a finished game played for pennies: who pays whom, and the kitty."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scorekeeper import rules
from scorekeeper.models import Game, GameStatus, Seat
from scorekeeper.play import mayi


@dataclass(frozen=True)
class SettlementRow:
    """One player's money at the end of a game."""

    seat: Seat
    place: int
    buys: int
    by_place: Fraction
    paid_in: int
    kitty_share: Fraction
    net: Fraction


@dataclass(frozen=True)
class Payment:
    """One payment between players, by name."""

    payer: str
    payee: str
    amount: Fraction


@dataclass(frozen=True)
class GameSettlement:
    """The settlement table of a game: rows by place, the payments and the kitty."""

    rows: list[SettlementRow]
    payments: list[Payment]
    kitty: int
    kitty_words: str
    price: int
    # Set when the game cannot be settled (e.g. no schedule row for this table).
    problem: str = ""


def settled_amounts(game: Game) -> rules.SettledGame[int] | None:
    """The rules' settlement of a finished, counted game by seat id; None when there is none.

    :raises RulesError: when the schedule has no row for the game's table.
    """
    rs = game.rules
    if rs.settlement is None or game.status != GameStatus.FINISHED or game.discarded:
        return None
    places = {seat.id: seat.place for seat in game.seats if seat.place is not None}
    if len(places) != len(game.seats):
        return None
    buys = mayi.buys_in_game(game)
    return rules.settle(rs, places, {seat_id: buys.get(seat_id, 0) for seat_id in places})


def build(game: Game) -> GameSettlement | None:
    """The settlement of a finished game played for pennies, or None for any other game."""
    rs = game.rules
    if rs.settlement is None or game.status != GameStatus.FINISHED or game.discarded:
        return None
    split = rules.KITTY_WORDS[rs.settlement.kitty_split]
    try:
        settled = settled_amounts(game)
    except rules.RulesError as error:
        return GameSettlement([], [], 0, split, rs.may_i.price, str(error))
    if settled is None:
        return None
    buys = mayi.buys_in_game(game)
    by_id = {seat.id: seat for seat in game.seats}
    rows = sorted(
        (
            SettlementRow(
                seat=seat,
                place=seat.place or 0,
                buys=buys.get(seat.id, 0),
                by_place=settled.by_place[seat.id],
                paid_in=settled.paid_in[seat.id],
                kitty_share=settled.kitty_shares[seat.id],
                net=settled.net[seat.id],
            )
            for seat in game.seats
        ),
        key=lambda row: (row.place, row.seat.position),
    )
    payments = [
        Payment(by_id[t.payer].player.name, by_id[t.payee].player.name, t.amount)
        for t in settled.transfers
    ]
    return GameSettlement(rows, payments, settled.kitty, split, rs.may_i.price)
