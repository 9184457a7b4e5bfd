"""SVG line charts: accessible, escaped, with gaps; and the pages that draw them."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from datetime import date

import pytest
from conftest import out, play_hand, tally

from scorekeeper.commands.demo import DEMO_PLAYERS, ensure_demo_league
from scorekeeper.extensions import db
from scorekeeper.models import Account, Game, League
from scorekeeper.play import games
from scorekeeper.read import charts, scoresheet

# --- charts.line_chart, no app needed ---


def polylines(svg: str) -> list[list[tuple[float, float]]]:
    """Each polyline's points, as (x, y) pairs."""
    return [
        [tuple(float(n) for n in point.split(",")) for point in points.split()]
        for points in re.findall(r'<polyline points="([^"]*)"', svg)
    ]


def label_xs(svg: str) -> list[float]:
    """Where the x-axis labels stand, left to right: one x per point of a series."""
    return [
        float(x) for x in re.findall(r'<text x="([\d.]+)" y="[\d.]+" text-anchor="middle">', svg)
    ]


def test_chart_is_an_image_with_a_title_and_a_text_alternative():
    svg = charts.line_chart(
        [charts.Series("Ann", [50, 80])],
        ["1 Mar", "1 Jun"],
        "Ann's game totals",
        "Ann's game totals, oldest first: 50, 80.",
        ident="ann",
    )

    assert '<svg class="chart"' in svg
    assert 'role="img"' in svg
    assert 'aria-labelledby="ann-title ann-desc"' in svg
    assert '<title id="ann-title">Ann&#39;s game totals</title>' in svg
    assert '<desc id="ann-desc">Ann&#39;s game totals, oldest first: 50, 80.</desc>' in svg
    assert svg.count("<svg") == svg.count("</svg>")


# fmt: off
@pytest.mark.parametrize(
    ("values_by_series",                          "labels"),
    [
        ([[50, 80]],                                  2),
        ([[50, 80, 35], [25, 50, 35], [60, 85, 0]],   3),
        ([[120]],                                     1),
        ([[0, 0, 0], [0, 5, 10]],                     3),
        ([[12345, 60000]],                            2),
        # Bonuses below zero: totals under 0 stay inside the picture.
        ([[-30, -10, 5], [10, -40, -20]],             3),
        ([[-30, -60]],                                2),
    ],
    ids=["one-series", "three-series", "one-point", "zeros", "big-totals", "below-zero",
         "all-below-zero"],
)
# fmt: on
def test_one_polyline_per_series_with_a_point_per_value_inside_the_picture(values_by_series, labels):
    series = [charts.Series(f"P{n}", values) for n, values in enumerate(values_by_series)]

    svg = charts.line_chart(series, [str(n) for n in range(1, labels + 1)], "Totals", "Totals.")

    lines = polylines(svg)
    assert [len(points) for points in lines] == [len(values) for values in values_by_series]
    for points in lines:
        assert all(0 <= x <= charts.WIDTH and 0 <= y <= charts.HEIGHT for x, y in points)
    # A higher total stands higher (a smaller y) on the picture.
    for points, values in zip(lines, values_by_series, strict=True):
        for (_, y1), (_, y2), v1, v2 in zip(points, points[1:], values, values[1:], strict=False):
            assert (y1 < y2) == (v1 > v2) and (y1 == y2) == (v1 == v2)
    assert svg.count('class="series s') == len(values_by_series)


def test_the_scale_reaches_below_zero_for_totals_below_it():
    svg = charts.line_chart([charts.Series("Ann", [-30, 20])], ["1", "2"], "T", "D")

    ticks = [int(t) for t in re.findall(r'text-anchor="end">(-?\d+)</text>', svg)]
    assert ticks[0] <= -30 and 0 in ticks and ticks[-1] >= 20
    (low, high), *_ = polylines(svg)
    # -30 stands lower on the picture (a larger y) than 20, and above the x-axis labels.
    assert high[1] < low[1] < charts.HEIGHT - charts.BOTTOM + 0.1


