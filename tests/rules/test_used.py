"""Every function of the rules layer serves the app: none is kept for its tests alone."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "scorekeeper" / "rules"


def _functions() -> list[tuple[str, str]]:
    """(module file, name) of each top-level function of the rules layer, private ones too."""
    found = []
    for path in sorted(RULES.glob("*.py")):
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.FunctionDef):
                found.append((path.name, node.name))
    return found


def _imported_from_rules(tree: ast.AST) -> set[str]:
    """The names a module imports from the rules layer itself (not through `rules.`)."""
    return {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("scorekeeper.rules")
        for alias in node.names
    }


def _uses(name: str, home: Path) -> int:
    """How often the app's code and templates call or pass the rules' `name`.

    Inside the rules layer any use counts but the definition and the re-exports of
    `rules/__init__.py`; elsewhere only `rules.name` or `module.name`, or `name` where the
    module imports it from the rules layer, so an operation of the same name does not count.
    """
    bare = re.compile(rf"\b{re.escape(name)}\b")
    qualified = re.compile(rf"\b(?:rules|{home.stem})\.{re.escape(name)}\b")
    places = [*(ROOT / "scorekeeper").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    count = 0
    for path in places:
        if "migrations" in path.parts or path == RULES / "__init__.py":
            continue
        text = path.read_text()
        if RULES in path.parents:
            count += len(bare.findall(text))
            if path == home:
                count -= len(re.findall(rf"\bdef {re.escape(name)}\(", text))
        elif path.suffix == ".py" and name in _imported_from_rules(ast.parse(text)):
            count += len(bare.findall(text)) - 1  # less the import itself
        else:
            count += len(qualified.findall(text))
    return count


@pytest.mark.parametrize(("module", "name"), _functions())
def test_each_rule_function_is_called(module: str, name: str) -> None:
    assert _uses(name, RULES / module) > 0, f"rules/{module}: {name} is called nowhere"
