"""A game's end note is kept in English and shown in the language spoken."""

from __future__ import annotations

import pytest

from scorekeeper.rules.ending import note_shown
from scorekeeper.rules.language import ENGLISH, speaking
from tests.rules.test_language import catalog

AGREED = "The table ended the game after 3 of 7 hands."
NOBODY = "Nobody played every hand, so the game counts for nothing."
LEFT = "Fewer than two players were left to go on, so the game ended after 1 of 1 hand."
ONLY = "Only Ana María finished, so the game counts for nothing."
SUSPENDED = "The game was suspended after 4 of 8 hands and did not go on."
POSTED = "A player who did not finish is posted 120 + -30 = 90."
UNPOSTED = "The totals stand as they were: this league posts no totals for unfinished games."


@pytest.mark.parametrize(
    ("kept", "language", "shown"),
    [
        (f"{AGREED} {NOBODY}", "es",
         "La mesa terminó la partida tras 3 de 7 manos. Nadie jugó todas las manos, así que la "
         "partida no cuenta."),
        (f"{LEFT} {ONLY}", "es",
         "Quedaban menos de dos jugadores para seguir, así que la partida terminó tras 1 de 1 "
         "mano. Solo Ana María terminó, así que la partida no cuenta."),
        (f"{SUSPENDED} {POSTED}", "es",
         "La partida se suspendió tras 4 de 8 manos y no siguió. A quien no terminó se le "
         "asigna 120 + -30 = 90."),
        (UNPOSTED, "de", None),
        (AGREED, "de", None),
        (f"{AGREED} {NOBODY}", "en", f"{AGREED} {NOBODY}"),
        ("Left early, Grandma was tired.", "es", "Left early, Grandma was tired."),
        ("", "de", ""),
    ],
)  # fmt: skip
def test_a_kept_note_is_shown_in_the_language_spoken(kept, language, shown):
    with speaking(ENGLISH if language == "en" else catalog(language)):
        words = note_shown(kept)
    if shown is None:  # a German sentence: translated, with its numbers
        assert words != kept and words
        assert all(number in words for number in ("3", "7") if number in kept)
    else:
        assert words == shown
