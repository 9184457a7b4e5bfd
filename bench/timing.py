"""What is timed, and the interleaved rounds that time it.

Every figure and floor is a `Target`: how to make its next request, and what its answer must
be. `run_rounds` visits every target once per round (the slow PDF ones every few rounds),
in an order that rotates each round, so machine noise falls on all of them alike; the first
rounds warm up and are not kept.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import event
from sqlalchemy.engine import Engine

from bench.drivers import BenchError, Reply


class Driver(Protocol):
    """Something that sends a request and returns the whole answer."""

    def request(
        self,
        method: str,
        path: str,
        form: dict[str, str] | None = None,
        cookie: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply: ...


@dataclass(frozen=True)
class Request:
    """One request to send: to the app ("app") or to the floor app ("floor")."""

    method: str
    path: str
    form: dict[str, str] | None = None
    on: str = "app"
    headers: dict[str, str] | None = None


@dataclass
class Target:
    """A figure or a floor: its next request and the check of its answer."""

    key: str
    label: str
    prepare: Callable[[], Request]
    check: Callable[[Request, Reply], None]
    floor: str | None = None  # the floor a figure is compared with; None for a floor
    every: int = 1  # timed every `every` rounds
    last_bytes: int = 0
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Stats:
    """Timings of one target, in milliseconds."""

    n: int
    median_ms: float
    p95_ms: float
    min_ms: float
    max_ms: float

    @classmethod
    def of(cls, samples_ns: Sequence[int]) -> Stats:
        """Median, p95 (nearest rank), min and max of samples in nanoseconds."""
        if not samples_ns:
            raise BenchError("A target was never timed.")
        ordered = sorted(samples_ns)
        rank = max(1, -(-95 * len(ordered) // 100))  # ceil(0.95 n)
        return cls(
            n=len(ordered),
            median_ms=statistics.median(ordered) / 1e6,
            p95_ms=ordered[rank - 1] / 1e6,
            min_ms=ordered[0] / 1e6,
            max_ms=ordered[-1] / 1e6,
        )


def run_rounds(
    targets: Sequence[Target],
    drivers: Mapping[str, Driver],
    rounds: int,
    warmup: int,
    seconds: float,
    least: int,
    progress: Callable[[str], None] = lambda _: None,
) -> dict[str, Stats]:
    """Time every target over `rounds` interleaved rounds after `warmup` untimed ones.

    After `seconds`, the rounds stop early, though never before `least` timed rounds, so a
    busy machine keeps the whole bench to a few minutes; the report gives each `n`.
    """
    samples: dict[str, list[int]] = {t.key: [] for t in targets}
    deadline = time.monotonic() + seconds
    for number in range(-warmup, rounds):
        if number >= least and time.monotonic() > deadline:
            progress(f"time is up after {number} rounds")
            break
        shift = number % len(targets)
        for target in [*targets[shift:], *targets[:shift]]:
            if number % target.every:
                continue
            elapsed = time_once(target, drivers)
            if number >= 0:
                samples[target.key].append(elapsed)
        if number >= 0 and (number + 1) % max(1, rounds // 4) == 0:
            progress(f"{number + 1}/{rounds} rounds")
    return {key: Stats.of(values) for key, values in samples.items()}


def time_once(target: Target, drivers: Mapping[str, Driver]) -> int:
    """Send the target's next request; check the answer; return the nanoseconds it took."""
    request = target.prepare()
    driver = drivers[request.on]
    started = time.perf_counter_ns()
    reply = driver.request(request.method, request.path, request.form, headers=request.headers)
    elapsed = time.perf_counter_ns() - started
    target.check(request, reply)
    target.last_bytes = len(reply.body)
    return elapsed


def count_statements(
    targets: Sequence[Target], drivers: Mapping[str, Driver], engines: Mapping[str, Engine]
) -> dict[str, int]:
    """SQL statements each target's request sends to its database (one request each)."""
    counts: dict[str, int] = {}
    for target in targets:
        request = target.prepare()
        seen: list[str] = []

        def listen(_conn, _cursor, statement, *_args, seen=seen) -> None:
            seen.append(statement)

        engine = engines[request.on]
        event.listen(engine, "before_cursor_execute", listen)
        try:
            reply = drivers[request.on].request(
                request.method, request.path, request.form, headers=request.headers
            )
        finally:
            event.remove(engine, "before_cursor_execute", listen)
        target.check(request, reply)
        counts[target.key] = len(seen)
    return counts
