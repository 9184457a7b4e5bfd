"""A rule set to and from the editor's fields, with each fault the rules find put on its field."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any, NamedTuple

from wtforms import Field

from scorekeeper.forms.fields import given
from scorekeeper.forms.ruleset import (
    BLANK_DECK_ROWS,
    BLANK_HANDS,
    DeckRow,
    HandRow,
    RuleSetForm,
)
from scorekeeper.forms.ruleset_refusals import inputs
from scorekeeper.rules.bonuses import bonuses_text, parse_bonuses
from scorekeeper.rules.contracts import groups_by_price, melds_in_words, parse_contract
from scorekeeper.rules.family import family_gaps, gap_words
from scorekeeper.rules.ruleset import (
    JOKER,
    RANKS,
    STANDARD_RANKS,
    Bonus,
    DeckCount,
    Fairness,
    HandRule,
    MayIPolicy,
    Meld,
    Payouts,
    RulesError,
    RuleSet,
    Settlement,
    StockPolicy,
)
from scorekeeper.rules.settlement import parse_schedule, schedule_text
from scorekeeper.rules.validation import ruleset_problems

_ROW = re.compile(r"(hands|deck_counts|prices)\[(\d+)\](?:\.(\w+)\S*)?")
_DECK_FIELDS = {"min_players": "from_players", "max_players": "to_players"}


def form_data(rs: RuleSet) -> dict[str, Any]:
    """The editor's fields filled from a rule set, with blank rows to add hands and decks."""
    prices = {rank: group.points for group in rs.prices for rank in group.ranks}
    settlement = rs.settlement or Settlement()
    return {
        "name": rs.name,
        "min_players": rs.min_players,
        "max_players": rs.max_players,
        "hands": [_hand_data(rs, i) for i in range(len(rs.hands))] + [{}] * BLANK_HANDS,
        "show_lengths": rs.show_lengths,
        "deck_counts": [_deck_data(row) for row in rs.deck_counts] + [{}] * BLANK_DECK_ROWS,
        "wild": rs.wild,
        "ace_in_runs": rs.ace_in_runs,
        "short_card_penalty": rs.short_card_penalty,
        **{f"price_{rank}": prices.get(rank) for rank in RANKS},
        **{f"may_i_{name}": value for name, value in asdict(rs.may_i).items()},
        "stock_kind": rs.stock.kind,
        **{f"fairness_{name}": value for name, value in asdict(rs.fairness).items()},
        "extra_rules": "\n".join(rs.extra_rules),
        "wild_rank_points": rs.wild_rank_points,
        "last_turn_after_out": rs.last_turn_after_out,
        "plays_for_pennies": rs.settlement is not None,
        "settlement_schedule": schedule_text(settlement),
        "kitty_split": settlement.kitty_split,
        "prices_family": "1" if "prices" in rs.unset else "",
        "schedule_family": "1" if "settlement.schedule" in rs.unset else "",
        "description": rs.description,
        "bonuses": bonuses_text(rs.bonuses),
    }


def _hand_data(rs: RuleSet, index: int) -> dict[str, Any]:
    hand = rs.hands[index]
    family = {path for path in rs.unset if path.startswith(f"hands[{index}].")}
    unset = {path.split(".", 1)[1] for path in family}
    return {
        "contract": melds_in_words(hand.melds, show_lengths=rs.show_lengths) if hand.melds else "",
        "cards_dealt": None if "cards_dealt" in unset else hand.cards_dealt,
        "going_out": hand.going_out,
        "may_i_limit": hand.may_i_limit,
        "blind_cards": hand.blind_cards,
        "wild_rank": hand.wild_rank or "",
        "note": hand.note,
        "family": "1" if family else "",
    }


