"""A thumb on the phone: counted taps, and the hand form as the table fills it in."""

from __future__ import annotations

import re
from typing import NamedTuple

from playwright.sync_api import Locator, Page, expect

# Continental's price groups, as the hand form labels them, and what each card costs.
GROUPS = ("2-9", "10-K", "A", "Joker")
PRICES = (5, 10, 20, 50)


class Tally(NamedTuple):
    """The cards a player still holds when the hand ends, counted by price group."""

    low: int = 0  # 2-9
    high: int = 0  # 10-K
    ace: int = 0
    joker: int = 0

    @property
    def cards(self) -> int:
        """How many cards are left in hand: one tap each."""
        return sum(self)

    @property
    def points(self) -> int:
        """What the cards cost under Continental's prices."""
        return sum(count * price for count, price in zip(self, PRICES, strict=True))


class Thumb:
    """Taps the screen and counts every tap, so a test can say how much work a hand is."""

    def __init__(self) -> None:
        self.taps = 0

    def tap(self, target: Locator) -> None:
        """Tap `target` once, as a finger would."""
        target.tap()
        self.taps += 1


class HandForm:
    """The "Score hand k" form: a card per player with a "Went out" box and the tally buttons."""

    def __init__(self, page: Page, thumb: Thumb) -> None:
        self.page = page
        self.thumb = thumb

    def card(self, name: str) -> Locator:
        """The fieldset of the player called `name`."""
        player_name = self.page.locator("legend .player-name", has_text=re.compile(f"^{name}$"))
        return self.page.locator("fieldset[data-player]").filter(has=player_name)

    def points(self, name: str) -> Locator:
        """The running points shown in the player's legend, e.g. "35 pts" or "out · 0"."""
        return self.card(name).locator("output[data-points]")

    def count(self, name: str, group: str) -> Locator:
        """The number field of one price group of one player."""
        price = PRICES[GROUPS.index(group)]
        return self.card(name).get_by_label(f"{group} {price} pts", exact=True)

    def tap_went_out(self, name: str) -> None:
        """Tick (or untick) "Went out" for the player."""
        self.thumb.tap(self.card(name).get_by_label("Went out"))

    def tap_more(self, name: str, group: str) -> None:
        """Tap "+" once: one more card of the group."""
        label = f"One more {group} for {name}"
        self.thumb.tap(self.page.get_by_role("button", name=label, exact=True))

    def tap_fewer(self, name: str, group: str) -> None:
        """Tap "−" once: take back one card of the group."""
        label = f"One {group} fewer for {name}"
        self.thumb.tap(self.page.get_by_role("button", name=label, exact=True))

    def tap_tally(self, name: str, tally: Tally) -> None:
        """Tap "+" once for each card the player holds, then check the points shown."""
        for group, count in zip(GROUPS, tally, strict=True):
            for _ in range(count):
                self.tap_more(name, group)
        expect(self.points(name)).to_have_text(f"{tally.points} pts")

    def expect_tally(self, name: str, tally: Tally) -> None:
        """The player's counts and points are still on the form (after a refused save)."""
        for group, count in zip(GROUPS, tally, strict=True):
            expect(self.count(name, group)).to_have_value(str(count))
        expect(self.points(name)).to_have_text(f"{tally.points} pts")

    def save(self, number: int) -> None:
        """Tap "Save hand k"."""
        self.thumb.tap(self.page.get_by_role("button", name=f"Save hand {number}"))
