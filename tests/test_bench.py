"""The bench's own proof holds: its bulk-written games are the rows the operations write.

`make bench` times 1,000 games written in bulk; this keeps that shortcut honest between
bench runs (a change to what an operation stores must change the bulk writer too).
"""

from __future__ import annotations

import random

from bench import equivalence, figures, seed
from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import HandState
from scorekeeper.play import games


def test_bulk_written_games_equal_games_played_through_the_operations(tmp_path):
    proof = equivalence.check(tmp_path)

    assert proof.games == 12
    assert proof.rows > proof.hands > proof.games


def test_the_benchs_hand_save_is_a_save_the_app_accepts(client, make_game):
    """The bench times saves with the form a browser sends; a refused save would time a 422."""
    game = make_game(players=seed.PLAYERS)
    hand = games.current_hand(game)
    rs = rules.preset(seed.PRESET)
    plan = seed.plan_hand(random.Random(3), rs, len(seed.PLAYERS), variety=0)

    saved = client.post(
        f"/games/{game.id}/hands/{hand.id}/score",
        data=figures.hand_form(rs, plan, "", hand.version),
    )

    assert saved.status_code == 302
    db.session.expire_all()
    assert hand.state == HandState.SCORED
    assert [score.score for score in hand.scores] == [
        rules.entry_score(rs, entry, 1) for entry in plan.entries
    ]
