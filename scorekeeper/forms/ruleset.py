"""Forms of the house-rules editor: copy rules into the league, then edit them."""

from __future__ import annotations

from typing import Any

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

from scorekeeper import rules
from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import (
    NumberRequired,
    WholeNumberField,
    plain_name,
    storable_text,
    strip_whitespace,
)
from scorekeeper.models import League, LeagueRuleSet
from scorekeeper.rules import limits
from scorekeeper.words import possessive

BLANK_HANDS = 3
BLANK_DECK_ROWS = 2
MOST_HANDS = 40
MOST_DECK_ROWS = 20
PRIORITY_WORDS = {
    "nearest": "The next in turn after the current player",
    "first_to_ask": "Whoever asked first",
    "in_turn_first": "The player in turn first, then whoever plays soonest",
}
KITTY_SPLIT_WORDS = {
    "winner": "All to the winner",
    "two_thirds": "Two thirds to the winner, one third to second",
}
# The rule set's name of a hand row's field, where the two differ.
CELL_OF_FIELD = {"contract": "melds"}
WILD_RANK_CHOICES = {"": "None", **{rank: rank for rank in rules.STANDARD_RANKS}}
STOCK_CHOICES: dict[str, str] = {
    kind: rules.stock_words(rules.StockPolicy(kind)) for kind in rules.STOCK_KINDS
}


def left_blank(field: Field) -> bool:
    """True when nothing was typed in the field (or, before a submit, it holds nothing)."""
    if field.raw_data is not None:
        return not any(str(value).strip() for value in field.raw_data)
    return field.data in (None, "")


# The form reads any whole number of up to 10 digits; the rules then check each one's own
# bound (`rules.limits`) and say it in words on the field.
_ANY = limits.Bound(-limits.LARGEST_ID, limits.LARGEST_ID)
_NOT_A_NUMBER = f"Give a whole number in digits 0-9, at most {limits.MOST_DIGITS} of them."


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
    # are still left to the family.
    return _number(rules.rank_name(rank))


