"""The game-night recap: who won a game (or a day's games), the places, the hand that decided
it and who went out most, worded once for both the card's page and its picture.

A recap is made of parts, each a label and its words. A game's own are the hand that decided
it and who went out most; another rule's part (a record broken, the rating's moves) is given
as `extra` and follows them.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from scorekeeper.rules.incomplete_game import places_so_far
from scorekeeper.rules.language import _, ngettext
from scorekeeper.rules.records import Record
from scorekeeper.rules.scoring import running_totals
from scorekeeper.rules.standings import PlayerRecord, Ranked, rank

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Finisher(Generic[K]):
    """One player of a game that counts, as it was settled: total and place, whether the total
    was posted, hands gone out, and the first hand they did not play when they left."""

    key: K
    name: str
    total: int
    place: int
    posted: bool = False
    hands_out: int = 0
    left_from: int | None = None


@dataclass(frozen=True, slots=True)
class PlayedHand(Generic[K]):
    """A scored hand: its number and the score of each player who played it."""

    number: int
    scores: Mapping[K, int]


@dataclass(frozen=True, slots=True)
class CountedGame(Generic[K]):
    """A game that counts (finished, not discarded), as its recap reads it.

    `players` are in seat order; `hands` are its scored hands in order.
    """

    number: int
    players: tuple[Finisher[K], ...]
    hands: tuple[PlayedHand[K], ...] = ()
    hands_played: int = 0
    hands_in_game: int = 0
    ended_early: bool = False
    incomplete_game_rule: bool = True

    @property
    def winners(self) -> tuple[Finisher[K], ...]:
        """Whoever took first place (several on a shared win)."""
        return tuple(player for player in self.players if player.place == 1)


@dataclass(frozen=True, slots=True)
class DecidingHand:
    """The hand after which the winner led alone to the end, and by how many points."""

    number: int
    lead: int


@dataclass(frozen=True, slots=True)
class Placing:
    """A line of the card's places: the place, the name, the score shown and a note."""

    place: int
    name: str
    score: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Part:
    """A part of the card: its label, its words, and a smaller line that says how to read it."""

    label: str
    words: str
    aside: str = ""


@dataclass(frozen=True, slots=True)
class Recap:
    """A recap card, every text of it worded: the page and the picture show these alone."""

    title: str
    subtitle: str
    headline: str
    placings: tuple[Placing, ...]
    parts: tuple[Part, ...] = ()
    note: str = ""

    def texts(self) -> tuple[str, ...]:
        """Every text of the card, in the order both the page and the picture show them."""
        placings = (t for p in self.placings for t in (str(p.place), p.name, p.note, p.score))
        parts = (t for part in self.parts for t in (part.label, part.words, part.aside))
        heading = (self.title, self.subtitle, self.headline, self.note)
        return tuple(text for text in (*heading, *placings, *parts) if text)


def deciding_hand(game: CountedGame[Any]) -> DecidingHand | None:
    """The hand after which the game's one winner led alone, and still led after every later
    hand; None for a shared win, a game without a scored hand, or a winner who led only once
    the totals were posted at the end.

    Leading is ranked as the table screen ranks while the game goes on (`places_so_far`): a
    player who left is out of the race while the incomplete-game rule is to post their total.
    """
    winners = game.winners
    if len(winners) != 1 or not game.hands:
        return None
    winner = winners[0].key
    left_from = {player.key: player.left_from for player in game.players}
    found: DecidingHand | None = None
    after_each = running_totals([hand.scores for hand in game.hands])
    for hand, running in zip(game.hands, after_each, strict=True):
        totals = {key: running.get(key, 0) for key in left_from}
        # Gone after this hand: whoever does not play the next.
        left = {
            key
            for key, first in left_from.items()
            if first is not None and first <= hand.number + 1
        }
        placed = places_so_far(totals, left, incomplete_game_rule=game.incomplete_game_rule)
        others = [
            totals[key] for key, place in placed.items() if place is not None and key != winner
        ]
        alone = placed[winner] == 1 and all(total > totals[winner] for total in others)
        if not alone:
            found = None
        elif found is None:
            lead = min(others) - totals[winner] if others else 0
            found = DecidingHand(hand.number, lead)
    return found


