"""A league with a game at every stage, and the accessibility checks run on its pages."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, timedelta

from axe_playwright_python.base import AXE_SCRIPT, AxeResults
from flask import Flask
from playwright.sync_api import Page, expect

from scorekeeper.extensions import db
from scorekeeper.league import settings as league_settings
from scorekeeper.models import Game, League
from scorekeeper.play import games, hands, interruptions, mayi
from scorekeeper.rules.entries import PlayerEntry

PLAYERS = ("Ann", "Bob", "Cat", "Dan")
SCHEMES = ("light", "dark")
# What axe checks in each scheme: everything in light; in dark, what the colours decide.
AXE_OPTIONS = {
    "light": {"resultTypes": ["violations"]},
    "dark": {
        "resultTypes": ["violations"],
        "runOnly": {"type": "rule", "values": ["color-contrast", "link-in-text-block"]},
    },
}
# Cards left in hand for each of Continental's seven hands, seat by seat, as (2-9, 10-K, A,
# joker); None is who went out. Two finished games give the standings and the charts a history.
FINISHED_HANDS = (
    (None, (2, 1, 0, 0), (3, 2, 1, 0), (1, 0, 0, 0)),
    ((1, 1, 0, 0), None, (2, 0, 0, 0), (3, 3, 1, 0)),
    ((2, 2, 1, 0), (1, 0, 0, 0), None, (2, 1, 0, 0)),
    ((0, 1, 0, 0), (3, 2, 0, 1), (1, 1, 0, 0), None),
    ((4, 4, 1, 0), (2, 1, 1, 0), None, (1, 1, 0, 0)),
    (None, (3, 3, 0, 0), (2, 2, 2, 0), (1, 4, 0, 1)),
    ((1, 2, 0, 0), (2, 0, 1, 0), (3, 3, 0, 0), None),
)
# The smallest target a thumb can hit, in CSS pixels (WCAG 2.5.5, and the house style).
THUMB = 44
# The controls a thumb taps; the keyboard reaches those and any [tabindex] (a scrolling table),
# in the order of the page (no page uses a positive tabindex).
CONTROLS = "a[href], button, input:not([type=hidden]), select, textarea, summary"
FOCUSABLE = f"{CONTROLS}, [tabindex]"


@dataclass(frozen=True)
class Scene:
    """One league's games at every stage, by id, and its read-only link.

    The game in play has hand 1 scored, and in hand 2 a May I? and an empty stock recorded.
    """

    league_id: int
    ruleset_id: int
    player_id: int
    finished_game_id: int
    playing_game_id: int
    playing_hand_number: int
    scored_hand_id: int
    suspended_game_id: int
    share_token: str


def _play(game: Game, reports: tuple) -> None:
    labels = [group.label for group in game.rules.prices]
    for report in reports:
        entries = [
            PlayerEntry(went_out=True)
            if counts is None
            else PlayerEntry(tally=dict(zip(labels, counts, strict=True)))
            for counts in report
        ]
        hands.score_hand(games.current_hand(game), entries, stock_ran_out=False, confirmed=True)
    db.session.flush()
    games.load_game(game.id)  # the hand dealt last, with its rows, as the next request loads it


def build_scene(app: Flask, league_id: int) -> Scene:
    """Fill the league (players PLAYERS) with a game at every stage, straight in the database."""
    with app.app_context():
        league = db.session.get(League, league_id)
        ruleset = league.rulesets[0]
        seated = sorted(league.players, key=lambda player: PLAYERS.index(player.name))
        last_week = date.today() - timedelta(days=7)
        finished = []
        for day, dealer in ((0, 0), (1, 2)):
            game = games.start_game(league, ruleset, seated, dealer, last_week + timedelta(day))
            _play(game, FINISHED_HANDS)
            finished.append(game)
        playing = games.start_game(league, ruleset, seated, 1)
        _play(playing, FINISHED_HANDS[:1])
        hand = games.current_hand(playing)
        mayi.record_claim(hand, playing.seats[2])
        hands.renew_stock(hand)
        suspended = games.start_game(league, ruleset, seated[::-1], 0)
        _play(suspended, FINISHED_HANDS[:2])
        interruptions.suspend(suspended)
        token = league_settings.share(league)
        db.session.commit()
        return Scene(
            league_id=league.id,
            ruleset_id=ruleset.id,
            player_id=seated[0].id,
            finished_game_id=finished[-1].id,
            playing_game_id=playing.id,
            playing_hand_number=hand.number,
            scored_hand_id=games.load_game(playing.id).hands[0].id,
            suspended_game_id=suspended.id,
            share_token=token,
        )


def axe_report(page: Page) -> str:
    """Run axe on the page: every default rule in the light scheme, then in the dark scheme
    the colour rules (app.css's dark scheme changes colours only, never the layout).

    This is axe-playwright-python's `Axe().run` with the package's own axe, injected once per
    page instead of once per run (it is half a megabyte of script). Returns the package's
    readable report of the violations, or "" when there are none.
    """
    if not page.evaluate("typeof window.axe === 'object'"):
        page.evaluate(AXE_SCRIPT)
    reports = []
    for scheme, options in AXE_OPTIONS.items():
        page.emulate_media(color_scheme=scheme)
        results = AxeResults(page.evaluate("options => axe.run(document, options)", options))
        if results.violations_count:
            reports.append(f"--- {scheme} scheme, {page.url}\n{results.generate_report()}")
    page.emulate_media(color_scheme="light")
    return "\n".join(reports)


def open_every_details(page: Page) -> None:
    """Open every <details> (re-deal, penalties), so the controls folded inside show too."""
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")


def mark_tab_stops(page: Page) -> list[str]:
    """Number every control the keyboard should reach, in page order; describe each."""
    return page.evaluate(
        r"""selector => [...document.querySelectorAll(selector)]
            .filter(el => el.tabIndex >= 0 && !el.disabled && el.checkVisibility())
            .map((el, i) => {
              el.dataset.tabStop = i;
              const label = el.getAttribute("aria-label") || el.labels?.[0]?.textContent
                || el.textContent || el.name || "";
              return `<${el.localName}> ${label.trim().replace(/\s+/g, " ").slice(0, 50)}`;
            })""",
        FOCUSABLE,
    )


# The focused element: its tab stop, its outline, and the contrast of the outline against
# what lies just outside the element (the outline is drawn 2 px outside it), as WCAG 1.4.11
# asks of a focus indicator: at least 3:1.
FOCUSED = r"""() => {
  const el = document.activeElement, style = getComputedStyle(el);
  const rgba = colour => colour.match(/[\d.]+/g).map(Number);
  const luminance = ([r, g, b]) => [r, g, b]
    .map(v => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i], 0);
  const rect = el.getBoundingClientRect();
  const x = Math.min(rect.left >= 4 ? rect.left - 4 : rect.right + 4, innerWidth - 1);
  const y = Math.min(Math.max(rect.top + rect.height / 2, 0), innerHeight - 1);
  let backdrop = [255, 255, 255];
  for (let node = document.elementFromPoint(x, y); node; node = node.parentElement) {
    const colour = rgba(getComputedStyle(node).backgroundColor);
    if (colour.length === 3 || colour[3] > 0) { backdrop = colour; break; }
  }
  const [light, dark] = [luminance(rgba(style.outlineColor)), luminance(backdrop)]
    .sort((a, b) => b - a);
  return {stop: el.dataset.tabStop, outline: style.outlineStyle,
          width: parseFloat(style.outlineWidth), contrast: (light + 0.05) / (dark + 0.05),
          html: el.outerHTML.slice(0, 120)};
}"""


def tab_through(page: Page, stops: list[str]) -> list[str]:
    """Press Tab once per stop; what went wrong: order, accessible name, focus outline."""
    problems = []
    for index, stop in enumerate(stops):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused["stop"] != str(index):
            problems.append(f"Tab {index + 1} should reach {stop}, but reached {focused['html']}")
            break  # past a wrong turn, every later stop would be reported too
        if focused["outline"] == "none" or not focused["width"]:
            problems.append(f"{stop}: no visible focus outline")
        elif focused["contrast"] < 3:
            problems.append(f"{stop}: focus outline contrast {focused['contrast']:.2f}:1 < 3:1")
        named = page.locator(f'[data-tab-stop="{index}"]')
        try:
            expect(named).to_have_accessible_name(re.compile(r"\S"), timeout=1_000)
        except AssertionError:
            problems.append(f"{stop}: no accessible name ({focused['html']})")
    return problems


def small_targets(page: Page) -> list[str]:
    """The visible controls smaller than THUMB x THUMB, each with its size.

    The rule (WCAG 2.5.5's exceptions, made concrete):
    - every link, button, form control and <summary> counts, with every <details> opened;
    - a checkbox or radio is as big as its <label>, which a tap also ticks;
    - a link laid out inline in running text (display: inline, with words right before or
      after it) is a text link in a sentence, and is exempt;
    - an element off the screen until focused (the skip link) is no touch target.
    """
    return page.evaluate(
        r"""([selector, least]) => {
          const words = node => node && node.nodeType === Node.TEXT_NODE && /\S/.test(node.data);
          const inSentence = el => el.localName === "a"
            && getComputedStyle(el).display === "inline"
            && (words(el.previousSibling) || words(el.nextSibling));
          const box = el => {
            const labels = ["checkbox", "radio"].includes(el.type) ? [...el.labels] : [];
            const rects = [el, ...labels].map(node => node.getBoundingClientRect());
            const width = Math.max(...rects.map(r => r.width));
            const height = Math.max(...rects.map(r => r.height));
            return {width, height, right: rects[0].right};
          };
          return [...document.querySelectorAll(selector)]
            .filter(el => el.tabIndex >= 0 && el.checkVisibility() && !inSentence(el))
            .map(el => [el, box(el)])
            .filter(([el, size]) => size.right > 0)
            .filter(([el, size]) => size.width < least - 0.01 || size.height < least - 0.01)
            .map(([el, size]) =>
              `${Math.round(size.width)}x${Math.round(size.height)} ${el.outerHTML.slice(0, 120)}`);
        }""",
        [CONTROLS, THUMB],
    )
