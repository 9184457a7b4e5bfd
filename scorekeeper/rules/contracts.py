"""Contracts in words and read back from them (in every language the app speaks), and card
groups by price."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.ruleset import (
    DEFAULT_LENGTHS,
    JOKER,
    RANKS,
    Meld,
    MeldKind,
    PriceGroup,
    RulesError,
)

# Every name the seeds give the melds, singular and plural, and the words the app writes them
# in (`melds_in_words`) in each language it speaks: an owner may type a contract in any.
MELD_NAMES: dict[str, MeldKind] = {
    **dict.fromkeys(("set", "sets", "trio", "trios", "group", "groups", "book", "books"), "set"),
    **dict.fromkeys(("trío", "tríos", "satz", "sätze"), "set"),
    **dict.fromkeys(("run", "runs", "straight", "straights", "sequence", "sequences"), "run"),
    **dict.fromkeys(("escala", "escalas", "folge", "folgen"), "run"),
    **dict.fromkeys(("pair", "pairs", "pareja", "parejas", "paar", "paare"), "pair"),
}
# The progressive game's contract: any sets or runs, none shorter than n cards.
_ANY_MELDS = re.compile(
    r"\s*(?:any\s+)?(?:sets?|melds?|tríos|sätze)\s+(?:or|o|oder)\s+(?:runs?|escalas|folgen)"
    r"\s+(?:of|de|aus|von)\s+(\d{1,2})(?:\s+(?:or\s+more|o\s+más|oder\s+mehr))?"
    r"(?:\s+(?:cards|cartas|karten))?\s*"
)
COUNT_WORDS: dict[str, int] = {
    **dict.fromkeys(("a", "an", "one", "un", "una", "uno", "ein", "eine", "einen"), 1),
    **dict.fromkeys(("two", "dos", "zwei"), 2),
    **dict.fromkeys(("three", "tres", "drei"), 3),
    **dict.fromkeys(("four", "cuatro", "vier"), 4),
    **dict.fromkeys(("five", "cinco", "fünf"), 5),
    **dict.fromkeys(("six", "seis", "sechs"), 6),
}
SEPARATORS = frozenset({"+", ",", "&", "and", "plus", "y", "und"})
# "a run of 7", "una escala de 7", "eine Folge aus (je) 7 Karten".
LENGTH_WORDS = frozenset({"of", "de", "aus", "von"})
EACH_WORDS = frozenset({"je"})
CARD_WORDS = frozenset({"card", "cards", "carta", "cartas", "karte", "karten"})

# Far more than any hand holds; the rule set's checks compare them with the cards dealt.
MOST_MELDS = 12
LONGEST_MELD = 99

EXAMPLE = N_("e.g. “2 sets + 1 run” or “1 set of 3 + 1 run of 7”")
# A stretch of this many ranks or more in a row is written "2-9"; shorter ones are listed.
SHORTEST_RANGE = 3

_TOKENS = re.compile(r"\d+|[^\W\d_]+|\S")

# A meld's words for a count of it, with its length or without. Each is a whole pattern, so a
# language puts the number and the length where its grammar wants them.
_MELD_WORDS: dict[str, Callable[[int], str]] = {
    "set": lambda n: ngettext("%(count)s set", "%(count)s sets", n),
    "run": lambda n: ngettext("%(count)s run", "%(count)s runs", n),
    "pair": lambda n: ngettext("%(count)s pair", "%(count)s pairs", n),
}
_MELD_LENGTH_WORDS: dict[str, Callable[[int], str]] = {
    "set": lambda n: ngettext("%(count)s set of %(length)s", "%(count)s sets of %(length)s", n),
    "run": lambda n: ngettext("%(count)s run of %(length)s", "%(count)s runs of %(length)s", n),
    "pair": lambda n: ngettext("%(count)s pair of %(length)s", "%(count)s pairs of %(length)s", n),
}


def melds_in_words(melds: tuple[Meld, ...], *, show_lengths: bool = False) -> str:
    """A contract in words, "2 sets + 1 run"; a length is shown when asked for or when it is
    not the usual one. `parse_contract` reads it back in any language the app speaks."""
    counts: dict[Meld, int] = {}
    for meld in melds:
        counts[meld] = counts.get(meld, 0) + 1
    parts = []
    for meld, count in counts.items():
        if meld.kind == "any":
            parts.append(_("sets or runs of %(length)s or more cards") % {"length": meld.length})
        elif show_lengths or meld.length != DEFAULT_LENGTHS[meld.kind]:
            words = _MELD_LENGTH_WORDS[meld.kind](count)
            parts.append(words % {"count": count, "length": meld.length})
        else:
            parts.append(_MELD_WORDS[meld.kind](count) % {"count": count})
    return " + ".join(parts) if parts else _("no contract")


def parse_contract(words: str) -> tuple[Meld, ...]:
    """The melds of "2 sets + 1 run of 7"; raises RulesError saying what cannot be read."""
    # Also read: "two trios and a run", "1 set 1 run"; a length left out is the usual one.
    any_melds = _ANY_MELDS.fullmatch(words.casefold())
    if any_melds:
        return (Meld("any", int(any_melds[1])),)
    tokens = _TOKENS.findall(words.casefold())
    if not tokens:
        raise RulesError(_("Write the contract, %(example)s.") % {"example": _(EXAMPLE)})
    melds: list[Meld] = []
    position = 0
    while position < len(tokens):
        count, position = _count(tokens, position)
        kind, position = _kind(tokens, position, count)
        length, position = _length(tokens, position, kind)
        melds.extend([Meld(kind, length)] * count)
        if len(melds) > MOST_MELDS:
            raise RulesError(_too_many())
        position = _separator(tokens, position)
    return tuple(melds)


def _too_many() -> str:
    return _("A contract asks for at most %(most)s sets and runs.") % {"most": MOST_MELDS}


def _count(tokens: list[str], position: int) -> tuple[int, int]:
    """How many of the next meld; 1 when no number is written."""
    token = tokens[position]
    if token.isdecimal():
        count = int(token) if len(token) <= 3 else MOST_MELDS + 1
        if count == 0:
            raise RulesError(_("A contract asks for at least 1 of each meld it names, not 0."))
        if count > MOST_MELDS:
            raise RulesError(_too_many())
        return count, position + 1
    if token in COUNT_WORDS:
        return COUNT_WORDS[token], position + 1
    return 1, position


def _kind(tokens: list[str], position: int, count: int) -> tuple[MeldKind, int]:
    """The kind of meld named at `position`: a set, a run or a pair."""
    example = _(EXAMPLE)
    if position >= len(tokens):
        raise RulesError(
            _("%(count)s of what? Name sets or runs, %(example)s.")
            % {"count": count, "example": example}
        )
    token = tokens[position]
    if token not in MELD_NAMES:
        raise RulesError(
            _("“%(word)s” is not a set, a run or a pair. Write the contract %(example)s.")
            % {"word": token, "example": example}
        )
    return MELD_NAMES[token], position + 1


def _length(tokens: list[str], position: int, kind: MeldKind) -> tuple[int, int]:
    """The length after "of" ("a run of 7", "2 sets of 3 cards"), or the usual length."""
    if position >= len(tokens) or tokens[position] not in LENGTH_WORDS:
        return DEFAULT_LENGTHS[kind], position
    after = tokens[position]
    position += 1
    if position < len(tokens) and tokens[position] in EACH_WORDS:
        position += 1
    token = tokens[position] if position < len(tokens) else ""
    if not token.isdecimal():
        example = melds_in_words((Meld(kind, 5),), show_lengths=True)
        raise RulesError(
            _("Give a number of cards after “%(word)s”, e.g. “%(example)s”.")
            % {"word": after, "example": example}
        )
    if len(token) > 3 or int(token) > LONGEST_MELD:
        raise RulesError(_(_TOO_LONG[kind]) % {"count": token})
    position += 1
    if position < len(tokens) and tokens[position] in CARD_WORDS:
        position += 1
    return int(token), position


# A meld longer than any hand, said per kind.
_TOO_LONG = {
    "set": N_("A set of %(count)s cards is more than a hand holds."),
    "run": N_("A run of %(count)s cards is more than a hand holds."),
    "pair": N_("A pair of %(count)s cards is more than a hand holds."),
}


def _separator(tokens: list[str], position: int) -> int:
    """Skip a "+", "," or "and" between melds; a separator must have a meld after it."""
    if position < len(tokens) and tokens[position] in SEPARATORS:
        if position + 1 >= len(tokens):
            raise RulesError(
                _("Say what comes after “%(word)s”, %(example)s.")
                % {"word": tokens[position], "example": _(EXAMPLE)}
            )
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
    """A card group's label, the key of its count in a tally, kept in English whatever the
    language (`scoring.label_words` says it): "2-9" for ranks in a row, else the ranks
    listed, "A, Joker"."""
    stretches: list[list[str]] = []
    for rank in ranks:
        if stretches and rank != JOKER and _follows(stretches[-1][-1], rank):
            stretches[-1].append(rank)
        else:
            stretches.append([rank])
    parts: list[str] = []
    for stretch in stretches:
        if len(stretch) >= SHORTEST_RANGE:
            parts.append(f"{RANK_KEYS[stretch[0]]}-{RANK_KEYS[stretch[-1]]}")
        else:
            parts.extend(RANK_KEYS[rank] for rank in stretch)
    return ", ".join(parts)


# Each rank as a label writes it.
RANK_KEYS = {rank: "Joker" if rank == JOKER else rank for rank in RANKS}


def rank_name(rank: str) -> str:
    """A rank as the table says it in the language spoken: "A", "10", "Joker"."""
    return _("Joker") if rank == JOKER else rank


def _follows(before: str, rank: str) -> bool:
    return RANKS.index(rank) == RANKS.index(before) + 1
