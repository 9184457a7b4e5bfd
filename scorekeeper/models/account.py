"""An account that can own leagues and score their games."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, String
from sqlalchemy.orm import Mapped, mapped_column, validates

from scorekeeper.extensions import db
from scorekeeper.models.base import Timestamped, utcnow
from scorekeeper.rules.limits import fold_name


class Account(Timestamped, db.Model):
    """Someone who signs in: a league's owner, or a scorer with an account."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True)
    # The name folded for comparison ("Kim", "KIM" and "kIm" are one name): the unique index
    # on it holds even when two sign-ups race, which a check in Python alone cannot.
    username_key: Mapped[str] = mapped_column(String(120), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))

    @validates("username")
    def _fold(self, _key: str, username: str) -> str:
        self.username_key = fold_name(username)
        return username


class LoginAttempt(db.Model):
    """A failed sign-in, kept for a while to slow down password guessing."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
