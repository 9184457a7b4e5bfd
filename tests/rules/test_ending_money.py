"""The pennies when a game ends: settled on its places when it counts, else the kitty given
back to whoever paid into it, with the words the table reads."""

from dataclasses import replace
from fractions import Fraction

import pytest

from scorekeeper.rules.ending_money import KITTY_RETURNED_WORDS, money_at_end, settle_ending
from scorekeeper.rules.presets import preset
from scorekeeper.rules.ruleset import RulesError
from scorekeeper.rules.settlement import KITTY_WORDS
from tests.rules.test_other_systems import filled_buying

FAMILY = ("Mom", "Dad", "Amy", "Ben")
NAMES = {name: name for name in FAMILY}
NOBODY_PLACED: dict[str, int | None] = dict.fromkeys(FAMILY, None)


def buying(split: str = "winner", price: int = 1):
    """The buying game filled in (4 players: +6, +2, -2, -6), with this kitty split and price."""
    rs = filled_buying()
    assert rs.settlement is not None
    return replace(
        rs,
        settlement=replace(rs.settlement, kitty_split=split),
        may_i=replace(rs.may_i, price=price),
    )


# The money of the game: place money, what each takes from the kitty, and the net.
@pytest.mark.parametrize(
    ("discarded", "places",                                 "buys",                      "price", "split",      "by_place",                          "kitty_shares",                                 "net"),
    [
        # Discarded after one hand: no place money; Dad takes back 2 and Amy 1.
        (True,      NOBODY_PLACED,                          {"Dad": 2, "Amy": 1},        1,       "winner",     {},                                  {"Dad": 2, "Amy": 1},                           {}),
        # Discarded after 12 of 15: each buy back at its price, whatever the split.
        (True,      NOBODY_PLACED,                          {"Mom": 3, "Dad": 5, "Ben": 1}, 2,    "two_thirds", {},                                  {"Mom": 6, "Dad": 10, "Ben": 2},                {}),
        # Discarded with an empty kitty: nothing at all changes hands.
        (True,      NOBODY_PLACED,                          {},                          1,       "winner",     {},                                  {},                                             {}),
        # Counted (played out, or the rule off): the schedule and the kitty to the winner;
        # Dad is square (+2 by place, -2 paid in).
        (False,     {"Mom": 1, "Dad": 2, "Amy": 3, "Ben": 4}, {"Dad": 2, "Amy": 1},      1,       "winner",     {"Mom": 6, "Dad": 2, "Amy": -2, "Ben": -6}, {"Mom": 3},                          {"Mom": 9, "Amy": -3, "Ben": -6}),          
        # Counted with a shared win: the first two places and the kitty shared.
        (False,     {"Mom": 1, "Dad": 1, "Amy": 3, "Ben": 4}, {"Amy": 12, "Ben": 12},    1,       "winner",     {"Mom": 4, "Dad": 4, "Amy": -2, "Ben": -6}, {"Mom": 12, "Dad": 12},              {"Mom": 16, "Dad": 16, "Amy": -14, "Ben": -18}),
    ],
    ids=["discarded-after-one-hand", "discarded-after-twelve", "discarded-empty-kitty",
         "counted", "counted-shared-win"],
)  # fmt: skip
def test_settle_ending(discarded, places, buys, price, split, by_place, kitty_shares, net):
    settled = settle_ending(buying(split, price), places, buys, discarded=discarded)
    assert settled.kitty_returned is discarded
    assert {k: v for k, v in settled.by_place.items() if v} == by_place
    assert {k: v for k, v in settled.kitty_shares.items() if v} == kitty_shares
    assert {k: v for k, v in settled.net.items() if v} == net
    assert settled.kitty == sum(buys.values()) * price == sum(settled.kitty_shares.values())
    assert sum(settled.net.values()) == 0
    if discarded:
        # Nobody pays anybody, and each player's kitty share is exactly what they paid in.
        assert settled.transfers == ()
        assert settled.kitty_shares == {k: Fraction(v) for k, v in settled.paid_in.items()}


