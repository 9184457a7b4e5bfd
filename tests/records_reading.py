"""The records as a reader finds them on the page, and as worked out apart from the league file.

`page_records` reads each record's title, value and holders off the records page;
`records_from_file` works every record out plainly from the league file's games (the page's
one-line rules, written again here), so the two can be compared whole.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from datetime import date
from typing import Any

# A holder: (game number, hand number, first game of a run of games, players' names).
Holder = tuple[int, int | None, int | None, tuple[str, ...]]
Found = dict[str, tuple[int | None, set[Holder]]]


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def _value(words: str) -> int:
    if words == "a shared win":
        return 0
    found = re.search(r"-?\d+", words)
    assert found, words
    return int(found.group(0))


def _holder(item: str) -> Holder:
    names = tuple(
        sorted(_text(re.search(r'"holder-names">(.*?)</span>', item, re.S)[1]).split(", "))
    )
    where = _text(re.search(r"<a [^>]*>(.*?)</a>", item, re.S)[1])
    if found := re.fullmatch(r"Games (\d+) to (\d+)", where):
        return int(found[2]), None, int(found[1]), names
    if found := re.fullmatch(r"Game (\d+), hand (\d+)", where):
        return int(found[1]), int(found[2]), None, names
    found = re.fullmatch(r"(?:Reached in game|Game) (\d+)", where)
    assert found, where
    return int(found[1]), None, None, names


def page_records(page: str) -> Found:
    """Each record on the page by its title: its value (None when nobody holds it) and its
    holders."""
    found: Found = {}
    for part in page.split("<h3>")[1:]:
        title = _text(part.split("</h3>")[0])
        value = re.search(r'class="record-value">(.*?)</', part, re.S)
        items = re.findall(r"<li>(.*?)</li>", part, re.S)
        found[title] = (
            _value(_text(value[1])) if value else None,
            {_holder(item) for item in items},
        )
    return found


def _best(candidates: Iterable[tuple[int, Holder]], lowest: bool = False):
    candidates = list(candidates)
    if not candidates:
        return None, set()
    values = [value for value, _ in candidates]
    best = min(values) if lowest else max(values)
    return best, {holder for value, holder in candidates if value == best}


def _seasons(data: dict[str, Any]) -> list[tuple[str, date, date]]:
    if data["seasons"]:
        return [
            (s["name"], date.fromisoformat(s["starts_on"]), date.fromisoformat(s["ends_on"]))
            for s in data["seasons"]
        ]
    years = {int(game["started_on"][:4]) for game in data["games"]}
    return [(str(y), date(y, 1, 1), date(y, 12, 31)) for y in sorted(years)]


def _counted(data: dict[str, Any], season: str | None) -> list[tuple[int, date, dict[str, Any]]]:
    """(number, day, game) of the games that count, in the season named (None: all time)."""
    bounds = {name: (start, end) for name, start, end in _seasons(data)}
    found = []
    for number, game in enumerate(data["games"], start=1):
        day = date.fromisoformat(game["started_on"])
        if game["status"] != "finished" or game["discarded"]:
            continue
        if season is not None and not bounds[season][0] <= day <= bounds[season][1]:
            continue
        found.append((number, day, game))
    return found


def _scored(game: dict[str, Any]) -> list[dict[str, Any]]:
    return sorted((h for h in game["hands"] if h["state"] == "scored"), key=lambda h: h["number"])


def records_from_file(data: dict[str, Any], season: str | None = None) -> Found:
    """Every record of the league file's counted games, worked out from the file alone."""
    games = _counted(data, season)
    seasons = _seasons(data)
    found: Found = {}
    wins: dict[str, tuple[int, Holder]] = {}
    outs: dict[str, tuple[int, Holder]] = {}
    zeros: dict[tuple[str, str], tuple[int, Holder]] = {}
    totals: dict[str, list[tuple[int, Holder]]] = {}
    out_runs, comebacks, closest, claims, hands = [], [], [], [], []
    for number, day, game in games:
        season_of = next((n for n, start, end in seasons if start <= day <= end), None)
        for seat in game["seats"]:
            name, holder = seat["player"], (number, None, None, (seat["player"],))
            totals.setdefault(game["rules"]["name"], []).append((seat["final_total"], holder))
            if seat["place"] == 1:
                wins[name] = (wins.get(name, (0, holder))[0] + 1, holder)
        scored = _scored(game)
        for hand in scored:
            for name, report in hand["players"].items():
                holder = (number, None, None, (name,))
                if report["went_out"]:
                    outs[name] = (outs.get(name, (0, holder))[0] + 1, holder)
                if report["score"] <= 0 and season_of is not None:
                    was = zeros.get((season_of, name), (0, holder))[0]
                    zeros[season_of, name] = (was + 1, holder)
            total = sum(report["score"] for report in hand["players"].values())
            hands.append((total, (number, hand["number"], None, tuple(sorted(hand["players"])))))
        # Runs of hands gone out: who went out of each scored hand, in order.
        went = [next((n for n, r in h["players"].items() if r["went_out"]), None) for h in scored]
        run = 1
        for index, who in enumerate(went):
            run = run + 1 if index and who is not None and went[index - 1] == who else 1
            last = index + 1 == len(went) or went[index + 1] != who
            if who is not None and last and run >= 2:
                out_runs.append((run, (number, None, None, (who,))))
        # Half-time: after half the hands, rounded down; the leader of those still seated.
        half = len(scored) // 2
        seated = [
            s for s in game["seats"] if s["left_from_hand"] is None or s["left_from_hand"] > half
        ]
        at_half = {
            s["player"]: sum(h["players"][s["player"]]["score"] for h in scored[:half])
            for s in seated
        }
        if half >= 1 and len(at_half) >= 2:
            leader = min(at_half.values())
            for s in game["seats"]:
                if s["place"] == 1 and at_half.get(s["player"], leader) > leader:
                    behind = at_half[s["player"]] - leader
                    comebacks.append((behind, (number, None, None, (s["player"],))))
        # The closest finish: the winner and the next place.
        first = [s for s in game["seats"] if s["place"] == 1]
        if len(first) > 1:
            closest.append((0, (number, None, None, tuple(sorted(s["player"] for s in first)))))
        else:
            second = min(s["place"] for s in game["seats"] if s["place"] > 1)
            runners = [s for s in game["seats"] if s["place"] == second]
            names = tuple(sorted(s["player"] for s in first + runners))
            gap = runners[0]["final_total"] - first[0]["final_total"]
            closest.append((gap, (number, None, None, names)))
        # May I?s of the hands that count them: scored, in play or left unplayed.
        counted = [h for h in game["hands"] if h["state"] in ("scored", "playing", "unplayed")]
        by_player: dict[str, int] = {}
        for hand in counted:
            for claim in hand["claims"]:
                by_player[claim["player"]] = by_player.get(claim["player"], 0) + 1
        claims += [(n, (number, None, None, (name,))) for name, n in by_player.items()]
    found["Most games won"] = _best(wins.values())
    for name in sorted(totals, key=str.casefold):
        found[f"Best game total, {name}"] = _best(totals[name], lowest=True)
    for name in sorted(totals, key=str.casefold):
        found[f"Worst game total, {name}"] = _best(totals[name])
    found["Most hands gone out"] = _best(outs.values())
    found["Most zeros in a season"] = _best(zeros.values())
    found["Longest run of hands gone out"] = _best(out_runs)
    found["Longest run of games won"] = _best(_win_runs(games))
    found["Biggest comeback"] = _best(comebacks)
    found["Closest finish"] = _best(closest, lowest=True)
    found["Most May I?s or buys in a game"] = _best(claims)
    found["Lowest hand for the whole table"] = _best(hands, lowest=True)
    return found


def _win_runs(games: list[tuple[int, date, dict[str, Any]]]) -> list[tuple[int, Holder]]:
    """Each player's runs of two or more games won, over the games they sat in."""
    runs: list[tuple[int, Holder]] = []
    current: dict[str, list[int]] = {}
    for number, _day, game in games:
        for seat in game["seats"]:
            name = seat["player"]
            if seat["place"] == 1:
                current.setdefault(name, []).append(number)
            elif name in current:
                won = current.pop(name)
                if len(won) >= 2:
                    runs.append((len(won), (won[-1], None, won[0], (name,))))
    for name, won in current.items():
        if len(won) >= 2:
            runs.append((len(won), (won[-1], None, won[0], (name,))))
    return runs
