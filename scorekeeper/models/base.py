"""Column helpers shared by the models."""

import json
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from sqlalchemy import DateTime
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.storage import ruleset_from_dict


def utcnow() -> datetime:
    """The current time in UTC, called at insert time (never computed at import)."""
    return datetime.now(UTC)


class Timestamped:
    """Adds created and updated times to a model."""

    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, onupdate=utcnow
    )


def ruleset_of(data: dict[str, Any]) -> RuleSet:
    """The rule set stored as `data`, read and checked once per distinct content.

    A page reads a game's rules many times; the frozen dataclass is shared safely.
    """
    return _ruleset_from_json(json.dumps(data, sort_keys=True, separators=(",", ":")))


@lru_cache(maxsize=256)
def _ruleset_from_json(text: str) -> RuleSet:
    return ruleset_from_dict(json.loads(text))
