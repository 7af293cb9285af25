"""A persistent value store on SQLite: values computed once, kept across processes.

A :class:`Store` is one SQLite file (standard library :mod:`sqlite3`, WAL
journal) holding

* the values of components that solvers computed, keyed by the ruleset's name
  and the component's normalised key: canonical forms as CGSuite text (read
  back with :func:`cgt.parse`) and Grundy values as integers;
* the results of surveys (:func:`cgt.survey`), keyed by the survey's name and
  a stable key of each item.

:func:`use_store` attaches a store to every solver of the process (a
``with`` block, or a plain call that holds until ``use_store(None)``);
``Solver(store=...)`` attaches one to a single solver.  A solver then looks a
component up in the store whenever its own table misses, and writes every
new component value there, in transactions of :data:`BATCH` values and at the
end of each top-level call (also when the call is interrupted: only complete
values are ever written).  A second run of a search, even in a new process,
computes only what is new.

>>> import os, tempfile
>>> from cgt.games import Domineering, clear_solver_caches
>>> clear_solver_caches()          # values already in memory are not written again
>>> path = os.path.join(tempfile.mkdtemp(), "values.cgt.sqlite")
>>> with use_store(path):
...     Domineering("...|...|...").value()
+-1
>>> store = Store.open(path)
>>> len(store) > 0, store.lookup("cgt.games.domineering.Domineering", 0) is None
(True, True)
>>> store.close()

Several processes may read and write one store at once (SQLite locks the file;
a writer waits up to :attr:`Store.timeout` seconds for another to finish).  A
process killed mid-write loses at most the values it had not yet committed
and never leaves the file half-written.

Keys are serialised deterministically (tuples, sets and frozensets, ints,
strings, booleans, ``None``, floats, bytes, classes and enum members, nested
freely; sets sorted), so the same key always finds the same row.  Components
whose keys are anything else (say a position keyed by its own identity) are
simply not stored.
"""

from __future__ import annotations

import enum
import json
import os
import pickle
import sqlite3
import threading
import time
from collections.abc import Hashable, Iterator
from pathlib import Path
from types import TracebackType
from typing import Any, NamedTuple

from .errors import CGTError, TooLarge, WrongType
from .game import Game

__all__ = [
    "BATCH",
    "SCHEMA_VERSION",
    "Store",
    "StoreEntry",
    "StoreError",
    "UnstorableKey",
    "current_store",
    "encode_key",
    "ruleset_name",
    "use_store",
]

SCHEMA_VERSION = 1
"""The version of the store's tables this library writes (and the newest it reads)."""

FORMAT = "cgt-store"
"""The ``format`` row that marks a SQLite file as a :mod:`cgt` store."""

BATCH = 1000
"""New values a solver keeps in memory before it writes them in one transaction."""


class StoreError(CGTError, ValueError):
    """A store file that cannot be used: corrupt, not a store, or of a newer version.

    >>> issubclass(StoreError, ValueError)
    True
    """


class UnstorableKey(CGTError, TypeError):
    """A key (or survey item) that has no stable text form, so it cannot be stored.

    >>> encode_key([1, 2])
    Traceback (most recent call last):
    ...
    cgt.store.UnstorableKey: a key of type list cannot be stored: keys must be built from ...
    """


# --- keys --------------------------------------------------------------------------


def ruleset_name(ruleset: Any) -> str:
    """The name under which a ruleset's values are stored.

    A class is named by its module and qualified name; a string is itself.

    >>> from cgt.games import Domineering
    >>> ruleset_name(Domineering), ruleset_name("Domineering")
    ('cgt.games.domineering.Domineering', 'Domineering')
    """
    if isinstance(ruleset, str):
        return ruleset
    if isinstance(ruleset, type):
        return f"{ruleset.__module__}.{ruleset.__qualname__}"
    return encode_key(ruleset)


def encode_key(key: Any) -> str:
    """A deterministic text form of a hashable key, the same in every process.

    Sets and frozensets are written sorted, so equal keys give equal text
    whatever the hash seed.

    >>> encode_key((3, frozenset({"b", "a"}), None, True))
    '(i3,{"a","b"},N,T)'
    >>> encode_key(frozenset({2, 1})) == encode_key(frozenset({1, 2}))
    True
    """
    return _encode(key)