# What the confirmation and the ended game say: the headline, then who pays or takes what.
@pytest.mark.parametrize(
    ("discarded", "places",                                   "buys",                 "split",      "headline",                                                  "lines"),
    [
        (True,      NOBODY_PLACED,                            {"Dad": 2, "Amy": 1},   "winner",
         "The game counts for nothing, so no place money is paid, and the kitty's 3 pennies go back to whoever paid them.",
         ("Dad takes back 2 from the kitty", "Amy takes back 1 from the kitty")),
        (True,      NOBODY_PLACED,                            {"Dad": 1, "Amy": 1, "Ben": 4}, "winner",
         "The game counts for nothing, so no place money is paid, and the kitty's 6 pennies go back to whoever paid them.",
         ("Ben takes back 4 from the kitty", "Dad and Amy each take back 1 from the kitty")),
        # Equal shares name the players in the seats' order (NAMES), whatever order the
        # places come in (the confirmation lists them best first).
        (True,      dict.fromkeys(reversed(FAMILY), None),    {"Ben": 1, "Dad": 1, "Amy": 1}, "winner",
         "The game counts for nothing, so no place money is paid, and the kitty's 3 pennies go back to whoever paid them.",
         ("Dad, Amy and Ben each take back 1 from the kitty",)),
        (True,      NOBODY_PLACED,                            {"Ben": 1},             "winner",
         "The game counts for nothing, so no place money is paid, and the kitty's 1 penny goes back to whoever paid it.",
         ("Ben takes back 1 from the kitty",)),
        (True,      NOBODY_PLACED,                            {},                     "winner",
         "The game counts for nothing, so no place money is paid; the kitty is empty.",
         ("No pennies change hands.",)),
        (False,     {"Mom": 1, "Dad": 2, "Amy": 3, "Ben": 4}, {"Amy": 1},             "winner",
         "The game counts, so the pennies are settled on its places: the place money by the schedule, and the kitty of 1 penny as the rules split it.",
         ("Ben pays Mom 6", "Amy pays Dad 2", "Mom takes 1 from the kitty")),
        (False,     {"Mom": 1, "Dad": 1, "Amy": 3, "Ben": 4}, {"Amy": 12, "Ben": 12}, "winner",
         "The game counts, so the pennies are settled on its places: the place money by the schedule, and the kitty of 24 pennies as the rules split it.",
         ("Ben pays Mom 4", "Ben pays Dad 2", "Amy pays Dad 2", "Mom and Dad each take 12 from the kitty")),
        (False,     {"Mom": 1, "Dad": 2, "Amy": 3, "Ben": 4}, {"Amy": 2, "Ben": 2},   "two_thirds",
         "The game counts, so the pennies are settled on its places: the place money by the schedule, and the kitty of 4 pennies as the rules split it.",
         ("Ben pays Mom 6", "Amy pays Dad 2", "Mom takes 2 2/3 from the kitty", "Dad takes 1 1/3 from the kitty")),
    ],
    ids=["returned", "returned-grouped", "returned-seat-order", "returned-one-penny", "returned-empty", "counted", "counted-shared-kitty",
         "counted-two-thirds"],
)  # fmt: skip
def test_money_words(discarded, places, buys, split, headline, lines):
    money = money_at_end(buying(split), places, buys, NAMES, discarded=discarded)
    assert money.headline == headline
    assert money.lines == lines
    words = KITTY_RETURNED_WORDS if discarded else KITTY_WORDS[split]
    assert money.kitty_words == words


# A discarded game needs no schedule row; a counted one does, and every place.
@pytest.mark.parametrize(
    ("rs",                      "places",                                  "discarded", "refusal"),
    [
        (preset("continental"), NOBODY_PLACED,                             True,        "not played for pennies"),
        (buying(),              {"Mom": 1, "Dad": 2, "Amy": None, "Ben": 4}, False,     "every player has a place"),
        (buying(),              {"Mom": 1, "Dad": 2, "Amy": 3, "Ben": 4, "Cy": 5}, False, "no row for 5 players"),
    ],
    ids=["not-for-pennies", "a-place-missing", "no-schedule-row"],
)  # fmt: skip
def test_settle_ending_refuses(rs, places, discarded, refusal):
    with pytest.raises(RulesError, match=refusal):
        settle_ending(rs, places, {}, discarded=discarded)


def test_a_discarded_game_needs_no_schedule_row():
    five = {**NOBODY_PLACED, "Cy": None}
    settled = settle_ending(buying(), five, {"Cy": 2}, discarded=True)
    assert settled.kitty_shares["Cy"] == 2 and settled.transfers == ()


def test_buys_of_someone_not_at_the_table_are_refused():
    with pytest.raises(RulesError, match="players of the game"):
        settle_ending(buying(), NOBODY_PLACED, {"Zed": 1}, discarded=True)
