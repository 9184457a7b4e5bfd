"""Printed scoresheets: blank and completed, A4 and Letter, read back from the PDF itself."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import threading
from datetime import date
from io import BytesIO
from pathlib import Path

import pytest
from conftest import out, play_hand, tally
from pypdf import PdfReader

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.play import hands, interruptions
from scorekeeper.read import pdf, pdf_engine
from scorekeeper.rules.dealing import cards_dealt, contract_words, hand_count, minimum_cards
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.ruleset import RuleSet

ROOT = Path(__file__).resolve().parent.parent
FOUR = ("Ann", "Bob", "Cat", "Dan")
FIVE = (*FOUR, "Eve")
EIGHT = (*FIVE, "Fay", "Gus", "Hal")
A4, LETTER = (595, 842), (612, 792)


def read_pdf(response) -> PdfReader:
    assert response.status_code == 200, response.get_data(as_text=True)[:800]
    assert response.mimetype == "application/pdf"
    return PdfReader(BytesIO(response.data))


def shape(reader: PdfReader) -> tuple[int, tuple[int, int]]:
    """How many pages, and the first one's (width, height) in points."""
    box = reader.pages[0].mediabox
    return len(reader.pages), (round(float(box.width)), round(float(box.height)))


def text(reader: PdfReader) -> str:
    return "\n".join(page.extract_text() for page in reader.pages)


def flat(sheet: str) -> str:
    """The sheet's words with every line break and run of spaces as one space (the rules in
    brief are paragraphs: where their lines break depends on the paper)."""
    return " ".join(sheet.split())


def seat_names(sheet: str) -> list[str]:
    """The names over the score columns, left to right: the words between the grid's legend
    and its first hand (the names these tests seat are one word each)."""
    head = sheet.split("(grey).\n", 1)[1].split("\n1. ", 1)[0]
    return head.split()


def hand_lines(sheet: str) -> list[tuple[str, int, int]]:
    """(contract, minimum cards, cards dealt) of each hand row, top to bottom: each row reads
    "3. 2 runs", then "min 8 · deal 12 · Deals: ...", and the rows are numbered in order."""
    rows = re.findall(r"(\d+)\. ([^\n]+)\nmin (\d+) · deal (\d+)", sheet)
    assert [int(number) for number, *_ in rows] == list(range(1, len(rows) + 1))
    return [(contract.removesuffix(" *"), int(low), int(dealt)) for _, contract, low, dealt in rows]


def dealers(sheet: str) -> list[str]:
    return [name.strip() for name in re.findall(r"Deals: ([^\n]*)", sheet)]


def footer_row(sheet: str, label: str) -> list[str]:
    return re.search(rf"^{label} ?(.*)$", sheet, re.M).group(1).split()


def expected_hands(rs: RuleSet) -> list[tuple[str, int, int]]:
    return [
        (contract_words(rs, k), minimum_cards(rs, k), cards_dealt(rs, k))
        for k in range(1, hand_count(rs) + 1)
    ]


def hand_report(players: int, number: int) -> tuple[list[PlayerEntry], list[int]]:
    """Hand `number`: seat number-1 goes out, the others keep 2-9s (5 each) and 10-Ks (10)."""
    entries, points = [], []
    for seat in range(players):
        if seat == (number - 1) % players:
            entries.append(out())
            points.append(0)
        else:
            low, high = seat + 1, number % 3
            entries.append(tally(low=low, high=high))
            points.append(5 * low + 10 * high)
    return entries, points


def play(game, hands_to_play: int) -> list[int]:
    """Play hands 1..n with every seat present; return each seat's total."""
    totals = [0] * len(game.seats)
    for number in range(1, hands_to_play + 1):
        entries, points = hand_report(len(game.seats), number)
        play_hand(game, entries)
        totals = [t + p for t, p in zip(totals, points, strict=True)]
    return totals


def places(totals: list[int]) -> list[str]:
    return [str(sorted(totals).index(total) + 1) for total in totals]


