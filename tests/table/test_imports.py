"""The shape of the code: no import cycle between project modules (the benchmarks' included),
the engine and the store know nothing of Discord or the table layer, a part of the store
imports no other part, the session is the sole owner of its table's lock and state, and the
cogs only call session methods.

Imports are read with ``ast`` from every module under ``bot/``, ``cogs/`` and ``bench/``:
every ``import`` and ``from ... import`` anywhere in a file (inside functions, under
``if TYPE_CHECKING:``), relative ones resolved. An edge goes to the exact module named:
``from pkg import name`` is an edge to ``pkg.name`` when that is a module, else to ``pkg`` (a
package's ``__init__`` is a node of its own; the implied import of parent packages is not an
edge, so it makes no false cycle).
"""

from __future__ import annotations

import ast
import functools
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any  # noqa: F401  (the planted code's annotations)

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs", "bench")
PURE = ("bot.engine", "bot.store", "bot.tournament")
"""Packages that must not know of the Discord layer."""
FORBIDDEN_IN_PURE = ("bot.table", "cogs", "bot.client", "bot.replies", "discord")
STORE_PARTS = tuple(
    f"bot.store.{part}"
    for part in ("settings", "wallets", "tables", "hands", "house", "audit", "mtts")
)
"""The store's parts (``store.settings``, ``store.wallets``...)."""
STORE_SHARED = ("bot.store.chips", "bot.store.rows", "bot.store.runner")
"""What every part shares: the chip rules, the reads inside a transaction, the runner."""
STORE_FOUNDATION = (
    *STORE_SHARED,
    "bot.store.backend",
    "bot.store.errors",
    "bot.store.models",
    "bot.store.shared_sql",
)
"""The store's modules a part (or a shared module) may import."""
SESSION_MODULE = Path("bot") / "table" / "session.py"
"""The one module that may take a table's lock or change its state."""
LOCK_NAMES = frozenset({"lock", "_lock"})
"""The attribute names of a table's lock (``TableSession._lock``)."""
TABLE_STATE = frozenset(
    {"hand", "last_hand", "notes", "acted_at", "seats", "button_seat", "paused_by", "closing"}
)
"""The session's state: the running and the last hand, the hand's notes, who made each action,
the seats, the button, the pause and the close after the hand."""
SESSION_SOURCES = {"here", "open", "by_channel", "by_table"}
"""Registry methods that return a session (``in_guild`` returns a list of them)."""


# ---------------------------------------------------------------------- reading the imports


@functools.lru_cache(maxsize=4096)
def parsed(source: str) -> ast.Module:
    """``source``'s syntax tree, read once per text: the checks and the planted copies of the
    code read the same few hundred modules again and again (the trees are only read)."""
    return ast.parse(source)


