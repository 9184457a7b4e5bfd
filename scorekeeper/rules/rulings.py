"""Short rulings for the irregularities a referee meets, in our own words, per rule set."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace

from scorekeeper.rules.corrections import CORRECTIONS_WORDS
from scorekeeper.rules.dealing import going_out_words, stock_words, wild_words
from scorekeeper.rules.language import N_, _, ngettext
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


# What families call each irregularity, besides the words of its ruling: in each language a
# list of its own, split at its commas.
KEYWORDS: dict[str, str] = {
    "stock": N_("deck empty, no cards left, pile"),
    "out-of-turn": N_("wrong turn, skipped, early"),
    "illegal-draw": N_("drew two, exposed, wrong pile, peek"),
    "premature-discard": N_("discarded early, forgot to draw"),
    "incorrect-hand": N_("too many cards, too few cards, short, miscount"),
    "redeal": N_("misdeal, wrong number of cards, shuffle again"),
    "illegal-meld": N_("laid down, went down, wrong meld, contract, lay off"),
    "scoring-errors": N_("mistake, wrong score, fix, correction, added up wrong"),
    "may-i": N_("buy, buying, claim, penalty card, out of turn"),
    "wild": N_("joker, jokers, deuce, deuces, twos, wild card"),
    "going-out": N_("go out, going out, last card, discard, finish"),
}


def rulings(rs: RuleSet) -> tuple[Ruling, ...]:
    """Every ruling of the referee page, worded for this rule set in the language spoken."""
    return tuple(replace(ruling, keywords=_keywords(ruling.key)) for ruling in _rulings(rs))


def _keywords(key: str) -> tuple[str, ...]:
    words = _(KEYWORDS[key]) if key in KEYWORDS else ""
    return tuple(word.strip() for word in words.split(",") if word.strip())


def _going_out(rs: RuleSet) -> tuple[str, ...]:
    """How to go out, hand by hand where it changes."""
    by_words: dict[str, list[int]] = {}
    for number in range(1, len(rs.hands) + 1):
        by_words.setdefault(going_out_words(rs, number), []).append(number)
    if len(by_words) == 1:
        return (next(iter(by_words)),)
    return tuple(
        ngettext("Hand %(numbers)s: %(words)s", "Hands %(numbers)s: %(words)s", len(numbers))
        % {"numbers": ", ".join(map(str, numbers)), "words": words}
        for words, numbers in by_words.items()
    )


def _scoring_errors(rs: RuleSet) -> tuple[str, ...]:
    if not rs.fairness.corrections:
        return (
            _(
                "Under these rules any scored hand may be fixed; the app keeps every change "
                "with who made it, when, and the old and new scores."
            ),
        )
    return (
        _(CORRECTIONS_WORDS),
        _("The app keeps every change with who made it, when, and the old and new scores."),
    )


def house_points(rs: RuleSet) -> tuple[str, ...]:
    """A rule set's own points beside the rulings: a preset's in the language spoken, a
    family's as they wrote them."""
    return tuple(_(line) if line else line for line in rs.extra_rules)


def _rulings(rs: RuleSet) -> tuple[Ruling, ...]:
    penalty = rs.short_card_penalty
    jokers = _("Jokers are in play.") if rs.uses_jokers else _("These rules play without jokers.")
    return (
        Ruling(
            "stock",
            _("The stock runs out"),
            (
                stock_words(rs.stock),
                # The button's own words, as the table screen shows them.
                _("Tap “%(button)s” on the table screen to record it.")
                % {"button": _("The stock ran out")},
            ),
        ),
        Ruling(
            "out-of-turn",
            _("Someone plays out of turn"),
            (
                _(
                    "Cards drawn out of turn go back where they came from; any card seen by the "
                    "table stays face up for all to know."
                ),
                _(
                    "Melds put down out of turn go back into the player's hand; play resumes "
                    "with the player whose turn it really was."
                ),
                _("If the next player has already drawn, the play out of turn stands."),
            ),
        ),
        Ruling(
            "illegal-draw",
            _("An illegal draw"),
            (
                _("A card drawn from the stock by mistake and seen by nobody goes back on top."),
                _(
                    "A card exposed while drawing is shown to everyone and put back; the stock "
                    "is not reshuffled for it."
                ),
                _(
                    "On each turn a player takes either the top discard or the top card of the "
                    "stock. Saying May I? is the only way to take a discard out of turn."
                ),
            ),
        ),
        Ruling(
            "premature-discard",
            _("A discard before drawing"),
            (
                _(
                    "A player who discards before drawing takes the card back and draws first; "
                    "the card stays known to the table."
                ),
            ),
        ),
        Ruling(
            "incorrect-hand",
            _("A player holds the wrong number of cards"),
            (
                _(
                    "Too many cards: they are all counted against the player at the end of the "
                    "hand."
                ),
                ngettext(
                    "Too few cards: each missing card costs %(points)s point at the end of the "
                    "hand (enter it as “%(field)s” on the score form).",
                    "Too few cards: each missing card costs %(points)s points at the end of the "
                    "hand (enter it as “%(field)s” on the score form).",
                    penalty,
                )
                % {"points": penalty, "field": _("cards short")},
                _(
                    "Before going down, a hand holds the cards dealt plus, for each May I?, the "
                    "discard and the penalty cards: the table screen shows each player's number."
                ),
            ),
        ),
        Ruling(
            "redeal",
            _("A re-deal"),
            (
                _(
                    "The same dealer deals again when more than one card is exposed in the "
                    "deal, when a player is dealt the wrong number of cards and it is noticed "
                    "before the first draw, or when a wrong pack is found."
                ),
                _(
                    "A re-deal keeps the hand, its contract and its dealer; nobody scores for "
                    "the spoiled deal. Record it with “%(button)s”."
                )
                % {"button": _("Deal this hand again")},
            ),
        ),
        Ruling(
            "illegal-meld",
            _("Cards laid down illegally"),
            (
                _(
                    "Melds that do not meet the contract, or are put down at a time the rules do "
                    "not allow, go back into the player's hand before the next player draws."
                ),
                _(
                    "If the mistake is found later, the player takes the cards back and scores "
                    "them as cards left in hand if the hand has ended."
                ),
            ),
        ),
        Ruling("scoring-errors", _("A scoring error"), _scoring_errors(rs)),
        Ruling("wild", _("What is wild"), (wild_words(rs), jokers)),
        Ruling("going-out", _("Going out"), _going_out(rs)),
        Ruling(
            "may-i",
            _("May I? and who gets the discard"),
            (
                *may_i_words(rs.may_i, len(rs.hands)),
                _(
                    "A May I? does not change the turn order, and the claimant lays nothing "
                    "down before their own next turn."
                ),
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
    """Lower case, without accents, with dashes inside words dropped: "re-deal" finds "redeal"
    and back, and "comodin" (typed on a phone) finds "comodín"."""
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", text.lower()) if not unicodedata.combining(c)
    )
    return re.sub(r"(?<=\w)-(?=\w)", "", plain)


def _mentions(text: str, word: str) -> bool:
    """A short word ("I" of "May I?") must stand alone; a longer one may start a word."""
    if len(word) <= 2:
        return re.search(rf"\b{re.escape(word)}\b", text) is not None
    return word in text
