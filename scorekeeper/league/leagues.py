"""Operations on leagues and players: they change rows and flush, and never commit."""

from collections.abc import Sequence

from sqlalchemy import case, func, or_, select
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.models import Account, Game, League, LeagueRuleSet, Player, Seat
from scorekeeper.models.league import SHARE_TOKEN_LENGTH
from scorekeeper.rules import limits, presets
from scorekeeper.rules.limits import fold_name
from scorekeeper.rules.storage import ruleset_to_dict
from scorekeeper.zones import UTC_NAME


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


def shared_league(token: str) -> League | None:
    """The league whose read-only link carries `token`, if any."""
    if len(token) > SHARE_TOKEN_LENGTH:
        return None
    return db.session.scalar(select(League).where(League.share_token == token))


def sizes(league_ids: list[int]) -> dict[int, tuple[int, int]]:
    """Each league's number of players and of games, counted by the database."""
    players = dict(
        db.session.execute(
            select(Player.league_id, func.count(Player.id))
            .where(Player.league_id.in_(league_ids))
            .group_by(Player.league_id)
        ).all()
    )
    played = dict(
        db.session.execute(
            select(Game.league_id, func.count(Game.id))
            .where(Game.league_id.in_(league_ids))
            .group_by(Game.league_id)
        ).all()
    )
    return {i: (players.get(i, 0), played.get(i, 0)) for i in league_ids}


def create_league(
    name: str, preset_key: str, owner: Account | None = None, time_zone: str = UTC_NAME
) -> League:
    """Create a league, owned by `owner`, with its own copy of a preset rule set."""
    preset = presets.preset(preset_key)
    league = League(name=name, owner=owner, time_zone=time_zone)
    league.rulesets.append(LeagueRuleSet(preset_key=preset_key, data=ruleset_to_dict(preset)))
    db.session.add(league)
    db.session.flush()
    return league


def player_named(league: League, name: str) -> Player | None:
    """The league's player with this name, ignoring case (accents included), if any."""
    # Compared on the folded key the unique index holds (SQLite's lower() folds only ASCII).
    wanted = fold_name(name)
    return next((p for p in league.players if p.name_key == wanted), None)


def player_in(league: League, player_id: int) -> Player | None:
    """The league's player with this id; None for an id of no player of this league."""
    return db.session.scalar(select(Player).filter_by(id=player_id, league_id=league.id))


def no_room_for_player(league: League) -> str | None:
    """Why the league can take no more players (it has as many as a league may), or None."""
    return limits.no_room(limits.LEAGUE_PLAYERS, len(league.players))


def add_player(league: League, name: str) -> Player:
    """Add a player to the league."""
    return add_players(league, [name])[0]


def add_players(league: League, names: Sequence[str]) -> list[Player]:
    """Add players to the league, written in one flush."""
    players = [Player(league=league, name=name) for name in names]
    db.session.add_all(players)
    db.session.flush()
    return players


def rename_player(player: Player, name: str) -> None:
    """Rename a player; their games and scores follow them, since they hang on the id."""
    player.name = name
    db.session.flush()


def last_game(league: League) -> Game | None:
    """The league's latest game with its seats (not their players): the table a new game
    starts from."""
    return db.session.scalar(
        select(Game)
        .where(Game.league_id == league.id)
        .order_by(Game.id.desc())
        .limit(1)
        .options(selectinload(Game.seats))
    )


def as_they_sat_last(last: Game | None, players: list[Player]) -> list[Player]:
    """`players` in the order they sat in `last` (the league's last game); those not in it
    follow, in the order given."""
    seat_of = {seat.player_id: seat.position for seat in last.seats} if last else {}
    return sorted(players, key=lambda player: seat_of.get(player.id, len(seat_of)))


GAMES_PER_PAGE = 12


def games_in_play(league: League) -> list[Game]:
    """The league's games in play or suspended, newest first, with their seats and players."""
    return list(
        db.session.scalars(
            select(Game)
            .where(
                Game.league_id == league.id,
                Game.in_play,
            )
            .order_by(Game.id.desc())
            .options(selectinload(Game.seats).selectinload(Seat.player))
        )
    )


def games_page(league: League, page: int = 1) -> tuple[list[Game], int]:
    """One page of the league's games, in play first then newest, and how many pages there are.

    Seats and players come in the same round trip, so a page costs three queries whatever
    the number of games. The page's ids are sorted on their own (no index serves "in play
    first"), so the sort never carries every game's rules, only the page's rows are read.
    """
    in_play = case((Game.in_play, 0), else_=1)
    order = (in_play, Game.started_on.desc(), Game.id.desc())
    total = db.session.scalar(select(func.count(Game.id)).where(Game.league_id == league.id)) or 0
    pages = max(1, -(-total // GAMES_PER_PAGE))
    page = min(max(page, 1), pages)
    on_page = (
        select(Game.id)
        .where(Game.league_id == league.id)
        .order_by(*order)
        .limit(GAMES_PER_PAGE)
        .offset((page - 1) * GAMES_PER_PAGE)
    )
    found = db.session.scalars(
        select(Game)
        .where(Game.id.in_(on_page))
        .order_by(*order)
        .options(selectinload(Game.seats).selectinload(Seat.player))
    )
    return list(found), pages