def module_files(root: Path) -> dict[str, Path]:
    """Every module under the project packages of ``root``, by dotted name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def imported_names(module: str, path: Path, modules: set[str]) -> Iterator[str]:
    """The modules ``module`` imports, as named (project modules resolved to the exact module,
    others such as ``discord.ui`` as written)."""
    tree = parsed(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module.split(".")
                if not is_package(path):
                    package = package[:-1]
                if node.level > 1:
                    package = package[: len(package) - (node.level - 1)]
                base = ".".join([*package, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                yield candidate if alias.name != "*" and candidate in modules else base


def project_module(name: str, modules: set[str]) -> str | None:
    """The project module ``name`` refers to (itself, or its longest known prefix)."""
    parts = name.split(".")
    while parts:
        dotted = ".".join(parts)
        if dotted in modules:
            return dotted
        parts.pop()
    return None


def import_graph(root: Path) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """(edges between project modules, every name each module imports)."""
    files = module_files(root)
    modules = set(files)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    raw: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in files.items():
        for name in imported_names(module, path, modules):
            raw[module].add(name)
            target = project_module(name, modules)
            if target is not None and target != module:
                graph[module].add(target)
    return graph, raw


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One import cycle (``[a, b, ..., a]``, shortest from its first module) for each group of
    modules that import each other (strongly connected component), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                connect(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.add(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(group)

    for node in sorted(graph):
        if node not in index:
            connect(node)
    cycles = []
    for group in groups:
        start = min(group)
        came_from: dict[str, str] = {}
        frontier = [start]
        while start not in came_from:
            following = []
            for node in frontier:
                for target in sorted(graph[node] & group):
                    if target not in came_from:
                        came_from[target] = node
                        following.append(target)
            frontier = following
        path = [start]
        while len(path) == 1 or path[-1] != start:
            path.append(came_from[path[-1]])
        cycles.append(path[::-1])
    return sorted(cycles)


def forbidden_imports(raw: dict[str, set[str]]) -> list[str]:
    """``module -> name`` for every import of the Discord layer by the engine or the store."""
    found = []
    for module, names in sorted(raw.items()):
        if not any(module == p or module.startswith(p + ".") for p in PURE):
            continue
        for name in sorted(names):
            if any(name == f or name.startswith(f + ".") for f in FORBIDDEN_IN_PURE):
                found.append(f"{module} -> {name}")
    return found


def store_part_imports(graph: dict[str, set[str]]) -> list[str]:
    """``module -> target`` for every store module a part or a shared module imports that is
    not the shared chip rules, rows, runner or the store's plain definitions (another part,
    the facade, a backend)."""
    found = []
    for module in sorted((*STORE_PARTS, *STORE_SHARED)):
        for target in sorted(graph.get(module, ())):
            in_store = target == "bot.store" or target.startswith("bot.store.")
            if in_store and target not in STORE_FOUNDATION:
                found.append(f"{module} -> {target}")
    return found


RENDERERS = "bot.table.render"
RENDERERS_NEVER_REACH = (
    "bot.table.session",
    "bot.table.io",
    "bot.table.channel",
    "bot.table.registry",
    "bot.client",
    "cogs",
    "bot.store",
)
"""What the renderers (pure functions of snapshots) must not import, even through another
module: the session, the Discord I/O, the client, the store..."""
RENDERERS_MAY_REACH = ("bot.store.models", "bot.store.errors")
"""...but for the store's rows (types) and errors."""


def renderer_reaches(graph: dict[str, set[str]]) -> list[str]:
    """``renderer -> ... -> module`` for each forbidden module a renderer imports, directly or
    through other modules (TYPE_CHECKING imports count)."""
    found = []
    for start in sorted(m for m in graph if m == RENDERERS or m.startswith(RENDERERS + ".")):
        came_from: dict[str, str] = {start: start}
        frontier = [start]
        while frontier:
            following = []
            for node in frontier:
                for target in sorted(graph.get(node, ())):
                    if target not in came_from:
                        came_from[target] = node
                        following.append(target)
            frontier = following
        for target in sorted(came_from):
            within = any(target == p or target.startswith(p + ".") for p in RENDERERS_NEVER_REACH)
            if within and target not in RENDERERS_MAY_REACH:
                path = [target]
                while path[-1] != start:
                    path.append(came_from[path[-1]])
                found.append(" -> ".join(reversed(path)))
    return found


# ---------------------------------------------------------------------- cogs and sessions


def _unawait(node: ast.expr) -> ast.expr:
    return node.value if isinstance(node, ast.Await) else node


def _registry_call(node: ast.expr, methods: set[str]) -> bool:
    """``<...>.tables.<method>(...)`` (awaited or not)."""
    node = _unawait(node)
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in methods
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "tables"
    )


def _target_names(target: ast.expr) -> set[str]:
    return {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}


