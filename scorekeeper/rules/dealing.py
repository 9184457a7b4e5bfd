"""At the table: who deals, who plays first, how many decks and cards, the contract in words."""

from __future__ import annotations

import re
from dataclasses import dataclass

from scorekeeper.rules.contracts import melds_in_words
from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.ruleset import DeckCount, HandRule, Meld, RulesError, RuleSet, StockPolicy

# Each way of going out in words, kept in English and translated where shown.
GOING_OUT_WORDS: dict[str, str] = {
    "normal": N_("Go out by melding, laying off or discarding your last card."),
    "no_discard": N_("Go out only by melding every card you hold; no last discard."),
    "all_at_once": N_("Go out by melding your whole hand in one turn, with no discard."),
}

STOCK_WORDS: dict[str, str] = {
    "turn_over_once": N_(
        "When the stock runs out, turn the discard pile over, unshuffled, as the new stock. "
        "This happens only once: if the stock runs out again, the hand ends and everyone "
        "counts the cards they hold."
    ),
    "reshuffle": N_(
        "When the stock runs out, shuffle the discard pile and use it as the new stock."
    ),
    "reshuffle_keep_top": N_(
        "When the stock runs out, leave the top discard face up and shuffle the rest of the "
        "discard pile into a new stock. If both piles are used up, the hand ends and everyone "
        "counts the cards they hold."
    ),
}


def player_count_refusal(rs: RuleSet, players: int) -> str | None:
    """Why a game of these rules cannot seat this many players, in words; None when it can."""
    if rs.min_players <= players <= rs.max_players:
        return None
    return _("%(rules)s is played by %(least)s to %(most)s players; you chose %(count)s.") % {
        "rules": ruleset_name(rs),
        "least": rs.min_players,
        "most": rs.max_players,
        "count": players,
    }


def decks_for(rs: RuleSet, players: int) -> DeckCount:
    """The decks-and-jokers row for this many players.

    :raises RulesError: when the rule set is not for this many players.
    """
    for row in rs.deck_counts:
        if row.min_players <= players <= row.max_players:
            return row
    raise RulesError(
        player_count_refusal(rs, players)
        or _("%(rules)s: no decks for %(count)s.") % {"rules": ruleset_name(rs), "count": players}
    )


def decks_at_table(rs: RuleSet, players: int) -> DeckCount:
    """The decks in play for `players` still at a table that may have lost some.

    A game that started within the rule set's range keeps playing with the decks of its
    smallest table when players leave.
    """
    return decks_for(rs, min(max(players, rs.min_players), rs.max_players))


def hand_count(rs: RuleSet) -> int:
    """How many hands make a game."""
    return len(rs.hands)


def hand_rule(rs: RuleSet, hand_number: int) -> HandRule:
    """The rule for hand `hand_number`, counting from 1.

    :raises RulesError: for a hand the game does not have.
    """
    if not 1 <= hand_number <= len(rs.hands):
        raise RulesError(
            _("%(rules)s has hands 1 to %(count)s, not hand %(number)s.")
            % {"rules": ruleset_name(rs), "count": len(rs.hands), "number": hand_number}
        )
    return rs.hands[hand_number - 1]


def cards_dealt(rs: RuleSet, hand_number: int) -> int:
    """How many cards each player is dealt in hand `hand_number`."""
    return hand_rule(rs, hand_number).cards_dealt


def minimum_cards(rs: RuleSet, hand_number: int) -> int:
    """The fewest cards that make the contract of hand `hand_number`."""
    return contract_minimum(hand_rule(rs, hand_number).melds)


def contract_minimum(melds: tuple[Meld, ...]) -> int:
    """The fewest cards that make this contract."""
    return sum(meld.length for meld in melds)


def is_unset(rs: RuleSet, path: str) -> bool:
    """True when the rule texts leave the value at `path` to the family (and it is not set)."""
    return path in rs.unset


def contract_words(rs: RuleSet, hand_number: int) -> str:
    """The contract of hand `hand_number` as the table says it, e.g. "2 sets + 1 run"."""
    rule = hand_rule(rs, hand_number)
    if is_unset(rs, f"hands[{hand_number - 1}].melds"):
        if not rule.melds:
            return _("Set by your family")
        known = melds_in_words(rule.melds, show_lengths=rs.show_lengths)
        return _("%(contract)s + more, set by your family") % {"contract": known}
    return melds_in_words(rule.melds, show_lengths=rs.show_lengths)


def hand_note(rs: RuleSet, hand_number: int) -> str:
    """Hand `hand_number`'s special rule, if any: a preset's in the language spoken, a
    family's own as they wrote it."""
    note = hand_rule(rs, hand_number).note
    return _(note) if note else note


