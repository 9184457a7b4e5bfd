"""A first look at a league file's games, before anything is written: how much they ask the
replay to write (deals, players' reports, May I?s, suspensions), and the type of every result
the import ignores.

The replay reads the facts again, field by field, as it plays them; what it leaves unread
(scores, totals, places, the settling up) is checked here, so a file is strict about every
field it holds.
"""

from __future__ import annotations

from scorekeeper.exchange.format import Node
from scorekeeper.exchange.proposed import PROPOSAL_FIELDS
from scorekeeper.exchange.replay import CORRECTION_FIELDS, GAME_FIELDS, HAND_FIELDS, SEAT_FIELDS
from scorekeeper.rules import limits
from scorekeeper.rules.language import _

SETTLEMENT_FIELDS = ("kitty", "kitty_split", "kitty_returned", "players", "payments")
SETTLED_FIELDS = ("player", "place", "buys", "by_place", "paid_in", "kitty_share", "net")
PAYMENT_FIELDS = ("from", "to", "amount")
KITTY_SPLITS = ("winner", "two_thirds")
# A fraction of a penny as text ("26/3"); longer text is no amount the app writes.
LONGEST_AMOUNT = 40
LONGEST_NOTE = 2000


def survey_games(games: list[Node]) -> None:
    """Count what the games ask the replay to write, and check each result's type.

    :raises ImportRefused: at the game whose entries pass the file's bound, or the first
        result of the wrong type.
    """
    entries = 0
    for game in games:
        game.fields(*GAME_FIELDS)
        _game_results(game)
        entries += len(game.get("suspensions", []).items(limits.GAME_SUSPENSIONS))
        for attempt in game.get("hands").items(limits.GAME_DEALS):
            attempt.fields(*HAND_FIELDS)
            attempt.get("note", "").text(LONGEST_NOTE)
            claims = attempt.get("claims", []).items(limits.HAND_CLAIMS)
            entries += 1 + len(claims) + _reports(attempt.get("players", {}))
            for fix in attempt.get("corrections", []).items(limits.HAND_CORRECTIONS):
                fix.fields(*CORRECTION_FIELDS)
                for side in ("old", "new"):
                    snapshot = fix.get(side).fields("stock_ran_out", "players")
                    entries += _reports(snapshot.get("players"))
            for proposed in attempt.get("proposals", []).items(limits.HAND_PROPOSALS):
                entries += _reports(proposed.fields(*PROPOSAL_FIELDS).get("players"))
        if entries > limits.FILE_ENTRIES.high:
            too_many = _("%(limit)s; the games up to here hold %(count)s.")
            game.fail(too_many % {"limit": limits.FILE_ENTRIES.words(), "count": entries})


def _reports(players: Node) -> int:
    """How many reports a hand's `players` holds, each one's results checked."""
    for name in players.names(limits.HAND_REPORTS):
        report = players.named(name)
        if isinstance(report.value, dict):  # anything else is refused when the hand is read
            report.get("score", None).optional_integer(minimum=None)
            report.get("posted", False).flag()
    return len(players.value)


def _game_results(game: Node) -> None:
    game.get("discarded", False).flag()
    game.get("end_note", "").text(LONGEST_NOTE)
    for seat in game.get("seats").items(limits.PLAYERS):
        seat.fields(*SEAT_FIELDS)
        seat.get("final_total", None).optional_integer(minimum=None)
        seat.get("total_posted", False).flag()
        seat.get("place", None).optional_integer(minimum=1)
    settlement = game.get("settlement", None)
    if settlement.value is None:
        return
    settlement.fields(*SETTLEMENT_FIELDS)
    settlement.get("kitty").integer(minimum=None)
    settlement.get("kitty_returned", False).flag()
    if settlement.get("kitty_split", None).value is not None:
        settlement.get("kitty_split").choice(KITTY_SPLITS)
    for row in settlement.get("players").items(limits.PLAYERS):
        row.fields(*SETTLED_FIELDS).get("player").text(limits.LONGEST["name"])
        row.get("place").optional_integer(minimum=1)
        for whole in ("buys", "paid_in"):
            row.get(whole).integer(minimum=None)
        for amount in ("by_place", "kitty_share", "net"):
            row.get(amount).text(LONGEST_AMOUNT)
    for payment in settlement.get("payments").items(limits.SETTLEMENT_PAYMENTS):
        payment.fields(*PAYMENT_FIELDS)
        for name in ("from", "to"):
            payment.get(name).text(limits.LONGEST["name"])
        payment.get("amount").text(LONGEST_AMOUNT)
