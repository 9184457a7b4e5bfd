"""The table in Spanish and German: the table screen, the hand form, a game's own pages, the
read-only link's pages and the offline pages, in each state that shows sentences of its own,
leave no English word but names; flashes and refusals speak the page's language; and a game
played in Spanish records exactly what the same game played in English records."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from datetime import date

import pytest
from conftest import hand_data, loaded, out, play_hand
from test_other_systems import filled_buying_rules

from scorekeeper.extensions import db
from scorekeeper.league import rulesets, settings
from scorekeeper.models import Game, League
from scorekeeper.play import games, hands, interruptions, mayi, proposals
from scorekeeper.read import proposals as proposals_shown
from scorekeeper.read import scoresheet, settlement, standings_page
from scorekeeper.rules import limits
from scorekeeper.rules.dealing import (
    contract_words,
    going_out_words,
    hand_count,
    hand_rule,
    player_count_refusal,
    stock_words,
    wild_words,
)
from scorekeeper.rules.entries import HandCheck, PlayerEntry, check_hand, impossible_total_words
from scorekeeper.rules.incomplete_game import unranked_leaver_note
from scorekeeper.rules.language import ENGLISH, speaking
from scorekeeper.rules.mayi import hand_claim_words
from scorekeeper.rules.missing_score import no_score_hint
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.scoring import report_groups, wild_rank_label
from scorekeeper.rules.suspension import resume_terms
from tests.reading import english_left, visible_text

pytestmark = pytest.mark.words

SPANISH = {"Accept-Language": "es-CL,es;q=0.9"}
GERMAN = {"Accept-Language": "de-DE,de;q=0.9"}
LANGUAGES = {"es": SPANISH, "de": GERMAN}
FOUR = ("Ann", "Bob", "Cat", "Dan")
# Names no language changes: the players', the league's, the games', and "Total", which
# Spanish spells as English does.
NAMES = (*FOUR, "Eve", "The Smiths", "Carioca", "Contract Rommé", "Total")
# The May I? panel's boxes (forms/fairplay.py), which the fairness area translates.
MAY_I_BOXES = (
    "The claimant has already gone down",
    "The player whose turn it is has taken the discard",
    "The claimant took the previous discard by May I?",
)


def rules_words(rs: RuleSet) -> set[str]:
    """What the rules layer says of a rule set on these pages, in English: its contracts,
    going out, claims, price groups, stock, missing score and player counts. The rules and
    fairness areas of the issue translate these; they stay English until those are merged,
    and every other piece of these pages is translated here."""
    with speaking(ENGLISH):
        words = {no_score_hint(rs), stock_words(rs.stock), wild_words(rs)}
        words |= {unranked_leaver_note(rs), impossible_total_words().capitalize()}
        for number in range(1, hand_count(rs) + 1):
            words |= {contract_words(rs, number), going_out_words(rs, number)}
            words.add(hand_claim_words(rs, number))
            words |= {group.label for group in report_groups(rs, number)}
        for players in range(limits.FEWEST_PLAYERS - 1, limits.MOST_PLAYERS + 2):
            words.add(player_count_refusal(rs, players) or "")
    return words | set(MAY_I_BOXES)


def left(english, translated, rs: RuleSet, theirs: Iterable[str] = ()) -> list[str]:
    """The pieces a translated page still shows in English: names, the rules' words and
    `theirs` (other sentences of the fairness and rules areas) aside."""
    found = english_left(english, translated, keep=NAMES)
    return [piece for piece in found if piece not in rules_words(rs) | set(theirs)]


def proposal_words(game: Game) -> set[str]:
    """What the corrections rule says of the game's proposals (the fairness area's)."""
    game = loaded(game)
    with speaking(ENGLISH):
        shown = proposals_shown.build(game, hands.fixable_hands(game, owner=True))
    return {words for p in shown for words in (p.heading, p.accept_words, p.outcome)}


def chart_words(game: Game) -> set[str]:
    """The running chart's title and summary (the printed sheet's read model, whose words the
    paper area translates)."""
    game = loaded(game)
    with speaking(ENGLISH):
        sheet = scoresheet.build(game)
        chart = str(scoresheet.running_chart(sheet)) if sheet.rows else ""
    found = re.findall(r"<(?:title|desc)[^>]*>([^<]*)<|aria-label=\"([^\"]*)\"", chart)
    return {html.unescape(text) for pair in found for text in pair if text}


def the_sheets_words(game: Game) -> set[str]:
    """What a game's pages show that other areas word: its proposals and its chart."""
    return proposal_words(game) | chart_words(game)


