"""Fairness rules: missing scores, unfinished games, suspensions, corrections."""

from dataclasses import replace
from datetime import date

import pytest

from scorekeeper.rules.corrections import correction_needs_agreement, correction_terms
from scorekeeper.rules.fairness import fairness_in_force
from scorekeeper.rules.incomplete_game import final_game_totals, leaving_words
from scorekeeper.rules.missing_score import (
    ABSENT,
    MISSING,
    HandEntry,
    PlayerHandScore,
    missing_score_verdict,
    no_score_hint,
    posted_missing_score,
    two_highest,
)
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Fairness, RulesError, RuleSet
from scorekeeper.rules.suspension import can_resume, paused_refusal, resume_refusal, resume_terms


def switched(**switches: bool) -> RuleSet:
    """Continental with some fairness rules switched off (or on)."""
    rs = preset("continental")
    return replace(rs, fairness=replace(rs.fairness, **switches))


# A posted score adds the two highest given scores; fewer than two: None (re-play).
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
def test_two_highest_make_the_posted_score(given: list[int], posted: int | None) -> None:
    highest = two_highest(given)
    assert (None if highest is None else sum(highest)) == posted


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
        ({"ann": "gone", "bob": 0},                 True,      "neither a score"),
        ({"ann": MISSING, "bob": 0, "cy": 10},      False,     "needs a score"),
    ],
    ids=["unknown-entry", "rule-off"],
)  # fmt: skip
def test_missing_score_verdict_refuses(
    entries: dict[str, HandEntry], rule_on: bool, message: str
) -> None:
    with pytest.raises(RulesError, match=message):
        missing_score_verdict(entries, missing_score_rule=rule_on)


def test_a_score_below_zero_is_given_and_posted_from() -> None:
    # A bonus of the rules (going out in one go) can bring a hand's score below zero.
    verdict = missing_score_verdict({"ann": -10, "bob": MISSING, "cy": 25})
    assert verdict.scores["ann"] == PlayerHandScore(-10)
    assert verdict.scores["bob"] == PlayerHandScore(15, posted=True, posted_from=(25, -10))


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


# The suspension rule: the calendar year, and everyone back; nothing asked when it is off.
@pytest.mark.parametrize(
    ("rule_on", "today",              "everyone_back", "refusal"),
    [
        (True,      date(2024, 12, 31),   True,            None),
        (True,      date(2025, 1, 1),     True,            "goes on only in the calendar year it began"),
        (True,      date(2024, 12, 31),   False,           "Every player must be back"),
        (False,     date(2025, 1, 1),     False,           None),
    ],
    ids=["fine", "suspended-over-new-year", "someone-missing", "rule-off"],
)  # fmt: skip
def test_resume_refusal(
    rule_on: bool, today: date, everyone_back: bool, refusal: str | None
) -> None:
    found = resume_refusal(switched(suspension=rule_on), date(2024, 11, 2), today, everyone_back)
    if refusal is None:
        assert found is None
    else:
        assert found is not None and refusal in found


# A suspended game stopped between hands: nothing of a hand is recorded until it goes on.
@pytest.mark.parametrize(
    ("what",                    "words"),
    [
        ("scoring a hand",        "The game is suspended: resume it before scoring a hand."),
        ("recording a buy",       "The game is suspended: resume it before recording a buy."),
    ],
)  # fmt: skip
def test_paused_refusal(what: str, words: str) -> None:
    assert paused_refusal(what) == words


@pytest.mark.parametrize(
    ("rule_on", "words"),
    [
        (True,      "It goes on only with everyone back, in the same order round the table, in 2024."),
        (False,     "It goes on whenever the table is ready."),
    ],
    ids=["rule-on", "rule-off"],
)  # fmt: skip
def test_resume_terms(rule_on: bool, words: str) -> None:
    assert resume_terms(switched(suspension=rule_on), date(2024, 11, 2)) == words


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


# The terms of a fix: the table's agreement and a reason once the cards are mixed (a later
# hand scored, or the game ended early), while the league keeps the rule; the words follow.
@pytest.mark.parametrize(
    ("rule_on", "hand", "last", "early", "agreement", "says"),
    [
        (True,      3,      3,      False,  False,       "can still be changed freely"),
        (True,      3,      4,      False,  True,        "only if the whole table agrees"),
        (True,      3,      3,      True,   True,        "only if the whole table agrees"),
        (False,     1,      7,      False,  False,       "without asking for a reason"),
        (False,     3,      3,      True,   False,       "without asking for a reason"),
    ],
    ids=["latest-hand", "later-hand-scored", "ended-early", "rule-off", "rule-off-ended-early"],
)  # fmt: skip
def test_correction_terms(
    rule_on: bool, hand: int, last: int, early: bool, agreement: bool, says: str
) -> None:
    terms = correction_terms(hand, last, ended_early=early, corrections_rule=rule_on)
    assert terms.needs_agreement is agreement
    assert says in terms.words
    assert ("Needed" in terms.reason_hint) is agreement
    assert f"changing hand {hand}" not in terms.refusal(hand)
    assert f"The cards of hand {hand} are mixed" in terms.refusal(hand)


def test_the_words_of_corrections_follow_the_code() -> None:
    # Free until a later hand is *scored* (not "starts"): the decision above says so.
    words = dict(fairness_in_force(preset("continental")))["Corrections"]
    assert "until a later hand is scored" in words


@pytest.mark.parametrize(
    ("switches",                                  "titles"),
    [
        ({},                                          ["Missing score", "Leaving early", "Suspended game", "Corrections"]),
        ({"missing_score": False, "suspension": False}, ["Leaving early", "Corrections"]),
        ({key: False for key in Fairness.__dataclass_fields__}, []),
    ],
    ids=["all-on", "two-off", "all-off"],
)  # fmt: skip
def test_fairness_in_force_lists_only_the_rules_switched_on(
    switches: dict[str, bool], titles: list[str]
) -> None:
    assert [title for title, _ in fairness_in_force(switched(**switches))] == titles


@pytest.mark.parametrize(
    ("rule_on", "leaving",                  "no_score"),
    [
        (True,      "posted as the two highest",  "the two highest scores the others gave"),
        (False,     "stays as it was",            ""),
    ],
    ids=["rules-on", "rules-off"],
)  # fmt: skip
def test_words_follow_the_switches(rule_on: bool, leaving: str, no_score: str) -> None:
    rs = switched(incomplete_game=rule_on, missing_score=rule_on)
    assert leaving in leaving_words(rs)
    assert (no_score in no_score_hint(rs)) and (bool(no_score_hint(rs)) is rule_on)


def test_incomplete_game_rule_off_keeps_a_leavers_total() -> None:
    totals = {"ann": 100, "bob": 150, "cy": 40}
    verdict = final_game_totals(
        totals, {"ann": True, "bob": False, "cy": False}, incomplete_game_rule=False
    )
    assert (verdict.discarded, verdict.totals, verdict.posted) == (False, totals, frozenset())


# The posted score: the two highest given scores added; fewer than two given: none (re-play).
@pytest.mark.parametrize(
    ("given", "posted"),
    [
        ([0, 20, 15, 50],   70),
        ([0, 5],            5),
        ([30, 30, 30],      60),
        ([40],              None),
        ([],                None),
    ],
    ids=["four-given", "two-given", "ties", "one-given", "none-given"],
)  # fmt: skip
def test_posted_missing_score(given: list[int], posted: int | None) -> None:
    assert posted_missing_score(given) == posted
