"""The cyclic garbage collector held off while a league file is read, replayed and written.

An import builds a few hundred thousand objects that live until it ends (the parsed file,
the replayed games); each time the collector runs it walks them all, and it runs dozens of
times: about a quarter of the import's time. Reference counting still frees what the import
drops along the way, and little of it is garbage in a cycle, so the collector waits until
the import ends, then goes on as before. The file is bounded by the upload limit, and so is
what waits.

The collector is one switch for the whole process: imports in other threads share one
pause (counted), and it is switched back on only by the last to finish, and only if it was
on when the first began.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_pauses = 0
_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """Hold off the cyclic garbage collector in this block (reference counting goes on)."""
    global _pauses, _was_enabled
    with _lock:
        if _pauses == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _lock:
            _pauses -= 1
            if _pauses == 0 and _was_enabled:
                gc.enable()
