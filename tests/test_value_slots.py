"""Only the value type reads ``Game``'s private slots (issue 27, DESIGN.md "values").

``Game`` keeps its representation in slots (``_x``, ``_k``, ``_m``, ``_id``,
``_left``, ...).  Its own module and the engine that builds it
(:mod:`cgt.canonical`, the Python reference of the engine's API) may read them;
every other module should use the named accessors (``left_options``,
``nus()``, ``birthday()``, ``is_number``, ...).

The count is made with :mod:`ast`: every attribute access ``something.<slot>``
in a module, whatever ``something`` is (a class of another module with a slot
of the same name would be counted too: so ``MisereGame`` calls its birthday
slot ``_day``).  No module reads them today; :data:`READERS` stays as the
ratchet: a new reader fails.
"""

from __future__ import annotations

import ast
import pathlib
import re

import pytest

import cgt.game

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "cgt"
OWNERS = {"cgt/game.py", "cgt/canonical.py"}
"""The value type's module and the engine that builds its values."""

#: Modules still reading the slots, with the number of reads (none left: keep it so).
READERS: dict[str, int] = {}

C_SOURCES = PACKAGE / "_c"
C_OWNERS = {"cgt/_c/canonical.c", "cgt/_c/engine.h"}
"""The engine's C half: it makes Games, so it finds their slots' offsets by name."""


def _slots() -> set[str]:
    return {s for s in cgt.game.Game.__slots__ if s.startswith("_") and not s.startswith("__")}


def _reads(path: pathlib.Path, slots: set[str]) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return sum(
        1 for node in ast.walk(tree) if isinstance(node, ast.Attribute) and node.attr in slots
    )


def test_only_the_value_type_reads_its_slots() -> None:
    slots = _slots()
    assert {"_x", "_k", "_m", "_id", "_left", "_right"} <= slots
    found: dict[str, int] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if name in OWNERS:
            continue
        count = _reads(path, slots)
        if count:
            found[name] = count
    new = {m: c for m, c in found.items() if c > READERS.get(m, 0)}
    assert not new, f"new reads of Game's private slots (use its accessors): {new}"
    fewer = {m: (READERS[m], found.get(m, 0)) for m in READERS if found.get(m, 0) < READERS[m]}
    assert not fewer, f"fewer reads than listed (lower READERS): {fewer}"


def _c_reads(path: pathlib.Path, slots: set[str]) -> int:
    text = path.read_text(encoding="utf-8")
    return sum(len(re.findall(f'"{re.escape(slot)}"', text)) for slot in slots)


def test_only_the_engine_reads_the_slots_in_c() -> None:
    sources = sorted([*C_SOURCES.glob("*.c"), *C_SOURCES.glob("*.h")])
    if not sources:
        pytest.skip("the C sources are not beside the package")
    slots = _slots()
    found = {}
    for path in sources:
        name = path.relative_to(ROOT).as_posix()
        count = _c_reads(path, slots)
        if count and name not in C_OWNERS:
            found[name] = count
    assert not found, f"C that reads Game's private slots (use the engine's C API): {found}"
    # the owners do name them: the count above sees the way C spells a slot
    assert all(_c_reads(ROOT / owner, slots) for owner in C_OWNERS)
