"""A rule set as data: contracts, cards, prices, May I? and stock policies, fairness switches."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, get_args

GoingOut = Literal["normal", "no_discard", "all_at_once"]
# "any" is a set or a run, whichever the player makes (the progressive game's melds of 3+).
MeldKind = Literal["set", "run", "pair", "any"]
# "in_turn_first": the player whose turn it is may buy first, then the one who plays soonest.
Priority = Literal["nearest", "first_to_ask", "in_turn_first"]
KittySplit = Literal["winner", "two_thirds"]
StockKind = Literal["turn_over_once", "reshuffle", "reshuffle_keep_top"]

GOING_OUT_KINDS: tuple[GoingOut, ...] = get_args(GoingOut)
MELD_KINDS: tuple[MeldKind, ...] = get_args(MeldKind)
PRIORITIES: tuple[Priority, ...] = get_args(Priority)
STOCK_KINDS: tuple[StockKind, ...] = get_args(StockKind)
KITTY_SPLITS: tuple[KittySplit, ...] = get_args(KittySplit)

JOKER = "JOKER"
STANDARD_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANKS: tuple[str, ...] = (*STANDARD_RANKS, JOKER)

# The contract words leave a length out when it is the usual one.
DEFAULT_LENGTHS: dict[str, int] = {"set": 3, "run": 4, "pair": 2, "any": 3}

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
    # The rank that is wild in this hand only (the progressive game's 3s, 4s, ... kings);
    # left in hand it costs the rule set's `wild_rank_points`, not its usual price.
    wild_rank: str | None = None
    # Cards taken blind from the stock with each May I? or buy in this hand (None: the
    # policy's `penalty_cards`).
    blind_cards: int | None = None


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
class Bonus:
    """Points the rules give a player for a feat the table ticks in a hand, such as going down
    and out in one turn; below zero they come off the player's total. `label` is also the key
    of the tick in a tally, where it counts 1."""

    label: str
    points: int
    # True when only the player who went out can earn it.
    out_only: bool = False


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
    # True when the claim is a buy: the player whose turn it is may buy too, and each buy
    # pays `price` (pennies) into the kitty.
    buying: bool = False
    price: int = 0


@dataclass(frozen=True, slots=True)
class Payouts:
    """What each place wins (+) or pays (-) at a table of `players`; place 1 first."""

    players: int
    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Settlement:
    """How the table settles up in pennies at the end: a schedule and the kitty's split."""

    schedule: tuple[Payouts, ...] = ()
    # "winner": the whole kitty to first place; "two_thirds": 2/3 to first, 1/3 to second.
    kitty_split: KittySplit = "winner"


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
    # What a hand's wild rank (HandRule.wild_rank) costs when left in hand.
    wild_rank_points: int = 20
    # True when, after one player goes out, every other player has one more turn, and any who
    # also empties their hand scores 0 (several players out in one hand).
    last_turn_after_out: bool = False
    # The pennies the table settles at the end; None when the game is not played for money.
    settlement: Settlement | None = None
    # Field paths (e.g. "hands[2].melds", "prices") that the rule texts leave to the family:
    # shown as "set by your family", skipped by the checks, and to be set before a game.
    unset: tuple[str, ...] = ()
    # One line telling this rule set apart where rules are chosen.
    description: str = ""
    # Points a player scores for a feat ticked in a hand (going out in one go: below zero).
    bonuses: tuple[Bonus, ...] = ()

    @property
    def uses_jokers(self) -> bool:
        """True when any player count plays with jokers."""
        return any(row.jokers > 0 for row in self.deck_counts)
