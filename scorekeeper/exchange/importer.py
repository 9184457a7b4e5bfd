"""Import a league file as a new league: settings, players, rule sets, seasons, then games.

All or nothing: the import raises at the first fault and the caller rolls the session back
(the CLI command does, and so does the `transaction` decorator when the upload page answers
422), so nothing of the file is kept.
"""

from __future__ import annotations

from sqlalchemy import select

from scorekeeper import zones
from scorekeeper.exchange.format import Node, read_file, read_rules
from scorekeeper.exchange.replay import replay_game
from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.league import settings as league_settings
from scorekeeper.models import Account, League, LeagueRuleSet, Player
from scorekeeper.paper import DEFAULT_PAPER, PAPER_NAMES
from scorekeeper.rules import limits
from scorekeeper.rules.standings import MEASURES

HEADER = ("format", "version", "exported_at")
FILE_FIELDS = (*HEADER, "league", "players", "rulesets", "seasons", "games")
LEAGUE_FIELDS = ("name", "ranking", "place_points", "min_games", "paper_size", "time_zone")


def import_league(data: bytes | str, owner: Account | None = None) -> League:
    """Create a new league of `owner`'s from a league file, replaying every game.

    :raises ImportRefused: at the first fault, its message naming the place in the file.
    """
    root = read_file(data).fields(*FILE_FIELDS)
    root.get("exported_at", None).moment()
    league = _league(root.get("league"), owner)
    players = _players(league, root.get("players"))
    rulesets = _rulesets(league, root.get("rulesets"))
    for node in root.get("seasons", []).items():
        _season(league, node)
    # Each game is flushed as it starts (its seats need their ids): once per game is enough.
    with db.session.no_autoflush:
        for node in root.get("games", []).items():
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


def _league(node: Node, owner: Account | None) -> League:
    node.fields(*LEAGUE_FIELDS)
    name = _name(node.get("name"), 80)
    # Only the owner's own leagues count: another family's names are none of their business.
    mine = select(League).where(League.owner_id == (owner.id if owner else None))
    taken = {limits.fold_name(league.name): league.name for league in db.session.scalars(mine)}
    if limits.fold_name(name) in taken:
        node.get("name").fail(
            f"a league called “{taken[limits.fold_name(name)]}” is already here; "
            "rename one of them first."
        )
    place_points = node.get("place_points", [5, 3, 1])
    places = place_points.items()
    if len(places) > limits.PLACES_SCORED.high:
        place_points.fail(f"at most {limits.PLACES_SCORED.high} places score points.")
    high = limits.PLACE_POINTS.high
    points = [point.integer(0, high) for point in places]
    min_games = node.get("min_games", 0)
    min_games.integer(0, limits.GAMES_TO_RANK.high)
    league = League(
        name=name,
        owner=owner,
        ranking=node.get("ranking", "average").choice(tuple(MEASURES)),
        place_points=points,
        min_games=min_games.value,
        paper_size=node.get("paper_size", DEFAULT_PAPER).choice(PAPER_NAMES),
        time_zone=_time_zone(node.get("time_zone", zones.UTC_NAME)),
    )
    db.session.add(league)
    db.session.flush()
    return league


def _time_zone(node: Node) -> str:
    zone = node.text(zones.LONGEST_NAME)
    if not zones.is_zone(zone):
        node.fail(f"{zone} is not a time zone this app knows; give one such as Europe/London.")
    return zone


def _players(league: League, node: Node) -> dict[str, Player]:
    players: dict[str, Player] = {}
    for item in node.items():
        name = _name(item, 40)
        if item.value != name:
            item.fail("a name has no spaces at its ends, and no two in a row.")
        other = leagues.player_named(league, name)
        if other is not None:
            item.fail(f"{other.name} is already among the players.")
        players[name] = leagues.add_player(league, name)
    return players


def _rulesets(league: League, node: Node) -> list[LeagueRuleSet]:
    rulesets = []
    for item in node.items():
        item.fields("preset_key", "rules")
        ruleset = LeagueRuleSet(
            preset_key=item.get("preset_key").text(40, blank=False),
            data=read_rules(item.get("rules")),
        )
        league.rulesets.append(ruleset)
        rulesets.append(ruleset)
    if not rulesets:
        node.fail("a league has at least one rule set.")
    db.session.flush()
    return rulesets


def _season(league: League, node: Node) -> None:
    node.fields("name", "starts_on", "ends_on")
    starts_on, ends_on = node.get("starts_on").day(), node.get("ends_on").day()
    if ends_on < starts_on:
        node.get("ends_on").fail("the last day comes before the first day.")
    try:
        league_settings.add_season(league, _name(node.get("name"), 60), starts_on, ends_on)
    except league_settings.SettingsRefused as refused:
        node.fail(str(refused))
