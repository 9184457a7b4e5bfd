"""The base of every form: Flask-WTF's, with hidden inputs rendered without an id, and plain
inputs written by `render.render_input` (the same HTML as WTForms', without its Markup costs).

A page may hold several forms, each with its CSRF token (and some a version): with WTForms'
default every one would be `id="csrf_token"`, and ids must be unique on a page. A hidden
input has no label to point at it, so it needs no id at all.
"""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from flask_wtf.csrf import _FlaskFormCSRF
from wtforms import Field, HiddenField
from wtforms.csrf.core import CSRFTokenField

from scorekeeper.forms.render import clean_key, render_input


class TokenShownField(CSRFTokenField):
    """The CSRF token's input, whose token is signed when the input is written: a form that
    is only read (a save answered by a redirect) signs none it would never send."""

    def process(self, *args: Any, **kwargs: Any) -> None:
        HiddenField.process(self, *args, **kwargs)  # without signing a token yet

    @property
    def current_token(self) -> str:  # type: ignore[override]
        """The request's token (Flask-WTF signs it once per request)."""
        return self.csrf_impl.generate_csrf_token(self)


class TokenWhenShown(_FlaskFormCSRF):
    """Flask-WTF's CSRF for a form, with `TokenShownField` for its input."""

    field_class = TokenShownField


class AppForm(FlaskForm):
    """A Flask-WTF form whose hidden inputs carry no id (unless a template gives one)."""

    class Meta:
        csrf_class = TokenWhenShown

        def render_field(self, field: Field, render_kw: dict[str, Any]) -> Any:
            kwargs = {clean_key(k): v for k, v in render_kw.items()}
            if field.render_kw:
                kwargs = {**{clean_key(k): v for k, v in field.render_kw.items()}, **kwargs}
            if getattr(field.widget, "input_type", None) == "hidden":
                kwargs.setdefault("id", False)
            fast = render_input(field, kwargs)
            return fast if fast is not None else field.widget(field, **kwargs)
