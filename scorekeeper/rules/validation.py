"""Checks that a rule set makes sense, with every fault named in words a family understands."""

from __future__ import annotations

import re

from scorekeeper.rules import limits
from scorekeeper.rules.dealing import contract_minimum
from scorekeeper.rules.family import HAND_CELLS
from scorekeeper.rules.fault_places import bonus_place, fault_place, group_place, hand_place
from scorekeeper.rules.language import N_, _, ngettext
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
BANNED_HANDS = limits.Bound(0, limits.HANDS.high, N_("a ban covers %(low)s to %(high)s hands"))
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
        words = _("Stock: %(kind)s is not a way to renew the stock.")
        errors.append(("stock.kind", words % {"kind": repr(rs.stock.kind)}))
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
        errors.append(("name", _("The rule set needs a name.")))
    if not rs.key.strip():
        errors.append(("key", _("The rule set needs a short key.")))
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
            words = _("%(place)s: %(problem)s")
            errors.append((path, words % {"place": fault_place(path), "problem": problem}))
        elif len(text) > most:
            words = _("%(place)s: at most %(most)s characters, got %(count)s.")
            errors.append(
                (path, words % {"place": fault_place(path), "most": most, "count": len(text)})
            )


def _check_bounds(rs: RuleSet, errors: Errors) -> bool:
    """Check every number and list length against its limit; True when all hold."""
    before = len(errors)
    bounded(errors, "min_players", rs.min_players, limits.PLAYERS, _("Fewest players"))
    bounded(errors, "max_players", rs.max_players, limits.PLAYERS, _("Most players"))
    if not rs.hands:
        errors.append(("hands", _("A game needs at least one hand.")))
    elif bounded(errors, "hands", len(rs.hands), limits.HANDS, _("Hands")):
        for index, hand in enumerate(rs.hands):
            path, place = f"hands[{index}]", hand_place(index)
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
    if bounded(errors, "deck_counts", len(rs.deck_counts), limits.DECK_ROWS, _("Decks")):
        for index, row in enumerate(rs.deck_counts):
            path, place = f"deck_counts[{index}]", fault_place(f"deck_counts[{index}]")
            bounded(errors, f"{path}.min_players", row.min_players, limits.PLAYERS, place)
            bounded(errors, f"{path}.max_players", row.max_players, limits.PLAYERS, place)
            bounded(errors, f"{path}.decks", row.decks, limits.DECKS, place)
            bounded(errors, f"{path}.jokers", row.jokers, limits.JOKERS, place)
    if bounded(errors, "prices", len(rs.prices), limits.PRICE_GROUPS, _("Prices")):
        for index, group in enumerate(rs.prices):
            place = group_place(group.label[: limits.LONGEST["label"]])
            bounded(errors, f"prices[{index}].points", group.points, limits.CARD_PRICE, place)
            if len(group.ranks) > len(RANKS):
                words = _("%(place)s: more cards than a deck has.") % {"place": place}
                errors.append((f"prices[{index}].ranks", words))
    bounded(
        errors,
        "short_card_penalty",
        rs.short_card_penalty,
        limits.SHORT_CARD_CHARGE,
        _("Points per missing card"),
    )
    policy, may_i = rs.may_i, _("May I?")
    bounded(errors, "may_i.penalty_cards", policy.penalty_cards, limits.MAY_I_PENALTY_CARDS, may_i)
    if policy.per_hand_limit is not None:
        bounded(errors, "may_i.per_hand_limit", policy.per_hand_limit, limits.MAY_I_LIMIT, may_i)
    bounded(errors, "may_i.banned_last_hands", policy.banned_last_hands, BANNED_HANDS, may_i)
    bounded(errors, "extra_rules", len(rs.extra_rules), limits.EXTRA_RULES, _("Other rules"))
    if bounded(errors, "bonuses", len(rs.bonuses), limits.BONUSES, _("Bonuses")):
        for index, bonus in enumerate(rs.bonuses):
            place = bonus_place(bonus.label[: limits.LONGEST["label"]])
            bounded(errors, f"bonuses[{index}].points", bonus.points, limits.BONUS_POINTS, place)
    return len(errors) == before


