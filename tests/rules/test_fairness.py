"""Fairness rules: missing scores, unfinished games, suspensions, corrections."""

from datetime import date

import pytest

from scorekeeper.rules import (
    ABSENT,
    MISSING,
    HandEntry,
    PlayerHandScore,
    RulesError,
    can_resume,
    correction_needs_agreement,
    final_game_totals,
    missing_score_verdict,
    posted_incomplete_total,
    posted_missing_score,
    resume_refusal,
    same_seating,
)


# The posted score: the two highest given scores added; None means re-play.
@pytest.mark.parametrize(
    ("given",             "posted"),
    [
        ([90, 35, 0, 10],     125),
        ([0, 40],             40),
        ([50, 50, 20],        100),
        ([30, 50, 50, 50],    100),
        ([0, 0, 0],           0),
        ([25],                None),
        ([],                  None),
    ],
    ids=["usual", "two-given", "tie-at-top", "three-way-tie", "all-zero", "one-given", "none"],
)  # fmt: skip
def test_posted_missing_score(given: list[int], posted: int | None) -> None:
    assert posted_missing_score(given) == posted


def test_missing_score_is_posted_with_its_parts() -> None:
    verdict = missing_score_verdict({"ann": 90, "bob": MISSING, "cy": 35, "dee": 0})
    assert not verdict.replay
    assert verdict.scores == {
        "ann": PlayerHandScore(90),
        "bob": PlayerHandScore(125, posted=True, posted_from=(90, 35)),
        "cy": PlayerHandScore(35),
        "dee": PlayerHandScore(0),
    }
    assert "90 + 35 = 125" in verdict.reason


def test_two_missing_players_get_the_same_posted_score() -> None:
    # A posted score never counts for the other missing player: both get 60 + 20.
    verdict = missing_score_verdict({"ann": MISSING, "bob": 60, "cy": MISSING, "dee": 20, "eve": 0})
    assert verdict.scores["ann"] == verdict.scores["cy"] == PlayerHandScore(80, True, (60, 20))
    assert list(verdict.scores) == ["ann", "bob", "cy", "dee", "eve"]


# Fewer than two given scores from the others: the hand is re-played.
@pytest.mark.parametrize(
    "entries",
    [
        {"ann": MISSING, "bob": 0, "cy": ABSENT},
        {"ann": MISSING, "bob": MISSING, "cy": 0},
        {"ann": MISSING, "bob": MISSING, "cy": MISSING},
    ],
    ids=["one-given-one-absent", "two-missing-of-three", "all-missing"],
)
def test_too_few_given_scores_means_replay(entries: dict[str, HandEntry]) -> None:
    verdict = missing_score_verdict(entries)
    assert verdict.replay
    assert verdict.scores == {}
    assert "played again" in verdict.reason


def test_absent_players_get_no_score_and_full_hands_need_no_rule() -> None:
    verdict = missing_score_verdict({"ann": 10, "bob": ABSENT, "cy": 0})
    assert not verdict.replay
    assert verdict.scores == {"ann": PlayerHandScore(10), "cy": PlayerHandScore(0)}
    assert verdict.reason == ""


