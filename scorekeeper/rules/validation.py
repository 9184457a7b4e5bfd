"""Checks that a rule set makes sense, with every fault named in words a family understands."""

from __future__ import annotations

import re

from scorekeeper.rules import limits
from scorekeeper.rules.dealing import contract_minimum
from scorekeeper.rules.family import HAND_CELLS
from scorekeeper.rules.limits import bounded
from scorekeeper.rules.mayi import most_cards_held, short_deal_words
from scorekeeper.rules.ruleset import (
    GOING_OUT_KINDS,
    JOKER,
    MELD_KINDS,
    PRIORITIES,
    RANKS,
    STANDARD_RANKS,
    STOCK_KINDS,
    HandRule,
    RuleSet,
    RuleSetError,
)
from scorekeeper.rules.settlement import settlement_problems

Errors = list[tuple[str, str]]

# Both kinds need at least 3 cards: 3 is the smallest set, and RULES.md allows a run shorter
# than the usual 4 only by saying so, so a league's own game (seed 003's "three or more" for
# both) may ask for runs of 3, but never of 2, which is no meld at all.
SHORTEST_MELD = {"set": 3, "run": 3, "pair": 2, "any": 3}
# A pair is exactly two cards of one rank.
LONGEST_PAIR = 2

# Bounds of the numbers the other systems add (wild ranks, buys, pennies).
MOST_WILD_POINTS = 1_000
MOST_BLIND_CARDS = 10
MOST_BUY_PRICE = 100
MOST_SCHEDULE_ROWS = 12
MOST_UNSET = 200
UNSET_PATHS = re.compile(
    r"(hands\[\d{1,2}\]\.(melds|cards_dealt|may_i_limit|blind_cards)|prices|settlement\.schedule)"
)


def validate_ruleset(rs: RuleSet) -> None:
    """Check the rule set as a whole.

    Every number and list is first checked against its bound (`rules.limits`), a fixed cost
    per field; the checks that loop over player counts or hands run only on a rule set whose
    numbers all hold, so no value, however large, makes the check itself expensive.

    :raises RuleSetError: listing every fault as (field path, message).
    """
    errors: Errors = []
    _check_texts(rs, errors)
    _check_unset(rs, errors)
    unset = frozenset(rs.unset)
    if _check_bounds(rs, errors) and _check_other_bounds(rs, errors):
        _check_players(rs, errors)
        for index, hand in enumerate(rs.hands):
            _check_hand(index, hand, errors, unset)
            _check_deal(rs, index, errors, unset)
        _check_deck_counts(rs, errors)
        if "prices" not in unset:
            _check_prices(rs, errors)
        _check_bonuses(rs, errors)
        _check_may_i(rs, errors)
        errors.extend(settlement_problems(rs))
    if rs.stock.kind not in STOCK_KINDS:
        errors.append(("stock.kind", f"Stock: {rs.stock.kind!r} is not a way to renew the stock."))
    if errors:
        raise RuleSetError(errors)


def ruleset_problems(rs: RuleSet) -> Errors:
    """Every fault of the rule set as (field path, message); empty when it is fine."""
    try:
        validate_ruleset(rs)
    except RuleSetError as error:
        return error.errors
    return []


def _check_texts(rs: RuleSet, errors: Errors) -> None:
    if not rs.name.strip():
        errors.append(("name", "The rule set needs a name."))
    if not rs.key.strip():
        errors.append(("key", "The rule set needs a short key."))
    longest = limits.LONGEST
    texts = [
        ("name", rs.name, longest["ruleset"], True),
        ("key", rs.key, longest["key"], True),
        ("wild", rs.wild, longest["words"], False),
        ("ace_in_runs", rs.ace_in_runs, longest["words"], False),
        ("description", rs.description, longest["words"], False),
    ]
    texts += [(f"hands[{i}].note", h.note, longest["words"], False) for i, h in enumerate(rs.hands)]
    texts += [
        (f"prices[{i}].label", g.label, longest["label"], True) for i, g in enumerate(rs.prices)
    ]
    texts += [
        (f"bonuses[{i}].label", b.label, longest["label"], True) for i, b in enumerate(rs.bonuses)
    ]
    texts += [
        (f"extra_rules[{i}]", line, longest["rule_line"], False)
        for i, line in enumerate(rs.extra_rules)
    ]
    for path, text, most, is_name in texts:
        problem = limits.name_problem(text) if is_name else limits.text_problem(text)
        if problem:
            errors.append((path, f"{_place(path)}: {problem}"))
        elif len(text) > most:
            errors.append((path, f"{_place(path)}: at most {most} characters, got {len(text)}."))


