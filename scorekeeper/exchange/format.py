"""The league file: its name and version, and a reader that names the place of every fault."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from functools import lru_cache
from typing import Any, Literal, NoReturn, overload

from scorekeeper import zones
from scorekeeper.rules import limits
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.language import N_, _
from scorekeeper.rules.ruleset import RuleSetError
from scorekeeper.rules.storage import ruleset_from_dict, ruleset_to_dict

FORMAT = "scorekeeper-league"
VERSION = 4
# Version 2 added the league's time zone; a file of version 1 still reads (its league in UTC).
# Version 3 added the hands' proposed corrections; older files have none.
# Version 4 added how the league pools its ratings and the league's language; older files have
# one rating per league and choose no language (each reader's own).
READABLE_VERSIONS = (1, 2, 3, 4)

# What a player's line of a hand holds: the facts the table reported, then what the app
# computed from them (written by the export, ignored by the import).
REPORT_FACTS = (
    "went_out",
    "tally",
    "typed_total",
    "short_cards",
    "penalty",
    "penalty_reason",
    "no_score",
)
REPORT_RESULTS = ("score", "posted")
# Older files of this version named the cards short `missing_cards`; they still read.
OLD_NAMES = {"short_cards": "missing_cards"}

# The most the score form takes; a little below zero is left to the rules' own words.
MOST_CARDS = limits.CARDS_IN_HAND.high
MOST_POINTS = limits.HAND_POINTS.high

_ABSENT = object()
# What a field of the file should hold, as a refusal names it ("expected a list, got 3.").
AN_OBJECT = N_("an object")
A_LIST = N_("a list")
AN_OBJECT_OF_NAMES = N_("an object keyed by name")
A_WHOLE_NUMBER = N_("a whole number")
TEXT = N_("text")
A_FLAG = N_("true or false")
A_DATE = N_("a date as YYYY-MM-DD")
A_TIME = N_("a time in ISO 8601")


class ImportRefused(Exception):
    """A league file that cannot be imported; the message starts with the place of the fault."""

    def __init__(self, place: str, message: str) -> None:
        # A lone surrogate read from the file would break the page that shows the message.
        place, message = _printable(place), _printable(message)
        self.place = place
        self.message = message
        at = _("%(place)s: %(problem)s") % {"place": place, "problem": message}
        super().__init__(at if place else message)


def _printable(text: str) -> str:
    """`text` with any broken character (a lone surrogate) written as its escape."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def moment_text(moment: datetime | None) -> str | None:
    """A time as ISO 8601 text in UTC; a time without a zone is UTC (SQLite keeps no zone)."""
    return None if moment is None else zones.as_utc(moment).astimezone(UTC).isoformat()


def join(place: str, key: str | int, named: bool = False) -> str:
    """The place of `key` inside `place`: `a.b`, `a[0]`, or `a["Ann"]` for a name."""
    if isinstance(key, int):
        return f"{place}[{key}]"
    if named:
        return f"{place}[{json.dumps(key, ensure_ascii=False)}]"
    return f"{place}.{key}" if place else key


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return _(AN_OBJECT)
    if isinstance(value, list):
        return _(A_LIST)
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."


