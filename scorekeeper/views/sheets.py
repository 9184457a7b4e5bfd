"""Printed scoresheets: a blank one to fill in by hand, and a game's sheet filled in, as PDF."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import gettext, ngettext
from werkzeug.wrappers import Response

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.models import Game, League, LeagueRuleSet, Player
from scorekeeper.play import games
from scorekeeper.read import pdf, scoresheet, settlement
from scorekeeper.rules import limits
from scorekeeper.rules.dealing import (
    cards_dealt_words,
    contract_words,
    dealer_for_hand,
    hand_count,
    hand_note,
    minimum_cards,
    player_count_refusal,
)
from scorekeeper.rules.fairness import fairness_in_force
from scorekeeper.rules.incomplete_game import posted_total_note
from scorekeeper.rules.missing_score import posted_score_note
from scorekeeper.rules.ruleset import RuleSet
from scorekeeper.rules.scoring import wild_rank_words
from scorekeeper.rules.settlement import schedule_words
from scorekeeper.views.sheet_words import date_words, deck_words, sheet_notes, winner_words
from scorekeeper.web import access, language

bp = Blueprint("sheets", __name__)

# More players than this print sideways, so each score box stays big enough to write in.
PORTRAIT_MOST_PLAYERS = 5


@dataclass(frozen=True)
class PrintedHand:
    """One hand's line of the printed sheet; `row` holds its scores once it is scored."""

    number: int
    contract: str
    minimum_cards: int
    cards_dealt: str
    dealer: str
    note: str
    row: scoresheet.Row | None = None


@dataclass(frozen=True)
class Printout:
    """A sheet ready to print: its template, what the template needs, paper and file name."""

    template: str
    context: dict[str, Any]
    paper: str
    landscape: bool
    filename: str

    def html(self) -> str:
        """The sheet as a page the browser prints."""
        return pdf.render_html(self.template, self.paper, self.landscape, **self.context)

    def pdf_bytes(self) -> bytes:
        """The sheet as a PDF file."""
        league: League = self.context["league"]
        return pdf.render_pdf(
            self.template,
            self.paper,
            self.landscape,
            owner=pdf.owner_of(league),
            fresh=access.asks_fresh_drawing(league),
            stylesheets=pdf.SHEET_STYLESHEETS,
            **self.context,
        )

    def pdf(self) -> Response:
        """The sheet as a PDF response."""
        return pdf.pdf_response(self.pdf_bytes(), self.filename)


def printed_hands(
    rs: RuleSet, dealers: Sequence[str], rows: Sequence[scoresheet.Row] = ()
) -> list[PrintedHand]:
    """Every hand of the game in order, with its dealer's name and its scored row, if any."""
    by_number = {row.hand.number: row for row in rows}
    return [
        PrintedHand(
            number=k,
            contract=contract_words(rs, k),
            minimum_cards=minimum_cards(rs, k),
            cards_dealt=cards_dealt_words(rs, k),
            dealer=dealers[k - 1],
            note=hand_note(rs, k),
            row=by_number.get(k),
        )
        for k in range(1, hand_count(rs) + 1)
    ]


def _common(rs: RuleSet, league: League, names: list[str], **context: Any) -> dict[str, Any]:
    """What every printed sheet shows besides its grid: prices, decks, fairness rules."""
    return {
        "league": league,
        "rs": rs,
        "names": names,
        "decks": deck_words(rs, len([n for n in names if n]) or None),
        "fairness": fairness_in_force(rs),
        "wild_ranks": [
            (number, wild_rank_words(hand.wild_rank))
            for number, hand in enumerate(rs.hands, start=1)
            if hand.wild_rank
        ],
        "schedule": schedule_words(rs.settlement) if rs.settlement else (),
        **context,
    }


def _game_dealers(game: Game) -> list[str]:
    """Who deals each hand: as dealt for the hands dealt, as the deal passes for the rest."""
    return ["" if seat is None else game.seats[seat].player.name for seat in games.dealers(game)]


def _printout(template: str, context: dict[str, Any], league: League, filename: str) -> Printout:
    """A printout on the paper asked for (or the league's), sideways for a big table."""
    try:
        paper = pdf.paper_size(request.args.get("paper"), league.paper_size)
    except pdf.PaperRefused as refusal:
        abort(400, description=str(refusal))
    landscape = len(context["names"]) > PORTRAIT_MOST_PLAYERS
    return Printout(template, context, paper, landscape, filename)


