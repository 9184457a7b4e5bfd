"""The base of every form: Flask-WTF's, with hidden inputs rendered without an id.

A page may hold several forms, each with its CSRF token (and some a version): with WTForms'
default every one would be `id="csrf_token"`, and ids must be unique on a page. A hidden
input has no label to point at it, so it needs no id at all.
"""

from __future__ import annotations

from typing import Any

from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import Field


class AppForm(FlaskForm):
    """A Flask-WTF form whose hidden inputs carry no id (unless a template gives one)."""

    class Meta(FlaskForm.Meta):
        def render_field(self, field: Field, render_kw: dict[str, Any]) -> Markup:
            """Render the field with its widget; a hidden input without an id."""
            if getattr(field.widget, "input_type", None) == "hidden":
                render_kw = {"id": False, **render_kw}
            return super().render_field(field, render_kw)
