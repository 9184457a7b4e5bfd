"""A rule set from the words and numbers an owner types: contracts, and card groups by price."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from scorekeeper.rules.ruleset import (
    DEFAULT_LENGTHS,
    JOKER,
    RANKS,
    Meld,
    MeldKind,
    PriceGroup,
    RulesError,
)

# Every name the seeds give the two kinds of meld, singular and plural.
MELD_NAMES: dict[str, MeldKind] = {
    **dict.fromkeys(("set", "sets", "trio", "trios", "group", "groups", "book", "books"), "set"),
    **dict.fromkeys(("run", "runs", "straight", "straights", "sequence", "sequences"), "run"),
    **dict.fromkeys(("pair", "pairs"), "pair"),
}
# The progressive game's contract: any sets or runs, none shorter than n cards.
_ANY_MELDS = re.compile(
    r"\s*(?:any\s+)?(?:sets?|melds?)\s+or\s+runs?\s+of\s+(\d{1,2})(?:\s+or\s+more)?(?:\s+cards)?\s*"
)
COUNT_WORDS: dict[str, int] = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
}
SEPARATORS = frozenset({"+", ",", "&", "and", "plus"})

# Far more than any hand holds; the rule set's checks compare them with the cards dealt.
MOST_MELDS = 12
LONGEST_MELD = 99

EXAMPLE = "e.g. “2 sets + 1 run” or “1 set of 3 + 1 run of 7”"
# A stretch of this many ranks or more in a row is written "2-9"; shorter ones are listed.
SHORTEST_RANGE = 3

_TOKENS = re.compile(r"\d+|[^\W\d_]+|\S")


def parse_contract(words: str) -> tuple[Meld, ...]:
    """The melds of "2 sets + 1 run of 7"; raises RulesError saying what cannot be read."""
    # Also read: "two trios and a run", "1 set 1 run"; a length left out is the usual one.
    any_melds = _ANY_MELDS.fullmatch(words.casefold())
    if any_melds:
        return (Meld("any", int(any_melds[1])),)
    tokens = _TOKENS.findall(words.casefold())
    if not tokens:
        raise RulesError(f"Write the contract, {EXAMPLE}.")
    melds: list[Meld] = []
    position = 0
    while position < len(tokens):
        count, position = _count(tokens, position)
        kind, position = _kind(tokens, position, count)
        length, position = _length(tokens, position, kind)
        melds.extend([Meld(kind, length)] * count)
        if len(melds) > MOST_MELDS:
            raise RulesError(f"A contract asks for at most {MOST_MELDS} sets and runs.")
        position = _separator(tokens, position)
    return tuple(melds)


def _count(tokens: list[str], position: int) -> tuple[int, int]:
    """How many of the next meld; 1 when no number is written."""
    token = tokens[position]
    if token.isdecimal():
        count = int(token) if len(token) <= 3 else MOST_MELDS + 1
        if count == 0:
            raise RulesError("A contract asks for at least 1 of each meld it names, not 0.")
        if count > MOST_MELDS:
            raise RulesError(f"A contract asks for at most {MOST_MELDS} sets and runs.")
        return count, position + 1
    if token in COUNT_WORDS:
        return COUNT_WORDS[token], position + 1
    return 1, position


def _kind(tokens: list[str], position: int, count: int) -> tuple[MeldKind, int]:
    """The kind of meld named at `position`: a set or a run."""
    if position >= len(tokens):
        raise RulesError(f"{count} of what? Name sets or runs, {EXAMPLE}.")
    token = tokens[position]
    if token not in MELD_NAMES:
        raise RulesError(f"“{token}” is not a set, a run or a pair. Write the contract {EXAMPLE}.")
    return MELD_NAMES[token], position + 1


def _length(tokens: list[str], position: int, kind: str) -> tuple[int, int]:
    """The length after "of" ("a run of 7", "2 sets of 3 cards"), or the usual length."""
    if position >= len(tokens) or tokens[position] != "of":
        return DEFAULT_LENGTHS[kind], position
    position += 1
    token = tokens[position] if position < len(tokens) else ""
    if not token.isdecimal():
        raise RulesError(f"Give a number of cards after “of”, e.g. “1 {kind} of 5”.")
    if len(token) > 3 or int(token) > LONGEST_MELD:
        raise RulesError(f"A {kind} of {token} cards is more than a hand holds.")
    position += 1
    if position < len(tokens) and tokens[position] in ("card", "cards"):
        position += 1
    return int(token), position


def _separator(tokens: list[str], position: int) -> int:
    """Skip a "+", "," or "and" between melds; a separator must have a meld after it."""
    if position < len(tokens) and tokens[position] in SEPARATORS:
        if position + 1 >= len(tokens):
            raise RulesError(f"Say what comes after “{tokens[position]}”, {EXAMPLE}.")
        return position + 1
    return position


def groups_by_price(
    prices: Mapping[str, int | None], known: Sequence[PriceGroup] = ()
) -> tuple[PriceGroup, ...]:
    """Cards of equal price grouped, cheapest first; a rank priced None is not in the game."""
    # A group holding the same cards as one of `known` keeps its label: tallies use it as key.
    by_points: dict[int, list[str]] = {}
    for rank in RANKS:
        points = prices.get(rank)
        if points is not None:
            by_points.setdefault(points, []).append(rank)
    labels = {group.ranks: group.label for group in known}
    return tuple(
        PriceGroup(labels.get(tuple(ranks), group_label(ranks)), tuple(ranks), points)
        for points, ranks in sorted(by_points.items())
    )


def group_label(ranks: Sequence[str]) -> str:
    """A card group's label: "2-9" for ranks in a row, else the ranks listed, "A, Joker"."""
    stretches: list[list[str]] = []
    for rank in ranks:
        if stretches and rank != JOKER and _follows(stretches[-1][-1], rank):
            stretches[-1].append(rank)
        else:
            stretches.append([rank])
    parts: list[str] = []
    for stretch in stretches:
        if len(stretch) >= SHORTEST_RANGE:
            parts.append(f"{rank_name(stretch[0])}-{rank_name(stretch[-1])}")
        else:
            parts.extend(rank_name(rank) for rank in stretch)
    return ", ".join(parts)


def rank_name(rank: str) -> str:
    """A rank as the table says it: "A", "10", "Joker"."""
    return "Joker" if rank == JOKER else rank


def _follows(before: str, rank: str) -> bool:
    return RANKS.index(rank) == RANKS.index(before) + 1
