"""A per-thread budget of newly computed positions (used by the outcome search).

The search asks a ruleset for a component's value but gives up on components
that need too many new positions; the solver calls :func:`spend` on each new
one, which raises :class:`OverBudget` when the budget is gone.  Without a
budget :func:`spend` does nothing.

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

_local = threading.local()


class OverBudget(Exception):
    """The budget of new positions is spent (caught by the outcome search)."""


def spend() -> None:
    """Count one newly computed position against this thread's budget, if it has one."""
    left = getattr(_local, "left", None)
    if left is not None:
        if left <= 0:
            raise OverBudget
        _local.left = left - 1
