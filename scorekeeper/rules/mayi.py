"""May I?: who may claim the top discard out of turn, who gets it, and what it does to a hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorekeeper.rules.dealing import cards_dealt, hand_rule
from scorekeeper.rules.ruleset import MayIPolicy, RulesError, RuleSet


class MayIRuling(NamedTuple):
    """Whether a May I? is allowed, and if not, why in words."""

    allowed: bool
    reason: str = ""


def claim_noun(rs: RuleSet) -> str:
    """What the table calls a claim of the discard under this rule set: "buy" or "May I?"."""
    return "buy" if rs.may_i.buying else "May I?"


def blind_cards(rs: RuleSet, hand_number: int) -> int:
    """Cards taken blind from the stock with each claim (or buy) in this hand."""
    own = hand_rule(rs, hand_number).blind_cards
    return rs.may_i.penalty_cards if own is None else own


# A claim that takes no card from the stock (Carioca, as we read it).
NO_PENALTY_CARD = "with no penalty card"


def claim_words(rs: RuleSet, hand_number: int, name: str) -> str:
    """What a recorded claim (or buy) gives the player, in one sentence."""
    blind = blind_cards(rs, hand_number)
    if rs.may_i.buying:
        cost = _buy_cost(rs)
        extra = f", and {_cards(blind, 'blind card')} from the stock" if blind else ""
        return f"{name} buys the face-up card{cost}{extra}."
    if not blind:
        return f"May I? for {name}: the discard, {NO_PENALTY_CARD}."
    return f"May I? for {name}: the discard and {_cards(blind, 'penalty card')} from the stock."


def hand_claim_words(rs: RuleSet, hand_number: int) -> str:
    """What one claim (or buy) costs in this hand, for the table screen."""
    blind = blind_cards(rs, hand_number)
    if rs.may_i.buying:
        cost = _buy_cost(rs)
        extra = f", with {_cards(blind, 'blind card')} from the stock" if blind else ""
        return f"A buy takes the face-up card{cost}{extra}."
    if not blind:
        return f"The claimant takes the discard, {NO_PENALTY_CARD}."
    return f"The claimant takes the discard and {_cards(blind, 'penalty card')}."


def _buy_cost(rs: RuleSet) -> str:
    """What a buy costs, as in " for 1 penny into the kitty"; nothing when buys are free."""
    price = rs.may_i.price
    return f" for {price} penn{'y' if price == 1 else 'ies'} into the kitty" if price else ""


def _cards(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def claims_left(rs: RuleSet, hand_number: int, made: int) -> int | None:
    """How many more claims (or buys) a player who made `made` may make in this hand.

    None when there is no limit.
    """
    limit = may_i_limit(rs, hand_number)
    return None if limit is None else max(limit - made, 0)


def may_i_limit(rs: RuleSet, hand_number: int) -> int | None:
    """Most May I?s one player may make in this hand (None: no limit, 0: none)."""
    limits = [
        limit
        for limit in (hand_rule(rs, hand_number).may_i_limit, rs.may_i.per_hand_limit)
        if limit is not None
    ]
    if hand_number > len(rs.hands) - rs.may_i.banned_last_hands:
        limits.append(0)
    return min(limits) if limits else None


def may_i_allowed(
    rs: RuleSet,
    hand_number: int,
    claims_by_player_this_hand: int,
    player_is_down: bool,
    *,
    took_last_discard_by_claim: bool = False,
    current_player_took: bool = False,
) -> MayIRuling:
    """May this player claim the top discard now? An (allowed, reason) pair.

    :param claims_by_player_this_hand: May I?s this player has already made in this hand.
    :param took_last_discard_by_claim: this player claimed the discard just before this one.
    :param current_player_took: the player whose turn it is has taken the discard.
    """
    hand_rule(rs, hand_number)  # refuses a hand the game does not have
    if claims_by_player_this_hand < 0:
        raise RulesError(f"A player cannot have made {claims_by_player_this_hand} May I?s.")
    policy = rs.may_i
    banned = policy.banned_last_hands
    if hand_number > len(rs.hands) - banned:
        return MayIRuling(False, f"No {claim_noun(rs)} in the last {banned} hands.")
    limit = may_i_limit(rs, hand_number)
    if limit == 0:
        return MayIRuling(False, f"No {claim_noun(rs)} in this hand.")
    if limit is not None and claims_by_player_this_hand >= limit:
        if policy.buying:
            return MayIRuling(False, f"A player may buy only {_times(limit)} in this hand.")
        return MayIRuling(False, f"A player may say May I? only {_times(limit)} in this hand.")
    if player_is_down and not policy.after_going_down:
        return MayIRuling(False, "No May I? once you have gone down.")
    if current_player_took and policy.not_after_current_takes:
        return MayIRuling(False, "The player whose turn it is took the discard: no more claims.")
    if took_last_discard_by_claim and policy.not_twice_running:
        return MayIRuling(False, "Nobody may take two discards running by May I?.")
    return MayIRuling(True)


def may_i_priority(
    rs: RuleSet,
    players: int,
    current_seat: int,
    claimant_seats: Sequence[int],
    first_to_ask: int | None = None,
) -> int:
    """The seat that gets the discard when several say May I?.

    Under "nearest" it is the claimant first in turn after the current player (seat + 1, ...);
    under "in_turn_first" the player whose turn it is when they buy, else the same; under
    "first_to_ask" it is `first_to_ask`, or else the first of `claimant_seats`, which is
    then taken to be in the order they asked.
    :raises RulesError: for no claimants, a seat not at the table, or the current player.
    """
    seats = list(claimant_seats)
    if not seats:
        raise RulesError(f"Nobody asked to {'buy' if rs.may_i.buying else 'say May I?'}.")
    for seat in (current_seat, *seats):
        if not 0 <= seat < players:
            raise RulesError(f"Seat {seat} is not at a table of {players}.")
    if rs.may_i.priority == "in_turn_first" and current_seat in seats:
        return current_seat
    if current_seat in seats:
        raise RulesError("The player whose turn it is takes the discard in turn, not by May I?.")
    if rs.may_i.priority == "first_to_ask":
        if first_to_ask is None:
            return seats[0]
        if first_to_ask not in seats:
            raise RulesError(f"Seat {first_to_ask} did not say May I?.")
        return first_to_ask
    return min(seats, key=lambda seat: (seat - current_seat) % players)


def expected_hand_size(rs: RuleSet, hand_number: int, claims: int) -> int:
    """Cards a player holds between turns before going down: dealt + (1 + blind) per claim."""
    if claims < 0:
        raise RulesError(f"A player cannot have made {claims} May I?s.")
    return cards_dealt(rs, hand_number) + (1 + blind_cards(rs, hand_number)) * claims


def most_claims(rs: RuleSet, hand_number: int) -> int:
    """The claims (or buys) one player can count on in this hand to reach the contract.

    A hand without a limit counts none: nothing bounds how many a player wins, so its
    contract must be within reach of the deal alone.
    """
    return may_i_limit(rs, hand_number) or 0


def most_cards_held(rs: RuleSet, hand_number: int) -> int:
    """The most cards a player can hold to meld: dealt, 1 drawn, and each claim's cards."""
    claims = most_claims(rs, hand_number)
    return cards_dealt(rs, hand_number) + 1 + (1 + blind_cards(rs, hand_number)) * claims


