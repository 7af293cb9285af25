"""The one generic solver: positions to values, with transposition tables.

A *position* of a ruleset implements a small protocol (see
:class:`cgt.games.base.Position`): its options, its split into independent
components (a disjunctive sum) and a normalised hashable key.  The solver
values a position as the sum of its components' values, memoising each
component by its key, so a component met again anywhere in the search (or in
a later search) costs a dictionary lookup.

* partizan: :meth:`Solver.value` returns the canonical :class:`cgt.Game`;
* impartial: :meth:`Solver.grundy` returns the Grundy value (an ``int``),
  the XOR of the components' values and the mex over options.

>>> from cgt.games.base import ImpartialPosition
>>> class Heap(ImpartialPosition):          # one Nim heap
...     def __init__(self, n: int) -> None: self.n = n
...     def options(self): return [Heap(k) for k in range(self.n)]
...     def key(self): return self.n
>>> Solver().grundy(Heap(5))
5
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from ._deep import deep
from .impartial.nim import mex

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game

__all__ = ["ImpartialLike", "PartizanLike", "Solver", "SolverInfo"]


@runtime_checkable
class PartizanLike(Protocol):
    """What the solver needs of a partizan position."""

    def left_options(self) -> Iterable[Any]: ...
    def right_options(self) -> Iterable[Any]: ...
    def components(self) -> Iterable[Any]: ...
    def key(self) -> Hashable: ...


@runtime_checkable
class ImpartialLike(Protocol):
    """What the solver needs of an impartial position."""

    def options(self) -> Iterable[Any]: ...
    def components(self) -> Iterable[Any]: ...
    def key(self) -> Hashable: ...


class SolverInfo(tuple[int, int, int, int]):
    """Sizes and hit counts of a solver's tables: ``(values, grundy, hits, misses)``."""

    __slots__ = ()

    @property
    def values(self) -> int:
        """Number of stored partizan component values."""
        return self[0]

    @property
    def grundy_values(self) -> int:
        """Number of stored Grundy values."""
        return self[1]

    @property
    def hits(self) -> int:
        """Table lookups that found a stored value."""
        return self[2]

    @property
    def misses(self) -> int:
        """Table lookups that had to compute."""
        return self[3]

    def __repr__(self) -> str:
        return (
            f"SolverInfo(values={self[0]}, grundy_values={self[1]}, "
            f"hits={self[2]}, misses={self[3]})"
        )


class Solver:
    """A memoising solver with one transposition table per kind of value.

    Keys must identify a component's value: positions with equal keys must
    have equal values.  A ruleset may make its keys symmetry-reduced (equal for
    mirror images) as long as that holds.

    >>> s = Solver()
    >>> s.info()
    SolverInfo(values=0, grundy_values=0, hits=0, misses=0)
    """

    def __init__(self) -> None:
        self.values: dict[Hashable, Game] = {}
        self.grundy_values: dict[Hashable, int] = {}
        self._hits = 0
        self._misses = 0

    def info(self) -> SolverInfo:
        """Table sizes and hit counts.

        >>> Solver().info().values
        0
        """
        return SolverInfo((len(self.values), len(self.grundy_values), self._hits, self._misses))

    def clear(self) -> None:
        """Empty the tables.

        >>> s = Solver(); s.clear(); s.info().misses
        0
        """
        self.values.clear()
        self.grundy_values.clear()
        self._hits = self._misses = 0

    # --- partizan ----------------------------------------------------------------
    @deep
    def value(self, position: PartizanLike) -> Game:
        """The canonical value of ``position``: the sum of its components' values."""
        return self._value(position)

    def _value(self, position: PartizanLike) -> Game:
        from .game import zero

        total: Game = zero
        for component in position.components():
            total = total + self._component_value(component)
        return total

    def _component_value(self, component: PartizanLike) -> Game:
        from .game import Game

        key = component.key()
        found = self.values.get(key)
        if found is not None:
            self._hits += 1
            return found
        self._misses += 1
        left = [self._value(option) for option in component.left_options()]
        right = [self._value(option) for option in component.right_options()]
        result = Game(left, right)
        self.values[key] = result
        return result

    # --- impartial ---------------------------------------------------------------
    @deep
    def grundy(self, position: ImpartialLike) -> int:
        """The Grundy value of ``position``: the XOR of its components' values."""
        return self._grundy(position)

    def _grundy(self, position: ImpartialLike) -> int:
        total = 0
        for component in position.components():
            total ^= self._component_grundy(component)
        return total

    def _component_grundy(self, component: ImpartialLike) -> int:
        key = component.key()
        found = self.grundy_values.get(key)
        if found is not None:
            self._hits += 1
            return found
        self._misses += 1
        result = mex({self._grundy(option) for option in component.options()})
        self.grundy_values[key] = result
        return result
