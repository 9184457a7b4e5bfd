"""Finished drawings kept in memory, keyed by what they show: the sheets' PDFs and the recap
pictures.

A sheet's PDF is a function of its HTML (every name, score, date and rule it prints, and its
language: the words and `<html lang>`, by which WeasyPrint hyphenates), its paper and the
stylesheets; a recap picture, of its card's texts. The key is a digest of exactly those, so
any change to a game, a hand, a correction, a player's name or a league setting makes a new
key, and a sheet printed in Spanish and in English are two PDFs: nothing stale or in another
language can be served, and nothing needs to be told to forget. Each process keeps the most
recently used within a size bound, the least recently used going first.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Iterable


def key_of(parts: Iterable[str | bytes]) -> str:
    """A digest of everything a PDF (or a picture) is made from."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


class PdfCache:
    """An LRU of PDF (or PNG) bytes holding at most `max_bytes` (0 keeps nothing); safe across
    threads."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max(0, int(max_bytes))
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes held now."""
        return self._size

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: str) -> bytes | None:
        """The PDF kept under `key`, if any (it becomes the most recently used)."""
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: str, pdf: bytes) -> None:
        """Keep `pdf` under `key`, dropping the least recently used to stay within the bound."""
        if len(pdf) > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._size -= len(old)
            self._items[key] = pdf
            self._size += len(pdf)
            while self._size > self.max_bytes:
                _, dropped = self._items.popitem(last=False)
                self._size -= len(dropped)

    def clear(self) -> None:
        """Forget every PDF kept."""
        with self._lock:
            self._items.clear()
            self._size = 0
