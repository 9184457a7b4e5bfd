"""The demo league: a few players, one finished game and one in progress."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues
from scorekeeper.models import Game, League
from scorekeeper.play import games, hands
from scorekeeper.rules.entries import PlayerEntry

DEMO_NAME = "Demo family"
# The demo league's owner, documented in the README so anyone can try the owner's pages.
DEMO_OWNER = "demo"
DEMO_PASSWORD = "demo-table-1"
DEMO_PASSCODE = "kitchen otter kettle"
DEMO_PLAYERS = ("Grandma Rose", "Uncle Joe", "Maria", "Sam", "Priya")

# Cards left in hand for each hand of the finished demo game, seat by seat, as
# (2-9, 10-K, A, joker) counts under Continental prices; None marks who went out.
Report = tuple[tuple[int, int, int, int] | None, ...]
FINISHED_HANDS: tuple[Report, ...] = (
    (None, (2, 1, 0, 0), (3, 2, 1, 0), (1, 0, 0, 0), (4, 3, 0, 1)),
    ((1, 1, 0, 0), None, (2, 0, 0, 0), (3, 3, 1, 0), (0, 2, 0, 0)),
    ((2, 2, 1, 0), (1, 0, 0, 0), None, (2, 1, 0, 0), (5, 2, 1, 0)),
    ((0, 1, 0, 0), (3, 2, 0, 1), (1, 1, 0, 0), None, (2, 0, 0, 0)),
    ((4, 4, 1, 0), (2, 1, 1, 0), (0, 3, 0, 0), (1, 1, 0, 0), None),
    (None, (3, 3, 0, 0), (2, 2, 2, 0), (1, 4, 0, 1), (2, 1, 0, 0)),
    ((1, 2, 0, 0), (2, 0, 1, 0), (3, 3, 0, 0), None, (4, 2, 1, 1)),
)
IN_PROGRESS_HANDS = FINISHED_HANDS[:3]


def ensure_demo_league() -> tuple[League, bool]:
    """Create the demo league unless it exists; return it and whether it was created."""
    existing = db.session.scalar(select(League).where(League.name == DEMO_NAME))
    if existing is not None:
        return existing, False
    owner = accounts.account_named(DEMO_OWNER) or accounts.create_account(DEMO_OWNER, DEMO_PASSWORD)
    league = leagues.create_league(DEMO_NAME, "continental", owner)
    accounts.set_passcode(league, DEMO_PASSCODE)
    players = [leagues.add_player(league, name) for name in DEMO_PLAYERS]
    ruleset = league.rulesets[0]
    finished = games.start_game(league, ruleset, players, 0, today=date(2026, 3, 14))
    _play(finished, FINISHED_HANDS)
    in_progress = games.start_game(league, ruleset, players[1:] + players[:1], 2)
    _play(in_progress, IN_PROGRESS_HANDS)
    return league, True


def _play(game: Game, reports: tuple[Report, ...]) -> None:
    labels = [group.label for group in game.rules.prices]
    for report in reports:
        hand = games.current_hand(game)
        if hand is None:
            raise ValueError("The demo game ended before its last hand was played.")
        entries = [
            PlayerEntry(went_out=True)
            if counts is None
            else PlayerEntry(tally=dict(zip(labels, counts, strict=True)))
            for counts in report
        ]
        hands.score_hand(hand, entries, stock_ran_out=False, confirmed=True)
