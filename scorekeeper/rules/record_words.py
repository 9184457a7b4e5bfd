"""The records' words: each record's title, what counts for it, and its value, in the language
the rules speak when the record is shown (`rules/records.py` decides the records)."""

from __future__ import annotations

from scorekeeper.rules.dealing import ruleset_name_words
from scorekeeper.rules.language import N_, _, ngettext

# Each record's title and what counts for it, in one line; its value's words are
# `amount_words`'.
KINDS: dict[str, tuple[str, str]] = {
    "wins": (N_("Most games won"), N_("Games finished first, a shared first place included.")),
    "best": (N_("Best game total"), N_("The lowest game total under this rule set.")),
    "worst": (
        N_("Worst game total"),
        N_("The highest game total under this rule set; a total posted for a player who left "
           "counts, as in the standings."),
    ),
    "out": (N_("Most hands gone out"), N_("Hands in which the player went out.")),
    "zeros": (
        N_("Most zeros in a season"),
        N_("Hands that cost the player nothing: 0 points, or less with a bonus."),
    ),
    "out_run": (
        N_("Longest run of hands gone out"),
        N_("Hands gone out one after another in one game; a hand dealt again is no break."),
    ),
    "win_run": (
        N_("Longest run of games won"),
        N_("Games won one after another, of the games the player sat in."),
    ),
    "comeback": (
        N_("Biggest comeback"),
        N_("Furthest behind the leader at half-time (after half the hands, rounded down) "
           "in a game the player went on to win."),
    ),
    "closest": (
        N_("Closest finish"),
        N_("The fewest points between the winner and the next place; a shared win is 0."),
    ),
    "claims": (
        N_("Most May I?s or buys in a game"),
        N_("May I?s or buys one player made in one game."),
    ),
    "low_hand": (
        N_("Lowest hand for the whole table"),
        N_("The hand whose scores, added up over everyone at the table, came to the least."),
    ),
}  # fmt: skip


def title_words(kind: str, ruleset: str | None = None) -> str:
    """A record's name, with its rule set's for the game totals."""
    title = _(KINDS[kind][0])
    if ruleset is None:
        return title
    rules = ruleset_name_words(ruleset)
    return _("%(record)s, %(rules)s") % {"record": title, "rules": rules}


def about_words(kind: str) -> str:
    """What counts for a record, in one line."""
    return _(KINDS[kind][1])


def amount_words(kind: str, n: int) -> str:
    """A record's value in words."""
    match kind:
        case "wins":
            words = ngettext("%(count)s game won", "%(count)s games won", n)
        case "best" | "worst":
            words = ngettext("%(count)s point", "%(count)s points", n)
        case "out":
            words = ngettext("%(count)s hand gone out", "%(count)s hands gone out", n)
        case "zeros":
            words = ngettext("%(count)s zero", "%(count)s zeros", n)
        case "out_run":
            words = ngettext("%(count)s hand in a row", "%(count)s hands in a row", n)
        case "win_run":
            words = ngettext("%(count)s game in a row", "%(count)s games in a row", n)
        case "comeback":
            words = ngettext("%(count)s point behind", "%(count)s points behind", n)
        case "closest" if n == 0:
            words = _("a shared win")
        case "closest":
            words = ngettext("won by %(count)s point", "won by %(count)s points", n)
        case "claims":
            words = ngettext("%(count)s May I? or buy", "%(count)s May I?s or buys", n)
        case _:
            words = ngettext("%(count)s point in all", "%(count)s points in all", n)
    return words % {"count": n}


def records_words() -> str:
    """What the records count, in one line."""
    return _(
        "Only games that count in the standings count here, posted scores as the standings "
        "take them; a tie shares the record."
    )
