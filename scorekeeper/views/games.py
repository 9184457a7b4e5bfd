"""Starting a game (players, then seating and first dealer) and a game's scoresheet."""

from __future__ import annotations

import secrets

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from werkzeug.wrappers import Response

from scorekeeper.extensions import db
from scorekeeper.forms.game import ChoosePlayersForm, SeatingForm
from scorekeeper.league import leagues
from scorekeeper.models import League, LeagueRuleSet, Player
from scorekeeper.play import games, hands
from scorekeeper.read import proposals as proposals_shown
from scorekeeper.read import scoresheet, settlement
from scorekeeper.read.rematch import first_dealer_after, rematch
from scorekeeper.rules import limits
from scorekeeper.rules.dealing import player_count_refusal
from scorekeeper.rules.family import start_refusal
from scorekeeper.web import access
from scorekeeper.web.access import owner_only
from scorekeeper.web.database import transaction

bp = Blueprint("games", __name__)


@bp.route("/leagues/<int:league_id>/games/new", methods=["GET", "POST"])
@transaction
def new_game(league_id: int) -> Response | str | tuple[str, int]:
    """Step 1 of a new game: tick who plays (or add someone) and choose the rules."""
    league = db.get_or_404(League, league_id)
    form = ChoosePlayersForm(league)
    if not form.is_submitted():
        return render_template("games/new.html", league=league, form=form)
    if not form.validate():
        return render_template("games/new.html", league=league, form=form), 422
    ticked = set(form.players.data or [])
    last = leagues.last_game(league)
    chosen = leagues.as_they_sat_last(last, [p for p in league.players if p.id in ticked])
    if form.new_player.data:
        chosen.append(leagues.add_player(league, form.new_player.data))
    ruleset = db.get_or_404(LeagueRuleSet, form.ruleset.data)
    rs = ruleset.rules
    refusal = player_count_refusal(rs, len(chosen))
    if refusal:
        form.players.errors = [refusal]
        return render_template("games/new.html", league=league, form=form), 422
    unready = start_refusal(rs, len(chosen))
    if unready:
        # Said at the choice of rules, with the way to the cells, before any seating.
        form.ruleset.errors = [unready]
        fix = _rules_fix(league, ruleset)
        return render_template("games/new.html", league=league, form=form, fix=fix), 422
    seating = SeatingForm(formdata=None, ruleset=str(ruleset.id), token=secrets.token_urlsafe(16))
    # The deal passes on from the last game, as Play again has it; else whoever sits first.
    dealer = first_dealer_after(last, chosen) if last else None
    if dealer is not None:
        seating.first_dealer.data = str(dealer.id)
    return _seating_page(league, ruleset, chosen, seating)


def _seating_page(
    league: League,
    ruleset: LeagueRuleSet,
    seated: list[Player],
    form: SeatingForm,
    status: int = 200,
) -> tuple[str, int]:
    form.order.data = ",".join(str(p.id) for p in seated)
    form.set_seats(seated)
    count_refusal = player_count_refusal(ruleset.rules, len(seated))
    # Rules changed since step 1 (Play again, another phone) are refused here, at the top.
    unready = None if count_refusal else start_refusal(ruleset.rules, len(seated))
    return render_template(
        "games/seating.html",
        league=league,
        ruleset=ruleset,
        seated=seated,
        not_seated=[p for p in league.players if p not in seated],
        count_refusal=count_refusal,
        unready=unready,
        fix=_rules_fix(league, ruleset) if unready else None,
        form=form,
    ), status


def _rules_fix(league: League, ruleset: LeagueRuleSet) -> str:
    """Where the rules' editor shows what a game still needs of them."""
    anchor = "still-to-set" if ruleset.rules.unset else "settlement_schedule"
    return url_for("rulesets.edit", league_id=league.id, ruleset_id=ruleset.id, _anchor=anchor)


def _seated_players(league: League, order: str) -> list[Player]:
    by_id = {p.id: p for p in league.players}
    parts = [part for part in order.split(",") if part]
    if len(parts) > limits.MOST_PLAYERS:
        abort(400)
    ids = [limits.row_id(part) for part in parts]
    known = [i for i in ids if i is not None and i in by_id]
    if len(known) != len(ids) or len(set(known)) != len(known):
        abort(400)
    return [by_id[i] for i in known]


