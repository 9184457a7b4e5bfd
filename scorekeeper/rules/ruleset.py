"""A rule set as data: contracts, cards, prices, May I? and stock policies, fairness switches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

GoingOut = Literal["normal", "no_discard", "all_at_once"]
MeldKind = Literal["set", "run"]
Priority = Literal["nearest", "first_to_ask"]
StockKind = Literal["turn_over_once", "reshuffle", "reshuffle_keep_top"]

GOING_OUT_KINDS: tuple[str, ...] = get_args(GoingOut)
MELD_KINDS: tuple[str, ...] = get_args(MeldKind)
PRIORITIES: tuple[str, ...] = get_args(Priority)
STOCK_KINDS: tuple[str, ...] = get_args(StockKind)

JOKER = "JOKER"
STANDARD_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANKS: tuple[str, ...] = (*STANDARD_RANKS, JOKER)

# The contract words leave a length out when it is the usual one.
DEFAULT_LENGTHS: dict[str, int] = {"set": 3, "run": 4}

# The widest table any rule set may describe.
FEWEST_PLAYERS = 2
MOST_PLAYERS = 10


class RulesError(ValueError):
    """A question the rules cannot answer, e.g. an unknown preset or a hand out of range."""


class RuleSetError(RulesError):
    """A rule set that does not make sense; `.errors` lists (field path, plain-words message)."""

    def __init__(self, errors: list[tuple[str, str]]) -> None:
        self.errors = list(errors)
        super().__init__(" ".join(message for _, message in self.errors))


@dataclass(frozen=True, slots=True)
class Meld:
    """One part of a contract: a set or a run of at least `length` cards."""

    kind: MeldKind
    length: int


@dataclass(frozen=True, slots=True)
class HandRule:
    """One hand of the game: its contract, how many cards to deal, how to go out."""

    melds: tuple[Meld, ...]
    cards_dealt: int
    going_out: GoingOut = "normal"
    # Most May I?s one player may make in this hand: None means no limit, 0 means none at all.
    may_i_limit: int | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class DeckCount:
    """A row of the decks-and-jokers table: for min_players..max_players, how many of each."""

    min_players: int
    max_players: int
    decks: int
    jokers: int


@dataclass(frozen=True, slots=True)
class PriceGroup:
    """Cards that cost the same when left in hand; `label` is also the key of a tally."""

    label: str
    ranks: tuple[str, ...]
    points: int


@dataclass(frozen=True, slots=True)
class MayIPolicy:
    """How a player may claim the top discard out of turn."""

    penalty_cards: int = 1
    priority: Priority = "nearest"
    # Most May I?s one player may make in any hand (None: no limit); a hand may set a lower one.
    per_hand_limit: int | None = None
    # No May I? at all in this many hands at the end of the game.
    banned_last_hands: int = 0
    # True when a player who has gone down may still claim.
    after_going_down: bool = True
    # True when one player may not take two discards in a row by claiming.
    not_twice_running: bool = False
    # True when nobody may claim once the current player has taken the discard.
    not_after_current_takes: bool = False


@dataclass(frozen=True, slots=True)
class StockPolicy:
    """What the table does when the stock runs out."""

    kind: StockKind = "reshuffle"


@dataclass(frozen=True, slots=True)
class Fairness:
    """Which of the league's fairness rules apply; each may be switched off."""

    missing_score: bool = True
    incomplete_game: bool = True
    suspension: bool = True
    corrections: bool = True


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Everything the scorekeeper knows about one way of playing the game."""

    key: str
    name: str
    min_players: int
    max_players: int
    hands: tuple[HandRule, ...]
    deck_counts: tuple[DeckCount, ...]
    wild: str
    ace_in_runs: str
    prices: tuple[PriceGroup, ...]
    may_i: MayIPolicy = field(default_factory=MayIPolicy)
    stock: StockPolicy = field(default_factory=StockPolicy)
    fairness: Fairness = field(default_factory=Fairness)
    # Points charged per card missing from a hand that is short at the end.
    short_card_penalty: int = 10
    extra_rules: tuple[str, ...] = ()
    # True to spell out every meld length in the contract words ("2 sets of 3").
    show_lengths: bool = False

    @property
    def uses_jokers(self) -> bool:
        """True when any player count plays with jokers."""
        return any(row.jokers > 0 for row in self.deck_counts)
