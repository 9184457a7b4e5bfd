"""Forms for a league's settings: ranking, paper, time zone, language, seasons."""

from __future__ import annotations

import re

from flask_babel import gettext, lazy_gettext
from wtforms import DateField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, ValidationError

from scorekeeper import zones
from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import NumberRequired, WholeNumberField, plain_name, strip_whitespace
from scorekeeper.forms.language import FOLLOW
from scorekeeper.forms.league import TOO_LONG
from scorekeeper.languages import LANGUAGES
from scorekeeper.paper import PAPERS
from scorekeeper.rules import limits
from scorekeeper.rules.rating import rating_by_choices
from scorekeeper.rules.standings import MEASURES

# The areas the zones are filed under, as the list of zones heads them.
AREA_WORDS = {
    "Africa": lazy_gettext("Africa"),
    "America": lazy_gettext("America"),
    "Antarctica": lazy_gettext("Antarctica"),
    "Arctic": lazy_gettext("Arctic"),
    "Asia": lazy_gettext("Asia"),
    "Atlantic": lazy_gettext("Atlantic"),
    "Australia": lazy_gettext("Australia"),
    "Europe": lazy_gettext("Europe"),
    "Indian": lazy_gettext("Indian"),
    "Pacific": lazy_gettext("Pacific"),
}


class LeagueSettingsForm(AppForm):
    """How the league ranks and rates its players, the paper it prints on, its time zone and
    language."""

    name = StringField(
        lazy_gettext("League name"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Give the league a name.")),
            Length(max=80, message=TOO_LONG),
            plain_name,
        ],
    )
    ranking = SelectField(lazy_gettext("Rank players by"))
    place_points = StringField(
        lazy_gettext("Points for places (1st, 2nd, 3rd, ...)"),
        filters=[strip_whitespace],
        validators=[Length(max=60, message=TOO_LONG)],
    )
    min_games = WholeNumberField(
        lazy_gettext("Games needed to be ranked"),
        limits.GAMES_TO_RANK,
        lazy_gettext("Give a number of games from 0 to 1000."),
        validators=[NumberRequired(lazy_gettext("Give a number of games, 0 for none."))],
    )
    rating_by = SelectField(lazy_gettext("Rating"))
    paper_size = SelectField(lazy_gettext("Paper"))
    # Only a zone of the list is accepted (SelectField refuses any other value).
    time_zone = SelectField(lazy_gettext("Time zone"))
    language = SelectField(lazy_gettext("Language of the league"))

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        # Choices are set here rather than on the fields: WTForms 3.3 warns on tuple choices
        # given to a field's constructor, and their words are the page's language.
        self.ranking.choices = [(key, gettext(words)) for key, words in MEASURES.items()]
        self.rating_by.choices = rating_by_choices()
        self.paper_size.choices = [(paper.name, gettext(paper.label)) for paper in PAPERS]
        self.time_zone.choices = zone_choices()
        every_reader = lazy_gettext("Each reader's own")
        self.language.choices = [(FOLLOW, every_reader), *LANGUAGES.items()]

    def validate_place_points(self, field: StringField) -> None:
        """Accept whole numbers, 0 or more, separated by commas or spaces."""
        parts = [p for p in re.split(r"[,\s]+", field.data or "") if p]
        if not parts and self.ranking.data == "points":
            raise ValidationError(gettext("Give the points for at least first place."))
        most, high = limits.PLACES_SCORED.high, limits.PLACE_POINTS.high
        if len(parts) > most or any(
            limits.whole_number(p, limits.PLACE_POINTS) is None for p in parts
        ):
            raise ValidationError(
                gettext(
                    "Give up to %(most)s whole numbers from 0 to %(high)s, in digits, "
                    "e.g. 5, 3, 1.",
                    most=most,
                    high=high,
                )
            )

    def points(self) -> list[int]:
        """The points for places as numbers (after `validate`, every part is one)."""
        parts = [p for p in re.split(r"[,\s]+", self.place_points.data or "") if p]
        return [int(p) for p in parts[: limits.PLACES_SCORED.high]]


def zone_choices() -> dict[str, list[tuple[str, str]]]:
    """The zones a league may choose, grouped by area for the list (UTC on its own)."""
    groups: dict[str, list[tuple[str, str]]] = {gettext("Universal"): [(zones.UTC_NAME, "UTC")]}
    for name in zones.zone_names()[1:]:
        area = name.split("/", 1)[0]
        groups.setdefault(str(AREA_WORDS.get(area, area)), []).append(
            (name, zones.zone_label(name))
        )
    return groups


class SeasonForm(AppForm):
    """A season of the league's own, between two dates."""

    name = StringField(
        lazy_gettext("Season name"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Name the season.")),
            Length(max=60, message=TOO_LONG),
            plain_name,
        ],
    )
    starts_on = DateField(
        lazy_gettext("First day"), validators=[InputRequired(lazy_gettext("Give the first day."))]
    )
    ends_on = DateField(
        lazy_gettext("Last day"), validators=[InputRequired(lazy_gettext("Give the last day."))]
    )

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        # The settings page shows this form beside the league's: its name field needs its own id.
        self.name.id = self.name.label.field_id = "season-name"

    def validate_ends_on(self, field: DateField) -> None:
        """A season ends on or after the day it starts."""
        if self.starts_on.data and field.data and field.data < self.starts_on.data:
            raise ValidationError(gettext("The last day comes before the first day."))