def _encode(key: Any) -> str:
    kind = type(key)
    if kind is int:
        return f"i{key}"
    if kind is str:
        return json.dumps(key, ensure_ascii=False)
    if kind is tuple:
        return "(" + ",".join([_encode(k) for k in key]) + ")"
    if key is None:
        return "N"
    if key is True:
        return "T"
    if key is False:
        return "F"
    if kind is frozenset or kind is set:
        return "{" + ",".join(sorted([_encode(k) for k in key])) + "}"
    if kind is float:
        return f"f{key!r}"
    if kind is bytes:
        return f"b{key.hex()}"
    if isinstance(key, enum.Enum):
        return f"e{ruleset_name(type(key))}.{key.name}"
    if isinstance(key, type):
        return f"t{ruleset_name(key)}"
    if isinstance(key, Game):
        return f"g{json.dumps(str(key))}"
    if isinstance(key, tuple):  # a named tuple: its class and fields
        return f"n{ruleset_name(kind)}" + _encode(tuple(key))
    if isinstance(key, int):  # an int subclass other than bool
        return f"i{int(key)}"
    raise UnstorableKey(
        f"a key of type {kind.__name__} cannot be stored: keys must be built from "
        f"tuples, frozensets, ints, strings, booleans, None, floats, bytes, classes "
        f"and enum members (got {key!r:.80})"
    )


# --- the store ------------------------------------------------------------------------


class StoreEntry(NamedTuple):
    """One stored component value: ruleset name, key text, and the value.

    ``value`` is a :class:`~cgt.Game` for a canonical value, an ``int`` for a
    Grundy value.

    >>> from cgt import star
    >>> StoreEntry("Nim", "i1", star).value
    *
    """

    ruleset: str
    key: str
    value: Game | int


