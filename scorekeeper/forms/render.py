"""Plain inputs rendered with plain strings: the same HTML as WTForms' widgets, faster.

WTForms builds each attribute as `Markup('{k}="{v}"').format(...)`, which escapes through
`string.Formatter` once per attribute: on the hand form's ~60 inputs that was half the
page's time. `render_input` writes the identical bytes (the tests compare them) with
`markupsafe.escape` and str joins, for the widgets listed in `FAST_WIDGETS`; any other
widget renders itself.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape
from wtforms import Field, widgets

# Exactly these classes (not subclasses, which may render differently).
FAST_WIDGETS = frozenset(
    getattr(widgets, name)
    for name in (
        "CheckboxInput",
        "DateInput",
        "EmailInput",
        "HiddenInput",
        "NumberInput",
        "PasswordInput",
        "SearchInput",
        "TelInput",
        "TextInput",
        "URLInput",
    )
)


def render_input(field: Field, kwargs: dict[str, Any]) -> Markup | None:
    """The field's `<input>` as its widget would write it, or None for another widget.

    :param kwargs: the attributes asked for, keys already cleaned as WTForms' meta does.
    """
    widget = field.widget
    kind = type(widget)
    if kind not in FAST_WIDGETS:
        return None
    if kind is widgets.CheckboxInput and getattr(field, "checked", field.data):
        kwargs.setdefault("checked", True)
    elif kind is widgets.PasswordInput and widget.hide_value:
        kwargs["value"] = ""
    elif kind is widgets.NumberInput:
        for name in ("step", "min", "max"):
            value = getattr(widget, name)
            if value is not None:
                kwargs.setdefault(name, value)
    kwargs.setdefault("id", field.id)
    kwargs.setdefault("type", widget.input_type)
    if "value" not in kwargs:
        kwargs["value"] = field._value()
    datalist = getattr(field, "_datalist", None)
    if datalist is not None and "list" not in kwargs:
        kwargs["list"] = datalist if isinstance(datalist, str) else datalist.id
    flags = getattr(field, "flags", {})
    for name in dir(flags):
        if name in widget.validation_attrs and name not in kwargs:
            value = getattr(flags, name)
            kwargs[name] = value() if callable(value) else value
    kwargs["name"] = field.name
    return Markup("<input " + html_params(kwargs) + ">")


def html_params(kwargs: dict[str, Any]) -> str:
    """WTForms' `html_params`, as a plain string: sorted keys, True bare, False left out."""
    params = []
    for key, value in sorted(kwargs.items()):
        key = clean_key(key)
        if value is True:
            params.append(key)
        elif value is not False:
            params.append(f'{key}="{str(escape(value)).replace(chr(34), "&quot;")}"')
    return " ".join(params)


def clean_key(key: str) -> str:
    """`class_` -> `class`, `aria_describedby` -> `aria-describedby`, as WTForms does."""
    key = key.rstrip("_")
    if key.startswith(("data_", "aria_")):
        key = key.replace("_", "-")
    return key
