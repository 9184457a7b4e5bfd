"""The rating as rules: places into numbers, shared places, pools, and when it is shown."""

from __future__ import annotations

import pytest

from scorekeeper.rules.rating import (
    RATED_AFTER,
    START,
    GameResult,
    Step,
    family_name,
    move_written,
    rate,
    rating_by_choices,
    rating_words,
    waiting_words,
)


def game(number: int, *places: int, family: str = "continental") -> GameResult:
    """A game of players 1, 2, 3, ... (as seated) finishing in these places."""
    return GameResult(number, family, tuple(enumerate(places, start=1)))


def ratings_after(*games: GameResult, rating_by: str = "league") -> dict[int, int]:
    """Each player's rating after these games, in the league's one pool."""
    return {player: steps[-1].rating for player, steps in rate(games, rating_by)[""].items()}


@pytest.mark.parametrize(
    ("places", "expected"),
    [
        # new players (START, 1200), one game: the table's order, set against everyone there
        ((1, 2), [1286, 1154]),
        ((1, 2, 3), [1281, 1239, 1131]),
        ((1, 2, 3, 4), [1275, 1250, 1211, 1118]),
        ((1, 2, 3, 4, 5, 6, 7, 8), [1259, 1251, 1241, 1229, 1215, 1195, 1165, 1099]),
        # a shared place is level: the same number for both, whatever their seats
        ((1, 2, 2, 4), [1275, 1204, 1204, 1157]),
        ((2, 1, 4, 2), [1204, 1275, 1157, 1204]),
        # all level: nobody ahead, and each rating a little surer, so a little higher
        ((1, 1, 1), [1210, 1210, 1210]),
    ],
    ids=["two", "three", "four", "eight", "shared-second", "shared-seated-apart", "all-level"],
)
def test_a_first_game_of_new_players(places, expected):
    found = ratings_after(game(1, *places))
    assert [found[player] for player in range(1, len(places) + 1)] == expected


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        # each place is set against everyone at the table: second of many beats second of few
        ((1, 2, 3, 4, 5, 6, 7, 8), (1, 2, 3)),
        ((1, 2, 3, 4, 5), (1, 2, 3)),
        # and last of many loses less than last of few
        ((2, 3, 4, 5, 6, 7, 8, 1), (2, 3, 1)),
    ],
    ids=["second-of-8-vs-3", "second-of-5-vs-3", "last-of-8-vs-3"],
)
def test_a_place_is_weighed_against_the_whole_table(better, worse):
    # Player 2 sits in both games with players new to the league.
    assert ratings_after(game(1, *better))[2] > ratings_after(game(1, *worse))[2]


def test_steps_count_the_games_and_show_from_the_fifth():
    played = [game(n, *((1, 2, 3) if n % 2 else (3, 1, 2))) for n in range(1, 8)]

    steps = rate(played, "league")[""][1]

    assert [s.games for s in steps] == [1, 2, 3, 4, 5, 6, 7]
    assert [s.rated for s in steps] == [False] * (RATED_AFTER - 1) + [True] * 3
    assert [s.to_go for s in steps] == [4, 3, 2, 1, 0, 0, 0]
    assert [(s.game, s.place, s.table) for s in steps[:2]] == [(1, 1, 3), (2, 3, 3)]
    # Each move is what the shown number moved: they add up from START.
    assert steps[0].move == steps[0].rating - START
    for before, after in zip(steps, steps[1:], strict=False):
        assert after.rating == before.rating + after.move
    # A win raises, a last place lowers.
    assert steps[0].move > 0 and steps[1].move < 0


@pytest.mark.parametrize(
    ("rating_by", "families", "pools"),
    [
        # one rating over every game, whatever its rules
        ("league", ("continental", "may-i-deuces"), {"": {1: 2, 2: 2, 3: 2}}),
        # one rating for each family: each counts its own games
        (
            "family",
            ("continental", "may-i-deuces"),
            {"continental": {1: 1, 2: 1, 3: 1}, "may-i-deuces": {1: 1, 2: 1, 3: 1}},
        ),
        ("family", ("continental", "continental"), {"continental": {1: 2, 2: 2, 3: 2}}),
    ],
    ids=["league", "two-families", "one-family"],
)
def test_pools(rating_by, families, pools):
    played = [game(n, 1, 2, 3, family=family) for n, family in enumerate(families, start=1)]

    found = rate(played, rating_by)

    assert {
        pool: {p: s[-1].games for p, s in steps.items()} for pool, steps in found.items()
    } == pools


def test_families_rate_apart():
    two = [game(1, 1, 2, 3, family="continental"), game(2, 3, 2, 1, family="may-i-deuces")]

    found = rate(two, "family")

    # Player 1 won the Continental game and lost the other: each family keeps its own.
    assert found["continental"][1][-1].rating == ratings_after(game(1, 1, 2, 3))[1]
    assert found["may-i-deuces"][1][-1].rating == ratings_after(game(1, 3, 2, 1))[1]


def test_a_game_without_two_placed_players_is_passed_over():
    assert rate([GameResult(1, "continental", ((1, 1),))], "league") == {}


@pytest.mark.parametrize(
    ("step", "words"),
    [
        (None, "Rated after 5 games: 5 more games to go."),
        (Step(1, 1, 4, 1, 1275, 75), "Rated after 5 games: 4 more games to go."),
        (Step(4, 2, 4, 4, 1300, 3), "Rated after 5 games: 1 more game to go."),
    ],
    ids=["no-game", "one-game", "four-games"],
)
def test_waiting_words(step, words):
    assert waiting_words(step) == words


@pytest.mark.parametrize(
    ("family", "name"),
    [
        ("", ""),
        ("continental", "Continental"),
        ("may-i-deuces", "May I? (deuces wild)"),
        # a family's own key, from a file of another app's presets, shows as it is
        ("grans-rules", "grans-rules"),
    ],
    ids=["league", "preset", "another-preset", "unknown"],
)
def test_family_name(family, name):
    assert family_name(family) == name


@pytest.mark.parametrize(
    ("rating_by", "pools"),
    [
        ("league", "One rating covers every game of the league."),
        (
            "family",
            "Each family of rules (a preset and the league's copies of it) has its own rating.",
        ),
    ],
)
def test_rating_words_say_how_it_works_and_how_it_is_pooled(rating_by, pools):
    words = rating_words(rating_by)

    assert words.endswith(pools)
    assert "second of eight is a better result than second of three" in words
    assert f"once a player has played {RATED_AFTER} games that count" in words


def test_the_settings_choices():
    assert [key for key, _ in rating_by_choices()] == ["league", "family"]


@pytest.mark.parametrize(
    ("move", "number", "written"),
    [
        (12, str, "+12"),
        (0, str, "+0"),
        (-3, str, "\u22123"),
        (-1204, lambda n: f"{n:,}", "\u22121,204"),
    ],
)
def test_a_move_is_always_signed_with_its_number_written_by_the_edge(move, number, written):
    assert move_written(move, number) == written
