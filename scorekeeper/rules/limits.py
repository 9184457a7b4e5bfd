"""The documented limits of every number and text the app takes in, and the checks that hold
them: one home for the forms, the rule-set checks and the league file.

Every check here does a fixed amount of work per value, so a hostile number (a player count
of 2**31, a price of 10**20) is refused before any loop or query uses it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from scorekeeper.rules.language import N_, _
from scorekeeper.rules.ruleset import FEWEST_PLAYERS, MOST_PLAYERS, RANKS

T = TypeVar("T")

# Row ids fit the smallest integer column the app runs on (PostgreSQL's 32-bit serial).
LARGEST_ID = 2**31 - 1
# No number the app keeps has more digits than this; longer text is refused unread.
MOST_DIGITS = 10


@dataclass(frozen=True, slots=True)
class Bound:
    """The range a number must fall in, and the rule in words ("a game is for 2 to 10 players")."""

    low: int
    high: int
    # Marked with N_ and translated when said. A bound's high end is never 1, so its words
    # take the plural of what they count.
    rule: str = N_("%(low)s to %(high)s")

    def holds(self, value: int) -> bool:
        """True when `value` is within the bound."""
        return self.low <= value <= self.high

    def words(self) -> str:
        """The bound in words, in the language spoken."""
        return _(self.rule) % {"low": self.low, "high": self.high}


# Rule sets (the editor and the league file).
PLAYERS = Bound(FEWEST_PLAYERS, MOST_PLAYERS, N_("a game is for %(low)s to %(high)s players"))
HANDS = Bound(1, 40, N_("a game has %(low)s to %(high)s hands"))
MELDS = Bound(1, 10, N_("a contract has %(low)s to %(high)s sets and runs"))
MELD_LENGTH = Bound(3, 52, N_("a set or run has %(low)s to %(high)s cards"))
CARDS_DEALT = Bound(1, 60, N_("each player is dealt %(low)s to %(high)s cards"))
DECKS = Bound(1, 10, N_("a table plays with %(low)s to %(high)s decks"))
JOKERS = Bound(0, 50, N_("a table plays with %(low)s to %(high)s jokers"))
DECK_ROWS = Bound(0, 20, N_("the decks table has at most %(high)s rows"))
CARD_PRICE = Bound(0, 1000, N_("a card costs %(low)s to %(high)s points"))
SHORT_CARD_CHARGE = Bound(0, 1000, N_("a missing card costs %(low)s to %(high)s points"))
MAY_I_PENALTY_CARDS = Bound(0, 20, N_("a May I? takes %(low)s to %(high)s penalty cards"))
MAY_I_LIMIT = Bound(0, 99, N_("the limit is %(low)s to %(high)s May I?s"))
EXTRA_RULES = Bound(0, 50, N_("at most %(high)s other rules"))
PRICE_GROUPS = Bound(0, len(RANKS), N_("at most %(high)s card groups"))
# Bonuses a rule set gives for a feat ticked in a hand; below zero they lower a total. A hand's
# tally holds its card groups and its bonuses' ticks, so both fit the league file's bound on a
# tally (TALLY_ENTRIES).
BONUSES = Bound(0, 4, N_("at most %(high)s bonuses"))
BONUS_POINTS = Bound(-1000, 1000, N_("a bonus is %(low)s to %(high)s points"))
TALLY_ENTRIES = Bound(
    0, PRICE_GROUPS.high + BONUSES.high, N_("at most %(high)s entries in a tally")
)

# A hand's report (the score form and the league file).
CARDS_IN_HAND = Bound(0, 500, N_("%(low)s to %(high)s cards"))
HAND_POINTS = Bound(0, 10_000, N_("%(low)s to %(high)s points"))

# League settings.
PLACES_SCORED = Bound(0, 10, N_("at most %(high)s places score points"))
PLACE_POINTS = Bound(0, 1000, N_("a place scores %(low)s to %(high)s points"))
GAMES_TO_RANK = Bound(0, 1000, N_("%(low)s to %(high)s games"))
# A league's players and seasons (its pages and the league file).
LEAGUE_PLAYERS = Bound(0, 100, N_("a league has at most %(high)s players"))
LEAGUE_SEASONS = Bound(0, 100, N_("a league has at most %(high)s seasons"))

# The league file: every list it holds, counted before anything loops over it. Together they
# bound the work of the largest file, whose import holds the database's write lock briefly.
LEAGUE_RULESETS = Bound(1, 50, N_("a league has %(low)s to %(high)s rule sets"))
FILE_GAMES = Bound(0, 100, N_("a league file holds at most %(high)s games"))
GAME_DEALS = Bound(
    1, 120, N_("a game has %(low)s to %(high)s deals, re-deals and re-plays included")
)
GAME_SUSPENSIONS = Bound(0, 50, N_("a game has at most %(high)s suspensions"))
HAND_CLAIMS = Bound(0, 100, N_("a hand has at most %(high)s May I?s"))
HAND_CORRECTIONS = Bound(0, 50, N_("a hand has at most %(high)s corrections"))
HAND_PROPOSALS = Bound(0, 50, N_("a hand has at most %(high)s proposed corrections"))
STOCK_RENEWALS = Bound(0, 100, N_("a hand's stock is renewed at most %(high)s times"))
HAND_REPORTS = Bound(0, MOST_PLAYERS, N_("a hand has at most %(high)s players' reports"))
SETTLEMENT_PAYMENTS = Bound(0, MOST_PLAYERS**2, N_("at most %(high)s payments"))
# What an import writes, counted in all: each deal, player's report (a correction's too),
# May I? and suspension. With the games, this bounds what the largest file costs.
FILE_ENTRIES = Bound(
    0,
    2500,
    N_("a league file holds at most %(high)s deals, reports, May I?s and suspensions in all"),
)

# What one account may import: leagues an hour, and games kept in all its leagues.
IMPORTS_PER_HOUR = Bound(
    0, 5, N_("an account may import while it made fewer than %(high)s leagues in the last hour")
)
ACCOUNT_GAMES = Bound(0, 1000, N_("an account's leagues hold at most %(high)s games"))
# What one printed sheet lists, so no league's data makes a sheet of hundreds of pages: the
# standings' players (a league older than its bound may hold more) and discarded games, and
# a game sheet's notes (each re-deal and correction of a hand).
PRINTED_PLAYERS = Bound(0, LEAGUE_PLAYERS.high, N_("a sheet lists at most %(high)s players"))
PRINTED_GAMES = Bound(0, 40, N_("a sheet lists at most %(high)s discarded games"))
PRINTED_HOLDERS = Bound(0, 3, N_("a sheet lists at most %(high)s holders of a record"))
PRINTED_NOTES = Bound(0, 60, N_("a sheet lists at most %(high)s notes"))
# The games a day's recap card lists, each a line of its picture; the others are counted.
RECAP_GAMES = Bound(0, 8, N_("a day's recap lists at most %(high)s games"))

# A row id, from a URL or a form.
ROW_ID = Bound(1, LARGEST_ID, N_("an id is %(low)s to %(high)s"))

# An action's one-time key (`action_key` of a form that changes a game, made by the server
# or by a phone): URL-safe letters and digits, long enough not to be guessed.
ACTION_KEY_LENGTH = Bound(16, 64, N_("an action key has %(low)s to %(high)s characters"))
_ACTION_KEY = re.compile(rf"[A-Za-z0-9_-]{{{ACTION_KEY_LENGTH.low},{ACTION_KEY_LENGTH.high}}}")

# Text: the longest of each kind.
LONGEST = {
    "name": 40,
    "league": 80,
    "ruleset": 80,
    "key": 40,
    "label": 40,
    "season": 60,
    "words": 200,
    "penalty_reason": 120,
    "rule_line": 400,
}

_ASCII_WHOLE = re.compile(rf"[+-]?[0-9]{{1,{MOST_DIGITS}}}")
# Control characters (NUL among them) have no place in stored text; PostgreSQL refuses NUL.
CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# Characters that change how text around them is shown without being seen: bidi controls and
# zero-width characters make "Ann" and "Ann\u200b" two players who look the same.
_INVISIBLE = re.compile(r"[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\u180e]")


def whole_number(text: str | None, bound: Bound | None = None) -> int | None:
    """The whole number `text` spells in ASCII digits (spaces around allowed), or None.

    Unicode digits ("²", "٣"), underscores, decimals and numbers of more than MOST_DIGITS
    digits are no whole number here; with `bound`, neither is a number outside it.
    """
    if text is None:
        return None
    text = text.strip()
    if not _ASCII_WHOLE.fullmatch(text):
        return None
    value = int(text)
    if bound is not None and not bound.holds(value):
        return None
    return value


def row_id(text: str | None) -> int | None:
    """A row id from a form or URL (1 to LARGEST_ID), or None when it cannot be one."""
    return whole_number(text, ROW_ID)


def is_action_key(text: str) -> bool:
    """True when `text` is a well-formed action key (read no further than its bound)."""
    return len(text) <= ACTION_KEY_LENGTH.high and _ACTION_KEY.fullmatch(text) is not None


def is_whole(value: object) -> bool:
    """True for an int that is not a bool (true is no count of cards)."""
    return isinstance(value, int) and not isinstance(value, bool)


def bounded(
    errors: list[tuple[str, str]], path: str, value: object, bound: Bound, place: str
) -> bool:
    """Check a number against its bound; add (path, message) and answer False when it fails.

    `place` starts the message ("Hand 2", "May I?"). The check costs the same whatever the
    number, so it runs before anything loops over or stores the value.
    """
    if not is_whole(value):
        words = _("%(place)s: expected a whole number, got %(value)s.")
        errors.append((path, words % {"place": place, "value": _shown(value)}))
        return False
    if not bound.holds(value):  # type: ignore[arg-type]
        words = _("%(place)s: %(bound)s, not %(value)s.")
        errors.append(
            (path, words % {"place": place, "bound": bound.words(), "value": _shown(value)})
        )
        return False
    return True


def no_room(bound: Bound, count: int) -> str | None:
    """The refusal of one more when `count` already fill `bound`, or None when there is room."""
    if count < bound.high:
        return None
    words = bound.words()
    return _("%(bound)s, and this one has %(count)s.") % {
        "bound": words[:1].upper() + words[1:],
        "count": count,
    }


def too_big_to_import(games: int) -> str | None:
    """What the owner should know before downloading a league of `games` games: a file of more
    than FILE_GAMES is kept whole but cannot be imported whole; None when it can."""
    if games <= FILE_GAMES.high:
        return None
    words = _(
        "This league has %(count)s games, and %(bound)s to import: the download "
        "keeps every game, but importing it elsewhere is refused."
    )
    return words % {"count": games, "bound": FILE_GAMES.words()}


def first_of(items: Sequence[T], bound: Bound) -> tuple[Sequence[T], int]:
    """The first `bound.high` of `items`, and how many are left out."""
    return items[: bound.high], max(0, len(items) - bound.high)


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def text_problem(text: str) -> str | None:
    """Why `text` cannot be stored (control characters, a broken character), or None.

    Tabs and line breaks are left to the caller (a name folds them into spaces).
    """
    if CONTROLS.search(text):
        return _("control characters have no place in text here.")
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        return _("the text holds a broken character (a lone surrogate).")
    return None


def name_problem(name: str) -> str | None:
    """Why `name` cannot name a person, league or rule set, or None.

    Names also refuse invisible characters (bidi controls, zero-width spaces), which would let
    two names look the same.
    """
    problem = text_problem(name)
    if problem:
        return problem
    if _INVISIBLE.search(name):
        return _("a name cannot hold invisible characters (zero-width spaces, direction marks).")
    return None


def fold_name(name: str) -> str:
    """The key two names share when they differ only by case or Unicode form ("Kim", "KIM")."""
    return unicodedata.normalize("NFKC", name).casefold()
