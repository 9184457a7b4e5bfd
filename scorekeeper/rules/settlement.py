"""Settling up in pennies at the end: the schedule by place, the kitty, who pays whom."""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.ruleset import KITTY_SPLITS, Payouts, RulesError, RuleSet, Settlement

K = TypeVar("K", bound=Hashable)

# Parts of a penny in which a net is stored: a tie of up to 10 players shares an amount in
# tenths (or ninths, ...) and the kitty splits in thirds, so every net is a whole number of
# 1/7560ths (3 x lcm(1..10)).
PENNY_PARTS = 7560

# The most a place wins or pays in one game.
MOST_PAYMENT = 10_000

# The kitty's share for each place, first place first, under each split.
KITTY_SHARES: dict[str, tuple[Fraction, ...]] = {
    "winner": (Fraction(1),),
    "two_thirds": (Fraction(2, 3), Fraction(1, 3)),
}
# Kept in English, translated where shown: `_(KITTY_WORDS[split])`.
KITTY_WORDS: dict[str, str] = {
    "winner": N_("The whole kitty goes to the winner."),
    "two_thirds": N_("Two thirds of the kitty go to the winner and one third to second place."),
}


@dataclass(frozen=True, slots=True)
class Transfer(Generic[K]):
    """One payment at the end: `payer` gives `payee` this many pennies."""

    payer: K
    payee: K
    amount: Fraction


@dataclass(frozen=True, slots=True)
class SettledGame(Generic[K]):
    """The money of one game, player by player, and the payments that settle it."""

    # What each player wins (+) or pays (-) by the schedule, ties splitting their places.
    by_place: dict[K, Fraction]
    # Pennies each player paid into the kitty (buys times the price).
    paid_in: dict[K, int]
    kitty: int
    kitty_shares: dict[K, Fraction]
    # Schedule + kitty share - paid in: what each player is up or down on the game.
    net: dict[K, Fraction]
    # The schedule's payments, player to player, fewest payments first-come.
    transfers: tuple[Transfer[K], ...]
    # True when the game counts for nothing and each player took back what they paid in.
    kitty_returned: bool = False


def payouts_for(settlement: Settlement, players: int) -> Payouts | None:
    """The schedule's row for a table of `players`, or None when the schedule has none."""
    for row in settlement.schedule:
        if row.players == players:
            return row
    return None


def settle(
    rs: RuleSet, places: Mapping[K, int], buys: Mapping[K, int] | None = None
) -> SettledGame[K]:
    """Settle a finished game from its places (1, 2, 2, 4) and each player's buys.

    Players who share a place share equally what the places they cover win or pay; the
    kitty (buys times the price) is split the same way by the rule set's kitty split.
    :raises RulesError: when the game is not played for pennies, or the schedule has no row
        for this many players.
    """
    if rs.settlement is None:
        raise RulesError(f"{rs.name} is not played for pennies.")
    row = payouts_for(rs.settlement, len(places))
    if row is None:
        raise RulesError(
            ngettext(
                "The payment schedule has no row for %(count)s player: add one to the rules.",
                "The payment schedule has no row for %(count)s players: add one to the rules.",
                len(places),
            )
            % {"count": len(places)}
        )
    by_place = _shared_by_place(places, [Fraction(a) for a in row.amounts])
    paid_in = paid_into_kitty(rs, places, buys)
    kitty = sum(paid_in.values())
    shares = KITTY_SHARES[rs.settlement.kitty_split]
    kitty_shares = {
        player: share * kitty for player, share in _shared_by_place(places, list(shares)).items()
    }
    net = {player: by_place[player] + kitty_shares[player] - paid_in[player] for player in places}
    return SettledGame(by_place, paid_in, kitty, kitty_shares, net, _transfers(by_place, places))


def paid_into_kitty(
    rs: RuleSet, players: Iterable[K], buys: Mapping[K, int] | None
) -> dict[K, int]:
    """Pennies each player paid into the kitty: their buys times the price of a buy.

    :raises RulesError: for buys of someone not in the game, or fewer than none.
    """
    buys = buys or {}
    players = list(players)
    for player, count in buys.items():
        if player not in players or count < 0:
            raise RulesError("Buys are counted only for the players of the game, 0 or more.")
    return {player: buys.get(player, 0) * rs.may_i.price for player in players}


