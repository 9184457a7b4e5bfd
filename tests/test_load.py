"""`make load`'s pieces that run without Locust: what its phones read on the table screen, the
floor's answers, and how a step is judged."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from bench import load, table_floor
from bench.pages import PDF_LINK, SCORE_LINK, filled_report, read


def step(tables: int, poll: int | None, others: int | None, failures: int = 0, pdf: int = 0):
    """A step's statistics, every kind but the poll and the PDF at `others` ms."""
    kinds = {
        kind: {"count": 10, "failures": 0, "p50": 1, "p95": others, "p99": others}
        for kind in ("table screen", "hand form", "hand save", "standings")
    }
    kinds["poll"] = {"count": 40, "failures": failures, "p50": 1, "p95": poll, "p99": poll}
    kinds["PDF"] = {"count": 1, "failures": 0, "p50": pdf, "p95": pdf, "p99": pdf}
    return {"tables": tables, "kinds": kinds, "errors": []}


@pytest.mark.parametrize(
    ("poll", "others", "failures", "pdf", "held"),
    [
        # the poll under 50 ms, every other request under 250 ms, nothing failed
        (49,   249,  0, 100, True),
        (50,   10,   0, 100, False),
        (10,   250,  0, 100, False),
        (10,   10,   1, 100, False),
        (10,   10,   0, 300, False),
        # a kind not asked for in the step holds
        (10,   None, 0, 100, True),
    ],
)  # fmt: skip
def test_a_step_is_held_when_every_p95_is_under_its_limit(poll, others, failures, pdf, held):
    assert load.held(step(5, poll, others, failures, pdf)) is held


def test_the_tables_held_stop_at_the_first_step_not_held():
    steps = [step(5, 10, 10), step(10, 10, 10), step(20, 80, 10), step(40, 10, 10)]
    assert load.most_held(steps) == 10
    assert load.most_held([step(5, 80, 10)]) == 0
    # The PDF's p95 may be left out, and only it.
    slow_pdfs = [step(5, 10, 10, pdf=300), step(10, 10, 300, pdf=300)]
    assert load.most_held(slow_pdfs) == 0
    assert load.most_held(slow_pdfs, "PDF") == 5


def test_the_table_screen_offers_what_the_phones_follow(client, make_game):
    game = make_game()
    version = game.version
    page = read(client.get(f"/games/{game.id}").get_data(as_text=True))

    live = page.data["live"]
    assert live["version"] == str(version)
    assert client.get(live["version-url"]).json == {"version": version}
    form_page = page.link_to(SCORE_LINK)
    pdf = page.link_to(PDF_LINK)
    assert form_page and pdf
    assert client.get(pdf).mimetype == "application/pdf"

    forms = read(client.get(form_page).get_data(as_text=True)).forms
    form = next(f for f in forms if "action_key" in f.fields)
    saved = client.post(form.action or form_page, data=filled_report(form, 1))
    assert saved.status_code == 302
    assert client.get(live["version-url"]).json == {"version": version + 1}


@pytest.fixture
def floor(tmp_path):
    """The floor app on a SQLite file, with the games of two tables; the statements each
    request sends are counted."""
    database = f"sqlite:///{tmp_path / 'floor.db'}"
    table_floor.prepare(database, 2)
    app = table_floor.create_app(database)
    sent: list[str] = []
    with app.app_context():
        event.listen(
            table_floor.floor_db.engine, "before_cursor_execute", lambda *a: sent.append(a[2])
        )
    yield app.test_client(), sent
    with app.app_context():
        table_floor.floor_db.engine.dispose()


def test_the_floor_answers_each_request_with_one_query(floor):
    client, sent = floor
    screen = read(client.get("/games/2").get_data(as_text=True))
    live = screen.data["live"]
    polled = client.get(live["version-url"])
    assert polled.json == {"version": 1}
    assert (
        client.get(
            live["version-url"], headers={"If-None-Match": polled.headers["ETag"]}
        ).status_code
        == 304
    )

    form_page = screen.link_to(SCORE_LINK)
    form = read(client.get(form_page).get_data(as_text=True)).forms[0]
    assert client.post(form.action, data=filled_report(form, 1)).status_code == 302
    assert client.get(live["version-url"]).json == {"version": 2}
    assert client.get("/games/1/version").json == {"version": 1}
    assert client.get(screen.link_to(PDF_LINK)).data.startswith(b"%PDF")
    assert client.get(table_floor.plan(2)[1]["standings"]).status_code == 200
    assert len(sent) == 9  # nine requests, one statement each


def test_the_floor_plan_seats_four_phones_at_each_table():
    plan = table_floor.plan(3)
    assert [table["table"] for table in plan] == ["/games/1", "/games/2", "/games/3"]
    assert all(len(table["phones"]) == 4 for table in plan)


@pytest.mark.parametrize(
    ("app", "floor", "met"),
    [
        (20, 40, True),
        (19, 40, False),
        (40, 40, True),
        (0,  0,  False),  # nothing held: no verdict to give but a failure
    ],
)  # fmt: skip
def test_the_app_must_hold_half_the_floors_tables(app, floor, met):
    assert load.budget_met(app, floor) is met