def test_each_series_has_its_own_marker_and_a_legend_entry():
    names = ["Ann", "Bob", "Cat", "Dan", "Eve"]
    svg = charts.line_chart([charts.Series(n, [10, 20]) for n in names], ["1", "2"], "T", "D")

    legend = re.search(r'<ul class="chart-legend">(.*)</ul>', svg).group(1)
    assert re.findall(r"</svg>([^<]+)</li>", legend) == names
    assert "<circle" in svg and "<rect" in svg and "<path" in svg


def test_names_titles_and_labels_are_escaped():
    svg = charts.line_chart(
        [charts.Series("<b>x</b>", [10, 20])],
        ["<i>1</i>", "2"],
        "Totals & <script>",
        'Said "hi" <b>x</b>',
    )

    assert "<b>x</b>" not in svg
    assert "<i>1</i>" not in svg
    assert "<script>" not in svg
    assert svg.count("&lt;b&gt;x&lt;/b&gt;") == 3  # series title, legend, description
    assert "&lt;i&gt;1&lt;/i&gt;" in svg
    assert "Totals &amp; &lt;script&gt;" in svg


def test_chart_ids_follow_the_ident_so_two_charts_fit_on_a_page():
    one = charts.line_chart([charts.Series("Ann", [1])], ["1"], "A", "A", ident="one")
    two = charts.line_chart([charts.Series("Ann", [1])], ["1"], "B", "B", ident="two")

    ids = re.findall(r'id="([^"]+)"', one + two)
    assert ids == ["one-title", "one-desc", "two-title", "two-desc"]


def test_none_leaves_a_gap_in_the_line():
    svg = charts.line_chart(
        [charts.Series("Ann", [10, None, 30, 40])], ["1", "2", "3", "4"], "T", "D"
    )

    xs = label_xs(svg)
    assert len(xs) == 4
    drawn = [[xs.index(x) for x, _ in points] for points in polylines(svg)]
    # Points are drawn for hands 1, 3 and 4, none for hand 2 ...
    assert sorted(i for points in drawn for i in points) == [0, 2, 3]
    plot = svg[: svg.index('<ul class="chart-legend">')]
    assert plot.count("<circle") == 3
    # ... and no line joins hand 1 to hand 3 across the missing value.
    for indices in drawn:
        assert indices == list(range(indices[0], indices[0] + len(indices))), drawn


def test_a_series_with_no_value_draws_no_line():
    svg = charts.line_chart(
        [charts.Series("Ann", [None, None]), charts.Series("Bob", [10, 20])], ["1", "2"], "T", "D"
    )

    assert len(polylines(svg)) == 1
    assert "<title>Bob</title>" in svg


def test_an_empty_chart_is_still_a_picture():
    svg = charts.line_chart([], [], "Nothing yet", "No game yet.")

    assert 'role="img"' in svg
    assert polylines(svg) == []


def text_boxes(svg: str) -> list[tuple[str, float, float, float, str]]:
    """Each text's words, x, y, font size and anchor (the size its own, else the chart's)."""
    size = float(re.search(r'<svg class="chart"[^>]* font-size="([\d.]+)"', svg).group(1))
    return [
        (words, float(x), float(y), float(own or size), anchor)
        for x, y, anchor, own, words in re.findall(
            r'<text [^>]*?x="([\d.]+)" y="([\d.]+)" text-anchor="(\w+)"'
            r'(?: font-size="([\d.]+)")?>([^<]*)</text>',
            svg,
        )
    ]


def test_every_label_fits_inside_the_picture():
    # The widest labels: five-figure totals, a date on the last point, the axis's name. Their
    # width is reckoned at 0.65 em a character (the PDFs' DejaVu Sans draws a digit 0.64 em).
    svg = charts.line_chart(
        [charts.Series("Ann", [10000, 20])],
        ["30 Dec", "31 Dec"],
        "T",
        "D",
        x_name="Game",
        x_notes=["30/12", "31/12"],
    )
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())

    boxes = text_boxes(svg)
    assert {"10000", "31 Dec", "Game", "31/12"} <= {words for words, *_ in boxes}
    for words, x, y, size, anchor in boxes:
        wide = 0.65 * size * len(words)
        left = {"start": x, "middle": x - wide / 2, "end": x - wide}[anchor]
        assert 0 <= left <= left + wide <= width, words
        assert size <= y <= height, words


