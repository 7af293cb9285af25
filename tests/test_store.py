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


KILLED = (
    """
import os, signal, sys
from cgt.store import Store
flush = Store.flush
def flush_then_die(self, *args, **kwargs):
    result = flush(self, *args, **kwargs)
    if len(self) >= 300:
        os.kill(os.getpid(), signal.SIGKILL)
    return result
Store.flush = flush_then_die
"""
    + SEARCH
)


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
    # The writer kills itself (SIGKILL, which no handler sees) once 300 rows are on
    # disk: racing a kill from here against the search lost under load, when the
    # search finished first.
    proc = subprocess.Popen([sys.executable, "-c", KILLED, path, board, "100"], env=env)
    proc.wait(timeout=600)
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


# --- trust: a store is data, never code (issue 25, items 1 and 2) -------------------------

SCHEMA_1 = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE value (ruleset TEXT NOT NULL, key TEXT NOT NULL, game TEXT NOT NULL,
    PRIMARY KEY (ruleset, key)) WITHOUT ROWID;
CREATE TABLE grundy (ruleset TEXT NOT NULL, key TEXT NOT NULL, value INTEGER NOT NULL,
    PRIMARY KEY (ruleset, key)) WITHOUT ROWID;
CREATE TABLE survey (name TEXT NOT NULL, item TEXT NOT NULL, item_pickle BLOB NOT NULL,
    result BLOB NOT NULL, PRIMARY KEY (name, item)) WITHOUT ROWID;
