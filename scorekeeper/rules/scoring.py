"""Points for the cards left in hand, totals that can happen, game totals and places."""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import gcd
from typing import TypeVar

from scorekeeper.rules.bonuses import bonus_groups
from scorekeeper.rules.contracts import RANK_KEYS, group_label, rank_name
from scorekeeper.rules.dealing import hand_rule, ruleset_name
from scorekeeper.rules.language import N_, _
from scorekeeper.rules.ruleset import PriceGroup, RulesError, RuleSet

K = TypeVar("K", bound=Hashable)

# The cards of a rank, as a hand's wild rank is named: "7s are wild this hand".
RANK_PLURALS = {
    "A": N_("Aces"),
    "2": N_("2s"),
    "3": N_("3s"),
    "4": N_("4s"),
    "5": N_("5s"),
    "6": N_("6s"),
    "7": N_("7s"),
    "8": N_("8s"),
    "9": N_("9s"),
    "10": N_("10s"),
    "J": N_("Jacks"),
    "Q": N_("Queens"),
    "K": N_("Kings"),
}


def wild_rank_label(rank: str) -> str:
    """The tally label of a hand's wild rank, kept in English whatever the language (it is the
    key of its count): "7s (wild)", "Kings (wild)"."""
    return f"{RANK_PLURALS.get(rank, rank + 's')} (wild)"


def wild_rank_words(rank: str) -> str:
    """A hand's wild rank in the language spoken: "7s", "Kings"."""
    return _(RANK_PLURALS[rank]) if rank in RANK_PLURALS else rank


def label_words(label: str) -> str:
    """A tally's label as the table reads it in the language spoken: the app's own words
    translated (a group of ranks, "A, Joker"; a wild rank, "Kings (wild)"; a preset's bonus),
    a family's own label as they typed it."""
    if label in _WILD_LABELS:
        return _("%(ranks)s (wild)") % {"ranks": wild_rank_words(_WILD_LABELS[label])}
    pieces = _LABEL_PIECES.split(label)
    if all(piece in _RANKS_OF_KEYS for piece in pieces[::2]):
        return "".join(
            rank_name(_RANKS_OF_KEYS[piece]) if index % 2 == 0 else piece
            for index, piece in enumerate(pieces)
        )
    return _(label) if label else label


# What a label is made of when the app wrote it from ranks ("2-9", "A, Joker").
_LABEL_PIECES = re.compile(r"(-|, )")
_RANKS_OF_KEYS = {key: rank for rank, key in RANK_KEYS.items()}
_WILD_LABELS = {wild_rank_label(rank): rank for rank in RANK_PLURALS}


def hand_prices(rs: RuleSet, hand_number: int | None = None) -> tuple[PriceGroup, ...]:
    """The price groups of hand `hand_number` (the rule set's own when None).

    A hand with a wild rank prices that rank apart at `wild_rank_points`, in a group of its
    own placed after the group it leaves; the other ranks keep their usual price.
    :raises RulesError: for a hand the game does not have.
    """
    if hand_number is None:
        return rs.prices
    wild = hand_rule(rs, hand_number).wild_rank
    if wild is None:
        return rs.prices
    wild_group = PriceGroup(wild_rank_label(wild), (wild,), rs.wild_rank_points)
    groups: list[PriceGroup] = []
    for group in rs.prices:
        if wild not in group.ranks:
            groups.append(group)
            continue
        rest = tuple(rank for rank in group.ranks if rank != wild)
        if rest:
            groups.append(PriceGroup(group_label(rest), rest, group.points))
        groups.append(wild_group)
    if wild_group not in groups:
        groups.append(wild_group)
    return tuple(groups)


def report_groups(rs: RuleSet, hand_number: int | None = None) -> tuple[PriceGroup, ...]:
    """What a player's report of hand `hand_number` counts: its price groups, then the ticks
    of the rule set's bonuses."""
    return hand_prices(rs, hand_number) + bonus_groups(rs)


def price_group(rs: RuleSet, label: str, hand_number: int | None = None) -> PriceGroup:
    """The price group with this label (the key of a tally) in hand `hand_number`.

    :raises RulesError: for a label the rule set does not have.
    """
    groups = hand_prices(rs, hand_number)
    for group in groups:
        if group.label == label:
            return group
    known = ", ".join(label_words(group.label) for group in groups)
    raise RulesError(
        _("%(rules)s has no card group %(label)s; its groups are %(known)s.")
        % {"rules": ruleset_name(rs), "label": repr(label), "known": known}
    )


