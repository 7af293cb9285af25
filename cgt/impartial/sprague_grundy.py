"""The Sprague-Grundy value of impartial positions, through the generic solver.

Every finite impartial game under normal play (whoever cannot move loses)
equals a single Nim heap, of size its *Grundy value*
``G(x) = mex{G(y) : y an option of x}``, and the value of a disjunctive sum is
the nim-sum (xor) of the values of its parts.  :func:`grundy` hands the work
to the one generic solver (:class:`cgt.solver.Solver`, registered here by the
positions layer with :func:`register_grundy_solver`), which sums over a
position's ``components()`` and memoises each component by its ``key()``.

>>> from cgt.games.base import ImpartialPosition
>>> class Heap(ImpartialPosition):                  # a Nim heap
...     def __init__(self, n): self.n = n
...     def options(self): return [Heap(k) for k in range(self.n)]
...     def key(self): return self.n
>>> grundy(Heap(7)), outcome(Heap(0)), outcome(Heap(3))
(7, Outcome.P, Outcome.N)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import NotImpartial
from ..game import Outcome

__all__ = ["grundy", "outcome", "register_grundy_solver"]

# How the positions layer values impartial positions: each function returns
# the Grundy value of a position it knows, or None.  cgt.games.base registers
# the generic solver here (this layer lies below the solver: it cannot import it).
_SOLVERS: list[Callable[[Any], int | None]] = []


def register_grundy_solver(solve: Callable[[Any], int | None]) -> None:
    """Let :func:`grundy` value positions with ``solve`` (a Grundy value, or None).

    ``cgt.games.base`` registers the generic solver when ``cgt`` is imported;
    a second registration of the same function is ignored.

    >>> len(_SOLVERS) >= 1 and all(callable(f) for f in _SOLVERS)
    True
    """
    if solve not in _SOLVERS:
        _SOLVERS.append(solve)


def grundy(position: Any) -> int:
    """The Grundy value of an impartial position (normal play).

    ``position`` implements the impartial protocol: ``options()``,
    ``components()`` and ``key()`` (see :class:`cgt.games.base.ImpartialPosition`).
    Rulesets derived from :class:`~cgt.games.base.ImpartialPosition` are valued
    by their class's shared solver, so repeated calls reuse one transposition
    table; long games do not hit Python's recursion limit.  A :class:`cgt.Game`
    that is a nimber gives its nim value.

    >>> from cgt.games import SubtractionGame
    >>> grundy(SubtractionGame({1, 2, 3})(5, 6, 7))    # 1 xor 2 xor 3
    0
    >>> grundy(42)
    Traceback (most recent call last):
    ...
    cgt.errors.NotImpartial: int is not an impartial position (it has no options())
    """
    for solve in _SOLVERS:
        value = solve(position)
        if value is not None:
            return value
    nim_value = getattr(position, "nim_value", None)
    if callable(nim_value):
        return int(nim_value())
    raise NotImpartial(
        f"{type(position).__name__} is not an impartial position (it has no options())"
    )


def outcome(position: Any) -> Outcome:
    """The normal-play outcome: ``Outcome.P`` (previous player wins) iff the
    Grundy value is 0, else ``Outcome.N``.

    >>> from cgt.games import OctalGame
    >>> outcome(OctalGame("0.07")(0)), outcome(OctalGame("0.07")(2))
    (Outcome.P, Outcome.N)
    """
    return Outcome.P if grundy(position) == 0 else Outcome.N
