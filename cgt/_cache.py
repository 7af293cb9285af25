"""Bounded caches: the memory budget of the library's memo tables.

One number bounds them all: :func:`memory_limit` bytes (4 GiB by default, set
with :func:`set_memory_limit`).  It is split in fixed shares among five groups
of tables (:data:`SHARES`):

* ``engine``: the sums and comparisons of :mod:`cgt.canonical` (its compiled
  kernel's tables or the Python dicts), a quarter;
* ``kernel``: the compiled solvers (``cgt/_c/shortgame.c``: their board
  tables) and the node engine they run on (``cgt/_c/engine.h``: its games and
  memos), a quarter, which they split further themselves;
* ``solvers``: every live :class:`~cgt.solver.Solver`'s tables, a quarter,
  shared equally among the live solvers;
* ``tables``: every other table (temperatures, atomic weights, products,
  misère values, play...), an eighth, shared equally among them;
* ``hexapawn``: the transposition tables of the Hexapawn searches, an eighth.

A Python table's share becomes a number of entries through a measured size of
an entry (:data:`ENTRY_BYTES`); the compiled kernels size their tables in bytes
directly.  :func:`set_cache_limit` (the older knob) still caps every table at
a number of entries as well; the smaller bound wins.  When a table is full,
its older half is forgotten (the compiled tables are emptied): a cache only
saves work, so forgetting never changes an answer.

The tables are plain dicts, read without locks: in CPython a single dict
operation is atomic, and a cached result is the same whichever thread
computed it.  Trimming takes a snapshot of the keys in one step and then
deletes them one by one, so it is safe while other threads read and write.

>>> from cgt._cache import BoundedCache, cache_limit, set_cache_limit
>>> old = cache_limit()
>>> set_cache_limit(4)
>>> table = BoundedCache()
>>> for i in range(10):
...     table[i] = i * i
>>> len(table) <= 4, table[9]
(True, 81)
>>> set_cache_limit(old)
"""

from __future__ import annotations

import itertools
import os
import weakref
from collections.abc import Callable, Sized
from typing import Any, TypeVar

__all__ = [
    "BoundedCache",
    "CacheInfo",
    "cache_limit",
    "memory_limit",
    "register",
    "search_slots",
    "set_cache_limit",
    "set_memory_limit",
    "share",
    "trim",
]

_K = TypeVar("_K")
_V = TypeVar("_V")

DEFAULT_LIMIT = 1 << 20
"""Entries per table by default, before the memory budget (:func:`set_cache_limit`)."""

DEFAULT_MEMORY = 4 << 30
"""The memory budget of all the tables by default: 4 GiB (or ``CGT_MEMORY_LIMIT`` bytes)."""

SHARES: dict[str, float] = {
    "engine": 1 / 4,
    "kernel": 1 / 4,
    "solvers": 1 / 4,
    "tables": 1 / 8,
    "hexapawn": 1 / 8,
}
"""The fraction of :func:`memory_limit` each group of tables may take."""

ENTRY_BYTES: dict[str, int] = {"engine": 256, "solvers": 512, "tables": 256}
"""Bytes an entry of a Python table takes, with the games it keeps alive
(measured with ``tracemalloc`` on random sums and comparisons, about 180-250
bytes, and on solver tables of Domineering, Cram and Clobber, 390-870 bytes
with the positions' own tables; rounded up)."""

SOLVER_TABLES = 7
"""Tables a :class:`~cgt.solver.Solver` holds (components, Grundy values,
outcomes, whole states twice, sums, forms): each is checked against an equal
part of the solver's share, and trimmed past it only when all of them
together hold the whole share."""

_entries = DEFAULT_LIMIT  # set_cache_limit's bound
_memory = DEFAULT_MEMORY
_limit = DEFAULT_LIMIT  # entries of each table of the "tables" group
_engine_limit = DEFAULT_LIMIT  # entries of each of the engine's two tables
_solver_limit = DEFAULT_LIMIT  # entries of each table of each live solver, at first
_solver_total = DEFAULT_LIMIT * 7  # entries of all the tables of each live solver
SOLVER_SPLIT = 4  # the solvers' share is divided among at most this many live solvers

_tables: list[tuple[str, str, Sized]] = []  # (name, group, table): the Python tables
_solvers: weakref.WeakSet[Any] = weakref.WeakSet()
_hooks: list[Callable[[], None]] = []  # run when the budget changes (the kernels' caps)


def share(group: str) -> int:
    """Bytes of the memory budget that ``group`` (a key of :data:`SHARES`) may take.

    >>> share("kernel") == memory_limit() // 4
    True
    """
    return int(_memory * SHARES[group])


