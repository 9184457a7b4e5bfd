"""What becomes of the pennies when a game ends, and the words the table reads about it.

The rule texts settle up only after the last deal, and the incomplete-game rule decides
whether a game counts. So the money follows that verdict: a game that counts (played out,
or with its totals standing) is settled on its places, however many hands were played; a
game discarded counts for nothing, so no place money is paid and each player takes back
from the kitty the pennies they paid into it. The same holds whoever ended the game.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from scorekeeper.rules.ending import names_in_words
from scorekeeper.rules.ruleset import RulesError, RuleSet
from scorekeeper.rules.settlement import (
    KITTY_WORDS,
    SettledGame,
    paid_into_kitty,
    pennies,
    settle,
)

K = TypeVar("K", bound=Hashable)

KITTY_RETURNED_WORDS = (
    "The game counts for nothing, so no place money is paid and the kitty goes back to "
    "those who paid into it."
)


@dataclass(frozen=True, slots=True)
class MoneyAtEnd(Generic[K]):
    """The pennies of a game over: the settlement, what it means in one sentence, and who
    pays or takes what, one line each."""

    settled: SettledGame[K]
    headline: str
    lines: tuple[str, ...]
    kitty_words: str


def settle_ending(
    rs: RuleSet,
    places: Mapping[K, int | None],
    buys: Mapping[K, int] | None,
    *,
    discarded: bool,
) -> SettledGame[K]:
    """Settle the pennies of a game that ends: by place when it counts, else the kitty back.

    :param places: every player's place (None for all when the game is discarded).
    :raises RulesError: when the game is not played for pennies, a counted game lacks a
        place, or the schedule has no row for the table (a counted game only).
    """
    if rs.settlement is None:
        raise RulesError(f"{rs.name} is not played for pennies.")
    if not discarded:
        placed = {player: place for player, place in places.items() if place is not None}
        if len(placed) != len(places):
            raise RulesError("A game that counts is settled only once every player has a place.")
        return settle(rs, placed, buys)
    paid_in = paid_into_kitty(rs, places, buys)
    nothing = dict.fromkeys(places, Fraction(0))
    return SettledGame(
        by_place=nothing,
        paid_in=paid_in,
        kitty=sum(paid_in.values()),
        kitty_shares={player: Fraction(paid) for player, paid in paid_in.items()},
        net=dict(nothing),
        transfers=(),
        kitty_returned=True,
    )


def money_at_end(
    rs: RuleSet,
    places: Mapping[K, int | None],
    buys: Mapping[K, int] | None,
    names: Mapping[K, str],
    *,
    discarded: bool,
) -> MoneyAtEnd[K]:
    """The settlement of `settle_ending` with its words (same parameters and refusals)."""
    settled = settle_ending(rs, places, buys, discarded=discarded)
    split = rs.settlement.kitty_split if rs.settlement else "winner"
    return MoneyAtEnd(
        settled=settled,
        headline=_headline(settled),
        lines=who_pays_whom(settled, names),
        kitty_words=KITTY_RETURNED_WORDS if settled.kitty_returned else KITTY_WORDS[split],
    )


def _headline(settled: SettledGame[K]) -> str:
    kitty = f"{settled.kitty} penn{'y' if settled.kitty == 1 else 'ies'}"
    if settled.kitty_returned:
        if not settled.kitty:
            return "The game counts for nothing, so no place money is paid; the kitty is empty."
        go, them = ("goes", "it") if settled.kitty == 1 else ("go", "them")
        return (
            "The game counts for nothing, so no place money is paid, and the kitty's "
            f"{kitty} {go} back to whoever paid {them}."
        )
    return (
        "The game counts, so the pennies are settled on its places: the place money by the "
        f"schedule, and the kitty of {kitty} as the rules split it."
    )


def who_pays_whom(settled: SettledGame[K], names: Mapping[K, str]) -> tuple[str, ...]:
    """The payments between players, then who takes what from the kitty, one line each
    (`names` in seat order)."""
    paid = tuple(
        f"{names[t.payer]} pays {names[t.payee]} {pennies(t.amount)}" for t in settled.transfers
    )
    return paid + kitty_lines(settled, names) or ("No pennies change hands.",)


def kitty_lines(settled: SettledGame[K], names: Mapping[K, str]) -> tuple[str, ...]:
    """Who takes what from the kitty, largest share first, those with equal shares together
    in the order of `names` (the seats'): "Dad and Amy each take 12 from the kitty"."""
    by_amount: dict[Fraction, list[str]] = {}
    for player, name in names.items():
        share = settled.kitty_shares.get(player, Fraction(0))
        if share > 0:
            by_amount.setdefault(share, []).append(name)
    back = " back" if settled.kitty_returned else ""
    return tuple(
        f"{who[0]} takes{back} {pennies(amount)} from the kitty"
        if len(who) == 1
        else f"{names_in_words(who)} each take{back} {pennies(amount)} from the kitty"
        for amount, who in sorted(by_amount.items(), key=lambda item: -item[0])
    )