def _shared_by_place(places: Mapping[K, int], amounts: Sequence[Fraction]) -> dict[K, Fraction]:
    """Each player's amount by place; players tied at place p share places p, p+1, ..."""
    tied: dict[int, int] = {}
    for place in places.values():
        tied[place] = tied.get(place, 0) + 1

    def amount(index: int) -> Fraction:
        return amounts[index] if 0 <= index < len(amounts) else Fraction(0)

    return {
        player: sum((amount(place - 1 + i) for i in range(tied[place])), Fraction(0)) / tied[place]
        for player, place in places.items()
    }


def _transfers(amounts: Mapping[K, Fraction], places: Mapping[K, int]) -> tuple[Transfer[K], ...]:
    """Payments that settle `amounts`: the last place pays the winner first, and so on."""
    order = sorted(places, key=lambda player: places[player])
    owed = {player: amounts[player] for player in order if amounts[player] > 0}
    owing = {player: -amounts[player] for player in reversed(order) if amounts[player] < 0}
    transfers: list[Transfer[K]] = []
    creditors = iter(list(owed))
    payee = next(creditors, None)
    for payer, debt in owing.items():
        while debt > 0 and payee is not None:
            paid = min(debt, owed[payee])
            transfers.append(Transfer(payer, payee, paid))
            debt -= paid
            owed[payee] -= paid
            if owed[payee] == 0:
                payee = next(creditors, None)
    return tuple(transfers)


def net_parts(amount: Fraction) -> int:
    """A net in whole PENNY_PARTS, to be stored and summed exactly.

    :raises RulesError: for an amount that is no whole number of parts (never from `settle`).
    """
    parts = amount * PENNY_PARTS
    if parts.denominator != 1:
        raise RulesError(f"{amount} is not a whole number of 1/{PENNY_PARTS} pennies.")
    return parts.numerator


def pennies(amount: Fraction | int, number: Callable[[int], str] = str) -> str:
    """An amount of pennies as the table says it: "3", "-2", "6 2/3", each whole number
    written by `number` (the web edge gives its language's: "1,200", "1.200")."""
    amount = Fraction(amount)
    if amount.denominator == 1:
        return number(amount.numerator)
    whole = int(abs(amount))
    rest = abs(amount) - whole
    sign = "-" if amount < 0 else ""
    return f"{sign}{number(whole)} {rest}" if whole else f"{sign}{rest}"


def schedule_words(settlement: Settlement) -> tuple[str, ...]:
    """The payment schedule, one line per table size, for the rules page and sheets."""
    lines = []
    for row in settlement.schedule:
        parts = ", ".join(
            _("%(place)s %(amount)s")
            % {"place": _ordinal(i + 1), "amount": f"{a:+d}" if a else "0"}
            for i, a in enumerate(row.amounts)
        )
        lines.append(_players_line(row.players, parts))
    lines.append(_(KITTY_WORDS[settlement.kitty_split]))
    return tuple(lines)


# A place as a number and its ending, one pattern per English ending ("1st", "2nd", "3rd",
# "4th"): each language writes its own ("1.º", "1.").
_ORDINALS = {
    "st": N_("%(number)sst"),
    "nd": N_("%(number)snd"),
    "rd": N_("%(number)srd"),
    "th": N_("%(number)sth"),
}


def _ordinal(n: int) -> str:
    ending = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return _(_ORDINALS[ending]) % {"number": n}


def _players_line(players: int, amounts: str) -> str:
    """ "4 players: +6, +2, -2, -6", one line of a schedule."""
    return ngettext("%(count)s player: %(amounts)s", "%(count)s players: %(amounts)s", players) % {
        "count": players,
        "amounts": amounts,
    }


# "4 players: +6, +2, -2, -6": the word after the number may be any language's ("jugadores").
_SCHEDULE_LINE = re.compile(r"\s*(\d{1,2})\s*(?:[^\W\d_]+)?\s*:\s*(.*)")
_AMOUNT = re.compile(r"[+-]?\d{1,6}")
MOST_SCHEDULE_LINES = 12