def _unset_cells(form: RuleSetForm, original: RuleSet, hand_rows: list[HandRow]) -> tuple[str, ...]:
    """The cells still left to the family: those of the original the form leaves as they were."""
    unset: list[str] = []
    for index, row in enumerate(hand_rows):
        if row.family.data != "1" or index >= len(original.hands):
            continue
        # A cell stays the family's while its box is blank: saving what a box shows sets it.
        cells = {
            "melds": not row.contract.data,
            "cards_dealt": row.cards_dealt.data is None,
            # Blank stays the family's to set, unless the family says blank is no limit.
            "may_i_limit": row.may_i_limit.data is None and not form.family_limits_open.data,
            "blind_cards": row.blind_cards.data is None,
        }
        for cell, untouched in cells.items():
            path = f"hands[{index}].{cell}"
            if untouched and path in original.unset:
                unset.append(path)
    if form.prices_family.data == "1" and all(
        form.price(rank).data is None for rank in STANDARD_RANKS
    ):
        unset.append("prices")
    if form.schedule_family.data == "1" and not (form.settlement_schedule.data or "").strip():
        unset.append("settlement.schedule")
    kept = set(unset)
    return tuple(path for path in original.unset if path in kept)


class GapLink(NamedTuple):
    """A link to a cell still left to the family: what it shows, what it says, where it goes."""

    shown: str
    words: str
    anchor: str


def gap_links(rs: RuleSet) -> list[tuple[str, list[GapLink]]]:
    """The cells still left to the family, by kind: the contracts with a link per hand, ..."""
    by_kind: dict[str, list[GapLink]] = {}
    for gap in family_gaps(rs):
        kind = gap.cell or gap.place
        # A hand's cell is linked by the hand's number alone, under its kind.
        row = _ROW.fullmatch(gap.path)
        shown = str(int(row[2]) + 1) if gap.cell and row else gap.place
        words = gap_words(gap.path)
        by_kind.setdefault(kind, []).append(GapLink(shown, words, cell_anchor(gap.path)))
    return list(by_kind.items())


def cell_anchor(path: str) -> str:
    """The id of the editor's field that holds the cell at `path`, for a link to it."""
    row = _ROW.fullmatch(path)
    if row and row[1] == "hands":
        return f"hands-{row[2]}-{_hand_field(row[3])}"
    if path == "prices":
        return f"price_{STANDARD_RANKS[0]}"
    return path.replace(".", "_")


def _deck_data(row: DeckCount) -> dict[str, int]:
    return {
        "from_players": row.min_players,
        "to_players": row.max_players,
        "decks": row.decks,
        "jokers": row.jokers,
    }


