"""Checks that a rule set makes sense, with every fault named in words a family understands."""

from __future__ import annotations

import re

from scorekeeper.rules.dealing import contract_minimum
from scorekeeper.rules.ruleset import (
    FEWEST_PLAYERS,
    GOING_OUT_KINDS,
    JOKER,
    KITTY_SPLITS,
    MELD_KINDS,
    MOST_PLAYERS,
    PRIORITIES,
    RANKS,
    STANDARD_RANKS,
    STOCK_KINDS,
    HandRule,
    RuleSet,
    RuleSetError,
)

Errors = list[tuple[str, str]]

# Both kinds need at least 3 cards: 3 is the smallest set, and RULES.md allows a run shorter
# than the usual 4 only by saying so, so a league's own game (seed 003's "three or more" for
# both) may ask for runs of 3, but never of 2, which is no meld at all.
SHORTEST_MELD = {"set": 3, "run": 3, "pair": 2, "any": 3}
# A pair is exactly two cards of one rank.
LONGEST_PAIR = 2

# Bounds of the numbers the newer rules add, far past any table's game.
MOST_WILD_POINTS = 1_000
MOST_BLIND_CARDS = 10
MOST_BUY_PRICE = 100
MOST_PAYMENT = 10_000
LONGEST_DESCRIPTION = 200
MOST_UNSET = 200
UNSET_PATHS = re.compile(
    r"(hands\[\d{1,2}\]\.(melds|cards_dealt|may_i_limit|blind_cards)|prices|settlement\.schedule)"
)


def validate_ruleset(rs: RuleSet) -> None:
    """Check the rule set as a whole.

    :raises RuleSetError: listing every fault as (field path, message).
    """
    errors: Errors = []
    _check_names(rs, errors)
    _check_players(rs, errors)
    _check_unset(rs, errors)
    if not rs.hands:
        errors.append(("hands", "A game needs at least one hand."))
    for index, hand in enumerate(rs.hands):
        _check_hand(index, hand, errors, frozenset(rs.unset))
    _check_deck_counts(rs, errors)
    if "prices" not in rs.unset:
        _check_prices(rs, errors)
    _check_may_i(rs, errors)
    _check_settlement(rs, errors)
    if not 0 <= rs.wild_rank_points <= MOST_WILD_POINTS:
        errors.append(
            (
                "wild_rank_points",
                f"A hand's wild rank costs 0 to {MOST_WILD_POINTS} points left in hand.",
            )
        )
    if len(rs.description) > LONGEST_DESCRIPTION:
        errors.append(("description", f"Keep the description to {LONGEST_DESCRIPTION} characters."))
    if rs.stock.kind not in STOCK_KINDS:
        errors.append(("stock.kind", f"Stock: {rs.stock.kind!r} is not a way to renew the stock."))
    if rs.short_card_penalty < 0:
        errors.append(("short_card_penalty", "The charge for a missing card cannot be negative."))
    if errors:
        raise RuleSetError(errors)


def ruleset_problems(rs: RuleSet) -> Errors:
    """Every fault of the rule set as (field path, message); empty when it is fine."""
    try:
        validate_ruleset(rs)
    except RuleSetError as error:
        return error.errors
    return []


def _check_names(rs: RuleSet, errors: Errors) -> None:
    if not rs.name.strip():
        errors.append(("name", "The rule set needs a name."))
    if not rs.key.strip():
        errors.append(("key", "The rule set needs a short key."))


def _check_players(rs: RuleSet, errors: Errors) -> None:
    for field, count in (("min_players", rs.min_players), ("max_players", rs.max_players)):
        if not FEWEST_PLAYERS <= count <= MOST_PLAYERS:
            errors.append(
                (field, f"A game is for {FEWEST_PLAYERS} to {MOST_PLAYERS} players, not {count}.")
            )
    if rs.min_players > rs.max_players:
        errors.append(("max_players", "The most players cannot be fewer than the fewest players."))


def _check_unset(rs: RuleSet, errors: Errors) -> None:
    if len(rs.unset) > MOST_UNSET:
        errors.append(("unset", f"At most {MOST_UNSET} cells can be left to the family."))
        return
    for index, path in enumerate(rs.unset):
        if len(path) > 40 or not UNSET_PATHS.fullmatch(path):
            errors.append((f"unset[{index}]", f"{path[:40]!r} is not a cell a family can set."))