def _place(path: str) -> str:
    """A field path in words for a message: "hands[1].note" is "Hand 2"."""
    head, _, index = path.partition("[")
    words = {
        "name": "Name",
        "key": "Key",
        "wild": "Wild cards",
        "ace_in_runs": "Aces in runs",
        "hands": "Hand",
        "prices": "Card group",
        "extra_rules": "Other rules, line",
        "deck_counts": "Decks row",
        "description": "Description",
        "bonuses": "Bonus",
    }
    if not index:
        return words.get(head, head)
    return f"{words.get(head, head)} {int(index.split(']')[0]) + 1}"


def _check_bounds(rs: RuleSet, errors: Errors) -> bool:
    """Check every number and list length against its limit; True when all hold."""
    before = len(errors)
    bounded(errors, "min_players", rs.min_players, limits.PLAYERS, "Fewest players")
    bounded(errors, "max_players", rs.max_players, limits.PLAYERS, "Most players")
    if not rs.hands:
        errors.append(("hands", "A game needs at least one hand."))
    elif bounded(errors, "hands", len(rs.hands), limits.HANDS, "Hands"):
        for index, hand in enumerate(rs.hands):
            path, place = f"hands[{index}]", f"Hand {index + 1}"
            if f"{path}.cards_dealt" not in rs.unset:
                bounded(errors, f"{path}.cards_dealt", hand.cards_dealt, limits.CARDS_DEALT, place)
            if hand.may_i_limit is not None:
                bounded(errors, f"{path}.may_i_limit", hand.may_i_limit, limits.MAY_I_LIMIT, place)
            if hand.melds and bounded(
                errors, f"{path}.melds", len(hand.melds), limits.MELDS, place
            ):
                for m, meld in enumerate(hand.melds):
                    if meld.length >= limits.MELD_LENGTH.low or not limits.is_whole(meld.length):
                        where = f"{path}.melds[{m}].length"
                        bounded(errors, where, meld.length, limits.MELD_LENGTH, place)
    if bounded(errors, "deck_counts", len(rs.deck_counts), limits.DECK_ROWS, "Decks"):
        for index, row in enumerate(rs.deck_counts):
            path, place = f"deck_counts[{index}]", f"Decks row {index + 1}"
            bounded(errors, f"{path}.min_players", row.min_players, limits.PLAYERS, place)
            bounded(errors, f"{path}.max_players", row.max_players, limits.PLAYERS, place)
            bounded(errors, f"{path}.decks", row.decks, limits.DECKS, place)
            bounded(errors, f"{path}.jokers", row.jokers, limits.JOKERS, place)
    if bounded(
        errors,
        "prices",
        len(rs.prices),
        limits.Bound(0, len(RANKS), "at most {high} card groups"),
        "Prices",
    ):
        for index, group in enumerate(rs.prices):
            place = f"Card group {group.label[: limits.LONGEST['label']]!r}"
            bounded(errors, f"prices[{index}].points", group.points, limits.CARD_PRICE, place)
            if len(group.ranks) > len(RANKS):
                errors.append((f"prices[{index}].ranks", f"{place}: more cards than a deck has."))
    bounded(
        errors,
        "short_card_penalty",
        rs.short_card_penalty,
        limits.SHORT_CARD_CHARGE,
        "Points per missing card",
    )
    policy = rs.may_i
    bounded(
        errors, "may_i.penalty_cards", policy.penalty_cards, limits.MAY_I_PENALTY_CARDS, "May I?"
    )
    if policy.per_hand_limit is not None:
        bounded(errors, "may_i.per_hand_limit", policy.per_hand_limit, limits.MAY_I_LIMIT, "May I?")
    bounded(
        errors,
        "may_i.banned_last_hands",
        policy.banned_last_hands,
        limits.Bound(0, limits.HANDS.high, "a ban covers {low} to {high} hands"),
        "May I?",
    )
    bounded(errors, "extra_rules", len(rs.extra_rules), limits.EXTRA_RULES, "Other rules")
    if bounded(errors, "bonuses", len(rs.bonuses), limits.BONUSES, "Bonuses"):
        for index, bonus in enumerate(rs.bonuses):
            place = f"Bonus {bonus.label[: limits.LONGEST['label']]!r}"
            bounded(errors, f"bonuses[{index}].points", bonus.points, limits.BONUS_POINTS, place)
    return len(errors) == before


