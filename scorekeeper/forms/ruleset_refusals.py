"""The editor's refusals of a save, listed in the page's order for the top of the page."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from wtforms import Field, FieldList, Form, FormField

from scorekeeper import rules
from scorekeeper.forms.ruleset import HandRow, RuleSetForm

# What went wrong, and the id of the box (or the section's message) it links to.
Link = tuple[str, str]

# The fields of templates/rulesets/edit.html in the page's order, around its hands, decks
# and prices.
_ABOUT = ("name", "min_players", "max_players", "description")
_HAND_CELLS = ("contract", "cards_dealt", "may_i_limit", "blind_cards", "wild_rank")
_HAND_EXTRAS = ("going_out", "note")
_AFTER_HANDS = ("family_limits_open", "show_lengths")
_DECK_CELLS = ("from_players", "to_players", "decks", "jokers")
_BEFORE_PRICES = ("wild", "ace_in_runs")
_AFTER_PRICES = (
    "wild_rank_points",
    "short_card_penalty",
    "last_turn_after_out",
    "may_i_penalty_cards",
    "may_i_per_hand_limit",
    "may_i_banned_last_hands",
    "may_i_priority",
    "may_i_after_going_down",
    "may_i_not_twice_running",
    "may_i_not_after_current_takes",
    "may_i_buying",
    "may_i_price",
    "plays_for_pennies",
    "settlement_schedule",
    "kitty_split",
    "stock_kind",
    *(f"fairness_{name}" for name in rules.FAIRNESS_WORDS),
    "extra_rules",
)


def inputs(fields: Iterable[Field]) -> Iterator[Field]:
    """Every input of a form, those of its hand and deck rows among them."""
    for f in fields:
        if isinstance(f, FieldList | FormField):
            yield from inputs(f)
        else:
            yield f


def refusal_links(form: RuleSetForm) -> list[Link]:
    """Each refusal of a save in the page's order, as the list above the form links to it:
    what went wrong (with its hand, row or card and the box's label) and where it is."""
    hands = _numbered([entry.form for entry in form.hands])
    links = _cells(form, _ABOUT)
    links += _section("hands-error", "Hands", form.section_errors["hands"])
    for place, row in hands:
        links += _cells(row, _HAND_CELLS, place)
    for place, row in hands:
        links += _cells(row, _HAND_EXTRAS, place)
    links += _cells(form, _AFTER_HANDS)
    links += _section("deck_counts-error", "Decks and jokers", form.section_errors["deck_counts"])
    for number, entry in enumerate(form.deck_counts, 1):
        place = f"Decks row {number}"
        links += _cells(entry.form, _DECK_CELLS, place)
        links += _section(f"{entry.id}-error", place, entry.form.row_errors)
    links += _cells(form, _BEFORE_PRICES)
    links += _section("prices-error", "Points for each card", form.section_errors["prices"])
    for rank in rules.RANKS:
        price = form.price(rank)
        if price.errors:
            links.append((f"Points for {price.label.text}: {' '.join(price.errors)}", price.id))
    links += _cells(form, _AFTER_PRICES)
    listed = {target for _, target in links}
    # Anything refused that the page's order does not name still gets its line.
    others = [f for f in form if not isinstance(f, FieldList) and f.id not in listed]
    links += _cells(form, [f.short_name for f in others if f.errors])
    return links


def _numbered(rows: Sequence[HandRow]) -> list[tuple[str, HandRow]]:
    """Each hand row with its name on the page: "Hand 3", or "Another hand" for a blank row."""
    named, number = [], 0
    for row in rows:
        blank = row.is_blank()
        number += not blank
        named.append(("Another hand" if blank else f"Hand {number}", row))
    return named


def _cells(form: Form, names: Iterable[str], place: str = "") -> list[Link]:
    """The refused boxes among `names`, each named by its place (a hand, a row) and label."""
    links = []
    for name in names:
        f = form[name]
        if not f.errors:
            continue
        # The rules name the hand at the start of their messages; the list names it once.
        messages = " ".join(str(e).removeprefix(f"{place}: ") for e in f.errors)
        label = f"{place}, {f.label.text}" if place else f.label.text
        links.append((f"{label}: {messages}", f.id))
    return links


def _section(target: str, place: str, errors: Sequence[str]) -> list[Link]:
    """The faults of a whole section or row, linked to where the page shows them."""
    return [(f"{place}: {message}", target) for message in errors]
