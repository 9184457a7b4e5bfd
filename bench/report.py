"""The bench's results: budgets judged, a printed report, and the same as JSON."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from bench import coldstart
from bench.coldstart import ColdStart
from bench.server import Memory
from bench.timing import Stats, Target
from bench.weight import PageWeight

KIB = 1024
PAGE_BUDGET_BYTES = 15 * KIB
COLD_START_BUDGET = 2.0  # times the bare Flask app's cold start
FIRST_PDF_BUDGET = 2.5  # times the WeasyPrint 8x7 table floor (over HTTP)
MEMORY_BUDGET_KIB = 150 * KIB
MODES = (("in_process", "in-process"), ("http", "HTTP"))


@dataclass(frozen=True)
class Budget:
    """A budget line: what it limits, where, the figure found, the limit, and the verdict."""

    name: str
    mode: str
    found: float
    limit: float
    unit: str
    detail: str

    @property
    def passed(self) -> bool:
        """True when the figure found stays within the limit."""
        return self.found <= self.limit

    def line(self) -> str:
        """The printed line: PASS or FAIL with its numbers."""
        where = f" [{self.mode}]" if self.mode else ""
        verdict = "PASS" if self.passed else "FAIL"
        return (
            f"{verdict}  {self.name}{where}: {_number(self.found)}{self.unit} "
            f"(limit {_number(self.limit)}{self.unit}; {self.detail})"
        )


def judge(
    timings: dict[str, dict[str, Stats]],
    weight: PageWeight,
    memory: Memory,
    cold: ColdStart,
) -> list[Budget]:
    """Every budget of the issue, for each mode where it is a timing."""
    budgets = []
    ratio_budgets = (
        ("table screen within 2.5x the 42-row floor", "table", "rows", 2.5),
        ("hand form (GET) within 3x the 42-row floor", "form", "rows", 3.0),
        ("hand save within 3x the 42-row floor", "save", "rows", 3.0),
        ("standings at 1,000 games within 3x the 42-row floor", "standings_big", "rows", 3.0),
        ("standings at 1,000 games within 1.2x their 10-game time", "standings_big",
         "standings_small", 1.2),
        ("scoresheet PDF drawn afresh within 2.5x a plain 8x7 WeasyPrint table", "pdf_fresh",
         "pdf_table", 2.5),
        ("scoresheet PDF downloaded again within 2x the table screen", "pdf", "table", 2.0),
    )  # fmt: skip
    for name, figure, floor, limit in ratio_budgets:
        for mode, mode_words in MODES:
            found, base = timings[mode][figure].median_ms, timings[mode][floor].median_ms
            detail = f"medians {found:.2f} ms vs {base:.2f} ms"
            budgets.append(Budget(name, mode_words, found / base, limit, "x", detail))
    weight_detail = (
        f"{weight.requests} requests, HTML {weight.html_bytes:,} B + "
        f"{len(weight.assets)} assets {weight.total_bytes - weight.html_bytes:,} B"
    )
    budgets.append(
        Budget(
            "table screen, first visit, with every asset within 15 KB (as sent)",
            "",
            weight.total_bytes / KIB,
            PAGE_BUDGET_BYTES / KIB,
            " KiB",
            weight_detail,
        )
    )
    budgets.append(
        Budget(
            "table screen, repeat visit, in 1 request",
            "",
            weight.repeat_requests,
            1,
            " requests",
            f"{weight.repeat_bytes:,} B with headers: " + ", ".join(weight.repeat_asked),
        )
    )
    budgets.append(
        Budget(
            "cold start of make run's server within 2x a bare Flask app's",
            "",
            cold.app_median_s / cold.bare_median_s,
            COLD_START_BUDGET,
            "x",
            f"medians {cold.app_median_s * 1000:.0f} ms vs {cold.bare_median_s * 1000:.0f} ms,"
            f" {len(cold.app_s)} starts each",
        )
    )
    table_pdf = timings["http"]["pdf_table"].median_ms
    budgets.append(
        Budget(
            "first PDF after a cold start within 2.5x a plain 8x7 WeasyPrint table",
            "HTTP",
            cold.first_pdf_median_ms / table_pdf,
            FIRST_PDF_BUDGET,
            "x",
            f"medians {cold.first_pdf_median_ms:.2f} ms vs {table_pdf:.2f} ms",
        )
    )
    budgets.append(
        Budget(
            "no request leaving the server (URLs off it, in the page, its CSS, JS, manifest)",
            "",
            len(weight.off_server),
            0,
            "",
            ", ".join(weight.off_server) or "every URL is on 127.0.0.1",
        )
    )
    budgets.append(
        Budget(
            "server memory under 150 MB (largest worker's peak RSS)",
            "",
            memory.largest_worker_kib / KIB,
            MEMORY_BUDGET_KIB / KIB,
            " MiB",
            f"master + {len(memory.workers_kib)} workers together {memory.total_kib / KIB:.1f} MiB",
        )
    )
    return budgets


def results_json(
    targets: list[Target],
    timings: dict[str, dict[str, Stats]],
    statements: dict[str, int],
    budgets: list[Budget],
    extra: dict[str, Any],
) -> dict[str, Any]:
    """Everything printed, as one JSON-ready mapping."""
    figures = []
    for target in targets:
        entry: dict[str, Any] = {
            "key": target.key,
            "label": target.label,
            "floor": target.floor,
            "sql_statements": statements.get(target.key),
            "bytes": target.last_bytes,
        }
        for mode, _ in MODES:
            entry[mode] = asdict(timings[mode][target.key])
            if target.floor:
                floor = timings[mode][target.floor].median_ms
                entry[f"{mode}_ratio"] = timings[mode][target.key].median_ms / floor
        figures.append(entry)
    return {
        **extra,
        "figures": figures,
        "budgets": [{**asdict(b), "passed": b.passed} for b in budgets],
    }


def write_json(results: dict[str, Any], path: Path) -> None:
    """Write the results to `path`, creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2, default=str) + "\n")


