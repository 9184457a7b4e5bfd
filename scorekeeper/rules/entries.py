"""What the table reports for one hand, player by player, and the checks before it is saved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules.bonuses import bonus_points, card_tally
from scorekeeper.rules.dealing import decks_at_table
from scorekeeper.rules.language import _, ngettext
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.scoring import (
    is_possible_total,
    label_words,
    points_for_tally,
    report_groups,
)


@dataclass(frozen=True, slots=True)
class PlayerEntry:
    """One player's report for a hand: out, a tally, a typed total, or no score given.

    The tally counts the cards left in hand by price group, and holds a tick (1) for each
    bonus of the rule set the player earned.
    """

    went_out: bool = False
    tally: Mapping[str, int] = field(default_factory=dict)
    typed_total: int | None = None
    short_cards: int = 0
    penalty: int = 0
    penalty_reason: str = ""
    no_score: bool = False

    def normalised(self) -> PlayerEntry:
        """The same report as it is stored: no zero counts, no reason without a penalty."""
        return PlayerEntry(
            went_out=self.went_out,
            tally={label: n for label, n in self.tally.items() if n},
            typed_total=self.typed_total,
            short_cards=self.short_cards,
            penalty=self.penalty,
            penalty_reason=self.penalty_reason.strip() if self.penalty else "",
            no_score=self.no_score,
        )


def entry_facts(entry: PlayerEntry) -> dict[str, Any]:
    """A report as plain data, as the app stores it (a score row's facts, a proposal)."""
    return {
        "went_out": entry.went_out,
        "tally": dict(entry.tally),
        "typed_total": entry.typed_total,
        "short_cards": entry.short_cards,
        "penalty": entry.penalty,
        "penalty_reason": entry.penalty_reason,
        "no_score": entry.no_score,
    }


def entry_from_facts(facts: Mapping[str, Any]) -> PlayerEntry:
    """A report the app stored with `entry_facts` (its own data: a file is read apart)."""
    return PlayerEntry(
        went_out=bool(facts.get("went_out", False)),
        tally=dict(facts.get("tally") or {}),
        typed_total=facts.get("typed_total"),
        short_cards=int(facts.get("short_cards", 0)),
        penalty=int(facts.get("penalty", 0)),
        penalty_reason=str(facts.get("penalty_reason", "")),
        no_score=bool(facts.get("no_score", False)),
    )


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong with a hand's report, and the players (by index) it concerns."""

    message: str
    player: int | None = None
    players: tuple[int, ...] = ()

    @property
    def concerns(self) -> tuple[int, ...]:
        """Every player the problem is about (none for the hand as a whole)."""
        return self.players or (() if self.player is None else (self.player,))


@dataclass(frozen=True, slots=True)
class HandCheck:
    """The outcome of checking a hand: errors refuse it, warnings need the table's confirmation."""

    errors: tuple[Problem, ...]
    warnings: tuple[Problem, ...]

    @property
    def ok(self) -> bool:
        """True when the hand may be saved (once its warnings are confirmed)."""
        return not self.errors


def card_points(rs: RuleSet, entry: PlayerEntry, hand_number: int | None = None) -> int:
    """Points of the cards left in hand: the tally's, or the typed total; 0 for going out."""
    if entry.went_out or entry.no_score:
        return 0
    if entry.typed_total is not None:
        return entry.typed_total
    return points_for_tally(rs, card_tally(rs, entry.tally), hand_number=hand_number)


def entry_score(rs: RuleSet, entry: PlayerEntry, hand_number: int | None = None) -> int | None:
    """A player's score for the hand, penalties and bonuses included (below zero when a bonus
    outweighs the rest); None when they gave no score.

    :param hand_number: the hand scored, whose wild rank (if any) has its own price.
    """
    if entry.no_score:
        return None
    points = card_points(rs, entry, hand_number) + bonus_points(rs, entry.tally)
    return points + entry.short_cards * rs.short_card_penalty + entry.penalty


def score_terms(rs: RuleSet, entry: PlayerEntry, hand_number: int | None = None) -> str:
    """What a score is made of, when more than the cards: "10 + 2 short", "out + 15 penalty",
    "out + in one go (-10)".

    Empty for a plain score (the cards alone, or going out) and for a player who gave none.
    """
    earned = [b for b in rs.bonuses if entry.tally.get(b.label, 0) > 0]
    if entry.no_score or not (entry.short_cards or entry.penalty or earned):
        return ""
    terms = [_("out") if entry.went_out else str(card_points(rs, entry, hand_number))]
    if entry.short_cards:
        short = ngettext("%(count)s short", "%(count)s short", entry.short_cards)
        terms.append(short % {"count": entry.short_cards})
    if entry.penalty:
        penalty = ngettext("%(points)s penalty", "%(points)s penalty", entry.penalty)
        terms.append(penalty % {"points": entry.penalty})
    terms += [
        _("%(bonus)s (%(points)s)")
        % {"bonus": _within_sentence(label_words(bonus.label)), "points": bonus.points}
        for bonus in earned
    ]
    return " + ".join(terms)


def _within_sentence(label: str) -> str:
    """A label that starts with a capital, as it reads within a sentence: its first word in
    small letters (a word all in capitals stays as it is)."""
    first, space, rest = label.partition(" ")
    if first[1:] != first[1:].lower():
        return label
    return first.lower() + space + rest


def tally_words(rs: RuleSet, entry: PlayerEntry) -> str:
    """A report's cards by group and its bonus ticks in the order they were counted, as a
    spreadsheet shows them: "3 × 2-9, 1 × A, In one go"; a typed total as "35 typed"."""
    ticks = {bonus.label for bonus in rs.bonuses}
    parts = []
    if entry.typed_total is not None:
        parts.append(_("%(points)s typed") % {"points": entry.typed_total})
    for label, count in entry.tally.items():
        if count and label in ticks:
            parts.append(label_words(label))
        elif count:
            parts.append(_("%(count)s × %(group)s") % {"count": count, "group": label_words(label)})
    return ", ".join(parts)


def impossible_total_words() -> str:
    """Why a typed total is doubtful, for the hand form's script to show beside it."""
    return _("No cards add up to this total under these prices.")


def check_hand(
    rs: RuleSet,
    entries: Sequence[PlayerEntry],
    names: Sequence[str],
    *,
    stock_ran_out: bool,
    hand_number: int | None = None,
) -> HandCheck:
    """Check a hand's report: complete, consistent, and within what the cards can produce.

    :param hand_number: the hand reported; its wild rank decides the card prices.
    """
    errors: list[Problem] = []
    warnings: list[Problem] = []
    in_play = decks_at_table(rs, len(entries))
    cards_in_play = in_play.decks * 52 + in_play.jokers
    known = {group.label for group in report_groups(rs, hand_number)}
    for index, (entry, name) in enumerate(zip(entries, names, strict=True)):
        problems = _entry_errors(rs, entry, name, cards_in_play, known)
        if not problems:
            problems = _bonus_errors(rs, entry, name)
        errors.extend(Problem(m, index) for m in problems)
        if (
            entry.typed_total is not None
            and entry.typed_total > 0
            and not entry.went_out
            and not is_possible_total(rs, entry.typed_total, hand_number=hand_number)
        ):
            doubt = _(
                "%(name)s: no cards add up to %(total)s under these prices. "
                "Check the count, or confirm it if it is right."
            )
            warnings.append(Problem(doubt % {"name": name, "total": entry.typed_total}, index))
    out = [name for entry, name in zip(entries, names, strict=True) if entry.went_out]
    if len(out) > 1 and not rs.last_turn_after_out:
        words = _("Only one player can go out in a hand, but %(names)s are marked out.")
        errors.append(Problem(words % {"names": _and(out)}))
    elif out and stock_ran_out:
        words = ngettext(
            "%(names)s went out, so the hand did not end with the stock running out.",
            "%(names)s went out, so the hand did not end with the stock running out.",
            len(out),
        )
        errors.append(Problem(words % {"names": _and(out)}))
    elif not out and not stock_ran_out:
        errors.append(
            Problem(
                _(
                    "Nobody is marked out. Mark who went out, or tick that the stock ran out "
                    "if the hand ended with nobody out."
                )
            )
        )
    return HandCheck(tuple(errors), tuple(warnings))


def _entry_errors(
    rs: RuleSet, entry: PlayerEntry, name: str, cards_in_play: int, known: set[str]
) -> list[str]:
    errors: list[str] = []
    for label, count in entry.tally.items():
        if label not in known:
            words = _("%(name)s: the rules have no card price “%(label)s”.")
            errors.append(words % {"name": name, "label": label})
        elif count < 0:
            errors.append(_("%(name)s: a count of cards cannot be negative.") % {"name": name})
    cards = card_tally(rs, entry.tally)
    counted = sum(count for count in cards.values() if count > 0)
    if counted > cards_in_play:
        words = ngettext(
            "%(name)s: %(count)s card is more than the %(most)s cards in play.",
            "%(name)s: %(count)s cards is more than the %(most)s cards in play.",
            counted,
        )
        errors.append(words % {"name": name, "count": counted, "most": cards_in_play})
    if entry.typed_total is not None and entry.typed_total < 0:
        errors.append(_("%(name)s: a total cannot be negative.") % {"name": name})
    if entry.short_cards < 0:
        errors.append(_("%(name)s: cards short cannot be negative.") % {"name": name})
    if entry.penalty < 0:
        errors.append(_("%(name)s: a penalty cannot be negative.") % {"name": name})
    if entry.penalty and not entry.penalty_reason.strip():
        words = ngettext(
            "%(name)s: say why the %(points)s-point penalty is given.",
            "%(name)s: say why the %(points)s-point penalty is given.",
            entry.penalty,
        )
        errors.append(words % {"name": name, "points": entry.penalty})
    if errors:
        return errors
    has_cards = any(count for count in cards.values())
    counted_ways = [entry.went_out, has_cards, entry.typed_total is not None, entry.no_score]
    if sum(counted_ways) > 1:
        errors.append(_mixed_message(entry, name))
    elif not any(counted_ways):
        words = _(
            "%(name)s: tap the cards left in hand, type their total, or mark %(name)s as out."
        )
        errors.append(words % {"name": name})
    elif entry.typed_total == 0:
        words = _(
            "%(name)s did not go out, so they hold at least one card: a total of 0 is not possible."
        )
        errors.append(words % {"name": name})
    if entry.went_out and entry.short_cards:
        words = _("%(name)s went out, so no cards can be missing from their hand.")
        errors.append(words % {"name": name})
    return errors


def _bonus_errors(rs: RuleSet, entry: PlayerEntry, name: str) -> list[str]:
    """A bonus is ticked once, by a player who gave a score, and by the one out if it says so."""
    errors: list[str] = []
    for bonus in rs.bonuses:
        count = entry.tally.get(bonus.label, 0)
        if not count:
            continue
        parts = {"name": name, "bonus": label_words(bonus.label), "count": count}
        if count > 1:
            words = ngettext(
                "%(name)s: “%(bonus)s” is earned once in a hand, not %(count)s time.",
                "%(name)s: “%(bonus)s” is earned once in a hand, not %(count)s times.",
                count,
            )
            errors.append(words % parts)
        elif entry.no_score:
            words = _("%(name)s is marked as giving no score, so earns no “%(bonus)s”.")
            errors.append(words % parts)
        elif bonus.out_only and not entry.went_out:
            errors.append(_("%(name)s: only the player who went out earns “%(bonus)s”.") % parts)
    return errors


def _mixed_message(entry: PlayerEntry, name: str) -> str:
    if entry.no_score:
        words = _(
            "%(name)s is marked as giving no score: clear their cards or total, or untick it."
        )
    elif entry.went_out:
        words = _("%(name)s went out, so they hold no cards: clear their cards or total.")
    else:
        words = _("%(name)s: give the cards by tapping or as a typed total, not both.")
    return words % {"name": name}


def _and(names: Sequence[str]) -> str:
    """Names in a list as the language says it: "Ann and Bob", "Ann, Bob and Cat"."""
    if len(names) <= 1:
        return "".join(names)
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}
