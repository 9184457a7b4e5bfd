"""Write a league as a league file: the facts the table reported and what the app computed."""

from __future__ import annotations

import json
import re
import unicodedata
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from scorekeeper.exchange.format import FORMAT, VERSION, moment_text
from scorekeeper.exchange.proposed import proposal_facts
from scorekeeper.extensions import db
from scorekeeper.models import (
    Correction,
    Game,
    Hand,
    League,
    MayIClaim,
    ProposedCorrection,
    Seat,
    Suspension,
)
from scorekeeper.play import hands
from scorekeeper.read import settlement
from scorekeeper.rules.language import _


def league_json(league: League, *, indent: int | None = 2) -> str:
    """The league file as JSON text ending with a newline; `indent=None` writes it compact."""
    data = league_to_dict(league)
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(data, ensure_ascii=False, indent=indent, separators=separators) + "\n"


def file_name(league: League, ending: str = ".json") -> str:
    """A file name made from the league's name, e.g. `demo-family.json` (`-games.csv`)."""
    ascii_name = unicodedata.normalize("NFKD", league.name).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")
    return f"{slug or 'league'}{ending}"


def league_to_dict(league: League) -> dict[str, Any]:
    """The league as the plain data of the league file (see docs/export-format.md)."""
    rulesets = sorted(league.rulesets, key=lambda r: r.id)
    ruleset_index = {ruleset.id: i for i, ruleset in enumerate(rulesets)}
    proposed = _proposals(league)
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": moment_text(datetime.now(UTC)),
        "league": {
            "name": league.name,
            "ranking": league.ranking,
            "place_points": list(league.place_points or []),
            "min_games": league.min_games,
            "rating_by": league.rating_by,
            "paper_size": league.paper_size,
            "time_zone": league.time_zone,
            "language": league.language,
        },
        "players": sorted(player.name for player in league.players),
        "rulesets": [{"preset_key": r.preset_key, "rules": r.data} for r in rulesets],
        "seasons": [
            {
                "name": season.name,
                "starts_on": season.starts_on.isoformat(),
                "ends_on": season.ends_on.isoformat(),
            }
            for season in sorted(league.seasons, key=lambda s: (s.starts_on, s.ends_on, s.name))
        ],
        "games": [_game(game, ruleset_index, proposed) for game in _games(league)],
    }


def _games(league: League) -> list[Game]:
    """The league's games, oldest first, with their seats and hands in a few queries."""
    every_hand = selectinload(Game.hands)
    return list(
        db.session.scalars(
            select(Game)
            .where(Game.league_id == league.id)
            .order_by(Game.id)
            .options(
                selectinload(Game.seats).selectinload(Seat.player),
                selectinload(Game.suspensions),
                every_hand.selectinload(Hand.scores),
                every_hand.selectinload(Hand.claims),
                every_hand.selectinload(Hand.corrections),
            )
        )
    )


def _proposals(league: League) -> dict[int, list[ProposedCorrection]]:
    """The league's proposed corrections by hand, oldest first, in one query."""
    by_hand: dict[int, list[ProposedCorrection]] = {}
    every = select(ProposedCorrection).join(Game, Game.id == ProposedCorrection.game_id)
    for proposal in db.session.scalars(
        every.where(Game.league_id == league.id).order_by(ProposedCorrection.id)
    ):
        by_hand.setdefault(proposal.hand_id, []).append(proposal)
    return by_hand


def _game(
    game: Game, ruleset_index: dict[int, int], proposed: dict[int, list[ProposedCorrection]]
) -> dict[str, Any]:
    seats = sorted(game.seats, key=lambda s: s.position)
    return {
        "ruleset": ruleset_index.get(game.ruleset_id) if game.ruleset_id is not None else None,
        "rules": game.rules_data,
        "started_on": game.started_on.isoformat(),
        "first_dealer": game.first_dealer_position,
        "seats": [
            {
                "player": seat.player.name,
                "left_from_hand": seat.left_from_hand,
                "final_total": seat.final_total,
                "total_posted": seat.total_posted,
                "place": seat.place,
            }
            for seat in seats
        ],
        "suspensions": [_suspension(s) for s in sorted(game.suspensions, key=lambda s: s.id)],
        "hands": [
            _hand(hand, seats, proposed.get(hand.id, []))
            for hand in sorted(game.hands, key=_hand_order)
        ],
        "status": game.status.value,
        "finished_at": moment_text(game.finished_at),
        "discarded": game.discarded,
        "end_note": game.end_note,
        "settlement": _settlement(game),
    }


