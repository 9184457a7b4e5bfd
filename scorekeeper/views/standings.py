"""A league's standings by season, and each player's page."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from flask import Blueprint, Response, abort, render_template, request
from flask_babel import gettext

from scorekeeper import zones
from scorekeeper.extensions import db
from scorekeeper.league import leagues
from scorekeeper.models import League
from scorekeeper.read import charts, pdf, players, standings, standings_page
from scorekeeper.read.ratings import player_ratings
from scorekeeper.rules import limits
from scorekeeper.rules.rating import family_name, rating_words, waiting_words
from scorekeeper.rules.record_words import records_words
from scorekeeper.rules.records import records_held
from scorekeeper.rules.rivals import favourite, nemesis, rivals_rule_words
from scorekeeper.rules.standings import MEASURES, Ranked, ranking_words
from scorekeeper.views.sheet_words import date_words, left_out_words
from scorekeeper.web import access, dates, language

bp = Blueprint("standings", __name__, url_prefix="/leagues/<int:league_id>")


def chosen_season(
    league: League, season_key: str | None
) -> tuple[tuple[standings.SeasonChoice, ...], standings.SeasonChoice]:
    """The league's seasons, and the one the URL names (the current one by default).

    :raises NotFound: for a season the league does not have.
    """
    choices = standings_page.seasons(league)
    today = zones.today_in(league.time_zone)
    return choices, standings.season_named(list(choices), season_key, today) or abort(404)


def standings_context(league: League, season_key: str | None) -> dict:
    """Everything the standings page (and its printed and shared copies) shows."""
    choices, season = chosen_season(league, season_key)
    figures = standings_page.figures(league, season)
    days = [dates.short_day_words(game.started_on) for game in figures.recent]
    return {
        "league": league,
        "season": season,
        "seasons": choices,
        "table": figures.table,
        "measure": gettext(MEASURES[league.ranking]),
        "ranking_words": ranking_words(league.ranking),
        "counted": figures.counted,
        "season_pennies": figures.pennies,
        "discarded": figures.discarded,
        "chart": standings_page.recent_chart(season, figures, days),
        "ratings": _rating_blocks(league),
        "rating_words": rating_words(league.rating_by),
    }


def _rating_blocks(league: League) -> list[dict]:
    """Each pool of the league's ratings as the standings show it: its family's name, the
    players rated, and when the others will be."""
    return [
        {
            "name": family_name(pool.family),
            "rated": pool.rated,
            "waiting": [(line, waiting_words(line.step)) for line in pool.waiting],
        }
        for pool in standings_page.ratings(league).pools
    ]


@bp.get("/standings")
def show(league_id: int) -> str:
    """The standings of a season (the current one by default) or of all time."""
    league = db.get_or_404(League, league_id)
    return render_template(
        "standings/show.html", **standings_context(league, request.args.get("season"))
    )


@bp.get("/records")
def records(league_id: int) -> str:
    """The records of a season (the current one by default) or of all time."""
    league = db.get_or_404(League, league_id)
    choices, season = chosen_season(league, request.args.get("season"))
    return render_template(
        "standings/records.html",
        league=league,
        season=season,
        seasons=choices,
        records=standings_page.records(league, season),
        records_words=records_words(),
        all_time=standings.ALL_TIME,
    )


def _second_page(league: League, season: standings.SeasonChoice, table: Sequence[Ranked]) -> dict:
    """The standings sheet's second page: the season's records (each with its first holders
    and how many more), and the rivalries of the sheet's ranked players (the ratings are the
    standings page's)."""
    ranked = [(line.record.player, line.record.name) for line in table if line.place]
    return {
        "records": [
            (replace(record, holders=tuple(shown)), more)
            for record in standings_page.records(league, season)
            for shown, more in [limits.first_of(record.holders, limits.PRINTED_HOLDERS)]
        ],
        "records_words": records_words(),
        "all_time": standings.ALL_TIME,
        "rivals": players.season_head_to_head(league, season, ranked),
    }


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
    context.update(_second_page(league, context["season"], context["table"]))
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
    owner = language.possessive_words(person.name)
    totals = ", ".join(
        gettext("game %(number)s %(total)s", number=p.game.number, total=p.seat.final_total)
        for p in counted
    )
    chart = (
        charts.line_chart(
            [charts.Series(person.name, [p.seat.final_total for p in counted])],
            [str(p.game.number) for p in counted],
            gettext("%(owner)s game totals over time", owner=owner),
            gettext("%(owner)s game totals, oldest first: %(totals)s.", owner=owner, totals=totals),
            ident="player-chart",
        )
        if counted
        else None
    )
    # All time first, then each season, newest first: only those where the player holds one.
    seasons = sorted(standings_page.seasons(league), key=lambda s: s.key != standings.ALL_TIME)
    held = [
        (season, found)
        for season in seasons
        if (found := records_held(standings_page.records(league, season), person.id))
    ]
    return render_template(
        "standings/player.html",
        league=league,
        player=person,
        played=played,
        chart=chart,
        contracts=players.contracts_of(person),
        best_hands=players.best_hands(person),
        rivals=rivals,
        nemesis=nemesis(person.name, rivals),
        favourite=favourite(person.name, rivals),
        rivals_rule=rivals_rule_words(),
        ratings=[
            (rating, family_name(rating.family), waiting_words(rating.last))
            for rating in player_ratings(standings_page.ratings(league), person.id)
        ],
        rating_words=rating_words(league.rating_by),
        held=held,
        all_time=standings.ALL_TIME,
    )