@bp.post("/leagues/<int:league_id>/games/seating")
@transaction
def seating(league_id: int) -> Response | tuple[str, int]:
    """Step 2: move players up or down, shuffle, choose the first dealer, and start."""
    league = db.get_or_404(League, league_id)
    form = SeatingForm()
    ruleset = db.first_or_404(
        db.select(LeagueRuleSet).filter_by(id=_int_or_404(form.ruleset.data), league_id=league.id)
    )
    seated = _seated_players(league, form.order.data or "")
    move = request.form.get("move", "")
    if move == "shuffle":
        secrets.SystemRandom().shuffle(seated)
        return _seating_page(league, ruleset, seated, form)
    if move.startswith(("up:", "down:")):
        direction, _, index_text = move.partition(":")
        index = _int_or_404(index_text)
        other = index - 1 if direction == "up" else index + 1
        if 0 <= index < len(seated) and 0 <= other < len(seated):
            seated[index], seated[other] = seated[other], seated[index]
        return _seating_page(league, ruleset, seated, form)
    if move.startswith("out:"):
        index = _int_or_404(move.removeprefix("out:"))
        if index < len(seated):
            del seated[index]
        return _seating_page(league, ruleset, seated, form)
    if move.startswith("in:"):
        player = leagues.player_in(league, _int_or_404(move.removeprefix("in:"))) or abort(404)
        if player not in seated and len(seated) < limits.MOST_PLAYERS:
            seated.append(player)
        return _seating_page(league, ruleset, seated, form)
    rs = ruleset.rules
    if player_count_refusal(rs, len(seated)) or start_refusal(rs, len(seated)):
        return _seating_page(league, ruleset, seated, form, 422)
    if not form.validate():
        return _seating_page(league, ruleset, seated, form, 422)
    started = games.game_started_with(form.token.data or "")
    if started is not None and started.league_id == league.id:
        flash(gettext("This game has already started: here it is."), "info")
        return redirect(url_for("table.show", game_id=started.id))
    try:
        game = games.start_game(
            league, ruleset, seated, form.dealer_seat(seated), start_token=form.token.data or None
        )
    except (ValueError, games.GameRefused) as refusal:
        form.first_dealer.errors = [str(refusal)]
        return _seating_page(league, ruleset, seated, form, 422)
    dealer = game.seats[game.first_dealer_position].player.name
    flash(gettext("Game on! %(dealer)s deals hand 1.", dealer=dealer), "success")
    return redirect(url_for("table.show", game_id=game.id))


@bp.get("/games/<int:game_id>/again")
def play_again(game_id: int) -> Response | tuple[str, int]:
    """A new game for the same table, however the last one ended: everyone who sat down at
    its start in the same seats, under the same rules, the next seat on dealing first; one
    tap on Start begins it."""
    game = access.request_game(game_id)
    if not games.is_over(game):
        return redirect(url_for("table.show", game_id=game.id))
    again = rematch(game)
    if again.ruleset is None:
        flash(gettext("The league no longer has those rules: choose the rules again."), "info")
        return redirect(url_for("games.new_game", league_id=game.league_id))
    form = SeatingForm(
        formdata=None, ruleset=str(again.ruleset.id), token=secrets.token_urlsafe(16)
    )
    form.first_dealer.data = str(again.first_dealer.id)
    return _seating_page(game.league, again.ruleset, again.players, form)


def _int_or_404(text: str | None) -> int:
    number = limits.whole_number(text, limits.Bound(0, limits.LARGEST_ID))
    return abort(404) if number is None else number


@bp.get("/games/<int:game_id>/sheet")
def sheet(game_id: int) -> str:
    """The game's scoresheet: every hand, running totals, who went out, places."""
    game = access.request_game(game_id)
    sheet = scoresheet.build(game)
    chart = scoresheet.running_chart(sheet) if sheet.rows else None
    fixable = hands.fixable_hands(game, owner=access.role_in(game.league) == "owner")
    return render_template(
        "games/sheet.html",
        game=game,
        sheet=sheet,
        chart=chart,
        fixable=fixable,
        proposals=proposals_shown.build(game, fixable),
        settled=settlement.build(game),
        rematch=rematch(game) if games.is_over(game) else None,
        recap_url=url_for("recap.game", game_id=game.id) if game.counts else None,
    )


@bp.post("/games/<int:game_id>/delete")
@owner_only
@transaction
def delete(game_id: int) -> Response:
    """Delete a game for good, after the owner ticks the confirmation."""
    game = access.request_game(game_id)
    if request.form.get("confirm") != "yes":
        flash(gettext("Tick the box to confirm: a deleted game cannot be brought back."), "error")
        return redirect(url_for("games.sheet", game_id=game.id))
    league_id, number = game.league_id, game.number
    games.delete_game(game)
    flash(gettext("Game %(number)s deleted.", number=number), "success")
    return redirect(url_for("leagues.show", league_id=league_id))
