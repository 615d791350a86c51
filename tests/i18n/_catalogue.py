"""Reading the Fluent catalogues as syntax: one file's messages, and the variables and
selectors a message uses (the catalogue tests and the table's message tests read them)."""

from __future__ import annotations

from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from bot.messages import LOCALE_DIR


class _Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()
        self.selectors: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.names.add(node.id.name)

    def visit_SelectExpression(self, node: ast.SelectExpression) -> None:
        if isinstance(node.selector, ast.VariableReference):
            self.selectors.add(node.selector.id.name)
        self.generic_visit(node)


def messages(language: str, file: str) -> dict[str, ast.Message]:
    """The messages of one catalogue file; a file that does not parse fails the test."""
    path = LOCALE_DIR / language / file
    resource = parse(path.read_text(encoding="utf-8"))
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, f"{path}: syntax errors: {[j.annotations[0].message for j in junk]}"
    found: dict[str, ast.Message] = {}
    for entry in resource.body:
        if isinstance(entry, ast.Message):
            assert entry.id.name not in found, f"{path}: {entry.id.name} is defined twice"
            found[entry.id.name] = entry
    return found


def variables(message: ast.Message) -> _Variables:
    visitor = _Variables()
    visitor.visit(message)
    return visitor