def _check_hand(index: int, hand: HandRule, errors: Errors, unset: frozenset[str]) -> None:
    path, place = f"hands[{index}]", f"Hand {index + 1}"
    melds_unset = f"{path}.melds" in unset
    if not hand.melds and not melds_unset:
        errors.append((f"{path}.melds", f"{place}: the contract needs at least one set or run."))
    for m, meld in enumerate(hand.melds):
        where = f"{path}.melds[{m}]"
        if meld.kind not in MELD_KINDS:
            errors.append(
                (f"{where}.kind", f"{place}: {meld.kind!r} is not a set, a run or a pair.")
            )
        elif meld.length < SHORTEST_MELD[meld.kind]:
            shortest = SHORTEST_MELD[meld.kind]
            errors.append(
                (f"{where}.length", f"{place}: a {meld.kind} needs at least {shortest} cards.")
            )
        elif meld.kind == "pair" and meld.length > LONGEST_PAIR:
            errors.append((f"{where}.length", f"{place}: a pair is two cards of one rank."))
    _check_hand_extras(path, place, hand, errors)
    if f"{path}.cards_dealt" in unset:
        pass
    elif hand.cards_dealt < 1:
        errors.append((f"{path}.cards_dealt", f"{place}: every player must be dealt a card."))
    elif not melds_unset and hand.cards_dealt + 1 < contract_minimum(hand.melds):
        # A player melds after drawing, so holds one card more than dealt: the 11-card rules
        # deal 11 for a 12-card contract that goes down whole, with no discard.
        errors.append(
            (
                f"{path}.cards_dealt",
                f"{place}: {hand.cards_dealt} cards dealt and 1 drawn cannot make a contract "
                f"of {contract_minimum(hand.melds)} cards.",
            )
        )
    if hand.going_out not in GOING_OUT_KINDS:
        errors.append((f"{path}.going_out", f"{place}: {hand.going_out!r} is no way to go out."))
    if hand.may_i_limit is not None and hand.may_i_limit < 0:
        errors.append((f"{path}.may_i_limit", f"{place}: the May I? limit cannot be negative."))


def _check_hand_extras(path: str, place: str, hand: HandRule, errors: Errors) -> None:
    if hand.wild_rank is not None and hand.wild_rank not in STANDARD_RANKS:
        errors.append(
            (f"{path}.wild_rank", f"{place}: {hand.wild_rank!r} is not a rank (A, 2-10, J, Q, K).")
        )
    if hand.blind_cards is not None and not 0 <= hand.blind_cards <= MOST_BLIND_CARDS:
        errors.append(
            (
                f"{path}.blind_cards",
                f"{place}: blind cards per buy are 0 to {MOST_BLIND_CARDS}.",
            )
        )


def _check_deck_counts(rs: RuleSet, errors: Errors) -> None:
    covered: dict[int, int] = {}
    for index, row in enumerate(rs.deck_counts):
        path, place = (
            f"deck_counts[{index}]",
            f"Decks for {_players(row.min_players, row.max_players)}",
        )
        if row.min_players > row.max_players:
            errors.append((f"{path}.max_players", f"{place}: the range is upside down."))
        if row.decks < 1:
            errors.append((f"{path}.decks", f"{place}: at least one deck is needed."))
        if row.jokers < 0:
            errors.append((f"{path}.jokers", f"{place}: the number of jokers cannot be negative."))
        outside = [
            n
            for n in range(row.min_players, row.max_players + 1)
            if not rs.min_players <= n <= rs.max_players
        ]
        if outside:
            errors.append(
                (
                    path,
                    f"{place}: {_players(outside[0], outside[-1])} is outside the rule "
                    "set's range.",
                )
            )
        for players in range(row.min_players, row.max_players + 1):
            if players in outside:
                continue
            if players in covered:
                errors.append((path, f"Decks for {players} players are given twice."))
            covered[players] = index
    for players in range(rs.min_players, rs.max_players + 1):
        if players not in covered:
            who = "1 player uses" if players == 1 else f"{players} players use"
            errors.append(("deck_counts", f"Say how many decks {who}."))


def _players(low: int, high: int) -> str:
    return f"{low} players" if low == high else f"{low}-{high} players"


