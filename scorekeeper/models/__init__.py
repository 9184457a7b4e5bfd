"""Typed models of the league, its players and rule sets, its games and their hands."""

from scorekeeper.models.game import Game, GameStatus, Seat
from scorekeeper.models.hand import Correction, Hand, HandScore, HandState
from scorekeeper.models.league import League, Player, RuleSet

__all__ = [
    "Correction",
    "Game",
    "GameStatus",
    "Hand",
    "HandScore",
    "HandState",
    "League",
    "Player",
    "RuleSet",
    "Seat",
]
