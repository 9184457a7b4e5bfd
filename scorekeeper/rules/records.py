"""League records: the best and worst of the games that count, who holds them, and where.

The read layer gives each counted game as plain facts (its seats' totals, places and counts,
its hands' points and who went out); the rules decide what beats what, share ties, find runs,
half-time, comebacks and the closest finish. Their words are `record_words`', asked for only
when a record is shown, so records kept between requests speak each reader's language.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from datetime import date
from functools import partial
from typing import Any, NamedTuple

from scorekeeper.rules.record_words import about_words, amount_words, title_words

# A run is two or more in a row: one hand gone out, or one game won, is no run.
RUN_FROM = 2
# A hand scored this or less is a zero: nothing left to count (a bonus may take it below).
ZERO_AT_MOST = 0


def half_time(hands: int) -> int:
    """The hand after which a game of `hands` hands is at half-time: half of them, rounded
    down (after hand 3 of 7); 0 for a game of one hand, which has no half-time."""
    return hands // 2


class SeatFacts(NamedTuple):
    """A player's seat in a counted game: the result, and what the hands added up to."""

    player: int
    name: str
    total: int
    place: int
    posted: bool = False  # the total was posted by the incomplete-game rule
    hands_out: int = 0
    zeros: int = 0
    half_time: int | None = None  # the running total after the half-time hand, if any
    claims: int = 0
    left_from: int | None = None  # the first hand the player did not play

    @property
    def won(self) -> bool:
        """True for a first place, shared or not (as the standings count wins)."""
        return self.place == 1


class HandFacts(NamedTuple):
    """A scored hand: the whole table's points added up, and who went out (at most one)."""

    number: int
    points: int
    out: int | None = None


class GameFacts(NamedTuple):
    """A counted game: when, under which rule set (by name), its seats and scored hands."""

    id: int
    number: int
    day: date
    ruleset: str
    seats: tuple[SeatFacts, ...]
    hands: tuple[HandFacts, ...] = ()
    season: str | None = None  # the season the game belongs to, None outside every season

    def at_table(self, hand: int) -> list[SeatFacts]:
        """The seats that played hand `hand` (everyone who had not left before it)."""
        return [s for s in self.seats if s.left_from is None or s.left_from > hand]


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a record and where it was set: the player(s), the game (and its hand), the
    first game of a run of games, the season of a season's count, a posted total; for a
    count over games, the game that brought it to its value (`reached`)."""

    players: tuple[tuple[int, str], ...]
    game: int
    number: int
    day: date
    hand: int | None = None
    since: int | None = None
    season: str | None = None
    posted: bool = False
    reached: bool = False


@dataclass(frozen=True, slots=True)
class Record:
    """A record: its kind (a key of `record_words.KINDS`), its rule set for the totals, the
    value set (None while nobody holds it) and every holder of it, ties shared."""

    kind: str
    value: int | None
    holders: tuple[Holder, ...]
    ruleset: str | None = None

    def title(self) -> str:
        """The record's name, with its rule set's for the totals."""
        return title_words(self.kind, self.ruleset)

    def about(self) -> str:
        """What counts for this record, in one line."""
        return about_words(self.kind)

    def amount(self) -> str:
        """The value in words ("12 games won"), or "" while nobody holds the record."""
        return "" if self.value is None else amount_words(self.kind, self.value)


# A candidate for a record: its value, its game, and what of the game holds it (a seat, a
# hand, ...), made into a `Holder` only if it holds the record.
Found = tuple[int, GameFacts, Any]


def _holder(
    game: GameFacts,
    seats: Iterable[SeatFacts],
    *,
    hand: int | None = None,
    since: int | None = None,
    season: str | None = None,
    posted: bool = False,
    reached: bool = False,
) -> Holder:
    players = tuple((seat.player, seat.name) for seat in seats)
    return Holder(players, game.id, game.number, game.day, hand, since, season, posted, reached)


def _seat(game: GameFacts, seat: SeatFacts) -> Holder:
    return _holder(game, [seat])


def _total(game: GameFacts, seat: SeatFacts) -> Holder:
    return _holder(game, [seat], posted=seat.posted)


def _top(
    kind: str,
    found: Callable[[], Iterable[Found]],
    make: Callable[[GameFacts, Any], Holder] = _seat,
    lowest: bool = False,
    ruleset: str | None = None,
) -> Record:
    """The record of `kind`: the best value `found` gives (the lowest when `lowest`), and every
    holder with it (made by `make`), oldest game first. `found` is asked twice, once for the
    best value and once for its holders, so that no list of every candidate is kept."""
    values = (value for value, _game, _what in found())
    best = min(values, default=None) if lowest else max(values, default=None)
    if best is None:
        return Record(kind, None, (), ruleset)
    holders = sorted(
        (make(game, what) for value, game, what in found() if value == best),
        key=lambda h: (h.number, h.hand or 0, [name.casefold() for _id, name in h.players]),
    )
    return Record(kind, best, tuple(holders), ruleset)


def _counts(
    games: Sequence[GameFacts], count: Callable[[SeatFacts], int], by_season: bool = False
) -> Iterator[Found]:
    """Each player's sum of `count` over the games (in each season, `by_season`), with the game
    that brought it to its last value."""
    tally: dict[tuple[str | None, int], Found] = {}
    for game in games:
        season = game.season if by_season else None
        if by_season and season is None:
            continue
        for seat in game.seats:
            if more := count(seat):
                was = tally.get((season, seat.player), (0, game, None))[0]
                tally[season, seat.player] = (was + more, game, (seat, season))
    return iter(tally.values())


def _reached(game: GameFacts, what: tuple[SeatFacts, str | None]) -> Holder:
    seat, season = what
    return _holder(game, [seat], season=season, reached=True)


def _totals(games: Sequence[GameFacts], lowest: bool) -> list[Record]:
    """The best (or worst) game total of each rule set, by the rule set's name."""
    kind = "best" if lowest else "worst"
    return [
        _top(kind, partial(_totals_of, games, name), _total, lowest=lowest, ruleset=name)
        for name in sorted({game.ruleset for game in games}, key=str.casefold)
    ]


