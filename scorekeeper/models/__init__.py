"""Typed models of the league, its players and rule sets, its games and their hands."""

# Each model's class line ignores mypy's one error "Name db.Model is not defined": mypy cannot
# take a base class from an attribute of an object (python/mypy#8603), and Flask-SQLAlchemy's
# maintainers advise ignoring that code for model classes. The mapped columns stay typed; what
# `inspect()` gives for a model is annotated where it is kept.

from scorekeeper.models.account import Account, JoinedPhone, LoginAttempt, SignedOutSession
from scorekeeper.models.game import Game, GameStatus, Seat, Suspension
from scorekeeper.models.hand import Correction, Hand, HandScore, HandState, MayIClaim
from scorekeeper.models.league import League, LeagueRuleSet, Player, Season
from scorekeeper.models.proposal import ProposalState, ProposedCorrection
from scorekeeper.models.receipt import ActionReceipt
from scorekeeper.models.stamp import listen_for_standings_changes

listen_for_standings_changes()

__all__ = [
    "Account",
    "ActionReceipt",
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
    "ProposalState",
    "ProposedCorrection",
    "Seat",
    "Season",
    "SignedOutSession",
    "Suspension",
]
