"""Typed models of the league, its players and rule sets, its games and their hands."""

from scorekeeper.models.account import Account, JoinedPhone, LoginAttempt, SignedOutSession
from scorekeeper.models.game import Game, GameStatus, Seat, Suspension
from scorekeeper.models.hand import Correction, Hand, HandScore, HandState, MayIClaim
from scorekeeper.models.league import League, LeagueRuleSet, Player, Season
from scorekeeper.models.stamp import listen_for_standings_changes

listen_for_standings_changes()

__all__ = [
    "Account",
    "Correction",
    "Game",
    "GameStatus",
    "Hand",
    "HandScore",
    "HandState",
    "JoinedPhone",
    "League",
    "LeagueRuleSet",
    "LoginAttempt",
    "MayIClaim",
    "Player",
    "Seat",
    "Season",
    "SignedOutSession",
    "Suspension",
]
