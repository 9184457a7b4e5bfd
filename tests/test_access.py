"""Who may do what: owners, scorers, watchers, strangers, and nothing across leagues.

Routes are read from the app's URL map, so a new route is covered without editing this file;
a route with a URL argument these tests cannot fill fails until `candidates` learns it.
"""

from __future__ import annotations

import io
import itertools
import json
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from conftest import CONTINENTAL_COUNTS, SETTINGS, loaded, out, play_hand, tally
from flask import Flask
from sqlalchemy import select, update
from werkzeug.routing import Rule

from scorekeeper import create_app
from scorekeeper.commands import demo
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues, passcodes, rulesets, tries
from scorekeeper.league import settings as league_settings
from scorekeeper.models import Account, Game, HandScore, JoinedPhone, League, LoginAttempt
from scorekeeper.play import games, mayi, proposals
from scorekeeper.rules.dealing import hand_count
from scorekeeper.rules.presets import preset
from scorekeeper.web import access

ROOT = Path(__file__).resolve().parent.parent
PLAYERS_A = ("Ann", "Bob", "Cat", "Dan", "Eve")
PLAYERS_B = ("Kim", "Lee", "Max", "Ned", "Ola")
PASSWORD_B = "rival-password"
PASSCODE = "open-sesame"


# --- the app's routes ---


def routes_app() -> Flask:
    """A throwaway app, only to read its URL map and views."""
    settings = {**SETTINGS, "SQLALCHEMY_DATABASE_URI": "sqlite://"}
    return create_app(settings, instance_path=Path(tempfile.gettempdir()) / "scorekeeper-routes")


ROUTES = routes_app()
# Every route of the app but static files.
RULES = sorted(
    (rule for rule in ROUTES.url_map.iter_rules() if rule.endpoint != "static"),
    key=lambda rule: (rule.rule, rule.endpoint),
)
# Routes marked `owner_only`.
OWNER_ONLY = [
    rule
    for rule in RULES
    if getattr(ROUTES.view_functions[rule.endpoint], "required_role", None) == "owner"
]
# Blueprints that anyone may open, with their own checks (sign-in, the share link, home).
OPEN = {"auth", "watch", "main"}
# URL arguments that name something of a league (and the share link's token).
LEAGUE_ARGUMENTS = {
    "league_id",
    "game_id",
    "hand_id",
    "player_id",
    "season_id",
    "ruleset_id",
    "phone_id",
    "proposal_id",
}
# URL arguments that count within what the URL names (a hand's number in its game, a day of
# the league's games): the same in every league, so never mixed in from another.
POSITIONS = {"number", "day"}
KNOWN_ARGUMENTS = LEAGUE_ARGUMENTS | POSITIONS | {"token"}


def methods(rule: Rule) -> list[str]:
    """The methods a browser would use on the route: GET and/or POST."""
    return sorted((rule.methods or set()) & {"GET", "POST"})


def arguments(rule: Rule) -> list[str]:
    """The URL arguments of the route that the request must fill (defaults aside)."""
    return sorted(set(rule.arguments) - set(rule.defaults or {}))


def blueprint(rule: Rule) -> str:
    return rule.endpoint.partition(".")[0]


def league_rules() -> list[Rule]:
    """Routes that show or change something of one league: every route with an argument."""
    return [rule for rule in RULES if arguments(rule)]


# --- two leagues of two families ---


@dataclass(frozen=True)
class Side:
    """One league's ids: a game with hand 1 scored and hand 2 in play (with a May I?), and a
    game played out the next day (a game that counts, with its recap)."""

    league_id: int
    owner_id: int
    game_id: int
    finished_game_id: int
    scored_hand_id: int
    playing_hand_id: int
    player_id: int
    season_id: int
    ruleset_id: int
    token: str
    claim_id: int
    seat_id: int
    phone_id: int
    proposal_id: int
    names: tuple[str, ...]

    def candidates(self, argument: str) -> list[Any]:
        """The values of this league to put in a URL argument (every hand, for hand_id)."""
        values = {
            "league_id": [self.league_id],
            "game_id": [self.game_id, self.finished_game_id],
            "hand_id": [self.playing_hand_id, self.scored_hand_id],
            "number": [2, 1],  # the hand in play, the hand scored
            "day": [FINISHED_ON.isoformat()],  # the day of the game played out
            "player_id": [self.player_id],
            "season_id": [self.season_id],
            "ruleset_id": [self.ruleset_id],
            "token": [self.token],
            "phone_id": [self.phone_id],
            "proposal_id": [self.proposal_id],
        }
        if argument not in values:
            pytest.fail(f"No value for the URL argument {argument!r}: teach Side.candidates.")
        return values[argument]


