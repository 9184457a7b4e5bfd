"""The form that scores a hand: per player, out, a tally by price group, or a typed total."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, HiddenField, IntegerField, StringField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from scorekeeper import rules
from scorekeeper.forms.fields import strip_whitespace
from scorekeeper.rules.entries import PlayerEntry

MOST_CARDS = 500  # more than any table holds; the rules check the real number in play
MOST_POINTS = 10_000


def _count(label: str) -> IntegerField:
    return IntegerField(
        label,
        default=0,
        validators=[
            Optional(),
            NumberRange(0, MOST_CARDS, message="Give a whole number of cards, 0 or more."),
        ],
    )


class HandForm(FlaskForm):
    """Fields shared by every hand form; the per-player fields are added for each game."""

    version = HiddenField()
    stock_ran_out = BooleanField("Nobody went out: the stock ran out for good")
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

    def player(self, index: int) -> PlayerFields:
        """The fields of the player in seat `index`."""
        prefix = f"p{index}_"
        return PlayerFields(
            out=self[prefix + "out"],
            no_score=self[prefix + "no_score"],
            counts=[(g, self[f"{prefix}g{j}"]) for j, g in enumerate(self.groups)],
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


def hand_form(rs: rules.RuleSet, seat_count: int, **kwargs: Any) -> HandForm:
    """A hand form for this rule set and this many players."""
    attrs: dict[str, Any] = {"seat_count": seat_count, "groups": rs.prices}
    for i in range(seat_count):
        prefix = f"p{i}_"
        attrs[prefix + "out"] = BooleanField("Went out")
        attrs[prefix + "no_score"] = BooleanField("Played, but gave no score")
        for j, group in enumerate(rs.prices):
            attrs[f"{prefix}g{j}"] = _count(f"{group.label} ({group.points} points each)")
        attrs[prefix + "total"] = IntegerField(
            "Or type the points",
            validators=[
                Optional(),
                NumberRange(0, MOST_POINTS, message="Type a whole number of points, 0 or more."),
            ],
        )
        attrs[prefix + "short"] = IntegerField(
            f"Cards short (× {rs.short_card_penalty} points)",
            default=0,
            validators=[
                Optional(),
                NumberRange(0, MOST_CARDS, message="Give a whole number of cards, 0 or more."),
            ],
        )
        attrs[prefix + "penalty"] = IntegerField(
            "Other penalty (points)",
            default=0,
            validators=[
                Optional(),
                NumberRange(0, MOST_POINTS, message="Give a whole number of points, 0 or more."),
            ],
        )
        attrs[prefix + "penalty_reason"] = StringField(
            "Reason for the penalty", filters=[strip_whitespace], validators=[Length(max=120)]
        )
    form_class = type("GameHandForm", (HandForm,), attrs)
    return form_class(**kwargs)


class RedealForm(FlaskForm):
    """Record that the hand in play is dealt again."""

    version = HiddenField()
    reason = StringField(
        "Why is it dealt again?",
        filters=[strip_whitespace],
        validators=[InputRequired("Say why the hand is dealt again."), Length(max=200)],
    )
