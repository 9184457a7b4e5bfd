"""The recap's records and rating moves: a game (or a day) that sets or shares a record of
all time or of its season says so, with the moves of the players rated by then, on the page and
in the picture's texts alike; a game that sets none and moves no shown rating says nothing."""

from __future__ import annotations

import re
from datetime import date

from conftest import loaded, out, play_hand, tally
from flask_babel import force_locale
from reading import markup
from test_recap import FOUR, HANDS, NIGHT, card_text, played_out

from scorekeeper.models import Game
from scorekeeper.views import recap as recap_views

RECORDS = "Records set"
MOVES = "Rating moves"
# Bob goes out in every other hand, never twice running; Cat and Dan in the others. Bob wins
# with 45, the others take 60 each: no total, margin, hand's sum or count beats HANDS' game.
QUIET = [
    [tally(high=1), out(), tally(high=1, low=1), tally(high=1)],
    [tally(low=1), tally(high=1, low=1), out(), tally(high=1)],
    [tally(high=1), out(), tally(high=1, low=1), tally(high=1)],
    [tally(high=1), tally(high=1, low=1), tally(high=1), out()],
    [tally(high=1), out(), tally(high=1), tally(high=1)],
    [tally(low=1), tally(high=1, low=1), out(), tally(high=1)],
    [tally(high=1), out(), tally(high=1), tally(high=1)],
]
ROW = re.compile(
    r'<tr><th scope="row">(?:<a [^>]*>)?([^<]+)(?:</a>)?</th><td class="num">\d+</td>\s*'
    r'<td class="num">([^<]+)</td><td class="num">([^<]+)</td></tr>'
)


def quiet_game(make_game, league) -> Game:
    return hands_game(make_game, league, NIGHT, QUIET)


def move_of(text: str) -> int:
    """A move as the pages write it in English: +12, −3 or 0."""
    return int(text.replace("−", "-"))


def hands_game(make_game, league, day: date, hands=HANDS) -> Game:
    game = make_game(players=FOUR, started_on=day, league=league)
    for report in hands:
        play_hand(game, report)
    return game


def texts_of(app, game: Game, language: str = "en") -> tuple[str, ...]:
    """The card's texts as the picture draws them."""
    with app.test_request_context("/"):
        app.preprocess_request()
        with force_locale(language):
            return recap_views.game_recap(loaded(game)).texts()


def test_a_game_that_sets_no_record_and_moves_no_rating_says_nothing_of_them(
    app, client, make_game, make_league
):
    league = make_league(players=FOUR)
    played_out(make_game, league=league)
    played_out(make_game, league=league)
    quiet = quiet_game(make_game, league)

    shown = card_text(client.get(f"/games/{quiet.id}/recap"))

    assert shown.endswith("Went out most Bob went out 4 times.")
    assert RECORDS not in shown and MOVES not in shown
    assert not {RECORDS, MOVES} & set(texts_of(app, quiet))


def test_a_game_that_sets_its_seasons_records_names_the_season(app, client, make_game, make_league):
    league = make_league(players=FOUR)
    hands_game(make_game, league, date(2025, 3, 14))
    quiet = quiet_game(make_game, league)

    shown = card_text(client.get(f"/games/{quiet.id}/recap"))

    # Bob's first win and his zeros tie Ann's of 2025, his 5 hands gone out (1 in 2025) beat
    # her 4: records of all time. The rest are 2026's alone.
    words = (
        "Most games won: Bob, 1 game won; Most hands gone out: Bob, 5 hands gone out; "
        "Most zeros in a season: Bob, 4 zeros; "
        "Best game total, Continental (2026): Bob, 45 points; "
        "Worst game total, Continental (2026): Ann, Cat, Dan, 60 points; "
        "Most hands gone out (2026): Bob, 4 hands gone out; "
        "Closest finish (2026): Bob, Ann, Cat, Dan, won by 15 points; "
        "Lowest hand for the whole table (2026): Ann, Bob, Cat, Dan, 30 points in all"
    )
    assert f"{RECORDS} {words} " in shown
    texts = texts_of(app, quiet)
    assert texts[texts.index(RECORDS) + 1] == words
    # The picture reads the same in Spanish.
    spanish = texts_of(app, quiet, "es")
    assert "Récords" in " ".join(spanish) and "(2026)" in " ".join(spanish)


def test_the_fifth_game_shows_the_rating_moves_of_the_standings(
    app, client, make_game, make_league
):
    league = make_league(players=FOUR)
    games = [played_out(make_game, league=league) for _ in range(5)]

    shown = card_text(client.get(f"/games/{games[-1].id}/recap"))
    fourth = card_text(client.get(f"/games/{games[-2].id}/recap"))

    standings = markup(client.get(f"/leagues/{league.id}/standings"))
    rows = {name: (rating, move) for name, rating, move in ROW.findall(standings)}
    assert sorted(rows) == list(FOUR)
    # In the card's order, best place first.
    words = ", ".join(f"{n} {rows[n][0]} ({rows[n][1]})" for n in ("Ann", "Cat", "Bob", "Dan"))
    assert f"{MOVES} {words} " in shown
    texts = texts_of(app, games[-1])
    assert texts[texts.index(MOVES) + 1] == words
    assert MOVES not in fourth  # nobody is rated after four games


def test_a_days_recap_adds_up_each_rated_players_moves(client, make_game, make_league):
    league = make_league(players=FOUR)
    for _ in range(4):
        hands_game(make_game, league, date(2026, 3, 13))
    fifth = played_out(make_game, league=league)
    quiet_game(make_game, league)

    night = card_text(client.get(f"/leagues/{league.id}/recap/2026-03-14"))
    before = card_text(client.get(f"/leagues/{league.id}/recap/2026-03-13"))
    after_fifth = card_text(client.get(f"/games/{fifth.id}/recap"))

    standings = markup(client.get(f"/leagues/{league.id}/standings"))
    rows = {name: (rating, move_of(move)) for name, rating, move in ROW.findall(standings)}
    for name in FOUR:
        moved = re.search(rf"{name} \d+ \(([^)]+)\)", after_fifth)
        assert moved, after_fifth
        rating, last = rows[name]
        total = move_of(moved.group(1)) + last
        assert f"{name} {rating} ({total:+d})".replace("-", "−").replace("+0", "0") in night
    assert MOVES in night and MOVES not in before
