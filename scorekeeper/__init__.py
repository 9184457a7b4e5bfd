"""Scorekeeper: the scorekeeping and referee companion for May I? and contract rummy.

Importing the package loads no framework, so `scorekeeper.rules` stays pure even at run time;
`create_app` is looked up lazily, and `flask --app scorekeeper` still finds it here. WSGI
servers take `scorekeeper.wsgi:app`.
"""

from typing import Any

__all__ = ["create_app"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from scorekeeper.app import create_app

        return create_app
    raise AttributeError(f"module 'scorekeeper' has no attribute {name!r}")
