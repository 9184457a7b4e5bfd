"""The form that scores a hand, read by a parser of its own.

Per player: out, a tally by price group (with a tick for each bonus the rules give) or a
typed total, cards short, a penalty and its reason, no score given; for the hand: the stock
ran out for good, the totals confirmed, the version the phone loaded and, to correct it, who,
why and the table's agreement. Every number is read within its bound in `rules.limits`; each
refusal is kept beside its input.
`templates/table/hand_form.html` writes the inputs (CSRFProtect checks the token it sends).

A count field is named after its price group (`p1_cards_10_k` for Bob's 10-K cards), so a
report reads the same whatever order the rule set lists its groups in.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from flask_babel import gettext, lazy_gettext, ngettext
from wtforms import HiddenField, StringField
from wtforms.validators import InputRequired, Length

from scorekeeper.forms.base import AppForm
from scorekeeper.forms.fields import strip_whitespace
from scorekeeper.rules import limits
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.ruleset import PriceGroup, RuleSet
from scorekeeper.rules.scoring import label_words, report_groups

# More cards than any table holds (the rules check the real number in play), more points.
CARDS, POINTS = limits.CARDS_IN_HAND, limits.HAND_POINTS
CARDS_MESSAGE = lazy_gettext("Give a whole number of cards, 0 to %(most)s.", most=CARDS.high)
POINTS_MESSAGE = lazy_gettext("Give a whole number of points, 0 to %(most)s.", most=POINTS.high)
# A check box sent with one of these values stays unticked.
UNTICKED = ("", "false")
# A hand priced in more groups than FOLD_PAST (the progressive game prices card by card)
# shows its SHOWN_AT_ONCE dearest groups and folds the others under "More cards".
FOLD_PAST = 8
SHOWN_AT_ONCE = 6


def count_field_names(groups: Sequence[PriceGroup]) -> list[str]:
    """The name part of each group's count field, in the groups' order: "2-9" is "cards_2_9".

    Two labels that read alike ("10-K" and "10 K") keep apart with a number after the second.
    """
    names: list[str] = []
    for group in groups:
        base = "cards_" + (re.sub(r"[^a-z0-9]+", "_", group.label.lower()).strip("_") or "group")
        name, n = base, 2
        while name in names:
            name, n = f"{base}_{n}", n + 1
        names.append(name)
    return names


def folded_groups(groups: Sequence[PriceGroup]) -> tuple[PriceGroup, ...]:
    """The price groups the hand form folds away, in the groups' order: none of a short
    list; of a long one, all but the dearest (the first listed of equal price first).

    A bonus's tick (a group without cards) is never folded: it is a feat, not a card.
    """
    cards = [group for group in groups if group.ranks]
    if len(cards) <= FOLD_PAST:
        return ()
    dearest = sorted(cards, key=lambda group: -group.points)[:SHOWN_AT_ONCE]
    return tuple(group for group in cards if group not in dearest)


def more_cards_words(folded: Sequence[PriceGroup]) -> str:
    """The words that open the folded groups: "More cards: A to 9"."""
    labels = [label_words(group.label) for group in folded]
    if len(labels) > 3:
        return gettext("More cards: %(first)s to %(last)s", first=labels[0], last=labels[-1])
    return gettext("More cards: %(groups)s", groups=", ".join(labels))


@dataclass
class Input:
    """One input: its name (its id too), its label, the text it shows, why it was refused."""

    name: str
    label: str = ""
    text: str = ""
    errors: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The input's id, for its label and the texts that describe it."""
        return self.name

    def read(self, sent: str | None) -> None:
        """Read the value sent for this input (None when the form sent none)."""
        raise NotImplementedError


@dataclass
class Number(Input):
    """A whole number within `bound`; left blank, none. A refused one shows as it was sent."""

    bound: limits.Bound = POINTS
    refusal: str = POINTS_MESSAGE
    data: int | None = None

    def read(self, sent: str | None) -> None:
        """Read the number, or refuse it with the message that states its bound."""
        self.text = sent or ""
        self.data = limits.whole_number(sent, self.bound)
        if self.data is None and self.text.strip():
            self.errors.append(str(self.refusal))  # in the language of the page shown

    def show(self, value: int | None) -> None:
        """Show `value` in the input."""
        self.data = value
        self.text = "" if value is None else str(value)


@dataclass
class Check(Input):
    """A check box."""

    data: bool = False

    def read(self, sent: str | None) -> None:
        """Ticked when sent with any value but an empty one or "false"."""
        self.data = sent is not None and sent not in UNTICKED


