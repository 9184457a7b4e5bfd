"""The collector held off during an import is switched back on as it was, however imports
overlap or end."""

from __future__ import annotations

import gc
import threading

import pytest

from scorekeeper.exchange.pause import gc_paused


@pytest.fixture(autouse=True)
def collector_as_it_was():
    was = gc.isenabled()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_the_collector_waits_during_an_import_and_goes_on_after():
    gc.enable()
    with gc_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_refused_import_switches_the_collector_back_on():
    gc.enable()
    with pytest.raises(ValueError), gc_paused():
        raise ValueError("refused")
    assert gc.isenabled()


def test_overlapping_imports_switch_it_on_only_when_the_last_ends():
    gc.enable()
    first_in, first_may_end = threading.Event(), threading.Event()

    def first():
        with gc_paused():
            first_in.set()
            first_may_end.wait(5)

    thread = threading.Thread(target=first)
    thread.start()
    first_in.wait(5)
    with gc_paused():
        first_may_end.set()
        thread.join(5)
        assert not gc.isenabled()  # the first ended; this one still goes on
    assert gc.isenabled()


def test_a_collector_switched_off_before_stays_off():
    gc.disable()
    with gc_paused():
        pass
    assert not gc.isenabled()