# Entries that make no sense, and a missing score while the rule is off.
@pytest.mark.parametrize(
    ("entries",                                 "rule_on", "message"),
    [
        ({"ann": -5, "bob": 0},                     True,      "cannot be negative"),
        ({"ann": "gone", "bob": 0},                 True,      "neither a score"),
        ({"ann": MISSING, "bob": 0, "cy": 10},      False,     "needs a score"),
    ],
    ids=["negative", "unknown-entry", "rule-off"],
)  # fmt: skip
def test_missing_score_verdict_refuses(
    entries: dict[str, HandEntry], rule_on: bool, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        missing_score_verdict(entries, missing_score_rule=rule_on)


# The incomplete-game rule: posted totals for leavers, or discarded.
@pytest.mark.parametrize(
    ("finishers",      "posted"),
    [
        ([120, 80, 200],   320),
        ([150, 150, 10],   300),
        ([70, 60],         130),
        ([70],             None),
        ([],               None),
    ],
    ids=["three", "tie-at-top", "two", "one", "none"],
)  # fmt: skip
def test_posted_incomplete_total(finishers: list[int], posted: int | None) -> None:
    assert posted_incomplete_total(finishers) == posted


def test_three_player_game_where_one_leaves() -> None:
    verdict = final_game_totals(
        {"ann": 100, "bob": 150, "cy": 40}, {"ann": True, "bob": True, "cy": False}
    )
    assert not verdict.discarded
    assert verdict.totals == {"ann": 100, "bob": 150, "cy": 250}
    assert verdict.posted == frozenset({"cy"})
    assert verdict.posted_from == (150, 100)


def test_one_finisher_discards_the_game() -> None:
    totals = {"ann": 100, "bob": 150, "cy": 40}
    verdict = final_game_totals(totals, {"ann": True, "bob": False, "cy": False})
    assert verdict.discarded
    assert verdict.totals == totals
    assert verdict.posted == frozenset()


def test_everyone_finished_changes_nothing() -> None:
    totals = {"ann": 100, "bob": 150}
    verdict = final_game_totals(totals, {"ann": True, "bob": True})
    assert (verdict.discarded, verdict.totals, verdict.posted) == (False, totals, frozenset())


def test_finished_must_name_every_player() -> None:
    with pytest.raises(RulesError, match="every player"):
        final_game_totals({"ann": 1, "bob": 2}, {"ann": True})


# Suspension: resume only in the calendar year the game started.
@pytest.mark.parametrize(
    ("started",            "today",              "allowed"),
    [
        (date(2024, 3, 1),     date(2024, 3, 1),     True),
        (date(2024, 3, 1),     date(2024, 12, 31),   True),
        (date(2024, 12, 31),   date(2025, 1, 1),     False),
        (date(2024, 6, 1),     date(2025, 6, 1),     False),
        (date(2024, 6, 1),     date(2024, 5, 1),     False),
    ],
    ids=["same-day", "end-of-year", "over-new-year", "a-year-on", "clock-before-start"],
)  # fmt: skip
def test_can_resume(started: date, today: date, allowed: bool) -> None:
    assert can_resume(started, today) is allowed


# Seating: same players, same order round the table; who sits first does not matter.
@pytest.mark.parametrize(
    ("before",           "now",              "same"),
    [
        (["a", "b", "c"],    ["a", "b", "c"],    True),
        (["a", "b", "c"],    ["c", "a", "b"],    True),
        (["a", "b", "c"],    ["a", "c", "b"],    False),
        (["a", "b", "c"],    ["a", "b"],         False),
        (["a", "b", "c"],    ["a", "b", "d"],    False),
    ],
    ids=["identical", "turned", "swapped", "one-gone", "stranger"],
)  # fmt: skip
def test_same_seating(before: list[str], now: list[str], same: bool) -> None:
    assert same_seating(before, now) is same


@pytest.mark.parametrize(
    ("today",              "now",              "refusal"),
    [
        (date(2024, 12, 31),   ["b", "c", "a"],    None),
        (date(2025, 1, 1),     ["a", "b", "c"],    "only go on in that same year"),
        (date(2024, 12, 31),   ["a", "b"],         "must be back"),
        (date(2024, 12, 31),   ["b", "a", "c"],    "same order"),
    ],
    ids=["fine", "suspended-over-new-year", "player-missing", "reseated"],
)  # fmt: skip
def test_resume_refusal(today: date, now: list[str], refusal: str | None) -> None:
    found = resume_refusal(date(2024, 11, 2), today, ["a", "b", "c"], now)
    if refusal is None:
        assert found is None
    else:
        assert found is not None and refusal in found


# Corrections are free until a later hand is scored.
@pytest.mark.parametrize(
    ("hand", "last_scored", "needs_agreement"),
    [
        (3,      3,             False),
        (3,      4,             True),
        (1,      7,             True),
    ],
    ids=["latest-scored-hand", "next-hand-scored", "long-ago"],
)  # fmt: skip
def test_correction_needs_agreement(hand: int, last_scored: int, needs_agreement: bool) -> None:
    assert correction_needs_agreement(hand, last_scored) is needs_agreement
