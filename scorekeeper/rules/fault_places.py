"""Where in a rule set a fault sits, in the words of the editor's fields: "Hand 2"."""

from __future__ import annotations

from scorekeeper.rules.language import N_, _

# Each field a text check names, in words; those of a list with the entry's number.
FIELD_WORDS = {
    "name": N_("Name"),
    "key": N_("Key"),
    "wild": N_("Wild cards"),
    "ace_in_runs": N_("Aces in runs"),
    "description": N_("Description"),
}
ENTRY_WORDS = {
    "hands": N_("Hand %(number)s"),
    "prices": N_("Card group %(number)s"),
    "extra_rules": N_("Other rules, line %(number)s"),
    "deck_counts": N_("Decks row %(number)s"),
    "bonuses": N_("Bonus %(number)s"),
}


def fault_place(path: str) -> str:
    """A field path in words for a message: "hands[1].note" is "Hand 2"."""
    head, _bracket, index = path.partition("[")
    if not index:
        return _(FIELD_WORDS[head]) if head in FIELD_WORDS else head
    number = int(index.split("]")[0]) + 1
    if head not in ENTRY_WORDS:
        return f"{head} {number}"
    return _(ENTRY_WORDS[head]) % {"number": number}


def hand_place(index: int) -> str:
    """A hand by its number, as a fault names it: "Hand 2"."""
    return _("Hand %(number)s") % {"number": index + 1}


def group_place(label: str) -> str:
    """A card group by its label, as a fault names it."""
    return _("Card group %(label)s") % {"label": repr(label)}


def bonus_place(label: str) -> str:
    """A bonus by its label, as a fault names it."""
    return _("Bonus %(label)s") % {"label": repr(label)}
