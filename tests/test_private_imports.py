"""No private name is imported across packages, except from an internal module (issue 27).

A module's *package* is the package it sits in (``cgt`` for ``cgt/game.py``,
``cgt.games`` for ``cgt/games/domineering.py``, ``cgt.games.hexapawn`` for the
modules of that subpackage; a package's ``__init__`` belongs to the package
itself).  Inside one package, modules may share private helpers.  Across
packages they should not: the exporting module gives the name a public
spelling, or lives in an explicitly internal module (one whose own name starts
with ``_``, like ``cgt._deep`` or ``cgt.loopy._facade``), from which private
names may be imported.

Every module under ``cgt/`` is read with :mod:`ast`, at module level and inside
functions (imports under ``if TYPE_CHECKING:`` never run and are left out).  Two
uses count:

* ``from X import _name`` where ``X`` is a cgt module of another package and
  ``_name`` is not a submodule;
* ``m._name`` (or ``m.sub._name``) where ``m`` is a name bound by an import to a
  cgt module of another package (``from .. import canonical``, ``import cgt.x as m``).

Dunder names (``__version__``) are not private.  Today's uses are listed in
:data:`ALLOWED` with their counts, a ratchet as in tests/test_value_slots.py: a
new use or a higher count fails, and so does a count that went down and was not
lowered here.
"""

from __future__ import annotations

import ast
from collections import Counter

from tests.test_layers import MODULES, _owner, _type_checking_nodes

#: (importing module, "exporting module.private name") -> uses: none are left.
ALLOWED: dict[tuple[str, str], int] = {}


def package_of(module: str) -> str:
    """The package ``module`` sits in (a package's ``__init__``: the package itself).

    >>> package_of("cgt.game"), package_of("cgt.games"), package_of("cgt.games.heap")
    ('cgt', 'cgt.games', 'cgt.games')
    """
    return module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]


def is_internal(module: str) -> bool:
    """A module whose own name starts with ``_`` (``cgt._deep``, ``cgt.loopy._facade``)."""
    return module.rpartition(".")[2].startswith("_")


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _source(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".") if MODULES[module].name == "__init__.py" else module.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _crosses(importer: str, exporter: str | None) -> bool:
    return (
        exporter is not None
        and exporter != importer
        and package_of(exporter) != package_of(importer)
        and not is_internal(exporter)
    )


def private_uses(module: str, source: str | None = None) -> Counter[str]:
    """``"exporter.name"`` -> uses in ``module`` (its text ``source`` if given)."""
    text = MODULES[module].read_text(encoding="utf-8") if source is None else source
    tree = ast.parse(text)
    skip = _type_checking_nodes(tree)
    found: Counter[str] = Counter()
    bound: dict[str, str] = {}  # local name -> the cgt module an import bound it to
    nodes = [node for node in ast.walk(tree) if id(node) not in skip]
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    local = alias.asname or alias.name.split(".")[0]
                    bound[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom):
            source_name = _source(module, node)
            if source_name != "cgt" and not source_name.startswith("cgt."):
                continue
            for alias in node.names:
                sub = f"{source_name}.{alias.name}"
                if sub in MODULES:
                    bound[alias.asname or alias.name] = sub
                    continue
                owner = _owner(source_name)
                if is_private(alias.name) and _crosses(module, owner):
                    found[f"{owner}.{alias.name}"] += 1
    for node in nodes:
        if not (isinstance(node, ast.Attribute) and is_private(node.attr)):
            continue
        chain: list[str] = []
        value = node.value
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if isinstance(value, ast.Name) and value.id in bound:
            target = ".".join([bound[value.id], *reversed(chain)])
            if target in MODULES and _crosses(module, target):
                found[f"{target}.{node.attr}"] += 1
    return found


def test_no_new_private_import_across_packages() -> None:
    found = {
        (module, name): count for module in MODULES for name, count in private_uses(module).items()
    }
    new = {k: c for k, c in found.items() if c > ALLOWED.get(k, 0)}
    assert not new, f"private names used across packages (give them a public name): {new}"
    fewer = {k: (c, found.get(k, 0)) for k, c in ALLOWED.items() if found.get(k, 0) < c}
    assert not fewer, f"fewer uses than listed (lower or delete them in ALLOWED): {fewer}"


def test_the_finder_sees_each_kind_of_use() -> None:
    # a module of cgt.games, written here, using private names in each way
    # the test counts, and in the ways it allows
    text = """
from .. import canonical, _deep
from ..canonical import _clear_hooks, add
from .base import _SOLVERS
import cgt.notation as notation_module
from .._deep import _anything

def f():
    from ..game import _maybe_game
    canonical._serial
    notation_module._tokenize
    _deep._private_but_internal
    canonical.__name__
"""
    found = private_uses("cgt.games.heap", text)
    assert found == Counter(
        {
            "cgt.canonical._clear_hooks": 1,
            "cgt.game._maybe_game": 1,
            "cgt.canonical._serial": 1,
            "cgt.notation._tokenize": 1,
        }
    )
    # inside its own package a module may share private names
    assert private_uses("cgt.game", "from .canonical import _forms\n") == Counter()
