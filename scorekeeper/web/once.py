"""Exactly once: an action on a game, sent again with its key, is answered as the first time.

Every form that changes a game carries a one-time key (`action_key`), made when the page is
drawn (`new_action_key`, a template global) or by a phone that keeps its saves until they
can be sent. The first request with a key writes a receipt of its answer (`ActionReceipt`:
the redirect and the messages it flashed) in the same transaction as its change; the same
key sent again (a double tap, a resent page, two tabs, an answer lost on the way) gets that
answer back and changes nothing. The database decides a race: a game's keys are unique, so
of two requests with one key the second to write fails, rolls back and answers as the first.

Only an answer that commits and redirects keeps a receipt. A refusal or a page that asks to
confirm changes nothing, so its key may be sent again (the form as corrected, say). A form
sent without a key (a page drawn before keys) is saved as before.

Receipts are kept KEPT_FOR, long enough for a phone to send again after days offline; a
game's older receipts are deleted when it keeps its next one, and all of them with the game.
"""

from __future__ import annotations

import copy
import functools
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from flask import Flask, abort, flash, g, message_flashed, redirect, request, session
from sqlalchemy import delete, select
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.models import ActionReceipt
from scorekeeper.rules import limits
from scorekeeper.web.database import WriteConflict, answer_in_transaction

View = TypeVar("View", bound=Callable[..., Any])

FIELD = "action_key"
KEPT_FOR = timedelta(days=30)
MALFORMED = "This form's one-time key is not one the app makes. Reload the page and try again."


def new_action_key() -> str:
    """A fresh key for a form that changes a game."""
    return secrets.token_urlsafe(16)


def register(app: Flask) -> None:
    """Give templates `new_action_key`, and note what each keyed action flashes."""
    app.add_template_global(new_action_key)
    message_flashed.connect(_note_flash, app)


def _note_flash(_app: Flask, message: str, category: str, **_extra: object) -> None:
    flashed = g.get("action_flashes")
    if flashed is not None:
        flashed.append([category, message])


def exactly_once(view: View) -> View:
    """Run a game's writing view as one transaction (as `database.transaction` does),
    answered once per action key: the same key again answers as the first time.

    :raises 400: for a key that is not one (wrong letters, too short or too long), before
        any query reads it.
    """

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Response:
        answer = functools.partial(view, *args, **kwargs)
        key = _sent_key()
        if key is None:
            return answer_in_transaction(answer)
        return _answered_once(kwargs["game_id"], key, answer)

    return wrapper  # type: ignore[return-value]


def _sent_key() -> str | None:
    """The key a form sent; None for a request that sent none."""
    key = request.form.get(FIELD, "") if request.method == "POST" else ""
    if key and not limits.is_action_key(key):
        abort(400, description=MALFORMED)
    return key or None


def _answered_once(game_id: int, key: str, answer: Callable[[], Any]) -> Response:
    first = _receipt(game_id, key)
    if first is not None:
        return _as_before(first)
    before = copy.deepcopy(dict(session))
    g.action_flashes = []
    kept: list[ActionReceipt] = []

    def keep(response: Response) -> None:
        if 300 <= response.status_code < 400 and response.location:
            kept.append(_keep(game_id, key, response))

    try:
        response = answer_in_transaction(answer, before_commit=keep)
    except WriteConflict:
        # Nothing of this request was kept, nor are its messages. A request with the same
        # key wrote first (its receipt says what to answer), or another phone did.
        _restore(before)
        first = _receipt(game_id, key)
        if first is None:
            raise
        return _as_before(first)
    # An answer that changed nothing may have met the change of a twin that did.
    first = None if kept else _receipt(game_id, key)
    if first is None:
        return response
    _restore(before)
    return _as_before(first)


def _restore(before: dict[str, Any]) -> None:
    """Put the session back as the request found it (the messages it flashed are gone)."""
    session.clear()
    session.update(before)


def _receipt(game_id: int, key: str) -> ActionReceipt | None:
    return db.session.scalar(
        select(ActionReceipt).where(ActionReceipt.game_id == game_id, ActionReceipt.key == key)
    )


def _keep(game_id: int, key: str, response: Response) -> ActionReceipt:
    """Write the receipt of a redirect, and clear the game's receipts past KEPT_FOR."""
    now = datetime.now(UTC)
    db.session.execute(
        delete(ActionReceipt).where(
            ActionReceipt.game_id == game_id, ActionReceipt.made_at < now - KEPT_FOR
        )
    )
    receipt = ActionReceipt(
        game_id=game_id,
        key=key,
        status=response.status_code,
        location=response.location or "",
        flashes=list(g.action_flashes),
        made_at=now,
    )
    db.session.add(receipt)
    db.session.flush()
    return receipt


def _as_before(receipt: ActionReceipt) -> Response:
    for category, message in receipt.flashes:
        flash(message, category)
    return redirect(receipt.location, code=receipt.status)
