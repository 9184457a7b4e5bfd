"""The bench's own proof holds: its bulk-written games are the rows the operations write.

`make bench` times 1,000 games written in bulk; this keeps that shortcut honest between
bench runs (a change to what an operation stores must change the bulk writer too).
"""

from __future__ import annotations

from bench import equivalence


def test_bulk_written_games_equal_games_played_through_the_operations(tmp_path):
    proof = equivalence.check(tmp_path)

    assert proof.games == 12
    assert proof.rows > proof.hands > proof.games
