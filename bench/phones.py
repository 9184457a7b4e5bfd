"""The phones of `make load`: Locust users, four to a table, run for one step of the ramp.

Run by `bench/load.py` in Locust's own environment (`.venv-load`, made by `make load`), once
per server and number of tables:

    python -m bench.phones PLAN HOST TABLES WARMUP SECONDS OUT

PLAN (JSON) lists each table's screen, its league's standings and its four phones' cookies.
Each phone opens the table screen, then asks for the game's version every POLL_SECONDS with
the ETag of the last answer that matched its page (as static/poll.js does), and reloads the
table screen when the version moved. One phone of each table scores a hand every
SAVE_SECONDS: it follows the screen's "Score hand" link, fills in the form and sends it with
the token and action key the form holds, then loads the table screen it is sent back to.
Now and then a phone opens the league's standings, or the game's scoresheet PDF. Locust's
statistics are reset after WARMUP seconds and read SECONDS later into OUT (JSON): per kind of
request, its count, failures and percentiles.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from http.cookiejar import Cookie
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit

import gevent
from locust import FastHttpUser, constant_pacing, events, task
from locust.env import Environment

from bench.pages import PDF_LINK, SCORE_LINK, filled_report, read

POLL_SECONDS = 5  # the app's POLL_SECONDS: what a table screen asks at
SAVE_SECONDS = 60  # one hand a minute at each table
# Chances, at each poll of each phone, that it opens the standings or the scoresheet PDF:
# about once every two and three minutes at each table.
STANDINGS_CHANCE = POLL_SECONDS / 120 / 4
PDF_CHANCE = POLL_SECONDS / 180 / 4
PERCENTILES = (0.5, 0.95, 0.99)
KINDS = ("poll", "table screen", "hand form", "hand save", "standings", "PDF")

PLAN: list[dict[str, Any]] = []
SEATS = itertools.count()  # each phone spawned takes the next seat: table i has 4i .. 4i+3


def cookie(name: str, value: str, host: str) -> Cookie:
    """A cookie of the server's, as the phone's browser kept it."""
    return Cookie(
        0, name, value, None, False, host, False, False, "/", True, False, None, False, None,
        None, {},
    )  # fmt: skip


class Phone(FastHttpUser):
    """A phone at a table: follows the game, and scores a hand now and then if it is the
    table's scorer."""

    wait_time = constant_pacing(POLL_SECONDS)

    def on_start(self) -> None:
        """Take a seat, wait a moment as phones do not start together, open the screen."""
        seat = next(SEATS)
        table = PLAN[seat // 4 % len(PLAN)]
        self.table, self.scorer = table, seat % 4 == 0
        host = urlsplit(self.host).hostname or ""
        for name, value in table["phones"][seat % 4].items():
            self.client.cookiejar.set_cookie(cookie(name, value, host))
        self.tag: str | None = None
        self.turn = seat
        self.next_save = time.monotonic() + random.uniform(0, SAVE_SECONDS)
        gevent.sleep(random.uniform(0, POLL_SECONDS))
        self.open_table()

    def open_table(self, path: str | None = None) -> None:
        """Load the table screen, as after a save or a reload: its version and links."""
        with self.client.get(path or self.table["table"], name="table screen",
                             catch_response=True) as answer:  # fmt: skip
            if answer.status_code != 200:
                answer.failure(f"table screen answered {answer.status_code}")
                return
            page = read(answer.text)
        live = page.data.get("live", {})
        self.version, self.version_url = live.get("version"), live.get("version-url")
        self.score_link, self.pdf_link = page.link_to(SCORE_LINK), page.link_to(PDF_LINK)

    @task
    def follow(self) -> None:
        """Poll the version; reload on a change; score, print or look at the standings."""
        self.poll()
        if self.scorer and time.monotonic() >= self.next_save:
            self.next_save += SAVE_SECONDS
            self.score()
        if random.random() < STANDINGS_CHANCE:
            self.look("standings", self.table["standings"])
        if self.pdf_link and random.random() < PDF_CHANCE:
            self.look("PDF", self.pdf_link)

    def poll(self) -> None:
        """Ask for the version as static/poll.js does: the tag of the page's own version."""
        if not self.version_url:
            return
        headers = {"Accept": "application/json"}
        if self.tag:
            headers["If-None-Match"] = self.tag
        with self.client.get(self.version_url, headers=headers, name="poll",
                             catch_response=True) as answer:  # fmt: skip
            if answer.status_code == 304:
                return
            if answer.status_code != 200:
                answer.failure(f"poll answered {answer.status_code}")
                return
            version = str(json.loads(answer.text)["version"])
        if version == self.version:
            self.tag = answer.headers.get("ETag")
        else:
            self.open_table()

    def score(self) -> None:
        """The hand form, filled in and sent; then the table screen it sends the phone to."""
        if not self.score_link:
            return  # the game is over: nothing left to score
        form_page = urljoin(self.table["table"], self.score_link)
        with self.client.get(form_page, name="hand form", catch_response=True) as answer:
            if answer.status_code != 200:
                answer.failure(f"hand form answered {answer.status_code}")
                return
            form = next((f for f in read(answer.text).forms if "action_key" in f.fields), None)
            if form is None:
                answer.failure("the hand form has no form with an action key")
                return
        self.turn += 1
        body = urlencode(filled_report(form, self.turn))
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        action = urljoin(form_page, form.action or form_page)
        with self.client.post(action, data=body, headers=headers, name="hand save",
                              allow_redirects=False, catch_response=True) as answer:  # fmt: skip
            if answer.status_code != 302:
                answer.failure(f"hand save answered {answer.status_code}")
                return
            back = answer.headers.get("Location")
        self.open_table(urlsplit(urljoin(action, back)).path if back else None)

    def look(self, kind: str, path: str) -> None:
        """Open a page or PDF and read it whole."""
        with self.client.get(path, name=kind, catch_response=True) as answer:
            if answer.status_code != 200:
                answer.failure(f"{kind} answered {answer.status_code}")


def step(host: str, tables: int, warmup: float, seconds: float) -> dict[str, Any]:
    """Run four phones a table at `host`; the statistics of the last `seconds`."""
    env = Environment(user_classes=[Phone], host=host, events=events)
    runner = env.create_local_runner()
    runner.start(4 * tables, spawn_rate=4 * tables)
    gevent.sleep(warmup)
    env.stats.reset_all()
    gevent.sleep(seconds)
    kinds = {}
    for kind in KINDS:
        entries = [e for (name, _), e in env.stats.entries.items() if name == kind]
        count = sum(e.num_requests for e in entries)
        failures = sum(e.num_failures for e in entries)
        percentiles = {
            f"p{round(p * 100)}": entries[0].get_response_time_percentile(p) if count else None
            for p in PERCENTILES
        }
        kinds[kind] = {"count": count, "failures": failures, **percentiles}
    errors = [
        f"{error.name}: {error.error} ({error.occurrences})" for error in env.stats.errors.values()
    ]
    runner.quit()
    return {"tables": tables, "seconds": seconds, "kinds": kinds, "errors": errors}


def main(argv: list[str]) -> int:
    """Read the plan, run one step, write its statistics."""
    plan, host, tables, warmup, seconds, out = argv
    PLAN.extend(json.loads(Path(plan).read_text()))
    result = step(host, int(tables), float(warmup), float(seconds))
    Path(out).write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
