"""Forms for leagues and players."""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, Length, ValidationError

from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import plain_name, strip_whitespace
from scorekeeper.league import leagues
from scorekeeper.models import League, Player
from scorekeeper.rules.dealing import ruleset_name
from scorekeeper.rules.presets import PRESETS

# A text box's own bound, for the few boxes a page does not stop at it already.
TOO_LONG = lazy_gettext("Write at most %(max)d characters.")


class LeagueForm(AppForm):
    """Create a league and choose the rule set it starts with."""

    name = StringField(
        lazy_gettext("League name"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Give the league a name.")),
            Length(max=80, message=TOO_LONG),
            plain_name,
        ],
    )
    preset = SelectField(lazy_gettext("Rules"), default="continental")

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.preset.choices = [(key, ruleset_name(preset)) for key, preset in PRESETS.items()]


class PlayerForm(AppForm):
    """Add a player to a league, or rename one; names are unique within the league."""

    name = StringField(
        lazy_gettext("Name"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Type the player's name.")),
            Length(max=40, message=lazy_gettext("A name has at most 40 characters.")),
            plain_name,
        ],
    )

    def __init__(self, league: League, player: Player | None = None, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.league = league
        self.player = player

    def validate_name(self, field: StringField) -> None:
        """Refuse a name another player of the league already has (ignoring case), and a new
        player past the most a league may have."""
        full = leagues.no_room_for_player(self.league) if self.player is None else None
        if full:
            raise ValidationError(full)
        other = leagues.player_named(self.league, field.data or "")
        if other is not None and other is not self.player:
            raise ValidationError(
                gettext("%(name)s already plays in this league.", name=other.name)
            )
