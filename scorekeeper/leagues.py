"""Operations on leagues and players: they change rows and flush, and never commit."""

from sqlalchemy import func, or_, select

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import Account, League, Player, RuleSet


def visible_leagues(account: Account | None, scorer_of: list[int]) -> list[League]:
    """The leagues this visitor owns or scores, by name."""
    conditions = []
    if account is not None:
        conditions.append(League.owner_id == account.id)
    if scorer_of:
        conditions.append(League.id.in_(scorer_of))
    if not conditions:
        return []
    return list(
        db.session.scalars(select(League).where(or_(*conditions)).order_by(func.lower(League.name)))
    )


def create_league(name: str, preset_key: str, owner: Account | None = None) -> League:
    """Create a league, owned by `owner`, with its own copy of a preset rule set."""
    preset = rules.preset(preset_key)
    league = League(name=name, owner=owner)
    league.rulesets.append(RuleSet(preset_key=preset_key, data=rules.ruleset_to_dict(preset)))
    db.session.add(league)
    db.session.flush()
    return league


def player_named(league: League, name: str) -> Player | None:
    """The league's player with this name, ignoring case (accents included), if any."""
    # Compared in Python: SQLite's lower() folds only ASCII letters, and a league is small.
    wanted = name.casefold()
    return next((p for p in league.players if p.name.casefold() == wanted), None)


def add_player(league: League, name: str) -> Player:
    """Add a player to the league."""
    player = Player(league=league, name=name)
    db.session.add(player)
    db.session.flush()
    return player


def rename_player(player: Player, name: str) -> None:
    """Rename a player; their games and scores follow them, since they hang on the id."""
    player.name = name
    db.session.flush()
