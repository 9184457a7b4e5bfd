"""A league's time zone: the zones it may choose, and its dates and times shown in one."""

from __future__ import annotations

import functools
from datetime import UTC, date, datetime, tzinfo
from zoneinfo import ZoneInfo, available_timezones

from scorekeeper.rules.language import N_, _

UTC_NAME = "UTC"
# The longest name a league keeps (its column's size); anything longer is no zone.
LONGEST_NAME = 64
# The areas of the IANA database a place's zone is filed under. The rest are old aliases
# (US/Eastern) or fixed offsets whose signs read backwards (Etc/GMT+5 is five hours behind).
# Their names are English, as the database files them, and shown translated (`area_label`).
AREAS = (
    N_("Africa"),
    N_("America"),
    N_("Antarctica"),
    N_("Arctic"),
    N_("Asia"),
    N_("Atlantic"),
    N_("Australia"),
    N_("Europe"),
    N_("Indian"),
    N_("Pacific"),
)


@functools.cache
def zone_names() -> tuple[str, ...]:
    """Every zone a league may choose: UTC, then each place's zone, by name."""
    places = sorted(
        name
        for name in available_timezones()
        if name.split("/", 1)[0] in AREAS and len(name) <= LONGEST_NAME
    )
    return (UTC_NAME, *places)


@functools.cache
def _known() -> frozenset[str]:
    return frozenset(zone_names())


def is_zone(name: str) -> bool:
    """True for a zone a league may choose (an IANA name the server's database knows)."""
    return len(name) <= LONGEST_NAME and name in _known()


def default_zone(configured: str | None) -> str:
    """The zone a new league starts in: the server's configured one when it is a place's
    zone, else UTC."""
    return configured if configured and is_zone(configured) else UTC_NAME


def _place(name: str) -> str:
    return name.split("/", 1)[-1].replace("_", " ").replace("/", " / ")


@functools.cache
def _repeated_places() -> frozenset[str]:
    seen: set[str] = set()
    repeated: set[str] = set()
    for name in zone_names():
        place = _place(name)
        (repeated if place in seen else seen).add(place)
    return frozenset(repeated)


def area_label(area: str) -> str:
    """An area of the zones' database (one of AREAS) as a list heads it, in the language
    spoken: "Europe", "Europa"."""
    return _(area) if area in AREAS else area


def zone_label(name: str) -> str:
    """A zone's place as a list shows it under its area: "Argentina / Buenos Aires"; a place
    filed under two areas names its area too, "Istanbul (Europe)", so no two read alike.
    Places keep the names the database gives them; an area is named in the language spoken."""
    place = _place(name)
    if place in _repeated_places():
        return f"{place} ({area_label(name.split('/', 1)[0])})"
    return place


def _zone(name: str) -> tzinfo:
    # A league keeps only names `is_zone` accepted; one the server's database has since lost
    # reads as UTC rather than failing every page of the league.
    return ZoneInfo(name) if name != UTC_NAME and is_zone(name) else UTC


def as_utc(moment: datetime) -> datetime:
    """`moment` with its zone: a time without one is UTC (SQLite keeps no zone)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def local_time(moment: datetime, name: str) -> datetime:
    """`moment` in the zone called `name`; a time without a zone is UTC."""
    return as_utc(moment).astimezone(_zone(name))


def today_in(name: str) -> date:
    """Today's date in the zone called `name`."""
    return datetime.now(_zone(name)).date()
