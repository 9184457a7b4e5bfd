"""Short rulings for the irregularities a referee meets, in our own words, per rule set."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from scorekeeper.rules.dealing import going_out_words, stock_words, wild_words
from scorekeeper.rules.mayi import may_i_words
from scorekeeper.rules.ruleset import RuleSet


@dataclass(frozen=True, slots=True)
class Ruling:
    """One irregularity and what the table does about it."""

    key: str
    title: str
    points: tuple[str, ...]
    # Other words the table uses for it, so a search for "misdeal" finds the re-deal.
    keywords: tuple[str, ...] = ()


# What families call each irregularity, besides the words of its ruling.
KEYWORDS: dict[str, tuple[str, ...]] = {
    "stock": ("deck empty", "no cards left", "pile"),
    "out-of-turn": ("wrong turn", "skipped", "early"),
    "illegal-draw": ("drew two", "exposed", "wrong pile", "peek"),
    "premature-discard": ("discarded early", "forgot to draw"),
    "incorrect-hand": ("too many cards", "too few cards", "short", "miscount"),
    "redeal": ("misdeal", "wrong number of cards", "shuffle again"),
    "illegal-meld": ("laid down", "went down", "wrong meld", "contract", "lay off"),
    "scoring-errors": ("mistake", "wrong score", "fix", "correction", "added up wrong"),
    "may-i": ("buy", "buying", "claim", "penalty card", "out of turn"),
    "wild": ("joker", "jokers", "deuce", "deuces", "twos", "wild card"),
    "going-out": ("go out", "going out", "last card", "discard", "finish"),
}


def rulings(rs: RuleSet) -> tuple[Ruling, ...]:
    """Every ruling of the referee page, worded for this rule set."""
    return tuple(replace(ruling, keywords=KEYWORDS.get(ruling.key, ())) for ruling in _rulings(rs))


def _going_out(rs: RuleSet) -> tuple[str, ...]:
    """How to go out, hand by hand where it changes."""
    by_words: dict[str, list[int]] = {}
    for number in range(1, len(rs.hands) + 1):
        by_words.setdefault(going_out_words(rs, number), []).append(number)
    if len(by_words) == 1:
        return (next(iter(by_words)),)
    return tuple(
        f"Hand{'s' if len(numbers) > 1 else ''} {', '.join(map(str, numbers))}: {words}"
        for words, numbers in by_words.items()
    )


def _rulings(rs: RuleSet) -> tuple[Ruling, ...]:
    penalty = rs.short_card_penalty
    jokers = "Jokers are in play." if rs.uses_jokers else "These rules play without jokers."
    return (
        Ruling(
            "stock",
            "The stock runs out",
            (stock_words(rs.stock), "Tap “The stock ran out” on the table screen to record it."),
        ),
        Ruling(
            "out-of-turn",
            "Someone plays out of turn",
            (
                "Cards drawn out of turn go back where they came from; any card seen by the "
                "table stays face up for all to know.",
                "Melds put down out of turn go back into the player's hand; play resumes with "
                "the player whose turn it really was.",
                "If the next player has already drawn, the play out of turn stands.",
            ),
        ),
        Ruling(
            "illegal-draw",
            "An illegal draw",
            (
                "A card drawn from the stock by mistake and seen by nobody goes back on top.",
                "A card exposed while drawing is shown to everyone and put back; the stock is "
                "not reshuffled for it.",
                "On each turn a player takes either the top discard or the top card of the "
                "stock. Saying May I? is the only way to take a discard out of turn.",
            ),
        ),
        Ruling(
            "premature-discard",
            "A discard before drawing",
            (
                "A player who discards before drawing takes the card back and draws first; "
                "the card stays known to the table.",
            ),
        ),
        Ruling(
            "incorrect-hand",
            "A player holds the wrong number of cards",
            (
                "Too many cards: they are all counted against the player at the end of the hand.",
                f"Too few cards: each missing card costs {penalty} points at the end of the "
                "hand (enter it as “cards short” on the score form).",
                "Before going down, a hand holds the cards dealt plus, for each May I?, the "
                "discard and the penalty cards: the table screen shows each player's number.",
            ),
        ),
        Ruling(
            "redeal",
            "A re-deal",
            (
                "The same dealer deals again when more than one card is exposed in the deal, "
                "when a player is dealt the wrong number of cards and it is noticed before the "
                "first draw, or when a wrong pack is found.",
                "A re-deal keeps the hand, its contract and its dealer; nobody scores for the "
                "spoiled deal. Record it with “Deal this hand again”.",
            ),
        ),
        Ruling(
            "illegal-meld",
            "Cards laid down illegally",
            (
                "Melds that do not meet the contract, or are put down at a time the rules do "
                "not allow, go back into the player's hand before the next player draws.",
                "If the mistake is found later, the player takes the cards back and scores "
                "them as cards left in hand if the hand has ended.",
            ),
        ),
        Ruling(
            "scoring-errors",
            "A scoring error",
            (
                "A hand's count may be fixed freely until the next hand is scored.",
                "Later, a fix needs the whole table's agreement and a reason; the app keeps "
                "every change with who made it, when, and the old and new scores.",
            ),
        ),
        Ruling("wild", "What is wild", (wild_words(rs), jokers)),
        Ruling("going-out", "Going out", _going_out(rs)),
        Ruling(
            "may-i",
            "May I? and who gets the discard",
            (
                *may_i_words(rs.may_i, len(rs.hands)),
                "A May I? does not change the turn order, and the claimant lays nothing down "
                "before their own next turn.",
            ),
        ),
    )


def search_rulings(all_rulings: tuple[Ruling, ...], query: str) -> tuple[Ruling, ...]:
    """The rulings whose title or text contains every word of the query (any case)."""
    words = [w for w in re.split(r"\W+", _fold(query)) if w]
    if not words:
        return all_rulings
    found = []
    for ruling in all_rulings:
        text = _fold(" ".join((ruling.title, *ruling.points, *ruling.keywords)))
        if all(_mentions(text, word) for word in words):
            found.append(ruling)
    return tuple(found)


def _fold(text: str) -> str:
    """Lower case, with dashes inside words dropped, so "re-deal" finds "redeal" and back."""
    return re.sub(r"(?<=\w)-(?=\w)", "", text.lower())


def _mentions(text: str, word: str) -> bool:
    """A short word ("I" of "May I?") must stand alone; a longer one may start a word."""
    if len(word) <= 2:
        return re.search(rf"\b{re.escape(word)}\b", text) is not None
    return word in text