def table(
    targets: list[Target], timings: dict[str, dict[str, Stats]], statements: dict[str, int]
) -> str:
    """The main table: each figure's medians and p95s, its floor and its ratios to it."""
    labels = {t.key: t.label for t in targets}
    header = (
        f"{'figure':<28} {'in-process ms':>16} {'HTTP ms':>16}  {'floor':<24} "
        f"{'ratio':>11} {'SQL':>4} {'bytes':>8}"
    )
    sub = (
        f"{'':<28} {'median':>7} {'p95':>8} {'median':>7} {'p95':>8}  {'':<24} "
        f"{'in / HTTP':>11} {'':>4} {'':>8}"
    )
    lines = [header, sub, "-" * len(header)]
    for target in targets:
        cells = []
        for mode, _ in MODES:
            stats = timings[mode][target.key]
            cells.append(f"{stats.median_ms:>7.2f} {stats.p95_ms:>8.2f}")
        if target.floor:
            floor = labels[target.floor].removeprefix("floor: ")
            ratios = "/".join(
                f"{timings[m][target.key].median_ms / timings[m][target.floor].median_ms:.1f}"
                for m, _ in MODES
            )
        else:
            floor, ratios = "(floor)", ""
        sql = statements.get(target.key)
        lines.append(
            f"{target.label:<28} {cells[0]} {cells[1]}  {floor:<24} {ratios:>11} "
            f"{'' if sql is None else sql:>4} {target.last_bytes:>8,}"
        )
    samples = ", ".join(
        f"{t.label.removeprefix('floor: ')} n={timings['in_process'][t.key].n}"
        f"/{timings['http'][t.key].n}"
        for t in targets
        if t.key in ("table", "pdf", "pdf_fresh", "league")
    )
    lines.append(f"(samples in-process/HTTP: {samples}; SQL = statements per request)")
    return "\n".join(lines)


def memory_lines(memories: dict[str, Memory]) -> list[str]:
    """Peak resident memory of each server at each moment measured."""
    lines = []
    for name, memory in memories.items():
        workers = ", ".join(f"{kib / KIB:.1f}" for kib in memory.workers_kib.values())
        lines.append(
            f"  {name:<34} largest worker {memory.largest_worker_kib / KIB:6.1f} MiB"
            f"  (workers {workers}; master {memory.master_kib / KIB:.1f};"
            f" total {memory.total_kib / KIB:.1f} MiB)"
        )
    return lines


def cold_lines(cold: ColdStart) -> list[str]:
    """Each cold start, and the first PDF after it."""
    return [
        "  bare Flask app (waitress):  "
        + ", ".join(f"{s * 1000:.0f}" for s in cold.bare_s)
        + f" ms; median {cold.bare_median_s * 1000:.0f} ms",
        f"  Scorekeeper (make run's server; {coldstart.PREPARED}):",
        "   "
        + ", ".join(f"{s * 1000:.0f}" for s in cold.app_s)
        + f" ms; median {cold.app_median_s * 1000:.0f} ms",
        "  its first PDF, signed in just after (drawn afresh, in make run's printing process): "
        + ", ".join(f"{ms:.0f}" for ms in cold.first_pdf_ms)
        + f" ms; median {cold.first_pdf_median_ms:.0f} ms",
    ]


def weight_lines(weight: PageWeight) -> list[str]:
    """The table screen's weight, asset by asset."""
    lines = [
        f"  {weight.page}: {weight.requests} requests, {weight.total_bytes:,} bytes "
        f"({weight.total_bytes / KIB:.1f} KiB; {weight.wire_bytes:,} with headers)",
        f"    {'HTML':<16} {weight.page:<50} {weight.html_bytes:>8,}",
    ]
    for asset in weight.assets:
        note = f"  (media={asset.media})" if asset.media else ""
        kept = "kept" if asset.kept else "asked again"
        lines.append(
            f"    {asset.kind:<16} {asset.url:<50} {asset.body_bytes:>8,}{note}"
            f"  [{asset.cache_control or 'no Cache-Control'}: {kept}]"
        )
    for asset in weight.install_assets:
        lines.append(
            f"    {asset.kind:<16} {asset.url:<50} {asset.body_bytes:>8,}  (not counted: fetched"
            " only to install the app)"
        )
    if weight.poll:
        every = f"every {weight.poll_seconds} s" if weight.poll_seconds else "periodically"
        lines.append(
            f"    then polls {weight.poll.url} {every}: {weight.poll.body_bytes:,} bytes "
            f"({weight.poll.body_bytes + weight.poll.header_bytes:,} with headers)"
        )
    off = ", ".join(weight.off_server) or "none"
    lines.append(f"    URLs leaving the server: {off}")
    lines.append(
        f"  repeat visit: {weight.repeat_requests} request(s), {weight.repeat_bytes:,} bytes"
        f" with headers ({', '.join(weight.repeat_asked)})"
    )
    return lines


def _number(value: float) -> str:
    return f"{int(value):,}" if value == int(value) else f"{value:.2f}"