def session_attribute_uses(source: str) -> list[str]:
    """Attributes of a session read (not called) in ``source``: ``line: expression``.

    A session is a name bound to ``<...>.tables.here/open/by_channel/by_table(...)``, a loop
    or comprehension variable over ``<...>.tables.in_guild(...)``, or any name ``session``;
    each function is looked at on its own.
    """
    tree = parsed(source)
    found = []
    functions = [
        n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    for function in functions:
        names = {"session"}
        parents: dict[ast.AST, ast.AST] = {}
        for node in ast.walk(function):
            for child in ast.iter_child_nodes(node):
                parents[child] = node
            if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                if _registry_call(node.value, SESSION_SOURCES):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        names |= _target_names(target)
            elif isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and _registry_call(
                node.iter, {"in_guild"}
            ):
                names |= _target_names(node.target)
        for node in ast.walk(function):
            if not isinstance(node, ast.Attribute):
                continue
            value = _unawait(node.value)
            is_session = (isinstance(value, ast.Name) and value.id in names) or _registry_call(
                value, SESSION_SOURCES
            )
            if not is_session:
                continue
            parent = parents.get(node)
            if isinstance(parent, ast.Call) and parent.func is node:
                continue
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


# ---------------------------------------------------------------------- who owns a table


def _own_attributes(tree: ast.AST) -> dict[ast.AST, set[str]]:
    """For each class, the ``self.<name>`` it assigns in its own ``__init__`` (its own
    attributes: a lock or a ``closed`` flag of its own is not the table's)."""
    owned: dict[ast.AST, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef):
            continue
        names: set[str] = set()
        for item in node.body:
            if (
                isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef))
                and item.name == "__init__"
            ):
                for sub in ast.walk(item):
                    if (
                        isinstance(sub, ast.Attribute)
                        and isinstance(sub.ctx, ast.Store)
                        and isinstance(sub.value, ast.Name)
                        and sub.value.id == "self"
                    ):
                        names.add(sub.attr)
        owned[node] = names
    return owned


def _chain(node: ast.expr) -> list[ast.Attribute]:
    """The attributes of ``a.b.c`` from the outermost in (``.c``, ``.b``)."""
    found = []
    while isinstance(node, ast.Attribute):
        found.append(node)
        node = node.value
    return found


def table_state_breaches(source: str) -> list[str]:
    """Where ``source`` takes a table's lock or changes a table's state, as only the session
    may: ``line: what``. Read with ``ast``:

    - the lock: any attribute ``lock`` or ``_lock`` (``async with table.lock``,
      ``session._lock.acquire()``), unless it is ``self``'s own (set in its class's
      ``__init__``: the store's and the shards' locks are theirs);
    - a write of the state: an assignment, augmented assignment or ``del`` whose target goes
      through one of ``TABLE_STATE`` (``table.hand = None``, ``table.acted_at[n] = u``,
      ``self.seats = ...`` in a subclass), the owner's own ``self.<name>`` excepted;
    - a call through it (``table.notes.prefold.add(u)``, ``table.hand.fold(u)``,
      ``table.seats.append(s)``): the hand's, the notes' and the seats' methods change them.
    """
    tree = parsed(source)
    owned = _own_attributes(tree)
    own_at: dict[ast.AST, set[str]] = {}
    for cls, names in owned.items():
        for node in ast.walk(cls):
            own_at[node] = names
    found: list[str] = []

    def own(attribute: ast.Attribute) -> bool:
        value = attribute.value
        is_self = isinstance(value, ast.Name) and value.id == "self"
        return is_self and attribute.attr in own_at.get(attribute, set())

    def state_in(target: ast.expr) -> ast.Attribute | None:
        for node in ast.walk(target):
            if isinstance(node, ast.Attribute) and node.attr in TABLE_STATE and not own(node):
                return node
        return None

    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Attribute) and node.attr in LOCK_NAMES and not own(node):
            found.append(f"{line}: lock {ast.unparse(node)}")
        elif isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete)):
            targets = node.targets if isinstance(node, (ast.Assign, ast.Delete)) else [node.target]
            for target in targets:
                if (hit := state_in(target)) is not None:
                    found.append(f"{line}: write {ast.unparse(hit)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            through = _chain(node.func)[1:]  # the called method itself excepted
            hits = [a for a in through if a.attr in TABLE_STATE and not own(a)]
            if hits:
                found.append(f"{line}: call {ast.unparse(node.func)}")
    return sorted(found, key=lambda breach: int(breach.split(":", 1)[0]))


def lock_hand_outs(source: str) -> list[str]:
    """Where the session's ``source`` lets its lock out (``line: expression``): every
    ``self._lock`` must be taken, awaited or let go right there (``async with self._lock``,
    ``self._lock.acquire()``, ``.release()``, ``.locked()``), never passed, returned or kept
    elsewhere (``lambda: self._lock``, ``Journal(self._lock)``), where another module could
    take it."""
    tree = parsed(source)
    allowed: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.AsyncWith):
            allowed |= {id(item.context_expr) for item in node.items}
        elif isinstance(node, ast.Attribute) and node.attr in ("acquire", "release", "locked"):
            allowed.add(id(node.value))
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Attribute) and t.attr in LOCK_NAMES for t in node.targets
        ):
            allowed |= {id(t) for t in node.targets}  # its creation
    out = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in LOCK_NAMES and id(node) not in allowed
    ]
    return [f"{node.lineno}: {ast.unparse(node)}" for node in sorted(out, key=lambda n: n.lineno)]


