"""Accounts: sign-up, sign-in with slowed-down guessing (`tries`), and passwords."""

from __future__ import annotations

import functools
import secrets
import unicodedata
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import ColumnElement, delete, select
from zxcvbn import zxcvbn

from scorekeeper.extensions import db
from scorekeeper.league import tries
from scorekeeper.models import Account, LoginAttempt
from scorekeeper.rules.language import N_, _
from scorekeeper.rules.limits import fold_name

# argon2id with 19 MiB and 2 passes (OWASP's recommended minimum): strong enough against
# guessing, and small enough that a sign-in does not add 64 MiB to a server worker.
_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)

SHORTEST_PASSWORD = 10
# zxcvbn's score from 0 to 4: 3 is "safely unguessable" against throttled online guessing.
STRONG_ENOUGH = 3

TOO_EASY = N_("It is too easy to guess.")


def normal_password(password: str) -> str:
    """A password in NFKC, so the same keys typed on two phones (one composing "é" from "e"
    and an accent) give the same password."""
    return unicodedata.normalize("NFKC", password)


def password_problem(password: str, username: str) -> str | None:
    """Why `password` is too easy to guess for the account `username`, or None.

    Ten visible characters at least (zero-width spaces and other invisible characters do not
    count), and not guessable by zxcvbn's checks: common passwords and words, keyboard runs,
    repeats, dates, and the user name itself.
    """
    password = normal_password(password)
    visible = [ch for ch in password if unicodedata.category(ch) not in ("Cc", "Cf")]
    if len(visible) < SHORTEST_PASSWORD:
        return _("A password has at least %(count)s characters you can see.") % {
            "count": SHORTEST_PASSWORD
        }
    if fold_name(username) in fold_name(password):
        return _("A password cannot contain the user name.")
    # zxcvbn builds its word lists when imported (a tenth of a second), so only a sign-up or
    # a password change loads it, never a server's start. It reads at most 72 characters;
    # a longer password is at least as strong.

    verdict = zxcvbn(password[:72], user_inputs=[username])
    if verdict["score"] < STRONG_ENOUGH:
        # zxcvbn words its warnings in English only; other languages say it in their own.
        warning = verdict["feedback"]["warning"]
        if not warning or _(TOO_EASY) != TOO_EASY:
            warning = _(TOO_EASY)
        return _("%(advice)s Try a few unrelated words, e.g. “%(example)s”.") % {
            "advice": warning.rstrip(".") + ".",
            "example": _("kitchen lamp rummy owl"),
        }
    return None


def hash_secret(secret: str) -> str:
    """An argon2 hash of a password or passcode (its NFKC form)."""
    return _hasher.hash(normal_password(secret))


def secret_matches(stored_hash: str | None, secret: str) -> bool:
    """True when `secret` matches the stored hash, compared in NFKC (also as typed, for a
    hash made before passwords were normalised)."""
    if not stored_hash:
        return False
    return any(
        _verifies(stored_hash, form) for form in dict.fromkeys((normal_password(secret), secret))
    )


def _verifies(stored_hash: str, secret: str) -> bool:
    try:
        return _hasher.verify(stored_hash, secret)
    except (VerificationError, InvalidHashError):
        return False


@functools.cache
def _stand_in_hash() -> str:
    """A hash of nothing anyone can type: a missing account's password is checked against it,
    so a wrong password costs the same work whether or not the account exists."""
    return hash_secret(secrets.token_hex(32))


def account_named(username: str) -> Account | None:
    """The account with this user name, ignoring case."""
    return db.session.scalar(select(Account).where(Account.username_key == fold_name(username)))


def create_account(username: str, password: str) -> Account:
    """Create an account; the caller has checked the name is free."""
    account = Account(username=username, password_hash=hash_secret(password))
    db.session.add(account)
    db.session.flush()
    return account


def _account_key(username: str) -> str:
    """The key an account's failures are filed under: its folded name (never holding ":")."""
    return fold_name(username).replace(":", "")[:40]


def _device_key(device: str) -> str:
    return f"{tries.DEVICE_KEY}{device}"[:40]


def new_device() -> str:
    """A fresh device nonce, for the device cookie given at a sign-in."""
    return secrets.token_urlsafe(16)


def _guard_password(username: str, address: str, device: str | None) -> None:
    """Refuse a password try while its back-off runs.

    With a device (a valid device cookie for this account) only the device's own failures
    count: a guesser who holds the account at its back-off ceiling from many addresses never
    slows the owner's phone. Without one, the account's back-off and the address's pause.
    """
    tries.serialise_attempts()
    if device:
        mine = LoginAttempt.username == _device_key(device)
        tries.refuse_until_waited(
            *tries.failures(mine), tries.DEVICE_FAILURES, N_("Too many wrong tries here")
        )
        return
    tries.refuse_until_waited(
        *tries.failures(LoginAttempt.username == _account_key(username)), tries.MAX_FAILURES
    )
    from_address, last = tries.failures(
        LoginAttempt.address == address, LoginAttempt.username.not_like("%:%")
    )
    if from_address >= tries.ADDRESS_FAILURES and last is not None:
        raise tries.TooManyAttempts(last + tries.FAILURE_WINDOW - datetime.now(UTC))


