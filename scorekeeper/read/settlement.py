"""The settling up of a game over played for pennies: who pays whom, and the kitty."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from scorekeeper.models import Game, Seat
from scorekeeper.play import endings, games
from scorekeeper.rules.ending import GameEnding
from scorekeeper.rules.ending_money import Amount, money_at_end
from scorekeeper.rules.language import _
from scorekeeper.rules.ruleset import RulesError
from scorekeeper.rules.settlement import KITTY_WORDS, pennies


@dataclass(frozen=True)
class SettlementRow:
    """One player's money at the end of a game (no place when the game is discarded)."""

    seat: Seat
    place: int | None
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
    """The settlement table of a game: rows by place, the payments and the kitty, in words."""

    rows: list[SettlementRow]
    payments: list[Payment]
    kitty: int
    kitty_words: str
    price: int
    # What the ending does to the pennies, and who pays or takes what, one line each.
    headline: str = ""
    lines: tuple[str, ...] = ()
    kitty_returned: bool = False
    # Set when the game cannot be settled (e.g. no schedule row for this table).
    problem: str = ""


def build(game: Game, amount: Amount = pennies) -> GameSettlement | None:
    """The settling up of a game over played for pennies, or None for any other game; its
    sentences write each amount with `amount` (the page's language's numbers)."""
    if game.rules.settlement is None or not games.is_over(game):
        return None
    places = {seat.id: seat.place for seat in game.seats}
    return _settlement(game, places, discarded=game.discarded, amount=amount)


def preview(game: Game, ending: GameEnding[int], amount: Amount = pennies) -> GameSettlement | None:
    """What `ending` would do to the pennies, for its confirmation (changes nothing)."""
    if game.rules.settlement is None:
        return None
    places = {row.key: row.place for row in ending.rows}
    return _settlement(game, places, discarded=ending.discarded, amount=amount)


def _settlement(
    game: Game, places: Mapping[int, int | None], *, discarded: bool, amount: Amount
) -> GameSettlement:
    rs = game.rules
    buys = endings.claims_in_game(game)
    names = {seat.id: seat.player.name for seat in game.seats}
    try:
        money = money_at_end(rs, places, buys, names, discarded=discarded, amount=amount)
    except RulesError as error:
        split = _(KITTY_WORDS[rs.settlement.kitty_split]) if rs.settlement else ""
        return GameSettlement([], [], 0, split, rs.may_i.price, problem=str(error))
    settled = money.settled
    rows = sorted(
        (
            SettlementRow(
                seat=seat,
                place=places[seat.id],
                buys=buys.get(seat.id, 0),
                by_place=settled.by_place[seat.id],
                paid_in=settled.paid_in[seat.id],
                kitty_share=settled.kitty_shares[seat.id],
                net=settled.net[seat.id],
            )
            for seat in game.seats
        ),
        key=lambda row: (row.place or 0, row.seat.position),
    )
    payments = [Payment(names[t.payer], names[t.payee], t.amount) for t in settled.transfers]
    return GameSettlement(
        rows,
        payments,
        settled.kitty,
        money.kitty_words,
        rs.may_i.price,
        headline=money.headline,
        lines=money.lines,
        kitty_returned=settled.kitty_returned,
    )