def pages(client, path: str, language: str, method: str = "GET", data=None):
    """The page at `path` in English and in `language`, as the same visitor sees it."""
    english = client.open(path, method=method, data=data)
    translated = client.open(path, method=method, data=data, headers=LANGUAGES[language])
    assert english.status_code == translated.status_code, path
    return english, translated


def carioca(make_game, players: Sequence[str] = FOUR) -> Game:
    return make_game(players=players, preset="carioca")


def typed(points: int) -> PlayerEntry:
    return PlayerEntry(typed_total=points)


def seat(game: Game, name: str):
    return next(s for s in game.seats if s.player.name == name)


def step(game: Game) -> Game:
    """Commit what an operation did and read the game again, as the next request would."""
    db.session.commit()
    return loaded(game)


def busy_game(make_game) -> Game:
    """A Carioca game with a little of everything the table screen and the sheet show: hand 1
    scored and then corrected, a proposal waiting for it, hand 2 dealt again with a May I? and
    a renewed stock, and Dan leaving from hand 3."""
    game = carioca(make_game)
    play_hand(game, [out(), typed(15), typed(30), typed(45)])
    first = games.hand_numbered(game, 1)
    hands.correct_hand(
        first,
        [out(), typed(20), typed(30), typed(45)],
        stock_ran_out=False,
        confirmed=True,
        made_by="Ann",
        reason="Bob counted twice",
    )
    game = step(game)
    first = games.hand_numbered(game, 1)
    proposals.propose(
        first, [out(), typed(25), typed(30), typed(45)], stock_ran_out=False, sent_by="Cat"
    )
    hands.redeal(games.current_hand(game), "A card was shown")
    game = step(game)
    mayi.record_claim(games.current_hand(game), seat(game, "Bob"))
    game = step(game)
    hands.renew_stock(games.current_hand(game))
    interruptions.player_leaves(game, seat(game, "Dan"), 3)
    return step(game)


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize(
    "path",
    ["", "/sheet", "/hand/2/score", "/hand/3/score"],
    ids=["table", "sheet", "form", "ahead"],
)
def test_a_game_in_play_leaves_no_english(client, make_game, language, path):
    game = busy_game(make_game)

    english, translated = pages(client, f"/games/{game.id}{path}", language)

    assert left(english, translated, game.rules, the_sheets_words(game)) == []


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", ("Mano 2 de 8", "repartida de nuevo (1)", "Correcciones propuestas",
                "se fue desde la mano 3", "Mazo renovado 1 vez", "Deshacer el ¿Puedo? de Bob")),
        ("de", ("Runde 2 von 8", "neu gegeben (1)", "Vorgeschlagene Korrekturen",
                "ab Runde 3 gegangen", "Stapel einmal erneuert", "Darf ich? von Bob zurücknehmen")),
    ],
)  # fmt: skip
def test_the_table_screen_says_each_of_its_states(client, make_game, language, said):
    game = busy_game(make_game)

    text = visible_text(client.get(f"/games/{game.id}", headers=LANGUAGES[language]))

    for words in said:
        assert words in text, words


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("es", ("La mano 2 se volvió a repartir: A card was shown", "corregida el", "por Ann",
                "Por qué: Bob counted twice", "Manos anotadas: 2 de 8")),
        ("de", ("Runde 2 wurde neu gegeben: A card was shown", "korrigiert am", "von Ann",
                "Warum: Bob counted twice", "Aufgeschriebene Runden: 2 von 8")),
    ],
)  # fmt: skip
def test_the_sheet_tells_its_history_in_the_page_language(client, make_game, language, said):
    game = busy_game(make_game)
    play_hand(game, [out(), typed(15), typed(30), typed(45)])

    text = visible_text(client.get(f"/games/{game.id}/sheet", headers=LANGUAGES[language]))

    for words in said:
        assert words in text, words


