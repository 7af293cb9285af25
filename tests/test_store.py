"""The persistent value store: what a solver writes is what it would compute, in any process.

Every stored value is checked against a fresh solver without a store (the
independent computation); resumption, concurrency and crash safety are checked
with real subprocesses.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, cast

import pytest

import cgt
from cgt.errors import CGTError, WrongType
from cgt.games import Clobber, Cram, Domineering, OctalGame
from cgt.games.base import ImpartialPosition
from cgt.games.domineering import _CRAM, _DOMINEERING
from cgt.solver import Solver
from cgt.store import (
    SCHEMA_VERSION,
    Store,
    StoreError,
    UnstorableKey,
    current_store,
    encode_key,
    use_store,
)

ROOT = Path(__file__).resolve().parent.parent


class Heap(ImpartialPosition):
    """A Nim heap: the Grundy value of ``n`` is ``n``."""

    def __init__(self, n: int) -> None:
        self.n = n

    def options(self) -> list[Heap]:
        return [Heap(k) for k in range(self.n)]

    def key(self) -> int:
        return self.n


def fresh_keyed(rules: object, state: object, *, grundy: bool = False) -> dict[str, object]:
    """The component values of a search by a solver with no store, by key text."""
    s = Solver()
    if grundy:
        s.keyed_grundy(rules, state, progress=False)  # type: ignore[arg-type]
        return {encode_key(k): v for k, v in s.grundy_values.items()}
    s.keyed_value(rules, state, progress=False)  # type: ignore[arg-type]
    return {encode_key(k): v for k, v in s.values.items()}


def run(code: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        check=True,
    )


# --- keys -------------------------------------------------------------------------------


def test_keys_are_the_same_text_under_every_hash_seed() -> None:
    key = (3, frozenset({"ab", "cd", "ef", (1, 2)}), frozenset({frozenset({5, 6}), 7}))
    code = "import sys, cgt.store as s; print(s.encode_key(eval(sys.argv[1])))"
    texts = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed}
        out = subprocess.run(
            [sys.executable, "-c", code, repr(key)],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
        texts.add(out.stdout.strip())
    assert texts == {encode_key(key)}


def test_distinct_keys_get_distinct_text() -> None:
    keys = [0, 1, -1, "1", (1,), ((1,),), frozenset({1}), True, False, None, 1.0, b"1", (), ""]
    assert len({encode_key(k) for k in keys}) == len(keys)


def test_unstorable_keys_are_refused_clearly_and_skipped_by_the_solver(tmp_path: Path) -> None:
    with pytest.raises(UnstorableKey, match="list"):
        encode_key((1, [2]))

    class Blob(ImpartialPosition):  # keyed by identity: nothing to store
        def options(self) -> list[Blob]:
            return []

    s = Solver(store=tmp_path / "s.sqlite")
    assert s.grundy(Blob()) == 0
    assert s.store is not None and len(s.store) == 0


# --- values -----------------------------------------------------------------------------


def test_keyed_values_in_the_store_equal_a_fresh_search(tmp_path: Path) -> None:
    state = Domineering("....|....|...#|..##").state
    s = Solver(store=tmp_path / "d.sqlite")
    value = s.keyed_value(_DOMINEERING, state, progress=False)
    assert value == Solver().keyed_value(_DOMINEERING, state, progress=False)
    truth = fresh_keyed(_DOMINEERING, state)
    entries = list(Store.open(tmp_path / "d.sqlite"))
    assert len(entries) == len(truth) > 100
    for entry in entries:
        assert entry.ruleset == "keyed:Domineering"
        assert entry.value == truth[entry.key]


def test_keyed_grundy_values_in_the_store_equal_a_fresh_search(tmp_path: Path) -> None:
    state = Cram("....|....|...#").state
    s = Solver(store=tmp_path / "c.sqlite")
    g = s.keyed_grundy(_CRAM, state, progress=False)
    assert g == Solver().keyed_grundy(_CRAM, state, progress=False)
    truth = fresh_keyed(_CRAM, state, grundy=True)
    entries = list(Store.open(tmp_path / "c.sqlite"))
    assert entries and all(truth[e.key] == e.value for e in entries)
    # a second solver on the same store reads the values instead of searching
    again = Solver(store=tmp_path / "c.sqlite")
    assert again.keyed_grundy(_CRAM, state, progress=False) == g
    assert again.store_hits > 0 and again.info().misses <= 1


def test_protocol_positions_partizan_and_impartial(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite"
    s = Solver(store=path)
    assert s.grundy(Heap(12)) == 12
    assert s.value(Clobber("xoxo|oxox")) == Solver().value(Clobber("xoxo|oxox"))
    store = Store.open(path)
    name = f"{Heap.__module__}.{Heap.__qualname__}"
    assert [store.lookup(Heap, n, grundy=True) for n in range(13)] == list(range(13))
    assert store.rulesets()[name] == 13
    fresh = Solver()
    fresh.value(Clobber("xoxo|oxox"))
    for pair, value in fresh.values.items():
        cls, key = cast(tuple[Any, Any], pair)
        assert store.lookup(cls, key) == value
    # a new solver reads them back: no component is computed again
    t = Solver(store=path)
    assert t.value(Clobber("xoxo|oxox")) == fresh.value(Clobber("xoxo|oxox"))
    assert t.info().misses == 0 and t.store_hits >= 1


def test_use_store_as_with_block_and_plain_call(tmp_path: Path) -> None:
    path = tmp_path / "u.sqlite"
    assert current_store() is None
    with use_store(path) as store:
        assert current_store() is store
        assert Solver().grundy(Heap(5)) == 5
    assert current_store() is None
    assert len(Store.open(path)) == 6
    use_store(path)
    try:
        s = Solver()
        assert s.grundy(Heap(7)) == 7
        assert (s.store_hits, s.info().misses) == (6, 2)  # Heaps 0..5 read, 6 and 7 computed
    finally:
        use_store(None)
    assert current_store() is None
    assert len(Store.open(path)) == 8
    with pytest.raises(WrongType):
        use_store(42)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        Solver(store=42)  # type: ignore[arg-type]


def test_shared_solvers_of_rulesets_use_the_process_store(tmp_path: Path) -> None:
    from cgt.games.base import clear_solver_caches

    clear_solver_caches()
    with use_store(tmp_path / "r.sqlite") as store:
        assert Domineering("...|...|...").value() == cgt.parse("+-1")
        assert store is not None and store.rulesets() == {"keyed:Domineering": len(store)}
    clear_solver_caches()


def test_an_interrupted_search_stores_only_complete_values(tmp_path: Path) -> None:
    class Stop(ImpartialPosition):
        """Heaps whose search raises KeyboardInterrupt at the heap of 9."""

        def __init__(self, n: int) -> None:
            self.n = n

        def options(self) -> list[Stop]:
            if self.n == 9:
                raise KeyboardInterrupt
            return [Stop(k) for k in range(self.n)]

        def key(self) -> int:
            return self.n

    path = tmp_path / "i.sqlite"
    with pytest.raises(KeyboardInterrupt):
        Solver(store=path).grundy(Stop(12))
    # the heaps of 0..8 were complete and flushed; 9..12 never finished
    stored = {int(e.key[1:]): e.value for e in Store.open(path)}
    assert stored == {n: n for n in range(9)}


def test_export_copies_a_consistent_store(tmp_path: Path) -> None:
    s = Store(tmp_path / "a.sqlite")
    Solver(store=s).grundy(Heap(20))
    s.put_grundy("Pending", 1, 1)  # not flushed yet: export writes it first
    copy = s.export(tmp_path / "b.sqlite")
    assert list(copy) == list(s) and len(copy) == 22
    with pytest.raises(StoreError, match="exists"):
        s.export(tmp_path / "b.sqlite")


# --- bad files ------------------------------------------------------------------------


def test_a_corrupt_file_is_a_clear_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite"
    path.write_bytes(b"this is not a database at all" * 100)
    with pytest.raises(StoreError, match=r"junk\.sqlite.*not a readable cgt store") as err:
        Store(path)
    assert isinstance(err.value, CGTError) and isinstance(err.value, ValueError)


def test_a_truncated_store_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite"
    s = Store(path)
    Solver(store=s).grundy(Heap(30))
    s.close()
    data = path.read_bytes()
    path.write_bytes(data[:100] + b"\xff" * (len(data) - 100))  # keep the header, ruin the rest
    with pytest.raises(StoreError, match=r"t\.sqlite"):
        store = Store(path)
        store.check()
        list(store)


def test_a_foreign_sqlite_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE people (name TEXT)")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=r"other\.db.*not a cgt store"):
        Store(path)


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite"
    Store(path).close()
    conn = sqlite3.connect(path)
    conn.execute("UPDATE meta SET value=? WHERE name='schema'", (str(SCHEMA_VERSION + 1),))
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match=r"new\.sqlite.*newer cgt"):
        Store(path)


def test_a_store_is_in_wal_mode_with_a_schema_row(tmp_path: Path) -> None:
    path = tmp_path / "w.sqlite"
    assert Store(path).schema_version == SCHEMA_VERSION
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    conn.close()


# --- processes ------------------------------------------------------------------------

SEARCH = """
import sys, time
from cgt.games import Domineering
from cgt.games.domineering import _DOMINEERING
from cgt.solver import Solver
from cgt.store import Store
s = Solver(store=Store(sys.argv[1], batch=int(sys.argv[3])))
g = s.keyed_value(_DOMINEERING, Domineering(sys.argv[2]).state, progress=False)
print(s.info().misses, s.store_hits, g)
"""


def test_a_second_run_in_a_new_process_computes_only_what_is_new(tmp_path: Path) -> None:
    path = str(tmp_path / "second.sqlite")
    small, big = "....|....|....", "....|....|....|...."
    first = run(SEARCH, path, small, "1000").stdout.split()
    again = run(SEARCH, path, small, "1000").stdout.split()
    assert int(first[0]) > 30 and first[2] == again[2]
    assert int(again[0]) == 0 and int(again[1]) >= 1  # read, not computed
    small_keys = set(fresh_keyed(_DOMINEERING, Domineering(small).state))
    big_keys = set(fresh_keyed(_DOMINEERING, Domineering(big).state))
    bigger = run(SEARCH, path, big, "1000").stdout.split()
    assert bigger[2] == str(Solver().keyed_value(_DOMINEERING, Domineering(big).state))
    # the bigger search computed none of the components the first one stored
    assert 0 < int(bigger[0]) <= len(big_keys - small_keys) < len(big_keys)
    assert int(bigger[1]) >= 1


@pytest.mark.slow
@pytest.mark.timeout(360)
def test_two_processes_writing_one_store_lose_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "two.sqlite")
    boards = ["....|....|....|..#.|....", "....|....|....|....|.#.."]  # overlapping searches
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    timed = SEARCH.replace("s = Solver(", "began = time.time(); s = Solver(").replace(
        "print(s.info().misses, s.store_hits, g)",
        "print(s.info().misses, s.store_hits, g, began, time.time())",
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", timed, path, board, "50"],
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        for board in boards
    ]
    outs = [p.communicate(timeout=300)[0].split() for p in procs]
    assert all(p.returncode == 0 for p in procs)
    (_, _, _, began0, ended0), (_, _, _, began1, ended1) = outs
    assert max(float(began0), float(began1)) < min(float(ended0), float(ended1))  # at once
    truth: dict[str, object] = {}
    for board, out in zip(boards, outs, strict=True):
        found = fresh_keyed(_DOMINEERING, Domineering(board).state)
        truth.update(found)
        assert out[2] == str(Solver().keyed_value(_DOMINEERING, Domineering(board).state))
    store = Store.open(path)
    store.check()
    entries = {e.key: e.value for e in store}
    assert entries == truth  # every value of both searches, each right


@pytest.mark.slow
def test_a_writer_killed_mid_run_corrupts_nothing(tmp_path: Path) -> None:
    path = str(tmp_path / "killed.sqlite")
    board = "......|......|......|......"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", SEARCH, path, board, "100"], env=env)
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            time.sleep(0.2)
            try:
                if Path(path).exists() and len(Store(path)) >= 300:
                    break
            except (CGTError, sqlite3.Error):
                pass
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    store = Store.open(path)
    store.check()
    stored = {e.key: e.value for e in store}
    assert len(stored) >= 300
    truth = fresh_keyed(_DOMINEERING, Domineering(board).state)
    assert len(stored) < len(truth)  # killed before the end
    for key, value in stored.items():
        assert truth[key] == value
    # and the search finishes from where it stopped
    out = run(SEARCH, path, board, "1000").stdout.split()
    assert int(out[0]) == len(truth) - len(stored)


def test_octal_heap_rulesets_are_unaffected(tmp_path: Path) -> None:
    with use_store(tmp_path / "o.sqlite"):
        assert OctalGame("0.77")(5, 7).grundy() == OctalGame("0.77").grundy(5) ^ OctalGame(
            "0.77"
        ).grundy(7)