def game_printout(game: Game, filled: bool) -> Printout:
    """A game's sheet: filled in with its scores so far, or blank to be filled in by hand."""
    rs = game.rules
    sheet = scoresheet.build(game) if filled else None
    names = [seat.player.name for seat in game.seats]
    context = _common(
        rs,
        game.league,
        names,
        game=game,
        hands=printed_hands(rs, _game_dealers(game), sheet.rows if sheet else ()),
        day=date_words(game.started_on),
        first_dealer=game.seats[game.first_dealer_position].player.name,
        pdf_endpoint="sheets.completed_pdf" if filled else "sheets.game_blank_pdf",
        pdf_args={"game_id": game.id},
        back_url=url_for("games.sheet", game_id=game.id),
        back_words=gettext("Game %(number)s", number=game.number),
    )
    if sheet is not None:
        notes, notes_left_out = sheet_notes(sheet, game.league.time_zone)
        context.update(
            sheet=sheet,
            notes=notes,
            notes_left_out=notes_left_out,
            in_play=game.in_play,
            winner_words=winner_words(sheet),
            any_posted=any(cell.posted_from for row in sheet.rows for cell in row.cells),
            posted_score_note=posted_score_note(),
            posted_total_note=posted_total_note(),
            settled=settlement.build(game),
        )
    kind = "scoresheet" if filled else "blank-scoresheet"
    template = "sheets/completed.html" if filled else "sheets/blank.html"
    return _printout(template, context, game.league, f"game-{game.number}-{kind}.pdf")


@bp.get("/games/<int:game_id>/blank", defaults={"as_pdf": False})
@bp.get("/games/<int:game_id>/blank.pdf", endpoint="game_blank_pdf", defaults={"as_pdf": True})
@language.printed
def game_blank_page(game_id: int, as_pdf: bool) -> Response | str:
    """A blank scoresheet for the game: a page to print from the browser, or a PDF."""
    printout = game_printout(access.request_game(game_id), filled=False)
    return printout.pdf() if as_pdf else printout.html()


@bp.get("/games/<int:game_id>/sheet/print", defaults={"as_pdf": False})
@bp.get("/games/<int:game_id>/sheet.pdf", endpoint="completed_pdf", defaults={"as_pdf": True})
@language.printed
def completed_page(game_id: int, as_pdf: bool) -> Response | str:
    """The game's scoresheet filled in: a page to print from the browser, or a PDF."""
    printout = game_printout(access.request_game(game_id), filled=True)
    return printout.pdf() if as_pdf else printout.html()


@dataclass(frozen=True)
class NextGame:
    """What the form asked for a league's next game, and what is wrong with it."""

    ruleset: LeagueRuleSet
    players: list[Player]
    first_dealer: int | None  # among the players, in seat order
    errors: list[str]
    dealer_seat: int | None = None  # the seat of the form it was chosen in, empty ones counted

    def query(self) -> dict[str, Any]:
        """The same choice as URL arguments."""
        args: dict[str, Any] = {"ruleset": self.ruleset.id, "players": [p.id for p in self.players]}
        if self.first_dealer is not None:
            args["first_dealer"] = self.first_dealer
        return args


def read_next_game(league: League) -> NextGame:
    """Read the players (in seat order), rule set and first dealer (seat from 0) asked for."""
    errors: list[str] = []
    by_id = {str(r.id): r for r in league.rulesets}
    ruleset = by_id.get(request.args.get("ruleset", ""), league.rulesets[0])
    if request.args.get("ruleset", "") not in ("", *by_id):
        errors.append(gettext("Choose one of the league's rule sets."))
    rs = ruleset.rules
    players_by_id = {str(p.id): p for p in league.players}
    seated = [v.strip() for v in request.args.getlist("players")]  # as the form's seats, empty too
    wanted = [v for v in seated if v]
    if any(v not in players_by_id for v in wanted):
        errors.append(gettext("Choose players of this league only."))
    twice = len(set(wanted)) != len(wanted)
    if twice:
        errors.append(gettext("A player can take only one seat."))
    players = [players_by_id[v] for v in dict.fromkeys(wanted) if v in players_by_id]
    # A player chosen twice is the mistake to name: counting them once would tell the table
    # it chose fewer players than the seats it filled.
    refusal = player_count_refusal(rs, len(players)) if players and not twice else None
    if refusal:
        errors.append(refusal)
    seats = len(players) or rs.max_players
    dealer_text = request.args.get("first_dealer", "").strip()
    dealer_seat = limits.whole_number(dealer_text, limits.Bound(0, limits.MOST_PLAYERS))
    first_dealer, refusal = _first_dealer(seated, dealer_seat, seats)
    if dealer_text and refusal is None and first_dealer is None:
        refusal = dealer_seat_refusal(seats)
    if refusal:
        errors.append(refusal)
    return NextGame(ruleset, players, first_dealer, errors, dealer_seat)