@dataclass
class Text(Input):
    """A line of text, trimmed and with runs of spaces folded, of at most `longest` characters."""

    longest: int = 0
    data: str = ""

    def read(self, sent: str | None) -> None:
        """Read the text, or refuse it when it is too long."""
        self.data = self.text = strip_whitespace(sent) or ""
        if len(self.data) > self.longest:
            self.errors.append(
                ngettext(
                    "Field cannot be longer than %(num)s character.",
                    "Field cannot be longer than %(num)s characters.",
                    self.longest,
                )
            )


@dataclass
class Carried(Input):
    """A hidden value the page sends back as it was given (the version the phone loaded)."""

    def read(self, sent: str | None) -> None:
        """Keep what was sent; a form without it keeps the value given."""
        if sent is not None:
            self.text = sent

    @property
    def data(self) -> str:
        """The value, as text."""
        return self.text


@dataclass
class PlayerFields:
    """One player's inputs on the hand form."""

    out: Check
    no_score: Check
    counts: list[tuple[PriceGroup, Number]]
    total: Number
    short: Number
    penalty: Number
    penalty_reason: Text
    # The labels of the groups whose counts fold away (see `folded_groups`).
    folded: tuple[str, ...] = ()

    @classmethod
    def blank(
        cls, seat: int, groups: Sequence[PriceGroup], short_card_penalty: int
    ) -> PlayerFields:
        """The inputs of the player in `seat` as the form opens."""
        prefix = f"p{seat}_"
        counts = [
            (group, Number(prefix + name, bound=CARDS, refusal=CARDS_MESSAGE))
            for group, name in zip(groups, count_field_names(groups), strict=True)
        ]
        player = cls(
            out=Check(prefix + "out", gettext("Went out")),
            no_score=Check(prefix + "no_score", gettext("No score given")),
            counts=counts,
            total=Number(prefix + "total", gettext("Or type the points")),
            short=Number(
                prefix + "short",
                ngettext(
                    "Cards short (× %(num)s point)",
                    "Cards short (× %(num)s points)",
                    short_card_penalty,
                ),
                bound=CARDS,
                refusal=CARDS_MESSAGE,
            ),
            penalty=Number(prefix + "penalty", gettext("Other penalty (points)")),
            penalty_reason=Text(
                prefix + "penalty_reason",
                gettext("Reason for the penalty"),
                longest=limits.LONGEST["penalty_reason"],
            ),
            folded=tuple(group.label for group in folded_groups(groups)),
        )
        for _, count in counts:
            count.show(0)
        player.short.show(0)
        player.penalty.show(0)
        return player

    def inputs(self) -> list[Input]:
        """Every input of the player."""
        fields: list[Input] = [self.out, self.no_score, self.total, self.short, self.penalty]
        return fields + [count for _, count in self.counts] + [self.penalty_reason]

    def entry(self) -> PlayerEntry:
        """The player's report as the rules module takes it."""
        return PlayerEntry(
            went_out=self.out.data,
            tally={group.label: count.data or 0 for group, count in self.counts},
            typed_total=self.total.data,
            short_cards=self.short.data or 0,
            penalty=self.penalty.data or 0,
            penalty_reason=self.penalty_reason.data,
            no_score=self.no_score.data,
        )

    def fill(self, entry: PlayerEntry) -> None:
        """Show a saved report in the inputs."""
        self.out.data = entry.went_out
        self.no_score.data = entry.no_score
        for group, count in self.counts:
            count.show(entry.tally.get(group.label, 0))
        self.total.show(entry.typed_total)
        self.short.show(entry.short_cards)
        self.penalty.show(entry.penalty)
        self.penalty_reason.data = self.penalty_reason.text = entry.penalty_reason

    @property
    def shown_counts(self) -> list[tuple[PriceGroup, Number]]:
        """The card counts shown at once."""
        return [
            (group, count)
            for group, count in self.counts
            if group.ranks and group.label not in self.folded
        ]

    @property
    def bonus_ticks(self) -> list[tuple[PriceGroup, Number]]:
        """The ticks of the rule set's bonuses (groups without cards): kept apart from the
        cards, since going out or typing the points leaves them as they are."""
        return [(group, count) for group, count in self.counts if not group.ranks]

    @property
    def folded_counts(self) -> list[tuple[PriceGroup, Number]]:
        """The counts folded under "More cards"."""
        return [(group, count) for group, count in self.counts if group.label in self.folded]

    @property
    def opens_fold(self) -> bool:
        """True when a folded count holds cards or was refused: the fold shows it open."""
        return any(count.data or count.errors for _, count in self.folded_counts)

    @property
    def has_errors(self) -> bool:
        """True when any of the player's inputs was refused."""
        return any(f.errors for f in self.inputs())


