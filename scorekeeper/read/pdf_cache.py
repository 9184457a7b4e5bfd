"""Finished PDFs kept in memory and in the instance folder, keyed by what they show.

A sheet's PDF is a function of its HTML (every name, score, date and rule it prints), its
paper and the stylesheets. The key is a digest of exactly those, so any change to a game,
a hand, a correction, a player's name or a league setting makes a new key: nothing stale
can be served, and nothing needs to be told to forget. Each process keeps the most recently
used PDFs in memory; the folder (shared by the server's processes, kept across restarts)
keeps more. Both stay within a size bound, the least recently used going first.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Iterable
from pathlib import Path

SUFFIX = ".pdf"


def key_of(parts: Iterable[str | bytes]) -> str:
    """A digest of everything a PDF is made from."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


class PdfFolder:
    """PDF files named by their keys in `folder`, at most `max_bytes` of them (0 keeps none).

    Files are written whole under a temporary name and then renamed, so a reader (another
    process, say) sees a finished file or none. Reading a file marks it used (its time is
    set to now); when the folder grows past its bound the files used longest ago go.
    """

    def __init__(self, folder: str | os.PathLike[str], max_bytes: int) -> None:
        self.folder = Path(folder)
        self.max_bytes = max(0, int(max_bytes))
        self._written = 0  # bytes written since the folder was last measured
        self._size: int | None = None
        self._lock = threading.Lock()

    def _path(self, key: str) -> Path | None:
        # Keys are hex digests; anything else never names a file.
        if not key or len(key) > 128 or any(c not in "0123456789abcdef" for c in key):
            return None
        return self.folder / (key + SUFFIX)

    def get(self, key: str) -> bytes | None:
        """The PDF kept under `key`, if the folder has it."""
        path = self._path(key)
        if path is None or self.max_bytes == 0:
            return None
        try:
            found = path.read_bytes()
            os.utime(path)
        except OSError:
            return None
        return found if found.startswith(b"%PDF") else None

    def put(self, key: str, pdf: bytes) -> None:
        """Keep `pdf` under `key`; a folder that cannot be written to is left alone."""
        path = self._path(key)
        if path is None or len(pdf) > self.max_bytes:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".part")
            try:
                with os.fdopen(handle, "wb") as file:
                    file.write(pdf)
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError:
            return
        with self._lock:
            self._written += len(pdf)
            if self._size is None or self._size + self._written > self.max_bytes:
                self._trim()

    def _trim(self) -> None:
        """Measure the folder and drop the files used longest ago beyond the bound."""
        files = []
        for entry in os.scandir(self.folder):
            if entry.name.endswith(SUFFIX) or entry.name.endswith(".part"):
                try:
                    stat = entry.stat()
                except OSError:
                    continue
                files.append((stat.st_mtime, stat.st_size, entry.path))
        size = sum(found[1] for found in files)
        for _, length, name in sorted(files):
            if size <= self.max_bytes:
                break
            try:
                os.unlink(name)
            except OSError:
                continue
            size -= length
        self._size, self._written = size, 0


class PdfCache:
    """An LRU of PDF bytes holding at most `max_bytes` (0 keeps nothing); safe across threads.

    With a `folder` (a `PdfFolder`), what memory does not hold is looked for there, and every
    PDF put is kept there too.
    """

    def __init__(self, max_bytes: int, folder: PdfFolder | None = None) -> None:
        self.max_bytes = max(0, int(max_bytes))
        self.folder = folder
        self._items: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    @property
    def size(self) -> int:
        """Bytes held in memory now."""
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
        if self.folder is None:
            return None
        found = self.folder.get(key)
        if found is not None:
            self._remember(key, found)
        return found

    def put(self, key: str, pdf: bytes) -> None:
        """Keep `pdf` under `key`, dropping the least recently used to stay within the bound."""
        self._remember(key, pdf)
        if self.folder is not None:
            self.folder.put(key, pdf)

    def _remember(self, key: str, pdf: bytes) -> None:
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
        """Forget every PDF kept in memory (the folder keeps its files)."""
        with self._lock:
            self._items.clear()
            self._size = 0
