"""Wrong tries and sign-ups, counted in `login_attempt`, and the waits they earn: the
back-off after wrong passwords and passcodes, and the hour's limit on sign-ups."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import ColumnElement, delete, func, select, text
from sqlalchemy.orm import InstrumentedAttribute

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.models import LoginAttempt
from scorekeeper.rules.language import N_, _, ngettext

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


def serialise_attempts() -> None:
    """Hold a lock until this request commits, so parallel tries are counted one at a time.

    Forty guesses sent at once must not all read "4 failures so far" and all be checked: on
    PostgreSQL a transaction-scoped advisory lock, on SQLite the database's write lock
    (taken by a write that changes nothing).
    """
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.execute(text("SELECT pg_advisory_xact_lock(1414)"))
    else:
        db.session.execute(text("UPDATE login_attempt SET id = id WHERE 1 = 0"))


def failures(*conditions: ColumnElement[bool]) -> tuple[int, datetime | None]:
    """How many failures match within the window, and when the last one was."""
    since = datetime.now(UTC) - FAILURE_WINDOW
    count, last = db.session.execute(
        select(func.count(LoginAttempt.id), func.max(LoginAttempt.at)).where(
            LoginAttempt.at >= since, *conditions
        )
    ).one()
    return count or 0, zones.as_utc(last) if last is not None else None


def refuse_until_waited(
    failures: int, last: datetime | None, free: int, what: str = TOO_MANY_TRIES
) -> None:
    """Refuse a try while the back-off earned by `failures`, the last at `last`, runs.

    :raises TooManyAttempts: with the time left to wait.
    """
    wait = back_off(failures, free)
    if last is not None and wait:
        left = last + wait - datetime.now(UTC)
        if left > timedelta(0):
            raise TooManyAttempts(left, what)


def record(key: str, address: str) -> None:
    """Keep a failed try (or a sign-up) against `key`; rows too old to count go."""
    now = datetime.now(UTC)
    db.session.execute(delete(LoginAttempt).where(LoginAttempt.at < now - KEPT_FOR))
    db.session.add(LoginAttempt(username=key[:40], address=address[:64], at=now))
    db.session.flush()