@pytest.mark.parametrize(
    ("headers", "when"),
    [(SPANISH, "26 de noviembre de 2026"), (GERMAN, "26. November 2026"), ({}, "26 November 2026")],
    ids=["es", "de", "en"],
)
def test_the_sheet_dates_the_game_as_the_language_writes_dates(client, make_game, headers, when):
    game = make_game(started_on=date(2026, 11, 26))

    page = client.get(f"/games/{game.id}/sheet", headers=headers)

    assert when in visible_text(page)


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_suspended_game_leaves_no_english(client, make_game, language):
    game = carioca(make_game)
    play_hand(game, [out(), typed(15), typed(30), typed(45)])
    interruptions.suspend(game)
    game = step(game)

    english, translated = pages(client, f"/games/{game.id}", language)

    # What resuming asks is the suspension rule's sentence, the fairness area's.
    with speaking(ENGLISH):
        terms = resume_terms(game.rules, game.started_on)
    assert left(english, translated, game.rules, [terms]) == []
    suspended = {"es": "Partida suspendida", "de": "Spiel unterbrochen"}[language]
    assert suspended in visible_text(translated)


def play_out(game: Game) -> None:
    """Play every hand: Ann always goes out, the others hold what they hold."""
    for _ in range(hand_count(game.rules)):
        play_hand(game, [out(), typed(15), typed(30), typed(45)][: len(game.seats)])


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("path", ["", "/sheet"], ids=["table", "sheet"])
def test_a_finished_game_leaves_no_english(client, make_game, language, path):
    game = carioca(make_game)
    play_out(game)

    english, translated = pages(client, f"/games/{game.id}{path}", language)

    assert left(english, translated, game.rules, the_sheets_words(game)) == []
    winner = {"es": "Gana Ann con 0 puntos.", "de": "Ann gewinnt mit 0 Punkten."}[language]
    assert winner in visible_text(translated)


@pytest.mark.parametrize(
    ("headers", "shared"),
    [(SPANISH, "Empate en el primer puesto: Ann y Bob con 60 puntos."),
     (GERMAN, "Geteilter Sieg: Ann und Bob mit 60 Punkten."),
     ({}, "Shared win: Ann and Bob with 60 points.")],
    ids=["es", "de", "en"],
)  # fmt: skip
def test_a_shared_win_names_its_winners_as_the_language_lists_them(
    client, make_game, headers, shared
):
    game = make_game(players=("Ann", "Bob", "Cat"), preset="carioca")
    for number in range(1, hand_count(game.rules) + 1):
        ann, bob = (out(), typed(15)) if number % 2 else (typed(15), out())
        play_hand(game, [ann, bob, typed(30)])

    page = client.get(f"/games/{game.id}", headers=headers)

    assert shared in visible_text(page)


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_buying_game_and_its_settling_up_leave_no_english(client, make_league, language):
    league = make_league(players=("Ann", "Bob", "Cat"))
    record = rulesets.copy_ruleset(league, filled_buying_rules(), "Our buying")
    game = games.start_game(league, record, list(league.players), 0)
    game = step(game)
    mayi.record_claim(games.current_hand(game), seat(game, "Bob"))
    game = step(game)
    in_play = pages(client, f"/games/{game.id}", language)
    play_out(game)
    finished = pages(client, f"/games/{game.id}", language)

    # The settling up's lines and what the kitty does are the fairness area's.
    with speaking(ENGLISH):
        money = settlement.build(loaded(game))
    assert money is not None
    theirs = (*money.lines, money.kitty_words, "Our buying")
    assert left(*in_play, game.rules, theirs) == []
    assert left(*finished, game.rules, theirs) == []
    kitty = {"es": "Bote: 1 céntimo", "de": "Kasse: 1 Cent"}[language]
    assert kitty in visible_text(in_play[1])
    holds = {"es": "El bote tiene 1 céntimo", "de": "In der Kasse liegt 1 Cent"}[language]
    assert holds in visible_text(finished[1])


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("path", ["", "/hand/1/score"], ids=["table", "form"])
def test_a_wild_rank_hand_leaves_no_english(client, make_game, language, path):
    game = make_game(preset="progressive")

    english, translated = pages(client, f"/games/{game.id}{path}", language)

    # The wild rank's name ("3s") is the rules area's.
    rank = wild_rank_label(hand_rule(game.rules, 1).wild_rank or "")
    assert left(english, translated, game.rules, [rank.removesuffix(" (wild)")]) == []


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_refused_hand_form_leaves_no_english(client, make_game, language):
    game = carioca(make_game)
    hand = games.current_hand(game)
    # A number past its bound and a reason too long.
    data = hand_data(
        hand,
        [{"out": "y"}, {"total": "99999"}, {"total": "30"}, {"penalty_reason": "x" * 300}],
    )

    english, translated = pages(client, f"/games/{game.id}/hand/1/score", language, "POST", data)

    assert english.status_code == 422
    assert left(english, translated, game.rules) == []
    text = visible_text(translated)
    assert {"es": "Bob, O escribe los puntos: Pon un número entero de puntos, de 0 a 10000.",
            "de": "Bob, Oder tipp die Punkte ein: Gib eine ganze Zahl an Punkten an, 0 bis 10000."}[
        language] in text  # fmt: skip
    assert {"es": "Como mucho 120 caracteres.", "de": "Höchstens 120 Zeichen."}[language] in text


