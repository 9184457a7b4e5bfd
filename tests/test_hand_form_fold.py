"""A hand priced card by card folds its cheaper cards under "More cards", and loses nothing."""

from __future__ import annotations

import re

import pytest
from conftest import hand_data, loaded
from reading import input_value, markup
from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.forms.hand import count_field_names, folded_groups, more_cards_words
from scorekeeper.models import Game, HandScore
from scorekeeper.play import games
from scorekeeper.rules import presets
from scorekeeper.rules.scoring import hand_prices, report_groups

FOUR = ("Ann", "Bob", "Cat", "Dan")


# fmt: off
@pytest.mark.parametrize(
    ("preset", "hand", "shown", "words"),
    [
        # a short price list shows whole
        ("continental",    1,  ("2-9", "10-K", "A", "Joker"),                      ""),
        ("may-i-11",       7,  ("2-9", "10-K", "A"),                               ""),
        # card by card: the six dearest show, in the rule set's order; the wild rank among them
        ("progressive",    1,  ("3s (wild)", "10", "J", "Q", "K", "Joker"),        "More cards: A to 9"),
        ("progressive",    11, ("9", "10", "J", "Q", "Kings (wild)", "Joker"),     "More cards: A to 8"),
        ("progressive-13", 13, ("2s (wild)", "10", "J", "Q", "K", "Joker"),        "More cards: A to 9"),
        # face value from 2 up: the cheapest fold, a dear 2 stays
        ("liverpool",      1,  ("6", "7", "8", "9", "10, J, Q, K", "A, Joker"),    "More cards: 2 to 5"),
        ("may-i-deuces",   1,  ("7", "8", "9", "10, J, Q, K", "A", "2"),           "More cards: 3 to 6"),
        # a bonus's tick is no card: it never folds, whatever it is worth
        ("continental-spain", 1, ("7", "8", "9", "10, J, Q, K", "A", "Joker",
                                  "Down and out in one turn"),                     "More cards: 2 to 6"),
    ],
    ids=["continental", "may-i-11", "progressive-1", "progressive-11", "progressive-13-13",
         "liverpool", "deuces", "spain-bonus"],
)
# fmt: on
def test_which_price_groups_show_at_once(preset, hand, shown, words):
    groups = report_groups(presets.preset(preset), hand)
    folded = folded_groups(groups)

    assert tuple(group.label for group in groups if group not in folded) == shown
    assert (more_cards_words(folded) if folded else "") == words
    assert len(folded) + len(shown) == len(groups)


def fold_of(text: str, seat: int) -> re.Match[str] | None:
    """The "More cards" fold of the player in `seat`, with whether it shows open."""
    cards = text.split("data-player>")[1:]
    return re.search(r'<details class="more-cards"( open)?>(.*?)</details>', cards[seat], re.S)


def score_url(game: Game) -> str:
    return f"/games/{game.id}/hand/{games.current_hand(loaded(game)).number}/score"


def progressive_data(game: Game, players: list[dict[str, str]]) -> dict[str, str]:
    """The hand form of the hand in play as a browser sends it: every count field of its
    prices, zero unless given."""
    hand = games.current_hand(loaded(game))
    names = count_field_names(hand_prices(game.rules, hand.number))
    data = {k: v for k, v in hand_data(hand, [{}] * len(players)).items() if "_cards_" not in k}
    for i, given in enumerate(players):
        data.update({f"p{i}_{name}": "0" for name in names})
        data.update({f"p{i}_{key}": value for key, value in given.items()})
    return data


def test_the_cheaper_cards_fold_closed_on_a_fresh_form(client, make_game):
    game = make_game(players=FOUR, preset="progressive")

    text = markup(client.get(score_url(game)))

    for seat in range(4):
        fold = fold_of(text, seat)
        assert fold and fold.group(1) is None  # closed
        assert "<summary>More cards: A to 9</summary>" in fold.group(2)
        inside = re.findall(r'name="(p\d_cards_[a-z0-9_]+)"', fold.group(2))
        assert inside == [f"p{seat}_cards_{n}" for n in ("a", "2", "4", "5", "6", "7", "8", "9")]
    assert "<details class=\"more-cards\"" not in markup(
        client.get(score_url(make_game(players=FOUR)))
    )  # Continental's four groups show whole


def test_a_folded_count_is_kept_and_shown_open_when_the_report_is_refused(client, make_game):
    game = make_game(players=FOUR, preset="progressive")
    # Dan's two 7s sit in the fold; the report is refused for Cat's count.
    players = [{"out": "y"}, {"cards_k": "1"}, {"cards_q": "lots"}, {"cards_7": "2"}]

    response = client.post(score_url(game), data=progressive_data(game, players))

    assert response.status_code == 422
    text = markup(response)
    assert fold_of(text, 3).group(1) == " open"  # Dan's fold holds cards
    assert fold_of(text, 1).group(1) is None
    assert input_value(response, "p3_cards_7") == "2"


def test_folded_counts_are_scored_and_open_the_fix_form(client, make_game):
    game = make_game(players=FOUR, preset="progressive")
    players = [{"out": "y"}, {"cards_k": "1"}, {"cards_2": "1", "cards_3s_wild": "1"},
               {"cards_7": "2", "cards_joker": "1"}]  # fmt: skip

    response = client.post(score_url(game), data=progressive_data(game, players))

    assert response.status_code == 302
    hand = loaded(game).hands[0]
    saved = db.session.scalars(select(HandScore.score).where(HandScore.hand_id == hand.id))
    assert sorted(saved) == sorted([0, 13, 2 + 20, 7 + 7 + 50])
    fix = markup(client.get(f"/games/{game.id}/hands/{hand.id}/edit"))
    assert [fold_of(fix, seat).group(1) for seat in range(4)] == [None, None, " open", " open"]
