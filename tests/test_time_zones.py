"""A league's time zone: chosen in its settings, and every date and time of the league in it."""

from __future__ import annotations

import json
import re
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from conftest import out, play_hand, tally
from reading import visible_text
from sqlalchemy import select

from scorekeeper import exchange, zones
from scorekeeper.extensions import db
from scorekeeper.models import Correction, Game, League
from scorekeeper.play import games, hands


# fmt: off
@pytest.mark.parametrize(
    ("name",                   "known"),
    [
        # UTC and a place's zone of the IANA database
        ("UTC",                    True),
        ("Europe/London",          True),
        ("America/Argentina/Salta", True),
        # old aliases and backwards offsets are not offered, nor anything else
        ("US/Eastern",             False),
        ("Etc/GMT+5",              False),
        ("europe/london",          False),
        ("Mars/Olympus",           False),
        ("",                       False),
        ("Europe/" + "x" * 10_000, False),
    ],
    ids=["utc", "london", "salta", "alias", "offset", "lower-case", "mars", "empty", "huge"],
)
# fmt: on
def test_a_league_may_choose_only_a_known_zone(name, known):
    assert zones.is_zone(name) is known


# fmt: off
@pytest.mark.parametrize(
    ("configured",        "default"),
    [
        ("Europe/Paris",      "Europe/Paris"),    # the server's TZ names a place
        ("",                  "UTC"),             # none set
        (None,                "UTC"),
        (":/etc/localtime",   "UTC"),             # a POSIX TZ that names no zone
        ("US/Eastern",        "UTC"),             # an alias the settings do not offer
    ],
    ids=["paris", "empty", "none", "posix", "alias"],
)
# fmt: on
def test_a_new_league_starts_in_the_server_zone_else_utc(configured, default):
    assert zones.default_zone(configured) == default


def test_a_time_kept_without_a_zone_is_read_as_utc():
    summer = datetime(2026, 7, 1, 23, 30)

    assert zones.local_time(summer, "America/Chicago") == datetime(
        2026, 7, 1, 18, 30, tzinfo=ZoneInfo("America/Chicago")
    )
    assert zones.local_time(summer.replace(tzinfo=UTC), "Europe/London").hour == 0


def settings_fields(league: League, **changes: str) -> dict[str, str]:
    return {
        "name": league.name,
        "ranking": "average",
        "place_points": "5, 3, 1",
        "min_games": "0",
        "paper_size": "A4",
        **changes,
    }


def test_the_owner_chooses_the_league_s_time_zone_in_its_settings(client, make_league):
    league = make_league()
    url = f"/leagues/{league.id}/settings"

    saved = client.post(url, data=settings_fields(league, time_zone="America/Chicago"))
    refused = client.post(url, data=settings_fields(league, time_zone="Mars/Olympus"))

    assert saved.status_code == 302
    assert refused.status_code == 422
    assert "Not a valid choice." in visible_text(refused)
    db.session.expire_all()
    assert db.session.get(League, league.id).time_zone == "America/Chicago"
    page = client.get(url).get_data(as_text=True)
    assert '<option selected value="America/Chicago">Chicago</option>' in page


def test_every_zone_of_the_settings_list_reads_unlike_every_other(client, make_league):
    page = client.get(f"/leagues/{make_league().id}/settings").get_data(as_text=True)
    zone_list = re.search(r'<select[^>]*name="time_zone".*?</select>', page, re.S).group(0)
    options = dict(re.findall(r'<option(?: selected)? value="([^"]*)">([^<]*)</option>', zone_list))

    assert len(options) == len(zones.zone_names())
    texts = list(options.values())
    assert len(set(texts)) == len(texts), sorted(t for t in texts if texts.count(t) > 1)
    # A place filed under two areas names its area; any other place reads alone.
    assert options["Europe/Istanbul"] == "Istanbul (Europe)"
    assert options["Asia/Istanbul"] == "Istanbul (Asia)"
    assert options["Asia/Nicosia"] == "Nicosia (Asia)"
    assert options["America/Argentina/Salta"] == "Argentina / Salta"
    assert options["Europe/London"] == "London"