def short_deal_words(rs: RuleSet, hand_number: int, contract_cards: int) -> str:
    """Why this hand's deal cannot make a contract of `contract_cards`, in one sentence."""
    dealt, claims = cards_dealt(rs, hand_number), most_claims(rs, hand_number)
    if claims:
        each = _cards(1 + blind_cards(rs, hand_number), "card")
        got = f"{dealt} cards dealt, 1 drawn and {_cards(claims, claim_noun(rs))} of {each}"
    else:
        got = f"{dealt} cards dealt and 1 drawn"
    return f"Hand {hand_number}: {got} cannot make a contract of {contract_cards} cards."


def priority_words(policy: MayIPolicy) -> str:
    """Who gets the discard when several say May I? at once, under this policy."""
    if policy.priority == "nearest":
        return "it goes to the one next in turn after the current player."
    if policy.priority == "in_turn_first":
        return (
            "the player whose turn it is may buy first; otherwise the one whose turn comes "
            "soonest gets it."
        )
    return "it goes to whoever asked first."


def may_i_words(policy: MayIPolicy, hands: int) -> tuple[str, ...]:
    """The May I? (or buying) policy as short sentences for the referee page."""
    if policy.buying:
        return _buying_words(policy, hands)
    if policy.penalty_cards:
        taken = f"the discard and {_cards(policy.penalty_cards, 'penalty card')} from the stock"
    else:
        taken = f"the discard, {NO_PENALTY_CARD}"
    words = [
        f"The claimant takes {taken}.",
        f"Several claimants: {priority_words(policy)}",
    ]
    if policy.per_hand_limit is not None:
        words.append(f"Each player may say May I? {_times(policy.per_hand_limit)} a hand at most.")
    if policy.banned_last_hands:
        first = hands - policy.banned_last_hands + 1
        words.append(f"No May I? from hand {first} on.")
    if not policy.after_going_down:
        words.append("A player who has gone down may not claim.")
    if policy.not_twice_running:
        words.append("Nobody may take two discards in a row by May I?.")
    if policy.not_after_current_takes:
        words.append("Once the current player takes the discard, nobody else may claim.")
    return tuple(words)


def _buying_words(policy: MayIPolicy, hands: int) -> tuple[str, ...]:
    price = f"{policy.price} penny" if policy.price == 1 else f"{policy.price} pennies"
    words = [
        f"A player may buy the face-up discard for {price}, paid into the kitty.",
        "The player whose turn it is may buy first and then play the turn as usual.",
    ]
    if policy.priority == "first_to_ask":
        words.append("Several buyers: it goes to whoever asked first.")
    else:
        words.append("Several buyers: it goes to the one whose turn comes soonest.")
    if policy.penalty_cards:
        blind = "1 blind card" if policy.penalty_cards == 1 else f"{policy.penalty_cards} cards"
        words.append(f"Each buy also takes {blind} from the stock, unless the hand says otherwise.")
    if policy.per_hand_limit is not None:
        words.append(f"Each player may buy {_times(policy.per_hand_limit)} a hand at most.")
    if policy.banned_last_hands:
        words.append(f"No buying from hand {hands - policy.banned_last_hands + 1} on.")
    if not policy.after_going_down:
        words.append("A player who has gone down may not buy.")
    return tuple(words)


def _times(count: int) -> str:
    return {0: "no times", 1: "once", 2: "twice"}.get(count, f"{count} times")
