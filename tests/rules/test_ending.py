"""How a game ends under the incomplete-game rule, the terms of a fix, and the stock."""

import pytest

from scorekeeper.rules.corrections import correction_terms
from scorekeeper.rules.dealing import stock_run_out
from scorekeeper.rules.ending import Standing, game_ending
from scorekeeper.rules.ruleset import RulesError, StockPolicy

HANDS = 7


def table(*rows: tuple[str, int, bool]) -> dict[str, Standing]:
    """Players as (name, total, played every hand)."""
    return {name: Standing(name, total, done) for name, total, done in rows}


# How the game ends: discarded or not, the places (None when discarded), who is posted what.
@pytest.mark.parametrize(
    ("players",                                                         "cause",       "played", "rule", "discarded", "places",                          "posted"),
    [
        # The table stops early: nobody played every hand, so nobody finished.
        (table(("Ann", 20, True), ("Bob", 35, True), ("Cat", 10, True)), "agreement",   3,        True,   True,        {"Ann": None, "Bob": None, "Cat": None}, {}),
        (table(("Ann", 20, True), ("Bob", 35, False)),                   "leavers",     2,        True,   True,        {"Ann": None, "Bob": None},        {}),
        (table(("Ann", 20, True), ("Bob", 35, True)),                    "not_resumed", 0,        True,   True,        {"Ann": None, "Bob": None},        {}),
        # Played out: leavers are posted the two highest finishers' totals.
        (table(("Ann", 20, True), ("Bob", 35, True), ("Cat", 90, True), ("Dan", 5, False)),
                                                                          "played_out",  7,        True,   False,       {"Dan": 4, "Ann": 1, "Bob": 2, "Cat": 3}, {"Dan": 125}),
        (table(("Ann", 20, True), ("Bob", 35, True), ("Cat", 9, False), ("Dan", 5, False)),
                                                                          "played_out",  7,        True,   False,       {"Ann": 1, "Bob": 2, "Cat": 3, "Dan": 3}, {"Cat": 55, "Dan": 55}),
        (table(("Ann", 20, True), ("Bob", 35, False), ("Cat", 9, False)), "played_out",  7,        True,   True,        {"Ann": None, "Bob": None, "Cat": None}, {}),
        (table(("Ann", 20, True), ("Bob", 20, True)),                    "played_out",  7,        True,   False,       {"Ann": 1, "Bob": 1},              {}),
        # The league switched the incomplete-game rule off: the totals stand.
        (table(("Ann", 20, True), ("Bob", 35, True), ("Cat", 10, False)), "agreement",   3,        False,  False,       {"Cat": 1, "Ann": 2, "Bob": 3},    {}),
    ],
    ids=["agreement", "leavers", "not-resumed", "one-leaver-posted", "two-leavers-posted",
         "one-finisher-discards", "tie-played-out", "rule-off-totals-stand"],
)  # fmt: skip
def test_game_ending(players, cause, played, rule, discarded, places, posted):
    ending = game_ending(
        players, cause=cause, hands_played=played, hands_in_game=HANDS, incomplete_game_rule=rule
    )
    assert ending.discarded is discarded
    assert {row.name: row.place for row in ending.rows} == places
    assert {row.name: row.total for row in ending.rows if row.posted} == posted
    assert [row.place or 0 for row in ending.rows] == sorted(row.place or 0 for row in ending.rows)
    assert len(ending.note) <= 200


# The sentences the confirmation shows.
@pytest.mark.parametrize(
    ("players",                                                         "cause",      "played", "words"),
    [
        (table(("Ann", 20, True), ("Bob", 35, True)),                    "agreement",  3,
         ["The game will be discarded.", "The table ended the game after 3 of 7 hands.",
          "Nobody played every hand, so the game is incomplete for everyone."]),
        (table(("Ann", 20, True), ("Bob", 35, False)),                   "leavers",    5,
         ["The game will be discarded.",
          "Fewer than two players were left to go on, so the game ended after 5 of 7 hands."]),
        (table(("Ann", 20, True), ("Bob", 35, False), ("Cat", 9, False)), "played_out", 7,
         ["Only Ann played every hand.", "counts for nothing"]),
        (table(("Ann", 20, True), ("Bob", 35, True), ("Cat", 90, True), ("Dan", 5, False)),
                                                                          "played_out", 7,
         ["Ann, Bob and Cat played every hand.",
          "Dan did not finish and is posted 90 + 35 = 125"]),
    ],
    ids=["agreement", "leavers", "one-finisher", "posted"],
)  # fmt: skip
def test_game_ending_words(players, cause, played, words):
    ending = game_ending(players, cause=cause, hands_played=played, hands_in_game=HANDS)
    said = " ".join((ending.headline, *ending.lines))
    for sentence in words:
        assert sentence in said


@pytest.mark.parametrize(
    ("cause", "played", "players"),
    [("played_out", 3, table(("Ann", 1, True))), ("agreement", 7, table(("Ann", 1, True))),
     ("agreement", 8, table(("Ann", 1, True))), ("bedtime", 3, table(("Ann", 1, True))),
     ("agreement", 3, {})],
    ids=["played-out-early", "early-when-all-played", "past-the-last", "unknown-cause",
         "no-players"],
)  # fmt: skip
def test_game_ending_refuses_what_cannot_be(cause, played, players):
    with pytest.raises(RulesError):
        game_ending(players, cause=cause, hands_played=played, hands_in_game=HANDS)


# Fixing hand 2: free until its cards are mixed, then the table's agreement and a reason.
@pytest.mark.parametrize(
    ("last_scored", "ended_early", "rule", "needs_agreement", "words"),
    [
        (2,             False,         True,   False,             "can still be changed freely"),
        (3,             False,         True,   True,              "only if the whole table agrees"),
        (2,             True,          True,   True,              "only if the whole table agrees"),
        (5,             False,         False,  False,             "without asking for a reason"),
    ],
    ids=["latest", "later-scored", "game-ended-early", "rule-off"],
)  # fmt: skip
def test_correction_terms(last_scored, ended_early, rule, needs_agreement, words):
    terms = correction_terms(2, last_scored, ended_early=ended_early, corrections_rule=rule)
    assert terms.needs_agreement is needs_agreement
    assert words in terms.words


# The stock runs out: renewed (counted), or the hand ends (not a renewal).
@pytest.mark.parametrize(
    ("kind",                 "renewed_before", "renewed", "words"),
    [
        ("turn_over_once",       0,                True,      "turn the discard pile over"),
        ("turn_over_once",       1,                False,     "the hand is over"),
        ("reshuffle",            5,                True,      "shuffle the discard pile"),
        ("reshuffle_keep_top",   3,                True,      "leave the top discard"),
    ],
    ids=["first-turn-over", "second-ends-the-hand", "reshuffle-again", "keep-top-again"],
)  # fmt: skip
def test_stock_run_out(kind, renewed_before, renewed, words):
    run_out = stock_run_out(StockPolicy(kind), renewed_before)
    assert run_out.renewed is renewed
    assert words in run_out.words
