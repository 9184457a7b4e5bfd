"""A whole game of Continental on one phone, from a new league to the final places."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .phone import GROUPS, PRICES, HandForm, Tally, Thumb

pytestmark = pytest.mark.browser

ACCOUNT = ("smiths", "ten-or-more-characters")  # user name and password of the league's owner
LEAGUE = "The Smiths"
JOINING = ("Cat", "Ann", "Eve", "Bob", "Dan")  # the order they are added in
PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Eve")  # the league lists them by name
# The seating page starts in that order; Eve moves up one seat, then Ann down one.
MOVES = (("Eve", "up"), ("Ann", "down"))
SEATING = ("Bob", "Ann", "Cat", "Eve", "Dan")
FIRST_DEALER = "Cat"

# Continental's seven contracts, with the fewest cards each needs to go down.
CONTRACTS = (
    ("2 sets", 6),
    ("1 set + 1 run", 7),
    ("2 runs", 8),
    ("3 sets", 9),
    ("2 sets + 1 run", 10),
    ("1 set + 2 runs", 11),
    ("3 runs", 12),
)
HANDS = len(CONTRACTS)
CARDS_DEALT = 12

OUT = None  # the player who went out holds no cards
T = Tally
# What each player still held at the end of each hand, as (2-9, 10-K, A, Joker), in seat order.
# fmt: off
TALLIES: tuple[tuple[Tally | None, ...], ...] = (
    # Bob           Ann             Cat             Eve             Dan
    (T(2, 1, 0, 0), T(1, 2, 1, 0),  T(3, 0, 0, 0),  OUT,            T(0, 1, 0, 1)),  # hand 1
    (T(1, 1, 0, 0), OUT,            T(2, 2, 0, 0),  T(0, 0, 1, 0),  T(4, 1, 0, 0)),  # hand 2
    (T(2, 0, 1, 0), T(0, 3, 0, 0),  T(1, 0, 0, 1),  T(3, 1, 0, 0),  OUT),            # hand 3
    (T(0, 2, 0, 0), T(2, 0, 0, 0),  OUT,            T(1, 1, 1, 0),  T(2, 2, 0, 0)),  # hand 4
    (OUT,           T(3, 1, 0, 0),  T(1, 1, 0, 0),  T(2, 0, 0, 0),  T(0, 1, 1, 0)),  # hand 5
    (T(1, 2, 0, 0), T(3, 0, 0, 0),  T(2, 1, 0, 0),  OUT,            T(1, 0, 0, 0)),  # hand 6
    (T(3, 0, 0, 0), OUT,            T(0, 2, 1, 0),  T(2, 2, 0, 0),  T(1, 1, 0, 0)),  # hand 7
)
# fmt: on
# A slip of the thumb: one card too many tapped, then taken back with "−". (hand, player, group)
SLIP = (2, "Dan", "2-9")
# In hand 3 Bob is ticked "Went out" along with Dan by mistake; the form refuses the hand.
WRONGLY_OUT = (3, "Bob")
# Check the "Totals so far" list after these hands.
TOTALS_CHECKED_AFTER = (1, 3, 6)


def hand_scores(hand: int) -> list[int]:
    """Each seat's score for hand `hand`: the cards left in hand, 0 for going out."""
    return [0 if tally is OUT else tally.points for tally in TALLIES[hand - 1]]


def running_totals() -> list[list[int]]:
    """Each seat's total after each hand."""
    totals = [0] * len(SEATING)
    after_each = []
    for hand in range(1, HANDS + 1):
        totals = [total + score for total, score in zip(totals, hand_scores(hand), strict=True)]
        after_each.append(totals)
    return after_each


def places(totals: list[int]) -> list[int]:
    """Each seat's place: lowest total first, a tie shares the place (1, 2, 2, 4)."""
    return [1 + sum(other < total for other in totals) for total in totals]


def dealer(hand: int) -> str:
    """The deal passes one seat to the left (the next in seating order) each hand."""
    return SEATING[(SEATING.index(FIRST_DEALER) + hand - 1) % len(SEATING)]


def first_player(hand: int) -> str:
    """The player after the dealer plays first."""
    return SEATING[(SEATING.index(dealer(hand)) + 1) % len(SEATING)]


def expected_standings(totals: list[int], mark: str) -> list[str]:
    """The rows of the totals list: place, name (the leader marked), total, best first."""
    placed = places(totals)
    order = sorted(range(len(SEATING)), key=lambda seat: (totals[seat], seat))
    return [
        f"{placed[seat]} {SEATING[seat]}{' ' + mark if placed[seat] == 1 else ''} {totals[seat]}"
        for seat in order
    ]