def english_check(game: Game, entries: list[PlayerEntry]) -> HandCheck:
    """The rules' check of hand 1's report, in English."""
    names = [seat.player.name for seat in game.seats]
    with speaking(ENGLISH):
        return check_hand(game.rules, entries, names, stock_ran_out=False, hand_number=1)


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_report_the_rules_refuse_leaves_no_english_of_the_form(client, make_game, language):
    game = carioca(make_game)
    hand = games.current_hand(game)
    # Two players out at once, and a typed total no cards make (1 point).
    data = hand_data(hand, [{"out": "y"}, {"out": "y"}, {"total": "1"}, {"total": "45"}])
    # The refusals themselves are the rules area's (entries.py): the form around them is ours.
    check = english_check(game, [PlayerEntry(went_out=True)] * 2 + [typed(1), typed(45)])

    english, translated = pages(client, f"/games/{game.id}/hand/1/score", language, "POST", data)

    assert english.status_code == 422
    assert left(english, translated, game.rules, [p.message for p in check.errors]) == []
    assert "Nothing was saved yet." not in visible_text(translated)


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_total_to_confirm_asks_in_the_page_language(client, make_game, language):
    game = carioca(make_game)
    hand = games.current_hand(game)
    data = hand_data(hand, [{"out": "y"}, {"total": "1"}, {"total": "30"}, {"total": "45"}])
    check = english_check(game, [PlayerEntry(went_out=True), typed(1), typed(30), typed(45)])

    english, translated = pages(client, f"/games/{game.id}/hand/1/score", language, "POST", data)

    assert english.status_code == 422
    assert left(english, translated, game.rules, [p.message for p in check.warnings]) == []
    confirm = {"es": "Sí, guardar la mano 1 así", "de": "Ja, Runde 1 so speichern"}[language]
    assert confirm in visible_text(translated)


@pytest.mark.parametrize("language", ["es", "de"])
def test_the_fix_form_of_an_earlier_hand_leaves_no_english(client, make_game, language):
    game = carioca(make_game)
    play_hand(game, [out(), typed(15), typed(30), typed(45)])
    play_hand(game, [typed(15), out(), typed(30), typed(45)])
    first = games.hand_numbered(loaded(game), 1)

    # What fixing an earlier hand asks is the corrections rule's sentence (fairness area).
    with speaking(ENGLISH):
        terms = hands.correction_terms(first)

    english, translated = pages(client, f"/games/{game.id}/hands/{first.id}/edit", language)

    assert left(english, translated, game.rules, [terms.words, terms.reason_hint]) == []
    fix = {"es": "Corregir la mano 1", "de": "Runde 1 korrigieren"}[language]
    assert fix in visible_text(translated)


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_hand_saved_first_elsewhere_leaves_no_english(client, make_game, language):
    game = carioca(make_game)
    sent = hand_data(
        games.current_hand(game), [{"out": "y"}, {"total": "20"}, {"total": "30"}, {"total": "45"}]
    )
    play_hand(game, [out(), typed(15), typed(30), typed(45)])

    english, translated = pages(client, f"/games/{game.id}/hand/1/score", language, "POST", sent)

    assert english.status_code == 409
    assert left(english, translated, game.rules) == []
    saved = {"es": "La mano 1 ya estaba guardada", "de": "Runde 1 war schon gespeichert"}[language]
    assert saved in visible_text(translated)