def points_for_tally(
    rs: RuleSet, tally: Mapping[str, int], short_cards: int = 0, *, hand_number: int | None = None
) -> int:
    """Points for a hand counted by price group: `tally` maps a group's label to how many cards.

    :param short_cards: cards missing from a short hand, each charged `short_card_penalty`.
    :param hand_number: the hand counted, whose wild rank has its own price.
    :raises RulesError: for an unknown group or a negative count.
    """
    total = 0
    for label, count in tally.items():
        group = price_group(rs, label, hand_number)
        if count < 0:
            raise RulesError(
                _("A hand cannot hold %(count)s cards of %(group)s.")
                % {"count": count, "group": label_words(label)}
            )
        total += group.points * count
    if short_cards < 0:
        raise RulesError(_("A hand cannot be short by %(count)s cards.") % {"count": short_cards})
    return total + short_cards * rs.short_card_penalty


def is_possible_total(
    rs: RuleSet, total: int, max_cards: int | None = None, *, hand_number: int | None = None
) -> bool:
    """True when some cards left in hand (at most `max_cards` of them) cost exactly `total`.

    Only card prices count here; the short-hand penalty is left to the caller.
    """
    if total < 0 or (max_cards is not None and max_cards < 0):
        return False
    if max_cards is None:  # the gaps are worked out once per set of prices
        return possible_totals(rs, hand_number).allows(total)
    prices = sorted({g.points for g in hand_prices(rs, hand_number) if g.points})
    fewest = _fewest_cards_for_each_total(prices, total)[total]
    return fewest is not None and fewest <= max_cards


@dataclass(frozen=True, slots=True)
class PossibleTotals:
    """Which totals some cards can make: multiples of `step`, except the few in `gaps`.

    Past the largest gap every multiple of `step` can be made, so a script can check a typed
    total against these without the prices' arithmetic. A `step` of 0: only 0 can be made.
    """

    step: int
    gaps: tuple[int, ...]

    def allows(self, total: int) -> bool:
        """True when some cards cost exactly `total` (the same answer as `is_possible_total`)."""
        if total < 0:
            return False
        if self.step == 0:
            return total == 0
        return total % self.step == 0 and total not in self.gaps


def possible_totals(rs: RuleSet, hand_number: int | None = None) -> PossibleTotals:
    """The totals hand `hand_number`'s prices can make, as a step and the gaps below a bound."""
    return _possible_totals(tuple(sorted({g.points for g in hand_prices(rs, hand_number)})))


@lru_cache(maxsize=128)
def _possible_totals(prices: tuple[int, ...]) -> PossibleTotals:
    """The totals these distinct prices (in increasing order) can make; worked out once for
    each set of prices, since every hand form shows them."""
    prices = tuple(p for p in prices if p > 0)
    if not prices:
        return PossibleTotals(0, ())
    step = 0
    for price in prices:
        step = gcd(step, price)
    # Every multiple of the step above smallest x largest price can be made (Schur's bound
    # on the Frobenius number), so the gaps all lie below it.
    bound = prices[0] * prices[-1]
    fewest = _fewest_cards_for_each_total(prices, bound)
    gaps = tuple(t for t in range(step, bound + 1, step) if fewest[t] is None)
    return PossibleTotals(step, gaps)


def _fewest_cards_for_each_total(prices: Sequence[int], up_to: int) -> list[int | None]:
    # Coin-change table: with several packs there are always enough cards of any price.
    fewest: list[int | None] = [0] + [None] * up_to
    for amount in range(1, up_to + 1):
        options = [fewest[amount - p] for p in prices if p <= amount]
        reachable = [count for count in options if count is not None]
        fewest[amount] = min(reachable) + 1 if reachable else None
    return fewest


def running_totals(hands: Sequence[Mapping[K, int]]) -> list[dict[K, int]]:
    """Each player's game total after each hand; a player missing from a hand adds nothing."""
    totals: dict[K, int] = {}
    after_each: list[dict[K, int]] = []
    for scores in hands:
        for player, score in scores.items():
            totals[player] = totals.get(player, 0) + score
        after_each.append(dict(totals))
    return after_each


def places(totals: Mapping[K, int]) -> dict[K, int]:
    """Each player's place: lowest total first, equal totals share a place (1, 2, 2, 4)."""
    ordered = sorted(totals.values())
    # A player's place is one more than the number of players strictly ahead of them.
    first_index: dict[int, int] = {}
    for index, total in enumerate(ordered):
        first_index.setdefault(total, index)
    return {player: first_index[total] + 1 for player, total in totals.items()}
