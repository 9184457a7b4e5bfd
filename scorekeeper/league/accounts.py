"""Accounts: sign-up, sign-in with slowed-down guessing, passwords, and the table passcode."""

from __future__ import annotations

import functools
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import ColumnElement, delete, func, select, text
from sqlalchemy.orm import InstrumentedAttribute
from zxcvbn import zxcvbn

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.models import Account, JoinedPhone, League, LoginAttempt
from scorekeeper.rules.language import N_, _, ngettext
from scorekeeper.rules.limits import fold_name

# argon2id with 19 MiB and 2 passes (OWASP's recommended minimum): strong enough against
# guessing, and small enough that a sign-in does not add 64 MiB to a server worker.
_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1)

SHORTEST_PASSWORD = 10
# zxcvbn's score from 0 to 4: 3 is "safely unguessable" against throttled online guessing.
STRONG_ENOUGH = 3

# Failed tries are counted within this window, separately per account (any address), per
# address (any account), and for table passcodes per address (any league).
FAILURE_WINDOW = timedelta(minutes=15)
# For one account: this many failures are free; then each further try waits twice as long
# as the one before (2 s, 4 s, 8 s ... at most LONGEST_WAIT): guessing slows to a crawl,
# while the owner who finally types the right password waits seconds, not a quarter hour.
MAX_FAILURES = 5
LONGEST_WAIT = FAILURE_WINDOW
# From one address: this many failed sign-ins (any names) in the window, then a pause.
ADDRESS_FAILURES = 20
# Table passcodes from one address, whatever the league: free tries before the back-off.
PASSCODE_FAILURES = 5
# Table passcodes at one league, whatever the address: free tries before the back-off, so
# many addresses together cannot guess faster than a few dozen tries a quarter hour.
LEAGUE_PASSCODE_FAILURES = 20
# Sign-ups (accounts made, and those refused for a taken name, which tell that the name
# exists) from one address within SIGNUP_WINDOW: enough for a family's owners, and one
# address cannot make accounts, or list names, without end (sign-up is open).
SIGNUPS_PER_ADDRESS = 10
# The same from every address together: many addresses cannot make accounts without end.
SIGNUPS_PER_HOUR = 60
SIGNUP_WINDOW = timedelta(hours=1)
# A browser's device cookie (given at each sign-in) is judged by its own failures: this many
# are free, then the same back-off as an account's. A guesser at the account's back-off
# ceiling never slows the owner's own phone.
DEVICE_FAILURES = 5
# Rows of `login_attempt` other than an account's are filed under keys holding a ":", which
# no account's key holds (user names have no ":", and one typed with it loses it).
PASSCODE_KEY = "passcode:"
SIGNUP_KEY = "signup:"
DEVICE_KEY = "device:"
# Rows this old count for nothing (past every window) and are cleared away.
KEPT_FOR = timedelta(days=1)
TOO_MANY_TRIES = N_("Too many wrong tries")
TOO_EASY = N_("It is too easy to guess.")


class TooManyAttempts(Exception):
    """Sign-in refused for a while after repeated failures."""

    def __init__(self, wait: timedelta, what: str = TOO_MANY_TRIES) -> None:
        self.wait = wait
        words = _("%(what)s. Wait %(wait)s, then try again.")
        super().__init__(words % {"what": _(what), "wait": duration(wait)})


class TooManySignUps(Exception):
    """Sign-up refused for a while: too many sign-ups from the address, or from everywhere."""

    def __init__(self, wait: timedelta, everywhere: bool = False) -> None:
        self.wait = wait
        if everywhere:
            said = _(
                "%(count)s sign-ups reached this server in the last hour, the most we allow. "
                "Try again in %(wait)s."
            )
            count = SIGNUPS_PER_HOUR
        else:
            said = _(
                "%(count)s sign-ups came from this network in the last hour, the most we allow. "
                "Try again in %(wait)s."
            )
            count = SIGNUPS_PER_ADDRESS
        super().__init__(said % {"count": count, "wait": duration(wait)})


@dataclass(frozen=True)
class PasscodeGuesses:
    """Wrong passcodes typed at a league lately, as its owner sees them in Settings."""

    count: int
    networks: int
    last: datetime | None


def wait_under_limit(
    moment: InstrumentedAttribute[datetime],
    limit: int,
    window: timedelta,
    *conditions: ColumnElement[bool],
) -> tuple[int, timedelta | None]:
    """How many rows match `conditions` with their `moment` within the last `window`, and how
    long until fewer than `limit` of them do (None when they already do)."""
    since = datetime.now(UTC) - window
    recent = (moment >= since, *conditions)
    made = db.session.scalar(select(func.count()).where(*recent)) or 0
    if made < limit:
        return made, None
    # The row whose leaving the window brings the count under the limit.
    freed = db.session.scalar(
        select(moment).where(*recent).order_by(moment).offset(made - limit).limit(1)
    )
    start = zones.as_utc(freed) if freed is not None else since
    return made, max(start + window - datetime.now(UTC), timedelta(seconds=1))


