"""The figures (the app's pages) and floors the bench times, as `Target`s."""

from __future__ import annotations

import random
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from bench import seed
from bench.drivers import BenchError, Reply
from bench.timing import Request, Target
from scorekeeper import rules
from scorekeeper.forms.hand import count_field

SLOW_EVERY = 5  # PDFs are slow: they are timed every fifth round
LEAGUE_EVERY = 10  # the league page is slower still, and has no budget
# A browser's hard reload: the app draws the PDF again instead of sending its cached copy.
FRESH = {"Cache-Control": "no-cache"}


@dataclass(frozen=True)
class Seeded:
    """Where the seeded rows are: the league, its seasons, and the games the figures open."""

    league_id: int
    big_season: str
    small_season: str
    table_game_id: int
    table_hand_id: int
    sheet_game_id: int


class SavePool:
    """Games in play, in a scratch league, whose hands the hand-save figure scores in turn.

    A saved hand cannot be saved again, so each save takes the next hand in play; after a
    game's seventh hand (whose save also settles the game) the next game is used.
    """

    def __init__(self, database: Path, game_ids: list[int], seed_value: int) -> None:
        self.connection = sqlite3.connect(database)
        self.games = list(game_ids)
        self.rng = random.Random(seed_value)
        self.rs = rules.preset(seed.PRESET)
        self.token = ""
        self.saved = 0

    def next_request(self) -> Request:
        """The POST that scores the next hand in play, with a plain report."""
        while self.games:
            found = self.connection.execute(
                "SELECT id, version FROM hand WHERE game_id = ? AND state = 'PLAYING'",
                (self.games[0],),
            ).fetchone()
            if found:
                break
            self.games.pop(0)
        else:
            raise BenchError("The hand-save pool ran out of games in play.")
        hand_id, version = found
        plan = seed.plan_hand(self.rng, self.rs, len(seed.PLAYERS), variety=0)
        path = f"/games/{self.games[0]}/hands/{hand_id}/score"
        return Request("POST", path, hand_form(self.rs, plan, self.token, version))

    def close(self) -> None:
        """Close the pool's database connection."""
        self.connection.close()


def hand_form(rs: rules.RuleSet, plan: seed.HandPlan, token: str, version: int) -> dict[str, str]:
    """The fields a browser sends for this report: every input of the hand form."""
    form = {"csrf_token": token, "version": str(version), "confirm": "y"}
    for index, entry in enumerate(plan.entries):
        prefix = f"p{index}_"
        if entry.went_out:
            form[prefix + "out"] = "y"
        for group in rs.prices:
            form[count_field(index, rs.prices, group.label)] = str(entry.tally.get(group.label, 0))
        form[prefix + "total"] = "" if entry.typed_total is None else str(entry.typed_total)
        form[prefix + "short"] = str(entry.short_cards)
        form[prefix + "penalty"] = str(entry.penalty)
        form[prefix + "penalty_reason"] = entry.penalty_reason
    form["made_by"] = ""
    form["reason"] = ""
    return form


def targets(seeded: Seeded, pool: SavePool) -> list[Target]:
    """The figures and the floors, in the order the report lists them."""
    league = f"/leagues/{seeded.league_id}"
    game = seeded.sheet_game_id

    def save_check(request: Request, reply: Reply) -> None:
        game_page = request.path.split("/hands/")[0]
        if reply.status != 302 or not reply.headers.get("location", "").endswith(game_page):
            raise BenchError(f"Saving a hand answered {reply.status}: {reply.body[:300]!r}")
        pool.saved += 1

    return [
        _page("table", "table screen", f"/games/{seeded.table_game_id}", floor="rows"),
        _page(
            "form",
            "hand form (GET)",
            f"/games/{seeded.table_game_id}/hands/{seeded.table_hand_id}/score",
            floor="rows",
        ),
        Target("save", "hand save (POST)", pool.next_request, save_check, floor="rows"),
        _page("game", "game page (sheet)", f"/games/{game}/sheet", floor="rows"),
        _page(
            "standings_big",
            "standings, 1,000 games",
            f"{league}/standings?season={seeded.big_season}",
            floor="rows",
        ),
        _page(
            "standings_small",
            "standings, 10 games",
            f"{league}/standings?season={seeded.small_season}",
            floor="rows",
        ),
        _pdf("pdf", "scoresheet PDF, cached", f"/games/{game}/sheet.pdf", floor="table"),
        _pdf(
            "pdf_fresh",
            "scoresheet PDF, drawn afresh",
            f"/games/{game}/sheet.pdf",
            floor="pdf_table",
            headers=FRESH,
        ),
        _page("league", "league page (no budget)", league, floor="rows", every=LEAGUE_EVERY),
        _page("ok", "floor: bare Flask route", "/ok", on="floor", kind="text/plain"),
        _page("rows", "floor: Jinja page, 42 rows", "/rows", on="floor"),
        _pdf("pdf_floor", "floor: trivial WeasyPrint", "/pdf", on="floor"),
        _pdf("pdf_table", "floor: WeasyPrint 8x7 table", "/pdf-table", on="floor"),
    ]


def _page(
    key: str,
    label: str,
    path: str,
    floor: str | None = None,
    on: str = "app",
    kind: str = "text/html",
    every: int = 1,
) -> Target:
    def check(request: Request, reply: Reply) -> None:
        if reply.status != 200 or not reply.headers.get("content-type", "").startswith(kind):
            raise BenchError(f"{request.path} answered {reply.status}: {reply.body[:300]!r}")

    return Target(key, label, lambda: Request("GET", path, on=on), check, floor, every)


def _pdf(
    key: str,
    label: str,
    path: str,
    floor: str | None = None,
    on: str = "app",
    headers: dict[str, str] | None = None,
) -> Target:
    def check(request: Request, reply: Reply) -> None:
        if reply.status != 200 or not reply.body.startswith(b"%PDF"):
            raise BenchError(f"{request.path} answered {reply.status}: {reply.body[:300]!r}")

    return Target(
        key,
        label,
        lambda: Request("GET", path, on=on, headers=headers),
        check,
        floor=floor,
        every=SLOW_EVERY,
    )
