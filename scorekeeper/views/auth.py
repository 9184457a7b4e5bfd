"""Signing up, in and out, and joining a league's table with its passcode."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.forms.auth import PasscodeForm, SignInForm, SignUpForm
from scorekeeper.league import accounts
from scorekeeper.models import League
from scorekeeper.web import access
from scorekeeper.web.database import keep_work, transaction

bp = Blueprint("auth", __name__)


def _address() -> str:
    return request.remote_addr or "unknown"


@bp.route("/login", methods=["GET", "POST"])
@transaction
def login() -> Response | str | tuple[str, int]:
    """Sign in; too many wrong passwords in a row are refused for a while."""
    form = SignInForm(next=request.args.get("next", ""))
    if form.validate_on_submit():
        try:
            account = accounts.authenticate(form.username.data, form.password.data, _address())
        except accounts.TooManyAttempts as refusal:
            form.form_errors.append(str(refusal))
            return render_template("auth/login.html", form=form), 429
        if account is not None:
            access.sign_in(account)
            flash(f"Signed in as {account.username}.", "success")
            return redirect(access.safe_next(form.next.data, url_for("main.index")))
        form.form_errors.append("That user name and password do not match.")
        keep_work()  # the failed attempt is recorded: it slows down the next guess
        return render_template("auth/login.html", form=form), 401
    return render_template("auth/login.html", form=form), 422 if form.is_submitted() else 200


@bp.post("/logout")
@transaction
def logout() -> Response:
    """Sign out of this browser, on the server too (the CSRF check of every POST guards it)."""
    access.sign_out()
    flash("Signed out.", "success")
    return redirect(url_for("main.index"))


@bp.post("/logout/everywhere")
@transaction
def logout_everywhere() -> Response:
    """Sign this account out on every browser and phone it is signed in on."""
    account = access.current_account()
    if account is None:
        return redirect(url_for("auth.login"))
    access.sign_out_everywhere(account)
    flash("Signed out everywhere: every browser must sign in again.", "success")
    return redirect(url_for("main.index"))


@bp.route("/signup", methods=["GET", "POST"])
@transaction
def signup() -> Response | str | tuple[str, int]:
    """Make an account to own leagues."""
    form = SignUpForm()
    if form.validate_on_submit():
        account = accounts.create_account(form.username.data, form.password.data)
        access.sign_in(account)
        flash(f"Welcome, {account.username}. Start your league below.", "success")
        return redirect(url_for("main.index"))
    return render_template("auth/signup.html", form=form), 422 if form.is_submitted() else 200


@bp.route("/leagues/<int:league_id>/join", methods=["GET", "POST"])
@transaction
def join(league_id: int) -> Response | str | tuple[str, int]:
    """Score a league's games on this phone, with the passcode its owner set."""
    league = db.get_or_404(League, league_id)
    if league.passcode_hash is None:
        return render_template("auth/join.html", league=league, form=None), 404
    form = PasscodeForm()
    if form.validate_on_submit():
        try:
            matched = accounts.check_passcode(league, form.passcode.data, _address())
        except accounts.TooManyAttempts as refusal:
            form.passcode.errors = [str(refusal)]
            return render_template("auth/join.html", league=league, form=form), 429
        if matched:
            access.grant_scorer(league)
            flash(f"This phone can now score {league.name}'s games.", "success")
            return redirect(url_for("leagues.show", league_id=league.id))
        form.passcode.errors = ["That passcode is not right."]
        keep_work()  # the failed attempt is recorded: it slows down the next guess
        return render_template("auth/join.html", league=league, form=form), 401
    status = 422 if form.is_submitted() else 200
    return render_template("auth/join.html", league=league, form=form), status
