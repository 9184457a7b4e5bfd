"""League files: export, import into an empty database, export again; refusals change nothing."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace
from datetime import date

import pytest
from conftest import loaded, out, play_hand, tally
from flask import render_template_string
from reading import markup, visible_text
from rows import stored_rows
from sqlalchemy import func, select

from scorekeeper import exchange
from scorekeeper.commands import demo
from scorekeeper.extensions import db
from scorekeeper.league import accounts, leagues, rulesets
from scorekeeper.league import settings as league_settings
from scorekeeper.models import Game, League, LeagueRuleSet, ProposedCorrection
from scorekeeper.play import games, hands, interruptions, mayi, proposals
from scorekeeper.rules.entries import PlayerEntry
from scorekeeper.rules.presets import preset

NO_SCORE = PlayerEntry(no_score=True)


def seat(game: Game, name: str):
    return next(s for s in game.seats if s.player.name == name)


def start(
    league: League, names, ruleset: LeagueRuleSet | None = None, first_dealer: int = 0
) -> Game:
    by_name = {p.name: p for p in league.players}
    game = games.start_game(
        league, ruleset or league.rulesets[0], [by_name[n] for n in names], first_dealer
    )
    db.session.commit()
    return loaded(game)


def propose(hand, entries, sent_by: str) -> ProposedCorrection:
    kept = proposals.propose(hand, entries, stock_ran_out=False, sent_by=sent_by)
    assert kept is not None
    return kept


def correct(hand, entries, made_by: str, reason: str = "", stock_ran_out: bool = False) -> None:
    hands.correct_hand(
        hand,
        entries,
        stock_ran_out=stock_ran_out,
        confirmed=True,
        made_by=made_by,
        reason=reason,
        agreed=True,
    )
    db.session.commit()
    loaded(hand.game)


def rich_league() -> League:
    """The demo league, plus games with every fact the file must carry."""
    league, _ = demo.ensure_demo_league()
    for name in ("Ann", "Bob", "Cat", "Dan", "Eve"):
        leagues.add_player(league, name)
    league_settings.update_settings(
        league, league.name, "points", [3, 2, 1], 2, "Letter", "America/Chicago", rating_by="family"
    )
    league_settings.add_season(league, "Spring", date(2026, 3, 1), date(2026, 5, 31))
    deuces = rulesets.copy_ruleset(league, preset("may-i-deuces"), "Deuces at Gran's")
    db.session.commit()

    # A: claims, an empty stock, a posted missing score, a free and a late correction, a
    # re-deal, a suspension and resume, a re-played hand, and Eve leaving while she deals.
    a = start(league, ("Ann", "Bob", "Cat", "Dan", "Eve"))
    first = games.current_hand(a)
    mayi.record_claim(first, seat(a, "Bob"))
    hands.renew_stock(first)
    play_hand(a, [out(), NO_SCORE, tally(low=2), tally(high=1), tally(ace=1)])
    # A phone that waited proposed hand 1 as fixed below; the fix accepted it.
    fixed_1 = [out(), NO_SCORE, tally(low=3), tally(high=1), tally(ace=1)]
    accepted = propose(first, fixed_1, "a phone (iPhone, Safari)")
    correct(first, fixed_1, "Ann")
    proposals.accept(accepted, first, first.corrections[0], "owner")
    dropped = propose(first, [tally(low=1), out(), NO_SCORE, tally(high=1), tally(ace=1)], "kim")
    proposals.drop(dropped, first, "owner")
    propose(first, [tally(low=2), out(), NO_SCORE, tally(high=1), tally(ace=1)], "kim")
    db.session.commit()
    loaded(a)
    hands.redeal(games.current_hand(a), "Two cards were exposed")
    second_hand = [
        tally(low=1),
        out(),
        PlayerEntry(tally={"2-9": 1}, short_cards=1),
        PlayerEntry(tally={"10-K": 1}, penalty=10, penalty_reason="Played out of turn"),
        PlayerEntry(typed_total=25),
    ]
    play_hand(a, second_hand)
    second = a.hands[-2]
    interruptions.suspend(a)
    interruptions.resume(a, True)
    db.session.commit()
    play_hand(a, [tally(low=1), tally(high=1), tally(low=2), tally(ace=1), tally(joker=1)], True)
    play_hand(a, [out(), tally(low=1), tally(low=1), tally(low=1), tally(low=1)])
    second_hand[3] = PlayerEntry(tally={"10-K": 1}, penalty=5, penalty_reason="Out of turn")
    correct(second, second_hand, "Cat", reason="The table agreed on a 5-point penalty")
    play_hand(a, [out(), NO_SCORE, NO_SCORE, NO_SCORE, NO_SCORE])
    interruptions.player_leaves(a, seat(a, "Eve"), 5)
    db.session.commit()
    for _ in range(3):
        play_hand(a, [out(), tally(low=1), tally(high=2), tally(ace=1)])

    # B: suspended, then closed as incomplete, so discarded.
    b = start(league, ("Ann", "Bob", "Cat", "Dan"))
    play_hand(b, [tally(low=1), out(), tally(low=2), tally(high=1)])
    interruptions.suspend(b)
    interruptions.close_incomplete(b)
    db.session.commit()

    # D: ended here by the table with hand 2 under way (a May I? made): discarded.
    d = start(league, ("Ann", "Bob", "Cat", "Dan"))
    play_hand(d, [out(), tally(low=1), tally(low=2), tally(high=1)])
    mayi.record_claim(games.current_hand(d), seat(d, "Cat"))
    interruptions.end_game(d)
    db.session.commit()

    # E: three players; Cat says in hand 1 she leaves from hand 2, then Bob leaves during hand
    # 2, which leaves Ann alone and ends the game.
    e = start(league, ("Ann", "Bob", "Cat"), ruleset=deuces)
    interruptions.player_leaves(e, seat(e, "Cat"), 2)
    play_hand(e, [out(), PlayerEntry(typed_total=10), PlayerEntry(typed_total=20)])
    interruptions.player_leaves(e, seat(e, "Bob"), 2)
    db.session.commit()

    # C: three players under the second rule set, suspended and not yet resumed.
    c = start(league, ("Bob", "Cat", "Dan"), ruleset=deuces, first_dealer=2)
    play_hand(c, [PlayerEntry(tally={"A": 1, "2": 1}), out(), PlayerEntry(tally={"3": 2})])
    interruptions.suspend(c)
    # The league's rule set changes; game C keeps the copy it started with.
    rulesets.save_ruleset(deuces, replace(deuces.rules, short_card_penalty=15))
    # Bob is renamed after his corrections: the history keeps the name he had then.
    leagues.rename_player(seat(c, "Bob").player, "Robert")
    db.session.commit()
    return league


def without_time(text: str) -> str:
    return re.sub(r'"exported_at": ?"[^"]*"', '"exported_at": ""', text)


def empty_the_database() -> None:
    for table in reversed(db.metadata.sorted_tables):
        db.session.execute(table.delete())
    db.session.commit()
    assert not any(row_counts().values())


def import_afresh(runner, body: str):
    """Empty the database, make the account `ann`, and import `body` as hers with the command."""
    empty_the_database()
    accounts.create_account("ann", "lamp rummy owl kettle")
    db.session.commit()
    return runner.invoke(args=["import", "-", "--owner", "ann"], input=body)


def row_counts() -> dict[str, int]:
    return {
        table.name: db.session.scalar(select(func.count()).select_from(table))
        for table in db.metadata.sorted_tables
    }


def test_export_import_export_gives_the_same_file(app, runner):
    league = rich_league()
    exported = runner.invoke(args=["export", league.name])
    assert exported.exit_code == 0, exported.output
    data = json.loads(exported.stdout)
    # The file holds what the rich league was built for, computed by the app.
    a = data["games"][2]
    states = [(h["number"], h["attempt"], h["state"], h["dealer"]) for h in a["hands"]]
    assert states[1:3] == [(2, 1, "redealt", 1), (2, 2, "scored", 1)]
    assert states[5:7] == [(5, 1, "replayed", 4), (5, 2, "scored", 0)]
    robert = a["hands"][0]["players"]["Robert"]
    assert (robert["score"], robert["posted"]) == (35, True)
    history = a["hands"][0]["corrections"][0]
    assert history["old"]["players"]["Bob"]["score"] == 30
    assert history["new"]["players"]["Bob"]["score"] == 35
    assert a["hands"][2]["corrections"][0]["reason"] == "The table agreed on a 5-point penalty"
    proposed = a["hands"][0]["proposals"]
    assert [(p["state"], p["sent_by"], p["decided_by"], p["correction"]) for p in proposed] == [
        ("accepted", "a phone (iPhone, Safari)", "owner", 0),
        ("dropped", "kim", "owner", None),
        ("waiting", "kim", "", None),
    ]
    assert proposed[1]["players"]["Robert"]["went_out"] is True  # as named today
    eve, finishers = a["seats"][4], [s["final_total"] for s in a["seats"][:4]]
    assert (eve["left_from_hand"], eve["total_posted"]) == (5, True)
    assert eve["final_total"] == sum(sorted(finishers)[-2:])
    assert [g["status"] for g in data["games"]] == [
        "finished",
        "playing",
        "finished",
        "incomplete",
        "incomplete",
        "incomplete",
        "suspended",
    ]
    ended_here, left_alone = data["games"][4], data["games"][5]
    assert [h["state"] for h in ended_here["hands"]] == ["scored", "unplayed"]
    assert ended_here["hands"][1]["claims"][0]["player"] == "Cat"
    assert [h["state"] for h in left_alone["hands"]] == ["scored", "unplayed"]
    assert (ended_here["discarded"], left_alone["discarded"]) == (True, True)
    assert "Fewer than two players were left" in left_alone["end_note"]
    assert data["games"][3]["discarded"] and not data["games"][2]["discarded"]
    assert data["games"][6]["ruleset"] == 1 and len(data["games"][6]["seats"]) == 3
    assert data["rulesets"][1]["rules"]["short_card_penalty"] == 15
    assert data["games"][6]["rules"]["short_card_penalty"] == 10

    played = stored_rows(league.id)
    imported = import_afresh(runner, exported.stdout)
    assert imported.exit_code == 0, imported.output
    assert "Imported the league “Demo family” with 7 games." in imported.stdout
    again = runner.invoke(args=["export"])

    assert again.exit_code == 0, again.output
    assert without_time(again.stdout) == without_time(exported.stdout)
    # The replay wrote the very rows the table's own play wrote, to the last column.
    copy = db.session.scalar(select(League.id))
    assert stored_rows(copy) == played
    assert sum(len(rows) for rows in played.values()) > 150


def test_a_file_naming_cards_short_missing_cards_still_reads(app, runner):
    exported = runner.invoke(args=["export", rich_league().name]).stdout
    assert '"short_cards": 1' in exported  # the rich league has a player one card short
    older = exported.replace('"short_cards"', '"missing_cards"')

    imported = import_afresh(runner, older)

    assert imported.exit_code == 0, imported.output
    assert without_time(runner.invoke(args=["export"]).stdout) == without_time(exported)


def test_a_report_giving_both_names_of_cards_short_is_refused(app, runner):
    exported = runner.invoke(args=["export", rich_league().name]).stdout
    both = exported.replace('"short_cards": 1', '"short_cards": 1, "missing_cards": 1', 1)

    imported = import_afresh(runner, both)

    assert imported.exit_code != 0
    assert "older name of short_cards" in imported.output
    assert not any(count for table, count in row_counts().items() if table != "account")


def test_import_recomputes_every_result_instead_of_reading_it(app):
    league = rich_league()
    original = json.loads(exchange.league_json(league))
    tampered = json.loads(exchange.league_json(league))
    tampered["league"]["name"] = "Copy"
    for game in tampered["games"]:
        game.update(discarded=not game["discarded"], end_note="made up")
        for seat_data in game["seats"]:
            seat_data.update(final_total=1, place=9, total_posted=not seat_data["total_posted"])
        for hand in game["hands"]:
            for report in hand["players"].values():
                report.update(score=999, posted=not report["posted"])

    copy = exchange.import_league(json.dumps(tampered))
    db.session.commit()

    assert json.loads(exchange.league_json(copy))["games"] == original["games"]
    assert tampered["games"] != original["games"]


@pytest.fixture
def smiths(make_game) -> tuple[League, dict]:
    """The Smiths after three hands of Continental, hand 4 in play, and their file as data."""
    game = make_game()
    play_hand(game, [out(), tally(low=2), tally(high=1), tally(low=1), tally(ace=1)])
    play_hand(game, [tally(low=1), out(), tally(low=3), tally(high=2), tally(low=1)])
    play_hand(game, [tally(low=2), tally(high=1), out(), tally(low=1), tally(joker=1)])
    return game.league, json.loads(exchange.league_json(game.league))


def change(**paths):
    """A change to the file: each keyword sets the value at a path such as games__0__status."""

    def apply(text: str) -> str:
        data = json.loads(text)
        for path, value in paths.items():
            *parents, last = path.split("__")
            target = data
            for key in parents:
                target = target[int(key)] if isinstance(target, list) else target[key]
            if value is DELETE:
                del target[last]
            else:
                target[int(last) if isinstance(target, list) else last] = value
        return json.dumps(data, indent=2)

    return apply


DELETE = object()
HAND_1 = "games__0__hands__0__players"
HAND_3 = "games__0__hands__2__players"
# A proposed correction of hand 1, accepted by the hand's first correction (it has none).
PROPOSAL = {
    "sent_at": "2026-11-26T08:00:00+00:00",
    "sent_by": "kim",
    "stock_ran_out": False,
    "players": {"Ann": {"went_out": True}, "Bob": {}, "Cat": {}, "Dan": {}, "Eve": {}},
    "state": "accepted",
    "decided_by": "owner",
    "decided_at": "2026-11-26T08:05:00+00:00",
    "correction": 0,
}

# fmt: off
REFUSALS = [
    # What is wrong,        the change to the file,                            the message
    ("truncated",           lambda text: text[: len(text) // 2],               r"line \d+, column \d+: the file is not valid JSON, or it was cut short \(.+\)\."),
    ("empty",               lambda text: "",                                   "line 1, column 1: the file is not valid JSON, or it was cut short (Expecting value)."),
    ("not an object",       lambda text: "[1, 2]",                             "The file holds a list, not a league: expected a JSON object."),
    ("another format",      change(format="spreadsheet"),                      'format: this is not a Scorekeeper league file (expected "scorekeeper-league").'),
    ("unknown version",     change(version=5),                                 "version: this app reads versions 1 to 4 of the league file, not 5."),
    ("negative tally",      change(**{f"{HAND_3}__Ann__tally__2-9": -1}),      'games[0].hands[2].players["Ann"].tally["2-9"]: a count of cards cannot be negative.'),
    ("unknown card group",  change(**{f"{HAND_3}__Ann__tally": {"2-10": 2}}),  'games[0].hands[2].players["Ann"].tally["2-10"]: the rules have no card price “2-10”.'),
    ("two players out",     change(**{f"{HAND_1}__Bob": {"went_out": True}}),  "games[0].hands[0].players: Only one player can go out in a hand, but Ann and Bob are marked out."),
    ("missing report",      change(**{f"{HAND_1}__Cat": DELETE}),              "games[0].hands[0].players: there is no report for Cat, who plays hand 1."),
    ("count as text",       change(**{f"{HAND_1}__Bob__tally__2-9": "2"}),     'games[0].hands[0].players["Bob"].tally["2-9"]: expected a whole number, got "2".'),
    ("unknown player seat", change(games__0__seats__1__player="Zed"),          "games[0].seats[1].player: Zed is not one of the league's players."),
    ("hand past the last",  change(games__0__hands__3__number=8),              "games[0].hands[3].number: Continental has hands 1 to 7, not hand 8."),
    ("wrong dealer",        change(games__0__hands__1__dealer=3),              "games[0].hands[1].dealer: hand 2 is dealt by seat 1 (Bob), not seat 3."),
    ("left a scored hand",  change(games__0__seats__0__left_from_hand=1),      "games[0].seats[0].left_from_hand: A player can leave from the hand in play (2) up to hand 7; scored hands stay as they are."),
    ("status not so",       change(games__0__status="finished"),               "games[0].status: the hands make this game playing, not finished."),
    ("rules refused",       change(rulesets__0__rules__hands__0__cards_dealt=0), "rulesets[0].rules.hands[0].cards_dealt: Hand 1: each player is dealt 1 to 60 cards, not 0."),
    ("game rules refused",  change(games__0__rules__prices=[]),                "games[0].rules.prices: Say what the card A costs when left in hand."),
    ("unknown field",       change(games__0__hands__0__dealt_by="Ann"),        "games[0].hands[0].dealt_by: this field is not part of the format."),
    ("proposal in play",    change(games__0__hands__3__proposals=[PROPOSAL]),  "games[0].hands[3].proposals: only a scored hand can have proposed corrections."),
    ("proposal's fix",      change(games__0__hands__0__proposals=[PROPOSAL]),  "games[0].hands[0].proposals[0].correction: an accepted proposal names one of the hand's corrections."),
    ("league name taken",   change(league__name="the smiths"),                 "league.name: a league called “The Smiths” is already here; rename one of them first."),
]
# fmt: on


@pytest.mark.parametrize(
    ("spoil", "message"), [row[1:] for row in REFUSALS], ids=[row[0] for row in REFUSALS]
)
def test_a_faulty_file_is_refused_where_it_is_wrong_and_changes_nothing(
    runner, smiths, spoil, message
):
    _, data = smiths
    data["league"]["name"] = "The Smiths, again"
    before = row_counts()

    result = runner.invoke(
        args=["import", "-", "--owner", "owner"], input=spoil(json.dumps(data, indent=2))
    )

    assert result.exit_code == 1
    expected = message if message.startswith("line \\d") else re.escape(message)
    assert re.fullmatch(f"Error: {expected} Nothing was imported.\n", result.stderr)
    assert row_counts() == before


def test_import_gives_the_league_to_the_owner_named(runner, smiths, owner):
    _, data = smiths
    data["league"]["name"] = "The Smiths, again"
    before = row_counts()

    unknown = runner.invoke(args=["import", "-", "--owner", "nobody"], input=json.dumps(data))
    known = runner.invoke(args=["import", "-", "--owner", "owner"], input=json.dumps(data))

    assert unknown.exit_code == 1 and "No account is called 'nobody'." in unknown.stderr
    assert known.exit_code == 0, known.output
    copy = db.session.scalar(select(League).filter_by(name="The Smiths, again"))
    assert copy.owner_id == owner.id
    assert row_counts()["league"] == before["league"] + 1


def test_export_names_the_league_to_write(runner, smiths, make_league):
    make_league(name="The Joneses", players=("Ann", "Bob"))

    by_id = runner.invoke(args=["export", str(smiths[0].id)])
    unnamed = runner.invoke(args=["export"])
    unknown = runner.invoke(args=["export", "The Browns"])

    assert json.loads(by_id.stdout)["league"]["name"] == "The Smiths"
    assert (
        unnamed.exit_code == 1
        and "Say which league to export: 1 (The Smiths), 2 (The Joneses)." in unnamed.stderr
    )
    assert unknown.exit_code == 1 and "No league is called 'The Browns'" in unknown.stderr


def test_download_is_an_attachment_named_after_the_league(client, smiths):
    league, data = smiths

    response = client.get(f"/leagues/{league.id}/export")

    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert response.headers["Content-Disposition"] == 'attachment; filename="the-smiths.json"'
    assert without_time(response.get_data(as_text=True)) == without_time(
        exchange.league_json(league, indent=None)
    )
    assert client.get("/leagues/99/export").status_code == 404


def test_league_page_snippet_offers_the_download_to_the_owner(app, smiths):
    include = '{% include "leagues/_exchange.html" %}'
    with app.test_request_context():
        for_owner = render_template_string(include, league=smiths[0], role="owner")
        for_scorer = render_template_string(include, league=smiths[0], role="scorer")

    assert f'href="/leagues/{smiths[0].id}/export"' in for_owner
    assert 'href="/leagues/import"' in for_owner
    assert "Download" not in for_scorer


def test_strangers_neither_download_nor_upload(anonymous, smiths):
    league, data = smiths
    data["league"]["name"] = "The Strangers"
    before = row_counts()

    download = anonymous.get(f"/leagues/{league.id}/export")
    upload_form = anonymous.get("/leagues/import")
    uploaded = upload(anonymous, json.dumps(data))

    for response in (download, upload_form, uploaded):
        assert response.status_code == 302 and response.location.startswith("/login")
    assert row_counts() == before


def upload(client, text: str | bytes, name: str = "league.json"):
    body = text.encode() if isinstance(text, str) else text
    return client.post("/leagues/import", data={"file": (io.BytesIO(body), name)})


def test_upload_creates_a_new_league_of_the_uploader(client, smiths):
    league, data = smiths
    data["league"]["name"] = "The Smiths at the lake"

    form = client.get("/leagues/import")
    response = upload(client, json.dumps(data))

    assert form.status_code == 200 and 'enctype="multipart/form-data"' in markup(form)
    copy = db.session.scalar(select(League).filter_by(name="The Smiths at the lake"))
    assert response.status_code == 302
    assert copy.owner_id == league.owner_id
    assert response.headers["Location"].endswith(f"/leagues/{copy.id}")
    assert [p.name for p in copy.players] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert json.loads(exchange.league_json(copy))["games"] == data["games"]
    assert "League “The Smiths at the lake” imported with 1 game." in visible_text(
        client.get(response.headers["Location"])
    )


def test_upload_refused_says_where_and_changes_nothing(client, smiths):
    _, data = smiths
    data["league"]["name"] = "Another"
    data["games"][0]["hands"][2]["players"]["Ann"]["tally"]["2-9"] = -1
    before = row_counts()

    response = upload(client, json.dumps(data))

    assert response.status_code == 422
    assert (
        'games[0].hands[2].players["Ann"].tally["2-9"]: a count of cards cannot be negative.'
        in visible_text(response)
    )
    assert "Nothing was imported." in visible_text(response)
    assert row_counts() == before


def test_upload_without_a_file_asks_for_one(client, smiths):
    before = row_counts()

    response = client.post("/leagues/import", data={})

    assert response.status_code == 422
    assert "Choose the league file to import." in visible_text(response)
    assert row_counts() == before


def test_upload_too_large_is_refused_with_a_clear_page(client, smiths):
    before = row_counts()

    # Sent as the bytes a browser sends: the test client would spool a large file to disk.
    body = (
        b'--x\r\nContent-Disposition: form-data; name="file"; filename="big.json"\r\n\r\n'
        + b" " * (2 * 1024 * 1024)
        + b"\r\n--x--\r\n"
    )
    response = client.post(
        "/leagues/import", data=body, content_type="multipart/form-data; boundary=x"
    )

    assert response.status_code == 413
    assert "The file is larger than 2 MiB, the most this app accepts." in visible_text(response)
    assert row_counts() == before
