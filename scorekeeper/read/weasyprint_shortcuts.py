"""WeasyPrint without two costs that are not the sheet's: finding its libraries, and naming arrays.

**Finding its C libraries.** WeasyPrint opens each of its libraries (Pango, HarfBuzz, fontconfig,
...) under several names in turn, the Windows and macOS names first. cffi hands each name it cannot
open to `ctypes.util.find_library`, which on Linux runs `ldconfig`, then `gcc` and `ld` to link a
test program: about twenty programs run, a quarter of a second of the import, and CPU taken from
the server starting beside it. Every library is also in WeasyPrint's list under its Linux file name
(`libpango-1.0.so.0`), which cffi opens directly, as the system's loader finds it
(`LD_LIBRARY_PATH` included). So on Linux, while WeasyPrint loads, `find_library` finds nothing at
once for the thread loading it, and each library is opened by that name. On a system where that
fails, or where HarfBuzz's subsetter (which WeasyPrint may do without) is not found so, the import
is tried again the usual way (WeasyPrint may then have printed its advice about missing libraries
once, before succeeding).

**Font subsetting's arrays.** Every PDF embeds the glyphs it uses, and WeasyPrint hands each list
of glyphs to HarfBuzz as `ffi.new(f"hb_codepoint_t[{count}]", glyphs)`. cffi parses the text of a
C type it has not seen, with all of WeasyPrint's declarations: about ten milliseconds each time,
and each new glyph count is a new text, so a new game's sheet paid for two to four of them. The
same array is made as `hb_codepoint_t[]` from the same glyphs (an array of exactly those values,
as long as the list), a type parsed once.
"""

from __future__ import annotations

import importlib
import logging
import re
import sys
import threading
from collections.abc import Callable
from types import ModuleType
from typing import Any

log = logging.getLogger(__name__)

# The arrays WeasyPrint makes with their length in the type: "hb_codepoint_t[51]".
_COUNTED_ARRAY = re.compile(r"(hb_codepoint_t)\s*\[\s*(\d+)\s*\]")


def load() -> ModuleType:
    """WeasyPrint, imported without running programs to find its libraries (on Linux), with its
    font subsetting's arrays made under one type (`open_arrays`)."""
    module = sys.modules.get("weasyprint")
    if module is None:
        module = _import_on_linux() if sys.platform.startswith("linux") else None
    if module is None:
        module = importlib.import_module("weasyprint")
    from weasyprint.text import ffi

    open_arrays(ffi.ffi)
    return module


def _import_on_linux() -> ModuleType | None:
    """WeasyPrint imported with `find_library` finding nothing; None if it did not load so.

    Only for this thread: a server may load something else meanwhile in another (say, a
    database driver looking for its library), which gets the usual answer.
    """
    import ctypes.util

    usual = ctypes.util.find_library
    importer = threading.get_ident()

    def find_library(name: str) -> str | None:
        return None if threading.get_ident() == importer else usual(name)

    ctypes.util.find_library = find_library
    try:
        module = importlib.import_module("weasyprint")
        # HarfBuzz's subsetter may be missing without failing the import: fonts would then be
        # subset by fontTools, into other bytes. Only the usual search can tell it is absent.
        if sys.modules["weasyprint.text.ffi"].harfbuzz_subset is not None:
            return module
    except OSError:
        pass
    finally:
        ctypes.util.find_library = usual
    for name in [n for n in list(sys.modules) if n == "weasyprint" or n.startswith("weasyprint.")]:
        del sys.modules[name]
    log.warning("WeasyPrint's libraries did not all open by their Linux names; looking further")
    return None


def open_arrays(ffi: Any) -> None:
    """Have `ffi.new` make a counted glyph array as an open one of the same values (once per
    `ffi`; any other call is passed on as it is)."""
    if getattr(ffi.new, "opens_arrays", False):
        return
    ffi.new = _opening(ffi.new)


def _opening(new: Callable[..., Any]) -> Callable[..., Any]:
    def opened(cdecl: Any, init: Any = None) -> Any:
        if isinstance(cdecl, str) and isinstance(init, list | tuple):
            counted = _COUNTED_ARRAY.fullmatch(cdecl)
            if counted and len(init) == int(counted[2]):
                return new(f"{counted[1]}[]", init)
        return new(cdecl, init)

    opened.opens_arrays = True  # type: ignore[attr-defined]
    return opened
