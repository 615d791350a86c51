"""Each store part keeps its SQL beside its use: ``shared_sql.py`` holds only the statements
that several modules run (parts, shared modules, the two backends), and a statement there that
comes to serve one module moves into it (issue 34)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

STORE = Path(__file__).resolve().parents[2] / "bot" / "store"
SHARED = STORE / "shared_sql.py"


def shared_names() -> list[str]:
    """The statements ``shared_sql.py`` names (the column lists it builds them from and the
    PostgreSQL texts beside them are not statements of their own)."""
    tree = ast.parse(SHARED.read_text())
    names = [
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name) and target.id.isupper()
    ]
    return [n for n in names if not n.endswith(("_COLUMNS", "_PG"))]


def users_of(name: str) -> set[str]:
    pattern = re.compile(rf"\bshared_sql\.{name}\b")
    return {
        path.stem
        for path in STORE.glob("*.py")
        if path != SHARED and pattern.search(path.read_text())
    }


def test_every_statement_in_shared_sql_is_run_by_several_store_modules() -> None:
    names = shared_names()
    assert names
    alone = {name: sorted(users_of(name)) for name in names if len(users_of(name)) < 2}
    assert not alone, f"move these beside their one user: {alone}"
