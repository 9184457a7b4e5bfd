"""The demo league: a few players, one finished game and one in progress, in any language
the app speaks, playing the game that language's tables play."""

from __future__ import annotations

from collections import Counter
from datetime import date

from sqlalchemy import select

from scorekeeper.commands.language import catalog
from scorekeeper.extensions import db
from scorekeeper.languages import DEFAULT_LANGUAGE
from scorekeeper.league import accounts, leagues, passcodes
from scorekeeper.models import Game, League
from scorekeeper.play import games, hands
from scorekeeper.rules.dealing import hand_count, player_count_refusal
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.language import N_, _, speaking
from scorekeeper.rules.presets import PRESETS, preset
from scorekeeper.rules.ruleset import PriceGroup

# The league's name and its players, in English here, made in the demo's language.
DEMO_NAME = N_("Demo family")
DEMO_PLAYERS = (N_("Grandma Rose"), N_("Uncle Joe"), N_("Maria"), N_("Sam"), N_("Priya"))
# The demo league's owner, documented in the README so anyone can try the owner's pages.
DEMO_OWNER = "demo"
DEMO_PASSWORD = "demo-table-1"
DEMO_PASSCODE = "kitchen otter kettle"
# The game each language's tables play; any other language plays Continental.
TABLE_GAMES = {"es": "carioca", "de": "contract-romme"}
FALLBACK_GAME = "continental"

# The cards each seat holds at the end of each hand of the finished demo game, by rank;
# None marks who went out. The game's rule set prices them, so one list serves every game:
# Continental plays the first 7 hands, Carioca all 8.
Report = tuple[str | None, ...]
FINISHED_HANDS: tuple[Report, ...] = (
    (None, "3 7 K", "5 9 2 10 J A", "8", "4 6 3 7 Q K 10 JOKER"),
    ("5 J", None, "9 2", "8 4 6 Q K 10 A", "J Q"),
    ("3 7 K 10 A", "5", None, "9 2 J", "8 4 6 3 7 Q K A"),
    ("10", "5 9 2 J Q JOKER", "8 K", None, "4 6"),
    ("3 7 5 9 10 J Q K A", "2 8 10 A", "J Q K", "4 10", None),
    (None, "6 3 7 J Q K", "5 9 10 J A A", "2 Q K 10 J JOKER", "8 4 Q"),
    ("6 K 10", "3 7 A", "5 9 2 J Q K", None, "8 4 6 3 10 J A JOKER"),
    ("9 9 K", "4 Q", None, "2 5 A", "7 7 J JOKER"),
)
IN_PROGRESS_HANDS = FINISHED_HANDS[:3]


def demo_game(language: str) -> str:
    """The preset the demo plays in `language`: its tables' game when the demo's players can
    play it, else Continental."""
    key = TABLE_GAMES.get(language, FALLBACK_GAME)
    fits = key in PRESETS and not player_count_refusal(preset(key), len(DEMO_PLAYERS))
    return key if fits else FALLBACK_GAME


def ensure_demo_league(language: str = DEFAULT_LANGUAGE) -> tuple[League, bool]:
    """Create the demo league in `language` unless it exists; return it and whether it was
    created."""
    with speaking(catalog(language)):
        name, names = _(DEMO_NAME), [_(player) for player in DEMO_PLAYERS]
    existing = db.session.scalar(select(League).where(League.name == name))
    if existing is not None:
        return existing, False
    owner = accounts.account_named(DEMO_OWNER) or accounts.create_account(DEMO_OWNER, DEMO_PASSWORD)
    league = leagues.create_league(name, demo_game(language), owner)
    # The English demo leaves each reader their own language, as before there were others.
    league.language = None if language == DEFAULT_LANGUAGE else language
    passcodes.set_passcode(league, DEMO_PASSCODE)
    players = [leagues.add_player(league, player) for player in names]
    ruleset = league.rulesets[0]
    finished = games.start_game(league, ruleset, players, 0, today=date(2026, 3, 14))
    _play(finished, FINISHED_HANDS[: hand_count(finished.rules)])
    in_progress = games.start_game(league, ruleset, players[1:] + players[:1], 2)
    _play(in_progress, IN_PROGRESS_HANDS)
    return league, True


def _play(game: Game, reports: tuple[Report, ...]) -> None:
    prices = game.rules.prices
    for report in reports:
        hand = games.current_hand(game)
        if hand is None:
            raise ValueError("The demo game ended before its last hand was played.")
        entries = [
            PlayerEntry(went_out=True) if held is None else _tally(held, prices) for held in report
        ]
        hands.score_hand(hand, entries, stock_ran_out=False, confirmed=True)


def _tally(held: str, prices: tuple[PriceGroup, ...]) -> PlayerEntry:
    """The report of a player holding these ranks: a count for every price group."""
    counts = Counter(
        group.label for rank in held.split() for group in prices if rank in group.ranks
    )
    return PlayerEntry(tally={group.label: counts[group.label] for group in prices})
