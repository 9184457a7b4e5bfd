"""The form that scores a hand: per player, out, a tally by price group, or a typed total.

A count field is named after its price group (`p1_cards_10_k` for Bob's 10-K cards), so a
report reads the same whatever order the rule set lists its groups in.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from wtforms import BooleanField, Field, HiddenField, StringField
from wtforms.fields.core import UnboundField
from wtforms.utils import unset_value
from wtforms.validators import InputRequired, Length, Optional

from scorekeeper import rules
from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import WholeNumberField, strip_whitespace
from scorekeeper.rules import limits
from scorekeeper.rules.entries import PlayerEntry

# More cards than any table holds (the rules check the real number in play), more points.
CARDS, POINTS = limits.CARDS_IN_HAND, limits.HAND_POINTS
CARDS_MESSAGE = f"Give a whole number of cards, 0 to {CARDS.high}."
POINTS_MESSAGE = f"Give a whole number of points, 0 to {POINTS.high}."


def count_field_names(groups: Sequence[rules.PriceGroup]) -> list[str]:
    """The name part of each group's count field, in the groups' order: "2-9" is "cards_2_9".

    Two labels that read alike ("10-K" and "10 K") keep apart with a number after the second.
    """
    names: list[str] = []
    for group in groups:
        base = "cards_" + (re.sub(r"[^a-z0-9]+", "_", group.label.lower()).strip("_") or "group")
        name, n = base, 2
        while name in names:
            name, n = f"{base}_{n}", n + 1
        names.append(name)
    return names


def count_field(seat: int, groups: Sequence[rules.PriceGroup], label: str) -> str:
    """The form field that counts the cards of group `label` held by the player in `seat`."""
    names = count_field_names(groups)
    for group, name in zip(groups, names, strict=True):
        if group.label == label:
            return f"p{seat}_{name}"
    raise KeyError(label)


def _count(label: str) -> WholeNumberField:
    return WholeNumberField(label, CARDS, CARDS_MESSAGE, default=0, validators=[Optional()])


class HandForm(AppForm):
    """Fields shared by every hand form; the per-player fields are added for each game."""

    class Meta:
        def bind_field(self, form: Any, unbound_field: UnboundField, options: dict) -> Field:
            return bound_copy(form, unbound_field, options)

    version = HiddenField()
    stock_ran_out = BooleanField("Nobody went out: the stock ran out for good (only then)")
    confirm = BooleanField("Yes, these totals are right")
    made_by = StringField(
        "Your name", filters=[strip_whitespace], validators=[Optional(), Length(max=40)]
    )
    reason = StringField(
        "Why the change", filters=[strip_whitespace], validators=[Optional(), Length(max=200)]
    )
    agreed = BooleanField("The whole table agrees to this change")

    seat_count: int = 0
    groups: tuple[rules.PriceGroup, ...] = ()
    count_names: tuple[str, ...] = ()  # each group's count field name, without the prefix
    # The plain fields, checked by `validate` itself (`plain_fields`).
    plain: dict[str, bool] = {}

    def process(
        self,
        formdata: Any = None,
        obj: Any = None,
        data: Any = None,
        extra_filters: Any = None,
        **kwargs: Any,
    ) -> None:
        """Read each field from the request (or its default), as WTForms does.

        The plain fields are read here, as `Field.process` reads them: the default first,
        then what was sent, keeping the error that reading raised (they have no filters).
        """
        if obj is not None or data is not None or extra_filters is not None:
            super().process(formdata, obj, data, extra_filters, **kwargs)
            return
        formdata = self.meta.wrap_formdata(self, formdata)
        plain = self.plain
        for name, field in self._fields.items():
            if name not in plain or name in kwargs:
                inline = getattr(self, f"filter_{name}", None)
                given = kwargs.get(name, unset_value)
                field.process(formdata, given, extra_filters=[inline] if inline else [])
                continue
            errors = field.process_errors = []
            field.object_data = default = field.default  # a value, never a callable
            try:
                field.process_data(default)
            except ValueError as error:
                errors.append(error.args[0])
            if formdata is not None:
                raw = field.raw_data = formdata.getlist(name) if name in formdata else []
                try:
                    field.process_formdata(raw)
                except ValueError as error:
                    errors.append(error.args[0])
        if self._parent_form is None:
            self.post_process(formdata)

    def validate(self, extra_validators: Any = None) -> bool:
        """Check every field, as WTForms does, and say whether all are accepted.

        The plain fields (some fifty of a table's sixty) are checked here, as their own
        validation would: a number keeps the error its reading raised, unless it was left
        blank (Optional() then clears it); a check box cannot be refused. The others run
        WTForms' own validation. (The form defines no `validate_<field>` methods.)
        """
        if extra_validators is not None:
            return super().validate(extra_validators)
        plain = self.plain
        success = True
        for name, field in self._fields.items():
            optional = plain.get(name)
            if optional is None:
                success = field.validate(self, ()) and success
                continue
            raw = field.raw_data
            if optional and (not raw or isinstance(raw[0], str) and not raw[0].strip()):
                field.errors = []
            else:
                field.errors = list(field.process_errors)
                success = success and not field.errors
        return success

    def player(self, index: int) -> PlayerFields:
        """The fields of the player in seat `index`."""
        prefix = f"p{index}_"
        return PlayerFields(
            out=self[prefix + "out"],
            no_score=self[prefix + "no_score"],
            counts=[
                (g, self[prefix + name])
                for g, name in zip(self.groups, self.count_names, strict=True)
            ],
            total=self[prefix + "total"],
            short=self[prefix + "short"],
            penalty=self[prefix + "penalty"],
            penalty_reason=self[prefix + "penalty_reason"],
        )

    def entries(self) -> list[PlayerEntry]:
        """Each player's report, read from the submitted fields."""
        return [self.player(i).entry() for i in range(self.seat_count)]

    def load(self, entries: Sequence[PlayerEntry], stock_ran_out: bool) -> None:
        """Fill the fields from a saved report, to correct it."""
        self.stock_ran_out.data = stock_ran_out
        for i, entry in enumerate(entries):
            self.player(i).fill(entry)


def bound_copy(form: Any, unbound: UnboundField, options: dict[str, Any]) -> Field:
    """The field bound to `form`: a copy of the field as it was bound the first time.

    A hand form has some sixty fields, and binding one runs its whole constructor (label,
    flags, validators checked) though only its name and form differ from one request to the
    next. What the constructor sets is kept with the unbound field, without the form it was
    first bound to; each request's field copies it and gets its own form (the data, raw data
    and errors are set by the form's processing, as for any field).
    """
    name, prefix, translations = options["name"], options["prefix"], options["translations"]
    kept = unbound.__dict__.get("_bound")
    if kept is None or kept[:2] != (name, prefix) or kept[2] is not translations:
        first = unbound.bind(form=form, **options)
        first.meta = first._form = None  # the request's own form is set on each copy
        kept = (name, prefix, translations, first)
        unbound._bound = kept
    field = object.__new__(type(kept[3]))
    field.__dict__.update(kept[3].__dict__)
    field.meta = form.meta
    field._form = form
    return field


@dataclass
class PlayerFields:
    """One player's fields on the hand form."""

    out: Field
    no_score: Field
    counts: list[tuple[rules.PriceGroup, Field]]
    total: Field
    short: Field
    penalty: Field
    penalty_reason: Field

    def entry(self) -> PlayerEntry:
        """The player's report as the rules module takes it."""
        return PlayerEntry(
            went_out=bool(self.out.data),
            tally={group.label: field.data or 0 for group, field in self.counts},
            typed_total=self.total.data,
            short_cards=self.short.data or 0,
            penalty=self.penalty.data or 0,
            penalty_reason=self.penalty_reason.data or "",
            no_score=bool(self.no_score.data),
        )

    def fill(self, entry: PlayerEntry) -> None:
        """Show a saved report in the fields."""
        self.out.data = entry.went_out
        self.no_score.data = entry.no_score
        for group, field in self.counts:
            field.data = entry.tally.get(group.label, 0)
        self.total.data = entry.typed_total
        self.short.data = entry.short_cards
        self.penalty.data = entry.penalty
        self.penalty_reason.data = entry.penalty_reason

    @property
    def has_errors(self) -> bool:
        """True when any of the player's fields was refused."""
        fields = [self.out, self.total, self.short, self.penalty, self.penalty_reason]
        return any(f.errors for f in fields + [f for _, f in self.counts])


def hand_form(
    rs: rules.RuleSet, seat_count: int, hand_number: int | None = None, **kwargs: Any
) -> HandForm:
    """A hand form for this rule set, this many players, and hand `hand_number`'s prices."""
    return hand_form_class(rs, seat_count, rules.hand_prices(rs, hand_number))(**kwargs)


def hand_form_class(
    rs: rules.RuleSet, seat_count: int, groups: tuple[rules.PriceGroup, ...] | None = None
) -> type[HandForm]:
    """The form class for this rule set, this many players and these price groups (a hand's
    own when its wild rank is priced apart; the rule set's when None), built once and reused.
    """
    groups = rs.prices if groups is None else groups
    return _hand_form_class(seat_count, groups, rs.short_card_penalty)


@lru_cache(maxsize=64)
def _hand_form_class(
    seat_count: int, groups: tuple[rules.PriceGroup, ...], short_card_penalty: int
) -> type[HandForm]:
    """The form class of a table: keyed by all of the rules it shows (a whole rule set is
    slower to hash than its prices), and holding only unbound fields: each request's form
    binds its own.
    """
    names = tuple(count_field_names(groups))
    attrs: dict[str, Any] = {"seat_count": seat_count, "groups": groups, "count_names": names}
    for i in range(seat_count):
        prefix = f"p{i}_"
        attrs[prefix + "out"] = BooleanField("Went out")
        attrs[prefix + "no_score"] = BooleanField("No score given")
        for group, name in zip(groups, names, strict=True):
            attrs[prefix + name] = _count(f"{group.label} ({group.points} points each)")
        attrs[prefix + "total"] = WholeNumberField(
            "Or type the points", POINTS, POINTS_MESSAGE, validators=[Optional()]
        )
        attrs[prefix + "short"] = WholeNumberField(
            f"Cards short (× {short_card_penalty} points)",
            CARDS,
            CARDS_MESSAGE,
            default=0,
            validators=[Optional()],
        )
        attrs[prefix + "penalty"] = WholeNumberField(
            "Other penalty (points)",
            POINTS,
            POINTS_MESSAGE,
            default=0,
            validators=[Optional()],
        )
        attrs[prefix + "penalty_reason"] = StringField(
            "Reason for the penalty", filters=[strip_whitespace], validators=[Length(max=120)]
        )
    cls = type("GameHandForm", (HandForm,), attrs)
    cls.plain = plain_fields(cls)
    return cls


def plain_fields(cls: type[HandForm]) -> dict[str, bool]:
    """The fields of `cls` that `HandForm` reads and checks itself: True for a whole number
    whose one validator is Optional(), False for a check box without validators; with a
    plain default, without filters or `filter_<name>` and `validate_<name>` methods."""
    plain = {}
    for name in dir(cls):
        unbound = getattr(cls, name)
        if not isinstance(unbound, UnboundField):
            continue
        if getattr(cls, f"validate_{name}", None) or getattr(cls, f"filter_{name}", None):
            continue
        validators = unbound.kwargs.get("validators") or ()
        if unbound.kwargs.get("filters") or callable(unbound.kwargs.get("default")):
            continue
        if unbound.field_class is BooleanField and not validators:
            plain[name] = False
        elif (
            unbound.field_class is WholeNumberField
            and len(validators) == 1
            and type(validators[0]) is Optional
            and not validators[0].string_check(" ")
        ):
            plain[name] = True
    return plain


class RedealForm(AppForm):
    """Record that the hand in play is dealt again."""

    version = HiddenField()
    reason = StringField(
        "Why is it dealt again?",
        filters=[strip_whitespace],
        validators=[InputRequired("Say why the hand is dealt again."), Length(max=200)],
    )
