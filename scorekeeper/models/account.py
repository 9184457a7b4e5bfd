"""An account that can own leagues and score their games."""

from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column

from scorekeeper.extensions import db
from scorekeeper.models.base import Timestamped


class Account(Timestamped, db.Model):
    """Someone who signs in: a league's owner, or a scorer with an account."""

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
