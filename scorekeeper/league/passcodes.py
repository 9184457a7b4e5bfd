"""The table passcode scorers type to join a league, its wrong tries, and the phones that
joined with it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import delete, func, select
from zxcvbn import zxcvbn

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.league import accounts, tries
from scorekeeper.models import JoinedPhone, League, LoginAttempt
from scorekeeper.rules.language import N_, _


@dataclass(frozen=True)
class PasscodeGuesses:
    """Wrong passcodes typed at a league lately, as its owner sees them in Settings."""

    count: int
    networks: int
    last: datetime | None


def _passcode_key(league: League) -> str:
    return f"{tries.PASSCODE_KEY}{league.id}"


def check_passcode(league: League, passcode: str, address: str) -> bool:
    """True when `passcode` is the league's; a failure is recorded like a wrong password.

    Failures are counted per address across every league, and per league across every
    address: one phone guessing slows only itself, and many addresses together cannot make
    more than a few dozen guesses at one league a quarter hour.

    :raises TooManyAttempts: while the address's back-off runs, or the league's.
    """
    tries.serialise_attempts()
    here = (LoginAttempt.username.like(f"{tries.PASSCODE_KEY}%"), LoginAttempt.address == address)
    tries.refuse_until_waited(*tries.failures(*here), tries.PASSCODE_FAILURES)
    at_league = LoginAttempt.username == _passcode_key(league)
    tries.refuse_until_waited(
        *tries.failures(at_league),
        tries.LEAGUE_PASSCODE_FAILURES,
        N_("Too many wrong passcodes for this league"),
    )
    if accounts.secret_matches(league.passcode_hash, spoken_form(passcode)):
        return True
    tries.record(_passcode_key(league), address)
    return False


def passcode_guesses(league: League) -> PasscodeGuesses:
    """The wrong passcodes typed at the league within the last tries.KEPT_FOR: how many, from how
    many networks, and when the last was."""
    since = datetime.now(UTC) - tries.KEPT_FOR
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
    if zxcvbn(spoken_form(passcode)[:72])["score"] < accounts.STRONG_ENOUGH:
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
    league.passcode_hash = accounts.hash_secret(spoken_form(passcode)) if passcode else None
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