def names_listed(names: Sequence[str]) -> str:
    """Names as a card lists them: "Ann, Bob"."""
    return ", ".join(names)


def win_words(game: CountedGame[Any]) -> str:
    """Who won the game and with how many points, a shared win too."""
    winners = game.winners
    total = winners[0].total
    if len(winners) == 1:
        return ngettext(
            "%(name)s won with %(total)s point.", "%(name)s won with %(total)s points.", total
        ) % {"name": winners[0].name, "total": total}
    return ngettext(
        "Shared win: %(names)s, with %(total)s point each.",
        "Shared win: %(names)s, with %(total)s points each.",
        total,
    ) % {"names": names_listed([w.name for w in winners]), "total": total}


def ended_early_words(game: CountedGame[Any]) -> str:
    """That the game ended before its last hand, and how many were played; empty otherwise."""
    if not game.ended_early:
        return ""
    return ngettext(
        "Ended early: %(played)s of %(count)s hands was played.",
        "Ended early: %(played)s of %(count)s hands were played.",
        game.hands_played,
    ) % {"played": game.hands_played, "count": game.hands_in_game}


def deciding_part(game: CountedGame[Any]) -> Part:
    """The hand that decided the game, in words, with how the card reads it."""
    label = _("The hand that decided it")
    aside = _("The hand after which the winner led alone, to the end.")
    winners = game.winners
    found = deciding_hand(game)
    if len(winners) > 1:
        words = _("None: %(names)s finished level.") % {
            "names": names_listed([w.name for w in winners])
        }
    elif found is None:
        words = _("None: %(name)s won on a total posted at the end.") % {"name": winners[0].name}
    elif len(game.hands) == 1:
        words = _("Hand %(number)s, the only hand played.") % {"number": found.number}
    elif found.number == game.hands[0].number:
        words = _("%(name)s led from the first hand to the end.") % {"name": winners[0].name}
    else:
        words = ngettext(
            "Hand %(number)s: %(name)s took the lead by %(lead)s point and kept it to the end.",
            "Hand %(number)s: %(name)s took the lead by %(lead)s points and kept it to the end.",
            found.lead,
        ) % {"number": found.number, "name": winners[0].name, "lead": found.lead}
    return Part(label, words, aside)


def went_out_part(hands_out: Sequence[tuple[str, int]]) -> Part:
    """Who went out most, from (name, hands gone out) of each player; a tie names them all."""
    most = max((count for _name, count in hands_out), default=0)
    names = [name for name, count in hands_out if count == most]
    if most == 0:
        words = _("Nobody went out.")
    elif len(names) == 1:
        words = ngettext(
            "%(name)s went out %(count)s time.", "%(name)s went out %(count)s times.", most
        ) % {"name": names[0], "count": most}
    else:
        words = ngettext(
            "%(names)s went out %(count)s time each.",
            "%(names)s went out %(count)s times each.",
            most,
        ) % {"names": names_listed(names), "count": most}
    return Part(_("Went out most"), words)


def _holder_names(record: Record) -> str:
    """The players a record's holdings name, each once, in the order they hold it."""
    names = dict.fromkeys(name for h in record.holders for _key, name in h.players)
    return names_listed(list(names))


def records_part(
    all_time: Sequence[Record], season: Sequence[Record], season_name: str
) -> Part | None:
    """The records the card's games set or share (`records_set`), of all time and of their
    season (named, when it is not the same record of all time); None when they set none."""
    kept = {(r.kind, r.ruleset, r.value) for r in all_time}
    lines = [
        _("%(record)s: %(names)s, %(amount)s")
        % {"record": r.title(), "names": _holder_names(r), "amount": r.amount()}
        for r in all_time
    ]
    lines += [
        _("%(record)s (%(season)s): %(names)s, %(amount)s")
        % {
            "record": r.title(),
            "season": season_name,
            "names": _holder_names(r),
            "amount": r.amount(),
        }
        for r in season
        if (r.kind, r.ruleset, r.value) not in kept
    ]
    if not lines:
        return None
    return Part(
        ngettext("Record set", "Records set", len(lines)),
        "; ".join(lines),
        _("A record of all time, or of the season named, set or shared here."),
    )


