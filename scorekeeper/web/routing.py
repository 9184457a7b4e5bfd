"""URL rules that write their URL builders when a URL is first built from them.

Werkzeug writes two small functions for each rule as it is added (through `ast` and
`compile`), to build its URLs: for the app's sixty-odd rules that was about a tenth of the
server's start, though a page builds URLs of a handful. `LazyRule` writes each function the
first time it is needed, exactly as Werkzeug would have, and keeps it. Two threads building
the same rule's first URL at once each write it, and one keeps it: an equivalent function.

It overrides a private method of Werkzeug's `Rule` (`_compile_builder`), which is why
pyproject holds Werkzeug below its next minor release; `tests/test_routing.py` fails if the
builders are written early again, and every test that builds a URL checks the builders.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing import Rule


class LazyRule(Rule):
    """A rule whose URL builders are written on first use."""

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        kept = "_build_unknown" if append_unknown else "_build"

        # `rule` positional only: a URL may have a value of that name (Werkzeug's own builders
        # name theirs ".self" for the same reason).
        def build_when_first_used(rule: Rule, /, *args: Any, **kwargs: Any) -> tuple[str, str]:
            built = Rule._compile_builder(rule, append_unknown).__get__(rule, None)
            setattr(rule, kept, built)
            return built(*args, **kwargs)

        return build_when_first_used
