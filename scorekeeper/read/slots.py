"""How much heavy work a process does at once: a few slots, and one per account.

Drawing a sheet and importing a league file are the app's heaviest requests. Each kind has its
slots (`PDF_DRAWINGS` drawings, one import at a time: on SQLite an import holds the one write
lock while it replays its games), and one account holds at most one slot of a kind, so an
account that asks for many at once waits on itself while other families take the others.
Work that finds no slot within a short wait is refused (a `Busy` kind, a 503 saying to try
again in a moment) rather than holding a server thread in a queue.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

from flask import current_app
from werkzeug.exceptions import ServiceUnavailable

from scorekeeper.rules.language import N_

# Seconds a request waits for a slot, and the Retry-After of its refusal.
WAIT_SECONDS = 2.0
RETRY_AFTER_SECONDS = 5


class Busy(ServiceUnavailable):
    """No slot came free in time: the work was not done."""

    title = N_("Busy")

    def __init__(self) -> None:
        super().__init__(retry_after=RETRY_AFTER_SECONDS)


class DrawingsBusy(Busy):
    """No sheet could be drawn in time."""

    title = N_("Busy printing")

    description = N_(
        "Many sheets are being printed on this server right now. "
        "Try again in a moment: your sheet will be ready then."
    )


class ImportsBusy(Busy):
    """No league file could be imported in time."""

    title = N_("Busy importing")

    description = N_(
        "Another league file is being imported on this server right now. "
        "Try again in a moment: nothing of yours was imported."
    )


class Slots:
    """A counting semaphore of `size` slots, at most one of them per owner; thread-safe."""

    def __init__(self, size: int, busy: type[Busy]) -> None:
        self.size = max(1, int(size))
        self.busy = busy
        self._owners: set[Hashable] = set()
        self._free = threading.Condition()

    def _open_to(self, owner: Hashable) -> bool:
        return len(self._owners) < self.size and owner not in self._owners

    @contextmanager
    def held(self, owner: Hashable, wait: float = WAIT_SECONDS) -> Iterator[None]:
        """Hold a slot for `owner` while the block runs.

        :raises Busy: (this kind's) when none came free for this owner within `wait` seconds.
        """
        with self._free:
            if not self._free.wait_for(lambda: self._open_to(owner), timeout=wait):
                raise self.busy()
            self._owners.add(owner)
        try:
            yield
        finally:
            with self._free:
                self._owners.discard(owner)
                self._free.notify_all()


def app_slots(kind: str, size: int, busy: type[Busy]) -> Slots:
    """This app's slots of `kind` (`size` at once, one per owner), made on first use."""
    slots: Slots | None = current_app.extensions.get(kind)
    if slots is None:
        slots = current_app.extensions.setdefault(kind, Slots(size, busy))
    return slots
