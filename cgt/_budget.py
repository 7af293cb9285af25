"""Per-thread budgets of work: the user's work limit, and the outcome search's.

Two budgets live here, both per thread.

* The **work budget** that :func:`work_limit` gives a block of code.  Every
  step of the engines spends one unit: a sum or a comparison not found in the
  caches (comparisons with a form being reduced included), a canonical form
  reduced, and every new position a solver values.  When nothing is left the
  step raises :class:`~cgt.errors.WorkLimitExceeded`.  With the compiled
  engine the count lives in C (``cgt/_c/canonical.c``, per thread, shared
  with its node engine and the compiled solvers of ``shortgame.c`` on it); in
  pure Python it lives in
  :data:`_local`.  Either way the same calls reach it: :func:`spend_work`.
* The outcome search's budget of new positions (:data:`_local` ``.left``):
  the search asks a ruleset for a component's value but gives up on
  components that need too many new positions; the solver calls
  :func:`spend` on each new one, which raises :class:`OverBudget` when that
  budget is gone.  Without a budget :func:`spend` does nothing.

>>> _local.left = 1
>>> spend()
>>> try:
...     spend()
... except OverBudget:
...     print("over")
over
>>> _local.left = None
"""

from __future__ import annotations

import threading
from types import TracebackType

from .errors import InvalidArgument, WorkLimitExceeded, WrongType
from .kernels import kernel

__all__ = ["OverBudget", "spend", "spend_work", "work_left", "work_limit"]


class _Budgets(threading.local):
    # Class defaults: a thread that never set a budget reads these without the
    # AttributeError a bare threading.local raises (and getattr catches), which
    # costs more than the rest of a cached value() call's checks together.
    left: int | None = None
    work: int | None = None
    work_limit: int = 0


_local = _Budgets()

active = 0
"""How many threads have a work budget: the pure engine looks at the budget
only when this is not 0 (one global read per step otherwise)."""

_active_lock = threading.Lock()
_kernel = kernel("canonical")


class OverBudget(Exception):
    """The budget of new positions is spent (caught by the outcome search)."""


def _get() -> tuple[int | None, int]:
    """This thread's work budget: (steps left or None, the limit it started from)."""
    if _kernel is not None:
        left, limit = _kernel.work_get()
        return left, limit
    return getattr(_local, "work", None), getattr(_local, "work_limit", 0)


def _set(left: int | None, limit: int) -> None:
    global active
    before, _ = _get()
    if _kernel is not None:
        _kernel.work_set(left, limit)
    else:
        _local.work = left
        _local.work_limit = limit
    if (before is None) != (left is None):
        with _active_lock:
            active += 1 if left is not None else -1


def _spend_work_python(steps: int = 1) -> None:
    left = getattr(_local, "work", None)
    if left is not None:
        if left < steps:
            _local.work = 0
            raise WorkLimitExceeded(_local.work_limit)
        _local.work = left - steps


spend_work = _spend_work_python if _kernel is None else _kernel.work_spend
"""Spend ``steps`` (default 1) of this thread's work budget, if it has one;
raise :class:`~cgt.errors.WorkLimitExceeded` when they are not there."""


def spend() -> None:
    """Count one newly computed position against this thread's budgets, if it has any."""
    left = getattr(_local, "left", None)
    if left is not None:
        if left <= 0:
            raise OverBudget
        _local.left = left - 1
    if active:
        spend_work()


Budgets = tuple[tuple[int | None, int], int | None]


def state() -> Budgets:
    """This thread's budgets (work, and the outcome search's positions), to be
    carried to another thread that does this thread's work (:mod:`cgt._deep`).

    >>> with work_limit(7):
    ...     state()
    ((7, 7), None)
    """
    return _get(), getattr(_local, "left", None)


def adopt(budgets: Budgets) -> None:
    """Make ``budgets`` (from :func:`state`) this thread's budgets.

    >>> adopt(((5, 9), None)); work_left()
    5
    >>> adopt(((None, 0), None)); work_left() is None
    True
    """
    (left, limit), positions = budgets
    _set(left, limit)
    _local.left = positions


def work_left() -> int | None:
    """The steps of work this thread may still take, or ``None`` (no budget).

    >>> import cgt
    >>> cgt.work_left() is None
    True
    >>> with cgt.work_limit(1000):
    ...     cgt.work_left()
    1000
    """
    return _get()[0]


class _Limit:
    """What :func:`work_limit` returns: a ``with`` block restores the previous budget."""

    __slots__ = ("limit", "previous", "start")

    def __init__(self, limit: int | None, previous: tuple[int | None, int], start: int | None):
        self.limit = limit
        self.previous = previous
        self.start = start

    def __enter__(self) -> _Limit:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        before, limit = self.previous
        if before is not None and self.start is not None:
            # the steps spent in the block count for the enclosing budget too
            now = _get()[0]
            spent = self.start - (now if now is not None else self.start)
            before = max(0, before - spent)
        _set(before, limit)

    def __repr__(self) -> str:
        return f"work_limit({self.limit!r})"


def work_limit(steps: int | None) -> _Limit:
    """Give this thread a budget of ``steps`` steps of work (``None``: no budget).

    A step is a sum or a comparison that the engine does not find in its
    caches, a canonical form it reduces, or a new position a solver values;
    both engines (compiled and pure Python) and the compiled solvers count
    the same kinds of step.  When the budget is spent, the step raises
    :class:`cgt.errors.WorkLimitExceeded` (a :class:`cgt.TooLarge`), and the
    caches keep only finished results, so nothing half-built remains.

    Used as a plain call it holds until the next call; in a ``with`` block the
    previous budget comes back at the end, less what the block spent.  A
    block never gets more than its enclosing budget has left.  The budget
    belongs to the calling thread: other threads and worker processes set
    their own.  By default there is none.

    >>> import cgt
    >>> g = cgt.parse("+".join("{%d|{%d|-%d}}" % (k, k - 1, k) for k in range(1, 7)))
    >>> cgt.clear_caches()
    >>> with cgt.work_limit(10):
    ...     g + g
    Traceback (most recent call last):
    ...
    cgt.errors.WorkLimitExceeded: this computation needs more than its work budget of 10 steps ...
    >>> with cgt.work_limit(10**6):
    ...     (g + g).birthday(), cgt.work_left() < 10**6
    (54, True)
    >>> cgt.work_left() is None
    True
    >>> cgt.work_limit(-1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: a work limit is a non-negative int or None, not -1
    """
    if steps is not None:
        if isinstance(steps, bool) or not isinstance(steps, int):
            raise WrongType(
                f"a work limit is a non-negative int or None, not {type(steps).__name__}"
            )
        if steps < 0:
            raise InvalidArgument(f"a work limit is a non-negative int or None, not {steps!r}")
    previous = _get()
    start = steps
    limit = steps if steps is not None else 0
    if steps is not None and previous[0] is not None and previous[0] < steps:
        start, limit = previous[0], previous[1]  # no more than the enclosing budget has left
    _set(start, limit)
    return _Limit(steps, previous, start)
