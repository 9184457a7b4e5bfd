"""When, on replaying a game, each player who left it is recorded as leaving."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.exchange.format import Node
from scorekeeper.models import Seat
from scorekeeper.rules import limits

Leaver = tuple[Seat, int, Node]


def plan_leaves(
    leaves: Mapping[int, Leaver], attempts: Sequence[Node]
) -> tuple[list[int], dict[int, list[int]]]:
    """Which leavers (by seat id) leave at once, and which during which attempt (by index).

    A player who left from hand f but still dealt, scored or said May I? in an attempt at
    hand f left during the attempt after the last one they dealt or scored in (a May I?
    comes before leaving within an attempt). Any other leaver is recorded at once, the latest
    hand first: the app checks that two players stay only at the hand left from, counting
    as present those whose leaving from an earlier hand is not recorded yet. A player who
    left from the hand the game ended in, unplayed, left during it: too few were left then.
    """
    at_once: list[int] = []
    during: dict[int, list[int]] = {}
    last = len(attempts) - 1
    ended_in = (
        attempts[last].get("number").integer(minimum=1)
        if attempts and attempts[last].get("state", "").value == "unplayed"
        else None
    )
    for seat_id, (seat, from_hand, _) in leaves.items():
        if from_hand == ended_in:
            during.setdefault(last, []).append(seat_id)
            continue
        present = claimed = -1
        for index, node in enumerate(attempts):
            if node.get("number").integer(minimum=1) != from_hand:
                continue
            if node.get("dealer").integer() == seat.position or seat.player.name in (
                node.get("players", {}).names(limits.HAND_REPORTS)
            ):
                present = index
            if seat.player.name in _claimants(node):
                claimed = index
        if present < 0 and claimed < 0:
            at_once.append(seat_id)
        else:
            during.setdefault(max(present + 1, claimed), []).append(seat_id)
    at_once.sort(key=lambda seat_id: -leaves[seat_id][1])
    if ended_in is not None and last in during:
        # Whoever deals the unplayed hand left last: an earlier leave by its dealer would
        # have passed the deal on.
        dealer = attempts[last].get("dealer").integer()
        during[last].sort(key=lambda seat_id: leaves[seat_id][0].position == dealer)
    return at_once, during


def _claimants(node: Node) -> list[str]:
    return [
        claim.fields("player", "made_at").get("player").text(40)
        for claim in node.get("claims", []).items(limits.HAND_CLAIMS)
    ]
