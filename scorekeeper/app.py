"""The app factory: settings, extensions, blueprints and commands put together."""

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask

from scorekeeper import config
from scorekeeper.commands.cli import register_commands
from scorekeeper.extensions import compress, csrf, db
from scorekeeper.views import register_blueprints
from scorekeeper.web import access, assets, database, once, request_log, security, sessions

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent


def installed() -> bool:
    """True when running from an installed package (templates shipped inside it), False
    when running from the repository, where templates/ and static/ are at the top level."""
    return (PACKAGE / "templates").is_dir()


def resource_folder(name: str) -> Path:
    """Where `templates` or `static` is: inside the installed package, or the checkout's."""
    return PACKAGE / name if installed() else CHECKOUT / name


def default_instance_path() -> Path:
    """SCOREKEEPER_INSTANCE, else the checkout's instance/; installed, ./instance of the
    working directory (never inside site-packages)."""
    if configured := os.environ.get("SCOREKEEPER_INSTANCE"):
        return Path(configured).resolve()
    return Path.cwd() / "instance" if installed() else CHECKOUT / "instance"


def create_app(
    test_config: Mapping[str, Any] | None = None,
    instance_path: str | os.PathLike[str] | None = None,
) -> Flask:
    """Create and configure the app.

    Settings come from the defaults, then `instance/config.py`, then the environment
    (SECRET_KEY, DATABASE_URL, HTTPS, SERVER_NAME, TRUSTED_HOSTS), then `test_config`; each
    overrides the one before.

    :param instance_path: where the database, secret key and backups live; by default
        SCOREKEEPER_INSTANCE, else the checkout's `instance/` folder, or for an installed
        package `instance/` in the working directory.
    """
    instance_path = instance_path or default_instance_path()
    app = Flask(
        __name__,
        instance_path=str(Path(instance_path).resolve()),
        instance_relative_config=True,
        template_folder=str(resource_folder("templates")),
        static_folder=str(resource_folder("static")),
    )
    config.apply_defaults(app)
    app.config.from_pyfile("config.py", silent=True)
    config.apply_environment(app)
    if test_config is not None:
        app.config.from_mapping(test_config)
    config.private_folder(Path(app.instance_path))
    config.ensure_secret_key(app)

    # First, so that its clock starts before every other hook and stops after them all.
    request_log.register(app)
    db.init_app(app)
    database.configure_engine(app)
    csrf.init_app(app)
    compress.init_app(app)

    app.session_interface = sessions.SessionInterface()

    security.configure(app)
    access.register(app)
    assets.register(app)
    once.register(app)

    register_commands(app)
    register_blueprints(app)
    return app
