"""May I?: who may claim the top discard out of turn, who gets it, and what it does to a hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from scorekeeper.rules.dealing import cards_dealt, hand_rule
from scorekeeper.rules.language import N_, _, ngettext
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


def claim_words(rs: RuleSet, hand_number: int, name: str) -> str:
    """What a recorded claim (or buy) gives the player, in one sentence."""
    blind = blind_cards(rs, hand_number)
    if rs.may_i.buying:
        price = rs.may_i.price
        parts = {"name": name, "pennies": _pennies(price), "cards": _blind_cards(blind)}
        if price and blind:
            return (
                _(
                    "%(name)s buys the face-up card for %(pennies)s into the kitty, "
                    "and %(cards)s from the stock."
                )
                % parts
            )
        if price:
            return _("%(name)s buys the face-up card for %(pennies)s into the kitty.") % parts
        if blind:
            return _("%(name)s buys the face-up card, and %(cards)s from the stock.") % parts
        return _("%(name)s buys the face-up card.") % parts
    if not blind:
        return _("May I? for %(name)s: the discard, with no penalty card.") % {"name": name}
    return _("May I? for %(name)s: the discard and %(cards)s from the stock.") % {
        "name": name,
        "cards": _penalty_cards(blind),
    }


def hand_claim_words(rs: RuleSet, hand_number: int) -> str:
    """What one claim (or buy) costs in this hand, for the table screen."""
    blind = blind_cards(rs, hand_number)
    if rs.may_i.buying:
        price = rs.may_i.price
        parts = {"pennies": _pennies(price), "cards": _blind_cards(blind)}
        if price and blind:
            return (
                _(
                    "A buy takes the face-up card for %(pennies)s into the kitty, "
                    "with %(cards)s from the stock."
                )
                % parts
            )
        if price:
            return _("A buy takes the face-up card for %(pennies)s into the kitty.") % parts
        if blind:
            return _("A buy takes the face-up card, with %(cards)s from the stock.") % parts
        return _("A buy takes the face-up card.")
    if not blind:
        return _("The claimant takes the discard, with no penalty card.")
    return _("The claimant takes the discard and %(cards)s.") % {"cards": _penalty_cards(blind)}


def _pennies(count: int) -> str:
    return ngettext("%(count)s penny", "%(count)s pennies", count) % {"count": count}


def _blind_cards(count: int) -> str:
    return ngettext("%(count)s blind card", "%(count)s blind cards", count) % {"count": count}


def _penalty_cards(count: int) -> str:
    return ngettext("%(count)s penalty card", "%(count)s penalty cards", count) % {"count": count}


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
        raise RulesError(_no_such_count(claims_by_player_this_hand))
    policy = rs.may_i
    banned = policy.banned_last_hands
    if hand_number > len(rs.hands) - banned:
        if policy.buying:
            words = ngettext(
                "No buy in the last %(count)s hand.", "No buy in the last %(count)s hands.", banned
            )
        else:
            words = ngettext(
                "No May I? in the last %(count)s hand.",
                "No May I? in the last %(count)s hands.",
                banned,
            )
        return MayIRuling(False, words % {"count": banned})
    limit = may_i_limit(rs, hand_number)
    if limit == 0:
        return MayIRuling(
            False, _("No buy in this hand.") if policy.buying else _("No May I? in this hand.")
        )
    if limit is not None and claims_by_player_this_hand >= limit:
        if policy.buying:
            words = _("A player may buy only %(times)s in this hand.")
        else:
            words = _("A player may say May I? only %(times)s in this hand.")
        return MayIRuling(False, words % {"times": _times(limit)})
    if player_is_down and not policy.after_going_down:
        return MayIRuling(False, _("No May I? once you have gone down."))
    if current_player_took and policy.not_after_current_takes:
        return MayIRuling(False, _("The player whose turn it is took the discard: no more claims."))
    if took_last_discard_by_claim and policy.not_twice_running:
        return MayIRuling(False, _("Nobody may take two discards running by May I?."))
    return MayIRuling(True)


def _no_such_count(claims: int) -> str:
    return _("A player cannot have made %(count)s May I?s.") % {"count": claims}


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
        raise RulesError(
            _("Nobody asked to buy.") if rs.may_i.buying else _("Nobody asked to say May I?.")
        )
    for seat in (current_seat, *seats):
        if not 0 <= seat < players:
            raise RulesError(
                _("Seat %(seat)s is not at a table of %(count)s.")
                % {"seat": seat, "count": players}
            )
    if rs.may_i.priority == "in_turn_first" and current_seat in seats:
        return current_seat
    if current_seat in seats:
        raise RulesError(_("The player whose turn it is takes the discard in turn, not by May I?."))
    if rs.may_i.priority == "first_to_ask":
        if first_to_ask is None:
            return seats[0]
        if first_to_ask not in seats:
            raise RulesError(_("Seat %(seat)s did not say May I?.") % {"seat": first_to_ask})
        return first_to_ask
    return min(seats, key=lambda seat: (seat - current_seat) % players)


def expected_hand_size(rs: RuleSet, hand_number: int, claims: int) -> int:
    """Cards a player holds between turns before going down: dealt + (1 + blind) per claim."""
    if claims < 0:
        raise RulesError(_no_such_count(claims))
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
    parts = {
        "number": hand_number,
        "dealt": ngettext("%(count)s card dealt", "%(count)s cards dealt", dealt)
        % {"count": dealt},
        "count": contract_cards,
    }
    if not claims:
        words = ngettext(
            "Hand %(number)s: %(dealt)s and 1 drawn cannot make a contract of %(count)s card.",
            "Hand %(number)s: %(dealt)s and 1 drawn cannot make a contract of %(count)s cards.",
            contract_cards,
        )
        return words % parts
    each = 1 + blind_cards(rs, hand_number)
    if rs.may_i.buying:
        made = ngettext("%(count)s buy", "%(count)s buys", claims)
    else:
        made = ngettext("%(count)s May I?", "%(count)s May I?s", claims)
    parts["claims"] = made % {"count": claims}
    parts["each"] = ngettext("%(count)s card", "%(count)s cards", each) % {"count": each}
    words = ngettext(
        "Hand %(number)s: %(dealt)s, 1 drawn and %(claims)s of %(each)s cannot make a contract "
        "of %(count)s card.",
        "Hand %(number)s: %(dealt)s, 1 drawn and %(claims)s of %(each)s cannot make a contract "
        "of %(count)s cards.",
        contract_cards,
    )
    return words % parts


# Who gets the discard when several claim at once, under each priority.
PRIORITY_WORDS = {
    "nearest": N_("it goes to the one next in turn after the current player."),
    "in_turn_first": N_(
        "the player whose turn it is may buy first; otherwise the one whose turn comes "
        "soonest gets it."
    ),
    "first_to_ask": N_("it goes to whoever asked first."),
}


def priority_words(policy: MayIPolicy) -> str:
    """Who gets the discard when several say May I? at once, under this policy."""
    return _(PRIORITY_WORDS.get(policy.priority, PRIORITY_WORDS["first_to_ask"]))


def may_i_words(policy: MayIPolicy, hands: int) -> tuple[str, ...]:
    """The May I? (or buying) policy as short sentences for the referee page."""
    if policy.buying:
        return _buying_words(policy, hands)
    if policy.penalty_cards:
        taken = _("The claimant takes the discard and %(cards)s from the stock.") % {
            "cards": _penalty_cards(policy.penalty_cards)
        }
    else:
        taken = _("The claimant takes the discard, with no penalty card.")
    words = [taken, _("Several claimants: %(who)s") % {"who": priority_words(policy)}]
    if policy.per_hand_limit is not None:
        words.append(
            _("Each player may say May I? %(times)s a hand at most.")
            % {"times": _times(policy.per_hand_limit)}
        )
    if policy.banned_last_hands:
        first = hands - policy.banned_last_hands + 1
        words.append(_("No May I? from hand %(number)s on.") % {"number": first})
    if not policy.after_going_down:
        words.append(_("A player who has gone down may not claim."))
    if policy.not_twice_running:
        words.append(_("Nobody may take two discards in a row by May I?."))
    if policy.not_after_current_takes:
        words.append(_("Once the current player takes the discard, nobody else may claim."))
    return tuple(words)


def _buying_words(policy: MayIPolicy, hands: int) -> tuple[str, ...]:
    price = ngettext(
        "A player may buy the face-up discard for %(count)s penny, paid into the kitty.",
        "A player may buy the face-up discard for %(count)s pennies, paid into the kitty.",
        policy.price,
    )
    words = [
        price % {"count": policy.price},
        _("The player whose turn it is may buy first and then play the turn as usual."),
    ]
    if policy.priority == "first_to_ask":
        words.append(_("Several buyers: it goes to whoever asked first."))
    else:
        words.append(_("Several buyers: it goes to the one whose turn comes soonest."))
    if policy.penalty_cards:
        blind = ngettext(
            "Each buy also takes %(count)s blind card from the stock, unless the hand says "
            "otherwise.",
            "Each buy also takes %(count)s cards from the stock, unless the hand says otherwise.",
            policy.penalty_cards,
        )
        words.append(blind % {"count": policy.penalty_cards})
    if policy.per_hand_limit is not None:
        words.append(
            _("Each player may buy %(times)s a hand at most.")
            % {"times": _times(policy.per_hand_limit)}
        )
    if policy.banned_last_hands:
        first = hands - policy.banned_last_hands + 1
        words.append(_("No buying from hand %(number)s on.") % {"number": first})
    if not policy.after_going_down:
        words.append(_("A player who has gone down may not buy."))
    return tuple(words)


def _times(count: int) -> str:
    """How often, in words: "no times", "once", "twice", "3 times"."""
    if count == 0:
        return _("no times")
    if count == 2:
        return _("twice")
    return ngettext("once", "%(count)s times", count) % {"count": count}