class Node:
    """A value read from the file, with its place in it, e.g. `games[0].hands[2]`.

    The place is spelt out only when asked for (a refusal): reading a large file walks
    hundreds of thousands of fields.
    """

    __slots__ = ("value", "_place", "_parent", "_key", "_named")

    def __init__(
        self,
        value: Any,
        place: str = "",
        parent: Node | None = None,
        key: str | int = "",
        named: bool = False,
    ) -> None:
        self.value = value
        self._place = place if parent is None else None
        self._parent = parent
        self._key = key
        self._named = named

    @property
    def place(self) -> str:
        """Where this value is in the file, e.g. `games[0].hands[2]`."""
        if self._place is None:
            assert self._parent is not None
            self._place = join(self._parent.place, self._key, self._named)
        return self._place

    def fail(self, message: str) -> NoReturn:
        """Refuse the file at this place."""
        raise ImportRefused(self.place, message)

    def _expect(self, ok: bool, what: str) -> None:
        """Refuse a field left out, or one that is not `what` (a message kept in English)."""
        if self.value is _ABSENT:
            self.fail(_("this field is missing."))
        if not ok:
            self._refuse(what)

    def _refuse(self, what: str) -> NoReturn:
        """Refuse a field that is not `what` (a message kept in English), saying what it is."""
        self.fail(
            _("expected %(what)s, got %(got)s.") % {"what": _(what), "got": _shown(self.value)}
        )

    def fields(self, *known: str) -> Node:
        """Check this is an object whose fields are all among `known`."""
        self._expect(isinstance(self.value, dict), AN_OBJECT)
        unknown = [key for key in self.value if key not in known]
        if unknown:
            unknown_field = Node(None, parent=self, key=unknown[0])
            unknown_field.fail(_("this field is not part of the format."))
        return self

    def get(self, key: str, default: Any = _ABSENT) -> Node:
        """The field `key` of this object; `default` when it is left out."""
        return Node(self.value.get(key, default), parent=self, key=key)

    def named(self, key: str) -> Node:
        """The entry for the name `key` of this object (a player, a card group)."""
        return Node(self.value.get(key, _ABSENT), parent=self, key=key, named=True)

    def items(self, bound: limits.Bound) -> list[Node]:
        """The entries of a list, as many as `bound` allows (counted before any is read)."""
        self._expect(isinstance(self.value, list), A_LIST)
        self._count(bound)
        return [Node(item, parent=self, key=i) for i, item in enumerate(self.value)]

    def names(self, bound: limits.Bound) -> list[str]:
        """The names of an object keyed by name, in the file's order; at most `bound`."""
        self._expect(isinstance(self.value, dict), AN_OBJECT_OF_NAMES)
        self._count(bound)
        for key in self.value:
            problem = _name_problem(key)
            if problem:
                Node(None, parent=self, key=key, named=True).fail(problem)
        return list(self.value)

    def _count(self, bound: limits.Bound) -> None:
        if not bound.holds(len(self.value)):
            self.fail(
                _("%(bound)s, not %(count)s.") % {"bound": bound.words(), "count": len(self.value)}
            )

    def integer(self, minimum: int | None = 0, maximum: int | None = None) -> int:
        """A whole number from `minimum` to `maximum` (None: no bound)."""
        value = self.value
        self._expect(isinstance(value, int) and not isinstance(value, bool), A_WHOLE_NUMBER)
        if minimum is not None and value < minimum:
            least = _("expected a whole number of at least %(least)s, got %(got)s.")
            self.fail(least % {"least": minimum, "got": value})
        if maximum is not None and value > maximum:
            most = _("expected a whole number of at most %(most)s, got %(got)s.")
            self.fail(most % {"most": maximum, "got": value})
        return value

    def optional_integer(self, minimum: int | None = 0, maximum: int | None = None) -> int | None:
        """A whole number or null."""
        return None if self.value is None else self.integer(minimum, maximum)

    def text(self, longest: int, *, blank: bool = True) -> str:
        """Text of at most `longest` characters; `blank=False` refuses empty text."""
        self._expect(isinstance(self.value, str), TEXT)
        problem = limits.text_problem(self.value)
        if problem:
            self.fail(problem)
        if len(self.value) > longest:
            too_long = _("at most %(most)s characters, got %(count)s.")
            self.fail(too_long % {"most": longest, "count": len(self.value)})
        if not blank and not self.value.strip():
            self.fail(_("this cannot be empty."))
        return self.value

    def choice(self, options: tuple[str, ...]) -> str:
        """One of the words in `options`."""
        self._expect(isinstance(self.value, str), TEXT)
        if self.value not in options:
            one_of = _("expected one of %(options)s, got %(got)s.")
            self.fail(one_of % {"options": ", ".join(options), "got": _shown(self.value)})
        return self.value

    def flag(self) -> bool:
        """true or false."""
        self._expect(isinstance(self.value, bool), A_FLAG)
        return self.value

    def day(self) -> date:
        """A date as YYYY-MM-DD."""
        self._expect(isinstance(self.value, str), A_DATE)
        try:
            return date.fromisoformat(self.value)
        except ValueError:
            self._refuse(A_DATE)

    @overload
    def moment(self, *, required: Literal[True]) -> datetime: ...
    @overload
    def moment(self, *, required: bool = False) -> datetime | None: ...
    def moment(self, *, required: bool = False) -> datetime | None:
        """A time in ISO 8601, or null unless `required`; a time without a zone is UTC."""
        if self.value is None and not required:
            return None
        self._expect(isinstance(self.value, str), A_TIME)
        try:
            moment = datetime.fromisoformat(self.value)
        except ValueError:
            self._refuse(A_TIME)
        return zones.as_utc(moment)


@lru_cache(maxsize=1024)
def _name_problem(name: str) -> str | None:
    """What is wrong with a name used as a key, if anything (a file names a few players in
    every hand: each name is checked once)."""
    return limits.text_problem(name)


def read_file(data: bytes | str) -> Node:
    """Parse the file and check it is a league file of a version this app reads.

    :raises ImportRefused: for text that is not JSON (or was cut short), or another format.
    """
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as error:
        not_utf8 = _("The file is not UTF-8 text (byte %(byte)s).")
        raise ImportRefused("", not_utf8 % {"byte": error.start}) from error
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        # Python's own words say what is wrong, in English.
        raise ImportRefused(
            _("line %(line)s, column %(column)s") % {"line": error.lineno, "column": error.colno},
            _("the file is not valid JSON, or it was cut short (%(reason)s).")
            % {"reason": error.msg},
        ) from error
    except ValueError as error:  # Python's own limit: a number of thousands of digits
        raise ImportRefused("", _("The file holds a number too long to read.")) from error
    except RecursionError as error:
        raise ImportRefused("", _("The file nests too deeply to be a league.")) from error
    root = Node(value)
    if not isinstance(value, dict):
        not_a_league = _("The file holds %(what)s, not a league: expected a JSON object.")
        root.fail(not_a_league % {"what": _shown(value)})
    if root.get("format", None).value != FORMAT:
        not_ours = _('this is not a Scorekeeper league file (expected "%(format)s").')
        root.get("format").fail(not_ours % {"format": FORMAT})
    version = root.get("version")
    readable = not isinstance(version.value, bool) and version.value in READABLE_VERSIONS
    if version.value is _ABSENT or not readable:
        shown = _("none") if version.value is _ABSENT else _shown(version.value)
        versions = _("this app reads versions 1 to %(last)s of the league file, not %(got)s.")
        version.fail(versions % {"last": VERSION, "got": shown})
    return root