def _check_other_bounds(rs: RuleSet, errors: Errors) -> bool:
    """Bounds of the wild rank's price, blind cards, a buy's price and the schedule's size."""
    before = len(errors)
    if not 0 <= rs.wild_rank_points <= MOST_WILD_POINTS:
        errors.append(
            (
                "wild_rank_points",
                f"A hand's wild rank costs 0 to {MOST_WILD_POINTS} points left in hand.",
            )
        )
    for index, hand in enumerate(rs.hands):
        if hand.blind_cards is not None and not 0 <= hand.blind_cards <= MOST_BLIND_CARDS:
            errors.append(
                (
                    f"hands[{index}].blind_cards",
                    f"Hand {index + 1}: blind cards per buy are 0 to {MOST_BLIND_CARDS}.",
                )
            )
    if not 0 <= rs.may_i.price <= MOST_BUY_PRICE:
        errors.append(("may_i.price", f"Buying: a buy costs 0 to {MOST_BUY_PRICE} pennies."))
    if rs.settlement is not None and len(rs.settlement.schedule) > MOST_SCHEDULE_ROWS:
        errors.append(("settlement.schedule", f"Payments: at most {MOST_SCHEDULE_ROWS} rows."))
    return len(errors) == before


def _check_unset(rs: RuleSet, errors: Errors) -> None:
    if len(rs.unset) > MOST_UNSET:
        errors.append(("unset", f"At most {MOST_UNSET} cells can be left to the family."))
        return
    for index, path in enumerate(rs.unset):
        if len(path) > 40 or not UNSET_PATHS.fullmatch(path):
            errors.append((f"unset[{index}]", f"{path[:40]!r} is not a cell a family can set."))


def _check_players(rs: RuleSet, errors: Errors) -> None:
    if rs.min_players > rs.max_players:
        errors.append(("max_players", "The most players cannot be fewer than the fewest players."))


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
    if hand.wild_rank is not None and hand.wild_rank not in STANDARD_RANKS:
        errors.append(
            (f"{path}.wild_rank", f"{place}: {hand.wild_rank!r} is not a rank (A, 2-10, J, Q, K).")
        )
    if hand.going_out not in GOING_OUT_KINDS:
        errors.append((f"{path}.going_out", f"{place}: {hand.going_out!r} is no way to go out."))


def _check_deal(rs: RuleSet, index: int, errors: Errors, unset: frozenset[str]) -> None:
    """Refuse a deal too small for the contract, counting the cards a player can claim."""
    if any(f"hands[{index}].{cell}" in unset for cell in HAND_CELLS):
        return  # the family has yet to give the numbers the count needs
    contract = contract_minimum(rs.hands[index].melds)
    # A player melds after drawing, so holds one card more than dealt: the 11-card rules
    # deal 11 for a 12-card contract that goes down whole, with no discard.
    if most_cards_held(rs, index + 1) < contract:
        errors.append((f"hands[{index}].cards_dealt", short_deal_words(rs, index + 1, contract)))


def _check_deck_counts(rs: RuleSet, errors: Errors) -> None:
    covered: dict[int, int] = {}
    for index, row in enumerate(rs.deck_counts):
        path, place = (
            f"deck_counts[{index}]",
            f"Decks for {_players(row.min_players, row.max_players)}",
        )
        if row.min_players > row.max_players:
            errors.append((f"{path}.max_players", f"{place}: the range is upside down."))
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


def _check_bonuses(rs: RuleSet, errors: Errors) -> None:
    """A bonus's tick shares the tally with the card groups, so its label must be its own."""
    taken = {group.label for group in rs.prices}
    for index, bonus in enumerate(rs.bonuses):
        path = f"bonuses[{index}].label"
        if not bonus.label.strip():
            errors.append((path, f"Bonus {index + 1} needs a label."))
        elif bonus.label in taken:
            errors.append((path, f"Bonus {bonus.label!r}: a card group or bonus has this label."))
        taken.add(bonus.label)


def _check_may_i(rs: RuleSet, errors: Errors) -> None:
    policy = rs.may_i
    if policy.priority not in PRIORITIES:
        errors.append(("may_i.priority", f"May I?: {policy.priority!r} is not a priority rule."))
    if policy.price and rs.settlement is None:
        errors.append(
            (
                "may_i.price",
                "Buying: buys paid into a kitty need the settlement at the end: "
                "say how the kitty is split.",
            )
        )
    if policy.banned_last_hands > len(rs.hands):
        errors.append(
            (
                "may_i.banned_last_hands",
                f"May I?: cannot ban the last {policy.banned_last_hands} hands "
                f"of a {len(rs.hands)}-hand game.",
            )
        )