def _check_other_bounds(rs: RuleSet, errors: Errors) -> bool:
    """Bounds of the wild rank's price, blind cards, a buy's price and the schedule's size."""
    before = len(errors)
    if not 0 <= rs.wild_rank_points <= MOST_WILD_POINTS:
        words = _("A hand's wild rank costs 0 to %(most)s points left in hand.")
        errors.append(("wild_rank_points", words % {"most": MOST_WILD_POINTS}))
    for index, hand in enumerate(rs.hands):
        if hand.blind_cards is not None and not 0 <= hand.blind_cards <= MOST_BLIND_CARDS:
            words = _("%(place)s: blind cards per buy are 0 to %(most)s.")
            errors.append(
                (
                    f"hands[{index}].blind_cards",
                    words % {"place": hand_place(index), "most": MOST_BLIND_CARDS},
                )
            )
    if not 0 <= rs.may_i.price <= MOST_BUY_PRICE:
        words = _("Buying: a buy costs 0 to %(most)s pennies.")
        errors.append(("may_i.price", words % {"most": MOST_BUY_PRICE}))
    if rs.settlement is not None and len(rs.settlement.schedule) > MOST_SCHEDULE_ROWS:
        words = _("Payments: at most %(most)s rows.")
        errors.append(("settlement.schedule", words % {"most": MOST_SCHEDULE_ROWS}))
    return len(errors) == before


def _check_unset(rs: RuleSet, errors: Errors) -> None:
    if len(rs.unset) > MOST_UNSET:
        words = _("At most %(most)s cells can be left to the family.")
        errors.append(("unset", words % {"most": MOST_UNSET}))
        return
    for index, path in enumerate(rs.unset):
        if len(path) > 40 or not UNSET_PATHS.fullmatch(path):
            words = _("%(cell)s is not a cell a family can set.")
            errors.append((f"unset[{index}]", words % {"cell": repr(path[:40])}))


def _check_players(rs: RuleSet, errors: Errors) -> None:
    if rs.min_players > rs.max_players:
        words = _("The most players cannot be fewer than the fewest players.")
        errors.append(("max_players", words))


# A meld shorter than its kind allows, said per kind.
_TOO_SHORT = {
    "set": N_("%(place)s: a set needs at least %(count)s cards."),
    "run": N_("%(place)s: a run needs at least %(count)s cards."),
    "pair": N_("%(place)s: a pair needs at least %(count)s cards."),
    "any": N_("%(place)s: a set or run needs at least %(count)s cards."),
}


def _check_hand(index: int, hand: HandRule, errors: Errors, unset: frozenset[str]) -> None:
    path, place = f"hands[{index}]", hand_place(index)
    melds_unset = f"{path}.melds" in unset
    if not hand.melds and not melds_unset:
        words = _("%(place)s: the contract needs at least one set or run.")
        errors.append((f"{path}.melds", words % {"place": place}))
    for m, meld in enumerate(hand.melds):
        where = f"{path}.melds[{m}]"
        if meld.kind not in MELD_KINDS:
            words = _("%(place)s: %(kind)s is not a set, a run or a pair.")
            errors.append((f"{where}.kind", words % {"place": place, "kind": repr(meld.kind)}))
        elif meld.length < SHORTEST_MELD[meld.kind]:
            words = _(_TOO_SHORT[meld.kind])
            shortest = SHORTEST_MELD[meld.kind]
            errors.append((f"{where}.length", words % {"place": place, "count": shortest}))
        elif meld.kind == "pair" and meld.length > LONGEST_PAIR:
            words = _("%(place)s: a pair is two cards of one rank.")
            errors.append((f"{where}.length", words % {"place": place}))
    if hand.wild_rank is not None and hand.wild_rank not in STANDARD_RANKS:
        words = _("%(place)s: %(rank)s is not a rank (A, 2-10, J, Q, K).")
        errors.append((f"{path}.wild_rank", words % {"place": place, "rank": repr(hand.wild_rank)}))
    if hand.going_out not in GOING_OUT_KINDS:
        words = _("%(place)s: %(kind)s is no way to go out.")
        errors.append((f"{path}.going_out", words % {"place": place, "kind": repr(hand.going_out)}))


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
        path = f"deck_counts[{index}]"
        players = {"least": row.min_players, "most": row.max_players, "count": row.min_players}
        if row.min_players == row.max_players:
            place = ngettext(
                "Decks for %(count)s player", "Decks for %(count)s players", row.min_players
            )
        else:
            place = _("Decks for %(least)s-%(most)s players")
        place %= players
        if row.min_players > row.max_players:
            words = _("%(place)s: the range is upside down.")
            errors.append((f"{path}.max_players", words % {"place": place}))
        outside = [
            n
            for n in range(row.min_players, row.max_players + 1)
            if not rs.min_players <= n <= rs.max_players
        ]
        if outside:
            words = _("%(place)s: %(players)s is outside the rule set's range.")
            who = _players(outside[0], outside[-1])
            errors.append((path, words % {"place": place, "players": who}))
        for players_at_table in range(row.min_players, row.max_players + 1):
            if players_at_table in outside:
                continue
            if players_at_table in covered:
                words = ngettext(
                    "Decks for %(count)s player are given twice.",
                    "Decks for %(count)s players are given twice.",
                    players_at_table,
                )
                errors.append((path, words % {"count": players_at_table}))
            covered[players_at_table] = index
    for count in range(rs.min_players, rs.max_players + 1):
        if count not in covered:
            words = ngettext(
                "Say how many decks %(count)s player uses.",
                "Say how many decks %(count)s players use.",
                count,
            )
            errors.append(("deck_counts", words % {"count": count}))


