"""What one account may import: a few leagues an hour, and a bound on the games it keeps."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select

from scorekeeper.exchange.format import ImportRefused
from scorekeeper.extensions import db
from scorekeeper.league.accounts import duration
from scorekeeper.models import Account, Game, League
from scorekeeper.rules import limits

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
    since = datetime.now(UTC) - IMPORT_WINDOW
    recent = (League.owner_id == owner.id, League.created_at >= since)
    made = db.session.scalar(select(func.count(League.id)).where(*recent)) or 0
    most = limits.IMPORTS_PER_HOUR.high
    if made >= most:
        # The league whose leaving the window brings the count under the limit.
        freed = db.session.scalar(
            select(League.created_at)
            .where(*recent)
            .order_by(League.created_at)
            .offset(made - most)
            .limit(1)
        )
        if freed is not None and freed.tzinfo is None:
            freed = freed.replace(tzinfo=UTC)  # SQLite keeps no zone
        wait = max((freed or since) + IMPORT_WINDOW - datetime.now(UTC), timedelta(seconds=1))
        raise OverQuota(
            f"Your account made {made} leagues in the last hour: "
            f"{limits.IMPORTS_PER_HOUR.words()}. Try again in {duration(wait)}.",
            retry_after=math.ceil(wait.total_seconds()),
        )
    kept = (
        db.session.scalar(
            select(func.count(Game.id)).join(League).where(League.owner_id == owner.id)
        )
        or 0
    )
    if kept + games > limits.ACCOUNT_GAMES.high:
        raise OverQuota(
            f"Your leagues hold {kept} games and this file {games}, but "
            f"{limits.ACCOUNT_GAMES.words()}.",
        )
