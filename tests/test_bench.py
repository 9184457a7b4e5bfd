"""`make bench` still runs: its pieces on a few games, and a budget that is missed says FAIL."""

from __future__ import annotations

from bench.measure import Figure
from bench.run import Budget, Sizes, ratio, run

TINY = Sizes(played=1, big=3, small=2, imported=2, rounds=2, warmup=1, imports=1, cold_starts=1)


def test_the_bench_runs_on_a_few_games(tmp_path):
    budgets, notes, data = run(tmp_path, TINY, lambda _: None)

    assert len(budgets) == 14
    assert all(budget.line().startswith(("PASS", "FAIL")) for budget in budgets)
    assert len(data["statements"]["saves"]) == TINY.save_hands
    assert data["import_s"] and data["cold_start_s"]
    assert any(note.startswith("No budget: make run's server") for note in notes)


def test_a_figure_over_its_budget_fails():
    slow = Figure("table screen", lambda: 0.0, samples=[0.009, 0.010, 0.011])
    floor = Figure("42-row page", lambda: 0.0, samples=[0.001])

    assert ratio(slow, floor, 8).line().startswith("FAIL  table screen")
    assert ratio(slow, floor, 12).line().startswith("PASS  table screen")
    assert not Budget("repeat visit", "3 req.", "asks /a, /b, /c", "<= 1 req.", False).passed