class HandRow(Form):
    """One hand of the game; a row left blank is no hand."""

    # In the page's order: the hand's row, then what is folded below every hand's row.
    contract = StringField("Contract", filters=[strip_whitespace], validators=[Length(max=120)])
    cards_dealt = _number("Cards dealt")
    may_i_limit = _number("May I? limit")
    blind_cards = _number("Blind cards")
    wild_rank = SelectField("Wild rank", choices=WILD_RANK_CHOICES, default="")
    going_out = SelectField("Going out", choices=dict(rules.GOING_OUT_WORDS), default="normal")
    note = StringField("Special rule", filters=[strip_whitespace], validators=[Length(max=200)])
    # "1" on a hand whose cells the rule texts leave to the family: kept even while blank.
    family = HiddenField()
    # The fields folded under "Going out and special rules", apart from the hand's row.
    FOLDED = ("going_out", "note")

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

    from_players = _number("From players")
    to_players = _number("To players")
    decks = _number("Decks")
    jokers = _number("Jokers")

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
        "Name",
        filters=[strip_whitespace],
        validators=[DataRequired("Give the rules a name."), Length(max=80), plain_name],
    )
    min_players = _required_number("Fewest players", "Say how few players may play.")
    max_players = _required_number("Most players", "Say how many players may play.")
    description = StringField(
        "One-line description", filters=[strip_whitespace], validators=[Length(max=200)]
    )
    hands = FieldList(FormField(HandRow), max_entries=MOST_HANDS)
    family_limits_open = BooleanField(
        "Where a hand's May I? limit is your family's to set and you leave it blank, "
        "there is no limit"
    )
    show_lengths = BooleanField("Write every length in the contracts (“2 sets of 3”)")
    deck_counts = FieldList(FormField(DeckRow), max_entries=MOST_DECK_ROWS)
    wild = StringField("Wild cards", filters=[strip_whitespace], validators=[Length(max=200)])
    ace_in_runs = StringField(
        "Aces in runs", filters=[strip_whitespace], validators=[Length(max=200)]
    )
    # Made here so that they take their place in the form's order (WTForms keeps fields in the
    # order they are made), which is the page's: `refusal_links` lists refusals by it.
    PRICE_FIELDS = {rank: _price(rank) for rank in rules.RANKS}
    # "1" while the card prices are left to the family.
    prices_family = HiddenField()
    wild_rank_points = _required_number(
        "Points for a hand's wild rank left in hand", "Say what a hand's wild rank costs."
    )
    short_card_penalty = _required_number(
        "Points per missing card", "Say what a card missing from a short hand costs."
    )
    last_turn_after_out = BooleanField(
        "After someone goes out, the others get one more turn (several may go out)"
    )
    bonuses = TextAreaField(
        "Bonuses, one per line",
        filters=[lambda text: text.strip() if text else text],
        validators=[Length(max=600), storable_text],
    )
    may_i_penalty_cards = _required_number(
        "Penalty cards", "Say how many penalty cards a May I? takes (0 for none)."
    )
    may_i_per_hand_limit = _number("May I?s per player in any hand")
    may_i_banned_last_hands = _required_number(
        "No May I? in the last … hands",
        "Say in how many of the last hands May I? is banned (0 for none).",
    )
    may_i_priority = SelectField("Several ask at once", choices=PRIORITY_WORDS)
    may_i_after_going_down = BooleanField("Allowed after going down")
    may_i_not_twice_running = BooleanField("Not twice running")
    may_i_not_after_current_takes = BooleanField("Not once the discard is taken")
    may_i_buying = BooleanField("Claims are buys: the player in turn may buy too")
    may_i_price = _required_number(
        "Price of a buy (pennies into the kitty)", "Say what a buy costs (0 for nothing)."
    )
    plays_for_pennies = BooleanField("Played for pennies: settle up at the end")
    # "1" while the payments by place are left to the family.
    schedule_family = HiddenField()
    settlement_schedule = TextAreaField(
        "Payments by place",
        filters=[lambda text: text.strip() if text else text],
        validators=[Length(max=600)],
    )
    kitty_split = SelectField("The kitty goes", choices=KITTY_SPLIT_WORDS, default="winner")
    stock_kind = SelectField(
        "When the stock runs out",
        choices=STOCK_CHOICES,
    )
    fairness_missing_score = BooleanField("Missing score")
    fairness_incomplete_game = BooleanField("Incomplete game")
    fairness_suspension = BooleanField("Suspension")
    fairness_corrections = BooleanField("Scoring errors")
    extra_rules = TextAreaField(
        "Other rules, one per line", validators=[Length(max=4000), storable_text]
    )

    def __init__(
        self,
        league: League,
        record: LeagueRuleSet | None = None,
        unset: tuple[str, ...] = (),
        claim: str = "May I?",
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.league = league
        self.record = record
        # The saved rules' cells still left to the family, each marked on its field.
        self.unset = frozenset(unset)
        # "Buy limit" in the buying game, "May I? limit" elsewhere.
        self.limit_label = f"{claim[0].upper()}{claim[1:]} limit"
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
                row.cards_dealt.errors = ["Say how many cards each player is dealt."]
                valid = False
        blank = [r for r in rules.STANDARD_RANKS if self.price(r).data is None]
        if not (self.prices_family.data == "1" and len(blank) == len(rules.STANDARD_RANKS)):
            for rank in blank:
                if not self.price(rank).errors:
                    self.price(rank).errors = [f"Say what a {rules.rank_name(rank)} costs."]
                    valid = False
        for deck_row in self.kept_deck_rows():
            for f in deck_row:
                if f.data is None and not f.errors:
                    f.errors = ["Fill in every number of the row, or clear it."]
                    valid = False
        return valid


for _rank, _field in RuleSetForm.PRICE_FIELDS.items():
    setattr(RuleSetForm, f"price_{_rank}", _field)


def refuse_taken_name(league: League, name: str | None, record: LeagueRuleSet | None) -> None:
    """Raise ValidationError when another rule set of the league has this name."""
    wanted = (name or "").casefold()
    if any(r.name.casefold() == wanted and r is not record for r in league.rulesets):
        raise ValidationError(f"The league already has rules called “{name}”.")


class NewRuleSetForm(AppForm):
    """Make house rules: copy a preset or one of the league's rule sets, under a new name."""

    origin = SelectField("Start from")
    name = StringField(
        "Name of the new rules",
        filters=[strip_whitespace],
        validators=[DataRequired("Give the new rules a name."), Length(max=80)],
    )

    def __init__(self, league: League, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.league = league
        # A league's copy often keeps its preset's name: each option says which it is.
        self.origin.choices = {
            "Presets": {
                f"preset:{key}": f"{rs.name} (preset)" for key, rs in rules.PRESETS.items()
            },
            f"{possessive(league.name)} rules": {
                f"league:{r.id}": f"{r.name} (this league's)" for r in league.rulesets
            },
        }

    def validate_name(self, field: StringField) -> None:
        """Refuse a name another rule set of the league has."""
        refuse_taken_name(self.league, field.data, None)
