"""The bench's database, in a temporary folder: the league, its two seasons, the scratch games.

- League "Bench league", five players, Continental rules, owned by the bench's account:
  season 2025 with 1,000 finished games (written in bulk, see `bench.seed`), season 2026
  with 10 finished games played through the operations, and one 2026 game in progress
  with three hands scored (the table screen). The last finished 2026 game is the one whose
  sheet and PDF are timed.
- League "Bench scratch": games in play whose hands the hand-save figure scores, one pool
  for the in-process run and one for HTTP, so saving never touches the timed league.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from flask import Flask

from bench import seed
from bench.figures import Seeded
from scorekeeper.extensions import db
from scorekeeper.models import HandState, League
from scorekeeper.read import standings

BIG_YEAR, BIG_GAMES = 2025, 1000
SMALL_YEAR, SMALL_GAMES = 2026, 10
OWNER = "bench-owner"
SAVES_PER_GAME = 7


@dataclass(frozen=True)
class World:
    """What was seeded, where, and how long each part took."""

    seeded: Seeded
    pools: dict[str, list[int]]
    seconds: dict[str, float]


def build(app: Flask, password: str, saves: dict[str, int]) -> World:
    """Seed the bench database; `saves` says how many hand saves each pool must allow."""
    seconds = {}
    with app.app_context():
        clock = time.perf_counter()
        db.create_all()  # the schema the migrations build (tests/test_migrations.py checks)
        owner = seed.make_owner(OWNER, password)
        league = seed.make_league("Bench league", owner)
        rs = league.rulesets[0].rules
        rng = random.Random(1_000)
        seconds["schema, account, league"] = time.perf_counter() - clock

        clock = time.perf_counter()
        big = seed.plan_games(rng, rs, BIG_YEAR, BIG_GAMES)
        seed.write_in_bulk(league, big)
        seconds[f"{BIG_GAMES:,} games of {BIG_YEAR}, in bulk"] = time.perf_counter() - clock

        clock = time.perf_counter()
        small = seed.plan_games(rng, rs, SMALL_YEAR, SMALL_GAMES)
        finished = [seed.play_through_operations(league, plan).id for plan in small]
        in_play = seed.plan_games(rng, rs, SMALL_YEAR, 1)[0]
        table = seed.play_through_operations(league, in_play, hands_to_play=3)
        seconds[f"{SMALL_GAMES} games of {SMALL_YEAR} + 1 in play, by operations"] = (
            time.perf_counter() - clock
        )
        _check_counts(league.id)

        clock = time.perf_counter()
        scratch = seed.make_league("Bench scratch", owner)
        pools = {}
        for name, count in saves.items():
            games_needed = -(-count // SAVES_PER_GAME) + 1
            plans = seed.plan_games(rng, rs, SMALL_YEAR, games_needed)
            pools[name] = [seed.start(scratch, plan).id for plan in plans]
        seconds["games in play for the hand saves"] = time.perf_counter() - clock
        seeded = Seeded(
            league_id=league.id,
            big_season=str(BIG_YEAR),
            small_season=str(SMALL_YEAR),
            table_game_id=table.id,
            table_hand_id=next(h.id for h in table.hands if h.state == HandState.PLAYING),
            sheet_game_id=finished[-1],
        )
        db.session.remove()
    return World(seeded, pools, seconds)


def _check_counts(league_id: int) -> None:
    """The seasons hold the games the figures are named after."""
    league = db.session.get(League, league_id)
    for key, wanted in ((str(BIG_YEAR), BIG_GAMES), (str(SMALL_YEAR), SMALL_GAMES)):
        season = standings.season_named(standings.seasons(league), key)
        counted = standings.counted_games(league, season) if season else 0
        if counted != wanted:
            raise seed.SeedingError(f"Season {key} counts {counted} games, not {wanted}.")
