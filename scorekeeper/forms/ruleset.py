"""Forms of the house-rules editor: copy rules into the league, then edit them."""

from __future__ import annotations

from typing import Any

from flask_babel import gettext, lazy_gettext
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, Length, Optional, ValidationError

from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import (
    NumberRequired,
    WholeNumberField,
    plain_name,
    storable_text,
    strip_whitespace,
)
from scorekeeper.forms.league import TOO_LONG
from scorekeeper.models import League, LeagueRuleSet
from scorekeeper.rules import limits
from scorekeeper.rules.contracts import melds_in_words, rank_name
from scorekeeper.rules.dealing import GOING_OUT_WORDS, ruleset_name, stock_words
from scorekeeper.rules.presets import PRESETS
from scorekeeper.rules.ruleset import RANKS, STANDARD_RANKS, STOCK_KINDS, Meld, StockPolicy

BLANK_HANDS = 3
BLANK_DECK_ROWS = 2
MOST_HANDS = 40
MOST_DECK_ROWS = 20
PRIORITY_WORDS = {
    "nearest": lazy_gettext("The next in turn after the current player"),
    "first_to_ask": lazy_gettext("Whoever asked first"),
    "in_turn_first": lazy_gettext("The player in turn first, then whoever plays soonest"),
}
KITTY_SPLIT_WORDS = {
    "winner": lazy_gettext("All to the winner"),
    "two_thirds": lazy_gettext("Two thirds to the winner, one third to second"),
}
# The rule set's name of a hand row's field, where the two differ.
CELL_OF_FIELD = {"contract": "melds"}
WILD_RANK_CHOICES = {"": lazy_gettext("None"), **{rank: rank for rank in STANDARD_RANKS}}


def shown(choices: dict[str, Any]) -> dict[str, str]:
    """A list's choices with their words in the page's language."""
    return {key: str(words) for key, words in choices.items()}


def left_blank(field: Field) -> bool:
    """True when nothing was typed in the field (or, before a submit, it holds nothing)."""
    if field.raw_data is not None:
        return not any(str(value).strip() for value in field.raw_data)
    return field.data in (None, "")


# The form reads any whole number of up to 10 digits; the rules then check each one's own
# bound (`rules.limits`) and say it in words on the field.
_ANY = limits.Bound(-limits.LARGEST_ID, limits.LARGEST_ID)
_NOT_A_NUMBER = lazy_gettext(
    "Give a whole number in digits 0-9, at most %(count)s of them.", count=limits.MOST_DIGITS
)


def _number(label: str) -> WholeNumberField:
    return WholeNumberField(
        label, _ANY, _NOT_A_NUMBER, validators=[Optional()], render_kw={"inputmode": "numeric"}
    )


def _required_number(label: str, message: str) -> WholeNumberField:
    return WholeNumberField(
        label,
        _ANY,
        _NOT_A_NUMBER,
        validators=[NumberRequired(message)],
        render_kw={"inputmode": "numeric"},
    )


def _price(rank: str) -> IntegerField:
    """A rank's price: every standard card needs one; jokers only when the game has them."""
    # Every standard card needs a price; `RuleSetForm.validate` says so unless the prices
    # are still left to the family. The label, the card's name, is given in the page's
    # language by `RuleSetForm.__init__`.
    return _number(rank)