@pytest.mark.parametrize("language", ["es", "de"])
def test_a_hand_sent_before_its_turn_leaves_no_english(client, make_game, language):
    game = carioca(make_game)
    data = hand_data(games.current_hand(game), [{"out": "y"}, {}, {}, {}])

    english, translated = pages(client, f"/games/{game.id}/hand/2/score", language, "POST", data)

    assert english.status_code == 409
    assert left(english, translated, game.rules) == []
    assert {
        "es": "La mano 2 aún no se ha repartido: la mano 1 sigue en juego.",
        "de": "Runde 2 ist noch nicht gegeben: Runde 1 läuft noch.",
    }[language] in visible_text(translated)


@pytest.mark.parametrize(
    ("headers", "said"),
    [(SPANISH, "La partida 1 se descartó: ya no se puede jugar ni anotar nada en ella."),
     (GERMAN, "Spiel 1 wurde gestrichen: Darin kann nichts mehr gespielt oder eingetragen werden."),
     ({}, "Game 1 was discarded: nothing more can be played or recorded in it.")],
    ids=["es", "de", "en"],
)  # fmt: skip
def test_a_hand_of_an_ended_game_is_refused_in_the_page_language(client, make_game, headers, said):
    game = carioca(make_game)
    data = hand_data(games.current_hand(game), [{"out": "y"}, {}, {}, {}])
    interruptions.end_game(game)
    step(game)

    refused = client.post(f"/games/{game.id}/hand/1/score", data=data, headers=headers)

    assert refused.status_code == 422
    assert said in visible_text(refused)


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize(
    "data",
    [None, {"players": ["1"]}, {"new_player": "Ann"}, {"players": ["1", "2", "3"]}],
    ids=["step-1", "too-few", "known-name", "seating"],
)
def test_starting_a_game_leaves_no_english(client, make_league, language, data):
    league = make_league(players=FOUR, preset="carioca")
    if data is not None:
        data = {**data, "ruleset": str(league.rulesets[0].id)}

    english, translated = pages(
        client, f"/leagues/{league.id}/games/new", language, "POST" if data else "GET", data
    )

    assert left(english, translated, league.rulesets[0].rules) == []


@pytest.mark.parametrize(
    ("language", "said"),
    [("es", "Ann ya está en la liga: marca su nombre más arriba."),
     ("de", "Ann ist schon in der Liga: Hak den Namen oben an.")],
)  # fmt: skip
def test_a_new_player_already_in_the_league_is_refused_in_the_page_language(
    client, make_league, language, said
):
    league = make_league(players=FOUR, preset="carioca")

    refused = client.post(
        f"/leagues/{league.id}/games/new",
        data={"new_player": "Ann", "ruleset": str(league.rulesets[0].id)},
        headers=LANGUAGES[language],
    )

    assert refused.status_code == 422 and said in visible_text(refused)


@pytest.mark.parametrize(
    ("headers", "saved", "dealt_again"),
    [
        (SPANISH, "Mano 1 guardada.", "La mano 2 se vuelve a repartir; reparte la misma persona."),
        (GERMAN, "Runde 1 gespeichert.", "Runde 2 wird neu gegeben, vom selben Geber."),
        ({}, "Hand 1 saved.", "Hand 2 is dealt again by the same dealer."),
    ],
    ids=["es", "de", "en"],
)
def test_the_table_s_messages_speak_the_page_language(
    client, make_game, headers, saved, dealt_again
):
    game = carioca(make_game)
    data = hand_data(
        games.current_hand(game), [{"out": "y"}, {"total": "15"}, {"total": "30"}, {"total": "45"}]
    )

    page = client.post(
        f"/games/{game.id}/hand/1/score", data=data, headers=headers, follow_redirects=True
    )
    second = games.current_hand(loaded(game))
    again = client.post(
        f"/games/{game.id}/hands/{second.id}/redeal",
        data={"version": str(second.version), "reason": "Two cards stuck together"},
        headers=headers,
        follow_redirects=True,
    )

    assert saved in visible_text(page)
    assert dealt_again in visible_text(again)


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("path", ["/offline", "/offline/not-sent"], ids=["offline", "not-sent"])
def test_the_offline_pages_leave_no_english(anonymous, language, path):
    english, translated = pages(anonymous, path, language)

    assert left(english, translated, preset("continental")) == []


# The standings table the read-only link shares with the league's pages (the league area's).
STANDINGS_TABLE = re.compile(
    r'<div class="table-wrap" role="region" aria-labelledby="standings-caption".*?</table>\s*'
    r"</div>\s*<p[^>]*>.*?</p>",
    re.S,
)


