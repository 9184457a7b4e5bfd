"""How many PDFs a process draws at once: a few slots in all, and one per league owner.

Drawing a sheet is the app's heaviest work. A process draws at most `size` PDFs at a time
(PDF_DRAWINGS), and the sheets of one owner's leagues one at a time, so an account that asks
for many large sheets at once holds one slot while other families' sheets take the others.
A drawing that finds no slot within a short wait is refused (`DrawingsBusy`, a 503 saying
to try again in a moment) rather than holding a server thread in a queue.
"""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterator
from contextlib import contextmanager

from werkzeug.exceptions import ServiceUnavailable

# Seconds a drawing waits for a slot, and the Retry-After of its refusal.
WAIT_SECONDS = 2.0
RETRY_AFTER_SECONDS = 5


class DrawingsBusy(ServiceUnavailable):
    """No slot came free in time: the sheet was not drawn."""

    description = (
        "Many sheets are being printed on this server right now. "
        "Try again in a moment: your sheet will be ready then."
    )

    def __init__(self) -> None:
        super().__init__(retry_after=RETRY_AFTER_SECONDS)


class DrawingSlots:
    """A counting semaphore of `size` slots, at most one of them per owner; thread-safe."""

    def __init__(self, size: int) -> None:
        self.size = max(1, int(size))
        self._owners: set[Hashable] = set()
        self._free = threading.Condition()

    def _open_to(self, owner: Hashable) -> bool:
        return len(self._owners) < self.size and owner not in self._owners

    @contextmanager
    def held(self, owner: Hashable, wait: float = WAIT_SECONDS) -> Iterator[None]:
        """Hold a slot for `owner` while the block runs.

        :raises DrawingsBusy: when none came free for this owner within `wait` seconds.
        """
        with self._free:
            if not self._free.wait_for(lambda: self._open_to(owner), timeout=wait):
                raise DrawingsBusy()
            self._owners.add(owner)
        try:
            yield
        finally:
            with self._free:
                self._owners.discard(owner)
                self._free.notify_all()