INSERT INTO meta VALUES ('format', 'cgt-store'), ('schema', '1');
"""


def write_schema_1(path: Path, values: dict[str, object], surveys: dict[object, object]) -> None:
    """A store as cgt's main branch wrote it before the trust fixes (schema 1): values as
    text without checksums, survey items and results pickled (protocol 4)."""
    import pickle

    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_1)
    for key, value in values.items():
        table = "grundy" if type(value) is int else "value"
        conn.execute(f"INSERT INTO {table} VALUES (?, ?, ?)", ("keyed:Domineering", key, value))
    for item, result in surveys.items():
        conn.execute(
            "INSERT INTO survey VALUES (?, ?, ?, ?)",
            ("old", encode_key(item), pickle.dumps(item, 4), pickle.dumps(result, 4)),
        )
    conn.commit()
    conn.close()


class Pwn:
    """A crafted survey result: unpickling it runs ``touch PWNED`` (in the cwd)."""

    def __reduce__(self) -> tuple[object, ...]:
        return (os.system, ("touch PWNED",))


def cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "cgt", *args], capture_output=True, text=True, env=env, cwd=cwd
    )


@pytest.mark.slow
def test_a_crafted_survey_row_runs_no_code_and_is_a_store_error(tmp_path: Path) -> None:
    import pickle

    survey = ("survey", "octal", "--digits", "1", "--workers", "0", "--bound", "256")
    first = cli(*survey, "--store", "s.sqlite", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    conn = sqlite3.connect(tmp_path / "s.sqlite")
    # the results are data: JSON text, no pickle anywhere
    results = [r for (r,) in conn.execute("SELECT result FROM survey")]
    assert len(results) == 7 and all(type(r) is str for r in results)
    blob = pickle.dumps(Pwn(), 4)
    assert b"system" in blob
    conn.execute("UPDATE survey SET result=?", (blob,))  # what the attack writes
    conn.commit()
    conn.close()
    again = cli(*survey, "--store", "s.sqlite", cwd=tmp_path)
    assert not (tmp_path / "PWNED").exists()
    assert again.returncode == 2 and "Traceback" not in again.stderr
    assert "survey row ('cgt.surveys.octal_period', item '(\"0.1\",i256)')" in again.stderr
    assert "fails its checksum" in again.stderr
    # the same attack with the checksum recomputed (a deliberate forger): still only data
    from cgt.store import _survey_checksum

    conn = sqlite3.connect(tmp_path / "s.sqlite")
    rows = conn.execute("SELECT name, item, item_data FROM survey").fetchall()
    forged = blob.hex()  # the pickle's bytes as text: still never unpickled
    for name, item, data in rows:
        conn.execute(
            "UPDATE survey SET result=?, checksum=? WHERE name=? AND item=?",
            (forged, _survey_checksum(name, item, data, forged), name, item),
        )
    conn.commit()
    conn.close()
    third = cli(*survey, "--store", "s.sqlite", cwd=tmp_path)
    assert not (tmp_path / "PWNED").exists()
    assert third.returncode == 2 and "not stored data" in third.stderr, third.stderr


def test_a_forged_result_of_the_wrong_shape_is_a_store_error_in_the_cli(tmp_path: Path) -> None:
    from cgt.store import _survey_checksum

    survey = ("survey", "octal", "--digits", "1", "--workers", "0", "--bound", "256")
    assert cli(*survey, "--store", "s.sqlite", cwd=tmp_path).returncode == 0
    conn = sqlite3.connect(tmp_path / "s.sqlite")
    for name, item, data in conn.execute("SELECT name, item, item_data FROM survey").fetchall():
        conn.execute(
            "UPDATE survey SET result='7', checksum=? WHERE name=? AND item=?",
            (_survey_checksum(name, item, data, "7"), name, item),
        )
    conn.commit()
    conn.close()
    out = cli(*survey, "--store", "s.sqlite", cwd=tmp_path)
    assert out.returncode == 2 and "not (preperiod, period)" in out.stderr
    assert "Traceback" not in out.stderr


def test_a_schema_1_store_is_migrated_with_a_restricted_unpickler(tmp_path: Path) -> None:
    from cgt.impartial.periodicity import Periodicity
    from cgt.play import Player

    path = tmp_path / "old.sqlite"
    board = Domineering("...|...|...").state
    truth = fresh_keyed(_DOMINEERING, board)
    surveys: dict[object, object] = {
        ("0.77", 512): (71, 12),
        ("0.6", 256): None,
        "..|..": "+-1",
        3: cgt.parse("{1|*}"),
        (4, "x"): [cgt.parse("on"), cgt.parse("2 & +-1"), cgt.parse("a{0|a}")],
        frozenset({5}): {
            "o": cgt.Outcome.N,
            "p": Player.RIGHT,
            "r": cgt.Relation.CONFUSED,
            "d": cgt.Dyadic(3, 4),
            "s": {1, 2},
            "f": 1.5,
            "b": b"\x00",
            "per": Periodicity(2, 3, (0, 1, 2, 3, 4), 99, "why"),
        },
    }
    write_schema_1(path, {k: str(v) for k, v in truth.items()}, surveys)
    store = Store(path)
    assert store.schema_version == SCHEMA_VERSION == 2
    store.check()  # every row has its checksum now
    assert {e.key: e.value for e in store} == truth
    assert store.survey_results("old") == surveys
    got = store.survey_results("old")[frozenset({5})]
    assert type(got["per"]) is Periodicity and got["per"].values == (0, 1, 2, 3, 4)
    conn = sqlite3.connect(path)
    columns = [r[1] for r in conn.execute("PRAGMA table_info(survey)")]
    assert "item_pickle" not in columns and "item_data" in columns
    conn.close()
    store.close()
    assert Store(path).survey_results("old") == surveys  # reopened: no second migration


@pytest.mark.parametrize(
    "payload",
    ["os.system", "builtins.eval", "builtins.getattr-other", "subprocess.Popen"],
)
def test_a_schema_1_row_with_a_foreign_global_is_refused_and_the_file_unchanged(
    tmp_path: Path, payload: str
) -> None:
    import pickle

    class Evil:
        def __reduce__(self) -> tuple[object, ...]:
            if payload == "os.system":
                return (os.system, ("touch PWNED",))
            if payload == "builtins.eval":
                return (eval, ("__import__('os').system('touch PWNED')",))
            if payload == "subprocess.Popen":
                return (subprocess.Popen, (["touch", "PWNED"],))
            return (getattr, (cgt.Dyadic, "__subclasses__"))

    path = tmp_path / "evil.sqlite"
    write_schema_1(path, {}, {1: 1})
    conn = sqlite3.connect(path)
    conn.execute(
        "INSERT INTO survey VALUES ('evil', 'i2', ?, ?)",
        (pickle.dumps(2, 4), pickle.dumps(Evil(), 4)),
    )
    conn.commit()
    conn.close()
    before = path.read_bytes()
    cwd = os.getcwd()
    os.chdir(tmp_path)
    try:
        with pytest.raises(StoreError, match=r"survey row \('evil', item 'i2'\) is not plain data"):
            Store(path)
    finally:
        os.chdir(cwd)
    assert not (tmp_path / "PWNED").exists()
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta WHERE name='schema'").fetchone() == ("1",)
    conn.close()
    assert len(path.read_bytes()) == len(before)


@pytest.mark.slow
def test_survey_data_round_trips_and_refuses_non_data(tmp_path: Path) -> None:
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from cgt.store import UnstorableResult, decode_data, encode_data

    leaves = st.none() | st.booleans() | st.integers() | st.floats() | st.text() | st.binary()
    games = st.sampled_from(["0", "*", "^", "{1|-1}", "3/4", "{2||1|0}"]).map(cgt.parse)
    hashables = st.recursive(
        leaves | games,
        lambda inner: st.tuples(inner, inner) | st.frozensets(inner, max_size=3),
        max_leaves=8,
    )
    data = st.recursive(
        hashables,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=12,
    )

    def has_nan(a: object) -> bool:
        if isinstance(a, float):
            return a != a
        if isinstance(a, dict):
            return any(has_nan(v) for v in a.values())
        if isinstance(a, (tuple, list, frozenset)):
            return any(has_nan(v) for v in a)
        return False

    def same(a: object, b: object) -> bool:  # equality, with NaN equal to itself
        return encode_data(a) == encode_data(b) and type(a) is type(b)

    @settings(max_examples=150, deadline=None)
    @given(data)
    def round_trip(value: object) -> None:
        back = decode_data(encode_data(value))
        assert same(back, value)
        if not has_nan(value):  # (value == value is no test: a container compares its
            assert back == value  # own NaN object by identity, a decoded copy's is new)

    round_trip()
    for bad in (object(), {1: 2}, [lambda: 0], bytearray(b"x"), Path("x")):
        with pytest.raises(UnstorableResult):
            encode_data(bad)
    deep: list[object] = []
    for _ in range(500):
        deep = [deep]
    with pytest.raises(UnstorableResult, match="deep"):
        encode_data(deep)
    for text in ('{"tuple":1}', '{"a":1,"b":2}', '{"game":"{1|"}', '{"outcome":"X"}', "[", "1 2"):
        with pytest.raises(StoreError):
            decode_data(text)
    with pytest.raises(StoreError, match="deep"):
        decode_data("[" * 100000 + "]" * 100000)


def test_a_result_that_is_not_data_is_refused_at_write_time(tmp_path: Path) -> None:
    from cgt.store import UnstorableResult

    store = Store(tmp_path / "w.sqlite")
    with pytest.raises(UnstorableResult, match=r"survey 'x', item 2: a value of type Heap"):
        store.put_results("x", [(1, 1), (2, Heap(3))])
    assert store.surveys() == {}  # nothing written, not even the good row


BOARDS = DOMINEERING_BOARDS = ("...|...|...", "....|....", "..|..|..|..")
DOMINEERING_RUN = """
import sys, cgt
from cgt.games import Domineering
with cgt.use_store(sys.argv[1]):
    print(" ".join(str(Domineering(b).value()) for b in sys.argv[2:]))
