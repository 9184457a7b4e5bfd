"""Table passcodes: guesses limited per league as well as per address, a minimum strength
with a phrase suggested, and the owner told in Settings of wrong guesses."""

from __future__ import annotations

import html
import itertools
import re

import pytest
from test_access import PASSCODE, Browser, World, build_world, owner_of, text
from zxcvbn import zxcvbn

from scorekeeper.commands import demo
from scorekeeper.extensions import db
from scorekeeper.league import passcodes, tries
from scorekeeper.league.passphrases import WORDS, suggested_passcode
from scorekeeper.models import League


@pytest.fixture
def world(app, owner) -> World:
    """League A of `owner` and league B of another family (see test_access)."""
    return build_world(owner)


def phone_at(app, address: str) -> Browser:
    phone = Browser(app)
    phone.client.environ_base["REMOTE_ADDR"] = address
    return phone


def join(phone: Browser, league_id: int, passcode: str):
    return phone.post(f"/leagues/{league_id}/join", data={"passcode": passcode})


# --- guesses at one league from many addresses ---


def test_many_addresses_together_cannot_guess_on_at_one_league(app, world):
    league = world.a.league_id
    answers = [
        join(phone_at(app, f"203.0.113.{n}"), league, f"guess {n} {k}").status_code
        for n in range(1, 9)
        for k in range(tries.PASSCODE_FAILURES)
    ]

    # Forty guesses from eight addresses, five each (each address's own limit): only the
    # league's free tries were checked; the rest waited, the right one from a new address too.
    assert answers.count(401) == tries.LEAGUE_PASSCODE_FAILURES
    assert answers.count(429) == 40 - tries.LEAGUE_PASSCODE_FAILURES
    newcomer = phone_at(app, "198.51.100.77")
    refused = join(newcomer, league, PASSCODE)
    assert refused.status_code == 429
    # The wait left is 2 seconds from the last wrong guess, less the time the guesses took.
    assert re.search(
        r"Too many wrong passcodes for this league\. Wait [12] seconds?, then try again\.",
        text(refused),
    )
    assert "scorer_of" not in newcomer.session()


def test_guesses_at_one_league_leave_another_league_open(app, world):
    for n in range(tries.LEAGUE_PASSCODE_FAILURES):
        join(phone_at(app, f"203.0.113.{n + 1}"), world.a.league_id, "wrong guess")

    assert join(phone_at(app, "198.51.100.78"), world.b.league_id, PASSCODE).status_code == 302


# --- how strong a new passcode must be ---


@pytest.mark.parametrize(
    "passcode",
    [
        "1234",  # four digits
        "0000",
        "kitchen",  # one word
        "abcdefgh",  # a run of the alphabet
        "qwerty12",  # a keyboard row
        "password1",  # a common password
        "smiths2024",  # a name and a year
    ],
)
def test_an_easy_passcode_is_refused_with_a_phrase_suggested(app, world, passcode):
    owner = owner_of(app, world.a)
    before = db.session.get(League, world.a.league_id).passcode_hash

    refused = owner.post(
        f"/leagues/{world.a.league_id}/settings/passcode", data={"passcode": passcode}
    )

    assert refused.status_code == 422
    shown = html.unescape(text(refused))
    assert "That passcode is too easy to guess. Try three short unrelated words" in shown
    assert re.search(r"Three short words are easy to say aloud, e\.g\. “\w+ \w+ \w+”", shown)
    db.session.expire_all()
    assert db.session.get(League, world.a.league_id).passcode_hash == before
    assert join(phone_at(app, "198.51.100.9"), world.a.league_id, passcode).status_code == 401


def test_the_suggested_phrase_is_accepted_and_opens_the_table(app, world):
    owner = owner_of(app, world.a)
    page = html.unescape(text(owner.get(f"/leagues/{world.a.league_id}/settings")))
    suggested = page.split("Three short words are easy to say aloud, e.g. “", 1)[1].split("”")[0]
    assert len(suggested.split()) == 3

    saved = owner.post(
        f"/leagues/{world.a.league_id}/settings/passcode", data={"passcode": suggested}
    )

    assert saved.status_code == 302
    assert join(phone_at(app, "198.51.100.9"), world.a.league_id, suggested).status_code == 302


@pytest.mark.parametrize("language", ["en", "es", "de"])
def test_every_suggestion_is_strong_enough_even_of_the_most_common_words(language):
    words = WORDS[language]
    commonest = sorted(words, key=lambda word: zxcvbn(word.casefold())["guesses"])[:6]
    for three in itertools.permutations(commonest, 3):
        assert passcodes.passcode_problem(" ".join(three)) is None, three
    for _ in range(50):
        phrase = suggested_passcode(language)
        assert len(set(phrase.split())) == 3 and set(phrase.split()) <= set(words)
        assert passcodes.passcode_problem(phrase) is None, phrase


def test_the_demo_leagues_passcode_is_one_the_app_would_accept():
    assert passcodes.passcode_problem(demo.DEMO_PASSCODE) is None


# --- the owner is told ---


def test_the_owner_sees_the_wrong_guesses_in_settings(app, world):
    owner = owner_of(app, world.a)
    quiet = html.unescape(text(owner.get(f"/leagues/{world.a.league_id}/settings")))
    for address, guess in [("203.0.113.1", "one"), ("203.0.113.1", "two"), ("203.0.113.2", "3")]:
        join(phone_at(app, address), world.a.league_id, guess)
    join(phone_at(app, "203.0.113.3"), world.b.league_id, "another league's")

    told = html.unescape(text(owner.get(f"/leagues/{world.a.league_id}/settings")))

    assert "Wrong passcodes" not in quiet
    assert "Wrong passcodes typed in the last 24 hours: 3, from 2 networks; the last on " in told
    assert re.search(
        r"the last on \d+ \w+ \d{4} at \d\d:\d\d\. If you did not expect them, set a new passcode\.",
        told,
    )