def _rehash_if_needed(account: Account, password: str) -> None:
    stored = account.password_hash
    if _hasher.check_needs_rehash(stored) or not _verifies(stored, normal_password(password)):
        account.password_hash = hash_secret(password)


def authenticate(
    username: str, password: str, address: str, device: str | None = None
) -> Account | None:
    """The account for these credentials, or None; a failure is recorded.

    `device` is the nonce of the browser's device cookie, when the caller found it valid for
    this user name's account: the try is then judged, and a failure counted, by that device
    alone (OWASP's device cookies). The caller keeps the failure (commits) even though the
    sign-in is refused.

    :raises tries.TooManyAttempts: while the device's back-off runs; without a device, while the
        account's back-off runs, or after tries.ADDRESS_FAILURES recent failures from the address.
    """
    _guard_password(username, address, device)
    account = account_named(username)
    stored = account.password_hash if account is not None else _stand_in_hash()
    if secret_matches(stored, password) and account is not None:
        _rehash_if_needed(account, password)
        # A device's success clears the device's failures only: the guesser's back-off on
        # the account stays where it is.
        key = _device_key(device) if device else _account_key(username)
        db.session.execute(delete(LoginAttempt).where(LoginAttempt.username == key))
        return account
    tries.record(_device_key(device) if device else _account_key(username), address)
    return None


def verify_password(account: Account, password: str, address: str, device: str | None) -> bool:
    """True when `password` is the account's (a signed-in owner confirming it).

    Judged as a sign-in is (with `device`, by the device alone), and a wrong one counts as a
    failed sign-in for the account's back-off, and for the device's too.

    :raises tries.TooManyAttempts: as `authenticate` does.
    """
    _guard_password(account.username, address, device)
    if secret_matches(account.password_hash, password):
        return True
    tries.record(_account_key(account.username), address)
    if device:
        tries.record(_device_key(device), address)
    return False


def change_password(account: Account, password: str) -> None:
    """Give the account a new password (checked by `password_problem`) and end every session
    begun before: the caller starts this browser's again."""
    account.password_hash = hash_secret(password)
    account.session_generation += 1
    db.session.flush()


def choose_language(account: Account, language: str | None) -> None:
    """Read every page in `language` (a code of `languages.LANGUAGES`); None follows the
    league's, else the browser's."""
    account.language = language
    db.session.flush()


def _sign_up_wait(limit: int, *conditions: ColumnElement[bool]) -> timedelta | None:
    """How long until fewer than `limit` sign-ups match within the hour, or None if they do."""
    signed_up = (LoginAttempt.username == tries.SIGNUP_KEY, *conditions)
    return tries.wait_under_limit(LoginAttempt.at, limit, tries.SIGNUP_WINDOW, *signed_up)[1]


def sign_up_refusal(address: str) -> tries.TooManySignUps | None:
    """Why the address may not sign up now (its own hour's limit, or everyone's), or None."""
    wait = _sign_up_wait(tries.SIGNUPS_PER_ADDRESS, LoginAttempt.address == address[:64])
    if wait is not None:
        return tries.TooManySignUps(wait)
    wait = _sign_up_wait(tries.SIGNUPS_PER_HOUR)
    return tries.TooManySignUps(wait, everywhere=True) if wait is not None else None


def guard_sign_up(address: str) -> None:
    """Refuse a sign-up once the address made tries.SIGNUPS_PER_ADDRESS in the hour, or every
    address together tries.SIGNUPS_PER_HOUR.

    Counted one at a time with the sign-in tries (the same lock, held until the request
    commits), so parallel sign-ups cannot overshoot.

    :raises tries.TooManySignUps: with the time until the oldest counted sign-up leaves the window.
    """
    tries.serialise_attempts()
    refusal = sign_up_refusal(address)
    if refusal is not None:
        raise refusal


def sign_up(username: str, password: str, address: str) -> Account:
    """Make an account, counted against the sign-ups (after `guard_sign_up`)."""
    account = create_account(username, password)
    tries.record(tries.SIGNUP_KEY, address)
    return account


def count_refused_sign_up(address: str) -> None:
    """Count a sign-up refused for a taken name like one made: each tells whether a name
    exists, so listing names is as slow as making accounts (after `guard_sign_up`)."""
    tries.record(tries.SIGNUP_KEY, address)
