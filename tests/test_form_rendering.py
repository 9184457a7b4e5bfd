"""Inputs written by forms/render.py are byte for byte what WTForms' own widgets write."""

from __future__ import annotations

import pytest
from markupsafe import Markup
from werkzeug.datastructures import MultiDict
from wtforms import (
    BooleanField,
    DateField,
    EmailField,
    Form,
    HiddenField,
    IntegerField,
    PasswordField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.form import BaseForm
from wtforms.validators import InputRequired, Length, NumberRange
from wtforms.widgets import NumberInput

from scorekeeper import rules
from scorekeeper.forms.hand import hand_form_class
from scorekeeper.forms.render import clean_key, render_input


class Sample(Form):
    name = StringField("Name", validators=[InputRequired(), Length(max=40)])
    secret = PasswordField("Passcode", validators=[Length(min=4)])
    mail = EmailField("Mail")
    count = IntegerField("Count", validators=[NumberRange(0, 500)])
    stepped = IntegerField("Stepped", widget=NumberInput(step=5, min=0, max=100))
    out = BooleanField("Went out")
    version = HiddenField()
    day = DateField("Day")
    notes = TextAreaField("Notes")
    choice = SelectField("Choice", choices=["a"])


ATTRIBUTES = [
    {},
    {"class_": "wide", "aria_describedby": "x-hint y-error", "aria_invalid": "true"},
    {"aria_describedby": False, "aria_invalid": False, "id": False},
    {"data_points": 5, "inputmode": "numeric", "autocomplete": "off", "value": 'a"<b>&'},
    {"placeholder": Markup('<i>"quoted"</i>'), "required": True, "readonly": True},
    {"data_ratio": 1.5, "title": "it's <a> 'quoted' & \"double\"", "step": 0, "min": -3},
]
DATA = MultiDict(
    {"name": 'Ann "the" <b>best</b> & co', "count": "12", "out": "y", "version": "3", "day": "x"}
)


@pytest.mark.parametrize("attributes", ATTRIBUTES, ids=range(len(ATTRIBUTES)))
@pytest.mark.parametrize("data", [None, DATA], ids=["empty", "filled"])
def test_same_html_as_the_widgets(attributes, data):
    form = Sample(formdata=data)
    form.validate()
    for field in form:
        fast = render_input(field, {clean_key(k): v for k, v in attributes.items()})
        if field.name in ("notes", "choice"):
            assert fast is None  # not an input: the widget renders it
            continue
        assert fast == field.widget(field, **attributes), field.name
        assert isinstance(fast, Markup)


def test_the_hand_form_renders_as_before(app):
    form = hand_form_class(rules.preset("continental"), 5)(
        formdata=MultiDict({"p0_out": "y", "p1_cards_2_9": "3", "p2_total": "-4"}),
        meta={"csrf": False},
    )
    form.validate()
    for field in form:
        asked = {"aria_describedby": f"{field.id}-error" if field.errors else False}
        expected = field.widget(field, **asked)
        if field.widget.input_type == "hidden":
            expected = field.widget(field, id=False, **asked)
        assert field(**asked) == expected, field.name


def test_hand_form_fields_are_bound_as_wtforms_binds_them(app):
    """A hand form's fields are copies of their first binding: each is what binding it anew
    makes, with this form's own meta, and data and errors of its own."""
    cls = hand_form_class(rules.preset("continental"), 3)
    first = cls(formdata=MultiDict({"p0_out": "y", "p1_total": "x"}), meta={"csrf": False})
    second = cls(formdata=MultiDict({"p1_total": "15"}), meta={"csrf": False})
    assert not first.validate()
    assert second.validate()
    for name, field in second._fields.items():
        fresh = getattr(cls, name).bind(form=second, name=name, prefix="", translations=None)
        fresh.process(MultiDict({"p1_total": "15"}))
        mine = {k: v for k, v in vars(field).items() if k not in ("errors", "_translations")}
        theirs = {k: v for k, v in vars(fresh).items() if k != "_translations"}
        assert mine.keys() == theirs.keys(), name
        for key, value in theirs.items():
            if key in ("label", "flags"):
                assert vars(mine[key]) == vars(value), (name, key)
            else:
                assert mine[key] == value, (name, key)
        assert field.meta is second.meta and field._form is second
    assert first.p0_out.data is True and second.p0_out.data is False
    assert first.p1_total.errors and not second.p1_total.errors
    assert second.p1_total.data == 15


REPORTS = [
    {},
    {"p0_out": "y", "p1_cards_2_9": "3", "p2_total": "-4", "p3_short": " "},
    {"p0_out": "y", "p0_no_score": "on", "p1_total": "٣", "p1_penalty": "9" * 40},
    {"p1_cards_a": "x", "p1_total": "", "p2_penalty_reason": "a" * 121, "confirm": "y"},
    {"p2_short": "2", "p2_penalty": "15", "p2_penalty_reason": "Misdeal", "stock_ran_out": "y"},
    {"p0_cards_joker": "  7 ", "p1_cards_10_k": "99", "made_by": "x" * 41, "version": "3"},
]


@pytest.mark.parametrize("report", REPORTS, ids=range(len(REPORTS)))
def test_hand_form_checks_its_plain_fields_as_wtforms_does(app, report):
    """The hand form checks its plain fields itself: the same verdict and the same errors,
    field by field, as WTForms' own validation of the same report."""
    cls = hand_form_class(rules.preset("continental"), 4)
    assert len(cls.plain) == 4 * 9 + 3  # 4 counts, total, short, penalty, out, no score; 3 boxes
    mine = cls(formdata=MultiDict(report), meta={"csrf": False}, version="7")
    theirs = cls(formdata=MultiDict(report), meta={"csrf": False}, version="7")
    BaseForm.process(theirs, MultiDict(report), version="7")  # read again, by WTForms
    for name, field in mine._fields.items():
        for key in ("data", "raw_data", "object_data", "process_errors"):
            assert getattr(field, key) == getattr(theirs[name], key), (name, key)
    assert mine.validate() == Form.validate(theirs)
    for name, field in mine._fields.items():
        assert field.errors == theirs[name].errors, name
    blank, default = cls(meta={"csrf": False}), cls(meta={"csrf": False})
    BaseForm.process(default, None)
    for name, field in blank._fields.items():
        for key in ("data", "object_data", "process_errors"):
            assert getattr(field, key) == getattr(default[name], key), (name, key)
