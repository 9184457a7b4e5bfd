"""Plain inputs rendered with plain strings: the same HTML as WTForms' widgets, faster.

WTForms builds each attribute as `Markup('{k}="{v}"').format(...)`, which escapes through
`string.Formatter` once per attribute: on the hand form's ~60 inputs that was half the
page's time. `render_input` writes the identical bytes (the tests compare them) with
`markupsafe.escape` and str joins, for the widgets listed in `FAST_WIDGETS`; any other
widget renders itself.
"""

from __future__ import annotations

from functools import lru_cache
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
    # The flags set by the field's validators live in the instance (`dir()` would also list
    # the class's own names, none of them an attribute a widget writes).
    flags = getattr(getattr(field, "flags", None), "__dict__", None)
    if flags:
        for name in widget.validation_attrs:
            if name in flags and name not in kwargs:
                value = flags[name]
                kwargs[name] = value() if callable(value) else value
    kwargs["name"] = field.name
    return Markup("<input " + _params(kwargs) + ">")  # every key is clean already


def html_params(kwargs: dict[str, Any]) -> str:
    """WTForms' `html_params`, as a plain string: sorted keys, True bare, False left out."""
    return _params({clean_key(key): value for key, value in kwargs.items()})


# What `markupsafe.escape` writes for each special character, as one table for str.translate.
_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;"})


def _params(kwargs: dict[str, Any]) -> str:
    """`html_params` of attributes whose keys are already clean."""
    params = []
    for key in sorted(kwargs):
        value = kwargs[key]
        if value is True:
            params.append(key)
        elif value is False:
            continue
        elif type(value) is str:
            params.append(f'{key}="{value.translate(_ESCAPES)}"')
        elif type(value) is int:
            params.append(f'{key}="{value}"')
        else:  # markup (kept as it is, but for its quotes), or anything else escaped
            params.append(f'{key}="{str(escape(value)).replace(chr(34), "&quot;")}"')
    return " ".join(params)


@lru_cache(maxsize=512)
def clean_key(key: str) -> str:
    """`class_` -> `class`, `aria_describedby` -> `aria-describedby`, as WTForms does."""
    key = key.rstrip("_")
    if key.startswith(("data_", "aria_")):
        key = key.replace("_", "-")
    return key