_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS value (
    ruleset TEXT NOT NULL, key TEXT NOT NULL, game TEXT NOT NULL,
    PRIMARY KEY (ruleset, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS grundy (
    ruleset TEXT NOT NULL, key TEXT NOT NULL, value INTEGER NOT NULL,
    PRIMARY KEY (ruleset, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS survey (
    name TEXT NOT NULL, item TEXT NOT NULL, item_pickle BLOB NOT NULL,
    result BLOB NOT NULL, PRIMARY KEY (name, item)) WITHOUT ROWID;
"""


class Store:
    """A store file: component values and survey results (see :mod:`cgt.store`).

    ``Store(path)`` (or :meth:`Store.open`) opens the file, creating an empty
    store if it does not exist.  A file that is not a SQLite database, a
    SQLite database that is not a store, or a store written by a newer
    version of the library raises :class:`StoreError` naming the file.

    >>> import os, tempfile
    >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
    >>> s.put_grundy("Kayles", 3, 3); s.flush()
    >>> len(s), s.lookup("Kayles", 3, grundy=True), list(s)
    (1, 3, [StoreEntry(ruleset='Kayles', key='i3', value=3)])
    >>> s.close()
    """

    timeout: float = 60.0
    """Seconds a writer waits for another process's transaction to finish."""

    def __init__(self, path: str | os.PathLike[str], *, batch: int = BATCH) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise WrongType(f"a store is opened from a file path, not {type(path).__name__}")
        if not isinstance(batch, int) or batch < 1:
            raise WrongType(f"batch must be a positive int, not {batch!r}")
        self.path = Path(path)
        self.batch = batch
        self._lock = threading.RLock()
        self._values: dict[tuple[str, str], Game] = {}
        self._grundy: dict[tuple[str, str], int] = {}
        self._connection: sqlite3.Connection | None = None
        self._pid = -1
        self._connect()

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Store:
        """Open (or create) the store at ``path``: the same as ``Store(path)``.

        >>> import os, tempfile
        >>> Store.open(os.path.join(tempfile.mkdtemp(), "s.sqlite")).schema_version
        1
        """
        return cls(path)

    # --- connection -------------------------------------------------------------
    def _error(self, what: str) -> StoreError:
        return StoreError(f"{self.path}: {what}")

    def _connect(self) -> sqlite3.Connection:
        """The connection of this process (a forked child opens its own)."""
        conn = self._connection
        if conn is not None and self._pid == os.getpid():
            return conn
        if self.path.is_dir():
            raise self._error("is a directory, not a store file")
        try:
            conn = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
        except sqlite3.Error as err:
            raise self._error(f"cannot be opened as a store ({err})") from None
        try:
            self._prepare(conn)
        except StoreError:
            conn.close()
            raise
        except sqlite3.DatabaseError as err:
            conn.close()
            raise self._error(
                f"is not a readable cgt store (corrupt, or not a SQLite file: {err})"
            ) from None
        self._connection = conn
        self._pid = os.getpid()
        return conn

    def _prepare(self, conn: sqlite3.Connection) -> None:
        conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if not tables:
            _retry(lambda: conn.execute("PRAGMA journal_mode=WAL"))
            _retry(lambda: self._create(conn))
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if "meta" not in tables:
            raise self._error(
                "is a SQLite database but not a cgt store (it has no 'meta' table); "
                "open a new file instead"
            )
        meta = dict(conn.execute("SELECT name, value FROM meta").fetchall())
        if meta.get("format") != FORMAT:
            raise self._error(
                f"is a SQLite database but not a cgt store (format {meta.get('format')!r})"
            )
        try:
            version = int(meta.get("schema", ""))
        except ValueError:
            raise self._error(f"has an unreadable schema version {meta.get('schema')!r}") from None
        if version > SCHEMA_VERSION:
            raise self._error(
                f"was written by a newer cgt (store schema {version}; this cgt reads up to "
                f"{SCHEMA_VERSION}): upgrade cgt to use it"
            )
        if version < 1:
            raise self._error(f"has an unknown store schema version {version}")
        conn.execute("PRAGMA synchronous = NORMAL")

    @staticmethod
    def _create(conn: sqlite3.Connection) -> None:
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (FORMAT,))
            conn.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    @property
    def schema_version(self) -> int:
        """The schema version recorded in the file.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).schema_version
        1
        """
        with self._lock:
            row = self._connect().execute("SELECT value FROM meta WHERE name='schema'").fetchone()
        return int(row[0])

    def close(self) -> None:
        """Write what is pending and close the file (it reopens when used again).

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")); s.close(); s.close()
        """
        with self._lock:
            if self._connection is not None and self._pid == os.getpid():
                self.flush()
                self._connection.close()
            self._connection = None

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({str(self.path)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Store, (str(self.path),))

    # --- component values -----------------------------------------------------------
    def put_value(self, ruleset: Any, key: Hashable, value: Game) -> None:
        """Record the canonical value of ``ruleset``'s component ``key`` (written at the next
        :meth:`flush`, or once :attr:`batch` values are pending).

        >>> import os, tempfile, cgt
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_value("Toy", (1, 2), cgt.up); s.lookup("Toy", (1, 2))
        ^
        """
        if not isinstance(value, Game):
            raise WrongType(f"put_value() stores a Game, not {type(value).__name__}")
        str(value)  # a text over cgt.text_limit() is refused now (TooLarge), never cut
        self._put(self._values, (ruleset_name(ruleset), encode_key(key)), value)

    def put_grundy(self, ruleset: Any, key: Hashable, value: int) -> None:
        """Record the Grundy value of ``ruleset``'s component ``key`` (see :meth:`put_value`).

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_grundy("Toy", 4, 2); s.lookup("Toy", 4, grundy=True)
        2
        """
        if type(value) is not int or value < 0:
            raise WrongType(f"a Grundy value is a non-negative int, not {value!r}")
        self._put(self._grundy, (ruleset_name(ruleset), encode_key(key)), value)

    def _put(self, pending: dict[tuple[str, str], Any], row: tuple[str, str], value: Any) -> None:
        with self._lock:
            pending[row] = value
            if len(self._values) + len(self._grundy) >= self.batch:
                self.flush()

    def flush(self) -> None:
        """Write the pending values in one transaction.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_grundy("Toy", 1, 1); len(s), s.flush(), len(s)
        (0, None, 1)
        """
        with self._lock:
            if not self._values and not self._grundy:
                return
            values = [(r, k, text) for (r, k), g in self._values.items() if (text := _text(g))]
            grundy = [(r, k, v) for (r, k), v in self._grundy.items()]

            def write(conn: sqlite3.Connection) -> None:
                conn.executemany("INSERT OR IGNORE INTO value VALUES (?, ?, ?)", values)
                conn.executemany("INSERT OR IGNORE INTO grundy VALUES (?, ?, ?)", grundy)

            self._transaction(write)
            self._values.clear()
            self._grundy.clear()

    def _transaction(self, body: Any) -> None:
        conn = self._connect()

        def run() -> None:
            conn.execute("BEGIN IMMEDIATE")
            try:
                body(conn)
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")

        _retry(run)

    def lookup(self, ruleset: Any, key: Hashable, *, grundy: bool = False) -> Game | int | None:
        """The stored value of ``ruleset``'s component ``key``, or ``None``.

        ``ruleset`` is a class (a position class of the Position protocol) or
        the name of keyed rules; ``grundy=True`` asks for the Grundy value.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).lookup("Toy", 1) is None
        True
        """
        try:
            row = (ruleset_name(ruleset), encode_key(key))
        except UnstorableKey:
            return None
        return self._get_grundy(row) if grundy else self._get_value(row)

    def _get_value(self, row: tuple[str, str]) -> Game | None:
        with self._lock:
            found = self._values.get(row)
            if found is not None:
                return found
            text = self._query("SELECT game FROM value WHERE ruleset=? AND key=?", row)
        return None if text is None else self._game(text)

    def _game(self, text: str) -> Game:
        from .notation import parse

        try:
            game = parse(text)
        except CGTError as err:
            raise self._error(f"holds a value that does not parse: {text!r:.80} ({err})") from None
        if not isinstance(game, Game):
            raise self._error(f"holds a value that is not a short game: {text!r:.80}")
        return game

    def _get_grundy(self, row: tuple[str, str]) -> int | None:
        with self._lock:
            found = self._grundy.get(row)
            if found is not None:
                return found
            value = self._query("SELECT value FROM grundy WHERE ruleset=? AND key=?", row)
        return None if value is None else int(value)

    def _query(self, sql: str, args: tuple[Any, ...]) -> Any:
        conn = self._connect()
        row = _retry(lambda: conn.execute(sql, args).fetchone())
        return None if row is None else row[0]

    def __len__(self) -> int:
        """The number of stored component values (canonical forms and Grundy values)."""
        with self._lock:
            conn = self._connect()
            n = conn.execute("SELECT count(*) FROM value").fetchone()[0]
            return int(n + conn.execute("SELECT count(*) FROM grundy").fetchone()[0])

    def __iter__(self) -> Iterator[StoreEntry]:
        """Every stored component value, canonical forms first, in key order."""
        with self._lock:
            conn = self._connect()
            games = conn.execute("SELECT ruleset, key, game FROM value ORDER BY 1, 2").fetchall()
            nims = conn.execute("SELECT ruleset, key, value FROM grundy ORDER BY 1, 2").fetchall()
        for ruleset, key, text in games:
            yield StoreEntry(ruleset, key, self._game(text))
        for ruleset, key, value in nims:
            yield StoreEntry(ruleset, key, int(value))

    def rulesets(self) -> dict[str, int]:
        """How many values each ruleset has in the store.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_grundy("A", 1, 1); s.put_grundy("A", 2, 2); s.flush(); s.rulesets()
        {'A': 2}
        """
        with self._lock:
            conn = self._connect()
            counts: dict[str, int] = {}
            for table in ("value", "grundy"):
                for name, n in conn.execute(f"SELECT ruleset, count(*) FROM {table} GROUP BY 1"):
                    counts[name] = counts.get(name, 0) + int(n)
        return dict(sorted(counts.items()))

    def check(self) -> None:
        """Raise :class:`StoreError` unless SQLite's integrity check passes.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).check()
        """
        with self._lock:
            rows = self._connect().execute("PRAGMA integrity_check").fetchall()
        if rows != [("ok",)]:
            raise self._error(f"fails SQLite's integrity check: {rows[:5]}")

    def export(self, path: str | os.PathLike[str]) -> Store:
        """Copy the store (a consistent snapshot, pending values included) to a new file.

        >>> import os, tempfile
        >>> d = tempfile.mkdtemp(); s = Store(os.path.join(d, "a.sqlite"))
        >>> s.put_grundy("Toy", 1, 1)
        >>> len(s.export(os.path.join(d, "b.sqlite")))
        1
        """
        target = Path(path)
        if target.exists():
            raise StoreError(f"{target}: exists already; export writes a new file")
        with self._lock:
            self.flush()
            out = sqlite3.connect(target)
            try:
                self._connect().backup(out)
            finally:
                out.close()
        return Store(target)

    # --- surveys ------------------------------------------------------------------
    def survey_done(self, name: str) -> dict[str, Any]:
        """The stored results of survey ``name``: item key text to result.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).survey_done("x")
        {}
        """
        with self._lock:
            rows = (
                self._connect()
                .execute("SELECT item, result FROM survey WHERE name=?", (name,))
                .fetchall()
            )
        return {item: pickle.loads(result) for item, result in rows}

    def survey_results(self, name: str) -> dict[Any, Any]:
        """The stored results of survey ``name``: item to result.

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_results("squares", [(3, 9), (2, 4)]); s.survey_results("squares")
        {2: 4, 3: 9}
        """
        with self._lock:
            rows = (
                self._connect()
                .execute(
                    "SELECT item_pickle, result FROM survey WHERE name=? ORDER BY item", (name,)
                )
                .fetchall()
            )
        return {pickle.loads(item): pickle.loads(result) for item, result in rows}

    def surveys(self) -> dict[str, int]:
        """The surveys in the store and how many results each has.

        >>> import os, tempfile
        >>> Store(os.path.join(tempfile.mkdtemp(), "s.sqlite")).surveys()
        {}
        """
        with self._lock:
            rows = (
                self._connect()
                .execute("SELECT name, count(*) FROM survey GROUP BY name ORDER BY name")
                .fetchall()
            )
        return {name: int(n) for name, n in rows}

    def put_results(self, name: str, results: list[tuple[Any, Any]]) -> None:
        """Write survey results ``(item, result)`` in one transaction (committed on return).

        >>> import os, tempfile
        >>> s = Store(os.path.join(tempfile.mkdtemp(), "s.sqlite"))
        >>> s.put_results("t", [("a", 1)]); s.surveys()
        {'t': 1}
        """
        rows = [
            (name, encode_key(item), pickle.dumps(item, 4), pickle.dumps(result, 4))
            for item, result in results
        ]

        def write(conn: sqlite3.Connection) -> None:
            conn.executemany("INSERT OR REPLACE INTO survey VALUES (?, ?, ?, ?)", rows)

        with self._lock:
            self._transaction(write)


def _text(g: Game) -> str | None:
    """The text a value is stored as (it reads back with :func:`cgt.parse`), or
    None for a value whose text is over :func:`cgt.text_limit`: that value is
    not stored (a solver computes it again), rather than stored cut short."""
    try:
        return str(g)
    except TooLarge:
        return None


def _retry(action: Any, attempts: int = 20) -> Any:
    """Run ``action``, retrying while another process holds the file's lock."""
    for attempt in range(attempts):
        try:
            return action()
        except sqlite3.OperationalError as err:
            message = str(err)
            if ("locked" not in message and "busy" not in message) or attempt == attempts - 1:
                raise
            time.sleep(min(0.05 * 2**attempt, 2.0))
    return None  # pragma: no cover


# --- the process-wide store -----------------------------------------------------------

_current: Store | None = None


def current_store() -> Store | None:
    """The store that :func:`use_store` attached to every solver, or ``None``.

    >>> current_store() is None
    True
    """
    return _current


class _Using:
    """What :func:`use_store` returns: a ``with`` block restores the previous store."""

    __slots__ = ("opened", "previous", "store")

    def __init__(self, store: Store | None, previous: Store | None, opened: bool) -> None:
        self.store = store
        self.previous = previous
        self.opened = opened

    def __enter__(self) -> Store | None:
        return self.store

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        global _current
        _current = self.previous
        if self.store is not None:
            if self.opened:
                self.store.close()
            else:
                self.store.flush()

    def __repr__(self) -> str:
        return f"use_store({None if self.store is None else str(self.store.path)!r})"


def use_store(store: Store | str | os.PathLike[str] | None) -> _Using:
    """Attach a store to every solver of the process (``None`` detaches it).

    Used as a plain call it holds until the next call; in a ``with`` block the
    previous store comes back at the end (and a store opened from a path is
    closed, its pending values written).

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "v.sqlite")
    >>> with use_store(path) as store:
    ...     current_store() is store
    True
    >>> current_store() is None
    True
    >>> _ = use_store(path); current_store().path.name
    'v.sqlite'
    >>> _ = use_store(None); current_store() is None
    True
    """
    global _current
    previous = _current
    opened = False
    if store is None:
        resolved: Store | None = None
    elif isinstance(store, Store):
        resolved = store
    elif isinstance(store, (str, os.PathLike)):
        resolved = Store(store)
        opened = True
    else:
        raise WrongType(f"use_store() needs a Store, a file path or None, not {store!r}")
    if previous is not None and previous is not resolved:
        previous.flush()
    _current = resolved
    return _Using(resolved, previous, opened)
