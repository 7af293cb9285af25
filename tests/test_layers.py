"""The import layering of ``cgt`` (docs/guide/architecture.rst, DESIGN.md).

Every module under ``cgt/`` is read with :mod:`ast`; every ``import`` and
``from ... import`` is collected, at module level *and* inside functions and
methods, relative or absolute (``from . import x`` counts as an import of the
submodule ``x`` when there is one).  Imports under ``if TYPE_CHECKING:`` only
name types for annotations and never run: they are not edges.

Two rules, checked on that graph:

* every import goes *down* :data:`LAYERS` (a module may import its own layer
  or a lower one), except the one declared façade edge
  ``cgt.game -> cgt._facade``, through which ``Game``'s theory methods reach
  the theory modules;
* there is no import cycle among cgt's modules, except cycles through that
  façade edge.

Where today's code still breaks a rule, the edge is listed in
:data:`ALLOWED_UPWARD` or :data:`ALLOWED_CYCLE_EDGES`, each with the reason.
Those lists must only shrink: a new violation fails, and so does a listed edge
that no longer exists (delete it from the list).
"""

from __future__ import annotations

import ast
import pathlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cgt"
ARCHITECTURE_PAGE = ROOT / "docs" / "guide" / "architecture.rst"

# The layer map, lowest layer first: a module may import modules of its own
# layer and of the layers before it, never of a layer after it.  A name ending
# in ".*" is a package with every module in it, itself included.  This is the one place the map
# is written; docs/guide/architecture.rst lists the same layers in this order.
LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("errors", ("cgt.errors",)),
    (
        "support",
        (
            "cgt._budget",
            "cgt._cache",
            "cgt._compat",
            "cgt._deep",
            "cgt._digits",
            "cgt._intern",
            "cgt._nim",
            "cgt._options",
            "cgt._sources",
            "cgt._svg",
            "cgt._version",
            "cgt.kernels",
            "cgt.progress",
            "cgt.verify",
        ),
    ),
    ("numbers", ("cgt.dyadic", "cgt._tokens", "cgt.ordinal", "cgt.surreal")),
    ("engine", ("cgt.canonical", "cgt._engine")),
    ("values", ("cgt.game",)),
    ("notation", ("cgt.notation", "cgt.tree")),
    (
        "theory",
        (
            "cgt.temperature",
            "cgt.thermograph",
            "cgt.atomic",
            "cgt.products",
            "cgt.structure",
            "cgt.census",
        ),
    ),
    ("impartial", ("cgt.impartial.*",)),
    ("misère", ("cgt.misere.*",)),
    ("scoring", ("cgt.scoring.*",)),
    ("loopy", ("cgt.loopy.*",)),
    (
        "positions",
        (
            "cgt.solver",
            "cgt.play",
            "cgt.hot",
            "cgt.environment",
            "cgt.impartial_search",
            "cgt.certificates",
            "cgt.games.base",
        ),
    ),
    ("games", ("cgt.games.*",)),
    ("store", ("cgt.store", "cgt.surveys")),
    ("top", ("cgt", "cgt.__main__", "cgt.cli", "cgt._facade", "cgt.versus", "cgt.widget")),
)

# The declared façade: the one upward edge.  ``cgt.game`` declares the table
# of theory methods; ``cgt._facade`` (top layer) fills it.
FACADE = "cgt._facade"
FACADE_CLIENT = "cgt.game"

# Upward edges that today's code still has: (importer, imported) -> why.  Only
# ever remove entries (move the code to its layer, or hand the dependency in).
ALLOWED_UPWARD: dict[tuple[str, str], str] = {}

# Edges inside one layer that close a cycle: (importer, imported) -> why.  (LoopyGame's
# methods built on the loopy modules above it go through its own table, filled by
# cgt.loopy._facade, so cgt.loopy.values imports none of them.)
ALLOWED_CYCLE_EDGES: dict[tuple[str, str], str] = {}

