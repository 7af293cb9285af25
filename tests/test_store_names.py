"""Stable stored names: a store written before the ruleset registry still reads.

The store that main wrote named a ruleset's rows by the class's
``module.qualname``.  These tests build such a file by hand, row by row as
main writes it (its schema, its checksum formula), then open it with this
code: the rows are found under the rulesets' stable names, with the same
values, which are checked against a brute force over the whole position.
"""

from __future__ import annotations

import hashlib
import importlib
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.games import NoGo, OctalGame, ToadsAndFrogs, clear_solver_caches, solver_for
from cgt.games.registry import info, rulesets
from cgt.store import Store, StoreError, encode_key, ruleset_name, use_store

# the schema of a schema-2 store, as main creates it
MAIN_SCHEMA = [
    "CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE value (ruleset TEXT NOT NULL, key TEXT NOT NULL, game TEXT NOT NULL, "
    "version INTEGER NOT NULL, checksum BLOB NOT NULL, PRIMARY KEY (ruleset, key)) WITHOUT ROWID",
    "CREATE TABLE grundy (ruleset TEXT NOT NULL, key TEXT NOT NULL, value INTEGER NOT NULL, "
    "version INTEGER NOT NULL, checksum BLOB NOT NULL, PRIMARY KEY (ruleset, key)) WITHOUT ROWID",
    "CREATE TABLE survey (name TEXT NOT NULL, item TEXT NOT NULL, item_data TEXT NOT NULL, "
    "result TEXT NOT NULL, version INTEGER NOT NULL, checksum BLOB NOT NULL, "
    "PRIMARY KEY (name, item)) WITHOUT ROWID",
]


def main_checksum(table: str, name: str, key: str, text: str) -> bytes:
    """The row checksum of encoding 1, as the store documents it (SHA-256, 8 bytes)."""
    data = f"{table}\x1f{name}\x1f{key}\x1f{text}\x1f1"
    return hashlib.sha256(data.encode("utf-8")).digest()[:8]


def brute_value(p: Any) -> cgt.Game:
    """The value from the whole position's options: no components, keys or store."""
    return cgt.Game(
        [brute_value(o) for o in p.left_options()], [brute_value(o) for o in p.right_options()]
    )


def brute_grundy(p: Any) -> int:
    seen = {brute_grundy(o) for o in p.options()}
    return next(n for n in range(len(seen) + 1) if n not in seen)


def main_store(
    path: Path, values: list[tuple[str, str, str]], grundy: list[tuple[str, str, int]]
) -> None:
    """A store file holding ``(ruleset, key text, value text)`` rows, as main writes it."""
    conn = sqlite3.connect(path)
    for statement in MAIN_SCHEMA:
        conn.execute(statement)
    conn.executemany("INSERT INTO meta VALUES (?, ?)", [("format", "cgt-store"), ("schema", "2")])
    conn.executemany(
        "INSERT INTO value VALUES (?, ?, ?, 1, ?)",
        [(r, k, t, main_checksum("value", r, k, t)) for r, k, t in values],
    )
    conn.executemany(
        "INSERT INTO grundy VALUES (?, ?, ?, 1, ?)",
        [(r, k, v, main_checksum("grundy", r, k, str(v))) for r, k, v in grundy],
    )
    conn.commit()
    conn.close()


NOGO = ["x..|...", "x.|..", "...|.o.", "o..|..x"]
TOADS = ["tt.f.f", "t.f", "t..ff", "tt..f"]
HEAPS = [5, 7, 9]


def main_rows() -> tuple[list[tuple[str, str, str]], list[tuple[str, str, int]]]:
    """The rows main writes for the sample positions (each is one component)."""
    values = [
        ("cgt.games.nogo.NoGo", encode_key(NoGo(b).key()), str(brute_value(NoGo(b)))) for b in NOGO
    ]
    values += [
        (
            "cgt.games.strips.ToadsAndFrogs",
            encode_key(ToadsAndFrogs(t).key()),
            str(brute_value(ToadsAndFrogs(t))),
        )
        for t in TOADS
    ]
    kayles = OctalGame("0.77")
    grundy = [
        ("cgt.games.heap.HeapPosition", encode_key(kayles(n).key()), brute_grundy(kayles(n)))
        for n in HEAPS
    ]
    return values, grundy


def test_the_key_text_is_main_s() -> None:
    # pinned from a store main wrote: the key of the 2x3 NoGo board with one stone
    assert encode_key(NoGo("...|..x").key()) == '(i2,i3,".....x")'