@pytest.mark.parametrize(
    ("players", "paper", "query", "page"),
    [
        (FOUR, "A4", "", A4),
        (FOUR, "A4", "?paper=letter", LETTER),
        (EIGHT, "Letter", "", LETTER[::-1]),
        (EIGHT, "Letter", "?paper=A4", A4[::-1]),
    ],
    ids=["4-a4", "4-letter-asked", "8-letter-landscape", "8-a4-asked-landscape"],
)
def test_blank_sheet_of_a_game(client, make_game, players, paper, query, page):
    game = make_game(players=players, first_dealer=2, started_on=date(2026, 3, 14))
    game.league.paper_size = paper
    db.session.commit()
    reader = read_pdf(client.get(f"/games/{game.id}/blank.pdf{query}"))
    sheet = text(reader)
    assert shape(reader) == (1, page)
    assert seat_names(sheet) == list(players)
    assert hand_lines(sheet) == expected_hands(game.rules)
    assert dealers(sheet) == [players[(2 + k) % len(players)] for k in range(7)]
    assert "Date: 14 March 2026 · First dealer: " + players[2] in sheet
    assert "The Smiths" in sheet and "14 March 2026" in sheet and "Page 1 of 1" in sheet
    assert "Joker = 50" in flat(sheet) and "Missing score:" in sheet and "Corrections:" in sheet
    assert "Scorer:" in sheet
    # boxes to fill in by hand, and one for each player to sign
    assert footer_row(sheet, "Total") == footer_row(sheet, "Signed") == []


@pytest.mark.parametrize(
    ("players", "paper", "page"),
    [
        (FOUR, "a4", A4),
        (FOUR, "letter", LETTER),
        (EIGHT, "a4", A4[::-1]),
        (EIGHT, "letter", LETTER[::-1]),
    ],
    ids=["4-a4", "4-letter", "8-a4", "8-letter"],
)
def test_completed_sheet_of_a_finished_game(client, make_game, players, paper, page):
    game = make_game(players=players, first_dealer=0)
    totals = play(game, 7)
    reader = read_pdf(client.get(f"/games/{game.id}/sheet.pdf?paper={paper}"))
    sheet = text(reader)
    assert shape(reader) == (1, page)
    assert seat_names(sheet) == list(players)
    assert hand_lines(sheet) == expected_hands(game.rules)
    assert dealers(sheet) == [players[k % len(players)] for k in range(7)]
    assert footer_row(sheet, "Total") == [str(t) for t in totals]
    assert footer_row(sheet, "Place") == places(totals)
    winner = players[totals.index(min(totals))]
    assert f"Finished: 7 of 7 hands scored · winner: {winner}, {min(totals)} points" in sheet
    assert "posted" not in sheet


def test_game_in_progress_has_running_totals_and_empty_rows(client, make_game):
    game = make_game(players=EIGHT)
    totals = play(game, 3)
    reader = read_pdf(client.get(f"/games/{game.id}/sheet.pdf"))
    sheet = text(reader)
    assert shape(reader) == (1, A4[::-1])
    assert "In progress: 3 of 7 hands scored" in sheet
    assert footer_row(sheet, "Total so far") == [str(t) for t in totals]
    assert footer_row(sheet, "Place so far") == places(totals)
    entries, points = hand_report(8, 3)
    # Hand 3's row: each seat's score and running total; Cat (seat 3) went out.
    row = [
        ("OUT " if seat == 2 else "") + f"{p} {t}"
        for seat, (p, t) in enumerate(zip(points, totals, strict=True))
    ]
    assert " ".join(row) in sheet
    assert dealers(sheet) == [EIGHT[k] for k in range(7)]  # the hands to come too