def table_owner_breaches(root: Path) -> dict[str, list[str]]:
    """``table_state_breaches`` of every module that can hold a table (under ``bot/`` and
    ``cogs/``; the engine and the store cannot, as they import nothing of the table layer),
    but the session's own."""
    found = {}
    for package in ("bot", "cogs"):
        for path in sorted((root / package).rglob("*.py")):
            relative = path.relative_to(root)
            if relative == SESSION_MODULE or relative.parts[:2] in (
                ("bot", "engine"),
                ("bot", "store"),
            ):
                continue
            if breaches := table_state_breaches(path.read_text()):
                found[str(relative)] = breaches
    return found


# ---------------------------------------------------------------------- the tests


def test_every_project_module_is_read() -> None:
    graph, raw = import_graph(REPO_ROOT)
    for module in ("bot.table", "bot.table.session", "bot.engine", "bot.store.store", "cogs.poker"):
        assert module in graph
    assert "bot.table.session" in graph["bot.table.registry"]
    # an import under ``if TYPE_CHECKING:`` counts (the cogs name the client only there)
    assert "bot.client" in graph["cogs.poker"]
    assert "discord" in raw["bot.table.buttons"]
    assert set(STORE_PARTS) <= set(graph)
    assert "bot.store.chips" in graph["bot.store.tables"]
    assert "bench.load_types" in graph["bench.load_cluster"]
    assert "bench.load_cluster" in graph["bench.bench_load"]


def test_no_import_cycle() -> None:
    graph, _ = import_graph(REPO_ROOT)
    cycles = [" -> ".join(cycle) for cycle in find_cycles(graph)]
    assert cycles == [], "import cycles:\n" + "\n".join(cycles)


def test_the_engine_and_the_store_know_nothing_of_discord_or_the_tables() -> None:
    _, raw = import_graph(REPO_ROOT)
    assert forbidden_imports(raw) == []


def test_the_renderers_import_neither_the_session_nor_the_io_nor_the_store() -> None:
    graph, _ = import_graph(REPO_ROOT)
    assert renderer_reaches(graph) == []


def test_nothing_under_bot_imports_a_cog() -> None:
    """The cogs are commands only, on top: what a command and another surface (the dashboard)
    share lives under ``bot/`` (the settings report, the leaderboards...)."""
    graph, _ = import_graph(REPO_ROOT)
    found = [
        f"{module} -> {target}"
        for module in sorted(graph)
        if module == "bot" or module.startswith("bot.")
        for target in sorted(graph[module])
        if target == "cogs" or target.startswith("cogs.")
    ]
    assert found == []


def test_a_store_part_imports_no_other_part() -> None:
    graph, _ = import_graph(REPO_ROOT)
    assert store_part_imports(graph) == []


def test_only_the_session_takes_a_tables_lock_or_writes_its_state() -> None:
    assert table_owner_breaches(REPO_ROOT) == {}


def test_the_session_never_lets_its_lock_out() -> None:
    assert lock_hand_outs((REPO_ROOT / SESSION_MODULE).read_text()) == []


