"""The language a visitor reads the app in: the switch on every page and the account's list."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import HiddenField, SelectField

from scorekeeper.forms.base import AppForm
from scorekeeper.languages import LANGUAGES

# No choice: the league's language on its pages, else the browser's.
FOLLOW = ""


class LanguageForm(AppForm):
    """One of the app's languages, or none to follow the league's or the browser's."""

    # Only a language of the list is accepted (SelectField refuses any other value).
    language = SelectField(lazy_gettext("Language"))
    next = HiddenField()

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        follow = lazy_gettext("The league's, else the browser's")
        self.language.choices = [(FOLLOW, follow), *LANGUAGES.items()]