def test_a_pdf_draws_the_chart_from_its_own_attributes():
    # WeasyPrint draws an inline SVG without the page's stylesheets: no fill means black.
    svg = charts.line_chart(
        [charts.Series("Ann", [10, 30, 20]), charts.Series("Bob", [5, 8, 40])], ["1", "2", "3"], "T", "D"
    )

    polylines_drawn = re.findall(r"<polyline [^>]*>", svg)
    assert len(polylines_drawn) == 2
    assert all('fill="none"' in line and 'stroke="#' in line for line in polylines_drawn)
    assert re.search(r'<svg class="chart"[^>]* font-size="11"', svg)
    assert re.search(r'<g class="grid" stroke="#', svg)
    assert len(set(re.findall(r'<g class="series s\d" fill="(#\w+)"', svg))) == 2


# --- the pages that draw charts ---


def entry(points: int):
    return out() if points == 0 else tally(high=points // 10, low=points % 10 // 5)


def play_hands(game: Game, hands: Sequence[Sequence[int]]) -> None:
    for row in hands:
        play_hand(game, [entry(points) for points in row])


def get_page(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return html.unescape(response.get_data(as_text=True))


def chart_of(text: str) -> str:
    match = re.search(r'<figure class="chart-figure">.*?</figure>', text, re.S)
    assert match, "no chart on the page"
    return match.group(0)


def test_empty_league_renders_without_a_chart(client, make_league):
    league = make_league(players=())

    text = get_page(client, f"/leagues/{league.id}/standings")

    assert "No player in this league yet." in text
    assert "<svg" not in text
    assert get_page(client, f"/leagues/{league.id}/standings?season=all")


def test_league_with_players_and_no_game_renders_without_a_chart(client, make_league):
    league = make_league(players=("Ann", "Bob"))

    text = get_page(client, f"/leagues/{league.id}/standings")
    player = get_page(client, f"/leagues/{league.id}/players/{league.players[0].id}")

    assert "<svg" not in text
    assert "Not ranked yet" in text
    assert "No finished game yet." in player
    assert "<svg" not in player


# One game of 1 Mar 2025: Ann 35, Bob 0, Cat 35, Dan 35.
ONE_GAME = [(5, 0, 5, 5)] * 7


@pytest.fixture
def one_game_league(make_league, make_game) -> League:
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    play_hands(make_game(("Ann", "Bob", "Cat", "Dan"), started_on=date(2025, 3, 1), league=league), ONE_GAME)
    return league


def test_one_game_league_standings_chart(client, one_game_league):
    text = get_page(client, f"/leagues/{one_game_league.id}/standings?season=2025")

    chart = chart_of(text)
    assert 'role="img"' in chart
    assert '<title id="season-chart-title">The last game, 2025</title>' in chart
    assert (
        "Game totals in the season's last games, oldest first (- for a game sat out): "
        "Bob: 0; Ann: 35; Cat: 35; Dan: 35."
    ) in chart
    assert [len(points) for points in polylines(chart)] == [1, 1, 1, 1]


def test_one_game_league_player_chart(client, one_game_league):
    bob = next(p for p in one_game_league.players if p.name == "Bob")

    chart = chart_of(get_page(client, f"/leagues/{one_game_league.id}/players/{bob.id}"))

    assert "Bob's game totals, oldest first: game 1 0." in chart
    assert [len(points) for points in polylines(chart)] == [1]
    assert 'text-anchor="middle">1</text>' in chart  # game 1, not a date
    assert ">1 Mar</text>" not in chart


def test_games_of_one_day_are_told_apart_on_the_standings_chart(client, make_league, make_game):
    league = make_league(players=("Ann", "Bob", "Cat", "Dan"))
    for day in (26, 26, 26, 27):
        game = make_game(("Ann", "Bob", "Cat", "Dan"), started_on=date(2026, 11, day), league=league)
        play_hands(game, ONE_GAME)

    chart = chart_of(get_page(client, f"/leagues/{league.id}/standings?season=2026"))

    # Each point is its game's number; the day is written where it changes.
    labels = [words for words, *_ in text_boxes(chart)]
    assert labels[-7:] == ["Game", "1", "2", "3", "4", "26/11", "27/11"]


def test_standings_chart_keeps_to_the_eight_best_ranked(client, make_league, make_game):
    names = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy")
    league = make_league(players=names)
    # Ann goes out every hand of an 8-player game: 0, the others 35. Then Ivy holds 50 in
    # every hand of a 4-player game: 350, ninth and last.
    play_hands(make_game(names[:8], started_on=date(2025, 3, 1), league=league), [(0, 5, 5, 5, 5, 5, 5, 5)] * 7)
    four = ("Ann", "Bob", "Cat", "Ivy")
    play_hands(make_game(four, started_on=date(2025, 4, 1), league=league), [(0, 5, 5, 50)] * 7)

    chart = chart_of(get_page(client, f"/leagues/{league.id}/standings?season=2025"))

    assert len(polylines(chart)) == 8
    assert "Ivy" not in chart


@pytest.fixture
def demo_league(app) -> League:
    league, created = ensure_demo_league()
    db.session.commit()
    assert created
    return league


@pytest.fixture
def demo_client(app, demo_league):
    """A client signed in as the demo league's owner."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["account_id"] = db.session.get(Account, demo_league.owner_id).id
    return client


def test_demo_league_standings_and_chart(demo_client, demo_league):
    text = get_page(demo_client, f"/leagues/{demo_league.id}/standings?season=2026")

    # The demo's finished game of 14 March 2026: Grandma Rose 180, Sam 200, Uncle Joe and
    # Maria 225 (sharing third), Priya 325.
    rows = re.findall(r'<td class="num">(\d*)</td>\s*<th scope="row"><a [^>]*>([^<]+)</a>', text)
    assert rows == [
        ("1", "Grandma Rose"), ("2", "Sam"), ("3", "Maria"), ("3", "Uncle Joe"), ("5", "Priya"),
    ]  # fmt: skip
    chart = chart_of(text)
    assert (
        "Grandma Rose: 180; Sam: 200; Maria: 225; Uncle Joe: 225; Priya: 325." in chart
    )
    assert len(polylines(chart)) == 5
    assert get_page(demo_client, f"/leagues/{demo_league.id}/standings")


@pytest.mark.parametrize("name", DEMO_PLAYERS)
def test_demo_league_player_pages_and_charts(demo_client, demo_league, name):
    player = next(p for p in demo_league.players if p.name == name)

    text = get_page(demo_client, f"/leagues/{demo_league.id}/players/{player.id}")

    chart = chart_of(text)
    assert f"{name}'s game totals over time" in chart
    assert [len(points) for points in polylines(chart)] == [1]
    assert "In progress" in text


# --- the running totals of a game ---


def test_running_totals_chart_of_a_game(app, make_game):
    game = make_game(("Ann", "Bob", "Cat", "Dan"), started_on=date(2025, 3, 1))
    play_hands(game, [(0, 10, 20, 30), (5, 0, 10, 20), (10, 5, 0, 40)])

    svg = scoresheet.running_chart(scoresheet.build(games.load_game(game.id)))

    assert 'role="img"' in svg
    # Ann 15 and Bob 15 share first place: listed in seat order.
    assert "After hand 3, Ann 15, Bob 15, Cat 30, Dan 90." in svg
    assert [len(points) for points in polylines(svg)] == [3, 3, 3, 3]


def test_running_totals_chart_is_on_the_game_pages(client, make_game):
    game = make_game(("Ann", "Bob", "Cat", "Dan"), started_on=date(2025, 3, 1))
    play_hands(game, [(0, 10, 20, 30), (5, 0, 10, 20)])

    sheet = get_page(client, f"/games/{game.id}/sheet")
    table = get_page(client, f"/games/{game.id}")

    assert 'id="running-chart-title"' in sheet
    assert table  # the table screen keeps to the hand in play and the totals