def test_a_session_handing_its_lock_to_a_collaborator_is_found() -> None:
    source = """
class Session:
    def __init__(self):
        self._lock = asyncio.Lock()
        self.journal = Journal(lambda: self._lock)
        self.house = House(self._lock)

    async def handle(self):
        async with self._lock:
            return self._lock.locked()
"""
    assert lock_hand_outs(source) == ["5: self._lock", "6: self._lock"]


def test_the_sessions_own_lock_and_state_are_what_the_check_finds_elsewhere() -> None:
    """The session's code is exempt only as the owner: the same code in a class that does
    not set up the lock and the state (a subclass, a collaborator) breaches everywhere."""
    source = (REPO_ROOT / SESSION_MODULE).read_text()
    assert table_state_breaches(source) == []
    breaches = table_state_breaches(source.replace("def __init__(", "def _not_init("))
    assert any(b.endswith(": lock self._lock") for b in breaches)
    assert any(b.endswith(": write self.hand") for b in breaches)
    assert any(b.endswith(": write self.acted_at") for b in breaches)
    assert any(": call self.notes." in b for b in breaches)


def command_modules(root: Path) -> list[Path]:
    """Every module of the slash commands: the cogs (their packages' parts too) and each
    feature's ``commands.py``."""
    return sorted(
        [*(root / "cogs").rglob("*.py"), *(root / "bot" / "features").glob("*/commands.py")]
    )


def test_cogs_only_call_session_methods() -> None:
    modules = command_modules(REPO_ROOT)
    assert REPO_ROOT / "cogs" / "poker" / "_table.py" in modules
    assert REPO_ROOT / "bot" / "features" / "sitngo" / "commands.py" in modules
    found = {
        str(path.relative_to(REPO_ROOT)): uses
        for path in modules
        if (uses := session_attribute_uses(path.read_text()))
    }
    assert found == {}


# ---------------------------------------------------------------------- the checks check