# LoopyGame's façade: cgt.loopy.values declares the table, cgt.loopy._facade fills
# it, and only the package cgt.loopy imports that module.
LOOPY_FACADE = "cgt.loopy._facade"


def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES: dict[str, pathlib.Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _owner(name: str) -> str | None:
    """The cgt module that ``name`` (a module or a name in one) lives in."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    """ids of the import nodes under ``if TYPE_CHECKING:`` (annotation-only)."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If):
            test = node.test
            name = test.id if isinstance(test, ast.Name) else getattr(test, "attr", None)
            if name == "TYPE_CHECKING":
                for inner in node.body:
                    for sub in ast.walk(inner):
                        out.add(id(sub))
    return out


def _imports(module: str) -> Iterator[tuple[str, int]]:
    """The cgt modules ``module`` imports, with line numbers, at any depth."""
    path = MODULES[module]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = _type_checking_nodes(tree)
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = module.split(".") if is_package else module.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            for alias in node.names:
                sub = f"{source}.{alias.name}"
                targets.append(sub if sub in MODULES else source)
        for target in targets:
            if target != "cgt" and not target.startswith("cgt."):
                continue
            owner = _owner(target)
            if owner is not None and owner != module:
                yield owner, getattr(node, "lineno", 0)


def import_graph() -> dict[tuple[str, str], list[int]]:
    """(importer, imported) -> the lines of the import statements."""
    edges: dict[tuple[str, str], list[int]] = {}
    for module in MODULES:
        for target, line in _imports(module):
            edges.setdefault((module, target), []).append(line)
    return edges


def layer_of(module: str) -> int:
    """The rank of ``module``'s layer in :data:`LAYERS` (an exact entry beats a ``.*``)."""
    for rank, (_, members) in enumerate(LAYERS):
        if module in members:
            return rank
    for rank, (_, members) in enumerate(LAYERS):
        if any(m.endswith(".*") and (module + ".").startswith(m[:-1]) for m in members):
            return rank
    raise AssertionError(f"{module} is in no layer: add it to LAYERS in {__file__}")


def upward_edges(edges: dict[tuple[str, str], list[int]]) -> dict[tuple[str, str], list[int]]:
    return {
        (a, b): lines
        for (a, b), lines in edges.items()
        if layer_of(b) > layer_of(a) and (a, b) != (FACADE_CLIENT, FACADE)
    }


def cycles(edges: set[tuple[str, str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan, iterative)."""
    graph: dict[str, list[str]] = {}
    for a, b in sorted(edges):
        graph.setdefault(a, []).append(b)
        graph.setdefault(b, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                if len(component) > 1:
                    out.append(sorted(component))
    return out


EDGES = import_graph()


def test_the_graph_is_read_from_every_kind_of_import() -> None:
    # a top-level relative import, a function-level one, ``from . import x``
    # resolving to a submodule, and an annotation-only one left out
    assert ("cgt.game", "cgt.canonical") in EDGES  # from . import canonical as _engine
    assert ("cgt", "cgt.games") in EDGES  # from . import games, ...
    assert ("cgt.games", "cgt.games.heap") in EDGES
    assert ("cgt.canonical", "cgt.game") not in EDGES  # only under TYPE_CHECKING
    assert ("cgt.game", FACADE) in EDGES  # inside a function
    assert len(MODULES) > 50


def test_every_module_is_in_one_layer() -> None:
    for module in MODULES:
        layer_of(module)
    names = [name for name, _ in LAYERS]
    assert len(set(names)) == len(names)


def test_imports_go_down_the_layers() -> None:
    found = upward_edges(EDGES)
    new = {
        edge: f"{edge[0]} ({LAYERS[layer_of(edge[0])][0]}) imports {edge[1]} "
        f"({LAYERS[layer_of(edge[1])][0]}) at line(s) {sorted(set(lines))}"
        for edge, lines in found.items()
        if edge not in ALLOWED_UPWARD
    }
    assert not new, "imports going up the layers:\n" + "\n".join(new.values())
    gone = sorted(edge for edge in ALLOWED_UPWARD if edge not in found)
    assert not gone, f"no longer violations, delete them from ALLOWED_UPWARD: {gone}"


def test_no_cycles_except_through_the_facade() -> None:
    kept = {
        edge
        for edge in EDGES
        if edge != (FACADE_CLIENT, FACADE)
        and edge not in ALLOWED_UPWARD
        and edge not in ALLOWED_CYCLE_EDGES
    }
    assert cycles(kept) == []
    gone = sorted(edge for edge in ALLOWED_CYCLE_EDGES if edge not in EDGES)
    assert not gone, f"no longer there, delete them from ALLOWED_CYCLE_EDGES: {gone}"
    # and with the façade edge the theory modules do form the declared loop
    assert any(FACADE_CLIENT in c and FACADE in c for c in cycles(set(EDGES)))


def test_only_the_value_type_imports_the_facade() -> None:
    importers = sorted(a for (a, b) in EDGES if b == FACADE)
    assert importers == ["cgt", FACADE_CLIENT]


def test_only_the_loopy_package_imports_the_loopy_facade() -> None:
    assert sorted(a for (a, b) in EDGES if b == LOOPY_FACADE) == ["cgt.loopy"]
    # LoopyGame's module imports nothing built on LoopyGame
    built_on_it = {a for (a, b) in EDGES if b == "cgt.loopy.values"}
    assert {"cgt.loopy.invariants", "cgt.loopy.sided", "cgt.loopy.printing"} <= built_on_it
    assert not {b for (a, b) in EDGES if a == "cgt.loopy.values"} & built_on_it


def test_the_cycle_finder_finds_cycles() -> None:
    assert cycles({("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")}) == [["a", "b", "c"]]
    assert cycles({("a", "b"), ("b", "c"), ("a", "c")}) == []


def test_the_architecture_page_lists_the_same_layers() -> None:
    text = ARCHITECTURE_PAGE.read_text(encoding="utf-8")
    block = re.search(r"\.\. layer map.*?\n::\n(.*?)\n\.\. end of layer map", text, re.S)
    assert block is not None, f"{ARCHITECTURE_PAGE} has no layer map"
    rows = [line.split() for line in block.group(1).splitlines() if line.strip()]
    assert [row[0] for row in rows] == [name for name, _ in LAYERS]
    for row, (_, members) in zip(rows, LAYERS, strict=True):
        assert sorted(row[1:]) == sorted(members), row


@pytest.mark.parametrize("method", ["temperature", "atomic_weight", "reduced"])
def test_a_missing_facade_entry_says_so(method: str) -> None:
    import cgt
    from cgt import game

    saved = game._THEORY.pop(method)
    try:
        with pytest.raises(cgt.CGTError, match=method):
            getattr(cgt.parse("{3||2*|1*}"), method)()
    finally:
        game._THEORY[method] = saved


def test_every_declared_facade_method_is_filled() -> None:
    import cgt  # noqa: F401  (fills the table)
    from cgt import game

    assert set(game._THEORY) == set(game.THEORY_METHODS)
    assert all(callable(f) for f in game._THEORY.values())


def test_every_declared_loopy_method_is_filled() -> None:
    from cgt.loopy import _facade, values

    assert set(values._THEORY) == set(values.THEORY_METHODS) == set(_facade.TABLE)
    assert all(callable(f) for f in values._THEORY.values())


@pytest.mark.parametrize(
    ("method", "call"),
    [("left_stop", lambda g: g.left_stop()), ("sides", lambda g: g.sides()), ("stopper_text", str)],
)
def test_a_missing_loopy_facade_entry_says_so(method: str, call: Any) -> None:
    import cgt
    from cgt.loopy import values

    g = cgt.parse("{1|pass}")  # a stopper, not short: printing needs the table
    saved = values._THEORY.pop(method)
    try:
        with pytest.raises(cgt.CGTError, match=method):
            call(g)
    finally:
        values._THEORY[method] = saved
    assert call(g) is not None
