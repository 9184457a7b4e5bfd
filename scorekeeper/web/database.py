"""Connection settings and the one place where a request's changes are committed."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from flask import Flask, Response, current_app, g, make_response
from sqlalchemy import event, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.config import private_file
from scorekeeper.extensions import db
from scorekeeper.models import League

SQLITE_BUSY_TIMEOUT_MS = 10_000

View = TypeVar("View", bound=Callable[..., Any])


class WriteConflict(Exception):
    """Another request changed the same rows first; nothing of this request was kept."""


def configure_engine(app: Flask) -> None:
    """Turn on SQLite's foreign keys, WAL and busy timeout for every new connection; a new
    SQLite file is made readable by this user only."""
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
        path = Path(engine.url.database or ":memory:")
        if path.name != ":memory:" and not engine.url.query and path.parent.is_dir():
            private_file(path)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


def reachable() -> bool:
    """True when the database answers a query of one row by its key from a table of the app
    (so a database not migrated yet is not ready either); why not is logged for the operator."""
    try:
        db.session.execute(select(League.id).limit(1))
    except SQLAlchemyError as error:
        db.session.rollback()
        current_app.logger.warning("The database does not answer: %s", error)
        return False
    return True


@contextmanager
def all_or_nothing() -> Iterator[None]:
    """Roll the session back on any error; a clash with another request's write (a version
    that moved, a unique row taken) becomes WriteConflict."""
    try:
        yield
    except (IntegrityError, StaleDataError) as error:
        db.session.rollback()
        raise WriteConflict(str(error)) from error
    except BaseException:
        db.session.rollback()
        raise


def commit() -> None:
    """Commit the request's work, or roll it all back and raise WriteConflict."""
    with all_or_nothing():
        db.session.commit()


def keep_work() -> None:
    """Decide that this request's changes are kept even though it answers a refusal.

    A refused sign-in answers 401 and still keeps its attempt row: that row is what slows
    down the next guess.
    """
    g.commit_decision = True


def drop_work() -> None:
    """Decide that this request's changes are rolled back, whatever the response."""
    g.commit_decision = False


def transaction(view: View) -> View:
    """Run a writing view as one transaction, committed once after the view.

    The view decides explicitly with `keep_work()` or `drop_work()`; when it says nothing, a
    success or a redirect commits and a refusal (a form answering 422) rolls back, so a refusal
    never leaves half a change behind. An exception always rolls everything back. A query
    inside the view may flush and meet another request's write first: that is a WriteConflict.
    """

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Response:
        return answer_in_transaction(functools.partial(view, *args, **kwargs))

    return wrapper  # type: ignore[return-value]


def answer_in_transaction(
    answer: Callable[[], Any], before_commit: Callable[[Response], None] | None = None
) -> Response:
    """Make the answer and commit its work once, or roll it back, as `transaction` says.

    :param before_commit: given an answer whose work is to be committed, to write more with
        it in the same transaction (`web/once.py`'s receipt).
    :raises WriteConflict: when the work met another request's write.
    """
    g.pop("commit_decision", None)
    with all_or_nothing():
        response = make_response(answer())
        decision = g.pop("commit_decision", None)
        if decision is None:
            decision = response.status_code < 400
        if decision and before_commit is not None:
            before_commit(response)
    if decision:
        commit()
    else:
        db.session.rollback()
    return response