def _totals_of(games: Sequence[GameFacts], ruleset: str) -> Iterator[Found]:
    for game in games:
        if game.ruleset == ruleset:
            yield from ((seat.total, game, seat) for seat in game.seats)


def out_runs(game: GameFacts) -> Iterator[Found]:
    """The game's runs of hands gone out by one player, two or more long: a hand another
    player went out of, or nobody did, ends a run."""
    run: list[HandFacts] = []
    for hand in sorted(game.hands, key=lambda h: h.number):
        if run and (hand.out != run[-1].out or hand.number != run[-1].number + 1):
            yield from _out_run(game, run)
            run = []
        if hand.out is not None:
            run.append(hand)
    yield from _out_run(game, run)


def _out_run(game: GameFacts, run: list[HandFacts]) -> Iterator[Found]:
    if len(run) >= RUN_FROM:
        yield len(run), game, next(s for s in game.seats if s.player == run[0].out)


def win_runs(games: Sequence[GameFacts]) -> Iterator[Found]:
    """Each player's runs of games won, two or more long, over the games they sat in, oldest
    first: a game the player sat in and did not win ends the run; one they sat out does not."""
    running: dict[int, list[tuple[GameFacts, SeatFacts]]] = {}
    ended: list[list[tuple[GameFacts, SeatFacts]]] = []
    for game in sorted(games, key=lambda g: g.number):
        for seat in game.seats:
            if seat.won:
                running.setdefault(seat.player, []).append((game, seat))
            elif seat.player in running:
                ended.append(running.pop(seat.player))
    for run in [*ended, *running.values()]:
        if len(run) >= RUN_FROM:
            (first, _seat), (game, seat) = run[0], run[-1]
            yield len(run), game, (seat, first.number)


def _run_of_games(game: GameFacts, what: tuple[SeatFacts, int]) -> Holder:
    seat, since = what
    return _holder(game, [seat], since=since)


def comebacks(game: GameFacts) -> Iterator[Found]:
    """How far each winner was behind the leader at half-time, when behind at all: on the
    running totals after the half-time hand, of those still at the table then."""
    half = half_time(len(game.hands))
    at_half = {s.player: s.half_time for s in game.at_table(half) if s.half_time is not None}
    if half < 1 or len(at_half) < 2:
        return
    leader = min(at_half.values())
    for seat in game.seats:
        behind = at_half.get(seat.player, leader) - leader
        if seat.won and behind > 0:
            yield behind, game, seat


def margin(game: GameFacts) -> Found | None:
    """The points between the winner and the next place, held by both; a shared win is 0,
    held by its winners. None for a game of fewer than two players."""
    winners = [s for s in game.seats if s.won]
    behind = [s for s in game.seats if not s.won]
    if not winners or len(game.seats) < 2:
        return None
    if len(winners) > 1:
        return 0, game, winners
    second = min(s.place for s in behind)
    runners = [s for s in behind if s.place == second]
    return runners[0].total - winners[0].total, game, winners + runners


def _seats(game: GameFacts, seats: list[SeatFacts]) -> Holder:
    return _holder(game, seats)


def _low_hand(game: GameFacts, hand: int) -> Holder:
    return _holder(game, game.at_table(hand), hand=hand)


def league_records(games: Sequence[GameFacts]) -> tuple[Record, ...]:
    """Every record over these counted games, in the order the records page shows them."""
    games = sorted(games, key=lambda g: g.number)

    def closest() -> Iterator[Found]:
        return (found for game in games if (found := margin(game)) is not None)

    def claims() -> Iterator[Found]:
        return ((s.claims, g, s) for g in games for s in g.seats if s.claims)

    def hands() -> Iterator[Found]:
        return ((h.points, game, h.number) for game in games for h in game.hands)

    return (
        _top("wins", partial(_counts, games, _won), _reached),
        *_totals(games, lowest=True),
        *_totals(games, lowest=False),
        _top("out", partial(_counts, games, _hands_out), _reached),
        _top("zeros", partial(_counts, games, _zeros, by_season=True), _reached),
        _top("out_run", lambda: (run for game in games for run in out_runs(game))),
        _top("win_run", partial(win_runs, games), _run_of_games),
        _top("comeback", lambda: (found for game in games for found in comebacks(game))),
        _top("closest", closest, _seats, lowest=True),
        _top("claims", claims),
        _top("low_hand", hands, _low_hand, lowest=True),
    )


def _won(seat: SeatFacts) -> int:
    return int(seat.won)


def _hands_out(seat: SeatFacts) -> int:
    return seat.hands_out


def _zeros(seat: SeatFacts) -> int:
    return seat.zeros


def records_held(records: Iterable[Record], player: int) -> list[Record]:
    """The records `player` holds or shares, each with only the player's own holdings."""
    found = []
    for record in records:
        own = tuple(h for h in record.holders if any(player == p for p, _name in h.players))
        if own:
            found.append(replace(record, holders=own))
    return found


def records_set(records: Iterable[Record], games: Collection[int]) -> list[Record]:
    """The records one of `games` (by id) set or shares, each with only those games' holdings."""
    found = []
    for record in records:
        own = tuple(h for h in record.holders if h.game in games)
        if own:
            found.append(replace(record, holders=own))
    return found
