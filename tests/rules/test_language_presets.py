"""Carioca, Continental as Spain plays it and Contract Rommé: hands, cards, decks, prices.

Every expected value below is read from the published descriptions listed in docs/presets.md
(or is our reading, marked there), worked out by hand; none is read back from the presets.
"""

from __future__ import annotations

import pytest

from scorekeeper.rules.dealing import (
    cards_dealt,
    contract_words,
    decks_at_table,
    hand_count,
    minimum_cards,
    player_count_refusal,
    ruleset_summary,
)
from scorekeeper.rules.entries import PlayerEntry, entry_score
from scorekeeper.rules.mayi import claim_words, hand_claim_words, may_i_words
from scorekeeper.rules.presets import preset
from scorekeeper.rules.scoring import points_for_tally
from scorekeeper.rules.validation import validate_ruleset

CA, CC, CH = "carioca", "carioca-closing", "carioca-house"
CS, RO = "continental-spain", "contract-romme"
NEW = (CA, CC, CH, CS, RO)

CARIOCA = [
    # hand  contract                 fewest cards
    (1,     "2 sets",                6),
    (2,     "1 set + 1 run",         7),
    (3,     "2 runs",                8),
    (4,     "3 sets",                9),
    (5,     "2 sets + 1 run",        10),
    (6,     "1 set + 2 runs",        11),
    (7,     "3 runs",                12),
    (8,     "4 sets",                12),
]  # fmt: skip
CLOSING = [
    (9,     "1 run of 13",           13),
    (10,    "1 run of 13",           13),
    (11,    "1 run of 13",           13),
]  # fmt: skip
FAMILY = CARIOCA[:7]

DEALT = {
    CA: (12,) * 8,
    CC: (12,) * 11,
    CH: (12,) * 8,
    # One card more than the contract needs, in Spain.
    CS: (7, 8, 9, 10, 11, 12, 13),
    # 10 in rounds 1-3, 12 in rounds 4-7.
    RO: (10, 10, 10, 12, 12, 12, 12),
}
CONTRACTS = {CA: CARIOCA, CC: CARIOCA + CLOSING, CH: CARIOCA, CS: FAMILY, RO: FAMILY}


@pytest.mark.parametrize("key", NEW)
def test_each_preset_is_valid(key: str) -> None:
    validate_ruleset(preset(key))
    assert hand_count(preset(key)) == len(DEALT[key])


# Every hand of every new preset: contract words, fewest cards, cards dealt.
@pytest.mark.parametrize(
    ("key", "hand", "words", "fewest", "dealt"),
    [
        (key, hand, words, fewest, DEALT[key][hand - 1])
        for key in NEW
        for hand, words, fewest in CONTRACTS[key]
    ],
)
def test_hands(key: str, hand: int, words: str, fewest: int, dealt: int) -> None:
    rs = preset(key)
    assert contract_words(rs, hand) == words
    assert minimum_cards(rs, hand) == fewest
    assert cards_dealt(rs, hand) == dealt


# Decks and jokers by the number at the table; None: the preset refuses that many players.
DECKS = [
    # preset  players  decks  jokers
    (CA,      2,       2,     4),
    (CA,      5,       2,     4),
    (CA,      6,       None,  None),
    (CS,      2,       2,     6),
    (CS,      4,       2,     6),
    (CS,      5,       3,     9),
    (CS,      8,       3,     9),
    # Contract Rommé: one joker fewer than the players (106, 107, 108 cards).
    (RO,      2,       None,  None),
    (RO,      3,       2,     2),
    (RO,      4,       2,     3),
    (RO,      5,       2,     4),
    (RO,      6,       None,  None),
]  # fmt: skip


@pytest.mark.parametrize(("key", "players", "decks", "jokers"), DECKS)
def test_decks_and_jokers(key: str, players: int, decks: int | None, jokers: int | None) -> None:
    rs = preset(key)
    if decks is None:
        assert player_count_refusal(rs, players)
        return
    assert player_count_refusal(rs, players) is None
    row = decks_at_table(rs, players)
    assert (row.decks, row.jokers) == (decks, jokers)


# What cards left in hand cost, by price group.
PRICES = [
    # preset  tally                                      points
    # Carioca: face value, J Q K 10, ace 20, joker 30.
    (CA,      {"2": 1, "9": 1},                         11),
    (CA,      {"10, J, Q, K": 3, "A": 1, "Joker": 1},   80),
    # The house scoring: 2-7 are 5, 8-K 10, ace 20, joker 30.
    (CH,      {"2-7": 2, "8-K": 2},                     30),
    (CH,      {"A": 2, "Joker": 1},                     70),
    # Spain: face value, figures 10, ace 20, joker 50.
    (CS,      {"7": 1, "10, J, Q, K": 1, "A": 1},       37),
    (CS,      {"Joker": 2},                             100),
    # Contract Rommé: face value, figures 10, ace and joker 15.
    (RO,      {"5": 2, "10, J, Q, K": 1},               20),
    (RO,      {"A, Joker": 2},                          30),
]  # fmt: skip


@pytest.mark.parametrize(("key", "tally", "points"), PRICES)
def test_prices(key: str, tally: dict[str, int], points: int) -> None:
    assert points_for_tally(preset(key), tally) == points


# A hand's score in Spain, where going down and out in one turn scores -10.
DOWN_AND_OUT = "Down and out in one turn"
SPAIN_SCORES = [
    # report                                                         score
    (PlayerEntry(went_out=True),                                     0),
    (PlayerEntry(went_out=True, tally={DOWN_AND_OUT: 1}),            -10),
    # A penalty still counts on top of the bonus.
    (PlayerEntry(went_out=True, tally={DOWN_AND_OUT: 1}, penalty=5,
                 penalty_reason="played out of turn"),               -5),
    (PlayerEntry(tally={"A": 1, "Joker": 1}),                        70),
]  # fmt: skip


@pytest.mark.parametrize(("entry", "score"), SPAIN_SCORES)
def test_spain_scores_below_zero(entry: PlayerEntry, score: int) -> None:
    assert entry_score(preset(CS), entry, 1) == score


@pytest.mark.parametrize("key", NEW)
def test_each_description_is_one_sentence(key: str) -> None:
    description = preset(key).description
    assert description.endswith(".")
    assert description.count(". ") == 0 and "\n" not in description
    assert len(description) <= 200
    assert ruleset_summary(preset(key)).endswith(description)


@pytest.mark.parametrize("key", NEW)
def test_our_readings_are_marked(key: str) -> None:
    assert any("our reading" in line for line in preset(key).extra_rules)


# What a claim takes, in words: Carioca (our reading) takes no card from the stock.
CLAIMS = [
    # preset  the table screen                                       the referee page
    (CA,      "The claimant takes the discard, with no penalty card.",
              "The claimant takes the discard, with no penalty card."),
    (CS,      "The claimant takes the discard and 1 penalty card.",
              "The claimant takes the discard and 1 penalty card from the stock."),
]  # fmt: skip


@pytest.mark.parametrize(("key", "table", "referee"), CLAIMS)
def test_claim_words(key: str, table: str, referee: str) -> None:
    rs = preset(key)
    assert hand_claim_words(rs, 1) == table
    assert may_i_words(rs.may_i, hand_count(rs))[0] == referee
    assert ("no penalty card" in claim_words(rs, 1, "Ann")) == (key == CA)
