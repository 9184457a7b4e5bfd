"""An account that can own leagues and score their games."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, validates

from scorekeeper.extensions import db
from scorekeeper.languages import LONGEST_CODE
from scorekeeper.models.base import Timestamped, utcnow
from scorekeeper.rules.limits import fold_name


class Account(Timestamped, db.Model):  # type: ignore[name-defined]
    """Someone who signs in: a league's owner, or a scorer with an account."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True)
    # The name folded for comparison ("Kim", "KIM" and "kIm" are one name): the unique index
    # on it holds even when two sign-ups race, which a check in Python alone cannot.
    username_key: Mapped[str] = mapped_column(String(120), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    # Raised by "sign out everywhere" and a password change: every session signed in under an
    # older generation is over (the session cookie carries the generation it began in).
    session_generation: Mapped[int] = mapped_column(default=0, server_default="0")
    # The language chosen for every page this account opens; None follows the league's, else
    # the browser's.
    language: Mapped[str | None] = mapped_column(String(LONGEST_CODE))

    @validates("username")
    def _fold(self, _key: str, username: str) -> str:
        self.username_key = fold_name(username)
        return username


class LoginAttempt(db.Model):  # type: ignore[name-defined]
    """A failed sign-in, kept for a while to slow down password guessing."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), index=True)
    address: Mapped[str] = mapped_column(String(64), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow, index=True)


class SignedOutSession(db.Model):  # type: ignore[name-defined]
    """A session ended by signing out: its cookie, even copied, no longer signs anyone in.

    Kept until the session could have expired on its own anyway.
    """

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    until: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class JoinedPhone(db.Model):  # type: ignore[name-defined]
    """A phone that joined a league's table with its passcode, and may score its games.

    The owner sees the list in Settings and may remove any phone; a new passcode removes them
    all. The phone's session cookie holds the token.
    """

    __table_args__ = (UniqueConstraint("league_id", "token"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    league_id: Mapped[int] = mapped_column(ForeignKey("league.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(64), index=True)
    device: Mapped[str] = mapped_column(String(80), default="")
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