def schedule_text(settlement: Settlement | None) -> str:
    """The schedule as the editor shows it: one line per table, "4 players: +6, +2, -2, -6"."""
    if settlement is None:
        return ""
    return "\n".join(_schedule_line(row) for row in settlement.schedule)


def _schedule_line(row: Payouts) -> str:
    return _players_line(row.players, ", ".join(f"{a:+d}" if a else "0" for a in row.amounts))


def parse_schedule(text: str) -> tuple[Payouts, ...]:
    """Read the editor's schedule lines back; raises RulesError naming the line at fault."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MOST_SCHEDULE_LINES:
        raise RulesError(
            ngettext(
                "Give at most %(count)s line of payments.",
                "Give at most %(count)s lines of payments.",
                MOST_SCHEDULE_LINES,
            )
            % {"count": MOST_SCHEDULE_LINES}
        )
    rows = []
    for number, line in enumerate(lines, start=1):
        found = _SCHEDULE_LINE.fullmatch(line)
        parts = [part for part in re.split(r"[\s,;]+", found[2]) if part] if found else []
        if not found or not parts or not all(_AMOUNT.fullmatch(part) for part in parts):
            raise RulesError(
                _(
                    "Line %(number)s: write the players, a colon, then what each place wins "
                    "(+) or pays (-), e.g. “%(example)s”."
                )
                % {"number": number, "example": _schedule_line(Payouts(4, (6, 2, -2, -6)))}
            )
        rows.append(Payouts(int(found[1]), tuple(int(part) for part in parts)))
    return tuple(rows)


def settlement_problems(rs: RuleSet) -> list[tuple[str, str]]:
    """The faults of the rule set's payment schedule and kitty split, each with its field."""
    errors: list[tuple[str, str]] = []
    settlement = rs.settlement
    if settlement is None:
        return errors
    if settlement.kitty_split not in KITTY_SPLITS:
        errors.append(
            (
                "settlement.kitty_split",
                _("%(split)s is no way to split the kitty.")
                % {"split": repr(settlement.kitty_split)},
            )
        )
    seen: set[int] = set()
    for index, row in enumerate(settlement.schedule):
        path = f"settlement.schedule[{index}]"
        if not rs.min_players <= row.players <= rs.max_players:
            outside = ngettext(
                "Payments: %(count)s player is outside the rule set's %(least)s to %(most)s.",
                "Payments: %(count)s players is outside the rule set's %(least)s to %(most)s.",
                row.players,
            )
            errors.append(
                (
                    f"{path}.players",
                    outside
                    % {"count": row.players, "least": rs.min_players, "most": rs.max_players},
                )
            )
            continue
        if row.players in seen:
            twice = ngettext(
                "Payments for %(count)s player are given twice.",
                "Payments for %(count)s players are given twice.",
                row.players,
            )
            errors.append((f"{path}.players", twice % {"count": row.players}))
        seen.add(row.players)
        problem = _amounts_problem(row)
        if problem:
            errors.append((f"{path}.amounts", problem))
    return errors


def _amounts_problem(row: Payouts) -> str | None:
    """What is wrong with one schedule row's amounts; None when nothing is."""
    if len(row.amounts) != row.players:
        return ngettext(
            "Payments for %(count)s player: give one amount per place, %(count)s in all.",
            "Payments for %(count)s players: give one amount per place, %(count)s in all.",
            row.players,
        ) % {"count": row.players}
    if any(abs(amount) > MOST_PAYMENT for amount in row.amounts):
        return _("Payments are at most %(most)s pennies a place.") % {"most": MOST_PAYMENT}
    if sum(row.amounts) != 0:
        return ngettext(
            "Payments for %(count)s player: what the places win and pay must add up to 0, "
            "not %(sum)s.",
            "Payments for %(count)s players: what the places win and pay must add up to 0, "
            "not %(sum)s.",
            row.players,
        ) % {"count": row.players, "sum": sum(row.amounts)}
    return None