def test_a_family_plays_a_whole_game_of_continental(
    page: Page, hand_form: HandForm, thumb: Thumb, screenshots: Path | None
):
    totals = running_totals()
    assert sorted(places(totals[-1])) == [1, 2, 2, 4, 5], "the game should end with a tie"
    start_league(page, thumb)
    start_game(page, thumb)
    for hand in range(1, HANDS + 1):
        check_hand_card(page, hand)
        score_hand(page, hand_form, thumb, hand)
        if hand < HANDS:
            expect(page.locator(".flash")).to_have_text(f"Hand {hand} saved.")
        if hand in TOTALS_CHECKED_AFTER:
            expect(page.get_by_role("heading", name="Totals so far")).to_be_visible()
            rows = page.get_by_test_id("totals").locator("li")
            expect(rows).to_have_text(expected_standings(totals[hand - 1], "leads"))
        if hand == 3 and screenshots:
            save_screenshots(page, screenshots)
    check_results(page, totals)
    print(f"\nTaps for the whole game, league and seating included: {thumb.taps}")


def start_league(page: Page, thumb: Thumb) -> None:
    """Make an account, create the league on the home page, and add its players one by one."""
    username, password = ACCOUNT
    page.goto("/")
    thumb.tap(page.get_by_role("link", name="Make an account"))
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password", exact=True).fill(password)
    page.get_by_label("Password again").fill(password)
    thumb.tap(page.get_by_role("button", name="Make the account"))
    expect(page.locator(".flash")).to_have_text(f"Welcome, {username}. Start your league below.")
    page.get_by_label("League name").fill(LEAGUE)
    page.get_by_label("Rules").select_option(label="Continental")
    thumb.tap(page.get_by_role("button", name="Create league"))
    expect(page.get_by_role("heading", level=1)).to_have_text(LEAGUE)
    for name in JOINING:
        page.get_by_label("Name", exact=True).fill(name)
        thumb.tap(page.get_by_role("button", name="Add player"))
        expect(page.locator(".flash")).to_have_text(f"{name} joined {LEAGUE}.")
    players = page.get_by_role("region", name="Players").get_by_role("listitem")
    expect(players).to_have_text([re.compile(rf"^{name}\b") for name in PLAYERS])


def start_game(page: Page, thumb: Thumb) -> None:
    """Tick the five players, change the seating with ▲/▼, choose the first dealer, start."""
    thumb.tap(page.get_by_role("link", name="New game"))
    playing = page.get_by_role("group", name="Who is playing?")
    for name in PLAYERS:
        box = playing.get_by_label(name, exact=True)
        thumb.tap(box)
        expect(box).to_be_checked()
    thumb.tap(page.get_by_role("button", name="Next: seating"))
    seats = page.locator("ol.seating .seat-name")
    expect(seats).to_have_text(list(PLAYERS))
    expect(page.get_by_role("button", name=f"Move {PLAYERS[0]} up")).to_be_disabled()
    order = list(PLAYERS)
    for name, direction in MOVES:
        seat = order.index(name)
        other = seat - 1 if direction == "up" else seat + 1
        order[seat], order[other] = order[other], order[seat]
        thumb.tap(page.get_by_role("button", name=f"Move {name} {direction}"))
        expect(seats).to_have_text(order)
    assert tuple(order) == SEATING
    dealer_choice = page.get_by_label("Who drew the high card? They deal first.")
    expect(dealer_choice.locator("option")).to_have_text([*SEATING, "Pick at random for us"])
    dealer_choice.select_option(label=FIRST_DEALER)
    thumb.tap(page.get_by_role("button", name="Start the game"))
    expect(page.locator(".flash")).to_have_text(f"Game on! {FIRST_DEALER} deals hand 1.")


def check_hand_card(page: Page, hand: int) -> None:
    """The table screen says which hand, its contract, who deals, who starts, how many cards."""
    contract, minimum = CONTRACTS[hand - 1]
    expect(page.locator(".hand-of")).to_have_text(f"Hand {hand} of {HANDS}")
    expect(page.get_by_test_id("contract")).to_have_text(contract)
    expect(page.locator(".minimum")).to_have_text(f"at least {minimum} cards to go down")
    expect(page.get_by_test_id("dealer")).to_have_text(dealer(hand))
    expect(page.get_by_test_id("first-player")).to_have_text(first_player(hand))
    expect(page.get_by_test_id("cards-dealt")).to_have_text(str(CARDS_DEALT))
    special = page.get_by_test_id("special-rule")
    if hand == 1:
        expect(special).to_have_text("This hand: You may not go down with three sets in this hand.")
    else:
        expect(special).to_have_count(0)


