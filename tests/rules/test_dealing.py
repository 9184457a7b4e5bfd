"""Who deals, who plays first, the contract in words, hands out of range."""

import pytest

from scorekeeper.rules.contracts import melds_in_words
from scorekeeper.rules.dealing import (
    dealer_for_hand,
    going_out_words,
    hand_rule,
    player_count_refusal,
    stock_words,
)
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import Meld, RulesError, StockPolicy
from scorekeeper.rules.seating import dealers, first_player_among


# The deal passes one seat to the left (seat + 1) each hand, wrapping round the table.
@pytest.mark.parametrize(
    ("first_dealer", "hand", "players", "dealer", "first_player"),
    [
        (0,              1,      4,         0,        1),
        (0,              2,      4,         1,        2),
        (0,              4,      4,         3,        0),
        (0,              5,      4,         0,        1),
        (2,              1,      4,         2,        3),
        (2,              3,      4,         0,        1),
        (3,              7,      4,         1,        2),
        (4,              2,      5,         0,        1),
        (7,              7,      8,         5,        6),
        (2,              7,      3,         2,        0),
    ],
    ids=["first-hand", "second-hand", "last-seat", "wraps-to-first", "other-first-dealer",
         "dealer-wraps", "hand-7-of-4", "5p-wrap", "8p", "3p-first-player-wraps"],
)  # fmt: skip
def test_dealer_and_first_player(
    first_dealer: int, hand: int, players: int, dealer: int, first_player: int
) -> None:
    assert dealer_for_hand(first_dealer, hand, players) == dealer
    everyone = range(players)
    assert dealers(first_dealer, players, hand, {}, {})[hand - 1] == dealer
    assert first_player_among(dealer, players, everyone) == first_player


# Seats and hands that are not at the table.
@pytest.mark.parametrize(
    ("first_dealer", "hand", "players", "message"),
    [
        (4,              1,      4,         "Seat 4 is not at a table of 4"),
        (-1,             1,      4,         "Seat -1"),
        (0,              0,      4,         "counted from 1"),
        (0,              1,      0,         "needs players"),
    ],
    ids=["seat-too-high", "seat-negative", "hand-zero", "no-players"],
)  # fmt: skip
def test_dealer_refuses_nonsense(first_dealer: int, hand: int, players: int, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        dealer_for_hand(first_dealer, hand, players)


@pytest.mark.parametrize("hand", [0, 8, -1], ids=["zero", "eight", "negative"])
def test_hand_out_of_range(hand: int) -> None:
    with pytest.raises(RulesError, match=f"hands 1 to 7, not hand {hand}"):
        hand_rule(preset("continental"), hand)


SET, RUN = Meld("set", 3), Meld("run", 4)


# Words come from the melds; lengths show when asked or when not the usual 3 / 4.
@pytest.mark.parametrize(
    ("melds",                              "show",  "words"),
    [
        ((SET,),                               False, "1 set"),
        ((RUN, RUN),                           False, "2 runs"),
        ((SET, SET, RUN),                      False, "2 sets + 1 run"),
        ((RUN, SET, RUN),                      False, "2 runs + 1 set"),
        ((SET, Meld("run", 7)),                False, "1 set + 1 run of 7"),
        ((Meld("set", 4), SET),                False, "1 set of 4 + 1 set"),
        ((SET, RUN),                           True,  "1 set of 3 + 1 run of 4"),
        ((),                                   False, "no contract"),
    ],
    ids=["one-set", "two-runs", "sets-first", "first-seen-order", "long-run", "long-set",
         "lengths-shown", "empty"],
)  # fmt: skip
def test_melds_in_words(melds: tuple[Meld, ...], show: bool, words: str) -> None:
    assert melds_in_words(melds, show_lengths=show) == words


# Going-out and stock words name what the table must do.
@pytest.mark.parametrize(
    ("key",          "hand", "mentions"),
    [
        ("continental",  7,      "discarding your last card"),
        ("may-i-11",     7,      "no last discard"),
        ("liverpool",    6,      "discarding your last card"),
    ],
    ids=["continental-7", "11card-7", "liverpool-6"],
)  # fmt: skip
def test_going_out_words(key: str, hand: int, mentions: str) -> None:
    assert mentions in going_out_words(preset(key), hand)


@pytest.mark.parametrize(
    ("kind",               "mentions"),
    [
        ("turn_over_once",     "only once"),
        ("reshuffle",          "shuffle the discard pile"),
        ("reshuffle_keep_top", "leave the top discard"),
    ],
    ids=["turn-over-once", "reshuffle", "keep-top"],
)  # fmt: skip
def test_stock_words(kind: str, mentions: str) -> None:
    assert mentions in stock_words(StockPolicy(kind))  # type: ignore[arg-type]


# Who may sit down: the rule set's range of players, said the same way on every page.
@pytest.mark.parametrize(
    ("key",            "players", "refusal"),
    [
        ("continental",    4,         None),
        ("continental",    8,         None),
        ("continental",    3,         "Continental is played by 4 to 8 players; you chose 3."),
        ("liverpool",      6,         "Liverpool is played by 3 to 5 players; you chose 6."),
    ],
    ids=["fewest", "most", "too-few", "too-many"],
)  # fmt: skip
def test_player_count_refusal(key: str, players: int, refusal: str | None) -> None:
    assert player_count_refusal(preset(key), players) == refusal