class HandRow(Form):
    """One hand of the game; a row left blank is no hand."""

    # In the page's order: the hand's row, then what is folded below every hand's row.
    contract = StringField(
        lazy_gettext("Contract"),
        filters=[strip_whitespace],
        validators=[Length(max=120, message=TOO_LONG)],
    )
    cards_dealt = _number(lazy_gettext("Cards dealt"))
    may_i_limit = _number(lazy_gettext("May I? limit"))
    blind_cards = _number(lazy_gettext("Blind cards"))
    wild_rank = SelectField(lazy_gettext("Wild rank"), default="")
    going_out = SelectField(lazy_gettext("Going out"), default="normal")
    note = StringField(
        lazy_gettext("Special rule"),
        filters=[strip_whitespace],
        validators=[Length(max=200, message=TOO_LONG)],
    )
    # "1" on a hand whose cells the rule texts leave to the family: kept even while blank.
    family = HiddenField()
    # The fields folded under "Going out and special rules", apart from the hand's row.
    FOLDED = ("going_out", "note")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.wild_rank.choices = shown(WILD_RANK_CHOICES)
        # The rules' words for each way out, in the page's language.
        self.going_out.choices = {key: gettext(words) for key, words in GOING_OUT_WORDS.items()}

    def is_blank(self) -> bool:
        """True when no contract, cards, limit or note was typed: the row is left out."""
        if self.family.data == "1":
            return False
        return (
            all(
                left_blank(f)
                for f in (
                    self.contract,
                    self.cards_dealt,
                    self.may_i_limit,
                    self.blind_cards,
                    self.note,
                )
            )
            and not self.wild_rank.data
        )