"""


def test_a_tampered_value_is_refused_not_used(tmp_path: Path) -> None:
    path = str(tmp_path / "t.sqlite")
    honest = run(DOMINEERING_RUN, path, *DOMINEERING_BOARDS).stdout.split()
    truth = [
        str(Solver().keyed_value(_DOMINEERING, Domineering(b).state)) for b in DOMINEERING_BOARDS
    ]
    assert honest == truth == ["+-1", "Miny(2)", "Tiny(2)"]
    assert run(DOMINEERING_RUN, path, *DOMINEERING_BOARDS).stdout.split() == truth  # read back
    conn = sqlite3.connect(path)
    conn.execute("UPDATE value SET game='7'")  # the tampering
    conn.commit()
    conn.close()
    with pytest.raises(subprocess.CalledProcessError) as err:
        run(DOMINEERING_RUN, path, *DOMINEERING_BOARDS)
    assert "StoreError" in err.value.stderr and "fails its checksum" in err.value.stderr
    assert "7 7 -7" not in err.value.stdout
    with pytest.raises(StoreError, match=r"value row \('keyed:Domineering', key 'i\d+'\)"):
        Store(path).check()


def test_a_row_of_another_encoding_version_is_refused(tmp_path: Path) -> None:
    from cgt.store import ENCODING, _checksum

    s = Store(tmp_path / "v.sqlite")
    s.put_grundy("Toy", 3, 3)
    s.flush()
    conn = sqlite3.connect(tmp_path / "v.sqlite")
    # a consistent row (checksum recomputed) of a future encoding: refused, not reinterpreted
    conn.execute(
        "UPDATE grundy SET version=?, checksum=?",
        (ENCODING + 1, _checksum("grundy", "Toy", "i3", "3", ENCODING + 1)),
    )
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="encoding 2; this cgt reads encoding 1"):
        s.lookup("Toy", 3, grundy=True)
    conn = sqlite3.connect(tmp_path / "v.sqlite")
    conn.execute("UPDATE grundy SET value='x'")
    conn.commit()
    conn.close()
    with pytest.raises(StoreError, match="not a Grundy value"):
        list(s)


def test_verify_recomputes_a_sample_and_reports_disagreements(tmp_path: Path) -> None:
    from cgt.games.base import clear_solver_caches

    path = tmp_path / "verify.sqlite"
    clear_solver_caches()
    with use_store(path):
        Domineering("....|....|...#").value()
        Cram("....|...#").grundy()
        Clobber("xox|oxo").value()
        Solver().grundy(Heap(4))  # a Position class: its keys cannot be rebuilt
    clear_solver_caches()
    store = Store(path)
    counts = store.rulesets()
    everything = store.verify(sample=1.0)
    assert everything.ok and everything.checked == len(store) - counts[f"{Heap.__module__}.Heap"]
    assert everything.unverifiable == {f"{Heap.__module__}.Heap": 5}
    # tamper with a few rows, recomputing their checksums (a deliberate forger)
    from cgt.store import _checksum

    conn = sqlite3.connect(path)
    rows = conn.execute(
        "SELECT ruleset, key, game FROM value WHERE ruleset='keyed:Domineering' ORDER BY key"
    ).fetchall()
    forged = rows[:3]
    for ruleset, key, game in forged:
        wrong = str(cgt.parse(game) + 1)
        conn.execute(
            "UPDATE value SET game=?, checksum=? WHERE ruleset=? AND key=?",
            (wrong, _checksum("value", ruleset, key, wrong, 1), ruleset, key),
        )
    # and corrupt one without (a naive edit)
    bad_key = conn.execute("SELECT key FROM grundy WHERE ruleset='keyed:Cram' LIMIT 1").fetchone()[
        0
    ]
    conn.execute("UPDATE grundy SET value=value+1 WHERE ruleset='keyed:Cram' AND key=?", (bad_key,))
    conn.commit()
    conn.close()
    found = Store(path).verify(sample=1.0)
    assert not found.ok
    values = {(d.ruleset, d.key) for d in found.disagreements if d.problem == "value"}
    assert values == {(r, k) for r, k, _ in forged}
    for d in found.disagreements:
        if d.problem == "value":
            assert cgt.parse(d.stored) == cgt.parse(d.recomputed) + 1
    rows_bad = [d for d in found.disagreements if d.problem == "row"]
    assert [(d.ruleset, d.key) for d in rows_bad] == [("keyed:Cram", bad_key)]
    # a sample is repeatable by its seed and of the size asked
    a = Store(path).verify(sample=5, seed=3)
    b = Store(path).verify(sample=5, seed=3)
    assert a == b and a.checked == 5
    with pytest.raises(WrongType):
        store.verify(sample=1.5)
    with pytest.raises(StoreError, match="fails its checksum"):
        Store(path).check()


def test_verify_rebuilds_the_rows_of_every_ruleset_declaring_keyed_rules(tmp_path: Path) -> None:
    # the store finds a keyed row's rules through the registry (RulesetInfo.keyed_rules):
    # every declaring ruleset's rows are checked, and a forged row of each is caught
    from cgt.games.base import clear_solver_caches
    from cgt.games.registry import rulesets
    from cgt.store import _checksum

    keyed = [r for r in rulesets() if r.keyed_rules is not None]
    assert {r.name for r in keyed} >= {
        "Domineering", "Cram", "Col", "Snort", "Clobber", "Konane", "Fission", "Amazons"
    }  # fmt: skip
    path = tmp_path / "keyed.sqlite"
    clear_solver_caches()
    with use_store(path):
        for r in keyed:
            assert r.keyed_rules is not None
            assert r.keyed_rules().ruleset == r.name  # the rows' name: "keyed:" + its name
            for position in r.all_samples():
                position.grundy() if r.kind == "impartial" else position.value()
    clear_solver_caches()
    counts = Store(path).rulesets()
    assert all(counts.get(f"keyed:{r.name}", 0) > 0 for r in keyed), counts
    clean = Store(path).verify(sample=1.0)
    assert clean.ok and clean.unverifiable == {} and clean.checked == sum(counts.values())
    conn = sqlite3.connect(path)
    forged = set()
    for r in keyed:
        name = f"keyed:{r.name}"
        if r.kind == "impartial":
            key, grundy = conn.execute(
                "SELECT key, value FROM grundy WHERE ruleset=? ORDER BY key LIMIT 1", (name,)
            ).fetchone()
            text = str(grundy + 1)
            conn.execute(
                "UPDATE grundy SET value=?, checksum=? WHERE ruleset=? AND key=?",
                (grundy + 1, _checksum("grundy", name, key, text, 1), name, key),
            )
        else:
            key, game = conn.execute(
                "SELECT key, game FROM value WHERE ruleset=? ORDER BY key LIMIT 1", (name,)
            ).fetchone()
            text = str(cgt.parse(game) + 1)
            conn.execute(
                "UPDATE value SET game=?, checksum=? WHERE ruleset=? AND key=?",
                (text, _checksum("value", name, key, text, 1), name, key),
            )
        forged.add((name, key))
    conn.commit()
    conn.close()
    found = Store(path).verify(sample=1.0)
    assert {(d.ruleset, d.key) for d in found.disagreements} == forged


@pytest.mark.slow
def test_cli_store_verify_and_check_exit_status(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    assert run(DOMINEERING_RUN, str(path), *DOMINEERING_BOARDS).returncode == 0
    ok = cli("store", "verify", str(path), "--sample", "100", cwd=tmp_path)
    assert ok.returncode == 0, ok.stderr
    assert "disagreements: 0" in ok.stdout and "checked: " in ok.stdout
    assert cli("store", "check", str(path), cwd=tmp_path).returncode == 0
    from cgt.store import _checksum

    conn = sqlite3.connect(path)
    ruleset, key, game = conn.execute("SELECT ruleset, key, game FROM value LIMIT 1").fetchone()
    wrong = str(cgt.parse(game) + 1)
    conn.execute(
        "UPDATE value SET game=?, checksum=? WHERE key=?",
        (wrong, _checksum("value", ruleset, key, wrong, 1), key),
    )
    conn.commit()
    conn.close()
    bad = cli("store", "verify", str(path), "--sample", "100", "--json", cwd=tmp_path)
    assert bad.returncode == 1, bad.stderr
    import json

    report = json.loads(bad.stdout)
    assert report["disagreements"] == 1
    assert report["disagreement"] == f"{ruleset} {key}: stored {wrong}, is {game}"
    assert cli("store", "check", str(path), cwd=tmp_path).returncode == 0  # checksum is right
    missing = cli("store", "verify", str(tmp_path / "nope.sqlite"), cwd=tmp_path)
    assert missing.returncode == 2 and "no such store file" in missing.stderr


def test_graph_host_keys_are_never_stored(tmp_path: Path) -> None:
    import networkx as nx

    from cgt.games import Snort
    from cgt.games.base import clear_solver_caches

    clear_solver_caches()
    graphs = [nx.gnm_random_graph(7, 10, seed=seed) for seed in range(6)]
    with use_store(tmp_path / "g.sqlite") as store:
        for g in graphs:
            Snort(g).value()
        assert store is not None
        store.flush()
        keys = [decode_key_or_none(e.key) for e in store]
    clear_solver_caches()
    # a host's own key is (token, component, lefts, rights): an int first, meaningful in
    # the writing process only
    assert keys and not any(type(k) is tuple and type(k[0]) is int for k in keys)


def decode_key_or_none(text: str) -> object:
    from cgt.store import decode_key

    try:
        return decode_key(text)
    except StoreError:
        return None


SNORT_RUN = """
import sys, cgt, networkx as nx
from cgt.games import Snort
from cgt.games.base import clear_solver_caches
first = int(sys.argv[2])
graphs = [nx.gnm_random_graph(7, 10, seed=first + k) for k in range(12)]
with cgt.use_store(sys.argv[1]):
    stored = [str(Snort(g).value()) for g in graphs]
