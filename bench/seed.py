"""Games to seed, played through the operations or written in bulk as the same rows.

A `GamePlan` says everything the table would report: who sits where, who deals first, and
each hand's report. `play_through_operations` plays a plan the way the app does (one commit
per saved hand, as one request would); `write_in_bulk` writes the rows those operations
would leave behind, computed with the same rule functions, without the per-hand requests.
`bench.equivalence` checks the two agree.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import func, select

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.models import Account, Game, GameStatus, Hand, HandScore, HandState, League, Seat
from scorekeeper.play import games, hands
from scorekeeper.rules import fairness
from scorekeeper.rules.entries import PlayerEntry, check_hand, entry_score

PRESET = "continental"
PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve")
# A game of a full table lasts its seven hands; games are spread over the first 300 days of
# their year, so even the current year's games lie in the past.
SEASON_DAYS = 300


class SeedingError(Exception):
    """The bench's own seeding went wrong (a plan the rules refuse, rows that disagree)."""


@dataclass(frozen=True)
class HandPlan:
    """One hand's report, player by player in seat order."""

    entries: tuple[PlayerEntry, ...]
    stock_ran_out: bool = False


@dataclass(frozen=True)
class GamePlan:
    """A whole game: its day, seating (indexes into the league's players), dealer, hands."""

    started_on: date
    order: tuple[int, ...]
    first_dealer: int
    hands: tuple[HandPlan, ...]


def plan_hand(rng: random.Random, rs: rules.RuleSet, players: int, variety: float) -> HandPlan:
    """A plausible hand: one player out, the others holding cards.

    :param variety: how often the rarer reports appear (typed totals, a missing score, a
        penalty, a short hand, the stock running out); 0 gives plain tallies only.
    """
    stock_ran_out = rng.random() < variety * 0.2
    out = None if stock_ran_out else rng.randrange(players)
    silent = rng.randrange(players) if rng.random() < variety * 0.3 else None
    entries = []
    for seat in range(players):
        if seat == out:
            entries.append(PlayerEntry(went_out=True))
        elif seat == silent:
            entries.append(PlayerEntry(no_score=True))
        else:
            entries.append(_holding(rng, rs, variety))
    return HandPlan(tuple(entries), stock_ran_out)


def _holding(rng: random.Random, rs: rules.RuleSet, variety: float) -> PlayerEntry:
    penalty = 25 if rng.random() < variety * 0.1 else 0
    extra = {
        "short_cards": 1 if rng.random() < variety * 0.1 else 0,
        "penalty": penalty,
        "penalty_reason": "Played out of turn" if penalty else "",
    }
    if rng.random() < variety * 0.3:
        return PlayerEntry(typed_total=5 * rng.randint(1, 40), **extra)
    limits = (8, 4, 2, 1)  # most cards of each price group a player plausibly holds
    tally = {g.label: rng.randint(0, limit) for g, limit in zip(rs.prices, limits, strict=False)}
    if not any(tally.values()):
        tally[rs.prices[0].label] = 1
    return PlayerEntry(tally=tally, **extra)


