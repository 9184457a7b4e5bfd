"""Days and times as a league's pages show them: in the league's time zone, written as the
page's language writes them (Flask-Babel's formatting, with the patterns each catalog gives)."""

from __future__ import annotations

from datetime import date, datetime

from flask_babel import format_date, format_time, gettext

from scorekeeper import zones


def day_words(moment: date | datetime, zone: str = zones.UTC_NAME) -> str:
    """A day as the league's pages show it: "26 Nov 2026", "26 nov 2026", "26. Nov. 2026". A
    time kept in UTC is the day it was in the league's `zone`."""
    day = zones.local_time(moment, zone).date() if isinstance(moment, datetime) else moment
    # A Unicode date pattern (d: the day, MMM: the month, short, y: the year), which each
    # catalog writes as its language does.
    return format_date(day, gettext("d MMM y"))


def short_day_words(day: date) -> str:
    """A day without its year, as a chart's axis shows it: "26/11", "26.11."."""
    return format_date(day, gettext("d/M"))


def clock_words(moment: datetime, zone: str) -> str:
    """The time of day a moment kept in UTC was in the league's `zone`: "21:15"."""
    # Already in the league's zone: not moved again to the app's.
    return format_time(zones.local_time(moment, zone), "HH:mm", rebase=False)


def moment_words(moment: datetime, zone: str) -> str:
    """A moment kept in UTC as the league's pages show it: "26 Nov 2026, 21:15"."""
    return gettext("%(day)s, %(time)s", day=day_words(moment, zone), time=clock_words(moment, zone))