def _settlement(game: Game) -> dict[str, Any] | None:
    """The settling up of a game played for pennies, as the game-over screen shows it.

    Amounts are exact fractions of a penny as text ("26/3"); the import works them out
    again from the replayed game, so they are for reading only.
    """
    settled = settlement.build(game)
    if settled is None or settled.problem:
        return None
    return {
        "kitty": settled.kitty,
        "kitty_returned": settled.kitty_returned,
        "kitty_split": game.rules.settlement.kitty_split if game.rules.settlement else None,
        "players": [
            {
                "player": row.seat.player.name,
                "place": row.place,
                "buys": row.buys,
                "by_place": str(row.by_place),
                "paid_in": row.paid_in,
                "kitty_share": str(row.kitty_share),
                "net": str(row.net),
            }
            for row in settled.rows
        ],
        "payments": [
            {"from": p.payer, "to": p.payee, "amount": str(p.amount)} for p in settled.payments
        ],
    }


def _hand_order(hand: Hand) -> tuple[int, int]:
    return hand.number, hand.attempt


def _suspension(suspension: Suspension) -> dict[str, Any]:
    return {
        "before_hand": suspension.before_hand,
        "suspended_at": moment_text(suspension.suspended_at),
        "resumed_at": moment_text(suspension.resumed_at),
    }


def _hand(hand: Hand, seats: list[Seat], proposed: list[ProposedCorrection]) -> dict[str, Any]:
    by_seat = {score.seat_id: score for score in hand.scores}
    return {
        "number": hand.number,
        "attempt": hand.attempt,
        "dealer": hand.dealer_position,
        "state": hand.state.value,
        "note": hand.note,
        "stock_renewals": hand.stock_renewals,
        "stock_ran_out": hand.stock_ran_out,
        "scored_at": moment_text(hand.scored_at),
        "players": {
            seat.player.name: hands.score_facts(by_seat[seat.id])
            for seat in seats
            if seat.id in by_seat
        },
        "claims": [_claim(claim) for claim in sorted(hand.claims, key=lambda c: c.id)],
        "corrections": [_correction(c) for c in sorted(hand.corrections, key=lambda c: c.id)],
        "proposals": [proposal_facts(proposal, hand) for proposal in proposed],
    }


def _claim(claim: MayIClaim) -> dict[str, Any]:
    return {"player": claim.seat.player.name, "made_at": moment_text(claim.made_at)}


def _correction(correction: Correction) -> dict[str, Any]:
    return {
        "made_at": moment_text(correction.made_at),
        "made_by": correction.made_by,
        "reason": correction.reason,
        "old": correction.old,
        "new": correction.new,
    }


class LeagueNotFound(LookupError):
    """No league, or more than one, answers to what was asked; the message says which."""


def league_for_export(reference: str | None) -> League:
    """The league with this id or exact name; the only league when `reference` is None.

    :raises LeagueNotFound: when none or several match.
    """
    every = list(db.session.scalars(select(League).order_by(League.id)))
    if reference is None:
        if len(every) == 1:
            return every[0]
        names = ", ".join(f"{league.id} ({league.name})" for league in every) or _("none yet")
        raise LeagueNotFound(_("Say which league to export: %(leagues)s.") % {"leagues": names})
    found = [league for league in every if str(league.id) == reference.strip()]
    found = found or [league for league in every if league.name == reference]
    if len(found) != 1:
        called = (
            _("Several leagues are called %(name)s; give the league's id instead.")
            if found
            else _("No league is called %(name)s; give the league's id instead.")
        )
        raise LeagueNotFound(called % {"name": repr(reference)})
    return found[0]
