"""Import a league file as a new league: settings, players, rule sets, seasons, then games.

Everything that can be checked without the database is checked first (every count, the type
of every field, names, rule sets), so the first row is written only for a file that reads
well, and the write lock is held for the replay alone.

All or nothing: the import raises at the first fault and the caller rolls the session back
(the CLI command does, and so does the `transaction` decorator when the upload page answers
422), so nothing of the file is kept.
"""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select

from scorekeeper import zones
from scorekeeper.exchange.format import Node, read_file, read_rules
from scorekeeper.exchange.quota import check_quota
from scorekeeper.exchange.replay import replay_game
from scorekeeper.exchange.survey import survey_games
from scorekeeper.extensions import db
from scorekeeper.languages import LANGUAGES, LONGEST_CODE
from scorekeeper.league import leagues
from scorekeeper.league import settings as league_settings
from scorekeeper.models import Account, League, LeagueRuleSet
from scorekeeper.paper import DEFAULT_PAPER, PAPER_NAMES
from scorekeeper.rules import limits
from scorekeeper.rules.language import _
from scorekeeper.rules.rating import DEFAULT_RATING_BY, RATING_BY
from scorekeeper.rules.standings import MEASURES

HEADER = ("format", "version", "exported_at")
FILE_FIELDS = (*HEADER, "league", "players", "rulesets", "seasons", "games")
LEAGUE_FIELDS = (
    "name",
    "ranking",
    "place_points",
    "min_games",
    "rating_by",
    "paper_size",
    "time_zone",
    "language",
)


def import_league(data: bytes | str, owner: Account | None = None) -> League:
    """Create a new league of `owner`'s from a league file, replaying every game.

    :raises ImportRefused: at the first fault, its message naming the place in the file.
    """
    root = read_file(data).fields(*FILE_FIELDS)
    root.get("exported_at", None).moment()
    games = root.get("games", []).items(limits.FILE_GAMES)
    survey_games(games)
    if owner is not None:
        check_quota(owner, len(games))
    settings = _league(root.get("league"), owner)
    names = _player_names(root.get("players"))
    rules_data = _rulesets(root.get("rulesets"))
    season_nodes = root.get("seasons", []).items(limits.LEAGUE_SEASONS)
    seasons = [_season(node) for node in season_nodes]

    league = League(owner=owner, **settings)
    db.session.add(league)
    players = dict(zip(names, leagues.add_players(league, names), strict=True))
    rulesets = [LeagueRuleSet(preset_key=key, data=data) for key, data in rules_data]
    league.rulesets.extend(rulesets)
    try:
        league_settings.add_seasons(league, seasons)
    except league_settings.SeasonRefused as refused:
        season_nodes[refused.index].fail(str(refused))
    # Each game is flushed as it starts (its seats need their ids): once per game is enough.
    with db.session.no_autoflush:
        for node in games:
            replay_game(league, node, players, rulesets)
    db.session.flush()
    return league


def _name(node: Node, longest: int) -> str:
    """A name with its spaces tidied, as the forms keep names; no invisible characters."""
    name = " ".join(node.text(longest, blank=False).split())
    problem = limits.name_problem(name)
    if problem:
        node.fail(problem)
    return name


def _league(node: Node, owner: Account | None) -> dict[str, Any]:
    """The new league's settings, its name not taken by another of the owner's leagues."""
    node.fields(*LEAGUE_FIELDS)
    name = _name(node.get("name"), 80)
    # Only the owner's own leagues count: another family's names are none of their business.
    mine = select(League).where(League.owner_id == (owner.id if owner else None))
    taken = {limits.fold_name(league.name): league.name for league in db.session.scalars(mine)}
    if limits.fold_name(name) in taken:
        here = _("a league called “%(name)s” is already here; rename one of them first.")
        node.get("name").fail(here % {"name": taken[limits.fold_name(name)]})
    places = node.get("place_points", [5, 3, 1]).items(limits.PLACES_SCORED)
    min_games = node.get("min_games", 0)
    return {
        "name": name,
        "ranking": node.get("ranking", "average").choice(tuple(MEASURES)),
        "place_points": [point.integer(0, limits.PLACE_POINTS.high) for point in places],
        "min_games": min_games.integer(0, limits.GAMES_TO_RANK.high),
        "rating_by": node.get("rating_by", DEFAULT_RATING_BY).choice(tuple(RATING_BY)),
        "paper_size": node.get("paper_size", DEFAULT_PAPER).choice(PAPER_NAMES),
        "time_zone": _time_zone(node.get("time_zone", zones.UTC_NAME)),
        "language": _language(node.get("language", None)),
    }


def _time_zone(node: Node) -> str:
    """A zone this app knows, by its IANA name."""
    zone = node.text(zones.LONGEST_NAME)
    if not zones.is_zone(zone):
        unknown = _("%(zone)s is not a time zone this app knows; give one such as Europe/London.")
        node.fail(unknown % {"zone": zone})
    return zone


def _language(node: Node) -> str | None:
    """The language the league's owner chose, one the app speaks; null for none (each reader's
    own). One the app does not speak is refused, as an unknown zone is: the file says what the
    league shows, and nothing it says is dropped without a word."""
    if node.value is None:
        return None
    code = node.text(LONGEST_CODE)
    if code not in LANGUAGES:
        unknown = _(
            "this app speaks %(codes)s, not %(code)s; leave the field out, or null, "
            "for each reader's own language."
        )
        node.fail(unknown % {"codes": ", ".join(LANGUAGES), "code": json.dumps(code)})
    return code


def _player_names(node: Node) -> list[str]:
    """The players' names, each unique ignoring case (a dict of folded names, not a scan)."""
    names: dict[str, str] = {}
    for item in node.items(limits.LEAGUE_PLAYERS):
        name = _name(item, 40)
        if item.value != name:
            item.fail(_("a name has no spaces at its ends, and no two in a row."))
        key = limits.fold_name(name)
        if key in names:
            item.fail(_("%(name)s is already among the players.") % {"name": names[key]})
        names[key] = name
    return list(names.values())


def _rulesets(node: Node) -> list[tuple[str, dict[str, Any]]]:
    """Each rule set's preset key and its rules, checked."""
    rulesets = []
    for item in node.items(limits.LEAGUE_RULESETS):
        item.fields("preset_key", "rules")
        key = item.get("preset_key").text(40, blank=False)
        rulesets.append((key, read_rules(item.get("rules"))))
    return rulesets


def _season(node: Node) -> league_settings.NewSeason:
    node.fields("name", "starts_on", "ends_on")
    starts_on, ends_on = node.get("starts_on").day(), node.get("ends_on").day()
    if ends_on < starts_on:
        node.get("ends_on").fail(_("the last day comes before the first day."))
    return league_settings.NewSeason(_name(node.get("name"), 60), starts_on, ends_on)
