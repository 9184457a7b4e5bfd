"""Connection settings and the one place where a request's changes are committed."""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from flask import Flask, Response, make_response
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from scorekeeper.extensions import db

SQLITE_BUSY_TIMEOUT_MS = 10_000

View = TypeVar("View", bound=Callable[..., Any])


class WriteConflict(Exception):
    """Another request changed the same rows first; nothing of this request was kept."""


def register(app: Flask) -> None:
    """Turn on SQLite's foreign keys, WAL and busy timeout for every new connection."""
    with app.app_context():
        engine = db.engine
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.close()


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


def transaction(view: View) -> View:
    """Run a writing view as one transaction.

    It commits once, after the view, when the response is a success or a redirect; an error
    response (a refused form answers 422) or an exception rolls everything back, so a refusal
    never leaves half a change behind. A query inside the view may flush and meet another
    request's write first: that too is a WriteConflict.
    """

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Response:
        with all_or_nothing():
            response = make_response(view(*args, **kwargs))
        if response.status_code >= 400:
            db.session.rollback()
        else:
            commit()
        return response

    return wrapper  # type: ignore[return-value]
