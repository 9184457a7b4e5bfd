"""A recap card's facts, read from a game or a day's games that count, for the rules to word."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from datetime import date

from sqlalchemy import func, select
from sqlalchemy.orm import selectinload

from scorekeeper.extensions import db
from scorekeeper.models import Game, Hand, League, Seat
from scorekeeper.play import games
from scorekeeper.read import standings, standings_page
from scorekeeper.rules import limits
from scorekeeper.rules import recap as rules_recap
from scorekeeper.rules.dealing import hand_count
from scorekeeper.rules.rating import move_written
from scorekeeper.rules.records import records_set
from scorekeeper.rules.standings import rank

# A rating as the edge writes it in the page's language (web/money.rating).
Written = Callable[[int], str]


def counted_game(game: Game) -> rules_recap.CountedGame[int]:
    """A game that counts, as its seats were settled and its hands scored, by seat id (from the
    rows `games.load_game` loads)."""
    rs = game.rules
    return rules_recap.CountedGame(
        number=game.number,
        players=tuple(
            rules_recap.Finisher(
                key=seat.id,
                name=seat.player.name,
                total=seat.final_total or 0,
                place=seat.place or 0,
                posted=seat.total_posted,
                hands_out=seat.hands_out,
                left_from=seat.left_from_hand,
            )
            for seat in game.seats
        ),
        hands=tuple(
            rules_recap.PlayedHand(hand.number, {s.seat_id: s.score or 0 for s in hand.scores})
            for hand in games.scored_hands(game)
        ),
        hands_played=games.hands_played(game),
        hands_in_game=hand_count(rs),
        ended_early=games.ended_early(game),
        incomplete_game_rule=rs.fairness.incomplete_game,
    )


def records_part(league: League, games: Collection[int], day: date) -> rules_recap.Part | None:
    """The records of all time and of `day`'s season that `games` (by id) set or share."""
    every = standings_page.seasons(league)
    season = next((s for s in every if s.key != standings.ALL_TIME and s.contains(day)), None)
    all_time = records_set(standings_page.records(league, standings.EVERY_GAME), games)
    own = records_set(standings_page.records(league, season), games) if season else []
    return rules_recap.records_part(all_time, own, season.label if season else "")


def rating_part(
    league: League, games: Collection[int], players: Sequence[tuple[int, str]], written: Written
) -> rules_recap.Part | None:
    """How `games` (by id) moved the ratings of `players` (id and name, in the card's order)
    who are rated after them, each pool apart; None when none is."""
    moves = []
    for pool in standings_page.ratings(league).pools:
        for player, name in players:
            steps = [step for step in pool.steps.get(player, ()) if step.game in games]
            if steps and steps[-1].rated:
                moved = sum(step.move for step in steps)
                rating = written(steps[-1].rating)
                moves.append((name, rating, move_written(moved, written)))
    return rules_recap.rating_part(moves)


def game_card(game: Game, day: str, written: Written) -> rules_recap.Recap:
    """The recap card of a game that counts, `day` being the day it was played in words and
    `written` how the page writes a rating."""
    seats = sorted(game.seats, key=lambda seat: (seat.place or 0, seat.final_total or 0))
    players = [(seat.player_id, seat.player.name) for seat in seats]
    extra = (
        records_part(game.league, {game.id}, game.started_on),
        rating_part(game.league, {game.id}, players, written),
    )
    return rules_recap.game_recap(counted_game(game), league=game.league.name, day=day, extra=extra)


def game_nights(shown: Sequence[Game]) -> list[date]:
    """The days of these games with a game that counts, newest first: each has a recap."""
    return sorted({game.started_on for game in shown if game.counts}, reverse=True)


def night_games(league: League, day: date) -> tuple[list[Game], int]:
    """The first of the league's games that count played on `day` (within RECAP_GAMES), by
    number, with what their card shows; and how many count that day."""
    on_day = (Game.league_id == league.id, Game.started_on == day, Game.counts)
    counted = db.session.scalar(select(func.count(Game.id)).where(*on_day)) or 0
    listed = db.session.scalars(
        select(Game)
        .where(*on_day)
        .order_by(Game.number)
        .limit(limits.RECAP_GAMES.high)
        .options(
            selectinload(Game.seats).joinedload(Seat.player),
            selectinload(Game.hands).joinedload(Hand.scores),
        )
    )
    return list(listed), counted


def night_card(
    league: League,
    day: date,
    day_words: str,
    listed: Sequence[Game],
    counted: int,
    written: Written,
) -> rules_recap.Recap:
    """The recap card of the league's games that count played on `day`, from `night_games`,
    with the records and rating moves of the games it lists."""
    records, _pennies = standings.season_sums(
        league, standings.SeasonChoice(day.isoformat(), day_words, day, day)
    )
    ids = {game.id for game in listed}
    ranked = rank(records, "wins", min_games=1)
    players = [(line.record.player, line.record.name) for line in ranked]
    return rules_recap.night_recap(
        [counted_game(game) for game in listed],
        records,
        games_counted=counted,
        league=league.name,
        day=day_words,
        extra=(records_part(league, ids, day), rating_part(league, ids, players, written)),
    )