def search_slots(entry_bytes: int) -> int:
    """Slots of a compiled search's one-call table whose entries take ``entry_bytes``.

    A power of two from 16 to 2**26, the table at most a quarter of the
    kernels' share (the big-board searches of Domineering and Clobber).

    >>> s = search_slots(16); s & (s - 1) == 0 and 16 <= s <= 1 << 26
    True
    >>> search_slots(24) * 24 <= max(16 * 24, share("kernel") // 4)
    True
    """
    slots = 16
    while slots < 1 << 26 and slots * 2 * entry_bytes <= share("kernel") // 4:
        slots *= 2
    return slots


def _recompute() -> None:
    global _limit, _engine_limit, _solver_limit, _solver_total
    plain = sum(1 for _, group, _ in _tables if group == "tables")
    # at least 16 entries a table by the budget (a 1 MiB budget still works)
    _limit = min(_entries, max(16, share("tables") // (max(1, plain) * ENTRY_BYTES["tables"])))
    _engine_limit = min(_entries, max(16, share("engine") // (2 * ENTRY_BYTES["engine"])))
    # The share is divided among at most SOLVER_SPLIT live solvers: a session holds one
    # idle solver per ruleset it has met, and dividing among all of them starved the one
    # at work (its tables evicted what it needed and it recomputed without end).  With
    # more live solvers than that the solvers' share may be exceeded while several of
    # them are full at once.
    # A solver's tables together may hold _solver_total entries; each is first checked
    # against a seventh of that (see Solver._full: one busy table may take them all).
    per_solver = share("solvers") // max(1, min(len(_solvers), SOLVER_SPLIT))
    _solver_total = max(16 * SOLVER_TABLES, per_solver // ENTRY_BYTES["solvers"])
    _solver_limit = min(_entries, _solver_total // SOLVER_TABLES)


def register(name: str, table: Sized, group: str = "tables") -> None:
    """Count ``table`` (any sized container bounded by :data:`_limit` entries)
    in the ``group``'s budget and in :func:`cgt.cache_info` under ``name``.

    >>> register("doctest.example", {})
    >>> _tables.pop()[0]
    'doctest.example'
    """
    _tables.append((name, group, table))
    _recompute()


def add_solver(solver: Any) -> None:
    """Count a new solver: the solvers' share is divided among the live ones."""
    _solvers.add(solver)
    weakref.finalize(solver, _recompute)
    _recompute()


def solver_limit() -> int:
    """Entries each table of each live solver may hold now.

    >>> solver_limit() >= 16
    True
    """
    return _solver_limit


_usage: list[Callable[[], list[tuple[str, int, int]]]] = []


def add_usage(report: Callable[[], list[tuple[str, int, int]]]) -> None:
    """Report more tables in :func:`cgt.cache_info`: ``report()`` returns
    ``(name, entries, bytes)`` rows."""
    _usage.append(report)


def usage() -> list[tuple[str, int, int]]:
    """The rows of every :func:`add_usage` report.

    >>> isinstance(usage(), list)
    True
    """
    rows: list[tuple[str, int, int]] = []
    for report in list(_usage):
        rows.extend(report())
    return rows


def on_change(hook: Callable[[], None]) -> None:
    """Run ``hook`` now and whenever the budget changes (the compiled kernels'
    caps follow it this way)."""
    _hooks.append(hook)
    hook()


def memory_limit() -> int:
    """The memory budget of all of cgt's tables together, in bytes.

    >>> memory_limit() >= 1 << 20
    True
    """
    return _memory


def set_memory_limit(nbytes: int) -> None:
    """Bound all of cgt's tables together (Python and compiled) to about ``nbytes`` bytes.

    The budget is split among the groups of :data:`SHARES`; tables already
    larger than their new part are trimmed or emptied the next time they
    grow (the compiled ones at once, or when their running call ends).
    Smaller budgets cost recomputation, never correctness.

    >>> old = memory_limit()
    >>> set_memory_limit(64 << 20); memory_limit()
    67108864
    >>> set_memory_limit(old)
    >>> set_memory_limit(1000)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a memory limit must be at least 1048576 bytes (1 MiB), not 1000
    """
    from .errors import InvalidArgument, WrongType

    global _memory
    if isinstance(nbytes, bool) or not isinstance(nbytes, int):
        raise WrongType(f"a memory limit must be an int (bytes), not {type(nbytes).__name__}")
    if nbytes < 1 << 20:
        raise InvalidArgument(
            f"a memory limit must be at least 1048576 bytes (1 MiB), not {nbytes!r}"
        )
    _memory = nbytes
    _recompute()
    for hook in _hooks:
        hook()


def _from_environment() -> None:
    """Read ``CGT_MEMORY_LIMIT`` (bytes, or a number with K, M or G) at import."""
    text = os.environ.get("CGT_MEMORY_LIMIT", "").strip().upper()
    if not text:
        return
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1], 1)
    try:
        value = int(float(text[:-1] if scale > 1 else text) * scale)
    except ValueError:
        from .errors import InvalidArgument

        raise InvalidArgument(
            f"CGT_MEMORY_LIMIT must be a number of bytes (say 512M or 2G), not {text!r}"
        ) from None
    set_memory_limit(value)


class CacheInfo(dict[str, int]):
    """Entries of every table by name (:func:`cgt.cache_info`), with their
    estimated bytes (:attr:`bytes`), the total and the budget (:attr:`limit`).

    >>> info = CacheInfo({"sum": 3}, {"sum": 768}, 1 << 30)
    >>> info["sum"], info.total, info.limit
    (3, 768, 1073741824)
    """

    def __init__(self, entries: dict[str, int], nbytes: dict[str, int], limit: int) -> None:
        super().__init__(entries)
        self.bytes = nbytes
        """Estimated bytes of each table (allocated bytes for compiled tables)."""
        self.limit = limit
        """The budget, :func:`cgt.memory_limit`."""

    @property
    def total(self) -> int:
        """The estimated bytes of all the tables."""
        return sum(self.bytes.values())

    def report(self, minimum: int = 1) -> str:
        """A table of the tables with at least ``minimum`` entries, then the total.

        >>> print(CacheInfo({"sum": 3, "none": 0}, {"sum": 768, "none": 0}, 1 << 30).report())
        table   entries  bytes
        sum           3    768
        total               768 of 1073741824 (0.0%)
        """
        rows = [(k, v, self.bytes.get(k, 0)) for k, v in self.items() if v >= minimum]
        width = max([len("table")] + [len(k) for k, _, _ in rows])
        lines = [f"{'table':<{width}}  entries  bytes"]
        lines += [f"{k:<{width}}  {v:>7}  {b:>5}" for k, v, b in rows]
        lines.append(
            f"{'total':<{width}}  {'':>7}  {self.total:>5} of {self.limit}"
            f" ({100 * self.total / self.limit:.1f}%)"
        )
        return "\n".join(lines)


def cache_limit() -> int:
    """The largest number of entries any one cache table keeps (as set by
    :func:`set_cache_limit`; the memory budget may bound a table lower).

    >>> cache_limit() >= 1
    True
    """
    return _entries


def set_cache_limit(entries: int) -> None:
    """Bound every cache table, Python or compiled, to ``entries`` entries.

    This caps tables by count; :func:`set_memory_limit` bounds their bytes
    together, and the smaller bound wins.  Tables already larger are trimmed
    the next time they grow.  Smaller limits cost recomputation, never
    correctness.

    >>> old = cache_limit()
    >>> set_cache_limit(1000); cache_limit()
    1000
    >>> set_cache_limit(old)
    >>> set_cache_limit(0)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a cache limit must be a positive int, not 0
    """
    from .errors import InvalidArgument, WrongType

    global _entries
    if isinstance(entries, bool) or not isinstance(entries, int):
        raise WrongType(f"a cache limit must be a positive int, not {type(entries).__name__}")
    if entries < 1:
        raise InvalidArgument(f"a cache limit must be a positive int, not {entries!r}")
    _entries = entries
    _recompute()
    for hook in _hooks:
        hook()


def trim(table: dict[Any, Any], keep: int | None = None) -> None:
    """Forget the older entries of ``table`` so that at most ``keep`` remain
    (by default half the cache limit).

    >>> t = {i: i for i in range(10)}
    >>> trim(t, 3); sorted(t)
    [7, 8, 9]
    """
    if keep is None:
        keep = _limit // 2
    excess = len(table) - keep
    if excess <= 0:
        return
    try:
        # One C-level step under the GIL: no other thread changes the dict meanwhile.
        old = list(itertools.islice(table, excess))
    except RuntimeError:  # pragma: no cover - changed during iteration (free-threaded builds)
        table.clear()
        return
    for key in old:
        table.pop(key, None)


class BoundedCache(dict[_K, _V]):
    """A dict that forgets its older half when it reaches :func:`cache_limit`.

    >>> c = BoundedCache(); c["a"] = 1; c["a"]
    1
    """

    __slots__ = ()

    def __init__(self, name: str = "") -> None:
        super().__init__()
        register(name or f"table{len(_tables)}", self)

    def __setitem__(self, key: _K, value: _V) -> None:
        if len(self) >= _limit:
            trim(self)
        dict.__setitem__(self, key, value)


_recompute()
_from_environment()
