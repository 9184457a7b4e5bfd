"""A league as two CSV files for a family's spreadsheet: each player's place in each game, and
each player's score in each hand.

Written with the standard library's `csv` (commas, cells with a comma, a quote or a line break
quoted, quotes doubled) and sent as UTF-8 after a byte order mark: Excel reads a CSV file
without one in the computer's old code page, which garbles "José" and "Müller"; LibreOffice,
Numbers and Google Sheets read UTF-8 with or without it. A text cell that a spreadsheet would
take for a formula (starting with =, +, -, @, a tab or a carriage return: a name such as
"=HYPERLINK(...)") is written after a single quote, as OWASP's advice on CSV injection says;
numbers are written as numbers.

Like the league file, each file is read in a fixed number of queries, whatever the league's
length, and only by the league's owner.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from datetime import date

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, HandScore, HandState, League, Player, Seat
from scorekeeper.play import games, hands
from scorekeeper.read import standings
from scorekeeper.rules.dealing import ruleset_name
from scorekeeper.rules.entries import tally_words
from scorekeeper.rules.language import _

BYTE_ORDER_MARK = "\ufeff"
# What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Cell = str | int | bool | None


def guarded(value: Cell) -> str | int:
    """A cell as written: text that could start a formula after a quote, yes or no for a
    flag, nothing for None; a number stays a number."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header: Sequence[str], rows: Iterable[Sequence[Cell]]) -> str:
    """The rows under their header as CSV text, after a byte order mark."""
    out = io.StringIO()
    out.write(BYTE_ORDER_MARK)
    writer = csv.writer(out)
    writer.writerow([guarded(title) for title in header])
    writer.writerows([guarded(value) for value in row] for row in rows)
    return out.getvalue()


def _games(league: League) -> dict[int, Game]:
    """The league's games by id, in one query (the rule sets read once per distinct content)."""
    found = db.session.scalars(select(Game).where(Game.league_id == league.id))
    return {game.id: game for game in found}


def _season_of(choices: list[standings.SeasonChoice], day: date) -> str | None:
    return next((s.label for s in choices if s.key != standings.ALL_TIME and s.contains(day)), None)


def games_csv(league: League) -> str:
    """One row per player per game, oldest game first: where each finished, and whether the
    game counts in the standings (a discarded game is listed and marked, not left out)."""
    every = _games(league)
    choices = standings.seasons(league)
    seats = db.session.execute(
        select(Seat.game_id, Player.name, Seat.place, Seat.final_total)
        .add_columns(Seat.total_posted, Seat.left_from_hand)
        .join(Player, Player.id == Seat.player_id)
        .join(Game, Game.id == Seat.game_id)
        .where(Game.league_id == league.id)
        .order_by(Game.number, Game.id, Seat.position)
    )
    header = [
        _("League"),
        _("Season"),
        _("Game"),
        _("Date"),
        _("Rule set"),
        _("Player"),
        _("Place"),
        _("Total"),
        _("Total posted"),
        _("Left before hand"),
        _("Counts"),
        _("Why not"),
        _("Note"),
    ]
    rows: list[list[Cell]] = []
    for game_id, name, place, total, posted, left in seats:
        game = every[game_id]
        rows.append(
            [
                league.name,
                _season_of(choices, game.started_on),
                game.number,
                game.started_on.isoformat(),
                ruleset_name(game.rules),
                name,
                place,
                total,
                posted,
                left,
                game.counts,
                None if game.counts else games.status_words(game),
                game.end_note,
            ]
        )
    return csv_text(header, rows)


def hands_csv(league: League) -> str:
    """One row per player per hand dealt, in the order played: the score and what the table
    reported (a hand played again keeps its row, marked)."""
    every = _games(league)
    scores = db.session.execute(
        select(Hand.game_id, Hand.number, Hand.attempt, Hand.state, Player.name, HandScore)
        .join(HandScore, HandScore.hand_id == Hand.id)
        .join(Seat, Seat.id == HandScore.seat_id)
        .join(Player, Player.id == Seat.player_id)
        .join(Game, Game.id == Hand.game_id)
        .where(Game.league_id == league.id)
        .order_by(Game.number, Game.id, Hand.number, Hand.attempt, Seat.position)
    )
    header = [
        _("Game"),
        _("Hand"),
        _("Attempt"),
        _("Played again"),
        _("Player"),
        _("Score"),
        _("Went out"),
        _("Posted"),
        _("Tally"),
        _("Short cards"),
        _("Penalty"),
    ]
    rows: list[list[Cell]] = []
    for game_id, number, attempt, state, name, score in scores:
        game = every[game_id]
        rows.append(
            [
                game.number,
                number,
                attempt,
                state != HandState.SCORED,
                name,
                score.score,
                score.went_out,
                score.posted,
                tally_words(game.rules, hands.entry_of(score)),
                score.short_cards,
                score.penalty,
            ]
        )
    return csv_text(header, rows)
