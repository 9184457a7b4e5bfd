"""What the table reports for one hand, player by player, and the checks before it is saved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules.bonuses import bonus_points, card_tally
from scorekeeper.rules.dealing import decks_at_table
from scorekeeper.rules.language import _
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.scoring import is_possible_total, points_for_tally, report_groups


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
    terms = ["out" if entry.went_out else str(card_points(rs, entry, hand_number))]
    if entry.short_cards:
        terms.append(f"{entry.short_cards} short")
    if entry.penalty:
        terms.append(f"{entry.penalty} penalty")
    terms += [f"{bonus.label.lower()} ({bonus.points})" for bonus in earned]
    return " + ".join(terms)


def tally_words(rs: RuleSet, entry: PlayerEntry) -> str:
    """A report's cards by group and its bonus ticks in the order they were counted, as a
    spreadsheet shows them: "3 × 2-9, 1 × A, In one go"; a typed total as "35 typed"."""
    ticks = {bonus.label for bonus in rs.bonuses}
    parts = []
    if entry.typed_total is not None:
        parts.append(_("%(points)s typed") % {"points": entry.typed_total})
    for label, count in entry.tally.items():
        if count and label in ticks:
            parts.append(label)
        elif count:
            parts.append(_("%(count)s × %(group)s") % {"count": count, "group": label})
    return ", ".join(parts)


def impossible_total_words(total: int | None = None) -> str:
    """Why a typed total is doubtful: "no cards add up to 23 under these prices." """
    amount = "this total" if total is None else str(total)
    return f"no cards add up to {amount} under these prices."


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
            warnings.append(
                Problem(
                    f"{name}: {impossible_total_words(entry.typed_total)} "
                    "Check the count, or confirm it if it is right.",
                    index,
                )
            )
    out = [name for entry, name in zip(entries, names, strict=True) if entry.went_out]
    if len(out) > 1 and not rs.last_turn_after_out:
        errors.append(
            Problem(f"Only one player can go out in a hand, but {_and(out)} are marked out.")
        )
    elif out and stock_ran_out:
        errors.append(
            Problem(f"{_and(out)} went out, so the hand did not end with the stock running out.")
        )
    elif not out and not stock_ran_out:
        errors.append(
            Problem(
                "Nobody is marked out. Mark who went out, or tick that the stock ran out "
                "if the hand ended with nobody out."
            )
        )
    return HandCheck(tuple(errors), tuple(warnings))


def _entry_errors(
    rs: RuleSet, entry: PlayerEntry, name: str, cards_in_play: int, known: set[str]
) -> list[str]:
    errors: list[str] = []
    for label, count in entry.tally.items():
        if label not in known:
            errors.append(f"{name}: the rules have no card price “{label}”.")
        elif count < 0:
            errors.append(f"{name}: a count of cards cannot be negative.")
    cards = card_tally(rs, entry.tally)
    counted = sum(count for count in cards.values() if count > 0)
    if counted > cards_in_play:
        errors.append(f"{name}: {counted} cards is more than the {cards_in_play} cards in play.")
    if entry.typed_total is not None and entry.typed_total < 0:
        errors.append(f"{name}: a total cannot be negative.")
    if entry.short_cards < 0:
        errors.append(f"{name}: cards short cannot be negative.")
    if entry.penalty < 0:
        errors.append(f"{name}: a penalty cannot be negative.")
    if entry.penalty and not entry.penalty_reason.strip():
        errors.append(f"{name}: say why the {entry.penalty}-point penalty is given.")
    if errors:
        return errors
    has_cards = any(count for count in cards.values())
    counted_ways = [entry.went_out, has_cards, entry.typed_total is not None, entry.no_score]
    if sum(counted_ways) > 1:
        errors.append(_mixed_message(entry, name))
    elif not any(counted_ways):
        errors.append(
            f"{name}: tap the cards left in hand, type their total, or mark {name} as out."
        )
    elif entry.typed_total == 0:
        errors.append(
            f"{name} did not go out, so they hold at least one card: a total of 0 is not possible."
        )
    if entry.went_out and entry.short_cards:
        errors.append(f"{name} went out, so no cards can be missing from their hand.")
    return errors


def _bonus_errors(rs: RuleSet, entry: PlayerEntry, name: str) -> list[str]:
    """A bonus is ticked once, by a player who gave a score, and by the one out if it says so."""
    errors: list[str] = []
    for bonus in rs.bonuses:
        count = entry.tally.get(bonus.label, 0)
        if not count:
            continue
        if count > 1:
            errors.append(f"{name}: “{bonus.label}” is earned once in a hand, not {count} times.")
        elif entry.no_score:
            errors.append(f"{name} is marked as giving no score, so earns no “{bonus.label}”.")
        elif bonus.out_only and not entry.went_out:
            errors.append(f"{name}: only the player who went out earns “{bonus.label}”.")
    return errors


def _mixed_message(entry: PlayerEntry, name: str) -> str:
    if entry.no_score:
        return f"{name} is marked as giving no score: clear their cards or total, or untick it."
    if entry.went_out:
        return f"{name} went out, so they hold no cards: clear their cards or total."
    return f"{name}: give the cards by tapping or as a typed total, not both."


def _and(names: Sequence[str]) -> str:
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)
