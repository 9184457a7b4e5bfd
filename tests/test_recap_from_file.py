"""The recap of each of the demo league's finished games, checked against the league file:
the winner, the places, who went out most and the hand that decided it, worked out here from
the file's hands alone."""

from __future__ import annotations

from collections import Counter

from sqlalchemy import select

from scorekeeper import exchange
from scorekeeper.commands import demo
from scorekeeper.extensions import db
from scorekeeper.models import Game, League
from tests.reading import visible_text


def file_recap(game: dict) -> dict:
    """Winner, places, who went out most and the deciding hand, from the file's hands only."""
    names = [seat["player"] for seat in game["seats"]]
    scored = [hand for hand in game["hands"] if hand["state"] == "scored"]
    totals = dict.fromkeys(names, 0)
    outs: Counter[str] = Counter()
    leader_after: list[str | None] = []
    for hand in scored:
        for name, report in hand["players"].items():
            totals[name] += report["score"]
            outs[name] += report["went_out"]
        low = min(totals.values())
        leaders = [name for name in names if totals[name] == low]
        leader_after.append(leaders[0] if len(leaders) == 1 else None)
    winners = [name for name in names if totals[name] == min(totals.values())]
    deciding = None
    if len(winners) == 1:
        for index in range(len(scored)):
            if all(leader == winners[0] for leader in leader_after[index:]):
                deciding = scored[index]["number"]
                break
    most = max(outs.values())
    return {
        "winners": winners,
        "order": sorted(names, key=lambda name: (totals[name], names.index(name))),
        "out_most": sorted(name for name in names if outs[name] == most),
        "deciding": deciding,
    }


def test_the_demo_league_s_recap_matches_its_league_file(client):
    league, _created = demo.ensure_demo_league()
    db.session.commit()
    league = db.session.get(League, league.id)
    file = exchange.league_to_dict(league)
    with client.session_transaction() as session:
        session["account_id"] = league.owner_id  # the demo league's own owner
    finished = db.session.scalars(
        select(Game).where(Game.league_id == league.id, Game.status == "finished").order_by(Game.id)
    ).all()
    in_file = [game for game in file["games"] if game["status"] == "finished"]  # oldest first
    assert finished and len(finished) == len(in_file)

    for game, kept in zip(finished, in_file, strict=True):
        expected = file_recap(kept)
        page = visible_text(client.get(f"/games/{game.id}/recap"))

        assert all(name in page for name in expected["winners"]), page
        positions = [page.index(name, page.index("1")) for name in expected["order"]]
        assert positions == sorted(positions), (expected["order"], page)
        assert all(name in page for name in expected["out_most"])
        if expected["deciding"] is not None:
            assert f"Hand {expected['deciding']}" in page, page
