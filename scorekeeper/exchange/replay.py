"""Replay one game of a league file through the app's own operations, checking every step.

Hand by hand, each attempt gets its suspensions (before its first attempt), empty stocks,
May I?s, leavers (see `leaving`), then its report: scored, re-played or re-dealt. Corrections
without a reason follow their hand at once, the others come after the last hand. Every score,
posted score, total, place and discarded flag is the operations' own; the file's times are
set afterwards.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime

from scorekeeper import zones
from scorekeeper.exchange.format import Node, read_rules
from scorekeeper.exchange.leaving import Leaver, plan_leaves
from scorekeeper.exchange.proposed import keep_proposals
from scorekeeper.exchange.reports import Report, read_hand_report, read_snapshot
from scorekeeper.models import (
    Game,
    GameStatus,
    Hand,
    HandState,
    League,
    LeagueRuleSet,
    Player,
)
from scorekeeper.play import games, hands, interruptions, mayi
from scorekeeper.rules import limits
from scorekeeper.rules.dealing import hand_rule
from scorekeeper.rules.language import _, ngettext
from scorekeeper.rules.ruleset import RulesError

GAME_FIELDS = (
    *("ruleset", "rules", "started_on", "first_dealer", "seats", "suspensions", "hands"),
    *("status", "finished_at", "discarded", "end_note", "settlement"),
)
SEAT_FIELDS = ("player", "left_from_hand", "final_total", "total_posted", "place")
HAND_FIELDS = (
    *("number", "attempt", "dealer", "state", "note", "stock_renewals", "stock_ran_out"),
    *("scored_at", "players", "claims", "corrections", "proposals"),
)
CORRECTION_FIELDS = ("made_at", "made_by", "reason", "old", "new")
ENDED = (GameStatus.FINISHED, GameStatus.INCOMPLETE)
HAND_STATES = tuple(state.value for state in HandState)
GAME_STATUSES = tuple(status.value for status in GameStatus)


@contextmanager
def refused_at(node: Node) -> Iterator[None]:
    """Turn an operation's refusal into a refusal of the file at this place."""
    try:
        yield
    except (games.GameRefused, hands.HandRefused, RulesError) as refusal:
        node.fail(str(refusal))