def rating_part(moves: Sequence[tuple[str, str, str]]) -> Part | None:
    """The rating moves, from (name, rating, move) of each rated player, written by the edge;
    None when nobody at the table is rated yet."""
    if not moves:
        return None
    words = ", ".join(
        _("%(name)s %(rating)s (%(move)s)") % {"name": name, "rating": rating, "move": move}
        for name, rating, move in moves
    )
    return Part(
        _("Rating moves"),
        words,
        _("Each rated player's rating after this, and how far it moved."),
    )


def night_headline(ranked: Sequence[Ranked]) -> str:
    """Who took the day's games: the one first by wins, or those sharing first place."""
    first = [line.record for line in ranked if line.place == 1]
    if len(first) == 1:
        return ngettext(
            "%(name)s took the night with %(count)s win.",
            "%(name)s took the night with %(count)s wins.",
            first[0].wins,
        ) % {"name": first[0].name, "count": first[0].wins}
    return _("%(names)s shared the night.") % {"names": names_listed([r.name for r in first])}


def game_recap(
    game: CountedGame[Any], *, league: str, day: str, extra: Sequence[Part | None] = ()
) -> Recap:
    """The recap card of a game that counts: the winner, the places best first, the hand that
    decided it and who went out most, then the `extra` parts given (None ones left out).

    :param league: the league's name and `day` the day the game was played, in words.
    """
    ranked = sorted(game.players, key=lambda player: (player.place, player.total))
    placings = tuple(
        Placing(p.place, p.name, str(p.total), _("total posted") if p.posted else "")
        for p in ranked
    )
    own = (deciding_part(game), went_out_part([(p.name, p.hands_out) for p in game.players]))
    return Recap(
        title=_("Game %(number)s") % {"number": game.number},
        subtitle=" · ".join((league, day)),
        headline=win_words(game),
        placings=placings,
        parts=own + tuple(part for part in extra if part is not None),
        note=ended_early_words(game),
    )


def night_recap(
    games: Sequence[CountedGame[Any]],
    records: Sequence[PlayerRecord],
    *,
    games_counted: int,
    league: str,
    day: str,
    extra: Sequence[Part | None] = (),
) -> Recap:
    """The recap card of a day's games that count: its places by games won (ties broken as
    the standings by wins break them), each game's winner, who went out most, then `extra`.

    :param games: the day's games listed on the card (the first of them, within a bound).
    :param records: each player's figures over all the day's games that count.
    :param games_counted: how many games of the day count, those not listed too.
    """
    ranked = [line for line in rank(records, "wins", min_games=1) if line.place is not None]
    placings = tuple(
        Placing(
            line.place or 0,
            line.record.name,
            ngettext("%(count)s win", "%(count)s wins", line.record.wins)
            % {"count": line.record.wins},
            ngettext("%(count)s game played", "%(count)s games played", line.record.games)
            % {"count": line.record.games}
            if line.record.games < games_counted
            else "",
        )
        for line in ranked
    )
    lines = tuple(
        Part(_("Game %(number)s") % {"number": g.number}, win_words(g), ended_early_words(g))
        for g in games
    )
    went_out = went_out_part([(line.record.name, line.record.hands_out) for line in ranked])
    more = games_counted - len(games)
    return Recap(
        title=_("Game night"),
        subtitle=" · ".join((league, day)),
        headline=night_headline(ranked),
        placings=placings,
        parts=(went_out, *lines, *(part for part in extra if part is not None)),
        note=ngettext(
            "%(count)s more game of the day is not listed here.",
            "%(count)s more games of the day are not listed here.",
            more,
        )
        % {"count": more}
        if more > 0
        else "",
    )