def cards_dealt_words(rs: RuleSet, hand_number: int) -> str:
    """The cards dealt in hand `hand_number` as a number, or "Set by your family"."""
    if is_unset(rs, f"hands[{hand_number - 1}].cards_dealt"):
        return _("Set by your family")
    return str(cards_dealt(rs, hand_number))


LAST_TURN_WORDS = N_(
    "When someone goes out, every other player gets one more turn; "
    "anyone who empties their hand then scores 0 too."
)


def going_out_words(rs: RuleSet, hand_number: int) -> str:
    """How a player goes out in hand `hand_number` (and the others' last turn, if any)."""
    words = _(GOING_OUT_WORDS[hand_rule(rs, hand_number).going_out])
    return f"{words} {_(LAST_TURN_WORDS)}" if rs.last_turn_after_out else words


def stock_words(stock: StockPolicy) -> str:
    """What the table does when the stock runs out, under this policy."""
    return _(STOCK_WORDS[stock.kind])


# How many times the stock may be renewed in one hand; None: as often as it runs out.
STOCK_RENEWAL_LIMIT: dict[str, int | None] = {
    "turn_over_once": 1,
    "reshuffle": None,
    "reshuffle_keep_top": None,
}
STOCK_GONE_WORDS = N_(
    "The stock ran out again and may not be renewed: the hand is over. Score it with nobody "
    "out, and tick “the stock ran out”."
)


def stock_gone_words() -> str:
    """What the table does once the stock has run out for good: the hand is over."""
    return _(STOCK_GONE_WORDS)


@dataclass(frozen=True, slots=True)
class StockRunOut:
    """What happens when the stock runs out: renewed (and how), or the hand ends."""

    renewed: bool
    words: str


def stock_run_out(stock: StockPolicy, renewals_so_far: int) -> StockRunOut:
    """The stock ran out after `renewals_so_far` renewals this hand: renew it, or end the hand."""
    limit = STOCK_RENEWAL_LIMIT[stock.kind]
    if limit is not None and renewals_so_far >= limit:
        return StockRunOut(renewed=False, words=stock_gone_words())
    return StockRunOut(renewed=True, words=stock_words(stock))


# A house option the rule set names without taking ("(house option: 2s too)") is not in
# play: a league that plays it writes it into its own rule set ("Jokers and 2s are wild.").
_UNTAKEN_OPTION = re.compile(r"\s*\(house option:[^)]*\)", re.IGNORECASE)


def wild_words(rs: RuleSet) -> str:
    """What is wild at this table, plainly: "Jokers and red aces are wild." (a preset's words
    in the language spoken, a family's own as they wrote them)."""
    words = _UNTAKEN_OPTION.sub("", rs.wild).strip()
    return _(words) if words else _("No wild cards.")


def ruleset_name(rs: RuleSet) -> str:
    """A rule set's name: a preset's in the language spoken, a family's own as they wrote it."""
    return ruleset_name_words(rs.name)


def ruleset_name_words(name: str) -> str:
    """A rule set's name kept apart from its rule set (a game's, read by the records), as
    `ruleset_name` words it."""
    return _(name) if name else name


def dealer_for_hand(first_dealer_seat: int, hand_number: int, players: int) -> int:
    """The seat (0-based) that deals hand `hand_number`: the deal passes one seat left a hand.

    A re-dealt or re-played hand keeps its number, so it keeps its dealer.
    """
    _check_seating(first_dealer_seat, hand_number, players)
    return (first_dealer_seat + hand_number - 1) % players


def _check_seating(seat: int, hand_number: int, players: int) -> None:
    if players < 1:
        raise RulesError(_("A table needs players; got %(count)s.") % {"count": players})
    if not 0 <= seat < players:
        raise RulesError(
            _("Seat %(seat)s is not at a table of %(count)s (seats 0 to %(last)s).")
            % {"seat": seat, "count": players, "last": players - 1}
        )
    if hand_number < 1:
        raise RulesError(_("Hands are counted from 1, not %(number)s.") % {"number": hand_number})


def ruleset_summary(rs: RuleSet) -> str:
    """One line telling a rule set apart: players, hands, then its description, else the
    cards dealt and what is wild."""
    hands = len(rs.hands)
    parts = [
        _("%(least)s-%(most)s players") % {"least": rs.min_players, "most": rs.max_players},
        ngettext("%(count)s hand", "%(count)s hands", hands) % {"count": hands},
    ]
    if rs.description:
        return " · ".join((*parts, _(rs.description)))
    dealt = sorted({hand.cards_dealt for hand in rs.hands})
    if len(dealt) == 1:
        cards = ngettext("%(count)s card every hand", "%(count)s cards every hand", dealt[0]) % {
            "count": dealt[0]
        }
    else:
        cards = _("%(least)s to %(most)s cards a hand") % {"least": dealt[0], "most": dealt[-1]}
    return " · ".join((*parts, cards, wild_words(rs)))
