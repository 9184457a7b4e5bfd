"""A hand's report in the league file: read it in seat order, and place the rules' objections."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.exchange.format import ImportRefused, Node, read_report
from scorekeeper.models import Hand
from scorekeeper.play import hands
from scorekeeper.rules import limits
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.language import _
from scorekeeper.rules.scoring import report_groups


@dataclass(frozen=True)
class Report:
    """A hand's report as the file gives it: entries in seat order, with their places."""

    entries: list[PlayerEntry]
    places: list[Node]
    labels: list[str]
    stock_ran_out: bool
    node: Node

    def same_as_saved(self, hand: Hand) -> bool:
        """True when the hand's saved report holds exactly these facts."""
        # (New score rows carry their seat ids: no flush is needed to find them.)
        entries = [entry.normalised() for entry in self.entries]
        return hand.stock_ran_out == self.stock_ran_out and entries == hands.saved_entries(hand)

    def relabel(self, snapshot: dict[str, Any]) -> dict[str, Any]:
        """A history snapshot of the app, keyed by this report's names (as they were then)."""
        players = zip(self.labels, snapshot["players"].values(), strict=True)
        return {**snapshot, "players": dict(players)}

    def refusal(self, refused: hands.HandRefused, hand: Hand) -> ImportRefused:
        """The rules' first objection to this report, at the place of the fault."""
        problem = refused.check.errors[0]
        if problem.player is None:
            return ImportRefused(self.node.place, problem.message)
        name = hands.hand_seats(hand)[problem.player].player.name
        place = fault_place(self.places[problem.player], self.entries[problem.player], hand)
        return ImportRefused(place.place, problem.message.removeprefix(f"{name}: "))


def read_hand_report(
    hand: Hand, players: Node, stock_ran_out: bool, *, names_may_differ: bool = False
) -> Report:
    """Read the report of `hand`, one entry per player at the table, in seat order.

    :param names_may_differ: the report is a history snapshot, written by the app in seat
        order, so a player renamed since then is matched by their seat.
    """
    names = [seat.player.name for seat in hands.hand_seats(hand)]
    given = players.names(limits.HAND_REPORTS)
    if set(given) == set(names) and len(given) == len(names):
        labels = names
    elif names_may_differ and len(given) == len(names):
        labels = given
    else:
        stranger = next((name for name in given if name not in names), None)
        if stranger is not None:
            away = _("%(name)s is not at the table for hand %(number)s.")
            players.named(stranger).fail(away % {"name": stranger, "number": hand.number})
        absent = next(name for name in names if name not in given)
        missing = _("there is no report for %(name)s, who plays hand %(number)s.")
        players.fail(missing % {"name": absent, "number": hand.number})
    places = [players.named(label) for label in labels]
    entries = [read_report(place) for place in places]
    return Report(entries, places, labels, stock_ran_out, players)


def read_snapshot(hand: Hand, node: Node) -> Report:
    """A correction's `old` or `new`: the hand's report before or after the change."""
    node.fields("stock_ran_out", "players")
    ran_out = node.get("stock_ran_out").flag()
    return read_hand_report(hand, node.get("players"), ran_out, names_may_differ=True)


def fault_place(node: Node, entry: PlayerEntry, hand: Hand) -> Node:
    """The field of a player's report that the rules' checks object to first."""
    known = {group.label for group in report_groups(hand.game.rules, hand.number)}
    for label, count in entry.tally.items():
        if label not in known or count < 0:
            return node.get("tally").named(label)
    if entry.typed_total is not None and entry.typed_total < 0:
        return node.get("typed_total")
    if entry.short_cards < 0:
        return node.get("short_cards")
    if entry.penalty < 0:
        return node.get("penalty")
    if entry.penalty and not entry.penalty_reason.strip():
        return node.get("penalty_reason")
    return node
