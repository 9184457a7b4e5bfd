"""A rule set to and from plain JSON-safe data, the shape the app stores and a league edits."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, fields
from typing import Any, TypeVar

from scorekeeper.rules.language import _
from scorekeeper.rules.ruleset import (
    Bonus,
    DeckCount,
    Fairness,
    HandRule,
    MayIPolicy,
    Meld,
    Payouts,
    PriceGroup,
    RuleSet,
    RuleSetError,
    Settlement,
    StockPolicy,
)
from scorekeeper.rules.validation import validate_ruleset

# Bumped only when a stored rule set could no longer be read by the code of the day.
FORMAT = 1

T = TypeVar("T")


def ruleset_to_dict(rs: RuleSet) -> dict[str, Any]:
    """The rule set as plain dicts, lists, strings, ints, bools and None."""
    return {"format": FORMAT, **_plain(rs)}


def ruleset_from_dict(data: Mapping[str, Any], *, check: bool = True) -> RuleSet:
    """Rebuild a rule set from `ruleset_to_dict` output.

    :param check: also run `validate_ruleset` on the result.
    :raises RuleSetError: naming the field at fault.
    """
    _mapping(data, "")
    stored_format = data.get("format", FORMAT)
    if isinstance(stored_format, bool) or stored_format != FORMAT:
        _fail(
            "format",
            _("format: this app reads rule sets of format %(format)s.") % {"format": FORMAT},
        )
    rs = _read(RuleSet, {k: v for k, v in data.items() if k != "format"}, "", _RULESET_READERS)
    if check:
        validate_ruleset(rs)
    return rs


def _plain(value: Any) -> Any:
    """Dataclasses become dicts and tuples lists, all the way down: JSON's own shape."""
    if isinstance(value, str | int | float | None):
        return value
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return {field.name: _plain(getattr(value, field.name)) for field in fields(value)}


def _fail(path: str, message: str) -> None:
    raise RuleSetError([(path, message)])


def _got(words: str, path: str, value: Any) -> str:
    """A refusal of `value` at `path`, the value shown as Python writes it."""
    return words % {"path": path, "value": repr(value)}


def _mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping) or not all(isinstance(k, str) for k in value):
        words = _("%(path)s: expected an object with named fields.")
        _fail(path, words % {"path": path or _("The rule set")})
    return value


def _join(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _read(cls: type[T], data: Any, path: str, readers: Mapping[str, Callable[..., Any]]) -> T:
    """Build dataclass `cls` from `data`, one reader per field; missing fields take defaults."""
    data = _mapping(data, path)
    unknown = sorted(set(data) - set(readers))
    if unknown:
        where = _join(path, unknown[0])
        _fail(where, _("%(path)s: this field is not part of a rule set.") % {"path": where})
    values: dict[str, Any] = {}
    for f in fields(cls):  # type: ignore[arg-type]
        where = _join(path, f.name)
        if f.name in data:
            values[f.name] = readers[f.name](data[f.name], where)
        elif not _has_default(f):
            _fail(where, _("%(path)s: this field is missing.") % {"path": where})
    return cls(**values)


def _has_default(f: Field[Any]) -> bool:
    return f.default is not MISSING or f.default_factory is not MISSING


def _integer(value: Any, path: str) -> int:
    # bool is an int to Python, but true is no count of cards.
    if isinstance(value, bool) or not isinstance(value, int):
        _fail(path, _got(_("%(path)s: expected a whole number, got %(value)s."), path, value))
    return value


def _optional_integer(value: Any, path: str) -> int | None:
    return None if value is None else _integer(value, path)


def _optional_text(value: Any, path: str) -> str | None:
    return None if value is None else _text(value, path)


def _text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        _fail(path, _got(_("%(path)s: expected text, got %(value)s."), path, value))
    return value


def _flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        _fail(path, _got(_("%(path)s: expected true or false, got %(value)s."), path, value))
    return value


def _list_of(item: Callable[[Any, str], T]) -> Callable[[Any, str], tuple[T, ...]]:
    def read(value: Any, path: str) -> tuple[T, ...]:
        """Read a list, each entry with `item`."""
        if not isinstance(value, list | tuple):
            _fail(path, _got(_("%(path)s: expected a list, got %(value)s."), path, value))
        return tuple(item(entry, _join(path, i)) for i, entry in enumerate(value))

    return read


def _object(cls: type[T], readers: Mapping[str, Callable[..., Any]]) -> Callable[[Any, str], T]:
    return lambda value, path: _read(cls, value, path, readers)


_MELD = _object(Meld, {"kind": _text, "length": _integer})
_HAND = _object(
    HandRule,
    {
        "melds": _list_of(_MELD),
        "cards_dealt": _integer,
        "going_out": _text,
        "may_i_limit": _optional_integer,
        "note": _text,
        "wild_rank": _optional_text,
        "blind_cards": _optional_integer,
    },
)
_DECK_COUNT = _object(
    DeckCount,
    {"min_players": _integer, "max_players": _integer, "decks": _integer, "jokers": _integer},
)
_PRICE = _object(PriceGroup, {"label": _text, "ranks": _list_of(_text), "points": _integer})
_BONUS = _object(Bonus, {"label": _text, "points": _integer, "out_only": _flag})
_MAY_I = _object(
    MayIPolicy,
    {
        "penalty_cards": _integer,
        "priority": _text,
        "per_hand_limit": _optional_integer,
        "banned_last_hands": _integer,
        "after_going_down": _flag,
        "not_twice_running": _flag,
        "not_after_current_takes": _flag,
        "buying": _flag,
        "price": _integer,
    },
)
_PAYOUTS = _object(Payouts, {"players": _integer, "amounts": _list_of(_integer)})
_SETTLEMENT = _object(Settlement, {"schedule": _list_of(_PAYOUTS), "kitty_split": _text})


def _optional_settlement(value: Any, path: str) -> Settlement | None:
    return None if value is None else _SETTLEMENT(value, path)


_STOCK = _object(StockPolicy, {"kind": _text})
_FAIRNESS = _object(Fairness, {f.name: _flag for f in fields(Fairness)})

_RULESET_READERS: dict[str, Callable[..., Any]] = {
    "key": _text,
    "name": _text,
    "min_players": _integer,
    "max_players": _integer,
    "hands": _list_of(_HAND),
    "deck_counts": _list_of(_DECK_COUNT),
    "wild": _text,
    "ace_in_runs": _text,
    "prices": _list_of(_PRICE),
    "may_i": _MAY_I,
    "stock": _STOCK,
    "fairness": _FAIRNESS,
    "short_card_penalty": _integer,
    "extra_rules": _list_of(_text),
    "show_lengths": _flag,
    "wild_rank_points": _integer,
    "last_turn_after_out": _flag,
    "settlement": _optional_settlement,
    "unset": _list_of(_text),
    "description": _text,
    "bonuses": _list_of(_BONUS),
}