def test_posted_score_and_corrected_hand_are_marked(client, make_game):
    game = make_game(players=FOUR)
    play_hand(game, [out(), tally(low=2), tally(high=2), PlayerEntry(no_score=True)])
    play_hand(game, hand_report(4, 2)[0])
    first = next(hand for hand in game.hands if hand.number == 1)
    hands.correct_hand(
        first,
        [out(), tally(low=3), tally(high=2), PlayerEntry(no_score=True)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Ann",
        reason="Bob found a card under the table",
        agreed=True,
    )
    db.session.commit()
    sheet = text(read_pdf(client.get(f"/games/{game.id}/sheet.pdf")))
    # Wrapped inside its own box (never across into the total beside it).
    assert re.search(r"OUT 0 0 15 15 20 20 35\s*posted 20 \+\s*15\s*35\n", sheet)
    assert "(missing-score rule)" in sheet
    assert "CORRECTED (1)" in sheet
    assert "Hand 1 corrected" in sheet and "by Ann: Bob found a card under the table" in sheet


def test_total_posted_for_a_player_who_left(client, make_game):
    game = make_game(players=FIVE)
    totals = play(game, 2)
    interruptions.player_leaves(game, game.seats[4], 3)
    db.session.commit()
    for number in range(3, 8):
        entries, points = hand_report(4, number)
        play_hand(game, entries)
        totals[:4] = [t + p for t, p in zip(totals[:4], points, strict=True)]
    posted = sum(sorted(totals[:4])[-2:])
    sheet = text(read_pdf(client.get(f"/games/{game.id}/sheet.pdf")))
    finishers = " ".join(str(total) for total in totals[:4])
    assert re.search(rf"^Total {finishers} {posted}\s*total posted$", sheet, re.M)
    # Eve's boxes from hand 3 on (not the rules' words "leaves before", "left in hand")
    assert len(re.findall(r"\bleft\b(?! before| in hand)", sheet)) == 5
    assert "(incomplete-game rule)" in sheet


def test_discarded_game_says_so(client, make_game):
    game = make_game(players=FOUR)
    play(game, 2)
    interruptions.suspend(game)
    interruptions.close_incomplete(game)
    db.session.commit()
    sheet = text(read_pdf(client.get(f"/games/{game.id}/sheet.pdf")))
    assert "Discarded. The game was suspended after 2 of 7 hands and did not go on." in sheet
    assert "counts in no standings" in sheet
    assert footer_row(sheet, "Place") == []


def test_blank_sheet_for_a_league_with_chosen_players(client, make_league):
    league = make_league(players=EIGHT)
    by_name = {p.name: p.id for p in league.players}
    seated = ("Dan", "Ann", "Hal", "Bob", "Eve")
    query = "&".join(f"players={by_name[name]}" for name in seated)
    reader = read_pdf(client.get(f"/leagues/{league.id}/blank.pdf?{query}&first_dealer=3"))
    sheet = text(reader)
    assert shape(reader) == (1, A4)
    assert seat_names(sheet) == list(seated)
    assert dealers(sheet) == [seated[(3 + k) % 5] for k in range(7)]
    assert "3 decks + 6 jokers" in sheet and "printed" in sheet


def test_the_first_dealer_is_the_seat_chosen_on_the_form_empty_seats_and_all(client, make_league):
    league = make_league(players=EIGHT)
    by_name = {p.name: str(p.id) for p in league.players}
    on_the_form = ("Dan", "", "Hal", "Bob", "", "Eve")  # seats 2 and 5 left empty
    query = "&".join(f"players={by_name.get(name, '')}" for name in on_the_form)
    # Seat 3 (Hal) deals first: the third of the four players seated.
    sheet = text(read_pdf(client.get(f"/leagues/{league.id}/blank.pdf?{query}&first_dealer=2")))
    seated = ["Dan", "Hal", "Bob", "Eve"]
    assert seat_names(sheet) == seated
    assert dealers(sheet) == [seated[(1 + k) % 4] for k in range(7)]
    assert "First dealer: Hal" in flat(sheet)
    # The form shown again keeps the choice in the seat it was made in.
    page = client.get(f"/leagues/{league.id}/blank?{query}&first_dealer=2").text
    assert '<option value="2" selected>Seat 3</option>' in page
    # An empty seat cannot deal.
    refused = client.get(f"/leagues/{league.id}/blank.pdf?{query}&first_dealer=4")
    assert refused.status_code == 422
    assert "Seat 5 is empty: choose a seat with a player to deal." in refused.text
    assert '<option value="4" selected>Seat 5</option>' in refused.text


def test_a_player_chosen_for_every_seat_is_told_of_that_alone(client, make_league):
    league = make_league(players=FOUR)
    same = "&".join(f"players={league.players[0].id}" for _ in range(4))
    refused = client.get(f"/leagues/{league.id}/blank.pdf?{same}")
    assert refused.status_code == 422
    assert "A player can take only one seat." in refused.text
    assert "you chose 1" not in refused.text


def test_blank_sheet_for_a_league_without_players_has_empty_name_boxes(client, make_league):
    league = make_league(players=FOUR)
    reader = read_pdf(client.get(f"/leagues/{league.id}/blank.pdf?paper=letter"))
    sheet = text(reader)
    assert shape(reader) == (1, LETTER[::-1])
    assert "SEAT 8" in sheet and "SEAT 9" not in sheet
    assert not any(name in sheet for name in FOUR)
    assert dealers(sheet) == [""] * 7
    assert "7–8 players: 4 decks + 8 jokers" in flat(sheet)


def test_blank_sheet_form_works_without_javascript(client, make_league):
    league = make_league(players=FOUR)
    page = client.get(f"/leagues/{league.id}/blank").get_data(as_text=True)
    assert f'action="/leagues/{league.id}/blank.pdf"' in page and 'method="get"' in page
    assert page.count('name="players"') == 8 and 'name="first_dealer"' in page
    assert f'href="/leagues/{league.id}/blank"' in client.get(f"/leagues/{league.id}").text
    three = "&".join(f"players={p.id}" for p in league.players[:3])
    refused = client.get(f"/leagues/{league.id}/blank.pdf?{three}&players=999&first_dealer=3")
    assert refused.status_code == 422
    assert "Continental is played by 4 to 8 players; you chose 3." in refused.text
    assert "Choose players of this league only." in refused.text
    assert "The first dealer must be one of the 3 seats." in refused.text


def test_only_the_league_sees_its_sheets(anonymous, make_game):
    game = make_game(players=FOUR)
    for url in (f"/games/{game.id}/sheet.pdf", f"/leagues/{game.league_id}/blank.pdf"):
        response = anonymous.get(url)
        assert response.status_code == 302 and "/login" in response.location


def test_unknown_paper_is_refused_and_pdfs_open_in_the_browser(client, make_game):
    game = make_game(players=FOUR)
    response = client.get(f"/games/{game.id}/sheet.pdf?paper=a5")
    assert response.status_code == 400
    assert "There is no paper size &#39;a5&#39;: ask for paper=a4 or letter." in response.text
    assert "That could not be done" in response.text and 'href="/"' in response.text  # styled
    response = client.get(f"/games/{game.id}/sheet.pdf?paper=Letter")
    assert (
        response.headers["Content-Disposition"] == f"inline; filename=game-{game.id}-scoresheet.pdf"
    )
    assert "object-src 'none'" not in response.headers["Content-Security-Policy"]  # viewers work


def test_html_in_a_name_is_printed_as_text(client, make_game):
    game = make_game(players=("<b>Bo</b>", "Ann", "Cat", "Dan"))
    for url in (f"/games/{game.id}/blank.pdf", f"/games/{game.id}/sheet.pdf"):
        assert seat_names(text(read_pdf(client.get(url))))[0] == "<b>Bo</b>"
    page = client.get(f"/games/{game.id}/sheet/print").text
    assert "&lt;b&gt;Bo&lt;/b&gt;" in page and "<b>Bo</b>" not in page


def test_every_pdf_is_linked_from_its_page(client, make_game):
    game = make_game(players=FOUR)
    for page in (f"/games/{game.id}/sheet", f"/games/{game.id}", f"/games/{game.id}/sheet/print"):
        response = client.get(page, follow_redirects=True)
        assert f'href="/games/{game.id}/sheet.pdf' in response.text, page
    assert f'href="/games/{game.id}/blank.pdf' in client.get(f"/games/{game.id}/sheet").text
    # Any page prints cleanly from the browser with app.css's print rules; only sheets need
    # print.css, so other pages do not download it.
    home = client.get("/").text
    assert "print.css" not in home and "app.css" in home
    assert "@media print" in (ROOT / "static/app.css").read_text()


def test_pdf_fetches_only_static_files(client, make_game, monkeypatch):
    fetched = []
    real_fetch = pdf_engine.StaticFilesOnly.fetch
    monkeypatch.setattr(
        pdf_engine.StaticFilesOnly,
        "fetch",
        lambda self, url, *a: fetched.append(url) or real_fetch(self, url),
    )
    game = make_game(players=FOUR)
    read_pdf(client.get(f"/games/{game.id}/sheet.pdf"))
    # The stylesheets come parsed from disk (pdf_engine.stylesheets); anything else the sheet
    # asks for goes through the fetcher, which serves static files only.
    assert all(url.startswith("http://localhost/static/") for url in fetched)
    sheets = pdf_engine.stylesheets(pdf.stylesheet_files(pdf.SHEET_STYLESHEETS))
    assert [css.base_url for css in sheets] == [
        (ROOT / "static" / name).as_uri() for name in pdf.SHEET_STYLESHEETS
    ]
    fetcher = pdf_engine.StaticFilesOnly("http://localhost/", "/static/", str(ROOT / "static"))
    assert fetcher.fetch("http://localhost/static/print.css").content_type == "text/css"
    for refused in (
        "https://example.com/font.woff2",
        "file:///etc/passwd",
        "http://localhost/static/../pyproject.toml",
        "http://localhost/static/%2e%2e/pyproject.toml",
        "http://localhost/leagues/1",
        "http://localhost.evil.example/static/print.css",
    ):
        with pytest.raises(ValueError):
            fetcher.fetch(refused)


def poppler(tool: str) -> str:
    """The path of one of poppler's tools (pdftoppm, pdftotext), else skip (fail in CI)."""
    found = shutil.which(tool)
    if found is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{tool} (Debian package poppler-utils) is required in CI")
        pytest.skip(f"{tool} is not installed (Debian package poppler-utils)")
    return found


def inked_share(pdf_bytes: bytes, tmp_path: Path) -> float:
    """The share of the first page's pixels that are not white, at 30 dpi in grey."""
    source = tmp_path / "sheet.pdf"
    source.write_bytes(pdf_bytes)
    subprocess.run(
        [poppler("pdftoppm"), "-gray", "-r", "30", "-f", "1", "-l", "1", "-singlefile"]
        + [str(source), str(tmp_path / "page")],
        check=True,
    )
    data = (tmp_path / "page.pgm").read_bytes()
    magic, width, height, depth, pixels = data.split(maxsplit=4)
    assert (magic, depth) == (b"P5", b"255")
    pixels = pixels[: int(width) * int(height)]
    return sum(1 for value in pixels if value < 200) / len(pixels)


@pytest.mark.parametrize(
    "url", ["/games/{game}/blank.pdf", "/games/{game}/sheet.pdf", "/leagues/{league}/blank.pdf"]
)
def test_first_page_is_not_blank(client, make_game, tmp_path, url):
    game = make_game(players=FOUR)
    play(game, 3)
    response = client.get(url.format(game=game.id, league=game.league_id))
    assert len(read_pdf(response).pages) == 1
    assert 0.03 < inked_share(response.data, tmp_path) < 0.5


def test_demo_picture_script(tmp_path):
    spec = importlib.util.spec_from_file_location(
        "completed_sheet", ROOT / "docs/completed_sheet.py"
    )
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    poppler("pdftoppm")
    sheet = script.demo_sheet_pdf()
    words = text(PdfReader(BytesIO(sheet)))
    assert " ".join(seat_names(words)) == "Grandma Rose Uncle Joe Maria Sam Priya"
    assert footer_row(words, "Total") == ["180", "225", "225", "200", "325"]
    picture = tmp_path / "sheet.png"
    script.write_picture(sheet, picture)
    header = picture.read_bytes()[:24]
    assert header[:8] == b"\x89PNG\r\n\x1a\n"
    assert (int.from_bytes(header[16:20]), int.from_bytes(header[20:24])) == (794, 1123)
    assert 0.03 < inked_share(sheet, tmp_path) < 0.5


@pytest.mark.parametrize(("paper", "size"), [("a4", A4), ("letter", LETTER)], ids=["a4", "letter"])
def test_standings_sheet_has_the_table_and_the_chart(client, make_game, tmp_path, paper, size):
    game = make_game(players=FOUR, started_on=date(2026, 5, 1))
    totals = play(game, 7)
    response = client.get(f"/leagues/{game.league_id}/standings.pdf?season=2026&paper={paper}")
    reader = read_pdf(response)
    words = text(reader)

    # The standings, then the records, ratings and rivals on a page of their own.
    assert shape(reader) == (2, size)
    assert "Standings, 2026" in words and "Recent games" in words
    ranked = [name for _, name in sorted(zip(totals, FOUR, strict=True))]
    positions = [words.index(name) for name in ranked]
    assert positions == sorted(positions)  # the table lists the best first
    assert 0.01 < inked_share(response.data, tmp_path) < 0.5


# The standings (and their records, ratings and rivals) and a 15-hand blank sheet, two pages
# each: the date under the title on the first page, in the running head on the next; once on
# each page.
@pytest.mark.parametrize(
    ("preset", "sheet", "pages"),
    [("continental", "standings.pdf", 2), ("buying", "blank.pdf", 2)],
    ids=["standings", "blank-sheet-of-two-pages"],
)
def test_a_sheet_prints_its_date_once_on_each_page(client, make_league, preset, sheet, pages):
    league = make_league(players=FOUR, preset=preset)
    today = zones.today_in(league.time_zone)

    reader = read_pdf(client.get(f"/leagues/{league.id}/{sheet}"))

    assert len(reader.pages) == pages
    for page in reader.pages:
        assert page.extract_text().count(f"printed {today.day} {today:%B %Y}") == 1


def test_standings_page_links_its_sheet(client, make_league):
    league = make_league()
    page = client.get(f"/leagues/{league.id}/standings").get_data(as_text=True)
    assert f"/leagues/{league.id}/standings.pdf" in page
    assert client.get(f"/leagues/{league.id}/standings/print").status_code == 200


def test_a_penalty_shows_where_the_score_shows(client, make_game):
    game = make_game(players=FOUR)
    short = PlayerEntry(tally={"10-K": 1}, short_cards=2)  # 10 + 2 short x 10 = 30
    fined = PlayerEntry(went_out=True, penalty=25, penalty_reason="played out of turn")
    play_hand(game, [fined, short, tally(high=2), tally(low=1)])
    for url in (f"/games/{game.id}", f"/games/{game.id}/sheet"):
        shown = client.get(url).get_data(as_text=True)
        assert re.search(r"30</span>\s*<span class=\"terms\">= 10 \+ 2 short<", shown), url
        assert "= out + 25 penalty" in shown, url
    sheet = text(read_pdf(client.get(f"/games/{game.id}/sheet.pdf")))
    assert re.search(r"30\s*=\s*10\s*\+\s*2\s*short", sheet)
    assert re.search(r"25\s*=\s*out\s*\+\s*25\s*penalty", sheet)


def pages_at_100_dpi(pdf_bytes: bytes, folder: Path) -> list[bytes]:
    """Every page of a PDF as pdftoppm draws it at 100 dpi (PNG bytes)."""
    folder.mkdir()
    (folder / "sheet.pdf").write_bytes(pdf_bytes)
    subprocess.run(
        [poppler("pdftoppm"), "-png", "-r", "100", str(folder / "sheet.pdf"), str(folder / "page")],
        check=True,
    )
    return [path.read_bytes() for path in sorted(folder.glob("page-*.png"))]


@pytest.mark.parametrize(
    ("players", "url"),
    [(FIVE, "/games/{game}/sheet.pdf"), (EIGHT, "/leagues/{league}/blank.pdf?paper=letter")],
    ids=["completed-a4", "blank-8-letter"],
)
def test_the_sheets_own_stylesheet_prints_what_app_css_did(
    client, make_game, monkeypatch, tmp_path, players, url
):
    # static/pdf.css stands in for app.css in the scoresheets' PDFs: it must hold every rule
    # of app.css a sheet relies on, so the pages come out the same, pixel for pixel.
    game = make_game(players=players)
    fined = PlayerEntry(tally={"10-K": 1}, short_cards=2, penalty=25, penalty_reason="reneged")
    silent = PlayerEntry(no_score=True)
    play_hand(game, [out(), fined, silent, *[tally(low=2, ace=1)] * (len(players) - 3)])
    play_hand(game, [tally(high=1), out(), *[tally(joker=1)] * (len(players) - 2)])
    address = url.format(game=game.id, league=game.league_id)
    printed_with = []
    real = pdf_engine.write_pdf
    monkeypatch.setattr(
        pdf_engine,
        "write_pdf",
        lambda html, base, fetcher, size, files: (
            printed_with.append([f.name for f in files]) or real(html, base, fetcher, size, files)
        ),
    )
    own = client.get(address)
    monkeypatch.setattr(pdf, "SHEET_STYLESHEETS", pdf.STYLESHEETS)
    with_app_css = client.get(address)
    assert printed_with == [["pdf.css", "print.css"], ["app.css", "print.css"]]
    assert read_pdf(own).pages and read_pdf(with_app_css).pages
    assert pages_at_100_dpi(own.data, tmp_path / "own") == pages_at_100_dpi(
        with_app_css.data, tmp_path / "app"
    )


def test_pdfs_drawn_in_one_thread_share_its_font_configuration(client, make_game):
    # WeasyPrint would otherwise load fontconfig and start a new font map for every PDF.
    game = make_game(players=FOUR)
    play(game, 2)
    first = client.get(f"/games/{game.id}/sheet.pdf", headers={"Cache-Control": "no-cache"})
    config = pdf_engine.font_config()
    again = client.get(f"/games/{game.id}/sheet.pdf", headers={"Cache-Control": "no-cache"})
    assert pdf_engine.font_config() is config
    assert read_pdf(again).pages and again.data == first.data
    elsewhere = []
    thread = threading.Thread(target=lambda: elsewhere.append(pdf_engine.font_config()))
    thread.start()
    thread.join()
    assert elsewhere and elsewhere[0] is not config