def plan_games(
    rng: random.Random, rs: rules.RuleSet, year: int, count: int, variety: float = 0.1
) -> list[GamePlan]:
    """`count` full games of the league's five players, spread over `year`."""
    plans = []
    for index in range(count):
        order = list(range(len(PLAYERS)))
        rng.shuffle(order)
        hands_played = tuple(
            plan_hand(rng, rs, len(order), variety) for _ in range(rules.hand_count(rs))
        )
        day = date(year, 1, 1) + timedelta(days=index * SEASON_DAYS // count)
        plans.append(GamePlan(day, tuple(order), rng.randrange(len(order)), hands_played))
    return plans


def make_owner(username: str, password: str) -> Account:
    """The account that owns the bench's leagues (a real argon2 hash, as sign-in checks)."""
    account = accounts.create_account(username, password)
    db.session.commit()
    return account


def make_league(name: str, owner: Account | None) -> League:
    """A Continental league with the five players."""
    league = leagues.create_league(name, PRESET, owner)
    for player in PLAYERS:
        leagues.add_player(league, player)
    db.session.commit()
    return league


def start(league: League, plan: GamePlan) -> Game:
    """Seat a plan's players and deal hand 1, committed as the seating request would."""
    players = list(league.players)
    game = games.start_game(
        league,
        league.rulesets[0],
        [players[i] for i in plan.order],
        plan.first_dealer,
        today=plan.started_on,
    )
    db.session.commit()
    return game


def play_through_operations(league: League, plan: GamePlan, hands_to_play: int = 99) -> Game:
    """Play a plan (or its first hands) through the app's operations, a commit per hand.

    Each hand is saved as the scoring request saves it: the game loaded by `games.load_game`
    (hands and scores loaded up front), the operation, one commit.
    """
    game_id = start(league, plan).id
    for hand_plan in plan.hands[:hands_to_play]:
        game = games.load_game(game_id)
        hands.score_hand(
            games.current_hand(game),
            hand_plan.entries,
            stock_ran_out=hand_plan.stock_ran_out,
            confirmed=True,
        )
        db.session.commit()
    return games.load_game(game_id)


def write_in_bulk(league: League, plans: Sequence[GamePlan]) -> int:
    """Write finished games as the rows the operations leave; return the games written.

    Per game, as `games.start_game`, `hands.score_hand` and `games.settle` write them: the
    game (finished, its own copy of the rules, version 1 + one per saved hand), its seats
    with final total, place and posted flag, its hands (scored, version 2), and each
    player's hand score.
    """
    ruleset = league.rulesets[0]
    rs = ruleset.rules
    rules_data = rules.ruleset_to_dict(rs)
    player_ids = [p.id for p in league.players]
    names = [p.name for p in league.players]
    ids = {model: _next_id(model) for model in (Game, Seat, Hand, HandScore)}
    game_number = (
        db.session.scalar(select(func.max(Game.number)).where(Game.league_id == league.id)) or 0
    )
    rows: dict[Any, list[dict[str, Any]]] = {model: [] for model in ids}
    for plan in plans:
        if len(plan.hands) != rules.hand_count(rs):
            raise SeedingError("A bulk game must have every hand of the rules.")
        game_id = ids[Game]
        ids[Game] += 1
        game_number += 1
        seat_ids = list(range(ids[Seat], ids[Seat] + len(plan.order)))
        ids[Seat] += len(plan.order)
        clock = datetime.combine(plan.started_on, time(19, 0), tzinfo=UTC)
        totals = dict.fromkeys(seat_ids, 0)
        outs = dict.fromkeys(seat_ids, 0)
        posted = dict.fromkeys(seat_ids, 0)
        for number, hand_plan in enumerate(plan.hands, start=1):
            clock += timedelta(minutes=9)
            hand_id = ids[Hand]
            ids[Hand] += 1
            verdict = _verdict(rs, hand_plan, [names[i] for i in plan.order])
            rows[Hand].append(
                {
                    "id": hand_id,
                    "game_id": game_id,
                    "number": number,
                    "attempt": 1,
                    "dealer_position": rules.dealer_among(
                        plan.first_dealer, number, len(seat_ids), range(len(seat_ids))
                    ),
                    "state": HandState.SCORED,
                    "stock_ran_out": hand_plan.stock_ran_out,
                    "stock_renewals": 0,
                    "note": "",
                    "scored_at": clock,
                    "version": 2,
                    "created_at": clock - timedelta(minutes=9),
                    "updated_at": clock,
                }
            )
            for index, (seat_id, entry) in enumerate(zip(seat_ids, hand_plan.entries, strict=True)):
                row = _score_row(rs, entry, verdict.scores.get(index))
                totals[seat_id] += row["score"] or 0
                outs[seat_id] += int(row["went_out"])
                posted[seat_id] += int(row["posted"])
                rows[HandScore].append(
                    {"id": ids[HandScore], "hand_id": hand_id, "seat_id": seat_id, **row}
                )
                ids[HandScore] += 1
        settled = _settle(rs, totals)
        places = rules.places(settled.totals)
        for position, (seat_id, player) in enumerate(zip(seat_ids, plan.order, strict=True)):
            rows[Seat].append(
                {
                    "id": seat_id,
                    "game_id": game_id,
                    "player_id": player_ids[player],
                    "position": position,
                    "left_from_hand": None,
                    "final_total": settled.totals[seat_id],
                    "total_posted": seat_id in settled.posted,
                    "place": None if settled.discarded else places[seat_id],
                    "hands_out": outs[seat_id],
                    "posted_hands": posted[seat_id],
                }
            )
        rows[Game].append(
            {
                "id": game_id,
                "number": game_number,
                "league_id": league.id,
                "ruleset_id": ruleset.id,
                "rules_data": rules_data,
                "status": GameStatus.FINISHED,
                "first_dealer_position": plan.first_dealer,
                "started_on": plan.started_on,
                "finished_at": clock,
                "discarded": settled.discarded,
                "end_note": settled.reason,
                "start_token": None,
                "version": 1 + len(plan.hands),
                "created_at": clock - timedelta(minutes=9 * len(plan.hands)),
                "updated_at": clock,
            }
        )
    for model in (Game, Seat, Hand, HandScore):  # parents first, for the foreign keys
        if rows[model]:
            db.session.execute(model.__table__.insert(), rows[model])
    db.session.commit()
    return len(plans)


def _next_id(model: Any) -> int:
    return (db.session.scalar(select(func.max(model.id))) or 0) + 1


def _verdict(rs: rules.RuleSet, plan: HandPlan, names: list[str]) -> fairness.HandVerdict[int]:
    """The hand scored as `hands.score_hand` scores it (refusing what it would refuse)."""
    check = check_hand(rs, plan.entries, names, stock_ran_out=plan.stock_ran_out)
    if check.errors:
        raise SeedingError("; ".join(p.message for p in check.errors))
    reported = {
        i: fairness.MISSING if entry.no_score else entry_score(rs, entry)
        for i, entry in enumerate(plan.entries)
    }
    verdict = fairness.missing_score_verdict(reported, missing_score_rule=rs.fairness.missing_score)
    if verdict.replay:
        raise SeedingError("A bulk hand may not need a re-play.")
    return verdict


def _score_row(
    rs: rules.RuleSet, entry: PlayerEntry, scored: fairness.PlayerHandScore | None
) -> dict[str, Any]:
    """A HandScore's columns as `hands._write_scores` fills them."""
    return {
        "tally": {label: n for label, n in entry.tally.items() if n} or None,
        "typed_total": entry.typed_total,
        "short_cards": entry.short_cards,
        "penalty": entry.penalty,
        "penalty_reason": entry.penalty_reason.strip() if entry.penalty else "",
        "went_out": entry.went_out,
        "no_score": entry.no_score,
        "score": scored.score if scored else entry_score(rs, entry),
        "posted": bool(scored and scored.posted),
    }


def _settle(rs: rules.RuleSet, totals: dict[int, int]) -> fairness.GameVerdict[int]:
    """Final totals as `games.settle` computes them (nobody left these games)."""
    if rs.fairness.incomplete_game:
        return rules.final_game_totals(totals, dict.fromkeys(totals, True))
    return rules.GameVerdict(discarded=False, totals=totals)
