"""A league's standings by season, and each player's page."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request

from scorekeeper import rules, zones
from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.models import League
from scorekeeper.read import charts, pdf, players, standings, standings_page
from scorekeeper.rules import limits
from scorekeeper.rules.standings import MEASURES, ranking_words
from scorekeeper.views.sheet_words import date_words, left_out_words
from scorekeeper.web import access, language
from scorekeeper.words import possessive

bp = Blueprint("standings", __name__, url_prefix="/leagues/<int:league_id>")


def standings_context(league: League, season_key: str | None) -> dict:
    """Everything the standings page (and its printed and shared copies) shows."""
    choices = standings_page.seasons(league)
    today = zones.today_in(league.time_zone)
    season = standings.season_named(list(choices), season_key, today) or abort(404)
    figures = standings_page.figures(league, season)
    return {
        "league": league,
        "season": season,
        "seasons": choices,
        "table": figures.table,
        "measure": MEASURES[league.ranking],
        "ranking_words": ranking_words(league.ranking),
        "counted": figures.counted,
        "season_pennies": figures.pennies,
        "discarded": figures.discarded,
        "chart": figures.chart,
    }


@bp.get("/standings")
def show(league_id: int) -> str:
    """The standings of a season (the current one by default) or of all time."""
    league = db.get_or_404(League, league_id)
    return render_template(
        "standings/show.html", **standings_context(league, request.args.get("season"))
    )


@bp.get("/standings/print", defaults={"as_pdf": False})
@bp.get("/standings.pdf", endpoint="standings_pdf", defaults={"as_pdf": True})
@language.printed
def printed(league_id: int, as_pdf: bool) -> Response | str:
    """The season's standings sheet: a page to print from the browser, or a PDF."""
    league = db.get_or_404(League, league_id)
    try:
        paper = pdf.paper_size(request.args.get("paper"), league.paper_size)
    except pdf.PaperRefused as refusal:
        abort(400, description=str(refusal))
    context = standings_context(league, request.args.get("season"))
    context["printed_on"] = date_words(zones.today_in(league.time_zone))
    # A sheet lists a bounded number of players (the lowest placed are left off) and games.
    context["table"], players_left = limits.first_of(context["table"], limits.PRINTED_PLAYERS)
    context["discarded"], games_left = limits.first_of(context["discarded"], limits.PRINTED_GAMES)
    context["players_left_out"] = left_out_words(players_left, "players")
    context["games_left_out"] = left_out_words(games_left, "discarded games")
    if not as_pdf:
        return pdf.render_html("sheets/standings.html", paper, False, **context)
    document = pdf.render_pdf(
        "sheets/standings.html",
        paper,
        False,
        owner=pdf.owner_of(league),
        fresh=access.asks_fresh_drawing(league),
        **context,
    )
    return pdf.pdf_response(document, f"standings-{context['season'].key}.pdf")


@bp.get("/players/<int:player_id>")
def player(league_id: int, player_id: int) -> str:
    """A player's games, totals over time, contracts, best hands and head-to-head."""
    league = db.get_or_404(League, league_id)
    person = leagues.player_in(league, player_id) or abort(404)
    played = players.games_of(person)
    rivals = players.head_to_head(person)
    counted = [p for p in reversed(played) if p.game.counts]
    chart = (
        charts.line_chart(
            [charts.Series(person.name, [p.seat.final_total for p in counted])],
            [str(p.game.number) for p in counted],
            f"{possessive(person.name)} game totals over time",
            f"{possessive(person.name)} game totals, oldest first: "
            + ", ".join(f"game {p.game.number} {p.seat.final_total}" for p in counted)
            + ".",
            ident="player-chart",
        )
        if counted
        else None
    )
    return render_template(
        "standings/player.html",
        league=league,
        player=person,
        played=played,
        chart=chart,
        contracts=players.contracts_of(person),
        best_hands=players.best_hands(person),
        rivals=rivals,
        nemesis=rules.nemesis(person.name, rivals),
        favourite=rules.favourite(person.name, rivals),
        rivals_rule=rules.rivals_rule_words(),
    )
