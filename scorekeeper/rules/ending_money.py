"""What becomes of the pennies when a game ends, and the words the table reads about it.

The rule texts settle up only after the last deal, and the incomplete-game rule decides
whether a game counts. So the money follows that verdict: a game that counts (played out,
or with its totals standing) is settled on its places, however many hands were played; a
game discarded counts for nothing, so no place money is paid and each player takes back
from the kitty the pennies they paid into it. The same holds whoever ended the game.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from scorekeeper.rules.ending import names_in_words
from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.ruleset import RulesError, RuleSet
from scorekeeper.rules.settlement import (
    KITTY_WORDS,
    SettledGame,
    paid_into_kitty,
    pennies,
    settle,
)

K = TypeVar("K", bound=Hashable)

# An amount of pennies in words: `pennies` ("6 2/3"), or the edge's own for the page's language.
Amount = Callable[[Fraction | int], str]

KITTY_RETURNED_WORDS = N_(
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
    amount: Amount = pennies,
) -> MoneyAtEnd[K]:
    """The settlement of `settle_ending` with its words (same parameters and refusals), its
    amounts written by `amount`."""
    settled = settle_ending(rs, places, buys, discarded=discarded)
    split = rs.settlement.kitty_split if rs.settlement else "winner"
    return MoneyAtEnd(
        settled=settled,
        headline=_headline(settled, amount),
        lines=who_pays_whom(settled, names, amount),
        kitty_words=_(KITTY_RETURNED_WORDS if settled.kitty_returned else KITTY_WORDS[split]),
    )


def _headline(settled: SettledGame[K], amount: Amount) -> str:
    kitty = {"amount": amount(settled.kitty)}
    if settled.kitty_returned:
        if not settled.kitty:
            return _("The game counts for nothing, so no place money is paid; the kitty is empty.")
        return (
            ngettext(
                "The game counts for nothing, so no place money is paid, and the kitty's "
                "%(amount)s penny goes back to whoever paid it.",
                "The game counts for nothing, so no place money is paid, and the kitty's "
                "%(amount)s pennies go back to whoever paid them.",
                settled.kitty,
            )
            % kitty
        )
    return (
        ngettext(
            "The game counts, so the pennies are settled on its places: the place money by the "
            "schedule, and the kitty of %(amount)s penny as the rules split it.",
            "The game counts, so the pennies are settled on its places: the place money by the "
            "schedule, and the kitty of %(amount)s pennies as the rules split it.",
            settled.kitty,
        )
        % kitty
    )


def who_pays_whom(
    settled: SettledGame[K], names: Mapping[K, str], amount: Amount = pennies
) -> tuple[str, ...]:
    """The payments between players, then who takes what from the kitty, one line each
    (`names` in seat order)."""
    paid = tuple(
        _("%(payer)s pays %(payee)s %(amount)s")
        % {"payer": names[t.payer], "payee": names[t.payee], "amount": amount(t.amount)}
        for t in settled.transfers
    )
    return paid + kitty_lines(settled, names, amount) or (_("No pennies change hands."),)


def kitty_lines(
    settled: SettledGame[K], names: Mapping[K, str], amount: Amount = pennies
) -> tuple[str, ...]:
    """Who takes what from the kitty, largest share first, those with equal shares together
    in the order of `names` (the seats'): "Dad and Amy each take 12 from the kitty"."""
    by_amount: dict[Fraction, list[str]] = {}
    for player, name in names.items():
        share = settled.kitty_shares.get(player, Fraction(0))
        if share > 0:
            by_amount.setdefault(share, []).append(name)
    return tuple(
        _kitty_line(who, amount(share), back=settled.kitty_returned)
        for share, who in sorted(by_amount.items(), key=lambda item: -item[0])
    )


def _kitty_line(who: list[str], amount: str, *, back: bool) -> str:
    if len(who) == 1:
        if back:
            words = _("%(name)s takes back %(amount)s from the kitty")
        else:
            words = _("%(name)s takes %(amount)s from the kitty")
        return words % {"name": who[0], "amount": amount}
    if back:
        words = _("%(names)s each take back %(amount)s from the kitty")
    else:
        words = _("%(names)s each take %(amount)s from the kitty")
    return words % {"names": names_in_words(who), "amount": amount}
