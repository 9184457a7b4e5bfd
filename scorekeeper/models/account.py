"""An account that can own leagues and score their games."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import db
from scorekeeper.models.base import Timestamped, utcnow


class Account(Timestamped, db.Model):
    """Someone who signs in: a league's owner, or a scorer with an account."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))


class LoginAttempt(db.Model):
    """A failed sign-in, kept for a while to slow down password guessing."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)