def _check_prices(rs: RuleSet, errors: Errors) -> None:
    seen_ranks: dict[str, str] = {}
    seen_labels: set[str] = set()
    for index, group in enumerate(rs.prices):
        path, place = f"prices[{index}]", f"Card group {group.label!r}"
        if not group.label.strip():
            errors.append((f"{path}.label", f"Card group {index + 1} needs a label."))
        elif group.label in seen_labels:
            errors.append((f"{path}.label", f"{place}: two card groups have this label."))
        seen_labels.add(group.label)
        if not group.ranks:
            errors.append((f"{path}.ranks", f"{place}: the group holds no cards."))
        if group.points < 0:
            errors.append((f"{path}.points", f"{place}: a card cannot cost negative points."))
        for rank in group.ranks:
            if rank not in RANKS:
                errors.append((f"{path}.ranks", f"{place}: {rank!r} is not a card."))
            elif rank in seen_ranks:
                errors.append((f"{path}.ranks", f"The card {rank} has a price in two groups."))
            seen_ranks.setdefault(rank, group.label)
    for rank in STANDARD_RANKS:
        if rank not in seen_ranks:
            errors.append(("prices", f"Say what the card {rank} costs when left in hand."))
    if rs.uses_jokers and JOKER not in seen_ranks:
        errors.append(("prices", "The game uses jokers: say what a joker costs left in hand."))


def _check_may_i(rs: RuleSet, errors: Errors) -> None:
    policy = rs.may_i
    if policy.penalty_cards < 0:
        errors.append(("may_i.penalty_cards", "May I?: penalty cards cannot be negative."))
    if policy.priority not in PRIORITIES:
        errors.append(("may_i.priority", f"May I?: {policy.priority!r} is not a priority rule."))
    if policy.per_hand_limit is not None and policy.per_hand_limit < 0:
        errors.append(("may_i.per_hand_limit", "May I?: the limit per hand cannot be negative."))
    if not 0 <= policy.price <= MOST_BUY_PRICE:
        errors.append(("may_i.price", f"Buying: a buy costs 0 to {MOST_BUY_PRICE} pennies."))
    elif policy.price and rs.settlement is None:
        errors.append(
            (
                "may_i.price",
                "Buying: buys paid into a kitty need the settlement at the end: "
                "say how the kitty is split.",
            )
        )
    if policy.banned_last_hands < 0:
        errors.append(("may_i.banned_last_hands", "May I?: the banned hands cannot be negative."))
    elif policy.banned_last_hands > len(rs.hands):
        errors.append(
            (
                "may_i.banned_last_hands",
                f"May I?: cannot ban the last {policy.banned_last_hands} hands "
                f"of a {len(rs.hands)}-hand game.",
            )
        )


def _check_settlement(rs: RuleSet, errors: Errors) -> None:
    settlement = rs.settlement
    if settlement is None:
        return
    if settlement.kitty_split not in KITTY_SPLITS:
        errors.append(
            ("settlement.kitty_split", f"{settlement.kitty_split!r} is no way to split the kitty.")
        )
    seen: set[int] = set()
    for index, row in enumerate(settlement.schedule):
        path = f"settlement.schedule[{index}]"
        if not rs.min_players <= row.players <= rs.max_players:
            errors.append(
                (
                    f"{path}.players",
                    f"Payments: {row.players} players is outside the rule set's "
                    f"{rs.min_players} to {rs.max_players}.",
                )
            )
            continue
        if row.players in seen:
            errors.append(
                (f"{path}.players", f"Payments for {row.players} players are given twice.")
            )
        seen.add(row.players)
        if len(row.amounts) != row.players:
            errors.append(
                (
                    f"{path}.amounts",
                    f"Payments for {row.players} players: give one amount per place, "
                    f"{row.players} in all.",
                )
            )
        elif any(abs(amount) > MOST_PAYMENT for amount in row.amounts):
            errors.append(
                (f"{path}.amounts", f"Payments are at most {MOST_PAYMENT} pennies a place.")
            )
        elif sum(row.amounts) != 0:
            errors.append(
                (
                    f"{path}.amounts",
                    f"Payments for {row.players} players: what the places win and pay must "
                    f"add up to 0, not {sum(row.amounts)}.",
                )
            )
