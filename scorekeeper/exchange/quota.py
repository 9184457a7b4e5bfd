"""What one account may import: a few leagues an hour, and a bound on the games it keeps."""

from __future__ import annotations

import math
from datetime import timedelta

from sqlalchemy import func, select

from scorekeeper.exchange.format import ImportRefused
from scorekeeper.extensions import db
from scorekeeper.league.tries import duration, wait_under_limit
from scorekeeper.models import Account, Game, League
from scorekeeper.rules import limits
from scorekeeper.rules.language import ngettext

IMPORT_WINDOW = timedelta(hours=1)


class OverQuota(ImportRefused):
    """An import refused because the account has imported enough for now."""

    def __init__(self, message: str, retry_after: int | None = None) -> None:
        super().__init__("", message)
        self.retry_after = retry_after  # seconds until the quota lets the account import again


def check_quota(owner: Account, games: int) -> None:
    """Refuse an import of `games` games past the owner's quota, before anything is written.

    The leagues an account made lately are counted from the leagues themselves (none can be
    deleted), imported or not, so the quota keeps nothing of its own.

    :raises OverQuota: saying which limit, and when to try again.
    """
    most = limits.IMPORTS_PER_HOUR.high
    mine = League.owner_id == owner.id
    made, wait = wait_under_limit(League.created_at, most, IMPORT_WINDOW, mine)
    if wait is not None:
        lately = ngettext(
            "Your account made %(count)s league in the last hour: %(limit)s. "
            "Try again in %(wait)s.",
            "Your account made %(count)s leagues in the last hour: %(limit)s. "
            "Try again in %(wait)s.",
            made,
        )
        raise OverQuota(
            lately
            % {"count": made, "limit": limits.IMPORTS_PER_HOUR.words(), "wait": duration(wait)},
            retry_after=math.ceil(wait.total_seconds()),
        )
    kept = (
        db.session.scalar(
            select(func.count(Game.id)).join(League).where(League.owner_id == owner.id)
        )
        or 0
    )
    if kept + games > limits.ACCOUNT_GAMES.high:
        held = ngettext(
            "Your leagues hold %(count)s game and this file %(games)s, but %(limit)s.",
            "Your leagues hold %(count)s games and this file %(games)s, but %(limit)s.",
            kept,
        )
        raise OverQuota(
            held % {"count": kept, "games": games, "limit": limits.ACCOUNT_GAMES.words()}
        )