class GameReplay:
    """One game of the file being played again: what is done and what is still to apply."""

    def __init__(self, node: Node, game: Game) -> None:
        self.node = node
        self.game = game
        self.rules = game.rules  # the game's own copy, which its replay never changes
        self.leaves: dict[int, Leaver] = {}
        self.leave_during: dict[int, list[int]] = {}
        self.breaks: dict[int, list[Node]] = {}
        self.last_break: Node | None = None
        self.dealers: list[tuple[Hand, int, Node]] = []
        self.later: list[tuple[Hand, Sequence[Node], Report]] = []
        self.proposed: list[tuple[Hand, list[Node]]] = []
        self.last_hand: Hand | None = None
        self.unplayed: Node | None = None

    def read_seats(self, nodes: list[Node]) -> None:
        """Note who leaves the game from which hand."""
        for seat, node in zip(self.game.seats, nodes, strict=True):
            place = node.get("left_from_hand", None)
            from_hand = place.optional_integer(minimum=1)
            if from_hand is not None:
                self.leaves[seat.id] = (seat, from_hand, place)

    def read_breaks(self, nodes: list[Node]) -> None:
        """Sort the suspensions: resumed ones by hand, and the one still going, if any."""
        before = 0
        for i, node in enumerate(nodes):
            node.fields("before_hand", "suspended_at", "resumed_at")
            number = node.get("before_hand").integer(minimum=1)
            if number < before:
                in_order = _("suspensions are listed in the order they happened.")
                node.get("before_hand").fail(in_order)
            before = number
            node.get("suspended_at").moment(required=True)
            if node.get("resumed_at", None).moment() is not None:
                self.breaks.setdefault(number, []).append(node)
            elif i == len(nodes) - 1:
                self.last_break = node
            else:
                node.get("resumed_at").fail(_("only the last suspension can still be going on."))

    def take_break(self, node: Node, hand: Hand) -> None:
        """Suspend the game before `hand` (and resume it, when the file says it went on)."""
        resumed_at = node.get("resumed_at", None).moment()
        with refused_at(node):
            suspension = interruptions.suspend(self.game)
            if resumed_at is not None:
                interruptions.resume(
                    self.game,
                    True,
                    on=zones.local_time(resumed_at, self.game.league.time_zone).date(),
                )
        if suspension.before_hand != node.get("before_hand").value:
            stopped = _("the game stopped before hand %(number)s.")
            node.get("before_hand").fail(stopped % {"number": hand.number})
        suspension.suspended_at = node.get("suspended_at").moment(required=True)
        suspension.resumed_at = resumed_at

    def leave(self, seat_id: int) -> None:
        """Record that a player leaves, as the table did while a hand was in play."""
        seat, from_hand, node = self.leaves.pop(seat_id)
        with refused_at(node):
            interruptions.player_leaves(self.game, seat, from_hand)

    def play(self, node: Node, index: int, last: bool) -> None:
        """Play one attempt at a hand, as the file reports it."""
        number = node.get("number").integer(minimum=1)
        with refused_at(node.get("number")):
            hand_rule(self.rules, number)
        attempt = node.get("attempt").integer(minimum=1)
        hand = games.current_hand(self.game)
        if hand is None:
            node.fail(_("the hands before this one already ended the game."))
        if (number, attempt) != (hand.number, hand.attempt):
            lead = _("the hands before this one lead to hand %(number)s, attempt %(attempt)s.")
            node.fail(lead % {"number": hand.number, "attempt": hand.attempt})
        self.last_hand = hand
        if attempt == 1:
            for pause in self.breaks.pop(number, []):
                self.take_break(pause, hand)
        renewals = node.get("stock_renewals", 0)
        if renewals.integer(maximum=limits.STOCK_RENEWALS.high) and hand.stock_renewals is None:
            hand.stock_renewals = 0  # a hand not flushed yet: the column's default, as saved
        for _renewal in range(renewals.integer()):
            if hand.stock_ran_out:
                break  # files from before renewals were told apart count the last run-out too
            with refused_at(renewals):
                hands.renew_stock(hand)
        for claim_node in node.get("claims", []).items(limits.HAND_CLAIMS):
            self.claim(hand, claim_node)
        for seat_id in self.leave_during.pop(index, []):
            self.leave(seat_id)
        self.keep_dealer(hand, node.get("dealer").integer())
        self.dealers.append((hand, node.get("dealer").integer(), node.get("dealer")))
        self.finish_attempt(hand, node, last)
        hand.scored_at = node.get("scored_at", None).moment()

    def keep_dealer(self, hand: Hand, recorded: int) -> None:
        """A hand dealt after someone left keeps the dealer the file names, if they play it.

        Files written before the deal passed strictly to the left among the players still
        seated name the dealer the app gave then; the table dealt that way, and the next
        hand passes the deal on from there. With everyone seated the deal is checked as is.
        """
        if not any(left <= hand.number for left in games.left_from(self.game).values()):
            return
        if recorded in {seat.position for seat in games.seats_at_hand(self.game, hand.number)}:
            hand.dealer_position = recorded

    def claim(self, hand: Hand, node: Node) -> None:
        """A May I? made during the hand."""
        name = node.fields("player", "made_at").get("player").text(40)
        seat = next((s for s in self.game.seats if s.player.name == name), None)
        if seat is None:
            node.get("player").fail(_("%(name)s has no seat at this game.") % {"name": name})
        with refused_at(node):
            made = mayi.record_claim(hand, seat)
        made.made_at = node.get("made_at").moment(required=True)

    def finish_attempt(self, hand: Hand, node: Node, last: bool) -> None:
        """Leave the hand in play, deal it again, or score it (then its free corrections)."""
        state = HandState(node.get("state").choice(HAND_STATES))
        players = node.get("players", {})
        fixes = node.get("corrections", []).items(limits.HAND_CORRECTIONS)
        if fixes and state != HandState.SCORED:
            node.get("corrections").fail(_("only a scored hand can have corrections."))
        proposed = node.get("proposals", []).items(limits.HAND_PROPOSALS)
        if proposed and state != HandState.SCORED:
            node.get("proposals").fail(_("only a scored hand can have proposed corrections."))
        if proposed:
            self.proposed.append((hand, proposed))
        idle = state in (HandState.PLAYING, HandState.REDEALT, HandState.UNPLAYED)
        if idle and players.names(limits.HAND_REPORTS):
            players.fail(_("a hand %(state)s has no scores.") % {"state": state.value})
        if state == HandState.PLAYING and not last:
            node.get("state").fail(_("only the last hand of a game can still be in play."))
        if state == HandState.UNPLAYED:
            if not last:
                unplayed = _("only the last hand of a game that ended early is unplayed.")
                node.get("state").fail(unplayed)
            self.unplayed = node.get("state")
            return
        if state == HandState.REDEALT:
            with refused_at(node.get("note")):
                hands.redeal(hand, node.get("note", "").text(200))
        if state not in (HandState.SCORED, HandState.REPLAYED):
            return
        ran_out = node.get("stock_ran_out", False).flag()
        report = read_hand_report(hand, players, ran_out)
        first = (
            read_snapshot(hand, fixes[0].fields(*CORRECTION_FIELDS).get("old")) if fixes else report
        )
        saved = self.score(hand, first)
        if saved.replayed != (state == HandState.REPLAYED):
            made = _("the scores make this hand %(made)s, not %(given)s.")
            node.get("state").fail(made % {"made": hand.state.value, "given": state.value})
        # Corrections without a reason were made before a later hand was scored, so now.
        free = max((i + 1 for i, f in enumerate(fixes) if not _reason(f).strip()), default=0)
        for fix in fixes[:free]:
            self.correct(hand, fix)
        if fixes:
            self.later.append((hand, fixes[free:], report))

    def score(self, hand: Hand, report: Report) -> hands.Saved:
        """Score the hand in play with this report, as the table's scorer did."""
        try:
            return hands.score_hand(
                hand, report.entries, stock_ran_out=report.stock_ran_out, confirmed=True
            )
        except hands.HandRefused as refused:
            raise report.refusal(refused, hand) from refused
        except (games.GameRefused, RulesError) as refused:
            report.node.fail(str(refused))

    def correct(self, hand: Hand, node: Node) -> None:
        """Apply one correction from the hand's history, checking it starts where the last ended."""
        node.fields(*CORRECTION_FIELDS)
        old = read_snapshot(hand, node.get("old"))
        if not old.same_as_saved(hand):
            node.get("old").fail(_("this is not the hand as it stood before this correction."))
        new = read_snapshot(hand, node.get("new"))
        try:
            made = hands.correct_hand(
                hand,
                new.entries,
                stock_ran_out=new.stock_ran_out,
                confirmed=True,
                made_by=node.get("made_by").text(40),
                reason=_reason(node),
                agreed=True,  # a correction kept in the history was agreed by the table
            )
        except hands.HandRefused as refused:
            raise new.refusal(refused, hand) from refused
        except RulesError as refused:
            new.node.fail(str(refused))
        except games.GameRefused as refused:
            node.get("reason").fail(str(refused))
        if made is None:
            node.get("new").fail(_("this correction changes nothing."))
        made.old, made.new = old.relabel(made.old), new.relabel(made.new)
        made.made_at = node.get("made_at").moment(required=True)

    def close(self, hand_list: Node) -> None:
        """After the last hand: late corrections, leavers, a suspension going on, the end."""
        for hand, fixes, report in self.later:
            for fix in fixes:
                self.correct(hand, fix)
            if not report.same_as_saved(hand):
                report.node.fail(_("the hand's report is not what its last correction left."))
        for hand, proposed in self.proposed:
            keep_proposals(hand, proposed)
        for seat_id in list(self.leaves):
            self.leave(seat_id)
        if self.last_break is not None and self.last_hand is not None:
            self.take_break(self.last_break, games.current_hand(self.game) or self.last_hand)
        for pauses in self.breaks.values():
            number = pauses[0].get("before_hand").value
            never = _("the game never reached hand %(number)s to stop before it.")
            pauses[0].fail(never % {"number": number})
        status_node = self.node.get("status")
        status = GameStatus(status_node.choice(GAME_STATUSES))
        ended_early = status == GameStatus.INCOMPLETE or self.unplayed is not None
        if ended_early and self.game.status not in ENDED:
            with refused_at(status_node):
                interruptions.end_game(self.game)  # the table ended it early
        if self.game.status != status:
            made = _("the hands make this game %(made)s, not %(given)s.")
            status_node.fail(made % {"made": self.game.status.value, "given": status.value})
        current = games.current_hand(self.game)
        if current is not None and current is not self.last_hand:
            cut = _("hand %(number)s is in play, but the list ends before it.")
            hand_list.fail(cut % {"number": current.number})
        if self.unplayed is not None and (
            self.last_hand is None or self.last_hand.state != HandState.UNPLAYED
        ):
            self.unplayed.fail(_("the game did not end while this hand was in play."))
        self.check_dealers()
        self.set_end(self.node.get("finished_at", None))

    def check_dealers(self) -> None:
        """Every attempt was dealt by the seat the rules and the leavers give."""
        for hand, dealer, node in self.dealers:
            if hand.dealer_position != dealer:
                name = self.game.seats[hand.dealer_position].player.name
                dealt = _(
                    "hand %(number)s is dealt by seat %(seat)s (%(name)s), not seat %(given)s."
                )
                node.fail(
                    dealt
                    % {
                        "number": hand.number,
                        "seat": hand.dealer_position,
                        "name": name,
                        "given": dealer,
                    }
                )

    def set_end(self, node: Node) -> None:
        """When the game ended, for a game that has."""
        finished_at: datetime | None = node.moment()
        if self.game.status in ENDED and finished_at is None:
            node.fail(_("a game that has ended needs the time it ended."))
        if self.game.status not in ENDED and finished_at is not None:
            node.fail(_("a game still going on has no end time."))
        self.game.finished_at = finished_at


