"""Forms to sign up, sign in, change a password, and join a league's table with its passcode."""

from __future__ import annotations

from flask_babel import gettext, lazy_gettext
from wtforms import HiddenField, PasswordField, StringField
from wtforms.validators import DataRequired, EqualTo, Length, Regexp, ValidationError

from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import strip_whitespace
from scorekeeper.league import accounts, passcodes

USERNAME = Regexp(
    r"^[A-Za-z0-9._-]+$",
    message=lazy_gettext("Use letters, digits, dots, dashes or underscores only."),
)


class SignInForm(AppForm):
    """Sign in with a user name and password."""

    username = StringField(
        lazy_gettext("User name"),
        filters=[strip_whitespace],
        validators=[DataRequired(lazy_gettext("Type your user name."))],
    )
    password = PasswordField(
        lazy_gettext("Password"), validators=[DataRequired(lazy_gettext("Type your password."))]
    )
    next = HiddenField()


class SignUpForm(AppForm):
    """Make an account, to own leagues."""

    username = StringField(
        lazy_gettext("User name"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Choose a user name.")),
            Length(3, 40, message=lazy_gettext("A user name has 3 to 40 characters.")),
            USERNAME,
        ],
    )
    password = PasswordField(
        lazy_gettext("Password"),
        validators=[
            DataRequired(lazy_gettext("Choose a password.")),
            # The shortest length is password_problem's to say, once, with its other checks.
            Length(max=200, message=lazy_gettext("A password has at most 200 characters.")),
        ],
    )
    confirm = PasswordField(
        lazy_gettext("Password again"),
        validators=[EqualTo("password", message=lazy_gettext("The two passwords differ."))],
    )

    # Set when the name is refused as taken: that refusal tells the name exists, so it counts.
    name_taken = False

    def validate_username(self, field: StringField) -> None:
        """Refuse a user name already taken (ignoring case)."""
        if field.data and accounts.account_named(field.data) is not None:
            self.name_taken = True
            raise ValidationError(gettext("That user name is taken; choose another."))

    def validate_password(self, field: PasswordField) -> None:
        """Refuse a password that is common, repetitive, or holds the user name."""
        problem = accounts.password_problem(field.data or "", self.username.data or "")
        if problem:
            raise ValidationError(problem)


class ChangePasswordForm(AppForm):
    """A signed-in owner changes the password: the current one, then the new one twice."""

    current = PasswordField(
        lazy_gettext("Current password"),
        validators=[DataRequired(lazy_gettext("Type the password you have now."))],
    )
    password = PasswordField(
        lazy_gettext("New password"),
        validators=[
            DataRequired(lazy_gettext("Choose a new password.")),
            Length(max=200, message=lazy_gettext("A password has at most 200 characters.")),
        ],
    )
    confirm = PasswordField(
        lazy_gettext("New password again"),
        validators=[EqualTo("password", message=lazy_gettext("The two new passwords differ."))],
    )

    def __init__(self, username: str, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.account_name = username

    def validate_password(self, field: PasswordField) -> None:
        """The same checks as at sign-up: common, repetitive, or holding the user name."""
        problem = accounts.password_problem(field.data or "", self.account_name)
        if problem:
            raise ValidationError(problem)


class PasscodeForm(AppForm):
    """Type the league's table passcode to score its games on this phone."""

    # A shared code said aloud at the table, not a secret of one person: shown as typed.
    passcode = StringField(
        lazy_gettext("Table passcode"),
        validators=[DataRequired(lazy_gettext("Type the passcode."))],
    )


class SetPasscodeForm(AppForm):
    """The owner sets the passcode scorers type at the table."""

    passcode = StringField(
        lazy_gettext("New table passcode"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Type a passcode.")),
            Length(4, 60, message=lazy_gettext("A passcode has 4 to 60 characters.")),
        ],
    )

    def validate_passcode(self, field: StringField) -> None:
        """Refuse a passcode a stranger could guess, such as "1234" or a single word."""
        problem = passcodes.passcode_problem(field.data or "")
        if problem:
            raise ValidationError(problem)
