"""The Flask extension objects, created once and bound to an app in the factory.

The database's (Flask-SQLAlchemy) is made on first use: importing SQLAlchemy and declaring
the models is about half of a server's start, and the first page most visitors open (the
home page before signing in, the sign-in form, the health check) reads no row. `db` stands
for it meanwhile: `db.session`, `db.engine`, `db.Model` and the rest make it (and load the
models) the first time one of them is used, then are the extension's own.
"""

from __future__ import annotations

import logging
import sys
import threading
import weakref
from importlib import import_module
from typing import TYPE_CHECKING, Any

from flask import Flask, Response
from flask_compress import Compress
from flask_wtf import CSRFProtect

if TYPE_CHECKING:
    from flask_sqlalchemy import SQLAlchemy

log = logging.getLogger(__name__)
MODELS = "scorekeeper.models"

# Named constraints, so migrations can alter them on SQLite and PostgreSQL alike.
NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def _make_extension() -> SQLAlchemy:
    from flask_sqlalchemy import SQLAlchemy
    from sqlalchemy import MetaData
    from sqlalchemy.orm import DeclarativeBase

    class Base(DeclarativeBase):
        """Declarative base of every model."""

        metadata = MetaData(naming_convention=NAMING_CONVENTION)

    return SQLAlchemy(model_class=Base)


class Database:
    """Flask-SQLAlchemy's extension, made (with the models) when it is first used."""

    def __init__(self) -> None:
        self._ready: SQLAlchemy | None = None
        self._lock = threading.Lock()
        self._waiting: weakref.WeakSet[Flask] = weakref.WeakSet()

    @property
    def loaded(self) -> bool:
        """True once the extension is made and the models are declared (or being declared)."""
        return self._ready is not None and MODELS in sys.modules

    def extension(self) -> SQLAlchemy:
        """The extension, made now if need be (and set up for every app created so far),
        with the models declared."""
        ready = self._ready
        if ready is not None and MODELS in sys.modules:
            return ready
        with self._lock:
            if self._ready is None:
                extension = _make_extension()
                for app in list(self._waiting):
                    self._set_up(app, extension)
                self._waiting.clear()
                self._ready = extension
                # Used by nearly every request: found without going through __getattr__.
                self.session = extension.session
        # Outside the lock: the models ask for the extension as they are declared, and
        # Python's import lock makes any other thread wait until they all are.
        import_module(MODELS)
        return self._ready

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(self.extension(), name)

    def init_app(self, app: Flask) -> None:
        """Bind `app`: at once if the extension is loaded, else when it is first used."""
        app.teardown_appcontext(self._remove_session)
        app.shell_context_processor(self._shell_context)
        with self._lock:
            if self._ready is None:
                self._waiting.add(app)
                return
        self._set_up(app, self._ready)

    def load_after_first_answer(self, app: Flask) -> None:
        """Once `app` has sent its first answer, load the extension and the models in the
        background (and configure the mappers), so the next page that reads a row finds them
        ready (it waits for them meanwhile, see `web.database.register`). DATABASE_WARM_UP =
        False leaves it all to that page."""
        started = threading.Event()

        def warm_up() -> None:
            threading.Thread(target=self._warm_up, name="database-warm-up", daemon=True).start()

        def after_first_answer(response: Response) -> Response:
            if not started.is_set() and not self.loaded and app.config["DATABASE_WARM_UP"]:
                started.set()
                response.call_on_close(warm_up)  # once the answer is on its way
            return response

        app.config.setdefault("DATABASE_WARM_UP", True)
        app.after_request(after_first_answer)

    def _warm_up(self) -> None:
        try:
            self.extension()
            from sqlalchemy.orm import configure_mappers

            configure_mappers()
        except Exception:  # the first page that needs it loads it again, and says why
            log.warning("Loading the database's models in the background failed", exc_info=True)

    def _set_up(self, app: Flask, extension: SQLAlchemy) -> None:
        # Flask accepts no new hook once an app has answered a request, and the extension may
        # be first used inside one: its two hooks were added by `init_app` above instead.
        app.teardown_appcontext = _no_hook  # type: ignore[method-assign]
        app.shell_context_processor = _no_hook  # type: ignore[method-assign]
        try:
            extension.init_app(app)
        finally:
            del app.teardown_appcontext, app.shell_context_processor
        from scorekeeper.web import database

        database.configure_engine(app, extension)

    def _remove_session(self, _error: BaseException | None) -> None:
        if self._ready is not None:
            self._ready.session.remove()

    def _shell_context(self) -> dict[str, Any]:
        from flask_sqlalchemy.cli import add_models_to_shell

        self.extension()
        return add_models_to_shell()


def _no_hook(function: Any) -> Any:
    return function


db = Database()
csrf = CSRFProtect()
compress = Compress()
