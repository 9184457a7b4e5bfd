"""The session cookie, never sent back by the answer to a page's background check.

A phone polls the game's version while it saves a hand. A poll that left before the save's
answer carries the cookie as it was then; if its answer came back after the save's and set
the cookie again (Flask refreshes a lasting session's cookie on every answer), it would put
the old session over the new one, and the message "Hand 1 saved." in it would be lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface, SessionMixin

View = TypeVar("View", bound=Callable[..., Any])


def leaves_session_alone(view: View) -> View:
    """Mark a view whose answer never sets or deletes the session cookie (a poll)."""
    view.leaves_session_alone = True  # type: ignore[attr-defined]
    return view


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, except for the views marked `leaves_session_alone`."""

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        """Save the session in the cookie, unless the view leaves it alone."""
        view = app.view_functions.get(request.endpoint or "")
        if getattr(view, "leaves_session_alone", False):
            return
        super().save_session(app, session, response)