def test_a_new_league_takes_the_configured_zone_and_the_settings_say_so(app, client):
    app.config["TIME_ZONE"] = "Europe/Paris"

    client.post("/leagues", data={"name": "The Parkers", "preset": "continental"})

    league = db.session.scalar(select(League).filter_by(name="The Parkers"))
    assert league.time_zone == "Europe/Paris"
    settings = visible_text(client.get(f"/leagues/{league.id}/settings"))
    assert "New leagues start in Europe/Paris (the server's TZ setting, or UTC when that names no zone)." in (
        settings
    )


# Kiritimati is 14 hours ahead of UTC and Pago Pago 11 behind: at any hour, one of them is on
# another day than UTC.
@pytest.mark.parametrize("zone", ["Pacific/Kiritimati", "Pacific/Pago_Pago"])
def test_a_game_is_dated_by_the_league_s_own_day(client, make_league, zone):
    league = make_league()
    league.time_zone = zone
    db.session.commit()
    players = [str(p.id) for p in league.players[:4]]

    started = client.post(
        f"/leagues/{league.id}/games/seating",
        data={
            "order": ",".join(players),
            "ruleset": str(league.rulesets[0].id),
            "first_dealer": players[0],
            "move": "",
        },
    )

    assert started.status_code == 302
    game = db.session.scalar(select(Game).filter_by(league_id=league.id))
    assert game.started_on == datetime.now(ZoneInfo(zone)).date()
    today = datetime.now(ZoneInfo(zone))
    printed = visible_text(client.get(f"/leagues/{league.id}/standings/print"))
    assert f"printed {today:%-d %B %Y}" in printed
    client.post(f"/leagues/{league.id}/settings/share")
    db.session.refresh(league)
    watched = visible_text(client.get(f"/watch/{league.share_token}"))
    assert f"Game 1 · {today:%-d %b %Y}" in watched


def test_corrections_show_the_time_in_the_league_s_zone(client, make_game):
    game = make_game(players=("Ann", "Bob", "Cat", "Dan"), started_on=date(2026, 7, 1))
    game.league.time_zone = "America/Chicago"
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(ace=1)])
    hand = games.current_hand(game)
    play_hand(game, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    fixed = [out(), tally(low=3), tally(high=1), tally(ace=1)]
    hands.correct_hand(
        hand, fixed, stock_ran_out=False, confirmed=True, made_by="Ann", reason="Miscounted"
    )
    correction = db.session.scalar(select(Correction))
    correction.made_at = datetime(2026, 7, 1, 23, 30, tzinfo=UTC)  # 18:30 in Chicago
    db.session.commit()

    for path in (f"/games/{game.id}/sheet", f"/games/{game.id}/sheet/print"):
        shown = visible_text(client.get(path))
        assert "Hand 2 corrected 1 Jul 2026, 18:30 by Ann" in shown, path
        assert "UTC" not in shown and "23:30" not in shown, path


def test_the_league_file_keeps_the_zone_and_refuses_an_unknown_one(client, make_league):
    league = make_league("The Parkers")
    league.time_zone = "Asia/Kolkata"
    db.session.commit()
    data = json.loads(exchange.league_json(league))
    assert data["league"]["time_zone"] == "Asia/Kolkata"
    data["league"]["name"] = "The Parkers again"

    copy = exchange.import_league(json.dumps(data), league.owner)
    data["league"].update(name="On Mars", time_zone="Mars/Olympus")
    with pytest.raises(exchange.ImportRefused) as refusal:
        exchange.import_league(json.dumps(data), league.owner)

    assert copy.time_zone == "Asia/Kolkata"
    assert "league.time_zone: Mars/Olympus is not a time zone this app knows" in str(refusal.value)
