"""Device cookies: a browser that signed in before is judged by its own failed tries.

After each successful sign-in (and a sign-up or password change) the browser gets a
long-lived cookie: a fresh nonce, signed with the app's secret key salted by the account's id
and password hash. It names the account without showing it, and nobody can forge one for
another account. A sign-in carrying a cookie valid for the account typed is judged by that
device's failures alone (`accounts.authenticate`), so a guesser who holds the account at its
back-off ceiling from many addresses never keeps the owner's own phone out. A new password
makes every older device cookie of the account worthless (its hash is in the salt).

The cookie outlives signing out: it is no session, and grants nothing but being judged
apart. This follows OWASP's "Slow Down Online Guessing Attacks with Device Cookies".
"""

from __future__ import annotations

from datetime import timedelta

from flask import current_app, request
from itsdangerous import BadData, URLSafeTimedSerializer
from werkzeug.wrappers import Response

from scorekeeper.league import accounts
from scorekeeper.models import Account

COOKIE = "device"
LIFETIME = timedelta(days=365)
# A cookie's value is about 80 characters; anything much longer is not ours.
LONGEST_VALUE = 200


def _signer(account: Account) -> URLSafeTimedSerializer:
    salt = f"device-cookie:{account.id}:{account.password_hash}"
    return URLSafeTimedSerializer(current_app.secret_key or "", salt=salt)


def device_of(account: Account | None) -> str | None:
    """The nonce of this browser's device cookie when it is valid for `account`, else None
    (no cookie, another account's, forged, older than LIFETIME or than the password)."""
    value = request.cookies.get(COOKIE, "")
    if account is None or not value or len(value) > LONGEST_VALUE:
        return None
    try:
        nonce = _signer(account).loads(value, max_age=int(LIFETIME.total_seconds()))
    except BadData:
        return None
    return nonce if isinstance(nonce, str) and 16 <= len(nonce) <= 32 else None


def remember(response: Response, account: Account) -> Response:
    """Give this browser a fresh device cookie for the account (its password as it is now)."""
    response.set_cookie(
        COOKIE,
        _signer(account).dumps(accounts.new_device()),
        max_age=int(LIFETIME.total_seconds()),
        secure=bool(current_app.config.get("SESSION_COOKIE_SECURE")),
        httponly=True,
        samesite="Lax",
    )
    return response