def duration(wait: timedelta) -> str:
    """A wait in words, rounded up: "2 seconds", "15 minutes"."""
    seconds = max(1, int(wait.total_seconds() + 0.999))
    if seconds < 60:
        return ngettext("%(count)s second", "%(count)s seconds", seconds) % {"count": seconds}
    minutes = (seconds + 59) // 60
    return ngettext("%(count)s minute", "%(count)s minutes", minutes) % {"count": minutes}


def back_off(failures: int, free: int = MAX_FAILURES) -> timedelta:
    """How long to wait after the last failure, once `failures` have been counted."""
    if failures < free:
        return timedelta(0)
    return min(timedelta(seconds=2 ** min(failures - free + 1, 20)), LONGEST_WAIT)


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


def _serialise_attempts() -> None:
    """Hold a lock until this request commits, so parallel tries are counted one at a time.

    Forty guesses sent at once must not all read "4 failures so far" and all be checked: on
    PostgreSQL a transaction-scoped advisory lock, on SQLite the database's write lock
    (taken by a write that changes nothing).
    """
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(text("SELECT pg_advisory_xact_lock(1414)"))
    else:
        db.session.execute(text("UPDATE login_attempt SET id = id WHERE 1 = 0"))


def _failures(*conditions: ColumnElement[bool]) -> tuple[int, datetime | None]:
    """How many failures match within the window, and when the last one was."""
    since = datetime.now(UTC) - FAILURE_WINDOW
    count, last = db.session.execute(
        select(func.count(LoginAttempt.id), func.max(LoginAttempt.at)).where(
            LoginAttempt.at >= since, *conditions
        )
    ).one()
    return count or 0, zones.as_utc(last) if last is not None else None


def _refuse_until_waited(
    failures: int, last: datetime | None, free: int, what: str = TOO_MANY_TRIES
) -> None:
    wait = back_off(failures, free)
    if last is not None and wait:
        left = last + wait - datetime.now(UTC)
        if left > timedelta(0):
            raise TooManyAttempts(left, what)


def _account_key(username: str) -> str:
    """The key an account's failures are filed under: its folded name (never holding ":")."""
    return fold_name(username).replace(":", "")[:40]


def _device_key(device: str) -> str:
    return f"{DEVICE_KEY}{device}"[:40]


def new_device() -> str:
    """A fresh device nonce, for the device cookie given at a sign-in."""
    return secrets.token_urlsafe(16)


def _guard_password(username: str, address: str, device: str | None) -> None:
    """Refuse a password try while its back-off runs.

    With a device (a valid device cookie for this account) only the device's own failures
    count: a guesser who holds the account at its back-off ceiling from many addresses never
    slows the owner's phone. Without one, the account's back-off and the address's pause.
    """
    _serialise_attempts()
    if device:
        mine = LoginAttempt.username == _device_key(device)
        _refuse_until_waited(*_failures(mine), DEVICE_FAILURES, N_("Too many wrong tries here"))
        return
    _refuse_until_waited(*_failures(LoginAttempt.username == _account_key(username)), MAX_FAILURES)
    from_address, last = _failures(
        LoginAttempt.address == address, LoginAttempt.username.not_like("%:%")
    )
    if from_address >= ADDRESS_FAILURES and last is not None:
        raise TooManyAttempts(last + FAILURE_WINDOW - datetime.now(UTC))


def _record(key: str, address: str) -> None:
    """Keep a failed try (or a sign-up) against `key`; rows too old to count go."""
    now = datetime.now(UTC)
    db.session.execute(delete(LoginAttempt).where(LoginAttempt.at < now - KEPT_FOR))
    db.session.add(LoginAttempt(username=key[:40], address=address[:64], at=now))
    db.session.flush()


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

    :raises TooManyAttempts: while the device's back-off runs; without a device, while the
        account's back-off runs, or after ADDRESS_FAILURES recent failures from the address.
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
    _record(_device_key(device) if device else _account_key(username), address)
    return None


def verify_password(account: Account, password: str, address: str, device: str | None) -> bool:
    """True when `password` is the account's (a signed-in owner confirming it).

    Judged as a sign-in is (with `device`, by the device alone), and a wrong one counts as a
    failed sign-in for the account's back-off, and for the device's too.

    :raises TooManyAttempts: as `authenticate` does.
    """
    _guard_password(account.username, address, device)
    if secret_matches(account.password_hash, password):
        return True
    _record(_account_key(account.username), address)
    if device:
        _record(_device_key(device), address)
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
    signed_up = (LoginAttempt.username == SIGNUP_KEY, *conditions)
    return wait_under_limit(LoginAttempt.at, limit, SIGNUP_WINDOW, *signed_up)[1]