def _reason(correction: Node) -> str:
    return correction.fields(*CORRECTION_FIELDS).get("reason", "").text(1000)


def replay_game(
    league: League,
    node: Node,
    players: dict[str, Player],
    rulesets: list[LeagueRuleSet],
) -> Game:
    """Start the game as the file describes it and play every hand again.

    :raises ImportRefused: at the first fact the operations or the rules refuse.
    """
    node.fields(*GAME_FIELDS)
    rules_data = read_rules(node.get("rules"))
    kept = node.get("ruleset", None).optional_integer()
    if kept is not None and kept >= len(rulesets):
        count = len(rulesets)
        has = ngettext(
            "the league has %(count)s rule set.", "the league has %(count)s rule sets.", count
        )
        node.get("ruleset").fail(has % {"count": count})
    seat_nodes = node.get("seats").items(limits.PLAYERS)
    seated = [_player(seat.fields(*SEAT_FIELDS).get("player"), players) for seat in seat_nodes]
    first_dealer = node.get("first_dealer")
    if not 0 <= first_dealer.integer() < len(seated):
        first_dealer.fail(_("the first dealer must be one of the seats at the table."))
    # The game's own copy of the rules, as start_game reads a league's; never saved itself.
    copy = LeagueRuleSet(league_id=league.id, preset_key="", data=rules_data)
    with refused_at(node.get("seats")):
        game = games.start_game(
            league, copy, seated, first_dealer.value, today=node.get("started_on").day()
        )
    game.ruleset_id = rulesets[kept].id if kept is not None else None
    replay = GameReplay(node, game)
    replay.read_seats(seat_nodes)
    replay.read_breaks(node.get("suspensions", []).items(limits.GAME_SUSPENSIONS))
    hand_list = node.get("hands")
    attempts = hand_list.items(limits.GAME_DEALS)
    at_once, replay.leave_during = plan_leaves(
        replay.leaves, [attempt.fields(*HAND_FIELDS) for attempt in attempts]
    )
    for seat_id in at_once:
        replay.leave(seat_id)
    for index, attempt in enumerate(attempts):
        replay.play(attempt, index, last=index == len(attempts) - 1)
    replay.close(hand_list)
    return game


def _player(node: Node, players: dict[str, Player]) -> Player:
    name = node.text(40)
    if name not in players:
        node.fail(_("%(name)s is not one of the league's players.") % {"name": name})
    return players[name]
