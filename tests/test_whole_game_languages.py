"""A whole game in the page's language: a Chilean family plays Carioca in Spanish and a German
table plays Contract Rommé, through the pages from the league's creation to the game's end;
every page they meet (the forms, a refusal, a fix, a May I?, the sheets and their PDF, the
standings, records, player and recap pages, the fairness pages and the read-only link) leaves
no English word but names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import hand_data, loaded
from test_languages import page_language
from test_printed_languages import pdf_text, words
from test_sheets import read_pdf

from scorekeeper.extensions import db
from scorekeeper.league import settings
from scorekeeper.models import League
from scorekeeper.play import games
from scorekeeper.rules.dealing import hand_count
from tests.reading import english_left, input_value, visible_text

pytestmark = pytest.mark.words

SPANISH = {"Accept-Language": "es-CL,es;q=0.9"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
TABLES = {
    "es": ("carioca", "Los Pérez", ("Abuela", "Tío Juan", "Coni", "Nacho"), SPANISH),
    "de": ("contract-romme", "Familie Huber", ("Oma", "Jörg", "Lena", "Max"), GERMAN),
}
# Names no language changes: the games' (the home page offers each) and the file format's.
GAMES = ("Carioca", "Contract Rommé", "Continental", "Liverpool", "PDF")
# Words each language writes as English does: a Spanish "Total" and a date's "nov"; the
# German "Name", "Hand", "Joker", "November" and its "Nov.".
SAME_WORDS = {"es": ("Total", "nov"), "de": ("Name", "Hand", "Joker", "November", "Nov")}
# What the table typed: the reason of its fix.
REASON = "Mal contado"


class Table:
    """A phone at the table: every page it opens is also opened in English, to compare."""

    def __init__(self, client, language: str) -> None:
        self.client = client
        self.preset, self.league_name, self.players, self.headers = TABLES[language]
        self.keep = (*self.players, self.league_name, *GAMES, *SAME_WORDS[language], REASON)
        self.language = language
        self.left: dict[str, list[str]] = {}

    def see(self, path: str, method: str = "GET", data=None, status: int = 200):
        """Open `path` in English and in the table's language; note the English left."""
        english = self.client.open(path, method=method, data=data)
        translated = self.client.open(path, method=method, data=data, headers=self.headers)
        assert (english.status_code, translated.status_code) == (status, status), path
        # Nothing set the league's language: each page follows the browser's.
        assert (page_language(english), page_language(translated)) == ("en", self.language)
        found = english_left(english, translated, keep=self.keep)
        if found:
            self.left[f"{method} {path}"] = found
        return translated

    def send(self, path: str, data=None, said: dict[str, str] | None = None):
        """Send a form in the table's language, as the phone does; its answer is followed and
        says `said` (in each language)."""
        sent = self.client.post(path, data=data, headers=self.headers, follow_redirects=True)
        assert sent.status_code == 200, (path, visible_text(sent))
        if said:
            assert said[self.language] in visible_text(sent), path
        return sent


def create_league(table: Table) -> League:
    """The league and its players, made through the home and league pages."""
    table.see("/")
    made = table.client.post(
        "/leagues", data={"name": table.league_name, "preset": table.preset}, headers=table.headers
    )
    league_id = int(re.search(r"/leagues/(\d+)", made.location).group(1))
    for name in table.players:
        table.send(f"/leagues/{league_id}/players", {"name": name})
    table.see(f"/leagues/{league_id}")
    league = db.session.get(League, league_id)
    assert league is not None and league.rulesets[0].rules.key == table.preset
    return league


def start_game(table: Table, league: League):
    """Tick the players, seat them and start, through the new game's two steps."""
    base = f"/leagues/{league.id}/games"
    ruleset = str(league.rulesets[0].id)
    table.see(f"{base}/new")
    # Ticking one player only is refused: too few for the game.
    table.see(
        f"{base}/new", "POST", {"players": [str(league.players[0].id)], "ruleset": ruleset}, 422
    )
    ticked = {"players": [str(p.id) for p in league.players], "ruleset": ruleset}
    seating = table.see(f"{base}/new", "POST", ticked)
    form = {name: input_value(seating, name) for name in ("order", "ruleset", "token")}
    form["first_dealer"] = str(league.players[0].id)
    started = table.client.post(f"{base}/seating", data=form, headers=table.headers)
    game_id = int(re.search(r"/games/(\d+)", started.location).group(1))
    return loaded(games.load_game(game_id))


