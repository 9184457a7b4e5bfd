"""The recap's parts from other rules: the records a card's games set or share, and the rating
moves of the players rated after them."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.rules.recap import rating_part, records_part
from scorekeeper.rules.records import Holder, Record, records_set

DAY = date(2026, 3, 14)


def held(game: int, *names: str) -> Holder:
    return Holder(tuple(enumerate(names, 1)), game, game, DAY)


WINS = Record("wins", 3, (held(1, "Ann"), held(2, "Bob")))
CLOSEST = Record("closest", 0, (held(2, "Ann", "Bob"),))
NOBODY = Record("claims", None, ())


@pytest.mark.parametrize(
    ("records", "games", "expected"),
    [
        # a tie shared: only the card's games' holdings are kept
        ([WINS, CLOSEST, NOBODY], {1}, [("wins", ("Ann",))]),
        ([WINS, CLOSEST, NOBODY], {2}, [("wins", ("Bob",)), ("closest", ("Ann", "Bob"))]),
        ([WINS, CLOSEST], {1, 2}, [("wins", ("Ann", "Bob")), ("closest", ("Ann", "Bob"))]),
        # a game that holds nothing
        ([WINS, CLOSEST, NOBODY], {3}, []),
    ],
    ids=["first-game", "second-game", "a-days-games", "none"],
)
def test_records_set_keep_the_games_holdings(records, games, expected):
    found = records_set(records, games)

    names = [(r.kind, tuple(n for h in r.holders for _p, n in h.players)) for r in found]
    assert names == expected


@pytest.mark.parametrize(
    ("all_time", "season", "words"),
    [
        # the same record of the season is said once, as all time's
        ([WINS], [WINS], "Most games won: Ann, Bob, 3 games won"),
        # a season's own record is named with its season
        ([], [CLOSEST], "Closest finish (2026): Ann, Bob, a shared win"),
        ([WINS], [CLOSEST], "Most games won: Ann, Bob, 3 games won; "
                            "Closest finish (2026): Ann, Bob, a shared win"),
        ([], [], None),
    ],
    ids=["same-record-once", "season-named", "both", "none"],
)  # fmt: skip
def test_records_part_words(all_time, season, words):
    part = records_part(all_time, season, "2026")

    assert (part.words if part else None) == words


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        ([("Ann", "1512", "+14"), ("Bob", "1488", "−9")], "Ann 1512 (+14), Bob 1488 (−9)"),
        ([], None),  # nobody rated yet: no part
    ],
    ids=["rated", "nobody-rated"],
)
def test_rating_part_words(moves, words):
    part = rating_part(moves)

    assert (part.words if part else None) == words
    assert part is None or part.label == "Rating moves"
