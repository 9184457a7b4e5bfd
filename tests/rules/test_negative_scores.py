"""Scores below zero: a bonus the rules give for a ticked feat, and every total, place, tie,
posted score and standing that follows from it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.rules.bonuses import bonuses_text, parse_bonuses
from scorekeeper.rules.entries import PlayerEntry, check_hand, entry_score, score_terms
from scorekeeper.rules.incomplete_game import final_game_totals
from scorekeeper.rules.missing_score import posted_missing_score
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Bonus, Payouts, RulesError, Settlement
from scorekeeper.rules.scoring import is_possible_total, places, running_totals
from scorekeeper.rules.settlement import settle
from scorekeeper.rules.standings import PlayerRecord, rank

OUT_IN_ONE = Bonus("Out in one go", -30, out_only=True)
CUT = Bonus("Perfect cut", -10)
# Carioca with the two bonuses of a family's variant: going out in one go, a perfect cut.
RS = replace(preset("carioca"), bonuses=(OUT_IN_ONE, CUT))


# A hand's score: cards, penalties and bonuses, with the words of what it is made of.
SCORES = [
    # report                                                    score  terms
    (PlayerEntry(went_out=True, tally={"Out in one go": 1}),    -30,   "out + out in one go (-30)"),
    (PlayerEntry(went_out=True, tally={"Out in one go": 1,
                                       "Perfect cut": 1}),      -40,
     "out + out in one go (-30) + perfect cut (-10)"),
    # A perfect cut may go to a player who still holds cards: 5 + 20 - 10.
    (PlayerEntry(tally={"5": 1, "A": 1, "Perfect cut": 1}),     15,    "25 + perfect cut (-10)"),
    (PlayerEntry(typed_total=4, tally={"Perfect cut": 1}),      -6,    "4 + perfect cut (-10)"),
    (PlayerEntry(went_out=True),                                0,     ""),
    (PlayerEntry(tally={"5": 2}),                               10,    ""),
]  # fmt: skip


@pytest.mark.parametrize(("entry", "score", "terms"), SCORES)
def test_hand_scores_with_bonuses(entry: PlayerEntry, score: int, terms: str) -> None:
    assert entry_score(RS, entry, 1) == score
    assert score_terms(RS, entry, 1) == terms


def _errors(entries: list[PlayerEntry]) -> list[str]:
    names = ["Ann", "Bob", "Cat"][: len(entries)]
    check = check_hand(RS, entries, names, stock_ran_out=False, hand_number=1)
    return [problem.message for problem in check.errors]


HOLDS = PlayerEntry(tally={"9": 1})
# Reports the checks refuse, and why; the tick of a bonus is no card.
REFUSED = [
    ("only the one out", [PlayerEntry(went_out=True), PlayerEntry(tally={"9": 1,
                                                                       "Out in one go": 1})],
     "Bob: only the player who went out earns “Out in one go”."),
    ("once a hand",      [PlayerEntry(went_out=True, tally={"Perfect cut": 2}), HOLDS],
     "Ann: “Perfect cut” is earned once in a hand, not 2 times."),
    ("no score given",   [PlayerEntry(went_out=True), PlayerEntry(no_score=True,
                                                                  tally={"Perfect cut": 1})],
     "Bob is marked as giving no score, so earns no “Perfect cut”."),
    ("a tick is no card", [PlayerEntry(went_out=True), PlayerEntry(tally={"Perfect cut": 1})],
     "Bob: tap the cards left in hand, type their total, or mark Bob as out."),
]  # fmt: skip


@pytest.mark.parametrize(
    ("entries", "message"), [case[1:] for case in REFUSED], ids=[case[0] for case in REFUSED]
)
def test_bonus_ticks_the_checks_refuse(entries: list[PlayerEntry], message: str) -> None:
    assert message in _errors(entries)


def test_a_bonus_ticked_by_the_player_out_is_accepted() -> None:
    entries = [PlayerEntry(went_out=True, tally={"Out in one go": 1, "Perfect cut": 1}), HOLDS]
    assert _errors(entries) == []


def test_a_bonus_is_no_price_of_cards() -> None:
    # The totals a typed count is checked against are the cards' alone: -10 is none of them.
    assert not is_possible_total(RS, -10)
    assert is_possible_total(RS, 20)


# Game totals after each hand, and places with ties, when totals go below zero.
TOTALS = [
    # hands (scores by player)                              final totals               places
    ([{"A": -30, "B": 10, "C": 5}],                         {"A": -30, "B": 10, "C": 5},
     {"A": 1, "B": 3, "C": 2}),
    ([{"A": -30, "B": 10}, {"A": 20, "B": -20}],            {"A": -10, "B": -10},
     {"A": 1, "B": 1}),
    ([{"A": -10, "B": 0, "C": -10, "D": 5}],                {"A": -10, "B": 0, "C": -10, "D": 5},
     {"A": 1, "B": 3, "C": 1, "D": 4}),
    ([{"A": 0, "B": -1}],                                   {"A": 0, "B": -1},
     {"A": 2, "B": 1}),
]  # fmt: skip


@pytest.mark.parametrize(("hands", "totals", "expected"), TOTALS)
def test_totals_and_places_below_zero(
    hands: list[dict[str, int]], totals: dict[str, int], expected: dict[str, int]
) -> None:
    assert running_totals(hands)[-1] == totals
    assert places(totals) == expected


# The fairness rules post the two highest, whatever their sign.
POSTED = [
    # given scores         posted
    ([-30, -10, 5],        -5),
    ([-30, -10],           -40),
    ([-30],                None),
]  # fmt: skip


@pytest.mark.parametrize(("given", "posted"), POSTED)
def test_missing_score_posted_from_scores_below_zero(given: list[int], posted: int | None) -> None:
    assert posted_missing_score(given) == posted


def test_an_unfinished_game_posted_from_totals_below_zero() -> None:
    verdict = final_game_totals({"A": -40, "B": -25, "C": 60}, {"A": True, "B": True, "C": False})
    assert verdict.totals == {"A": -40, "B": -25, "C": -65}


def test_standings_rank_averages_below_zero_first() -> None:
    records = [
        PlayerRecord(1, "Ann", games=2, wins=1, total_points=-20, best=-30, worst=10),
        PlayerRecord(2, "Bob", games=2, wins=1, total_points=10, best=0, worst=10),
        PlayerRecord(3, "Cat", games=2, wins=1, total_points=-20, best=-30, worst=10),
    ]
    lines = rank(records, "average")
    assert [(line.record.name, line.place) for line in lines] == [
        ("Ann", 1),
        ("Cat", 1),
        ("Bob", 3),
    ]


def test_settling_up_follows_places_below_zero() -> None:
    rs = replace(RS, settlement=Settlement(schedule=(Payouts(3, (20, 0, -20)),)))
    settled = settle(rs, places({"A": -30, "B": -5, "C": 12}))
    assert settled.net == {"A": 20, "B": 0, "C": -20}


# The editor's bonus lines, read back and written out.
LINES = [
    # text                                          bonuses
    ("",                                            ()),
    ("Perfect cut: -10",                            (CUT,)),
    ("Out in one go: -30, out only\nPerfect cut: -10",
                                                    (OUT_IN_ONE, CUT)),
    # Spaces and case are forgiven; a charge above zero is a bonus too.
    ("  Stealing :  +2 ,  OUT ONLY ",               (Bonus("Stealing", 2, out_only=True),)),
]  # fmt: skip


@pytest.mark.parametrize(("text", "bonuses"), LINES)
def test_bonus_lines_read_back(text: str, bonuses: tuple[Bonus, ...]) -> None:
    assert parse_bonuses(text) == bonuses
    assert parse_bonuses(bonuses_text(bonuses)) == bonuses


@pytest.mark.parametrize("text", ["Perfect cut", ": -10", "Perfect cut: ten", "Cut: -10, always"])
def test_bonus_lines_that_cannot_be_read(text: str) -> None:
    with pytest.raises(RulesError, match="Bonus line 1: write what earns it"):
        parse_bonuses(text)
