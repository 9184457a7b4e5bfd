"""Operations on a league's own rule sets: copy, save, delete. They flush, never commit."""

from __future__ import annotations

from dataclasses import replace

from sqlalchemy import func, select

from scorekeeper.extensions import db
from scorekeeper.models import Game, League, LeagueRuleSet
from scorekeeper.rules.language import _, ngettext
from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.storage import ruleset_to_dict
from scorekeeper.rules.validation import validate_ruleset


class RuleSetRefused(Exception):
    """A change to a league's rule sets that cannot be made; the message says why."""


def league_ruleset(league: League, ruleset_id: int) -> LeagueRuleSet | None:
    """The league's rule set with this id, if it is the league's."""
    return next((r for r in league.rulesets if r.id == ruleset_id), None)


def origin_rules(league: League, origin: str) -> RuleSet:
    """The rules to copy from "preset:<key>" or "league:<id>"; raises RuleSetRefused if none."""
    kind, _colon, name = origin.partition(":")
    if kind == "preset" and name in PRESETS:
        return preset(name)
    if kind == "league" and name.isdecimal():
        record = league_ruleset(league, int(name))
        if record is not None:
            return record.rules
    raise RuleSetRefused(_("Choose a preset or one of the league's rule sets to start from."))


def copy_ruleset(league: League, origin: RuleSet, name: str) -> LeagueRuleSet:
    """Add to the league a copy of `origin` called `name`; it remembers the origin's key."""
    copy = replace(origin, name=name)
    validate_ruleset(copy)
    record = LeagueRuleSet(preset_key=origin.key, data=ruleset_to_dict(copy))
    league.rulesets.append(record)
    db.session.flush()
    return record


def save_ruleset(record: LeagueRuleSet, rs: RuleSet) -> None:
    """Store an edited rule set; games already started keep the copy they took."""
    validate_ruleset(rs)
    record.data = ruleset_to_dict(rs)
    db.session.flush()


def games_using(record: LeagueRuleSet) -> int:
    """How many games were started under this rule set."""
    return db.session.execute(
        select(func.count()).select_from(Game).where(Game.ruleset_id == record.id)
    ).scalar_one()


def deletion_refusal(record: LeagueRuleSet) -> str | None:
    """Why this rule set may not be deleted, or None when it may."""
    if len(record.league.rulesets) <= 1:
        return _("This is the league's only rule set: a league always keeps one.")
    used = games_using(record)
    if used:
        return ngettext(
            "%(count)s game was played under these rules, so they stay.",
            "%(count)s games were played under these rules, so they stay.",
            used,
        ) % {"count": used}
    return None


def delete_ruleset(record: LeagueRuleSet) -> None:
    """Delete a rule set no game used, unless it is the league's last (RuleSetRefused)."""
    refusal = deletion_refusal(record)
    if refusal:
        raise RuleSetRefused(refusal)
    record.league.rulesets.remove(record)
    db.session.flush()
