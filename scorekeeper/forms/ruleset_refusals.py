"""The editor's refusals of a save, listed in the page's order for the top of the page."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from flask_babel import gettext
from wtforms import Field, FieldList, Form, FormField

from scorekeeper.forms.ruleset import HandRow, RuleSetForm
from scorekeeper.rules.ruleset import RANKS

# What went wrong, and the id of the box (or the section's message) it links to.
Link = tuple[str, str]


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
    links: list[Link] = []
    first_price = form.price(RANKS[0])
    for f in form:  # declared in the page's order
        if f is form.hands:
            links += _hand_links(form)
        elif f is form.deck_counts:
            links += _deck_links(form)
        elif f.short_name.startswith("price_"):
            if f is first_price:
                errors = form.section_errors["prices"]
                links += _section("prices-error", gettext("Points for each card"), errors)
            if f.errors:
                card = gettext("Points for %(card)s", card=f.label.text)
                links.append((_fault(card, " ".join(map(str, f.errors))), f.id))
        else:
            links += _cells(form, [f.short_name])
    return links


def _hand_links(form: RuleSetForm) -> list[Link]:
    """The hands' refusals: the section's, each hand's row, then what is folded below them."""
    hands = _numbered([entry.form for entry in form.hands])
    links = _section("hands-error", gettext("Hands"), form.section_errors["hands"])
    for place, row in hands:
        links += _cells(row, [f.short_name for f in row if f.short_name not in row.FOLDED], place)
    for place, row in hands:
        links += _cells(row, row.FOLDED, place)
    return links


def _deck_links(form: RuleSetForm) -> list[Link]:
    """The refusals of the decks-and-jokers section, row by row."""
    errors = form.section_errors["deck_counts"]
    links = _section("deck_counts-error", gettext("Decks and jokers"), errors)
    for number, entry in enumerate(form.deck_counts, 1):
        place = gettext("Decks row %(number)s", number=number)
        links += _cells(entry.form, [f.short_name for f in entry.form], place)
        links += _section(f"{entry.id}-error", place, entry.form.row_errors)
    return links


def _numbered(rows: Sequence[HandRow]) -> list[tuple[str, HandRow]]:
    """Each hand row with its name on the page: "Hand 3", or "Another hand" for a blank row."""
    named, number = [], 0
    for row in rows:
        blank = row.is_blank()
        number += not blank
        name = gettext("Another hand") if blank else gettext("Hand %(number)s", number=number)
        named.append((name, row))
    return named


def _cells(form: Form, names: Iterable[str], place: str = "") -> list[Link]:
    """The refused boxes among `names`, each named by its place (a hand, a row) and label."""
    links = []
    for name in names:
        f = form[name]
        if not f.errors:
            continue
        # The rules name the hand at the start of their messages; the list names it once.
        messages = " ".join(str(e).removeprefix(_fault(place, "")) for e in f.errors)
        label = (
            gettext("%(place)s, %(box)s", place=place, box=f.label.text) if place else f.label.text
        )
        links.append((_fault(label, messages), f.id))
    return links


def _section(target: str, place: str, errors: Sequence[str]) -> list[Link]:
    """The faults of a whole section or row, linked to where the page shows them."""
    return [(_fault(place, message), target) for message in errors]


def _fault(place: str, problem: str) -> str:
    """What went wrong, after where: "Hand 2, Cards dealt: Give a whole number ..."."""
    return gettext("%(place)s: %(problem)s", place=place, problem=problem)
