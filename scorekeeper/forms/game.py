"""Forms to start a game: choose the players, then the seating and the first dealer."""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from wtforms import HiddenField, SelectField, SelectMultipleField, StringField, widgets
from wtforms.validators import Length, Optional, ValidationError

from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import plain_name, strip_whitespace, whole
from scorekeeper.league import leagues
from scorekeeper.models import League, Player
from scorekeeper.rules.dealing import ruleset_name

RANDOM_DEALER = "random"


class CheckboxesField(SelectMultipleField):
    """A multiple choice shown as a list of checkboxes."""

    widget = widgets.ListWidget(prefix_label=False)
    option_widget = widgets.CheckboxInput()


class ChoosePlayersForm(AppForm):
    """Step 1: who plays, and under which of the league's rule sets."""

    players = CheckboxesField(lazy_gettext("Who is playing?"), coerce=whole, validate_choice=False)
    new_player = StringField(
        lazy_gettext("Someone new at the table?"),
        filters=[strip_whitespace],
        validators=[
            Optional(),
            Length(max=40, message=lazy_gettext("A name has at most 40 characters.")),
            plain_name,
        ],
    )
    ruleset = SelectField(lazy_gettext("Rules"), coerce=whole)

    def __init__(self, league: League, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.league = league
        self.players.choices = [(p.id, p.name) for p in league.players]
        self.ruleset.choices = [(r.id, ruleset_name(r.rules)) for r in league.rulesets]

    def validate_players(self, field: CheckboxesField) -> None:
        """Refuse a player who is not in this league."""
        known = {p.id for p in self.league.players}
        if any(player_id not in known for player_id in field.data or []):
            raise ValidationError(gettext("Choose players of this league only."))

    def validate_new_player(self, field: StringField) -> None:
        """Refuse a new name that another player of the league already has, and a new player
        past the most a league may have."""
        full = leagues.no_room_for_player(self.league) if field.data else None
        if full:
            raise ValidationError(full)
        if field.data and leagues.player_named(self.league, field.data) is not None:
            raise ValidationError(
                gettext(
                    "%(name)s is already in the league: tick their name above.", name=field.data
                )
            )


class SeatingForm(AppForm):
    """Step 2: the seating order, clockwise, and who deals first."""

    order = HiddenField()
    ruleset = HiddenField()
    token = HiddenField()
    first_dealer = SelectField(
        lazy_gettext("Who drew the high card? They deal first."), validate_choice=False
    )

    def set_seats(self, players: list[Player]) -> None:
        """Offer each seated player as first dealer (by player id, so reseating keeps it).

        The dealer already chosen stays (New game and Play again choose the one the deal
        passes to from the last game) until the table says otherwise or takes them out of
        the game; then whoever sits first. A random pick is last.
        """
        self.first_dealer.choices = [(str(p.id), p.name) for p in players] + [
            (RANDOM_DEALER, gettext("Pick at random for us"))
        ]
        offered = {value for value, _ in self.first_dealer.choices}
        if self.first_dealer.data not in offered and players:
            self.first_dealer.data = str(players[0].id)

    def dealer_seat(self, players: list[Player]) -> int | None:
        """The chosen first dealer's seat, None for a random pick.

        :raises ValueError: when the choice is none of the seated players.
        """
        if self.first_dealer.data == RANDOM_DEALER:
            return None
        ids = [str(p.id) for p in players]
        if self.first_dealer.data not in ids:
            raise ValueError(gettext("The first dealer must be one of the players at the table."))
        return ids.index(self.first_dealer.data)
