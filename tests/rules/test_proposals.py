"""Proposed corrections under the corrections rule: who sent them, what the phone is told,
what accepting asks, and what became of each, in the app's words."""

from __future__ import annotations

import pytest

from scorekeeper.rules.corrections import (
    ACCEPTED,
    DROPPED,
    LONGEST_SENDER,
    WAITING,
    accept_words,
    accepting_words,
    correction_terms,
    proposal_decided_words,
    proposal_heading,
    proposal_kept_words,
    proposal_outcome_words,
    sender_words,
)
from scorekeeper.rules.entries import PlayerEntry, entry_facts, entry_from_facts


# The sender as the table knows them: the account signed in, else the joined phone.
@pytest.mark.parametrize(
    ("account", "device",            "words"),
    [
        ("kim",     None,                "kim"),
        ("kim",     "iPhone, Safari",    "kim"),
        (None,      "iPhone, Safari",    "a phone (iPhone, Safari)"),
        (None,      "Unknown device",    "a phone (Unknown device)"),
        (None,      "",                  "a phone"),
        (None,      None,                "a phone"),
    ],
    ids=["account", "account-on-a-phone", "joined-phone", "unknown-device", "blank-device", "nobody"],
)  # fmt: skip
def test_sender_words(account: str | None, device: str | None, words: str) -> None:
    assert sender_words(account, device) == words


def test_sender_words_fit_what_a_proposal_keeps() -> None:
    assert len(sender_words(None, "x" * 80)) == LONGEST_SENDER
    assert len(sender_words("k" * 100, None)) == LONGEST_SENDER


# What a phone is told when its waited report is kept: a save met a hand saved first, or a
# fix met a hand changed since its form was drawn.
@pytest.mark.parametrize(
    ("hand", "fix",  "starts"),
    [
        (4,      False,  "Hand 4 was saved first by another phone. "),
        (2,      True,   "Hand 2 changed on another phone before this fix arrived. "),
    ],
    ids=["save", "fix"],
)  # fmt: skip
def test_proposal_kept_words(hand: int, fix: bool, starts: str) -> None:
    words = proposal_kept_words(hand, fix=fix)
    assert words == starts + (
        "What this phone sent is kept as a proposed correction: the table can accept or drop it."
    )


def test_proposal_heading() -> None:
    assert proposal_heading(4, "kim") == "Proposed correction of hand 4, from kim"
    assert accepting_words(4, "kim").startswith("Proposed correction of hand 4, from kim: ")


# Accepting is a fix of the hand: the table's agreement and a reason once its cards are
# mixed (while the league keeps the corrections rule), nothing more before.
@pytest.mark.parametrize(
    ("hand", "last", "rule_on", "says"),
    [
        (3,      3,      True,      "nothing changes until the fix is saved"),
        (3,      5,      True,      "asks for the whole table's agreement and a reason"),
        (3,      5,      False,     "nothing changes until the fix is saved"),
    ],
    ids=["latest-hand", "cards-mixed", "rule-off"],
)  # fmt: skip
def test_accept_words(hand: int, last: int, rule_on: bool, says: str) -> None:
    words = accept_words(correction_terms(hand, last, corrections_rule=rule_on), hand)
    assert words.startswith(f"Accepting opens the fix of hand {hand} filled with these numbers")
    assert says in words


# What became of a proposal, for the hand's history.
@pytest.mark.parametrize(
    ("state",   "by",    "words"),
    [
        (WAITING,   "",      "Waiting for the table to accept or drop it."),
        (ACCEPTED,  "kim",   "Accepted by kim: the hand was fixed with it."),
        (DROPPED,   "kim",   "Dropped by kim: the hand stayed as it was."),
        (DROPPED,   "",      "Dropped: the hand stayed as it was."),
    ],
    ids=["waiting", "accepted", "dropped", "dropped-by-nobody-known"],
)  # fmt: skip
def test_proposal_outcome_words(state: str, by: str, words: str) -> None:
    assert proposal_outcome_words(state, by) == words


@pytest.mark.parametrize(
    ("state",  "done"),
    [(ACCEPTED, "accepted"), (DROPPED, "dropped")],
    ids=["accepted", "dropped"],
)  # fmt: skip
def test_proposal_decided_words(state: str, done: str) -> None:
    assert proposal_decided_words(5, state) == (
        f"This proposed correction of hand 5 was already {done}; nothing changed."
    )


# A report kept as plain data reads back as the same report.
@pytest.mark.parametrize(
    "entry",
    [
        PlayerEntry(went_out=True),
        PlayerEntry(tally={"2-9": 2, "A": 1}),
        PlayerEntry(typed_total=40, short_cards=1, penalty=10, penalty_reason="showed a card"),
        PlayerEntry(no_score=True),
    ],
    ids=["out", "tally", "typed-with-penalties", "no-score"],
)
def test_a_report_read_back_from_its_facts_is_the_same(entry: PlayerEntry) -> None:
    assert entry_from_facts(entry_facts(entry)) == entry
