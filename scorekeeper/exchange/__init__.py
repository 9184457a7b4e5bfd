"""A league to and from a file: export writes the facts and the results, import replays them."""

from scorekeeper.exchange.export import (
    LeagueNotFound,
    file_name,
    league_for_export,
    league_json,
    league_to_dict,
)
from scorekeeper.exchange.format import FORMAT, VERSION, ImportRefused
from scorekeeper.exchange.importer import import_league
from scorekeeper.exchange.quota import OverQuota
from scorekeeper.exchange.spreadsheet import games_csv, hands_csv

__all__ = [
    "FORMAT",
    "VERSION",
    "ImportRefused",
    "LeagueNotFound",
    "OverQuota",
    "file_name",
    "games_csv",
    "hands_csv",
    "import_league",
    "league_for_export",
    "league_json",
    "league_to_dict",
]