class WithoutStandings:
    """A page with its standings table cut out, read as `tests.reading` reads a response."""

    def __init__(self, response) -> None:
        self.text = STANDINGS_TABLE.sub("", response.get_data(as_text=True))

    def get_data(self, as_text: bool = True) -> str:
        return self.text


@pytest.mark.parametrize("language", ["es", "de"])
@pytest.mark.parametrize("path", ["", "/games/{game}"], ids=["standings", "game"])
def test_the_read_only_pages_leave_no_english(app, make_game, language, path):
    game = busy_game(make_game)
    league = db.session.get(League, game.league_id)
    token = settings.share(league)
    db.session.commit()
    # The seasons' names are the league area's.
    with speaking(ENGLISH):
        seasons = {season.label for season in standings_page.seasons(league)}
    theirs = the_sheets_words(game) | seasons
    relative = app.test_client()

    english, translated = pages(relative, f"/watch/{token}{path.format(game=game.id)}", language)

    found = left(WithoutStandings(english), WithoutStandings(translated), game.rules, theirs)
    assert found == []
    assert {"es": "solo lectura", "de": "nur lesen"}[language] in translated.get_data(as_text=True)


def stored_rows(game: Game) -> list[tuple]:
    """What a game keeps, in plain values: its end, its hands' notes, scores and history."""
    db.session.expire_all()
    found = games.load_game(game.id)
    assert found is not None
    rows: list[tuple] = [(found.status.value, found.discarded, found.end_note)]
    for hand in sorted(found.hands, key=lambda hand: (hand.number, hand.attempt)):
        rows.append((hand.number, hand.attempt, hand.state.value, hand.note))
        for score in sorted(hand.scores, key=lambda score: score.seat_id):
            rows.append((score.tally, score.typed_total, score.score, score.posted, score.no_score))
        rows += [(c.made_by, c.reason, c.old, c.new) for c in hand.corrections]
    return rows


def play_through_the_pages(client, game: Game, headers: dict[str, str]) -> None:
    """Score, re-deal, re-play, fix and end a game through its pages, as a phone would."""
    hand = games.current_hand(loaded(game))
    client.post(
        f"/games/{game.id}/hand/1/score",
        data=hand_data(hand, [{"out": "y"}, {"total": "15"}, {"total": "30"}]),
        headers=headers,
    )
    hand = games.current_hand(loaded(game))
    client.post(
        f"/games/{game.id}/hands/{hand.id}/redeal",
        data={"version": str(hand.version), "reason": "Se vio una carta"},
        headers=headers,
    )
    hand = games.current_hand(loaded(game))
    # Two players give no score: too few to post one, so the hand is played again.
    client.post(
        f"/games/{game.id}/hand/2/score",
        data=hand_data(hand, [{"out": "y"}, {"no_score": "y"}, {"no_score": "y"}]),
        headers=headers,
    )
    first = games.hand_numbered(loaded(game), 1)
    client.post(
        f"/games/{game.id}/hands/{first.id}/edit",
        data=hand_data(first, [{"out": "y"}, {"total": "20"}, {"total": "30"}], made_by="Oma"),
        headers=headers,
    )
    client.post(f"/games/{game.id}/end", data={"agreed": "y"}, headers=headers)


def test_a_game_played_in_spanish_records_what_the_same_game_in_english_records(
    client, make_league
):
    kept = []
    for name, headers in (("In English", {}), ("En español", SPANISH), ("Auf Deutsch", GERMAN)):
        league = make_league(name=name, players=("Ann", "Bob", "Cat"), preset="carioca")
        game = games.start_game(league, league.rulesets[0], list(league.players), 0)
        db.session.commit()
        play_through_the_pages(client, game, headers)
        kept.append(stored_rows(game))

    english, spanish, german = kept
    assert english == spanish == german
    # It went all the way: a re-deal, a hand played again (with the rule's reason kept), a
    # fix, and an end by agreement with the words it ended with.
    assert english[0][0] == "incomplete" and english[0][2]
    states = {row[2]: row[3] for row in english if len(row) == 4 and isinstance(row[2], str)}
    assert states["redealt"] == "Se vio una carta" and states["replayed"]
    assert any(row[0] == "Oma" for row in english)
