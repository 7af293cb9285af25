"""Interning for the values that are trees: one live object per tree, held weakly.

Scoring games, misère forms and misère canonical games are immutable trees
whose equal trees are one object: equality is identity, and caches key on
each object's serial number.  :class:`InternTable` is the table they share
(the short-game engine keeps its own, in :mod:`cgt.canonical`, the same way):

* it holds its values weakly, so a tree nobody references is freed, and
  built again (a new object with a new serial, equal to the old in every
  way but identity) when it is needed again;
* a look-up takes no lock; a miss looks again and makes the value under
  the table's lock, so two threads never make two objects for one key;
* serial numbers count up and are never reused, so a cache keyed by serials
  never answers for a freed object's successor (an ``id()`` can be reused).

:class:`Interned` is the base of such values: the slots every one of them
has (its serial and birthday, and the weak reference the table needs) and
the copies that are the value itself.  :func:`ordered` puts a set of them in
the order they are kept in: by birthday, then by serial.

>>> class Leaf(Interned):
...     __slots__ = ("name",)
>>> leaves: InternTable[str, Leaf] = InternTable("doc.leaves")
>>> def leaf(name: str) -> Leaf:
...     def make(serial: int) -> Leaf:
...         x = object.__new__(Leaf)
...         x._serial, x._day, x.name = serial, 0, name
...         return x
...     return leaves.get_or_make(name, make)
>>> a = leaf("a")
>>> leaf("a") is a, len(leaves)
(True, 1)
>>> del a
>>> import gc; _ = gc.collect(); len(leaves)
0
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Hashable, Iterable
from operator import attrgetter
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar
from weakref import WeakValueDictionary

__all__ = ["InternTable", "Interned", "ordered", "serials"]


class Interned:
    """The base of an interned tree value: its slots ``_serial`` and ``_day``, and copies.

    ``_serial`` is the number its :class:`InternTable` gave it (unique for
    the life of the process), ``_day`` its birthday; a subclass adds its own
    slots and sets all of them when it makes a value.  A copy of an interned
    value is the value itself.

    >>> import copy
    >>> x = Interned()
    >>> copy.copy(x) is x, copy.deepcopy([x])[0] is x
    (True, True)
    """

    __slots__ = ("__weakref__", "_day", "_serial")

    _serial: int
    _day: int

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Any:
        return self


_N = TypeVar("_N", bound=Interned)
_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V", bound=Interned)
_P = ParamSpec("_P")

_age = attrgetter("_day", "_serial")
_serial_of = attrgetter("_serial")


def ordered(nodes: Iterable[_N]) -> tuple[_N, ...]:
    """``nodes`` (distinct) oldest first: by birthday, then in the order they were made.

    >>> def node(day: int, serial: int) -> Interned:
    ...     x = Interned(); x._day, x._serial = day, serial
    ...     return x
    >>> a, b, c = node(2, 0), node(1, 5), node(1, 3)
    >>> ordered([a, b, c]) == (c, b, a)
    True
    """
    return tuple(sorted(nodes, key=_age))


def serials(nodes: Iterable[Interned]) -> tuple[int, ...]:
    """The serial numbers of ``nodes``, in their order: the part of a key they give.

    >>> x = Interned(); x._serial = 4
    >>> serials([x, x])
    (4, 4)
    """
    return tuple(map(_serial_of, nodes))


class InternTable(Generic[_K, _V]):
    """A thread-safe table of interned values, held weakly, keyed by what makes them equal.

    The key is usually made of the serial numbers of a value's options
    (:func:`serials`): serials are never reused, so a key never names a
    freed value's successor.  :meth:`get_or_make` returns the one live value
    for a key, making it when there is none.  ``len(table)`` counts the live
    values (for tests and measurements).

    >>> t: InternTable[int, Interned] = InternTable("doc.table")
    >>> def make(serial: int) -> Interned:
    ...     x = Interned(); x._serial = serial; x._day = 0
    ...     return x
    >>> x = t.get_or_make(7, make)
    >>> t.get_or_make(7, make) is x, t.get(7) is x, t.get(8), len(t)
    (True, True, None, 1)
    """

    __slots__ = ("_data", "_lock", "_serials", "_table", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        """What the table holds (a dotted name, like the caches')."""
        self._table: WeakValueDictionary[_K, _V] = WeakValueDictionary()
        # key -> weak reference: the look-up without a lock reads it directly
        self._data: dict[_K, Callable[[], _V | None]] = vars(self._table)["data"]
        self._lock = threading.RLock()
        self._serials = itertools.count()

    @property
    def lock(self) -> threading.RLock:
        """The lock the table makes values under (re-entrant: a module may hold it
        while it makes several values, its Nim heaps for instance).

        >>> with InternTable("doc.lock").lock:
        ...     pass
        """
        return self._lock

    def get(self, key: _K) -> _V | None:
        """The live value for ``key``, or ``None``.

        >>> InternTable("doc.get").get(()) is None
        True
        """
        ref = self._data.get(key)
        return None if ref is None else ref()

    def get_or_make(
        self, key: _K, make: Callable[Concatenate[int, _P], _V], *args: _P.args, **kw: _P.kwargs
    ) -> _V:
        """The live value for ``key``; if there is none, ``make(serial, *args, **kw)``.

        ``serial`` is a new serial number.  ``make`` runs under the table's
        lock (so it should only build the value, from its options and the
        serial); the value is then held for ``key`` as long as something else
        references it.  (The arguments are passed through, so that a hit
        costs no closure.)

        >>> t: InternTable[str, Interned] = InternTable("doc.get_or_make")
        >>> made = []
        >>> def make(serial: int, day: int) -> Interned:
        ...     x = Interned(); x._serial = serial; x._day = day; made.append(serial)
        ...     return x
        >>> x, y = t.get_or_make("k", make, 0), t.get_or_make("k", make, 0)
        >>> x is y, len(made)
        (True, 1)
        """
        ref = self._data.get(key)
        if ref is not None:
            found = ref()
            if found is not None:
                return found
        with self._lock:
            found = self._table.get(key)
            if found is None:
                found = make(next(self._serials), *args, **kw)
                self._table[key] = found
            return found

    def values(self) -> list[_V]:
        """The live values, in no particular order (a snapshot).

        >>> InternTable("doc.values").values()
        []
        """
        with self._lock:
            return list(self._table.values())

    def __len__(self) -> int:
        return len(self._table)

    def __repr__(self) -> str:
        return f"InternTable({self.name!r}, {len(self)} live)"
