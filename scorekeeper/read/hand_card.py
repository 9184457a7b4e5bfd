"""The referee card of a hand: everything the table needs to know to deal and play it."""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.models import Game, Hand, Seat
from scorekeeper.play import games
from scorekeeper.rules.dealing import (
    cards_dealt,
    contract_words,
    decks_at_table,
    going_out_words,
    hand_count,
    hand_note,
    hand_rule,
    minimum_cards,
    wild_words,
)
from scorekeeper.rules.mayi import blind_cards, hand_claim_words, may_i_limit
from scorekeeper.rules.scoring import wild_rank_words
from scorekeeper.rules.seating import first_player_among


@dataclass(frozen=True)
class HandCard:
    """What the table screen shows about one hand."""

    number: int
    attempt: int
    hands_in_game: int
    contract: str
    minimum_cards: int
    cards_dealt: int
    decks: int
    jokers: int
    wild: str
    dealer: Seat
    first_player: Seat
    going_out: str
    note: str
    # This hand's wild rank as the table says it ("7s"), and what one costs left in hand.
    wild_rank: str | None = None
    wild_rank_points: int = 0
    # What a May I? (or a buy) costs in this hand; the most a player may make (None: no
    # limit); the cards taken blind from the stock with each.
    claim_words: str = ""
    claim_limit: int | None = None
    blind_cards: int = 0
    # True when several players may go out in this hand (a last turn for the others).
    last_turn: bool = False


def hand_card(game: Game, hand: Hand) -> HandCard:
    """Build the referee card for `hand` of `game` from the game's own copy of the rules."""
    rs = game.rules
    seats = game.seats
    playing = games.seats_at_hand(game, hand.number)
    deck = decks_at_table(rs, len(playing))
    rule = hand_rule(rs, hand.number)
    dealer = hand.dealer_position
    present = {seat.position for seat in playing}
    return HandCard(
        number=hand.number,
        attempt=hand.attempt,
        hands_in_game=hand_count(rs),
        contract=contract_words(rs, hand.number),
        minimum_cards=minimum_cards(rs, hand.number),
        cards_dealt=cards_dealt(rs, hand.number),
        decks=deck.decks,
        jokers=deck.jokers,
        wild=wild_words(rs),
        dealer=seats[dealer],
        first_player=seats[first_player_among(dealer, len(seats), present)],
        going_out=going_out_words(rs, hand.number),
        note=hand_note(rs, hand.number),
        wild_rank=wild_rank_words(rule.wild_rank) if rule.wild_rank else None,
        wild_rank_points=rs.wild_rank_points,
        claim_words=hand_claim_words(rs, hand.number),
        claim_limit=may_i_limit(rs, hand.number),
        blind_cards=blind_cards(rs, hand.number),
        last_turn=rs.last_turn_after_out,
    )
