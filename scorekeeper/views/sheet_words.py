"""What a printed sheet says in words, in the page's language: its dates and times, the
notes under a game's grid, the winner, the decks and jokers, and what it leaves off."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Literal

from babel.lists import format_list
from flask_babel import format_date, format_datetime, get_locale, gettext, ngettext

from scorekeeper import zones
from scorekeeper.models import Correction, Hand
from scorekeeper.read import scoresheet
from scorekeeper.rules import limits
from scorekeeper.rules.dealing import decks_for
from scorekeeper.rules.ruleset import RuleSet


@dataclass(frozen=True)
class SheetNote:
    """A note under a game's grid, in words: a hand dealt again, or a hand corrected."""

    number: int
    words: str


# What a printed sheet may leave off past its bounds.
LeftOff = Literal["notes", "players", "discarded games"]


def left_out_words(count: int, what: LeftOff) -> str:
    """What a sheet leaves off past its bound, e.g. "3 more players are left off this sheet."."""
    if count == 0:
        return ""
    if what == "notes":
        return ngettext(
            "%(num)s more note is left off this sheet.",
            "%(num)s more notes are left off this sheet.",
            count,
        )
    if what == "players":
        return ngettext(
            "%(num)s more player is left off this sheet.",
            "%(num)s more players are left off this sheet.",
            count,
        )
    return ngettext(
        "%(num)s more discarded game is left off this sheet.",
        "%(num)s more discarded games are left off this sheet.",
        count,
    )


def redeal_words(hand: Hand) -> str:
    """A hand dealt again, as the note under the grid says it, with the table's reason."""
    if hand.note:
        return gettext(
            "Hand %(number)s was dealt again: %(reason)s", number=hand.number, reason=hand.note
        )
    return gettext("Hand %(number)s was dealt again", number=hand.number)


def correction_words(number: int, correction: Correction, zone: str) -> str:
    """A hand corrected, as the note under the grid says it: when, by whom and why."""
    words = {"number": number, "when": time_words(correction.made_at, zone)}
    by, why = correction.made_by, correction.reason
    if by and why:
        return gettext(
            "Hand %(number)s corrected %(when)s by %(name)s: %(reason)s",
            **words,
            name=by,
            reason=why,
        )
    if by:
        return gettext("Hand %(number)s corrected %(when)s by %(name)s", **words, name=by)
    if why:
        return gettext("Hand %(number)s corrected %(when)s: %(reason)s", **words, reason=why)
    return gettext("Hand %(number)s corrected %(when)s", **words)


def sheet_notes(sheet: scoresheet.Sheet, zone: str) -> tuple[Sequence[SheetNote], str]:
    """The notes of a game's sheet in hand order, within PRINTED_NOTES, and what is left off;
    times in the league's zone `zone`."""
    notes: list[tuple[int, Hand | Correction]] = []
    for row in sheet.rows:
        notes += [(row.hand.number, hand) for hand in row.redeals]
        notes += [(row.hand.number, correction) for correction in row.corrections]
    shown, left = limits.first_of(notes, limits.PRINTED_NOTES)
    words = [
        SheetNote(
            number,
            redeal_words(note) if isinstance(note, Hand) else correction_words(number, note, zone),
        )
        for number, note in shown
    ]
    return words, left_out_words(left, "notes")


def date_words(day: date) -> str:
    """A date as the sheet prints it, in the page's language: "14 March 2026"."""
    # The pattern is Babel's (CLDR's); each language's catalog gives its own order of the parts.
    return format_date(day, gettext("d MMMM y"))


def time_words(moment: datetime, zone: str) -> str:
    """A time kept in UTC as the sheet prints it, in the league's zone: "26 Nov 2026, 21:15"."""
    return format_datetime(zones.local_time(moment, zone), gettext("d MMM y, HH:mm"), rebase=False)


def winner_words(sheet: scoresheet.Sheet) -> str:
    """Who won a finished game and with how many points; empty while it is not won."""
    winners = sheet.winners
    if not (sheet.finished and sheet.rows and winners) or sheet.discarded:
        return ""
    names = format_list([seat.player.name for seat in winners], locale=get_locale())
    points = sheet.totals[winners[0].position]
    return ngettext("%(names)s, %(num)s point", "%(names)s, %(num)s points", points, names=names)


def deck_words(rs: RuleSet, players: int | None) -> list[str]:
    """Decks and jokers to play with: for this many players, or every row when unknown."""
    rows = [decks_for(rs, players)] if players else list(rs.deck_counts)
    words = []
    for row in rows:
        decks = ngettext("%(num)s deck", "%(num)s decks", row.decks)
        if row.jokers:
            jokers = ngettext("%(num)s joker", "%(num)s jokers", row.jokers)
            cards = gettext("%(decks)s + %(jokers)s", decks=decks, jokers=jokers)
        else:
            cards = gettext("%(decks)s, no jokers", decks=decks)
        if players:
            words.append(cards)
            continue
        if row.min_players == row.max_players:
            table = ngettext("%(num)s player", "%(num)s players", row.min_players)
        else:
            table = gettext(
                "%(least)s–%(most)s players", least=row.min_players, most=row.max_players
            )
        words.append(gettext("%(players)s: %(cards)s", players=table, cards=cards))
    return words