clear_solver_caches()
print(stored == [str(Snort(g).value()) for g in graphs])
"""


@pytest.mark.slow
def test_a_graph_store_written_by_one_process_gives_right_answers_in_another(
    tmp_path: Path,
) -> None:
    # Before graph hosts' keys were kept out of stores, the second process read a
    # value stored under another graph's host token: Snort on the graph of seed 104
    # came out +-{5|1*} instead of 0.
    path = str(tmp_path / "snort.sqlite")
    assert run(SNORT_RUN, path, "0").stdout.split() == ["True"]
    assert run(SNORT_RUN, path, "100").stdout.split() == ["True"]
    assert Store(path).verify(sample=1.0).ok


def test_a_store_written_by_main_before_the_trust_fixes_still_reads(tmp_path: Path) -> None:
    # tests/data/store_schema1_main_f2f7afc.sqlite was written by cgt at main f2f7afc:
    #   with use_store(f): Domineering("...|...|..#").value()
    #   survey(octal_period, [("0.77", 512), ("0.6", 256)], store=f, workers=0)
    #   survey(domineering_value, ["..|..", "..."], store=f, workers=0)
    import shutil

    path = tmp_path / "old.sqlite"
    shutil.copy(ROOT / "tests" / "data" / "store_schema1_main_f2f7afc.sqlite", path)
    conn = sqlite3.connect(path)
    assert conn.execute("SELECT value FROM meta WHERE name='schema'").fetchone() == ("1",)
    conn.close()
    store = Store(path)
    assert store.schema_version == 2
    store.check()
    assert {e.key: e.value for e in store} == fresh_keyed(
        _DOMINEERING, Domineering("...|...|..#").state
    )
    octal = store.survey_results("cgt.surveys.octal_period")
    assert octal == {
        ("0.77", 512): tuple(OctalGame("0.77").periodicity(max_length=512)),  # type: ignore[arg-type]
        ("0.6", 256): None,
    }
    assert store.survey_results("cgt.surveys.domineering_value") == {
        "..|..": str(Domineering("..|..").value()),
        "...": str(Domineering("...").value()),
    }
    assert store.verify(sample=1.0).ok
