"""A rule set to and from the editor's fields, with each fault the rules find put on its field."""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import Any

from scorekeeper import rules
from scorekeeper.forms.ruleset import (
    BLANK_DECK_ROWS,
    BLANK_HANDS,
    DeckRow,
    HandRow,
    RuleSetForm,
)

_ROW = re.compile(r"(hands|deck_counts|prices)\[(\d+)\](?:\.(\w+)\S*)?")
_DECK_FIELDS = {"min_players": "from_players", "max_players": "to_players"}


def form_data(rs: rules.RuleSet) -> dict[str, Any]:
    """The editor's fields filled from a rule set, with blank rows to add hands and decks."""
    prices = {rank: group.points for group in rs.prices for rank in group.ranks}
    return {
        "name": rs.name,
        "min_players": rs.min_players,
        "max_players": rs.max_players,
        "hands": [_hand_data(hand, rs.show_lengths) for hand in rs.hands] + [{}] * BLANK_HANDS,
        "show_lengths": rs.show_lengths,
        "deck_counts": [_deck_data(row) for row in rs.deck_counts] + [{}] * BLANK_DECK_ROWS,
        "wild": rs.wild,
        "ace_in_runs": rs.ace_in_runs,
        "short_card_penalty": rs.short_card_penalty,
        **{f"price_{rank}": prices.get(rank) for rank in rules.RANKS},
        **{f"may_i_{name}": value for name, value in asdict(rs.may_i).items()},
        "stock_kind": rs.stock.kind,
        **{f"fairness_{name}": value for name, value in asdict(rs.fairness).items()},
        "extra_rules": "\n".join(rs.extra_rules),
    }


def _hand_data(hand: rules.HandRule, show_lengths: bool) -> dict[str, Any]:
    return {
        "contract": rules.melds_in_words(hand.melds, show_lengths=show_lengths),
        "cards_dealt": hand.cards_dealt,
        "going_out": hand.going_out,
        "may_i_limit": hand.may_i_limit,
        "note": hand.note,
    }


def _deck_data(row: rules.DeckCount) -> dict[str, int]:
    return {
        "from_players": row.min_players,
        "to_players": row.max_players,
        "decks": row.decks,
        "jokers": row.jokers,
    }


def build_ruleset(form: RuleSetForm, original: rules.RuleSet) -> rules.RuleSet | None:
    """The rule set the validated form describes, or None with every fault put on its field."""
    hand_rows, deck_rows = form.kept_hands(), form.kept_deck_rows()
    unreadable: set[int] = set()
    hands = []
    for index, row in enumerate(hand_rows):
        try:
            melds = rules.parse_contract(row.contract.data or "")
        except rules.RulesError as error:
            row.contract.errors.append(str(error))
            unreadable.add(index)
            melds = ()
        hands.append(_hand(row, melds))
    prices = {rank: form.price(rank).data for rank in rules.RANKS}
    rs = rules.RuleSet(
        key=original.key,
        name=form.name.data,
        min_players=form.min_players.data,
        max_players=form.max_players.data,
        hands=tuple(hands),
        deck_counts=tuple(_deck_count(row) for row in deck_rows),
        wild=form.wild.data or "",
        ace_in_runs=form.ace_in_runs.data or "",
        prices=rules.groups_by_price(prices, original.prices),
        may_i=rules.MayIPolicy(
            penalty_cards=form.may_i_penalty_cards.data,
            priority=form.may_i_priority.data,
            per_hand_limit=form.may_i_per_hand_limit.data,
            banned_last_hands=form.may_i_banned_last_hands.data,
            after_going_down=form.may_i_after_going_down.data,
            not_twice_running=form.may_i_not_twice_running.data,
            not_after_current_takes=form.may_i_not_after_current_takes.data,
        ),
        stock=rules.StockPolicy(form.stock_kind.data),
        fairness=rules.Fairness(
            missing_score=form.fairness_missing_score.data,
            incomplete_game=form.fairness_incomplete_game.data,
            suspension=form.fairness_suspension.data,
            corrections=form.fairness_corrections.data,
        ),
        short_card_penalty=form.short_card_penalty.data,
        extra_rules=tuple(
            line.strip() for line in (form.extra_rules.data or "").splitlines() if line.strip()
        ),
        show_lengths=form.show_lengths.data,
    )
    problems = rules.ruleset_problems(rs)
    for path, message in problems:
        errors = _errors_for(form, rs, hand_rows, deck_rows, unreadable, path)
        if errors is not None and message not in errors:
            errors.append(message)
    return None if problems or unreadable else rs


def _hand(row: HandRow, melds: tuple[rules.Meld, ...]) -> rules.HandRule:
    return rules.HandRule(
        melds=melds,
        cards_dealt=row.cards_dealt.data,
        going_out=row.going_out.data,
        may_i_limit=row.may_i_limit.data,
        note=row.note.data or "",
    )


def _deck_count(row: DeckRow) -> rules.DeckCount:
    return rules.DeckCount(
        row.from_players.data, row.to_players.data, row.decks.data, row.jokers.data
    )


def _errors_for(
    form: RuleSetForm,
    rs: rules.RuleSet,
    hand_rows: list[HandRow],
    deck_rows: list[DeckRow],
    unreadable: set[int],
    path: str,
) -> list[str] | None:
    """The errors a fault at `path` joins: its field's, row's, section's or the top list."""
    row = _ROW.fullmatch(path)
    if row:
        kind, index, part = row[1], int(row[2]), row[3]
        if kind == "hands" and index < len(hand_rows):
            if index in unreadable and part in (None, "melds"):
                return None  # the contract could not be read, and its field says so
            return hand_rows[index][_hand_field(part)].errors
        if kind == "deck_counts" and index < len(deck_rows):
            deck_row, name = deck_rows[index], _DECK_FIELDS.get(part or "", part or "")
            return deck_row[name].errors if name in deck_row else deck_row.row_errors
        if kind == "prices" and index < len(rs.prices) and rs.prices[index].ranks:
            return form.price(rs.prices[index].ranks[0]).errors
        return form.form_errors
    if path == "prices" and rs.uses_jokers and not any(rules.JOKER in g.ranks for g in rs.prices):
        return form.price(rules.JOKER).errors
    if path.startswith("extra_rules"):
        return form.extra_rules.errors
    if path in form.section_errors:
        return form.section_errors[path]
    name = path.replace(".", "_")
    return form[name].errors if name in form else form.form_errors


def _hand_field(part: str | None) -> str:
    """The field of a hand row that a path names; a fault in a meld is one of the contract."""
    if part in ("cards_dealt", "going_out", "may_i_limit", "note"):
        return part
    return "contract"
