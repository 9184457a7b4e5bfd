"""Forms for the fairness rules at the table: May I?, a player leaving, resuming."""

from __future__ import annotations

from flask_babel import lazy_gettext
from wtforms import BooleanField, HiddenField, SelectField, SelectMultipleField

from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import NumberRequired, WholeNumberField, whole
from scorekeeper.forms.game import CheckboxesField
from scorekeeper.rules import limits


class ActionForm(AppForm):
    """A button that changes something: it carries only the CSRF token."""


class MayIForm(AppForm):
    """Record a May I?: the button pressed names the claimant."""

    seat = HiddenField()
    is_down = BooleanField(lazy_gettext("The claimant has already gone down"))
    current_player_took = BooleanField(
        lazy_gettext("The player whose turn it is has taken the discard")
    )
    took_last_discard = BooleanField(
        lazy_gettext("The claimant took the previous discard by May I?")
    )


class TakeBackForm(AppForm):
    """Take back a May I? recorded by mistake."""

    claim = HiddenField()


class LeaveForm(AppForm):
    """A player leaves the game from a given hand on."""

    seat = SelectField(lazy_gettext("Who leaves?"), coerce=whole, validate_choice=False)
    from_hand = WholeNumberField(
        lazy_gettext("From hand"),
        limits.HANDS,
        lazy_gettext("Give a hand number."),
        validators=[NumberRequired(lazy_gettext("Say from which hand they no longer play."))],
    )
    ends_game = BooleanField(lazy_gettext("Yes, end the game here"))


class EndGameForm(AppForm):
    """End the game here: the owner's decision, or the whole table's."""

    agreed = BooleanField(lazy_gettext("Everyone at the table agrees to end the game here"))


class ResumeForm(AppForm):
    """Go on with a suspended game once everyone is back in their seats."""

    everyone_present = BooleanField(
        lazy_gettext("Everyone is here, sitting in the same seats as before")
    )


class PriorityForm(AppForm):
    """Who gets the discard when several say May I? (asks only, changes nothing)."""

    class Meta:
        csrf = False

    # Seats are checked against the game's own, in the view (choices are set there).
    current = SelectField(lazy_gettext("Whose turn is it?"), coerce=whole)
    claimants: SelectMultipleField = CheckboxesField(lazy_gettext("Who says May I?"), coerce=whole)
    first = SelectField(lazy_gettext("Who asked first?"), coerce=whole, default=-1)