def totals(count: int, going_out: int) -> list[dict[str, str]]:
    """A hand's report: one player went out, the others typed what they held."""
    return [
        {"out": "y"} if seat == going_out else {"total": str(15 * (seat + 1))}
        for seat in range(count)
    ]


def play_game(table: Table, game) -> None:
    """Every hand through the hand form, with a refusal, a May I?, a fix and the end pages."""
    count = len(table.players)
    last = hand_count(game.rules)
    for number in range(1, last + 1):
        path = f"/games/{game.id}/hand/{number}/score"
        hand = games.current_hand(loaded(game))
        table.see(f"/games/{game.id}")
        table.see(path)
        if number == 1:
            table.send(f"/games/{game.id}/hands/{hand.id}/mayi", {"seat": str(game.seats[1].id)})
            table.see(f"/games/{game.id}")
            hand = games.current_hand(loaded(game))
            # Two players out at once: the rules refuse the report, nothing is saved.
            refused = hand_data(hand, [{"out": "y"}] * 2 + [{"total": "30"}] * (count - 2))
            table.see(path, "POST", refused, 422)
        if number == last:
            # What ending the game here would make of it, before the last hand is scored.
            table.see(f"/games/{game.id}/end")
        saved = {"es": f"Mano {number} guardada.", "de": f"Runde {number} gespeichert."}
        report = hand_data(hand, totals(count, (number - 1) % count))
        table.send(path, report, saved if number < last else None)
        if number == 2:
            first = games.hand_numbered(loaded(game), 1)
            edit = f"/games/{game.id}/hands/{first.id}/edit"
            table.see(edit)
            fixed = totals(count, 0)
            fixed[1] = {"total": "20"}
            table.send(
                edit,
                hand_data(first, fixed, made_by=table.players[0], reason=REASON, agreed="y"),
            )
    first = games.hand_numbered(loaded(game), 1)
    assert loaded(game).status.value == "finished"
    # The May I? and the one fix were kept.
    assert len(first.claims) == 1 and len(first.corrections) == 1


def see_finished_game(table: Table, game, league: League, tmp_path: Path) -> None:
    """The pages of the game once it is over, the league's pages and the read-only link."""
    for path in ("", "/sheet", "/sheet/print", "/recap", "/rulings", "/rulings?q=joker"):
        table.see(f"/games/{game.id}{path}")
    for number in range(1, hand_count(game.rules) + 1):
        hand = games.hand_numbered(loaded(game), number)
        table.see(f"/games/{game.id}/hands/{hand.id}/edit")
    pdf = f"/games/{game.id}/sheet.pdf"
    english = pdf_text(table.client.get(pdf), tmp_path)
    printed = table.client.get(pdf, headers=table.headers)
    assert read_pdf(printed).trailer["/Root"]["/Lang"] == table.language
    translated = pdf_text(printed, tmp_path)
    kept = words(" ".join(table.keep))
    if left := sorted((words(english) & words(translated)) - kept):
        table.left[f"GET {pdf} (PDF)"] = left
    player = league.players[0]
    for path in ("/standings", "/records", f"/players/{player.id}"):
        table.see(f"/leagues/{league.id}{path}")
    token = settings.share(db.session.get(League, league.id))
    db.session.commit()
    watcher = table.client.application.test_client()
    watching = Table(watcher, table.language)
    for path in ("", f"/games/{game.id}"):
        watching.see(f"/watch/{token}{path}")
    table.left |= watching.left


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_whole_game_leaves_no_english_but_names(client, language, tmp_path):
    table = Table(client, language)

    league = create_league(table)
    game = start_game(table, league)
    play_game(table, game)
    see_finished_game(table, game, league, tmp_path)

    assert table.left == {}, "\n".join(f"{page}: {left}" for page, left in table.left.items())
