"""Signing up, in and out, changing the password, and joining a league's table."""

from __future__ import annotations

import ipaddress
from datetime import timedelta

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.forms.auth import ChangePasswordForm, PasscodeForm, SignInForm, SignUpForm
from scorekeeper.forms.fields import given
from scorekeeper.forms.language import FOLLOW, LanguageForm
from scorekeeper.league import accounts, passcodes, tries
from scorekeeper.models import Account, League
from scorekeeper.web import access, devices, language
from scorekeeper.web.database import keep_work, transaction

bp = Blueprint("auth", __name__)

Page = Response | str | tuple[str, int] | tuple[str, int, dict[str, str]]


def _address() -> str:
    """The visitor's address as the limits count it (as the trusted proxy gives it).

    An IPv6 address counts by its /64 network: one household or one rented server gets a
    whole /64, and could otherwise make a new address for every try.
    """
    address = request.remote_addr or "unknown"
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _too_many(page: str, wait: timedelta) -> tuple[str, int, dict[str, str]]:
    """A 429 answer, telling browsers and scripts when to come back."""
    return page, 429, {"Retry-After": str(max(1, int(wait.total_seconds() + 0.999)))}


@bp.route("/login", methods=["GET", "POST"])
@transaction
def login() -> Page:
    """Sign in; too many wrong passwords in a row are refused for a while.

    A browser whose device cookie is valid for the account is judged by its own failures,
    not by the account's back-off (`web/devices.py`).
    """
    form = SignInForm(next=request.args.get("next", ""))
    if form.validate_on_submit():
        username = given(form.username.data)
        device = devices.device_of(accounts.account_named(username))
        try:
            account = accounts.authenticate(username, given(form.password.data), _address(), device)
        except tries.TooManyAttempts as refusal:
            form.form_errors.append(str(refusal))
            return _too_many(render_template("auth/login.html", form=form), refusal.wait)
        if account is not None:
            access.sign_in(account)
            flash(gettext("Signed in as %(name)s.", name=account.username), "success")
            target = redirect(access.safe_next(form.next.data, url_for("main.index")))
            return devices.remember(target, account)
        form.form_errors.append(gettext("That user name and password do not match."))
        keep_work()  # the failed attempt is recorded: it slows down the next guess
        return render_template("auth/login.html", form=form), 401
    return render_template("auth/login.html", form=form), 422 if form.is_submitted() else 200


@bp.post("/logout")
@transaction
def logout() -> Response:
    """Sign out of this browser, on the server too (the CSRF check of every POST guards it)."""
    access.sign_out()
    flash(gettext("Signed out."), "success")
    return redirect(url_for("main.index"))


@bp.post("/logout/everywhere")
@transaction
def logout_everywhere() -> Response:
    """Sign this account out on every browser and phone it is signed in on."""
    account = access.current_account()
    if account is None:
        return redirect(url_for("auth.login"))
    access.sign_out_everywhere(account)
    flash(gettext("Signed out everywhere: every browser must sign in again."), "success")
    return redirect(url_for("main.index"))


@bp.route("/signup", methods=["GET", "POST"])
@transaction
def signup() -> Page:
    """Make an account to own leagues; one address, and every address together, make a few
    an hour at most."""
    form = SignUpForm()
    if not form.is_submitted():
        # Say it before the form is filled in vain.
        if (refusal := accounts.sign_up_refusal(_address())) is not None:
            form.form_errors.append(str(refusal))
        return render_template("auth/signup.html", form=form)
    try:
        accounts.guard_sign_up(_address())
    except tries.TooManySignUps as refusal:
        form.form_errors.append(str(refusal))
        return _too_many(render_template("auth/signup.html", form=form), refusal.wait)
    if form.validate_on_submit():
        account = accounts.sign_up(given(form.username.data), given(form.password.data), _address())
        access.sign_in(account)
        flash(
            gettext("Welcome, %(name)s. Start your league below.", name=account.username), "success"
        )
        return devices.remember(redirect(url_for("main.index")), account)
    if form.name_taken:
        accounts.count_refused_sign_up(_address())
        keep_work()  # the refusal is counted: it slows down listing the names taken
    return render_template("auth/signup.html", form=form), 422


@bp.get("/account")
def account() -> Page:
    """The signed-in account's own page: change the password, sign out everywhere."""
    owner = access.current_account()
    if owner is None:
        return redirect(url_for("auth.login", next=url_for("auth.account")))
    return _account_page(owner, ChangePasswordForm(owner.username))


def _account_page(owner: Account, form: ChangePasswordForm) -> str:
    """The account's page with the password form as given, and its language as chosen."""
    language_form = LanguageForm(
        formdata=None, data={"language": owner.language or FOLLOW, "next": url_for("auth.account")}
    )
    return render_template("auth/account.html", form=form, language_form=language_form)


@bp.post("/account/password")
@transaction
def change_password() -> Page:
    """Change the password; every other session of the account ends, this one stays.

    A wrong current password counts as a failed sign-in (and answers 401, as sign-in does).
    """
    owner = access.current_account()
    if owner is None:
        return redirect(url_for("auth.login", next=url_for("auth.account")))
    form = ChangePasswordForm(owner.username)
    if not form.validate():
        return _account_page(owner, form), 422
    current, password = given(form.current.data), given(form.password.data)
    try:
        matched = accounts.verify_password(owner, current, _address(), devices.device_of(owner))
    except tries.TooManyAttempts as refusal:
        form.current.errors = [str(refusal)]
        return _too_many(_account_page(owner, form), refusal.wait)
    if not matched:
        form.current.errors = [gettext("That is not your current password.")]
        keep_work()  # the failed try is recorded: it slows down the next guess
        return _account_page(owner, form), 401
    if accounts.normal_password(password) == accounts.normal_password(current):
        form.password.errors = [
            gettext("The new password is the one you have now; choose another.")
        ]
        return _account_page(owner, form), 422
    accounts.change_password(owner, password)
    access.keep_signed_in(owner)
    flash(
        gettext(
            "Password changed. Every other browser and phone signed in to your account must "
            "sign in again with the new one."
        ),
        "success",
    )
    return devices.remember(redirect(url_for("auth.account")), owner)


@bp.route("/leagues/<int:league_id>/join", methods=["GET", "POST"])
@transaction
def join(league_id: int) -> Page:
    """Score a league's games on this phone, with the passcode its owner set."""
    league = db.get_or_404(League, league_id)
    if league.passcode_hash is None:
        return render_template("auth/join.html", league=league, form=None), 404
    form = PasscodeForm()
    if form.validate_on_submit():
        try:
            matched = passcodes.check_passcode(league, given(form.passcode.data), _address())
        except tries.TooManyAttempts as refusal:
            form.passcode.errors = [str(refusal)]
            page = render_template("auth/join.html", league=league, form=form)
            return _too_many(page, refusal.wait)
        if matched:
            access.grant_scorer(league)
            owner = language.possessive_words(league.name)
            flash(gettext("This phone can now score %(owner)s games.", owner=owner), "success")
            return redirect(url_for("leagues.show", league_id=league.id))
        form.passcode.errors = [gettext("That passcode is not right.")]
        keep_work()  # the failed attempt is recorded: it slows down the next guess
        return render_template("auth/join.html", league=league, form=form), 401
    status = 422 if form.is_submitted() else 200
    return render_template("auth/join.html", league=league, form=form), status