def _first_dealer(
    seated: list[str], dealer_seat: int | None, seats: int
) -> tuple[int | None, str | None]:
    """The first dealer's place among the players, from the seat the form chose (the form
    numbers every seat it shows, the empty ones too; the sheet seats only the players, in
    the same order), and why it cannot be, if so."""
    if dealer_seat is None:
        return None, None
    if any(seated):
        if dealer_seat < len(seated) and not seated[dealer_seat]:
            return None, gettext(
                "Seat %(number)s is empty: choose a seat with a player to deal.",
                number=dealer_seat + 1,
            )
        dealer_seat = sum(1 for value in seated[:dealer_seat] if value)
    if not 0 <= dealer_seat < seats:
        return None, dealer_seat_refusal(seats)
    return dealer_seat, None


def dealer_seat_refusal(seats: int) -> str:
    """Why the first dealer asked for is none of the sheet's seats."""
    return ngettext(
        "The first dealer must be in seat %(num)s.",
        "The first dealer must be one of the %(num)s seats.",
        seats,
    )


def league_blank(league: League, choice: NextGame) -> Printout:
    """A blank sheet for a league's next game, with the chosen players or empty name boxes."""
    rs = choice.ruleset.rules
    names = [p.name for p in choice.players] or [""] * rs.max_players
    first = choice.first_dealer
    numbers = range(1, hand_count(rs) + 1)
    seats = [None if first is None else dealer_for_hand(first, k, len(names)) for k in numbers]
    context = _common(
        rs,
        league,
        names,
        game=None,
        hands=printed_hands(rs, [_seat_name(names, seat) for seat in seats]),
        day="",
        printed_on=date_words(zones.today_in(league.time_zone)),
        first_dealer=_seat_name(names, first),
        pdf_endpoint="sheets.league_blank_pdf",
        pdf_args={"league_id": league.id, **choice.query()},
        back_url=url_for("sheets.choose", league_id=league.id, **choice.query()),
        back_words=gettext("Change the players"),
    )
    return _printout(
        "sheets/blank.html", context, league, f"league-{league.id}-blank-scoresheet.pdf"
    )


def _seat_name(names: Sequence[str], seat: int | None) -> str:
    """Who sits in this seat: a name, "Seat 3" when it is to be written in, "" when unknown."""
    return "" if seat is None else names[seat] or gettext("Seat %(number)s", number=seat + 1)


def _choose_page(league: League, choice: NextGame, status: int = 200) -> tuple[str, int]:
    seats = max(r.rules.max_players for r in league.rulesets)
    return render_template(
        "sheets/choose.html", league=league, choice=choice, seats=seats, args=request.args
    ), status


@bp.get("/leagues/<int:league_id>/blank")
def choose(league_id: int) -> tuple[str, int]:
    """Choose the players, seats, rules and first dealer of a blank sheet for the next game."""
    league = db.get_or_404(League, league_id)
    choice = read_next_game(league)
    return _choose_page(league, choice, 422 if choice.errors else 200)


@bp.get("/leagues/<int:league_id>/blank/print", defaults={"as_pdf": False})
@bp.get(
    "/leagues/<int:league_id>/blank.pdf", endpoint="league_blank_pdf", defaults={"as_pdf": True}
)
@language.printed
def league_blank_page(league_id: int, as_pdf: bool) -> Response | str | tuple[str, int]:
    """A blank scoresheet for the league's next game: a page to print, or a PDF."""
    league = db.get_or_404(League, league_id)
    choice = read_next_game(league)
    if choice.errors:
        return _choose_page(league, choice, 422)
    printout = league_blank(league, choice)
    return printout.pdf() if as_pdf else printout.html()