def test_a_store_main_wrote_reads_with_the_same_values(tmp_path: Path) -> None:
    path = tmp_path / "main.sqlite"
    values, grundy = main_rows()
    main_store(path, values, grundy)
    clear_solver_caches()
    with use_store(path):
        for b in NOGO:
            assert NoGo(b).value() == brute_value(NoGo(b))
        for t in TOADS:
            assert ToadsAndFrogs(t).value() == brute_value(ToadsAndFrogs(t))
        for n in HEAPS:
            assert OctalGame("0.77")(n).grundy() == brute_grundy(OctalGame("0.77")(n))
    # the values came from the file, not from a new search
    assert solver_for(NoGo).store_hits >= len(NOGO)
    assert solver_for(ToadsAndFrogs).store_hits >= len(TOADS)
    conn = sqlite3.connect(path)
    names = {
        r for (r,) in conn.execute("SELECT ruleset FROM value UNION SELECT ruleset FROM grundy")
    }
    assert not any(n.startswith("cgt.games.") for n in names), names
    assert {"ruleset:NoGo", "ruleset:ToadsAndFrogs", "ruleset:HeapPosition"} <= names
    # each moved row carries the checksum of its new name
    for ruleset, key, text, checksum in conn.execute(
        "SELECT ruleset, key, game, checksum FROM value"
    ):
        assert checksum == main_checksum("value", ruleset, key, text)
    conn.close()
    clear_solver_caches()


def test_the_rows_are_looked_up_by_class_and_by_stable_name(tmp_path: Path) -> None:
    path = tmp_path / "main.sqlite"
    values, grundy = main_rows()
    main_store(path, values, grundy)
    store = Store(path)
    for b in NOGO:
        key = NoGo(b).key()
        assert store.lookup(NoGo, key) == store.lookup("ruleset:NoGo", key) == brute_value(NoGo(b))
        assert store.lookup("cgt.games.nogo.NoGo", key) is None  # renamed, not copied
    kayles = OctalGame("0.77")
    assert [store.lookup(type(kayles(n)), kayles(n).key(), grundy=True) for n in HEAPS] == [
        brute_grundy(kayles(n)) for n in HEAPS
    ]
    assert len(store) == len(values) + len(grundy)
    store.close()


def test_a_corrupt_row_moves_and_still_refuses_to_read(tmp_path: Path) -> None:
    path = tmp_path / "main.sqlite"
    key = encode_key(NoGo("x..|...").key())
    main_store(path, [("cgt.games.nogo.NoGo", key, "{1|0}")], [])
    conn = sqlite3.connect(path)
    conn.execute("UPDATE value SET game='5'")  # edited after it was written
    conn.commit()
    conn.close()
    store = Store(path)
    with pytest.raises(StoreError, match="fails its checksum"):
        store.lookup(NoGo, NoGo("x..|...").key())
    store.close()


def test_a_row_under_the_new_name_wins_and_renaming_twice_changes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "main.sqlite"
    key = encode_key(NoGo("x..|...").key())
    value = str(brute_value(NoGo("x..|...")))
    main_store(path, [("cgt.games.nogo.NoGo", key, value), ("ruleset:NoGo", key, value)], [])
    for _ in range(2):
        store = Store(path)
        assert len(store) == 1 and store.lookup(NoGo, NoGo("x..|...").key()) == cgt.parse(value)
        store.close()


def test_every_class_ruleset_declares_the_name_main_stored_it_under() -> None:
    for r in rulesets():
        assert ruleset_name(r.cls) == r.stored_name == "ruleset:" + r.name
        # registered before the stable names: the old name was the class's home at the
        # time, and still names it (a module a class moved out of re-exports it)
        assert len(r.stored_as) <= 1
        for old in r.stored_as:
            module, _, qualname = old.rpartition(".")
            assert getattr(importlib.import_module(module), qualname) is r.cls, old
    assert info(NoGo).stored_as == ("cgt.games.nogo.NoGo",)


def test_a_file_that_cannot_be_written_is_read_under_the_old_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "main.sqlite"
    values, grundy = main_rows()
    main_store(path, values, grundy)

    def refuse(self: Store, conn: object, renames: object) -> None:
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(Store, "_rename", refuse)
    store = Store(path)
    for b in NOGO:
        assert store.lookup(NoGo, NoGo(b).key()) == brute_value(NoGo(b))
    kayles = OctalGame("0.77")
    assert [store.lookup(type(kayles(n)), kayles(n).key(), grundy=True) for n in HEAPS] == [
        brute_grundy(kayles(n)) for n in HEAPS
    ]
    store.close()
    conn = sqlite3.connect(path)  # nothing was renamed
    assert {r for (r,) in conn.execute("SELECT ruleset FROM value")} == {
        "cgt.games.nogo.NoGo",
        "cgt.games.strips.ToadsAndFrogs",
    }
    conn.close()


def test_other_write_errors_while_renaming_are_not_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "main.sqlite"
    main_store(path, *main_rows())

    def fail(self: Store, conn: object, renames: object) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    monkeypatch.setattr(Store, "_rename", fail)
    with pytest.raises(StoreError, match="disk I/O error"):
        Store(path)
