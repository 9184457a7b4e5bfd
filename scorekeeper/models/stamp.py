"""The league's standings stamp: moved in the same transaction as any change to its standings.

The standings page keeps what it computed under the league's stamp (and its ranking
settings, read from the same row), so a change committed by any worker or process shows at
once: the next request reads the new stamp and computes afresh. The stamp moves with an
atomic `UPDATE league SET standings_stamp = standings_stamp + 1`, so two writers never both
leave the same number behind.

What moves it, at each flush of the session (it sees every change the ORM writes):

- a game started, deleted, or changed when it is not in play, or when what the page shows of
  it changed (status, discarded, date, number, note, league): finished, closed, discarded, a
  hand of an ended game fixed;
- a seat of a game not in play (final totals, places, pennies), or of a game unknown here;
- a player added, renamed, removed or moved (a merge moves seats and removes a player);
- a season added, edited or removed.

Hand saves of a game in play move nothing: the standings count only games that are over.
A statement that writes those tables around the unit of work (`update(Seat)`, raw SQL) is
not seen here: it must move the stamp itself.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, inspect, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import History

from scorekeeper.extensions import db
from scorekeeper.models.game import IN_PLAY, Game, Seat
from scorekeeper.models.league import League, Player, Season

# What the standings page shows of a game, or uses to place it in a season.
SHOWN = ("status", "discarded", "started_on", "league_id", "number", "end_note")
# session.info keys: leagues moved by this flush (None: every league).
_MOVED = "scorekeeper.standings_moved"
_ALL = "all"


def _known(obj: Any, key: str) -> set[Any] | None:
    """The attribute's values before and after this flush; None when it is not loaded."""
    state = inspect(obj)
    history = state.attrs[key].history
    values = {*history.added, *history.unchanged, *history.deleted}
    if not values and key not in state.dict:
        return None
    return values - {None}


def _changed(obj: Any, key: str) -> bool:
    return inspect(obj).attrs[key].history.has_changes()


def _game_matters(game: Game, session: Session) -> bool:
    if game in session.new or game in session.deleted:
        return True
    status = _known(game, "status")
    if status is None or not status <= IN_PLAY:
        return True
    return any(_changed(game, key) for key in SHOWN)


def _seat_game(seat: Seat, session: Session) -> Game | None:
    loaded: object = inspect(seat).attrs.game.loaded_value  # read without loading
    game = loaded if isinstance(loaded, Game) else None
    ids = _known(seat, "game_id")
    if game is None and ids and len(ids) == 1:
        key = inspect(Game).identity_key_from_primary_key((next(iter(ids)),))
        game = session.identity_map.get(key)
    return game


def _leagues_of(obj: Game | Player | Season) -> set[int] | None:
    """The leagues the row belonged to before and after this flush; None when unknown."""
    found = _known(obj, "league_id") or set()
    history: History = inspect(obj).attrs["league"].history
    for league in (*history.added, *history.unchanged, *history.deleted):
        identity = inspect(league).identity if league is not None else None
        if identity:  # read without loading: the row may be gone
            found.add(identity[0])
    return found or None


def _moved_by(session: Session) -> tuple[set[int], set[int], bool]:
    """Leagues whose standings this flush can change, and games whose league is unknown here.

    The third value is True when some league cannot be told (every league then moves).
    """
    leagues: set[int] = set()
    games: set[int] = set()
    unknown = False
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, Seat):
            game = _seat_game(obj, session)
            if game is not None and not _game_matters(game, session):
                continue
            found = _leagues_of(game) if game is not None else None
            if found is None:
                ids = _known(obj, "game_id")
                unknown |= not ids
                games |= ids or set()
                continue
        elif (
            isinstance(obj, Game)
            and _game_matters(obj, session)
            or isinstance(obj, Player | Season)
        ):
            found = _leagues_of(obj)
        else:
            continue
        unknown |= found is None
        leagues |= found or set()
    return leagues, games, unknown


def _bump(session: Session, leagues: set[int] | None = None, games: set[int] | None = None):
    """Move the stamp of these leagues (of the leagues of these games; of all when None)."""
    table = League.__table__
    statement = update(table).values(
        standings_stamp=table.c.standings_stamp + 1,
        updated_at=table.c.updated_at,  # a stamp is no edit of the league
    )
    if leagues is not None or games is not None:
        game = Game.__table__
        of_games = select(game.c.league_id).where(game.c.id.in_(sorted(games or ())))
        statement = statement.where(
            table.c.id.in_(sorted(leagues or ())) | table.c.id.in_(of_games)
            if games
            else table.c.id.in_(sorted(leagues or ()))
        )
    session.connection().execute(statement)


def _after_flush(session: Session, _context: Any) -> None:
    leagues, games, unknown = _moved_by(session)
    if unknown:
        _bump(session)
        session.info[_MOVED] = _ALL
    elif leagues or games:
        _bump(session, leagues, games)
        moved = session.info.get(_MOVED)
        if moved != _ALL:
            # None: a league told by its games' ids only; every loaded league forgets then.
            session.info[_MOVED] = (moved or set()) | leagues | ({None} if games else set())


def _after_flush_postexec(session: Session, _context: Any) -> None:
    """Forget the stamp of the leagues loaded here: it is read afresh when next asked for."""
    moved = session.info.pop(_MOVED, None)
    if moved:
        _forget(session, moved)


def _forget(session: Session, moved: Any) -> None:
    if moved == _ALL or None in moved:
        loaded = [obj for obj in session.identity_map.values() if isinstance(obj, League)]
    else:  # only these leagues, found by their ids without reading the rest of the session
        keys = (inspect(League).identity_key_from_primary_key((league_id,)) for league_id in moved)
        loaded = [league for key in keys if (league := session.identity_map.get(key))]
    for league in loaded:
        session.expire(league, ["standings_stamp"])


def listen_for_standings_changes() -> None:
    """Watch every session of the app for changes that can change standings (once)."""
    if not event.contains(db.session, "after_flush", _after_flush):
        event.listen(db.session, "after_flush", _after_flush)
        event.listen(db.session, "after_flush_postexec", _after_flush_postexec)