def score_hand(page: Page, form: HandForm, thumb: Thumb, hand: int) -> None:
    """From the table screen: tap "Score hand k", tick who went out, tap the tallies, save."""
    tallies = dict(zip(SEATING, TALLIES[hand - 1], strict=True))
    went_out = next(name for name, tally in tallies.items() if tally is OUT)
    thumb.tap(page.get_by_role("link", name=f"Score hand {hand}"))
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Score hand {hand}")
    form.tap_went_out(went_out)
    expect(form.card(went_out).get_by_label("Went out")).to_be_checked()
    expect(form.points(went_out)).to_have_text("out · 0")
    wrongly_out = WRONGLY_OUT[1] if WRONGLY_OUT[0] == hand else None
    if wrongly_out:
        form.tap_went_out(wrongly_out)
    for name, tally in tallies.items():
        if tally is OUT or name == wrongly_out:
            continue
        form.tap_tally(name, tally)
        if (hand, name) == SLIP[:2]:
            take_back_a_slip(form, name, tally, SLIP[2])
    if wrongly_out:
        refuse_two_players_out(page, form, hand, tallies, went_out, wrongly_out)
    form.save(hand)


def take_back_a_slip(form: HandForm, name: str, tally: Tally, group: str) -> None:
    """One tap too many shows the extra points; "−" takes the card back."""
    price = PRICES[GROUPS.index(group)]
    form.tap_more(name, group)
    expect(form.points(name)).to_have_text(f"{tally.points + price} pts")
    form.tap_fewer(name, group)
    expect(form.points(name)).to_have_text(f"{tally.points} pts")


def refuse_two_players_out(
    page: Page,
    form: HandForm,
    hand: int,
    tallies: dict[str, Tally | None],
    went_out: str,
    wrongly_out: str,
) -> None:
    """Two players out: the hand is refused, everything tapped stays, and the fix is saved."""
    form.save(hand)
    both = " and ".join(name for name in SEATING if name in (went_out, wrongly_out))
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Nothing was saved yet.")
    expect(alert).to_contain_text(
        f"Only one player can go out in a hand, but {both} are marked out."
    )
    for name, tally in tallies.items():
        if tally is not OUT and name != wrongly_out:
            form.expect_tally(name, tally)
    expect(form.card(went_out).get_by_label("Went out")).to_be_checked()
    form.tap_went_out(wrongly_out)
    expect(form.card(wrongly_out).get_by_label("Went out")).not_to_be_checked()
    form.tap_tally(wrongly_out, tallies[wrongly_out])


def save_screenshots(page: Page, folder: Path) -> None:
    """The table screen in the light and the dark colour scheme."""
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        page.screenshot(path=folder / f"table-{scheme}.png", full_page=True)
    page.emulate_media(color_scheme="light")


def check_results(page: Page, totals: list[list[int]]) -> None:
    """After the last hand: the winner, the final places with the tie, and the per-hand table."""
    final = totals[-1]
    placed = places(final)
    winner = SEATING[placed.index(1)]
    expect(page.get_by_role("heading", name="Game over")).to_be_visible()
    expect(page.get_by_test_id("winner")).to_have_text(f"{winner} wins with {min(final)} points.")
    expect(page.get_by_role("link", name=re.compile("Score hand"))).to_have_count(0)
    expect(page.get_by_role("heading", name="Final places")).to_be_visible()
    rows = page.get_by_test_id("totals").locator("li")
    expect(rows).to_have_text(expected_standings(final, "winner"))
    expect(rows.locator(".place")).to_have_text([str(p) for p in sorted(placed)])

    sheet = page.locator("table.sheet")
    expect(sheet.locator("thead th")).to_have_text(["Hand", *SEATING])
    body = sheet.locator("tbody tr")
    expect(body).to_have_count(HANDS)
    for hand in range(1, HANDS + 1):
        row = body.nth(hand - 1)
        contract, _ = CONTRACTS[hand - 1]
        expect(row.locator("th")).to_have_text(
            f"{hand} {contract} {dealer(hand)} dealt Fix hand {hand}"  # every hand can be fixed
        )
        cells = [
            f"{'out ' if tally is OUT else ''}{score} {running}"
            for tally, score, running in zip(
                TALLIES[hand - 1], hand_scores(hand), totals[hand - 1], strict=True
            )
        ]
        expect(row.locator("td")).to_have_text(cells)
    foot = sheet.locator("tfoot tr")
    expect(foot.nth(0).locator("td")).to_have_text([str(total) for total in final])
    expect(foot.nth(1).locator("td")).to_have_text([str(place) for place in placed])