def _players(low: int, high: int) -> str:
    if low == high:
        return ngettext("%(count)s player", "%(count)s players", low) % {"count": low}
    return _("%(least)s-%(most)s players") % {"least": low, "most": high}


def _check_prices(rs: RuleSet, errors: Errors) -> None:
    seen_ranks: dict[str, str] = {}
    seen_labels: set[str] = set()
    for index, group in enumerate(rs.prices):
        path, place = f"prices[{index}]", group_place(group.label)
        if not group.label.strip():
            words = _("Card group %(number)s needs a label.")
            errors.append((f"{path}.label", words % {"number": index + 1}))
        elif group.label in seen_labels:
            words = _("%(place)s: two card groups have this label.")
            errors.append((f"{path}.label", words % {"place": place}))
        seen_labels.add(group.label)
        if not group.ranks:
            errors.append(
                (f"{path}.ranks", _("%(place)s: the group holds no cards.") % {"place": place})
            )
        for rank in group.ranks:
            if rank not in RANKS:
                words = _("%(place)s: %(rank)s is not a card.")
                errors.append((f"{path}.ranks", words % {"place": place, "rank": repr(rank)}))
            elif rank in seen_ranks:
                words = _("The card %(rank)s has a price in two groups.")
                errors.append((f"{path}.ranks", words % {"rank": rank}))
            seen_ranks.setdefault(rank, group.label)
    for rank in STANDARD_RANKS:
        if rank not in seen_ranks:
            words = _("Say what the card %(rank)s costs when left in hand.")
            errors.append(("prices", words % {"rank": rank}))
    if rs.uses_jokers and JOKER not in seen_ranks:
        words = _("The game uses jokers: say what a joker costs left in hand.")
        errors.append(("prices", words))


def _check_bonuses(rs: RuleSet, errors: Errors) -> None:
    """A bonus's tick shares the tally with the card groups, so its label must be its own."""
    taken = {group.label for group in rs.prices}
    for index, bonus in enumerate(rs.bonuses):
        path = f"bonuses[{index}].label"
        if not bonus.label.strip():
            errors.append((path, _("Bonus %(number)s needs a label.") % {"number": index + 1}))
        elif bonus.label in taken:
            words = _("%(place)s: a card group or bonus has this label.")
            errors.append((path, words % {"place": bonus_place(bonus.label)}))
        taken.add(bonus.label)


def _check_may_i(rs: RuleSet, errors: Errors) -> None:
    policy = rs.may_i
    if policy.priority not in PRIORITIES:
        words = _("May I?: %(priority)s is not a priority rule.")
        errors.append(("may_i.priority", words % {"priority": repr(policy.priority)}))
    if policy.price and rs.settlement is None:
        words = _(
            "Buying: buys paid into a kitty need the settlement at the end: "
            "say how the kitty is split."
        )
        errors.append(("may_i.price", words))
    if policy.banned_last_hands > len(rs.hands):
        words = ngettext(
            "May I?: cannot ban the last %(count)s hands of a %(hands)s-hand game.",
            "May I?: cannot ban the last %(count)s hands of a %(hands)s-hand game.",
            len(rs.hands),
        )
        errors.append(
            (
                "may_i.banned_last_hands",
                words % {"count": policy.banned_last_hands, "hands": len(rs.hands)},
            )
        )
