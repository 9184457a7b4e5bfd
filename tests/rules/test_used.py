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


def _local_names(name: str, home: Path, tree: ast.AST) -> tuple[set[str], set[str]]:
    """What a module of the app calls the rules' `name` by: the name as it imports it from its
    home (`from scorekeeper.rules.dealing import cards_dealt`, or `... as alias`), and the
    home module as it imports it (`from scorekeeper.rules import dealing`, or `... as alias`)."""
    names, modules = set(), set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        for alias in node.names:
            if node.module == f"scorekeeper.rules.{home.stem}" and alias.name == name:
                names.add(alias.asname or alias.name)
            elif node.module == "scorekeeper.rules" and alias.name == home.stem:
                modules.add(alias.asname or alias.name)
    return names, modules


def _uses(name: str, home: Path) -> int:
    """How often the app's code calls or passes the rules' `name`.

    Inside the rules layer any use counts but the definition; elsewhere only `name` where the
    module imports it from its home module (less the import itself), or `module.name` where it
    imports that module, so an operation of the same name does not count. Templates reach the
    rules through the globals and filters the app registers, counted where it registers them.
    """
    count = 0
    for path in (ROOT / "scorekeeper").rglob("*.py"):
        if "migrations" in path.parts or path == RULES / "__init__.py":
            continue  # the package's docstring names an example, not a use
        text = path.read_text()
        if RULES in path.parents:
            count += len(re.findall(rf"\b{re.escape(name)}\b", text))
            if path == home:
                count -= len(re.findall(rf"\bdef {re.escape(name)}\(", text))
            continue
        names, modules = _local_names(name, home, ast.parse(text))
        for local in names:
            count += len(re.findall(rf"\b{re.escape(local)}\b", text)) - 1  # less the import
        for module in modules:
            count += len(re.findall(rf"\b{re.escape(module)}\.{re.escape(name)}\b", text))
    return count


@pytest.mark.parametrize(("module", "name"), _functions())
def test_each_rule_function_is_called(module: str, name: str) -> None:
    assert _uses(name, RULES / module) > 0, f"rules/{module}: {name} is called nowhere"