@pytest.fixture
def copy_of_the_code(tmp_path: Path) -> Path:
    """The project packages copied to ``tmp_path``, for breaking on purpose."""
    for package in PACKAGES:
        shutil.copytree(
            REPO_ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    return tmp_path


def add_line(path: Path, line: str) -> None:
    path.write_text(path.read_text() + "\n" + line + "\n")


def test_a_cycle_is_found_even_through_a_deferred_relative_import(copy_of_the_code: Path) -> None:
    # render imports buttons (through render.common); buttons importing render back, inside a
    # function, is a cycle
    add_line(
        copy_of_the_code / "bot" / "table" / "buttons.py",
        "def _later() -> None:\n    from . import render  # noqa\n",
    )
    before = find_cycles(import_graph(REPO_ROOT)[0])
    (cycle,) = [c for c in find_cycles(import_graph(copy_of_the_code)[0]) if c not in before]
    assert cycle == [
        "bot.table.buttons",
        "bot.table.render",
        "bot.table.render.common",
        "bot.table.buttons",
    ]


def test_a_cycle_under_type_checking_is_found(copy_of_the_code: Path) -> None:
    add_line(
        copy_of_the_code / "bot" / "table" / "seating.py",
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bot.table.snapshot import TableSnapshot",
    )
    before = find_cycles(import_graph(REPO_ROOT)[0])
    (cycle,) = [c for c in find_cycles(import_graph(copy_of_the_code)[0]) if c not in before]
    assert cycle == ["bot.table.seating", "bot.table.snapshot", "bot.table.seating"]


def test_the_engine_importing_the_table_layer_is_found(copy_of_the_code: Path) -> None:
    add_line(copy_of_the_code / "bot" / "engine" / "phh.py", "from bot.table import render")
    add_line(copy_of_the_code / "bot" / "store" / "models.py", "import discord.ui")
    _, raw = import_graph(copy_of_the_code)
    assert forbidden_imports(raw) == [
        "bot.engine.phh -> bot.table.render",
        "bot.store.models -> discord.ui",
    ]


def test_a_renderer_reaching_the_session_through_another_module_is_found(
    copy_of_the_code: Path,
) -> None:
    add_line(copy_of_the_code / "bot" / "table" / "naming.py", "from bot.table import session")
    add_line(copy_of_the_code / "bot" / "table" / "render" / "result.py", "import bot.store.store")
    found = renderer_reaches(import_graph(copy_of_the_code)[0])
    assert "bot.table.render.common -> bot.table.naming -> bot.table.session" in found
    assert "bot.table.render.result -> bot.store.store" in found


def test_a_store_part_importing_another_part_is_found(copy_of_the_code: Path) -> None:
    add_line(copy_of_the_code / "bot" / "store" / "tables.py", "from bot.store import wallets")
    add_line(copy_of_the_code / "bot" / "store" / "chips.py", "from bot.store.hands import Hands")
    add_line(copy_of_the_code / "bot" / "store" / "audit.py", "from bot.store import Store")
    assert store_part_imports(import_graph(copy_of_the_code)[0]) == [
        "bot.store.audit -> bot.store",
        "bot.store.chips -> bot.store.hands",
        "bot.store.tables -> bot.store.wallets",
    ]


def test_an_import_circle_in_bench_is_found(copy_of_the_code: Path) -> None:
    add_line(
        copy_of_the_code / "bench" / "load_cluster.py",
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from bench.bench_load import BotUnderTest",
    )
    before = find_cycles(import_graph(REPO_ROOT)[0])
    (cycle,) = [c for c in find_cycles(import_graph(copy_of_the_code)[0]) if c not in before]
    assert cycle == ["bench.bench_load", "bench.load_cluster", "bench.bench_load"]


def test_reading_a_session_attribute_in_a_cog_is_found() -> None:
    source = """
async def leave(self, interaction):
    session = self.bot.tables.here(interaction)
    await session.leave(1)
    table = await self.bot.tables.open(1, 2)
    hand = table.hand
    stacks = sum(s.chips_of(1) for s in self.bot.tables.in_guild(1))
    seats = [s.seats for s in self.bot.tables.in_guild(1)]
    return session.closing, self.bot.tables.here(interaction).notes

def other(s):
    return s.seats  # not a session here
"""
    assert session_attribute_uses(source) == [
        "6: table.hand",
        "8: s.seats",
        "9: session.closing",
        "9: self.bot.tables.here(interaction).notes",
    ]


def test_a_module_taking_a_tables_lock_is_found(copy_of_the_code: Path) -> None:
    add_line(
        copy_of_the_code / "bot" / "table" / "house.py",
        "async def _planted(table: Any) -> None:\n"
        "    async with table._lock:\n"
        "        pass\n"
        "    await table.lock.acquire()",
    )
    found = table_owner_breaches(copy_of_the_code)
    assert [b.split(": ", 1)[1] for b in found["bot/table/house.py"]] == [
        "lock table._lock",
        "lock table.lock",
    ]
    assert set(found) == {"bot/table/house.py"}


def test_a_session_subclass_taking_the_lock_or_writing_the_hand_is_found(
    copy_of_the_code: Path,
) -> None:
    add_line(
        copy_of_the_code / "bot" / "table" / "tournament.py",
        "class _Planted(TournamentSession):\n"
        "    async def cancel(self) -> None:\n"
        "        async with self._lock:\n"
        "            self.hand = None\n"
        "            self.seats, self.closing = [], True",
    )
    found = table_owner_breaches(copy_of_the_code)["bot/table/tournament.py"]
    assert [b.split(": ", 1)[1] for b in found] == [
        "lock self._lock",
        "write self.hand",
        "write self.seats",
    ]


def test_a_module_writing_a_tables_notes_or_actions_is_found() -> None:
    source = """
class Clicks:
    def __init__(self, table):
        self.table = table
        self.seats = []  # its own
        self._lock = None  # its own

    async def click(self, user_id, number):
        table = self.table
        table.acted_at[number] = user_id
        table.notes.prefold.add(user_id)
        table.hand.fold(user_id)
        del table.notes
        self.seats.append(1)
        async with self._lock:
            return table.hand.to_act, table.seats  # reads are free
"""
    assert table_state_breaches(source) == [
        "10: write table.acted_at",
        "11: call table.notes.prefold.add",
        "12: call table.hand.fold",
        "13: write table.notes",
    ]
