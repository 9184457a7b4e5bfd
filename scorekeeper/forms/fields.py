"""Fields, filters and validators shared by the forms; the limits themselves are in
`rules.limits`."""

from __future__ import annotations

import re
from typing import Any, TypeVar

from wtforms import Field, IntegerField
from wtforms.form import BaseForm
from wtforms.validators import InputRequired, StopValidation, ValidationError

from scorekeeper.rules import limits

_SPACES = re.compile(r"\s+")

T = TypeVar("T")


def given(value: T | None) -> T:
    """The data of a required field after its form validated, which its validator made sure of.

    WTForms types every field's data as possibly None (as it is before the form reads input).
    """
    if value is None:
        raise ValueError("A required field was read before its form was validated.")
    return value


def strip_whitespace(value: str | None) -> str | None:
    """Trim a text input, drop control characters and fold runs of spaces ("Ann Lee")."""
    if value is None:
        return None
    return _SPACES.sub(" ", limits.CONTROLS.sub("", value)).strip()


def plain_name(_form: Any, field: Any) -> None:
    """Refuse a name with invisible characters (bidi controls, zero-width spaces)."""
    problem = limits.name_problem(field.data or "")
    if problem:
        raise ValidationError(problem[0].upper() + problem[1:])


def storable_text(_form: Any, field: Any) -> None:
    """Refuse text with control characters (line breaks and tabs aside) or broken characters."""
    problem = limits.text_problem(field.data or "")
    if problem:
        raise ValidationError(problem[0].upper() + problem[1:])


class NumberRequired(InputRequired):
    """WTForms' InputRequired for a `WholeNumberField`, where spaces alone are no input either.

    InputRequired accepts any input that is not empty; the field reads spaces as no number.
    """

    def __call__(self, form: BaseForm, field: Field) -> None:
        """Refuse the field when no number was typed (an unreadable one has its own error)."""
        super().__call__(form, field)
        if field.data is None and not field.errors:
            raise StopValidation(self.message or field.gettext("This field is required."))


class WholeNumberField(IntegerField):
    """A whole number typed in ASCII digits, within its bound.

    WTForms' own field takes whatever `int()` takes: "²" fails late, "٣" is 3, and a number of
    thousands of digits is converted before any range check. This one reads at most
    `limits.MOST_DIGITS` ASCII digits and checks the bound as it reads.
    """

    def __init__(self, label: str, bound: limits.Bound, message: str, **kwargs: Any) -> None:
        super().__init__(label, **kwargs)
        self.bound = bound
        self.refusal = message

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the number, or refuse it with the field's message (which states the bound)."""
        if not valuelist or not str(valuelist[0]).strip():
            self.data = None
            return
        self.data = limits.whole_number(str(valuelist[0]), self.bound)
        if self.data is None:
            raise ValueError(self.refusal)


def whole(text: Any) -> int:
    """Coerce a choice to a whole number within a row id's range, or raise ValueError."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    value = limits.whole_number(None if text is None else str(text))
    if value is None or abs(value) > limits.LARGEST_ID:
        raise ValueError("Not a choice.")
    return value
