"""The game-night recap through the pages: a game's card and a day's, as a page and as a PNG
with the same words, in the league's language; none for a game that does not count."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import date
from io import BytesIO

import pytest
from conftest import loaded, out, play_hand, tally
from flask import Response
from flask_babel import force_locale
from PIL import Image
from reading import markup, visible_text

from scorekeeper.extensions import db
from scorekeeper.models import Game
from scorekeeper.play import interruptions
from scorekeeper.read import recap_image
from scorekeeper.rules.recap import Recap
from scorekeeper.rules.storage import ruleset_to_dict
from scorekeeper.views import recap as recap_views

NIGHT = date(2026, 3, 14)
FOUR = ("Ann", "Bob", "Cat", "Dan")
# Continental points: 2-9 are 5, 10-K 10. Bob leads after hand 1, Ann and Cat are level after
# hand 2, and Ann leads alone from hand 3 on, 10 points ahead after it. Ann goes out 4 times.
HANDS = [
    [tally(high=2), out(), tally(high=1), tally(high=3)],
    [out(), tally(high=3), tally(high=1), tally(low=1)],
    [out(), tally(low=1), tally(high=1), tally(high=1)],
    [tally(low=1), tally(low=1), out(), tally(low=1)],
    [out(), tally(high=1), tally(low=1), tally(high=1)],
    [tally(low=1), tally(low=1), out(), tally(low=1)],
    [out(), tally(low=1), tally(low=1), tally(low=1)],
]


def played_out(make_game, **kwargs) -> Game:
    game = make_game(players=FOUR, started_on=NIGHT, **kwargs)
    for report in HANDS:
        play_hand(game, report)
    return game


def card_text(response) -> str:
    """What the recap card itself says, as a reader sees it."""
    found = re.search(r'<article[^>]*data-testid="recap".*?</article>', markup(response), re.S)
    assert found, "the page shows no recap card"
    return visible_text(Response(found.group(0)))


def recap_in(app, game: Game, language: str) -> Recap:
    """The card as the one function of the page and the picture words it, in `language`."""
    with app.test_request_context("/"):
        app.preprocess_request()  # the rules speak the request's language from here
        with force_locale(language):
            return recap_views.game_recap(loaded(game))


def test_the_recap_shows_the_winner_places_deciding_hand_and_who_went_out(client, make_game):
    game = played_out(make_game)

    page = client.get(f"/games/{game.id}/recap")

    assert page.status_code == 200
    assert card_text(page) == (
        "Game 1 The Smiths · March 14, 2026 Ann won with 30 points. "
        "1 Ann 30 2 Cat 40 3 Bob 60 4 Dan 70 "
        "The hand that decided it Hand 3: Ann took the lead by 10 points and kept it to the end. "
        "The hand after which the winner led alone, to the end. "
        "Went out most Ann went out 4 times. "
        # The league's first game sets every record it can.
        "Records set Most games won: Ann, 1 game won; "
        "Best game total, Continental: Ann, 30 points; "
        "Worst game total, Continental: Dan, 70 points; "
        "Most hands gone out: Ann, 4 hands gone out; Most zeros in a season: Ann, 4 zeros; "
        "Longest run of hands gone out: Ann, 2 hands in a row; "
        "Closest finish: Ann, Cat, won by 10 points; "
        "Lowest hand for the whole table: Ann, Bob, Cat, Dan, 15 points in all "
        "A record of all time, or of the season named, set or shared here."
    )
    assert "Download the picture" in visible_text(page)


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_the_picture_is_a_png_with_the_pages_words(app, client, make_game, language):
    game = played_out(make_game)
    game.league.language = None if language == "en" else language
    db.session.commit()

    page = client.get(f"/games/{game.id}/recap")
    picture = client.get(f"/games/{game.id}/recap.png")

    assert picture.status_code == 200
    assert picture.mimetype == "image/png"
    image = Image.open(BytesIO(picture.data))
    assert image.format == "PNG"
    assert image.width == recap_image.WIDTH == 1080
    assert recap_image.SHORTEST <= image.height <= 2 * recap_image.SHORTEST
    recap = recap_in(app, game, language)
    words = " ".join(recap.texts())
    assert card_text(page) == words
    drawn, height = recap_image.layout(recap)
    assert " ".join(line.text for line in drawn) == words
    assert height == image.height


def test_the_card_speaks_the_leagues_language(client, make_game):
    game = played_out(make_game)
    game.league.language = "es"
    db.session.commit()

    shown = card_text(client.get(f"/games/{game.id}/recap"))

    assert shown.startswith("Partida 1 The Smiths · 14 de marzo de 2026 Ann ganó con 30 puntos.")
    assert "Ann cerró 4 veces." in shown


def test_long_names_are_cut_short_on_the_picture_only(app, client, make_game):
    names = ("Grandmother Rosalind Núñez-Größenwahn", "Bob", "Cat", "Dan")
    game = make_game(players=names, started_on=NIGHT)
    for report in HANDS:
        play_hand(game, report)

    assert names[0] in card_text(client.get(f"/games/{game.id}/recap"))
    drawn, _height = recap_image.layout(recap_in(app, game, "en"))
    winner = next(line for line in drawn if line.style == "winner")
    assert winner.text.endswith("…")
    assert names[0].startswith(winner.text.removesuffix("…"))


def test_a_posted_total_is_said_beside_its_player_on_the_page_and_the_picture(
    app, client, make_game
):
    game = make_game(players=FOUR, started_on=NIGHT)
    for report in HANDS[:2]:
        play_hand(game, report)
    interruptions.player_leaves(loaded(game), game.seats[3], 3)
    db.session.commit()
    for report in HANDS[2:]:
        play_hand(game, report[:3])

    shown = card_text(client.get(f"/games/{game.id}/recap"))

    assert "4 Dan total posted 100 " in shown  # Bob 60 + Cat 40, as the rule posts it
    recap = recap_in(app, game, "en")
    assert shown == " ".join(recap.texts())
    drawn, _height = recap_image.layout(recap)
    assert " ".join(line.text for line in drawn) == shown


def test_a_game_ended_early_says_so_on_its_card(client, make_game):
    game = make_game(players=FOUR, started_on=NIGHT)
    rs = game.rules
    game.rules_data = ruleset_to_dict(
        replace(rs, fairness=replace(rs.fairness, incomplete_game=False))
    )
    db.session.commit()
    for report in HANDS[:3]:
        play_hand(game, report)
    interruptions.end_game(loaded(game))
    db.session.commit()

    shown = card_text(client.get(f"/games/{game.id}/recap"))

    assert "Ann won with 20 points. Ended early: 3 of 7 hands were played." in shown
    assert "Shared win" not in shown


def test_a_discarded_game_or_one_in_play_has_no_recap(client, make_game, make_league):
    league = make_league(players=FOUR)
    discarded = make_game(players=FOUR, started_on=NIGHT, league=league)
    play_hand(discarded, HANDS[0])
    interruptions.end_game(loaded(discarded))
    db.session.commit()
    in_play = make_game(players=FOUR, started_on=NIGHT, league=league)

    for game, words in (
        (discarded, "Game 1 was discarded: it counts for nothing, so it has no recap."),
        (in_play, "Game 2 is still being played: its recap comes when it ends."),
    ):
        for path in (f"/games/{game.id}/recap", f"/games/{game.id}/recap.png"):
            answer = client.get(path)
            assert answer.status_code == 404
            assert words in visible_text(answer)
        assert 'data-testid="recap-link"' not in markup(client.get(f"/games/{game.id}"))


def test_the_finished_games_table_screen_and_sheet_link_to_its_recap(client, make_game):
    game = played_out(make_game)

    for path in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        assert f'href="/games/{game.id}/recap" data-testid="recap-link"' in markup(client.get(path))


def test_a_new_name_draws_a_new_picture(client, make_game):
    game = played_out(make_game)
    before = client.get(f"/games/{game.id}/recap.png").data
    assert client.get(f"/games/{game.id}/recap.png").data == before

    game.seats[0].player.name = "Annie"
    db.session.commit()

    after = client.get(f"/games/{game.id}/recap.png").data
    assert after != before
    assert "Annie won with 30 points." in card_text(client.get(f"/games/{game.id}/recap"))


def test_without_its_fonts_the_picture_says_why_and_the_page_still_shows(
    client, make_game, monkeypatch
):
    game = played_out(make_game)
    monkeypatch.setitem(recap_image.FONT_FILES, "regular", "NoSuchFont-Regular.ttf")
    recap_image.font.cache_clear()
    try:
        picture = client.get(f"/games/{game.id}/recap.png")
        page = client.get(f"/games/{game.id}/recap")
    finally:
        monkeypatch.undo()
        recap_image.font.cache_clear()

    assert picture.status_code == 503
    assert "it lacks the DejaVu fonts" in visible_text(picture)
    assert page.status_code == 200


def test_a_days_recap_ranks_the_night_by_wins(client, make_game, make_league):
    league = make_league(players=FOUR)
    first = played_out(make_game, league=league)
    second = make_game(players=FOUR, started_on=NIGHT, league=league)
    for report in HANDS:  # Bob goes out where Ann did: Bob wins
        play_hand(second, [report[1], report[0], report[2], report[3]])
    make_game(players=FOUR, started_on=NIGHT, league=league)  # still in play: not counted
    other_day = make_game(players=FOUR, started_on=date(2026, 3, 15), league=league)
    for report in HANDS:
        play_hand(other_day, report)

    page = client.get(f"/leagues/{league.id}/recap/2026-03-14")

    assert page.status_code == 200
    assert card_text(page) == (
        "Game night The Smiths · March 14, 2026 Ann, Bob shared the night. "
        "1 Ann 1 win 1 Bob 1 win 3 Cat 0 wins 4 Dan 0 wins "
        "Went out most Ann, Bob went out 5 times each. "
        "Game 1 Ann won with 30 points. Game 2 Bob won with 30 points. "
        # The next day's game took the counts' records; the night keeps those it set alone.
        "Records set Best game total, Continental: Ann, Bob, 30 points; "
        "Worst game total, Continental: Dan, 70 points; "
        "Longest run of hands gone out: Ann, Bob, 2 hands in a row; "
        "Closest finish: Ann, Cat, Bob, won by 10 points; "
        "Lowest hand for the whole table: Ann, Bob, Cat, Dan, 15 points in all "
        "A record of all time, or of the season named, set or shared here."
    )
    shown = markup(page)
    assert f'href="/games/{first.id}/recap"' in shown
    assert f'href="/games/{second.id}/recap"' in shown
    picture = client.get(f"/leagues/{league.id}/recap/2026-03-14.png")
    assert picture.mimetype == "image/png"
    assert Image.open(BytesIO(picture.data)).width == 1080
    league_page = markup(client.get(f"/leagues/{league.id}"))
    assert f'href="/leagues/{league.id}/recap/2026-03-14"' in league_page
    assert f'href="/leagues/{league.id}/recap/2026-03-15"' in league_page


@pytest.mark.parametrize(
    ("day", "words"),
    [
        ("2026-03-13", "No game that counts was played on March 13, 2026."),
        ("2026-02-30", "Nothing here"),
        ("14-03-2026", "Nothing here"),
        ("2026-03-14x", "Nothing here"),
    ],
    ids=["no-games", "no-such-date", "other-order", "trailing"],
)
def test_a_day_without_a_game_that_counts_has_no_recap(client, make_game, day, words):
    game = played_out(make_game)

    answer = client.get(f"/leagues/{game.league_id}/recap/{day}")

    assert answer.status_code == 404
    assert words in visible_text(answer)