def read_rules(node: Node) -> dict[str, Any]:
    """A rules dict, checked by the rules module itself and returned in its stored shape."""
    if node.value is _ABSENT:
        node.fail(_("this field is missing."))
    # A league's games mostly share a few rule sets: each distinct one is checked once.
    stored = _stored_rules(json.dumps(node.value, separators=(",", ":")))
    if stored is not None:
        return json.loads(stored)
    try:
        rs = ruleset_from_dict(node.value)
    except RuleSetError as error:
        path, message = error.errors[0]
        message = message.removeprefix(f"{path}: ")
        where = node.place if not path else f"{node.place}{'' if path[0] == '[' else '.'}{path}"
        raise ImportRefused(where, message) from error
    return ruleset_to_dict(rs)


@lru_cache(maxsize=64)
def _stored_rules(text: str) -> str | None:
    """The stored shape of the rules given as JSON text (keys in their order), as JSON text;
    None when the rules refuse them (`read_rules` then names the place at fault)."""
    try:
        return json.dumps(ruleset_to_dict(ruleset_from_dict(json.loads(text))))
    except RuleSetError:
        return None


_REPORT_FIELDS = frozenset((*REPORT_FACTS, *REPORT_RESULTS))


def read_report(node: Node) -> PlayerEntry:
    """One player's report for a hand; checked later by the rules, with the hand."""
    return _plain_report(node.value) or _read_report(node)


def _plain_report(value: Any) -> PlayerEntry | None:
    """The report when every field is of its kind and within bounds (what a league file
    holds), read without a node per field; None sends it to `_read_report`, which accepts
    the same reports and names the place of a fault."""
    if type(value) is not dict or not _REPORT_FIELDS.issuperset(value):
        return None
    went_out, no_score = value.get("went_out", False), value.get("no_score", False)
    typed_total = value.get("typed_total")
    short_cards, penalty = value.get("short_cards", 0), value.get("penalty", 0)
    reason, tally = value.get("penalty_reason", ""), value.get("tally")
    if tally is None:
        tally = {}
    if not (
        type(went_out) is bool
        and type(no_score) is bool
        and (typed_total is None or type(typed_total) is int)
        and type(short_cards) is int
        and type(penalty) is int
        and type(reason) is str
        and type(tally) is dict
        and len(tally) <= limits.TALLY_ENTRIES.high
    ):
        return None
    if typed_total is not None and not -MOST_POINTS <= typed_total <= MOST_POINTS:
        return None
    if not (-MOST_CARDS <= short_cards <= MOST_CARDS and -MOST_POINTS <= penalty <= MOST_POINTS):
        return None
    if len(reason) > 120 or (reason and limits.text_problem(reason)):
        return None
    for label, count in tally.items():
        if _name_problem(label) or type(count) is not int or not -MOST_CARDS <= count <= MOST_CARDS:
            return None
    return PlayerEntry(
        went_out=went_out,
        tally=dict(tally),
        typed_total=typed_total,
        short_cards=short_cards,
        penalty=penalty,
        penalty_reason=reason,
        no_score=no_score,
    )


def _read_report(node: Node) -> PlayerEntry:
    node.fields(*REPORT_FACTS, *REPORT_RESULTS, *OLD_NAMES.values())
    for name, old in OLD_NAMES.items():
        if old in node.value:
            if name in node.value:
                older = _("this is the older name of %(name)s; give only one of them.")
                node.get(old).fail(older % {"name": name})
            node = Node({**node.value, name: node.value[old]}, node.place)
    tally_node = node.get("tally", None)
    tally: dict[str, int] = {}
    if tally_node.value is not None:
        for label in tally_node.names(limits.TALLY_ENTRIES):
            count = tally_node.value[label]
            if not (type(count) is int and -MOST_CARDS <= count <= MOST_CARDS):
                tally_node.named(label).integer(-MOST_CARDS, MOST_CARDS)  # says what is wrong
            tally[label] = count
    return PlayerEntry(
        went_out=node.get("went_out", False).flag(),
        tally=tally,
        typed_total=node.get("typed_total", None).optional_integer(-MOST_POINTS, MOST_POINTS),
        short_cards=node.get("short_cards", 0).integer(-MOST_CARDS, MOST_CARDS),
        penalty=node.get("penalty", 0).integer(-MOST_POINTS, MOST_POINTS),
        penalty_reason=node.get("penalty_reason", "").text(120),
        no_score=node.get("no_score", False).flag(),
    )
