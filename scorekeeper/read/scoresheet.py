"""A game laid out like the paper scoresheet: one row per hand, running totals, places."""

from __future__ import annotations

from dataclasses import dataclass

from markupsafe import Markup

from scorekeeper.models import Correction, Game, GameStatus, Hand, HandScore, HandState, Seat
from scorekeeper.play import games
from scorekeeper.play.hands import entry_of
from scorekeeper.read.charts import Series, line_chart
from scorekeeper.rules.dealing import contract_words, hand_count
from scorekeeper.rules.entries import score_terms
from scorekeeper.rules.incomplete_game import places_so_far, unranked_leaver_note
from scorekeeper.rules.language import _, ngettext
from scorekeeper.rules.missing_score import two_highest
from scorekeeper.rules.scoring import running_totals
from scorekeeper.rules.seating import seated_for_hand


@dataclass(frozen=True)
class Cell:
    """One player's box for one hand: the score and the running total after it."""

    score: HandScore | None
    running: int
    posted_from: tuple[int, int] | None = None
    terms: str = ""  # what the score is made of beyond the cards: "10 + 2 short"

    @property
    def absent(self) -> bool:
        """True when the player had left the game before this hand."""
        return self.score is None


@dataclass(frozen=True)
class Row:
    """One scored hand of the sheet."""

    hand: Hand
    contract: str
    dealer: Seat
    cells: list[Cell]
    went_out: Seat | None
    corrections: list[Correction]
    redeals: list[Hand]


@dataclass(frozen=True)
class Sheet:
    """The whole sheet: seats in order, a row per hand, totals and places."""

    seats: list[Seat]
    rows: list[Row]
    totals: list[int]
    places: list[int | None]
    finished: bool
    hands_in_game: int
    posted_totals: list[bool]
    discarded: bool
    end_note: str
    # Players who left, kept out of the places until the incomplete-game rule posts their
    # totals at the end (the seats' order), and why, in the rules' words.
    apart: list[bool]
    apart_note: str = ""

    @property
    def played_words(self) -> str:
        """How many of the game's hands were played, when not all of them: "1 of 6 hands was
        played."; empty for a game played to its last hand so far."""
        played = len(self.rows)
        if played >= self.hands_in_game:
            return ""
        words = ngettext(
            "%(count)s of %(total)s hands was played.",
            "%(count)s of %(total)s hands were played.",
            played,
        )
        return words % {"count": played, "total": self.hands_in_game}

    @property
    def winners(self) -> list[Seat]:
        """Whoever holds first place (more than one on a tie)."""
        return [seat for seat, place in zip(self.seats, self.places, strict=True) if place == 1]

    def ranking(self) -> list[tuple[int | None, Seat, int, bool]]:
        """(place, seat, total, posted) of the players in the race, best first."""
        rows = zip(
            self.places, self.seats, self.totals, self.posted_totals, self.apart, strict=True
        )
        ranked = [
            (place, seat, total, posted) for place, seat, total, posted, away in rows if not away
        ]
        return sorted(ranked, key=lambda row: (row[0] or 0, row[2], row[1].position))

    def left_apart(self) -> list[tuple[Seat, int]]:
        """(seat, total) of the players who left and wait for their posted total, by seat."""
        rows = zip(self.seats, self.totals, self.apart, strict=True)
        return [(seat, total) for seat, total, away in rows if away]


def build(game: Game) -> Sheet:
    """Lay out a game's scored hands with running totals, from rows already loaded."""
    rs = game.rules
    seats = list(game.seats)
    redeals: dict[int, list[Hand]] = {}
    for hand in game.hands:
        if hand.state in (HandState.REDEALT, HandState.REPLAYED):
            redeals.setdefault(hand.number, []).append(hand)
    scored = [hand for hand in game.hands if hand.state == HandState.SCORED]
    after_each = running_totals(
        [{score.seat_id: score.score or 0 for score in hand.scores} for hand in scored]
    )
    rows: list[Row] = []
    for hand, running in zip(scored, after_each, strict=True):
        by_seat = {score.seat_id: score for score in hand.scores}
        given = two_highest(s.score or 0 for s in hand.scores if not s.no_score)
        cells = [
            Cell(
                by_seat.get(seat.id),
                running.get(seat.id, 0),
                given if seat.id in by_seat and by_seat[seat.id].posted else None,
                score_terms(rs, entry_of(by_seat[seat.id]), hand.number)
                if seat.id in by_seat
                else "",
            )
            for seat in seats
        ]
        out = next((s for s in seats if s.id in by_seat and by_seat[s.id].went_out), None)
        rows.append(
            Row(
                hand=hand,
                contract=contract_words(rs, hand.number),
                dealer=seats[hand.dealer_position],
                cells=cells,
                went_out=out,
                corrections=list(hand.corrections),
                redeals=redeals.get(hand.number, []),
            )
        )
    settled = game.status == GameStatus.FINISHED and all(
        seat.final_total is not None for seat in seats
    )
    if settled:
        totals = [seat.final_total or 0 for seat in seats]
        places = [seat.place for seat in seats]
        apart = [False for _ in seats]
    else:
        last = after_each[-1] if after_each else {}
        totals = [last.get(seat.id, 0) for seat in seats]
        next_hand = scored[-1].number + 1 if scored else 1
        seated = seated_for_hand(len(seats), games.left_from(game), next_hand)
        left = {i for i, seat in enumerate(seats) if seat.position not in seated}
        placed = places_so_far(
            dict(enumerate(totals)), left, incomplete_game_rule=rs.fairness.incomplete_game
        )
        places = [None if game.discarded else placed[i] for i in range(len(seats))]
        # A discarded game places nobody: its leavers stay in the one list.
        apart = [not game.discarded and i in left and placed[i] is None for i in range(len(seats))]
    return Sheet(
        seats=seats,
        rows=rows,
        totals=totals,
        places=places,
        finished=game.status == GameStatus.FINISHED,
        hands_in_game=hand_count(rs),
        posted_totals=[settled and seat.total_posted for seat in seats],
        discarded=game.discarded,
        end_note=game.end_note,
        apart=apart,
        apart_note=unranked_leaver_note(rs) if any(apart) else "",
    )


def running_chart(sheet: Sheet) -> Markup:
    """The game's running totals per player across the hands, as an SVG chart."""
    series = [
        Series(seat.player.name, [row.cells[i].running for row in sheet.rows])
        for i, seat in enumerate(sheet.seats)
    ]
    labels = [str(row.hand.number) for row in sheet.rows]
    lead = sheet.ranking()[0] if sheet.rows else None
    standing = [(seat, total) for _, seat, total, _ in sheet.ranking()] + sheet.left_apart()
    # Each player's name and total, listed in the ranking's order: "Ann 15, Bob 30".
    listed = ", ".join(f"{seat.player.name} {total}" for seat, total in standing)
    summary = (
        _("After hand %(number)s, %(totals)s.")
        % {"number": sheet.rows[-1].hand.number, "totals": listed}
        if lead
        else _("No hand scored yet.")
    )
    title = _("Running totals after each hand")
    return line_chart(series, labels, title, summary, ident="running-chart")