class DeckRow(Form):
    """For this many players, how many decks and jokers; a row left blank is no row."""

    from_players = _number(lazy_gettext("From players"))
    to_players = _number(lazy_gettext("To players"))
    decks = _number(lazy_gettext("Decks"))
    jokers = _number(lazy_gettext("Jokers"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Faults of the row as a whole, e.g. a player count given twice.
        self.row_errors: list[str] = []

    def is_blank(self) -> bool:
        """True when none of the four numbers was typed."""
        return all(left_blank(f) for f in self)


class RuleSetForm(AppForm):
    """Everything a league may change in its own rule set."""

    # Declared in the page's order (templates/rulesets/edit.html), which is also the order
    # in which a save's refusals are listed.
    name = StringField(
        lazy_gettext("Name"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Give the rules a name.")),
            Length(max=80, message=TOO_LONG),
            plain_name,
        ],
    )
    min_players = _required_number(
        lazy_gettext("Fewest players"), lazy_gettext("Say how few players may play.")
    )
    max_players = _required_number(
        lazy_gettext("Most players"), lazy_gettext("Say how many players may play.")
    )
    description = StringField(
        lazy_gettext("One-line description"),
        filters=[strip_whitespace],
        validators=[Length(max=200, message=TOO_LONG)],
    )
    hands = FieldList(FormField(HandRow), max_entries=MOST_HANDS)
    family_limits_open = BooleanField(
        lazy_gettext(
            "Where a hand's May I? limit is your family's to set and you leave it blank, "
            "there is no limit"
        )
    )
    # Its label shows a contract in the rules' words: given by `__init__`.
    show_lengths = BooleanField()
    deck_counts = FieldList(FormField(DeckRow), max_entries=MOST_DECK_ROWS)
    wild = StringField(
        lazy_gettext("Wild cards"),
        filters=[strip_whitespace],
        validators=[Length(max=200, message=TOO_LONG)],
    )
    ace_in_runs = StringField(
        lazy_gettext("Aces in runs"),
        filters=[strip_whitespace],
        validators=[Length(max=200, message=TOO_LONG)],
    )
    # Made here so that they take their place in the form's order (WTForms keeps fields in the
    # order they are made), which is the page's: `refusal_links` lists refusals by it.
    PRICE_FIELDS = {rank: _price(rank) for rank in RANKS}
    # "1" while the card prices are left to the family.
    prices_family = HiddenField()
    wild_rank_points = _required_number(
        lazy_gettext("Points for a hand's wild rank left in hand"),
        lazy_gettext("Say what a hand's wild rank costs."),
    )
    short_card_penalty = _required_number(
        lazy_gettext("Points per missing card"),
        lazy_gettext("Say what a card missing from a short hand costs."),
    )
    last_turn_after_out = BooleanField(
        lazy_gettext("After someone goes out, the others get one more turn (several may go out)")
    )
    bonuses = TextAreaField(
        lazy_gettext("Bonuses, one per line"),
        filters=[lambda text: text.strip() if text else text],
        validators=[Length(max=600, message=TOO_LONG), storable_text],
    )
    may_i_penalty_cards = _required_number(
        lazy_gettext("Penalty cards"),
        lazy_gettext("Say how many penalty cards a May I? takes (0 for none)."),
    )
    may_i_per_hand_limit = _number(lazy_gettext("May I?s per player in any hand"))
    may_i_banned_last_hands = _required_number(
        lazy_gettext("No May I? in the last … hands"),
        lazy_gettext("Say in how many of the last hands May I? is banned (0 for none)."),
    )
    may_i_priority = SelectField(lazy_gettext("Several ask at once"))
    may_i_after_going_down = BooleanField(lazy_gettext("Allowed after going down"))
    may_i_not_twice_running = BooleanField(lazy_gettext("Not twice running"))
    may_i_not_after_current_takes = BooleanField(lazy_gettext("Not once the discard is taken"))
    may_i_buying = BooleanField(lazy_gettext("Claims are buys: the player in turn may buy too"))
    may_i_price = _required_number(
        lazy_gettext("Price of a buy (pennies into the kitty)"),
        lazy_gettext("Say what a buy costs (0 for nothing)."),
    )
    plays_for_pennies = BooleanField(lazy_gettext("Played for pennies: settle up at the end"))
    # "1" while the payments by place are left to the family.
    schedule_family = HiddenField()
    settlement_schedule = TextAreaField(
        lazy_gettext("Payments by place"),
        filters=[lambda text: text.strip() if text else text],
        validators=[Length(max=600, message=TOO_LONG)],
    )
    kitty_split = SelectField(lazy_gettext("The kitty goes"), default="winner")
    stock_kind = SelectField(lazy_gettext("When the stock runs out"))
    fairness_missing_score = BooleanField(lazy_gettext("Missing score"))
    fairness_incomplete_game = BooleanField(lazy_gettext("Incomplete game"))
    fairness_suspension = BooleanField(lazy_gettext("Suspension"))
    fairness_corrections = BooleanField(lazy_gettext("Scoring errors"))
    extra_rules = TextAreaField(
        lazy_gettext("Other rules, one per line"),
        validators=[Length(max=4000, message=TOO_LONG), storable_text],
    )

    def __init__(
        self,
        league: League,
        record: LeagueRuleSet | None = None,
        unset: tuple[str, ...] = (),
        buying: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.league = league
        self.record = record
        # The saved rules' cells still left to the family, each marked on its field.
        self.unset = frozenset(unset)
        # The words of the rules, in the page's language.
        for rank in RANKS:
            self.price(rank).label.text = rank_name(rank)
        self.may_i_priority.choices = shown(PRIORITY_WORDS)
        self.kitty_split.choices = shown(KITTY_SPLIT_WORDS)
        self.stock_kind.choices = {kind: stock_words(StockPolicy(kind)) for kind in STOCK_KINDS}
        example = melds_in_words((Meld("set", 3), Meld("set", 3)), show_lengths=True)
        self.show_lengths.label.text = gettext(
            "Write every length in the contracts (“%(example)s”)", example=example
        )
        # In the buying game every claim is a buy.
        self.limit_label = gettext("Buy limit") if buying else gettext("May I? limit")
        for entry in self.hands:
            entry.form.may_i_limit.label.text = self.limit_label
        # Faults of a whole section, e.g. no hands at all or a player count without decks.
        self.section_errors: dict[str, list[str]] = {"hands": [], "deck_counts": [], "prices": []}

    def price(self, rank: str) -> IntegerField:
        """The price field of one rank."""
        return self[f"price_{rank}"]

    def kept_hands(self) -> list[HandRow]:
        """The hand rows that are not blank, in order."""
        return [entry.form for entry in self.hands if not entry.form.is_blank()]

    def is_family_cell(self, index: int, cell: str) -> bool:
        """True when the saved rules leave this cell of hand `index` (from 0) to the family."""
        return f"hands[{index}].{CELL_OF_FIELD.get(cell, cell)}" in self.unset

    def hand_has_family_cells(self, index: int) -> bool:
        """True when the saved rules leave some cell of hand `index` (from 0) to the family."""
        return any(path.startswith(f"hands[{index}].") for path in self.unset)

    def has_family_hands(self) -> bool:
        """True when some hand still has cells left to the family (the buying game's)."""
        return any(row.family.data == "1" for row in self.kept_hands())

    def kept_deck_rows(self) -> list[DeckRow]:
        """The decks-and-jokers rows that are not blank, in order."""
        return [entry.form for entry in self.deck_counts if not entry.form.is_blank()]

    def validate_name(self, field: StringField) -> None:
        """Refuse a name another rule set of the league has."""
        refuse_taken_name(self.league, field.data, self.record)

    def validate(self, extra_validators: Any = None) -> bool:
        """Check the fields, then that every row that is not blank is filled in."""
        valid = super().validate(extra_validators)
        for row in self.kept_hands():
            if row.family.data == "1":
                continue  # a blank cell stays "set by your family"
            if row.cards_dealt.data is None and not row.cards_dealt.errors:
                row.cards_dealt.errors = [gettext("Say how many cards each player is dealt.")]
                valid = False
        blank = [r for r in STANDARD_RANKS if self.price(r).data is None]
        if not (self.prices_family.data == "1" and len(blank) == len(STANDARD_RANKS)):
            for rank in blank:
                if not self.price(rank).errors:
                    costs = gettext("Say what a %(card)s costs.", card=rank_name(rank))
                    self.price(rank).errors = [costs]
                    valid = False
        for deck_row in self.kept_deck_rows():
            for f in deck_row:
                if f.data is None and not f.errors:
                    f.errors = [gettext("Fill in every number of the row, or clear it.")]
                    valid = False
        return valid


for _rank, _field in RuleSetForm.PRICE_FIELDS.items():
    setattr(RuleSetForm, f"price_{_rank}", _field)


def refuse_taken_name(league: League, name: str | None, record: LeagueRuleSet | None) -> None:
    """Raise ValidationError when another rule set of the league has this name."""
    wanted = (name or "").casefold()
    if any(r.name.casefold() == wanted and r is not record for r in league.rulesets):
        raise ValidationError(gettext("The league already has rules called “%(name)s”.", name=name))


class NewRuleSetForm(AppForm):
    """Make house rules: copy a preset or one of the league's rule sets, under a new name."""

    origin = SelectField(lazy_gettext("Start from"))
    name = StringField(
        lazy_gettext("Name of the new rules"),
        filters=[strip_whitespace],
        validators=[
            DataRequired(lazy_gettext("Give the new rules a name.")),
            Length(max=80, message=TOO_LONG),
        ],
    )

    def __init__(self, league: League, own_rules: str, **kwargs: Any) -> None:
        """`own_rules` heads the league's own rule sets in the list ("The Parkers' rules")."""
        super().__init__(**kwargs)
        self.league = league
        # A league's copy often keeps its preset's name: each option says which it is.
        self.origin.choices = {
            gettext("Presets"): {
                f"preset:{key}": gettext("%(name)s (preset)", name=ruleset_name(rs))
                for key, rs in PRESETS.items()
            },
            own_rules: {
                f"league:{r.id}": gettext("%(name)s (this league's)", name=ruleset_name(r.rules))
                for r in league.rulesets
            },
        }

    def validate_name(self, field: StringField) -> None:
        """Refuse a name another rule set of the league has."""
        refuse_taken_name(self.league, field.data, None)