@dataclass(frozen=True)
class World:
    a: Side
    b: Side


# The day each league's game that counts was played.
FINISHED_ON = date(2026, 3, 2)


def build_side(owner: Account, name: str, players: tuple[str, ...]) -> Side:
    """A league with a game in play and one played out, a second rule set, a season, a share
    link, a passcode."""
    league = leagues.create_league(name, "continental", owner)
    people = [leagues.add_player(league, player) for player in players]
    rulesets.copy_ruleset(league, preset("continental"), "House rules")
    season = league_settings.add_season(league, "Year", date(2026, 1, 1), date(2026, 12, 31))
    token = league_settings.share(league)
    passcodes.set_passcode(league, PASSCODE)
    finished = games.start_game(league, league.rulesets[0], people[:4], 0, today=FINISHED_ON)
    db.session.commit()
    for _ in range(hand_count(finished.rules)):
        play_hand(finished, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    game = games.start_game(league, league.rulesets[0], people[:4], 0, today=date(2026, 3, 1))
    db.session.commit()
    play_hand(game, [out(), tally(low=1), tally(high=1), tally(ace=1)])
    playing = games.current_hand(game)
    claim = mayi.record_claim(playing, game.seats[1])
    phone = JoinedPhone(league_id=league.id, token=f"phone-of-{league.id}", device="Android")
    db.session.add(phone)
    # A phone that waited proposed hand 1 otherwise.
    sent = [tally(low=1), out(), tally(high=1), tally(ace=1)]
    proposal = proposals.propose(game.hands[0], sent, stock_ran_out=False, sent_by="a phone")
    assert proposal is not None
    db.session.commit()
    loaded(game)
    return Side(
        league_id=league.id,
        owner_id=owner.id,
        game_id=game.id,
        finished_game_id=finished.id,
        scored_hand_id=game.hands[0].id,
        playing_hand_id=playing.id,
        player_id=people[0].id,
        season_id=season.id,
        ruleset_id=league.rulesets[1].id,
        token=token,
        claim_id=claim.id,
        seat_id=game.seats[1].id,
        phone_id=phone.id,
        proposal_id=proposal.id,
        names=(name, *players),
    )


def build_world(owner: Account) -> World:
    """League A, owned by `owner`, and league B of another family, owned by `rival`."""
    rival = accounts.create_account("rival", PASSWORD_B)
    return World(
        a=build_side(owner, "The Smiths", PLAYERS_A),
        b=build_side(rival, "The Joneses", PLAYERS_B),
    )


@pytest.fixture
def world(app: Flask, owner: Account) -> World:
    """League A, owned by `owner`, and league B of another family, owned by `rival`."""
    return build_world(owner)


# --- visitors ---


class Browser:
    """A phone: its own cookies, and each request in an app context of its own, as in
    production (the tests' open app context would otherwise share `g.account`)."""

    def __init__(self, app: Flask, **session: Any) -> None:
        self.app = app
        self.client = app.test_client()
        if session:
            with self.client.session_transaction() as stored:
                stored.update(session)

    def get(self, path: str, **kwargs: Any):
        with self.app.app_context():
            return self.client.get(path, **kwargs)

    def post(self, path: str, **kwargs: Any):
        with self.app.app_context():
            return self.client.post(path, **kwargs)

    def open(self, method: str, path: str, **kwargs: Any):
        return self.get(path, **kwargs) if method == "GET" else self.post(path, **kwargs)

    def session(self) -> dict[str, Any]:
        with self.client.session_transaction() as stored:
            return dict(stored)


def owner_of(app: Flask, side: Side) -> Browser:
    return Browser(app, account_id=side.owner_id)


def scorer_of(app: Flask, side: Side) -> Browser:
    """A phone that joined the side's league (on its list of phones, as after the passcode)."""
    return Browser(app, scorer_of=[side.league_id], phone=f"phone-of-{side.league_id}")


# A CSRF token's value: random letters that may spell a player's name by chance.
CSRF_VALUE = re.compile(r'(name="csrf_token"[^>]*? value=")[^"]*"')


def text(response) -> str:
    """The page as sent, its CSRF tokens blanked."""
    return CSRF_VALUE.sub(r'\1"', response.get_data(as_text=True))


def database_rows() -> dict[str, list[str]]:
    """Every row of every table, to compare before and after a request."""
    db.session.expire_all()
    return {
        table.name: sorted(repr(tuple(row)) for row in db.session.execute(select(table)))
        for table in db.metadata.sorted_tables
    }


def hand_fields(players: int = 4) -> dict[str, str]:
    """A hand report that would be saved: seat 0 went out, the others hold a card each."""
    data = {"confirm": "y"}
    for i in range(players):
        data.update({f"p{i}_{name}": "0" for name in CONTINENTAL_COUNTS})
        data.update({f"p{i}_total": "", f"p{i}_short": "0", f"p{i}_penalty": "0"})
        data[f"p{i}_penalty_reason"] = ""
    data["p0_out"] = "y"
    data.update({"p1_cards_2_9": "1", "p2_cards_10_k": "1", "p3_cards_a": "1"})
    return data


def harmful_form(side: Side) -> dict[str, str]:
    """A form that would change something on most routes, if they let it through."""
    return {
        **hand_fields(),
        "confirm": "yes",
        "reason": "a card was exposed",
        "made_by": "Mallory",
        "name": "Taken over",
        "passcode": "taken-over",
        "ranking": "wins",
        "place_points": "9",
        "min_games": "0",
        "paper_size": "Letter",
        "starts_on": "2027-01-01",
        "ends_on": "2027-12-31",
        "everyone_present": "y",
        "seat": str(side.seat_id),
        "claim": str(side.claim_id),
        "from_hand": "2",
        "origin": "preset:continental",
        "ruleset": str(side.ruleset_id),
    }


def url_for_ids(rule: Rule, values: dict[str, Any]) -> str:
    """The path of `rule` with these argument values."""
    path = rule.rule
    for name, value in values.items():
        converter = f"<int:{name}>" if f"<int:{name}>" in path else f"<{name}>"
        path = path.replace(converter, str(value))
    assert "<" not in path, path
    return path


def crossed_urls(rule: Rule, world: World) -> Iterator[tuple[dict[str, str], str]]:
    """(mix, path) of the route with league B's ids put among league A's, every mix.

    `mix` tells which league each argument came from. With a share-link token, B's token
    with B's ids is B's own link, so that mix is left out.
    """
    names = arguments(rule)
    sides = {"A": world.a, "B": world.b}
    for letters in itertools.product("AB", repeat=len(names)):
        if "B" not in letters or ("token" in names and "A" not in letters):
            continue
        mix = dict(zip(names, letters, strict=True))
        if any(mix[name] == "B" for name in POSITIONS & set(names)):
            continue
        choices = [sides[mix[name]].candidates(name) for name in names]
        for values in itertools.product(*choices):
            yield mix, url_for_ids(rule, dict(zip(names, values, strict=True)))


def own_urls(rule: Rule, side: Side) -> list[str]:
    """The route's paths with this league's ids (one per hand, for a hand argument)."""
    names = arguments(rule)
    choices = [side.candidates(name) for name in names]
    return [
        url_for_ids(rule, dict(zip(names, values, strict=True)))
        for values in itertools.product(*choices)
    ]


def refused_requests(
    browser: Browser, rule: Rule, world: World, allowed: Callable[[dict[str, str]], set[int]]
) -> Iterator[str]:
    """Each request of `rule` with B's ids mixed in that answers otherwise than `allowed`,
    shows anything of league B, or changes the database."""
    before = database_rows()
    for (mix, path), method in itertools.product(crossed_urls(rule, world), methods(rule)):
        response = browser.open(method, path, data=harmful_form(world.b))
        leaked = [name for name in world.b.names if name in text(response)]
        status = response.status_code
        if status not in allowed(mix) or leaked:
            yield f"{method} {path} ({mix}): {status} {leaked or ''}"
        if database_rows() != before:
            yield f"{method} {path} ({mix}) changed the database"
            before = database_rows()


# --- one league is not reachable from another ---

# The passcode page is the door for scorers: it answers for any league with a passcode,
# and is tested on its own below.
DOORS = {"auth.join"}


def crossable_rules() -> list[Rule]:
    return [rule for rule in league_rules() if rule.endpoint not in DOORS]


def test_another_leagues_ids_are_not_found(app, world):
    owner_a = owner_of(app, world.a)

    wrong = [
        line
        for rule in crossable_rules()
        for line in refused_requests(owner_a, rule, world, lambda mix: {404})
    ]

    assert not wrong, "\n".join(wrong)


def test_scorer_of_one_league_finds_nothing_of_another(app, world):
    scorer = scorer_of(app, world.a)
    owner_only = {rule.endpoint for rule in OWNER_ONLY}

    def allowed_for(rule: Rule) -> Callable[[dict[str, str]], set[int]]:
        # An owner's page of the scorer's own league says 403, whatever else the URL holds.
        def allowed(mix: dict[str, str]) -> set[int]:
            league = mix.get("league_id", mix.get("game_id"))
            return {403, 404} if rule.endpoint in owner_only and league == "A" else {404}

        return allowed

    wrong = [
        line
        for rule in crossable_rules()
        for line in refused_requests(scorer, rule, world, allowed_for(rule))
    ]

    assert not wrong, "\n".join(wrong)


# Routes that delete, or replace the share link, go last: the routes before them need those;
# a new passcode, which removes every joined phone, goes after them all.
def destructive_last(rule: Rule) -> tuple[int, str]:
    if rule.rule.endswith("/passcode"):
        return 2, rule.rule
    return int(any(word in rule.rule for word in ("delete", "remove", "share"))), rule.rule


def test_own_ids_reach_every_route(app, world):
    """The URLs built above are real: with league A's ids, A's owner gets in."""
    owner_a = owner_of(app, world.a)

    unreached = []
    for rule in sorted(crossable_rules(), key=destructive_last):
        statuses = [
            owner_a.open(method, path, data=harmful_form(world.a)).status_code
            for path, method in itertools.product(own_urls(rule, world.a), methods(rule))
        ]
        if 500 in statuses or all(status in (403, 404) for status in statuses):
            unreached.append(f"{rule.endpoint}: {statuses}")

    assert not unreached, "\n".join(unreached)


def test_every_route_argument_can_be_filled():
    """A new route with an argument the tests cannot fill fails here, not silently."""
    unknown = {
        f"{rule.endpoint}: {name}"
        for rule in RULES
        for name in arguments(rule)
        if name not in KNOWN_ARGUMENTS
    }
    assert not unknown, f"teach Side.candidates these URL arguments: {sorted(unknown)}"


def test_every_league_route_is_checked(world):
    """The enumeration above is not empty: the pages of a league are all among it."""
    endpoints = {rule.endpoint for rule in league_rules()}
    assert {
        "leagues.show",
        "table.score",
        "table.edit",
        "games.delete",
        "settings.show",
        "rulesets.edit",
        "standings.player",
        "watch.game",
    } <= endpoints


def test_passcode_door_shows_nothing_of_the_league_and_a_wrong_code_grants_nothing(app, world):
    stranger = owner_of(app, world.a)
    path = f"/leagues/{world.b.league_id}/join"
    before = database_rows()

    page = stranger.get(path)
    refused = stranger.post(path, data={"passcode": "not-it"})

    assert page.status_code == 200
    for name in world.b.names:
        assert name not in text(page)
        assert name not in text(refused)
    assert "That passcode is not right." in text(refused)
    assert world.b.league_id not in stranger.session().get("scorer_of", [])
    assert stranger.get(f"/leagues/{world.b.league_id}").status_code == 404
    after = database_rows()
    assert len(after["login_attempt"]) == len(before["login_attempt"]) + 1
    assert {k: v for k, v in after.items() if k != "login_attempt"} == {
        k: v for k, v in before.items() if k != "login_attempt"
    }


# Ids carried in forms rather than URLs: league A's page, league B's id in the form.
# fmt: off
FORM_CROSSINGS = {
    # id:                  path under league A,                         form with B's ids
    "seat-of-b-claims":    ("/games/{a.game_id}/hands/{a.playing_hand_id}/mayi",          {"seat": "{b.seat_id}"}),
    "take-back-b-claim":   ("/games/{a.game_id}/hands/{a.playing_hand_id}/mayi/take-back", {"claim": "{b.claim_id}"}),
    "seat-of-b-leaves":    ("/games/{a.game_id}/leave",                                    {"seat": "{b.seat_id}", "from_hand": "2"}),
    "b-players-in-game":   ("/leagues/{a.league_id}/games/new",                             {"players": "{b.player_id}", "ruleset": "{a.ruleset_id}"}),
    "b-rules-in-game":     ("/leagues/{a.league_id}/games/new",                             {"ruleset": "{b.ruleset_id}"}),
    "b-rules-at-seating":  ("/leagues/{a.league_id}/games/seating",                         {"ruleset": "{b.ruleset_id}", "order": "", "first_dealer": "random"}),
    "b-player-seated":     ("/leagues/{a.league_id}/games/seating",                         {"ruleset": "{a.ruleset_id}", "order": "{b.player_id}", "first_dealer": "random"}),
    "copy-b-rules":        ("/leagues/{a.league_id}/rules/new",                             {"origin": "league:{b.ruleset_id}", "name": "Copied"}),
}
# fmt: on


@pytest.mark.parametrize(("path", "form"), FORM_CROSSINGS.values(), ids=FORM_CROSSINGS)
def test_another_leagues_ids_in_a_form_are_refused(app, world, path, form):
    owner_a = owner_of(app, world.a)
    before = database_rows()

    ids = {"a": world.a, "b": world.b}
    response = owner_a.post(
        path.format(**ids), data={key: value.format(**ids) for key, value in form.items()}
    )

    assert response.status_code in (302, 400, 404, 422)
    assert database_rows() == before
    followed = owner_a.get(response.location) if response.status_code == 302 else response
    for name in world.b.names:
        assert name not in text(followed)


def test_blank_sheet_with_another_leagues_players_shows_none_of_them(app, world):
    owner_a = owner_of(app, world.a)
    response = owner_a.get(f"/leagues/{world.a.league_id}/blank/print?players={world.b.player_id}")
    assert response.status_code == 422
    assert "Choose players of this league only." in text(response)
    for name in world.b.names:
        assert name not in text(response)


# --- scorers ---


def score_path(side: Side) -> str:
    return f"/games/{side.game_id}/hand/2/score"


def scores_of(hand_id: int) -> int:
    return len(db.session.scalars(select(HandScore).filter_by(hand_id=hand_id)).all())


def passcode_input(response) -> dict[str, str]:
    """The attributes of the page's passcode input."""
    tag = re.search(r'<input[^>]*name="passcode"[^>]*>', response.get_data(as_text=True))
    assert tag, "no passcode input"
    return dict(re.findall(r'([\w-]+)="([^"]*)"', tag.group(0)))


def test_the_table_passcode_is_typed_and_set_in_plain_sight(app, world):
    """A shared code said aloud at the table: shown as typed, never offered by autofill."""
    joining = passcode_input(
        Browser(app).post(f"/leagues/{world.a.league_id}/join", data={"passcode": "Open Sesame!"})
    )
    setting = passcode_input(owner_of(app, world.a).get(f"/leagues/{world.a.league_id}/settings"))

    for attributes in (joining, setting):
        assert attributes["type"] == "text"
        assert attributes["autocomplete"] == "off"
    assert joining["value"] == "Open Sesame!"  # a wrong code stays on show, to spot the typo


def test_passcode_lets_a_phone_score_a_hand(app, world):
    phone = Browser(app)

    joined = phone.post(f"/leagues/{world.a.league_id}/join", data={"passcode": PASSCODE})
    saved = phone.post(score_path(world.a), data=hand_fields())

    assert joined.status_code == 302
    assert joined.location == f"/leagues/{world.a.league_id}"
    assert phone.session()["scorer_of"] == [world.a.league_id]
    assert saved.status_code == 302
    assert saved.location == f"/games/{world.a.game_id}"
    assert scores_of(world.a.playing_hand_id) == 4


def test_owner_only_pages_include_rules_settings_and_deleting():
    endpoints = {rule.endpoint for rule in OWNER_ONLY}
    assert {
        "games.delete",
        "rulesets.new",
        "rulesets.edit",
        "rulesets.delete",
        "settings.show",
        "settings.passcode",
        "settings.share",
    } <= endpoints


def test_scorer_is_refused_the_owners_pages(app, world):
    scorer = scorer_of(app, world.a)
    before = database_rows()

    wrong = []
    for rule in OWNER_ONLY:
        for path, method in itertools.product(own_urls(rule, world.a), methods(rule)):
            response = scorer.open(method, path, data=harmful_form(world.a))
            if response.status_code != 403 or "Only the league's owner" not in text(response):
                wrong.append(f"{method} {path}: {response.status_code}")

    assert not wrong, "\n".join(wrong)
    assert database_rows() == before


def test_scorer_cannot_delete_a_game(app, world):
    scorer = scorer_of(app, world.a)
    before = database_rows()

    response = scorer.post(f"/games/{world.a.game_id}/delete", data={"confirm": "yes"})

    assert response.status_code == 403
    assert database_rows() == before
    assert db.session.get(Game, world.a.game_id) is not None


def correction(side: Side, hand_id: int) -> tuple[str, dict[str, str]]:
    data = hand_fields() | {"p1_cards_2_9": "3", "reason": "Bob held three cards", "made_by": "Cat"}
    data["agreed"] = "y"
    return f"/games/{side.game_id}/hands/{hand_id}/edit", data


def test_scorer_cannot_correct_a_hand_once_a_later_one_is_scored(app, world):
    game = db.session.get(Game, world.a.game_id)
    play_hand(game, [tally(low=1), out(), tally(low=1), tally(low=1)])  # hand 2
    scorer = scorer_of(app, world.a)
    path, data = correction(world.a, world.a.scored_hand_id)
    before = database_rows()

    form = scorer.get(path)
    sent = scorer.post(path, data=data)

    assert form.status_code == 403
    assert sent.status_code == 403
    assert database_rows() == before
    # The owner may: the same correction goes through for them.
    assert owner_of(app, world.a).post(path, data=data).status_code == 302
    assert database_rows() != before


def test_scorer_corrects_the_latest_hand_while_the_cards_are_on_the_table(app, world):
    scorer = scorer_of(app, world.a)
    path, data = correction(world.a, world.a.scored_hand_id)

    response = scorer.post(path, data=data)

    assert response.status_code == 302
    scores = db.session.scalars(select(HandScore).filter_by(hand_id=world.a.scored_hand_id))
    assert sorted(score.score for score in scores) == [0, 10, 15, 20]


def test_scorer_cannot_correct_a_hand_of_a_finished_game(app, world):
    game = db.session.get(Game, world.a.game_id)
    for _ in range(6):
        play_hand(game, [out(), tally(low=1), tally(low=1), tally(low=1)])
    db.session.expire_all()
    last = games.load_game(world.a.game_id).hands[-1]
    scorer = scorer_of(app, world.a)
    path, data = correction(world.a, last.id)
    before = database_rows()

    response = scorer.post(path, data=data)

    assert response.status_code == 403
    assert database_rows() == before


def test_watch_link_only_reads():
    watch = [rule for rule in RULES if blueprint(rule) == "watch"]
    assert watch
    assert all(methods(rule) == ["GET"] for rule in watch)


# --- strangers ---


def test_stranger_is_sent_to_sign_in_and_changes_nothing(app, world):
    stranger = Browser(app)
    before = database_rows()

    wrong = []
    for rule in RULES:
        if blueprint(rule) in OPEN:
            continue
        for path, method in itertools.product(own_urls(rule, world.a), methods(rule)):
            response = stranger.open(method, path, data=harmful_form(world.a))
            target = urlsplit(response.location or "")
            if response.status_code != 302 or target.path != "/login":
                wrong.append(f"{method} {path}: {response.status_code} {response.location}")
            elif parse_qs(target.query).get("next") != [path]:
                wrong.append(f"{method} {path}: next= is not the page asked for")
            if database_rows() != before:
                wrong.append(f"{method} {path} changed the database")
                before = database_rows()

    assert not wrong, "\n".join(wrong)


def test_stranger_cannot_upload_a_league(app, world):
    """An upload makes a league; it must be someone's (a stranger's would be nobody's)."""
    league_file = owner_of(app, world.a).get(f"/leagues/{world.a.league_id}/export")
    body = text(league_file).replace("The Smiths", "The Strangers")
    before = database_rows()

    response = Browser(app).post(
        "/leagues/import", data={"file": (io.BytesIO(body.encode()), "l.json")}
    )

    assert response.status_code == 302
    assert urlsplit(response.location).path == "/login"
    assert database_rows() == before


def test_uploaded_league_belongs_to_whoever_uploaded_it(app, world):
    owner_a = owner_of(app, world.a)
    body = text(owner_a.get(f"/leagues/{world.a.league_id}/export"))

    response = owner_a.post(
        "/leagues/import",
        data={
            "file": (
                io.BytesIO(body.replace("The Smiths", "Smiths 2").encode()),
                "l.json",
            )
        },
    )

    assert response.status_code == 302
    copy = db.session.scalar(select(League).filter_by(name="Smiths 2"))
    assert copy.owner_id == world.a.owner_id
    assert owner_a.get(response.location).status_code == 200


def test_upload_does_not_tell_of_another_familys_league(app, world):
    """Another family's league of the same name is none of the uploader's business."""
    owner_a = owner_of(app, world.a)
    league_file = json.loads(text(owner_a.get(f"/leagues/{world.a.league_id}/export")))
    league_file["league"]["name"] = "The Joneses"
    named_like_b = json.dumps(league_file).encode()

    response = owner_a.post("/leagues/import", data={"file": (io.BytesIO(named_like_b), "l.json")})

    assert "already here" not in text(response)
    assert response.status_code == 302


def test_stranger_gets_not_found_for_a_league_that_does_not_exist(app, world):
    stranger = Browser(app)
    assert stranger.get(f"/leagues/{world.b.league_id + 100}").status_code == 404
    assert stranger.post(f"/games/{world.b.game_id + 100}/delete").status_code == 404


def test_sign_in_returns_to_the_page_asked_for(app, world):
    stranger = Browser(app)
    asked = f"/leagues/{world.a.league_id}/standings"
    redirected = stranger.get(asked)
    login = redirected.location

    signed_in = stranger.post(login, data={"username": "owner", "password": "owner-password"})

    assert signed_in.status_code == 302
    assert signed_in.location == asked
    assert stranger.get(asked).status_code == 200


# --- signing in: slowed-down guessing ---


def sign_in(browser: Browser, username: str, password: str):
    return browser.post("/login", data={"username": username, "password": password})


def forget_the_wait(seconds: float = 0) -> None:
    """Move every failure back in time by the current back-off (as if the owner waited)."""
    earlier = timedelta(seconds=seconds) if seconds else tries.LONGEST_WAIT
    attempts = db.session.scalars(select(LoginAttempt)).all()
    for attempt in attempts:
        attempt.at = attempt.at - earlier
    db.session.commit()


def test_sixth_try_after_five_wrong_passwords_waits_a_moment_then_works(app, owner):
    phone = Browser(app)
    wrong = [sign_in(phone, "owner", f"guess-{n}") for n in range(tries.MAX_FAILURES)]

    right_away = sign_in(phone, "owner", "owner-password")
    forget_the_wait(tries.back_off(tries.MAX_FAILURES).total_seconds())
    after_the_wait = sign_in(phone, "owner", "owner-password")

    assert [r.status_code for r in wrong] == [401] * 5
    assert all("That user name and password do not match." in text(r) for r in wrong)
    assert right_away.status_code == 429
    assert "Too many wrong tries. Wait 2 seconds, then try again." in text(right_away)
    assert after_the_wait.status_code == 302
    assert phone.session()["account_id"] == owner.id


def test_each_further_failure_doubles_the_wait_up_to_the_longest(app, owner):
    waits = [tries.back_off(n).total_seconds() for n in range(4, 20)]
    assert waits[:6] == [0, 2, 4, 8, 16, 32]
    assert max(waits) == tries.LONGEST_WAIT.total_seconds()
    phone = Browser(app)
    for n in range(tries.MAX_FAILURES + 3):
        sign_in(phone, "owner", f"guess-{n}")
        forget_the_wait()
    # Eight failures: the ninth try waits 16 seconds after the last one.
    db.session.execute(update(LoginAttempt).values(at=datetime.now(UTC)))
    db.session.commit()
    assert "Wait 16 seconds" in text(sign_in(phone, "owner", "owner-password"))


def test_guessing_many_names_from_one_address_pauses_that_address_only(app, owner):
    phone = Browser(app)
    for n in range(tries.ADDRESS_FAILURES):
        sign_in(phone, f"someone{n}", "guess")

    assert sign_in(phone, "owner", "owner-password").status_code == 429
    # The owner, elsewhere, is not locked out: the guesses were at other names.
    elsewhere = Browser(app)
    elsewhere.client.environ_base["REMOTE_ADDR"] = "192.0.2.7"
    assert sign_in(elsewhere, "owner", "owner-password").status_code == 302


def test_failures_for_one_name_do_not_slow_down_another(app, owner):
    accounts.create_account("second", "second-password")
    db.session.commit()
    guesser = Browser(app)
    for n in range(tries.MAX_FAILURES):
        sign_in(guesser, "owner", f"guess-{n}")

    other = Browser(app)
    other.client.environ_base["REMOTE_ADDR"] = "192.0.2.8"

    assert sign_in(other, "second", "second-password").status_code == 302
    assert sign_in(other, "owner", "owner-password").status_code == 429


def test_wrong_passcodes_from_one_phone_leave_other_phones_free(app, world):
    guesser, family = Browser(app), Browser(app)
    family.client.environ_base["REMOTE_ADDR"] = "192.0.2.9"
    path = f"/leagues/{world.a.league_id}/join"
    other_league = f"/leagues/{world.b.league_id}/join"
    wrong = [guesser.post(path, data={"passcode": f"guess-{n}"}) for n in range(5)]

    guesser_again = guesser.post(path, data={"passcode": PASSCODE})
    guesser_elsewhere = guesser.post(other_league, data={"passcode": "guess"})
    family_joins = family.post(path, data={"passcode": PASSCODE})

    assert [r.status_code for r in wrong] == [401] * 5
    assert guesser_again.status_code == guesser_elsewhere.status_code == 429
    assert "Too many wrong tries. Wait 2 seconds, then try again." in text(guesser_again)
    assert "scorer_of" not in guesser.session()
    assert family_joins.status_code == 302
    attempt = guesser.post(score_path(world.a), data=hand_fields())
    assert urlsplit(attempt.location).path == "/login"
    assert scores_of(world.a.playing_hand_id) == 0


def test_sign_in_failures_and_passcode_failures_are_counted_apart(app, world):
    phone = Browser(app)
    for n in range(5):
        phone.post(f"/leagues/{world.a.league_id}/join", data={"passcode": f"guess-{n}"})
    owner = db.session.get(Account, world.a.owner_id)
    assert sign_in(phone, owner.username, "owner-password").status_code == 302


# --- sessions ---


def test_idle_session_is_signed_out_on_a_league_page(app, world):
    stale = datetime.now(UTC) - access.IDLE_LIMIT - timedelta(minutes=1)
    phone = Browser(app, account_id=world.a.owner_id, seen=stale.timestamp())

    response = phone.get(f"/leagues/{world.a.league_id}")

    assert response.status_code == 302
    assert urlsplit(response.location).path == "/login"
    assert "account_id" not in phone.session()


def test_idle_session_is_signed_out_on_the_home_page_too(app, world):
    stale = datetime.now(UTC) - access.IDLE_LIMIT - timedelta(minutes=1)
    phone = Browser(app, account_id=world.a.owner_id, seen=stale.timestamp())

    home = phone.get("/")

    assert home.status_code == 200
    assert "The Smiths" not in text(home)
    assert "Sign out" not in text(home)


def test_recent_session_stays_signed_in_and_is_kept_alive(app, world):
    recent = datetime.now(UTC) - access.IDLE_LIMIT + timedelta(hours=1)
    phone = Browser(app, account_id=world.a.owner_id, seen=recent.timestamp())

    response = phone.get(f"/leagues/{world.a.league_id}")

    assert response.status_code == 200
    assert phone.session()["seen"] > recent.timestamp() + 3000


def test_session_cookie_lasts_no_longer_than_the_idle_limit(app, owner):
    response = sign_in(Browser(app), "owner", "owner-password")
    [cookie] = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    expires = datetime.strptime(
        cookie.split("Expires=")[1].split(";")[0], "%a, %d %b %Y %H:%M:%S GMT"
    )
    lifetime = expires.replace(tzinfo=UTC) - datetime.now(UTC)
    assert timedelta(0) < lifetime <= access.IDLE_LIMIT + timedelta(minutes=1)


def test_sign_in_starts_a_fresh_session(app, world):
    phone = Browser(app, scorer_of=[world.b.league_id], planted="by someone else")

    sign_in(phone, "owner", "owner-password")

    assert "planted" not in phone.session()
    assert "scorer_of" not in phone.session()


def test_logout_ends_the_session(app, world):
    phone = Browser(app)
    assert sign_in(phone, "owner", "owner-password").status_code == 302
    assert phone.get(f"/leagues/{world.a.league_id}").status_code == 200

    response = phone.post("/logout")

    assert response.status_code == 302
    assert "account_id" not in phone.session()
    after = phone.get(f"/leagues/{world.a.league_id}")
    assert after.status_code == 302
    assert urlsplit(after.location).path == "/login"
    assert phone.get("/logout").status_code == 405


# --- the demo league ---


def test_demo_owner_signs_in_and_owns_the_demo_league(app):
    league, _ = demo.ensure_demo_league()
    db.session.commit()
    phone = Browser(app)

    signed_in = sign_in(phone, demo.DEMO_OWNER, demo.DEMO_PASSWORD)

    assert signed_in.status_code == 302
    assert phone.get(f"/leagues/{league.id}").status_code == 200
    assert phone.get(f"/leagues/{league.id}/settings").status_code == 200


def test_demo_owner_login_is_documented():
    readme = (ROOT / "README.md").read_text()
    assert demo.DEMO_OWNER in readme and demo.DEMO_PASSWORD in readme