def build_ruleset(form: RuleSetForm, original: RuleSet) -> RuleSet | None:
    """The rule set the form describes, or None with every fault put on its field.

    Called after `form.validate()` whatever it answered, so that one save reports the boxes'
    own refusals and the rules' checks together. A box its own check refused is read as the
    saved rules have it (a hand's deal as one still to set, a deck row as left out) and the
    rules add nothing to its refusal.
    """
    refused = {f.id for f in inputs(form) if f.errors}
    hand_rows = form.kept_hands()
    deck_rows = [row for row in form.kept_deck_rows() if not any(f.errors for f in row)]
    unset = _unset_cells(form, original, hand_rows)
    # A deal that could not be read is checked as one still to set, so the rest is checked.
    unread = [
        f"hands[{i}].cards_dealt" for i, row in enumerate(hand_rows) if row.cards_dealt.errors
    ]
    unset += tuple(path for path in unread if path not in unset)
    # The hands whose contract could not be read, -1 for a schedule that could not be, and
    # -2 for bonuses that could not be.
    unreadable: set[int] = set()
    hands = _hands(hand_rows, original, unset, unreadable)
    settlement = _settlement(form, unreadable)
    bonuses = _bonuses(form, unreadable)
    prices = {rank: form.price(rank).data for rank in RANKS}
    rs = RuleSet(
        key=original.key,
        name=form.name.data or "",
        min_players=_read(form.min_players, original.min_players),
        max_players=_read(form.max_players, original.max_players),
        hands=tuple(hands),
        deck_counts=tuple(_deck_count(row) for row in deck_rows),
        wild=form.wild.data or "",
        ace_in_runs=form.ace_in_runs.data or "",
        prices=groups_by_price(prices, original.prices),
        may_i=MayIPolicy(
            penalty_cards=_read(form.may_i_penalty_cards, original.may_i.penalty_cards),
            priority=form.may_i_priority.data,
            per_hand_limit=form.may_i_per_hand_limit.data,
            banned_last_hands=_read(form.may_i_banned_last_hands, original.may_i.banned_last_hands),
            after_going_down=form.may_i_after_going_down.data,
            not_twice_running=form.may_i_not_twice_running.data,
            not_after_current_takes=form.may_i_not_after_current_takes.data,
            buying=form.may_i_buying.data,
            price=_read(form.may_i_price, original.may_i.price),
        ),
        stock=StockPolicy(form.stock_kind.data),
        fairness=Fairness(
            missing_score=form.fairness_missing_score.data,
            incomplete_game=form.fairness_incomplete_game.data,
            suspension=form.fairness_suspension.data,
            corrections=form.fairness_corrections.data,
        ),
        short_card_penalty=_read(form.short_card_penalty, original.short_card_penalty),
        extra_rules=tuple(
            line.strip() for line in (form.extra_rules.data or "").splitlines() if line.strip()
        ),
        show_lengths=form.show_lengths.data,
        wild_rank_points=_read(form.wild_rank_points, original.wild_rank_points),
        last_turn_after_out=form.last_turn_after_out.data,
        settlement=settlement,
        unset=unset,
        description=form.description.data or "",
        bonuses=bonuses,
    )
    problems = ruleset_problems(rs)
    _put_problems(form, rs, problems, hand_rows, deck_rows, unreadable, refused)
    return None if problems or unreadable or refused else rs


def _hands(
    hand_rows: list[HandRow], original: RuleSet, unset: tuple[str, ...], unreadable: set[int]
) -> list[HandRule]:
    """The hands of the rows, each contract read (or kept as saved while still to set); a
    contract that cannot be read is refused on its box and its hand added to `unreadable`."""
    hands = []
    for index, row in enumerate(hand_rows):
        if f"hands[{index}].melds" in unset:
            melds = original.hands[index].melds
        elif row.contract.errors:
            unreadable.add(index)
            melds = ()
        else:
            try:
                melds = parse_contract(row.contract.data or "")
            except RulesError as error:
                _errors_of(row.contract).append(str(error))
                unreadable.add(index)
                melds = ()
        hands.append(_hand(row, melds))
    return hands


def _settlement(form: RuleSetForm, unreadable: set[int]) -> Settlement | None:
    """The settling up the form describes; a schedule that cannot be read is refused on its
    box, adds -1 to `unreadable` and is read as empty."""
    if not form.plays_for_pennies.data:
        return None
    schedule: tuple[Payouts, ...] = ()
    if not form.settlement_schedule.errors:  # one too long is not read
        try:
            schedule = parse_schedule(form.settlement_schedule.data or "")
        except RulesError as error:
            _errors_of(form.settlement_schedule).append(str(error))
            unreadable.add(-1)
    return Settlement(schedule, form.kitty_split.data)


def _bonuses(form: RuleSetForm, unreadable: set[int]) -> tuple[Bonus, ...]:
    """The bonuses the form's lines describe; lines that cannot be read are refused on their
    box, add -2 to `unreadable` and are read as none."""
    if form.bonuses.errors:  # too long, or not storable: not read
        return ()
    try:
        return parse_bonuses(form.bonuses.data or "")
    except RulesError as error:
        _errors_of(form.bonuses).append(str(error))
        unreadable.add(-2)
        return ()


