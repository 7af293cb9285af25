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

import _weakref
import itertools
import threading
import weakref
from collections.abc import Callable, Hashable, Iterable
from operator import attrgetter
from typing import Any, Concatenate, Generic, ParamSpec, TypeVar
from weakref import KeyedRef

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

# deletes ``d[key]`` if it is (still) a dead weak reference, in one step: the
# removal WeakValueDictionary uses, so that a callback never removes a new entry
_remove_dead: Callable[[dict[Any, Any], Any], None] = _weakref._remove_dead_weakref  # type: ignore[attr-defined]

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

    __slots__ = ("__weakref__", "_data", "_lock", "_remove", "_serials", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        """What the table holds (a dotted name, like the caches')."""
        # key -> weak reference to the value, whose callback removes the entry when
        # the value goes (unless the key has a new value by then).  The callback holds
        # the table weakly, so that the entries go with the table (at exit, when the
        # globals the keys' comparisons need may be gone already).
        self._data: dict[_K, KeyedRef[_K, _V]] = {}

        me = weakref.ref(self)

        def remove(
            ref: KeyedRef[_K, _V],
            table: weakref.ref[InternTable[_K, _V]] = me,
            remove_dead: Callable[[dict[Any, Any], Any], None] = _remove_dead,
        ) -> None:
            live = table()
            if live is not None:
                remove_dead(live._data, ref.key)

        self._remove = remove
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
            ref = self._data.get(key)
            found = None if ref is None else ref()
            if found is None:
                found = make(next(self._serials), *args, **kw)
                self._data[key] = KeyedRef(found, self._remove, key)
            return found

    def values(self) -> list[_V]:
        """The live values, in no particular order (a snapshot).

        >>> InternTable("doc.values").values()
        []
        """
        refs = list(self._data.values())  # one step: no callback runs meanwhile
        return [x for x in (ref() for ref in refs) if x is not None]

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return f"InternTable({self.name!r}, {len(self)} live)"
