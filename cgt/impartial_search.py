"""Grundy values of keyed impartial rules by outcome search with a nim heap.

The plain way to find the Grundy value of a component is the mex over all
its options, each option valued as the xor of its components' values: every
component reachable from the start is valued in full.  This module finds it
instead as the least ``k`` such that ``G + *k`` is a second-player win (a
P-position), and decides that by a search that stops at the first winning
move, so most options are never explored:

* a position of the search is one component ``G`` plus a nim heap ``*n``;
* after a move in ``G`` the option splits into components; equal
  components cancel in pairs (``H + H = 0``), components with a known Grundy
  value fold into the heap, and of the rest all but the largest are valued
  in full (by this same method) and folded in too, so the search always
  goes on with one component and one heap;
* a move on the heap, to ``G + *j`` with ``j < n``, wins exactly when
  ``grundy(G) == j``;
* ``grundy(G)`` is at most the number of options of ``G``, so a larger
  heap wins at once.

Every decided ``G + *n`` is remembered: a loss gives ``grundy(G) = n``
(stored with the solver's Grundy values), a win sets bit ``n`` of
``G``'s entry in :attr:`~cgt.solver.Solver.outcomes`.

How this relates to the solver's one memo loop (:class:`~cgt.solver.ValueAlgebra`):
the Grundy values found here go to the same table, the same memory share and
the same store as the loop's Grundy algebra (through the solver's ``_keep``
and ``_stored``).  The search itself is not an algebra of that loop: the loop
values *every* option and then combines the values, which is exactly the
slower mex search this module replaces (``Solver._keyed_mex``); a search that
stops at the first winning move of ``G + *n`` has no ``combine`` step to
plug in.  The same holds for :mod:`cgt.play`'s outcome and misère searches
(first-win cut-offs over whole sums, keyed by positions rather than by
components), which keep their own tables for that reason.

>>> from cgt.solver import Solver
>>> class Nim:
...     def split(self, state): return [(n, False) for n in state if n]
...     def options(self, key): return [(k,) for k in range(key)], []
>>> s = Solver()
>>> OutcomeSearch(s, Nim()).grundy(5)
5
>>> OutcomeSearch(s, Nim()).wins(5, 5), OutcomeSearch(s, Nim()).wins(4, 5)
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any

from . import _cache

if TYPE_CHECKING:  # pragma: no cover
    from .solver import KeyedRules, Solver

__all__ = ["OutcomeSearch"]


class OutcomeSearch:
    """One search over keyed impartial ``rules``, filling the tables of ``solver``.

    The caller holds ``solver.lock``.  Rules may give ``size(key)`` (say the
    number of cells) to pick the largest component of an option and to try
    cheap moves first; without it the number of options is used.

    >>> from cgt.solver import Solver
    >>> class Nim:
    ...     def split(self, state): return [(n, False) for n in state if n]
    ...     def options(self, key): return [(k,) for k in range(key)], []
    ...     def size(self, key): return key
    >>> OutcomeSearch(Solver(), Nim()).grundy(7)
    7
    """

    __slots__ = ("_known", "_options", "_size", "_sizes", "_split", "outcomes", "solver", "table")

    def __init__(self, solver: Solver, rules: KeyedRules) -> None:
        self.solver = solver
        self.table = solver.grundy_values
        self.outcomes = solver.outcomes
        self._split = rules.split
        self._options = rules.options
        self._known: Callable[[Any], int | None] | None = getattr(rules, "known_grundy", None)
        size = getattr(rules, "size", None)
        self._sizes: dict[Hashable, int] = {}
        self._size: Callable[[Any], int] = size if size is not None else self._count_options

    def _count_options(self, key: Hashable) -> int:
        found = self._sizes.get(key)
        if found is None:
            found = self._sizes[key] = len(list(self._options(key)[0]))
        return found

    def _store(self, key: Hashable, value: int) -> int:
        solver = self.solver
        row = solver._keyed_row(key) if solver._persist is not None else None
        solver._keep(solver._grundy_algebra, key, value, row)
        return value

    def _stored(self, key: Hashable) -> int | None:
        """The Grundy value of ``key`` in the solver's store (kept in the table), or ``None``."""
        solver = self.solver
        found: int | None = solver._stored(solver._keyed_row(key), "grundy")
        if found is not None:
            self.table[key] = found
        return found

    def _won(self, key: Hashable, n: int) -> bool:
        outcomes = self.outcomes
        if len(outcomes) >= _cache._solver_limit:
            _cache.trim(outcomes, _cache._solver_limit // 2)
        outcomes[key] = outcomes.get(key, 0) | (1 << n)
        return True

    def grundy(self, key: Hashable) -> int:
        """The Grundy value of the component of ``key``: the least ``n`` with ``G + *n`` lost.

        >>> from cgt.solver import Solver
        >>> class Nim:                                  # a heap of ``key`` counters
        ...     def split(self, state): return [(n, False) for n in state if n]
        ...     def options(self, key): return [(k,) for k in range(key)], []
        ...     def size(self, key): return key
        >>> OutcomeSearch(Solver(), Nim()).grundy(5)
        5
        """
        found = self.table.get(key)
        if found is not None:
            self.solver._hits += 1
            return found
        solver = self.solver
        if solver._persist is not None:
            stored = self._stored(key)
            if stored is not None:
                solver._hits += 1
                return stored
        solver._misses += 1
        if solver._misses >= solver._tick_at:
            solver._tick()
        if self._known is not None:
            known = self._known(key)
            if known is not None:
                return self._store(key, known)
        n = 0
        while self.wins(key, n):
            n += 1
        return n  # wins() stored it

    def wins(self, key: Hashable, n: int) -> bool:
        """Whether the player to move wins the component of ``key`` plus a heap of ``n``.

        >>> from cgt.solver import Solver
        >>> class Nim:
        ...     def split(self, state): return [(n, False) for n in state if n]
        ...     def options(self, key): return [(k,) for k in range(key)], []
        ...     def size(self, key): return key
        >>> search = OutcomeSearch(Solver(), Nim())
        >>> search.wins(5, 5), search.wins(5, 3)          # *5 + *5 = 0, *5 + *3 = *6
        (False, True)
        """
        table = self.table
        found = table.get(key)
        if found is not None:
            return found != n
        if (self.outcomes.get(key, 0) >> n) & 1:
            return True
        if self.solver._persist is not None:
            stored = self._stored(key)
            if stored is not None:
                return stored != n
        if self._known is not None:
            known = self._known(key)
            if known is not None:
                return self._store(key, known) != n
        options = list(self._options(key)[0])
        if n > len(options):
            return True  # the Grundy value is at most the number of options
        split = self._split
        size = self._size
        outcomes = self.outcomes
        pending: list[tuple[int, list[Hashable], int]] = []
        # First pass: options decided by the tables alone.
        for state in options:
            m = n
            unknown: list[Hashable] = []
            for k, _negated in split(state):
                g = table.get(k)
                if g is None:
                    unknown.append(k)
                else:
                    m ^= g
            if len(unknown) > 1:
                unknown = _cancel_pairs(unknown)
            if not unknown:
                if m == 0:
                    return self._won(key, n)
                continue
            if len(unknown) == 1 and (outcomes.get(unknown[0], 0) >> m) & 1:
                continue  # this move leaves a won position to the opponent
            pending.append((sum(size(k) for k in unknown), unknown, m))
        # Second pass: search the rest, smallest first.
        pending.sort(key=_first)
        for _cost, unknown, m in pending:
            if len(unknown) > 1:
                unknown.sort(key=size)
                for k in unknown[:-1]:
                    m ^= self.grundy(k)
            if not self.wins(unknown[-1], m):
                return self._won(key, n)
        # Moves on the heap: to *j wins when grundy(G) == j.
        for j in range(n):
            if not self.wins(key, j):
                return self._won(key, n)
        self._store(key, n)
        return False


def _first(item: tuple[int, list[Hashable], int]) -> int:
    return item[0]


def _cancel_pairs(keys: list[Hashable]) -> list[Hashable]:
    """Drop equal keys in pairs (``H + H = 0``).

    >>> _cancel_pairs([3, 1, 3, 2, 3])
    [3, 1, 2]
    """
    counts: dict[Hashable, int] = {}
    for k in keys:
        counts[k] = counts.get(k, 0) ^ 1
    return [k for k, odd in counts.items() if odd]