def sign_up_refusal(address: str) -> TooManySignUps | None:
    """Why the address may not sign up now (its own hour's limit, or everyone's), or None."""
    wait = _sign_up_wait(SIGNUPS_PER_ADDRESS, LoginAttempt.address == address[:64])
    if wait is not None:
        return TooManySignUps(wait)
    wait = _sign_up_wait(SIGNUPS_PER_HOUR)
    return TooManySignUps(wait, everywhere=True) if wait is not None else None


def guard_sign_up(address: str) -> None:
    """Refuse a sign-up once the address made SIGNUPS_PER_ADDRESS in the hour, or every
    address together SIGNUPS_PER_HOUR.

    Counted one at a time with the sign-in tries (the same lock, held until the request
    commits), so parallel sign-ups cannot overshoot.

    :raises TooManySignUps: with the time until the oldest counted sign-up leaves the window.
    """
    _serialise_attempts()
    refusal = sign_up_refusal(address)
    if refusal is not None:
        raise refusal


def sign_up(username: str, password: str, address: str) -> Account:
    """Make an account, counted against the sign-ups (after `guard_sign_up`)."""
    account = create_account(username, password)
    _record(SIGNUP_KEY, address)
    return account


def count_refused_sign_up(address: str) -> None:
    """Count a sign-up refused for a taken name like one made: each tells whether a name
    exists, so listing names is as slow as making accounts (after `guard_sign_up`)."""
    _record(SIGNUP_KEY, address)


def _passcode_key(league: League) -> str:
    return f"{PASSCODE_KEY}{league.id}"


def check_passcode(league: League, passcode: str, address: str) -> bool:
    """True when `passcode` is the league's; a failure is recorded like a wrong password.

    Failures are counted per address across every league, and per league across every
    address: one phone guessing slows only itself, and many addresses together cannot make
    more than a few dozen guesses at one league a quarter hour.

    :raises TooManyAttempts: while the address's back-off runs, or the league's.
    """
    _serialise_attempts()
    here = (LoginAttempt.username.like(f"{PASSCODE_KEY}%"), LoginAttempt.address == address)
    _refuse_until_waited(*_failures(*here), PASSCODE_FAILURES)
    at_league = LoginAttempt.username == _passcode_key(league)
    _refuse_until_waited(
        *_failures(at_league),
        LEAGUE_PASSCODE_FAILURES,
        N_("Too many wrong passcodes for this league"),
    )
    if secret_matches(league.passcode_hash, spoken_form(passcode)):
        return True
    _record(_passcode_key(league), address)
    return False


def passcode_guesses(league: League) -> PasscodeGuesses:
    """The wrong passcodes typed at the league within the last KEPT_FOR: how many, from how
    many networks, and when the last was."""
    since = datetime.now(UTC) - KEPT_FOR
    count, networks, last = db.session.execute(
        select(
            func.count(LoginAttempt.id),
            func.count(LoginAttempt.address.distinct()),
            func.max(LoginAttempt.at),
        ).where(LoginAttempt.username == _passcode_key(league), LoginAttempt.at >= since)
    ).one()
    return PasscodeGuesses(
        count or 0, networks or 0, zones.as_utc(last) if last is not None else None
    )


def passcode_problem(passcode: str) -> str | None:
    """Why `passcode` is too easy to guess, or None.

    Judged as said aloud (any case, spaces folded), by zxcvbn as passwords are: "1234" or a
    single word falls to a few thousand guesses; three short unrelated words do not.
    """
    if zxcvbn(spoken_form(passcode)[:72])["score"] < STRONG_ENOUGH:
        return _(
            "That passcode is too easy to guess. Try three short unrelated words, as suggested."
        )
    return None


def spoken_form(passcode: str) -> str:
    """A passcode as it is said aloud at the table: any case, spaces folded.

    Phones capitalise the first letter on their own; "Kitchen" and " kitchen" are the same
    passcode as "kitchen".
    """
    return " ".join(passcode.casefold().split())


def set_passcode(league: League, passcode: str | None) -> None:
    """Set (or with None, clear) the table passcode scorers type to score this league.

    Every phone that joined with the old passcode is removed: it must join again.
    """
    league.passcode_hash = hash_secret(spoken_form(passcode)) if passcode else None
    db.session.execute(delete(JoinedPhone).where(JoinedPhone.league_id == league.id))
    db.session.flush()


def joined_phones(league: League) -> list[JoinedPhone]:
    """The phones that may score the league's games, first joined first."""
    return list(
        db.session.scalars(
            select(JoinedPhone).where(JoinedPhone.league_id == league.id).order_by(JoinedPhone.id)
        )
    )


def remove_phone(league: League, phone_id: int) -> bool:
    """Take a phone off the league's list: it can no longer score. False if it is not there."""
    removed = db.session.scalars(
        delete(JoinedPhone)
        .where(JoinedPhone.league_id == league.id, JoinedPhone.id == phone_id)
        .returning(JoinedPhone.id)
    ).first()
    db.session.flush()
    return removed is not None
