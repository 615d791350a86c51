"""The tests' own layout: helpers live in helper modules that tests and tools import; no module
imports a test module (a test module run for its helpers runs its tests' imports, fixtures and
collection twice, and a helper hidden among tests is found by nobody)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported_modules(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def is_test_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0] == "tests" and parts[-1].startswith("test_")


def test_no_module_imports_a_test_module() -> None:
    offenders = {
        f"{path.relative_to(ROOT)} imports {name}"
        for folder in ("tests", "bench", "tools", "scripts")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for name in imported_modules(path)
        if is_test_module(name)
    }
    assert sorted(offenders) == []


def test_the_check_sees_an_import_of_a_test_module(tmp_path: Path) -> None:
    planted = tmp_path / "helper.py"
    planted.write_text(
        "from tests.e2e.test_sng import create\nimport tests.table.test_render\n"
        "from tests.e2e.helpers import Club\n"
    )
    names = {name for name in imported_modules(planted) if is_test_module(name)}
    assert names == {"tests.e2e.test_sng", "tests.table.test_render"}
