"""The game-night recap as rules: the hand that decided a game, its winner, who went out most,
and a day's places, in the words of the card."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest

from scorekeeper.rules.language import speaking
from scorekeeper.rules.recap import (
    CountedGame,
    DecidingHand,
    Finisher,
    Part,
    Placing,
    PlayedHand,
    deciding_hand,
    game_recap,
    night_recap,
)
from scorekeeper.rules.scoring import places
from scorekeeper.rules.standings import PlayerRecord

CATALOGS = Path(__file__).resolve().parents[2] / "scorekeeper" / "translations"


def game(
    names: str,
    hands: list[tuple[int | None, ...]],
    *,
    left_from: dict[str, int] | None = None,
    posted: dict[str, int] | None = None,
    out: dict[str, int] | None = None,
    hands_in_game: int | None = None,
    rule: bool = True,
    number: int = 4,
) -> CountedGame[str]:
    """A counted game of these players (one letter each) and hands (a score per player, None
    for a player who had left), settled as the table would: the sums, a total posted where
    given, places lowest first with ties shared."""
    keys = names.split()
    played = [
        PlayedHand(k, {key: s for key, s in zip(keys, scores, strict=True) if s is not None})
        for k, scores in enumerate(hands, start=1)
    ]
    totals = {key: sum(hand.scores.get(key, 0) for hand in played) for key in keys}
    totals.update(posted or {})
    placed = places(totals)
    players = tuple(
        Finisher(
            key,
            key,
            totals[key],
            placed[key],
            key in (posted or {}),
            (out or {}).get(key, 0),
            (left_from or {}).get(key),
        )
        for key in keys
    )
    count = hands_in_game or len(hands)
    return CountedGame(number, players, tuple(played), len(hands), count, len(hands) < count, rule)


# Each case: the game, then the deciding hand expected (number, lead) or None.
# fmt: off
DECIDING = {
    # A leads after every hand: hand 1 decides it
    "led-throughout":   (game("A B C", [(0, 10, 20), (5, 0, 10), (0, 20, 5)]),                    (1, 10)),
    # B leads after hand 1; A goes ahead in hand 2 for good
    "went-ahead":       (game("A B C", [(20, 0, 30), (0, 25, 10), (0, 5, 15)]),                   (2, 5)),
    # A leads, loses the lead in hand 2, takes it back in hand 3 for good: hand 3
    "lost-and-back":    (game("A B", [(0, 10), (20, 0), (0, 15), (2, 0)]),                        (3, 5)),
    # level with B after hand 2 is not leading alone: A leads alone again from hand 3
    "level-then-ahead": (game("A B", [(0, 10), (10, 0), (0, 5)]),                                 (3, 5)),
    # the last hand decides a close game
    "last-hand":        (game("A B C", [(10, 0, 5), (10, 0, 5), (0, 25, 30)]),                    (3, 5)),
    # a tie for the win: no hand decided it
    "shared-win":       (game("A B C", [(0, 10, 20), (10, 0, 20)]),                               None),
    # a game of one hand: that hand
    "one-hand":         (game("A B C", [(0, 15, 30)]),                                            (1, 15)),
    # negative totals (points below zero for a feat): the lowest still leads
    "negative":         (game("A B", [(-10, 0), (5, -20), (-15, 5)]),                              (3, 5)),
    "negative-start":   (game("A B", [(-10, 5), (0, -10)]),                                         (1, 15)),
    # C led before leaving from hand 3; under the incomplete-game rule a leaver is out of the
    # race, so A (behind C after hand 2) leads from hand 2 on
    "leaver-ruled-out": (game("A B C", [(10, 20, 0), (0, 10, 0), (5, 0, None)], left_from={"C": 3}, posted={"C": 45}), (2, 20)),
    # with the rule off a leaver's total stands and is in the race: C wins on hands 1-2 alone
    "leaver-stands":    (game("A B C", [(10, 20, 0), (0, 10, 0), (5, 0, None)], left_from={"C": 3}, rule=False), (1, 10)),
    # the winner left and was posted (points below zero): no hand left them in the lead
    "winner-posted":    (game("A B C", [(-5, -20, 0), (0, -5, None)], left_from={"C": 2}, posted={"C": -30}), None),
    # a game that counts without a hand scored (the rule off, ended at once): all level
    "no-hand":          (game("A B", [], hands_in_game=7, rule=False),                             None),
}
# fmt: on


@pytest.mark.parametrize(("counted", "expected"), DECIDING.values(), ids=DECIDING.keys())
def test_the_hand_that_decided_it(counted, expected):
    found = deciding_hand(counted)
    assert found == (DecidingHand(*expected) if expected else None)


# Each case: the game, then the card's headline and the deciding hand's words.
# fmt: off
WORDS = {
    "one-winner":   (game("Ann Bob", [(0, 10), (20, 0), (0, 30)]),   "Ann won with 20 points.",                   "Hand 3: Ann took the lead by 20 points and kept it to the end."),
    "by-one-point": (game("Ann Bob", [(5, 0), (0, 6)]),               "Ann won with 5 points.",                    "Hand 2: Ann took the lead by 1 point and kept it to the end."),
    "from-the-start": (game("Ann Bob", [(0, 10), (5, 0)]),            "Ann won with 5 points.",                    "Ann led from the first hand to the end."),
    "one-point":    (game("Ann Bob", [(1, 10)]),                      "Ann won with 1 point.",                     "Hand 1, the only hand played."),
    "shared":       (game("Ann Bob Cat", [(0, 10, 5), (10, 0, 9)]),   "Shared win: Ann, Bob, with 10 points each.", "None: Ann, Bob finished level."),
    "negative":     (game("Ann Bob", [(-10, 0), (0, -5)]),            "Ann won with -10 points.",                  "Ann led from the first hand to the end."),
    "posted":       (game("Ann Bob Cat", [(-5, -20, 0), (0, -5, None)], left_from={"Cat": 2}, posted={"Cat": -30}),
                     "Cat won with -30 points.",                      "None: Cat won on a total posted at the end."),
}
# fmt: on


@pytest.mark.parametrize(("counted", "headline", "deciding"), WORDS.values(), ids=WORDS.keys())
def test_the_winner_and_the_deciding_hand_in_words(counted, headline, deciding):
    recap = game_recap(counted, league="The Smiths", day="14 March 2026")
    assert recap.headline == headline
    assert recap.parts[0] == Part(
        "The hand that decided it",
        deciding,
        "The hand after which the winner led alone, to the end.",
    )


# Each case: hands gone out by player, then the words.
# fmt: off
WENT_OUT = {
    "one":    ({"Ann": 3, "Bob": 1, "Cat": 0}, "Ann went out 3 times."),
    "once":   ({"Ann": 0, "Bob": 1},           "Bob went out 1 time."),
    "tie":    ({"Ann": 2, "Bob": 2, "Cat": 1}, "Ann, Bob went out 2 times each."),
    "nobody": ({"Ann": 0, "Bob": 0},           "Nobody went out."),
}
# fmt: on


@pytest.mark.parametrize(("out", "words"), WENT_OUT.values(), ids=WENT_OUT.keys())
def test_who_went_out_most(out, words):
    counted = game(" ".join(out), [tuple(range(len(out)))], out=out)
    part = game_recap(counted, league="L", day="D").parts[1]
    assert (part.label, part.words) == ("Went out most", words)


def test_the_card_lists_places_best_first_and_says_a_game_ended_early():
    counted = game(
        "Ann Bob Cat Dan",
        [(10, 0, 10, 30), (5, 20, 5, None)],
        left_from={"Dan": 2},
        posted={"Dan": 50},
        hands_in_game=7,
    )
    recap = game_recap(counted, league="The Smiths", day="14 March 2026")
    assert recap.title == "Game 4"
    assert recap.subtitle == "The Smiths · 14 March 2026"
    assert recap.note == "Ended early: 2 of 7 hands were played."
    assert recap.placings == (
        Placing(1, "Ann", "15"),
        Placing(1, "Cat", "15"),
        Placing(3, "Bob", "20"),
        Placing(4, "Dan", "50", "total posted"),
    )
    one = game("Ann Bob", [(0, 5)], hands_in_game=7)
    assert game_recap(one, league="L", day="D").note == "Ended early: 1 of 7 hands was played."
    assert game_recap(game("Ann Bob", [(0, 5)]), league="L", day="D").note == ""


def test_more_parts_follow_the_games_own_in_the_order_given():
    record = Part("Record broken", "Ann: the lowest game total, 5.")
    rating = Part("Rating", "Ann +12.")
    recap = game_recap(game("Ann Bob", [(0, 5)]), league="L", day="D", extra=[record, None, rating])
    assert [part.label for part in recap.parts] == [
        "The hand that decided it",
        "Went out most",
        "Record broken",
        "Rating",
    ]


def test_the_texts_are_the_cards_own_in_order():
    recap = game_recap(game("Ann Bob", [(0, 5)], out={"Ann": 1}), league="L", day="D")
    assert recap.texts() == (
        "Game 4",
        "L · D",
        "Ann won with 0 points.",
        "1", "Ann", "0",
        "2", "Bob", "5",
        "The hand that decided it",
        "Hand 1, the only hand played.",
        "The hand after which the winner led alone, to the end.",
        "Went out most",
        "Ann went out 1 time.",
    )  # fmt: skip


def record(player: int, name: str, games: int, wins: int, total: int, out: int = 0):
    return PlayerRecord(player, name, games, wins, total, None, None, hands_out=out)


def test_a_nights_places_go_by_wins_then_as_the_standings_break_ties():
    games = [
        game("A B C", [(0, 10, 20)], out={"A": 1}, number=3),
        game("A B C", [(10, 0, 20)], out={"B": 1}, number=4),
        game("A B C", [(0, 10, 10)], out={"A": 1}, number=5, hands_in_game=7),
    ]
    records = [
        record(1, "Ann", 3, 2, 10, out=2),
        record(2, "Bob", 3, 1, 20, out=1),
        record(3, "Cat", 2, 0, 30),
        record(4, "Dan", 0, 0, 0),  # did not play: not on the card
    ]
    recap = night_recap(games[:2], records, games_counted=3, league="L", day="D")
    assert recap.title == "Game night"
    assert recap.headline == "Ann took the night with 2 wins."
    assert recap.placings == (
        Placing(1, "Ann", "2 wins"),
        Placing(2, "Bob", "1 win"),
        Placing(3, "Cat", "0 wins", "2 games played"),
    )
    assert [(p.label, p.words) for p in recap.parts] == [
        ("Went out most", "Ann went out 2 times."),
        ("Game 3", "A won with 0 points."),
        ("Game 4", "B won with 0 points."),
    ]
    assert recap.note == "1 more game of the day is not listed here."
    ended = night_recap(games[2:], records, games_counted=1, league="L", day="D")
    assert ended.parts[1] == Part(
        "Game 5", "A won with 0 points.", "Ended early: 1 of 7 hands was played."
    )


def test_a_shared_night():
    records = [record(1, "Ann", 2, 1, 10), record(2, "Bob", 2, 1, 10)]
    recap = night_recap([], records, games_counted=2, league="L", day="D")
    assert recap.headline == "Ann, Bob shared the night."
    assert [p.place for p in recap.placings] == [1, 1]


# fmt: off
@pytest.mark.parametrize(
    ("language", "headline", "deciding", "went_out"),
    [
        ("es",
         "Ana ganó con 20 puntos.",
         "Mano 3: Ana se puso en cabeza con 20 puntos de ventaja y así siguió hasta el final.",
         "Ana cerró 2 veces."),
        ("de",
         "Ana hat mit 20 Punkten gewonnen.",
         "Runde 3: Ana ging mit 20 Punkten Vorsprung in Führung und blieb bis zum Schluss vorn.",
         "Ana hat 2-mal ausgemacht."),
    ],
    ids=["es", "de"],
)
# fmt: on
def test_the_card_speaks_the_language_given(language, headline, deciding, went_out):
    counted = game("Ana Jörg", [(0, 10), (20, 0), (0, 30)], out={"Ana": 2})
    with speaking(gettext.translation("messages", CATALOGS, languages=[language])):
        recap = game_recap(counted, league="Los Núñez", day="14 de marzo de 2026")
    assert recap.headline == headline
    assert recap.parts[0].words == deciding
    assert recap.parts[1].words == went_out
