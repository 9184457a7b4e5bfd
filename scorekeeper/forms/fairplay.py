"""Forms for the fairness rules at the table: May I?, a player leaving, resuming."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import BooleanField, HiddenField, IntegerField, SelectField, SelectMultipleField
from wtforms.validators import InputRequired, NumberRange

from scorekeeper.forms.game import CheckboxesField


class ActionForm(FlaskForm):
    """A button that changes something: it carries only the CSRF token."""


class MayIForm(FlaskForm):
    """Record a May I?: the button pressed names the claimant."""

    seat = HiddenField()
    is_down = BooleanField("The claimant has already gone down")
    current_player_took = BooleanField("The player whose turn it is has taken the discard")
    took_last_discard = BooleanField("The claimant took the previous discard by May I?")


class TakeBackForm(FlaskForm):
    """Take back a May I? recorded by mistake."""

    claim = HiddenField()


class LeaveForm(FlaskForm):
    """A player leaves the game from a given hand on."""

    seat = SelectField("Who leaves?", coerce=int, validate_choice=False)
    from_hand = IntegerField(
        "From hand",
        validators=[
            InputRequired("Say from which hand they no longer play."),
            NumberRange(1, 99, message="Give a hand number."),
        ],
    )
    ends_game = BooleanField("Yes, end the game here")


class EndGameForm(FlaskForm):
    """End the game here: the owner's decision, or the whole table's."""

    agreed = BooleanField("Everyone at the table agrees to end the game here")


class ResumeForm(FlaskForm):
    """Go on with a suspended game once everyone is back in their seats."""

    everyone_present = BooleanField("Everyone is here, sitting in the same seats as before")


class PriorityForm(FlaskForm):
    """Who gets the discard when several say May I? (asks only, changes nothing)."""

    class Meta:
        csrf = False

    current = SelectField("Whose turn is it?", coerce=int, validate_choice=False)
    claimants: SelectMultipleField = CheckboxesField(
        "Who says May I?", coerce=int, validate_choice=False
    )
    first = SelectField("Who asked first?", coerce=int, validate_choice=False)