class HandForm:
    """The hand form of a table of `seat_count` players, for hand `hand_number`'s prices (a
    hand's own when its wild rank is priced apart; the rule set's when None)."""

    # The most a count (or cards short) and a number of points may be, for the page's script.
    most_cards = CARDS.high
    most_points = POINTS.high

    def __init__(
        self,
        rs: RuleSet,
        seat_count: int,
        hand_number: int | None = None,
        version: int | None = None,
    ) -> None:
        groups = report_groups(rs, hand_number)
        self.more_cards_words = more_cards_words(folded_groups(groups))
        self.players = [
            PlayerFields.blank(seat, groups, rs.short_card_penalty) for seat in range(seat_count)
        ]
        self.version = Carried("version", text="" if version is None else str(version))
        self.stock_ran_out = Check(
            "stock_ran_out", gettext("Nobody went out: the stock ran out for good (only then)")
        )
        self.confirm = Check("confirm", gettext("Yes, these totals are right"))
        self.made_by = Text("made_by", gettext("Your name"), longest=limits.LONGEST["name"])
        self.reason = Text("reason", gettext("Why the change"), longest=limits.LONGEST["words"])
        self.agreed = Check("agreed", gettext("The whole table agrees to this change"))
        # Sent by the page of a hand saved first: open the fix form with these numbers.
        self.review = Check("review", gettext("Fix the hand with what you sent"))
        # The proposed correction a fix accepts, by its id (the fix form opened from it).
        self.proposal = Carried("proposal")
        # What refuses the report as a whole, shown above the form.
        self.form_errors: list[str] = []

    def inputs(self) -> list[Input]:
        """Every input of the form."""
        fields: list[Input] = [self.version, self.stock_ran_out, self.confirm, self.review]
        fields.append(self.proposal)
        fields += [self.made_by, self.reason, self.agreed]
        return fields + [f for player in self.players for f in player.inputs()]

    def read(self, sent: Mapping[str, str]) -> bool:
        """Read the form as it was sent; True when every input was accepted."""
        fields = self.inputs()
        for f in fields:
            f.read(sent.get(f.name))
        return not any(f.errors for f in fields)

    def report_as_sent(self) -> list[tuple[str, str]]:
        """The report's inputs as read (names and values, ticked boxes only), for a page to
        send them again."""
        fields = [self.stock_ran_out] + [f for player in self.players for f in player.inputs()]
        return [
            (f.name, "y" if isinstance(f, Check) else f.text)
            for f in fields
            if not isinstance(f, Check) or f.data
        ]

    def refuse_correction(self, message: str) -> None:
        """Keep a refused correction's message on what it lacks: the reason, else the
        table's agreement."""
        (self.reason if not self.reason.data else self.agreed).errors.append(message)

    def refused(self, names: Sequence[str]) -> list[tuple[str, str]]:
        """Each refused input, in the page's order, as the list above the form links to it:
        what went wrong (with the player's name and the input's label) and the input's id."""
        found: list[tuple[str, str]] = []
        for name, player in zip(names, self.players, strict=False):
            labelled: list[tuple[str, Input]] = [
                (label_words(g.label), count) for g, count in player.counts
            ]
            labelled += [(f.label, f) for f in (player.total, player.short, player.penalty)]
            labelled.append((player.penalty_reason.label, player.penalty_reason))
            found += [
                (
                    gettext(
                        "%(name)s, %(label)s: %(problems)s",
                        name=name,
                        label=label,
                        problems=" ".join(f.errors),
                    ),
                    f.id,
                )
                for label, f in labelled
                if f.errors
            ]
        for f in (self.made_by, self.reason, self.agreed):
            found += [(message, f.id) for message in f.errors]
        return found

    def player(self, index: int) -> PlayerFields:
        """The inputs of the player in seat `index`."""
        return self.players[index]

    def entries(self) -> list[PlayerEntry]:
        """Each player's report, read from the sent inputs."""
        return [player.entry() for player in self.players]

    def load(self, entries: Sequence[PlayerEntry], stock_ran_out: bool) -> None:
        """Fill the inputs from a saved report, to correct it."""
        self.stock_ran_out.data = stock_ran_out
        for player, entry in zip(self.players, entries, strict=False):
            player.fill(entry)


class RedealForm(AppForm):
    """Record that the hand in play is dealt again."""

    version = HiddenField()
    reason = StringField(
        lazy_gettext("Why is it dealt again?"),
        filters=[strip_whitespace],
        validators=[
            InputRequired(lazy_gettext("Say why the hand is dealt again.")),
            Length(max=200),
        ],
    )
