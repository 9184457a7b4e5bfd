"""The words of the outbox's scripts (static/outbox.js, outbox-store.js, waiting.js), given by
every page as JSON in its status line's data-words: the scripts hold no words of their own
(docs/translating.md).

A placeholder the script fills is written `{name}`. A sentence with a count the script knows
only in the browser comes as a table of forms by count (`count_forms`), each from ngettext,
since the browser's plural categories are not the catalog's forms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask_babel import gettext, ngettext

from scorekeeper.rules import limits

# The saves a phone's status line counts in words: past this many, it says the last form
# (a phone holds far fewer, a game's hands and their May I?s at most).
SAVES_COUNTED = 100


def count_forms(words: Callable[[int], str], most: int) -> dict[str, list[Any]]:
    """A sentence's forms for the counts 0 to `most`: the distinct `forms`, and for each count
    the index of its form (`of`), so a page carries each form once."""
    said = [words(count) for count in range(most + 1)]
    forms = list(dict.fromkeys(said))
    return {"forms": forms, "of": [forms.index(form) for form in said]}


def _hands_waiting(count: int) -> str:
    return ngettext(
        "{hands} waits on this phone, so the next to score is hand {next}: its dealer and "
        "contract are on its form.",
        "{hands} wait on this phone, so the next to score is hand {next}: its dealer and "
        "contract are on its form.",
        count,
    )


def _hands_waiting_last(count: int) -> str:
    return ngettext(
        "{hands} waits on this phone: what comes next shows once it lands.",
        "{hands} wait on this phone: what comes next shows once they land.",
        count,
    )


def outbox_words() -> dict[str, Any]:
    """Every sentence the outbox's scripts show, in the page's language."""
    hands = limits.HANDS.high
    return {
        "saves": count_forms(
            lambda n: ngettext("{count} save waiting", "{count} saves waiting", n),
            SAVES_COUNTED,
        ),
        "signInToSend": count_forms(
            lambda n: ngettext(
                "Sign in again to send {count} save waiting.",
                "Sign in again to send {count} saves waiting.",
                n,
            ),
            SAVES_COUNTED,
        ),
        "signIn": gettext("Sign in"),
        "notSaved": gettext("Not saved: {what}. {reason}"),
        "putRight": gettext("Open it to put it right"),
        "dismiss": gettext("Dismiss"),
        "behind": gettext(
            "{what} waits on this phone until hand {hand} is put right (or dismissed)."
        ),
        "openHand": gettext("Open hand {hand} to put it right"),
        "refusedMark": gettext("not saved"),
        "waitingMark": gettext("waiting"),
        "entered": gettext("{name}: {words}"),
        "totalsThen": gettext("Totals then: {totals}"),
        "totalsWhenItLands": gettext("Totals then: when it lands"),
        "oneHand": gettext("Hand {hand}"),
        "someHands": gettext("Hands {hands} and {last}"),
        "handsWaiting": count_forms(_hands_waiting, hands),
        "handsWaitingLast": count_forms(_hands_waiting_last, hands),
        "handBehind": gettext("Hand {hand} waits on this phone until hand {previous} is saved."),
        "held": gettext("{what} waits on this phone: these come back here once it lands."),
        "answered": gettext("The server answered {status}."),
        "kept": gettext(
            "{what} is saved on this phone and will be sent when the connection is back."
        ),
        "keptAfterHand": gettext(
            "{reason} It is saved on this phone and will be sent after that hand."
        ),
        "nothingEntered": gettext("nothing entered"),
        "noScore": gettext("no score: posted when it lands"),
        "inHand": gettext("{what} in hand {hand}"),
    }