def _put_problems(
    form: RuleSetForm,
    rs: RuleSet,
    problems: Sequence[tuple[str, str]],
    hand_rows: list[HandRow],
    deck_rows: list[DeckRow],
    unreadable: set[int],
    refused: set[str],
) -> None:
    """Put each of the rules' problems on the box or section it concerns, unless that box's
    own check already refused it (its refusal says what to fix first)."""
    sections_refused = {
        "prices": any(form.price(rank).errors for rank in RANKS),
        "deck_counts": any(f.errors for row in form.kept_deck_rows() for f in row),
    }
    for path, message in problems:
        joins = _fault_place(form, rs, hand_rows, deck_rows, unreadable, path)
        if isinstance(joins, Field):
            # A box's own refusal says what to fix first; a section's, what its boxes lack.
            joins = None if joins.id in refused else _errors_of(joins)
        elif sections_refused.get(path):
            joins = None
        if joins is not None and message not in joins:
            joins.append(message)


def _read(field: Field, saved: int) -> int:
    """A required number as typed, or as saved while its box is refused (for the other checks)."""
    return saved if field.data is None else field.data


def _hand(row: HandRow, melds: tuple[Meld, ...]) -> HandRule:
    return HandRule(
        melds=melds,
        cards_dealt=row.cards_dealt.data or 0,
        going_out=row.going_out.data,
        may_i_limit=row.may_i_limit.data,
        note=row.note.data or "",
        wild_rank=row.wild_rank.data or None,
        blind_cards=row.blind_cards.data,
    )


def _deck_count(row: DeckRow) -> DeckCount:
    # `RuleSetForm.validate` refused a row that is not blank but misses a number.
    return DeckCount(
        given(row.from_players.data),
        given(row.to_players.data),
        given(row.decks.data),
        given(row.jokers.data),
    )


def _fault_place(
    form: RuleSetForm,
    rs: RuleSet,
    hand_rows: list[HandRow],
    deck_rows: list[DeckRow],
    unreadable: set[int],
    path: str,
) -> Field | list[str] | None:
    """Where a fault at `path` is shown: its field, or its row's, section's or the top list."""
    row = _ROW.fullmatch(path)
    if row:
        kind, index, part = row[1], int(row[2]), row[3]
        if kind == "hands" and index < len(hand_rows):
            if index in unreadable and part in (None, "melds"):
                return None  # the contract could not be read, and its field says so
            return hand_rows[index][_hand_field(part)]
        if kind == "deck_counts" and index < len(deck_rows):
            deck_row, name = deck_rows[index], _DECK_FIELDS.get(part or "", part or "")
            if name not in deck_row:
                return deck_row.row_errors
            return deck_row[name]
        if kind == "prices" and index < len(rs.prices) and rs.prices[index].ranks:
            return form.price(rs.prices[index].ranks[0])
        return form.form_errors
    if path == "prices" and rs.uses_jokers and not any(JOKER in g.ranks for g in rs.prices):
        return form.price(JOKER)
    if path.startswith("extra_rules"):
        return form.extra_rules
    if path.startswith("bonuses"):
        return form.bonuses
    if path in form.section_errors:
        return form.section_errors[path]
    if path.startswith("settlement.schedule"):
        return form.settlement_schedule
    if path == "settlement.kitty_split":
        return form.kitty_split
    name = path.replace(".", "_")
    if name not in form:
        return form.form_errors
    return form[name]


def _errors_of(field: Field) -> list[str]:
    """The field's errors, as the list a fault found after `validate` joins.

    WTForms makes a field's errors a list when it validates the field (a tuple before).
    """
    if not isinstance(field.errors, list):
        field.errors = list(field.errors)
    return field.errors


def _hand_field(part: str | None) -> str:
    """The field of a hand row that a path names; a fault in a meld is one of the contract."""
    if part in ("cards_dealt", "going_out", "may_i_limit", "note", "blind_cards", "wild_rank"):
        return part
    return "contract"
