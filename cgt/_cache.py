"""Bounded caches: the memory budget of the library's memo tables.

Every table that remembers results between calls (sums, comparisons,
temperatures, atomic weights, products, misère values, the solvers' tables)
holds at most :func:`cache_limit` entries.  When a table is full, its older
half is forgotten: a cache only saves work, so forgetting never changes an
answer, and a long-running process stays within a budget.

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
from typing import Any, TypeVar

__all__ = ["BoundedCache", "cache_limit", "set_cache_limit", "trim"]

_K = TypeVar("_K")
_V = TypeVar("_V")

DEFAULT_LIMIT = 1 << 20
"""Entries per table by default (about 100-300 MB per full engine table)."""

_limit = DEFAULT_LIMIT


def cache_limit() -> int:
    """The largest number of entries any one cache table keeps.

    >>> cache_limit() >= 1
    True
    """
    return _limit


def set_cache_limit(entries: int) -> None:
    """Bound every cache table to ``entries`` entries (a memory budget).

    Tables already larger are trimmed the next time they grow.  Smaller
    limits cost recomputation, never correctness.

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

    global _limit
    if isinstance(entries, bool) or not isinstance(entries, int):
        raise WrongType(f"a cache limit must be a positive int, not {type(entries).__name__}")
    if entries < 1:
        raise InvalidArgument(f"a cache limit must be a positive int, not {entries!r}")
    _limit = entries


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

    def __setitem__(self, key: _K, value: _V) -> None:
        if len(self) >= _limit:
            trim(self)
        dict.__setitem__(self, key, value)
