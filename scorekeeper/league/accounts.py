"""Accounts: sign-up, sign-in with slowed-down guessing, and the table passcode."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import delete, func, or_, select

from scorekeeper.extensions import db
from scorekeeper.models import Account, League, LoginAttempt

# argon2id with 19 MiB and 2 passes (OWASP's recommended minimum): strong enough against
# guessing, and small enough that a sign-in does not add 64 MiB to a server worker.
_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)

# After this many failed sign-ins for one name or from one address within the window,
# further attempts are refused until the window has passed.
MAX_FAILURES = 5
FAILURE_WINDOW = timedelta(minutes=15)


class TooManyAttempts(Exception):
    """Sign-in refused for a while after repeated failures."""


def hash_secret(secret: str) -> str:
    """An argon2 hash of a password or passcode."""
    return _hasher.hash(secret)


def secret_matches(stored_hash: str | None, secret: str) -> bool:
    """True when `secret` matches the stored hash."""
    if not stored_hash:
        return False
    try:
        return _hasher.verify(stored_hash, secret)
    except (VerificationError, InvalidHashError):
        return False


def account_named(username: str) -> Account | None:
    """The account with this user name, ignoring case."""
    return db.session.scalar(
        select(Account).where(func.lower(Account.username) == username.lower())
    )


def create_account(username: str, password: str) -> Account:
    """Create an account; the caller has checked the name is free."""
    account = Account(username=username, password_hash=hash_secret(password))
    db.session.add(account)
    db.session.flush()
    return account


def _recent_failures(username: str, address: str) -> int:
    since = datetime.now(UTC) - FAILURE_WINDOW
    return (
        db.session.scalar(
            select(func.count(LoginAttempt.id)).where(
                LoginAttempt.at >= since,
                or_(
                    func.lower(LoginAttempt.username) == username.lower(),
                    LoginAttempt.address == address,
                ),
            )
        )
        or 0
    )


def _guard(key: str, address: str) -> None:
    if _recent_failures(key, address) >= MAX_FAILURES:
        raise TooManyAttempts("Too many wrong tries. Wait 15 minutes, then try again.")


def _failed(key: str, address: str) -> None:
    db.session.add(LoginAttempt(username=key[:40], address=address[:64]))
    db.session.flush()


def _forget_failures(key: str) -> None:
    db.session.execute(delete(LoginAttempt).where(func.lower(LoginAttempt.username) == key.lower()))


def authenticate(username: str, password: str, address: str) -> Account | None:
    """The account for these credentials, or None; a failure is recorded.

    :raises TooManyAttempts: after MAX_FAILURES recent failures for the name or the address.
    """
    _guard(username, address)
    account = account_named(username)
    if account is not None and secret_matches(account.password_hash, password):
        if _hasher.check_needs_rehash(account.password_hash):
            account.password_hash = hash_secret(password)
        _forget_failures(username)
        return account
    _failed(username, address)
    return None


def check_passcode(league: League, passcode: str, key: str, address: str) -> bool:
    """True when `passcode` is the league's; a failure is recorded like a wrong password.

    :raises TooManyAttempts: after MAX_FAILURES recent failures for the league or the address.
    """
    _guard(key, address)
    if secret_matches(league.passcode_hash, spoken_form(passcode)):
        _forget_failures(key)
        return True
    _failed(key, address)
    return False


def spoken_form(passcode: str) -> str:
    """A passcode as it is said aloud at the table: any case, spaces folded.

    Phones capitalise the first letter on their own; "Kitchen" and " kitchen" are the same
    passcode as "kitchen".
    """
    return " ".join(passcode.casefold().split())


def set_passcode(league: League, passcode: str | None) -> None:
    """Set (or with None, clear) the table passcode scorers type to score this league."""
    league.passcode_hash = hash_secret(spoken_form(passcode)) if passcode else None
    db.session.flush()
