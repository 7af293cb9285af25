"""The compiled solvers on the node engine: the rulesets' handle on them (internal).

The node engine (``cgt/_c/engine.h``) is part of the canonical kernel; the
compiled solvers of Domineering, Cram, the stone boards, Col and Snort
(``cgt/_c/shortgame.c``) reach it through its C API.  :mod:`cgt.canonical`
owns the intern tables and hands them to the kernel itself, so a ruleset needs
only the two names here: :data:`ENGINE`, the solvers' module (``None`` without
both kernels: the rulesets' Python solvers answer), and :data:`LOCK`, held
around each call.

The compiled solvers are a declared alternative implementation of rules the
rulesets state once in Python; :func:`solver_kernel` is the one rule that
picks them for a position, and :func:`implementation` the switch that lets a
user (or a conformance test) ask for the Python rules instead.

>>> ENGINE is None or callable(ENGINE.domineering)
True
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import _budget
from .errors import InvalidArgument
from .kernels import kernel

__all__ = ["ENGINE", "IMPLEMENTATIONS", "LOCK", "implementation", "python_only", "solver_kernel"]

ENGINE: Any = kernel("shortgame")  # (None without the canonical kernel too: cgt.kernels)
"""The compiled solvers (``cgt._kernel_shortgame``), or ``None``.

Only with the canonical kernel, which holds the engine they run on (and
which :mod:`cgt.canonical` sets up); their ``Fallback`` is the engine's
"cannot answer" (a number beyond 64 bits, a re-entrant call), on which the
caller's Python path answers.

>>> ENGINE is None or issubclass(ENGINE.Fallback, ArithmeticError)
True
"""

LOCK = threading.RLock()
"""Held around each call of the compiled solvers.

The engine keeps the GIL, but turning its result into Python games runs
Python code, during which another thread could call it (it would refuse,
and Python would answer).

>>> with LOCK:
...     pass
"""

IMPLEMENTATIONS = ("auto", "python")
"""The names :func:`implementation` takes: ``"auto"`` (the compiled fast path
where :func:`solver_kernel` allows it, the default) and ``"python"`` (every
ruleset by its Python rules)."""

MAX_CELLS = 64
"""The largest board or graph (cells, squares or vertices) the compiled solvers take."""


class _Switch(threading.local):
    python = False  # (a class default: reading it raises nothing, so it costs one lookup)


_switch = _Switch()


@contextmanager
def implementation(name: str) -> Iterator[None]:
    """Value positions by the named implementation inside the ``with`` block (this thread only).

    ``"python"`` turns every ruleset's compiled fast path off, so a position is
    valued by the rules its class states in Python (the reference
    implementation); ``"auto"`` restores the default choice of
    :func:`solver_kernel`.  Blocks nest; leaving one restores the choice
    before it.  Values already cached stay cached: both implementations give
    the same games, so a cached value is the answer either way (call
    :func:`cgt.clear_caches` first to make the Python rules do the work).

    >>> from cgt.games import Domineering
    >>> with implementation("python"):
    ...     python_only(), Domineering("...|...").value()
    (True, {2|-1/2})
    >>> cgt.clear_caches()
    >>> with implementation("python"):
    ...     reference = Domineering("...|...|...|...").value()
    >>> cgt.clear_caches()
    >>> python_only(), Domineering("...|...|...|...").value() is reference
    (False, True)
    >>> with implementation("C"):
    ...     pass
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidArgument: implementation is one of 'auto', 'python', not 'C'
    """
    if name not in IMPLEMENTATIONS:
        choices = ", ".join(map(repr, IMPLEMENTATIONS))
        raise InvalidArgument(f"implementation is one of {choices}, not {name!r}")
    before = _switch.python
    _switch.python = name == "python"
    try:
        yield
    finally:
        _switch.python = before


def python_only() -> bool:
    """Whether this thread is inside ``implementation("python")`` (fast paths off).

    >>> python_only()
    False
    """
    return _switch.python


def solver_kernel(kind: type, cells: int, *, stored: bool = False) -> Any:
    """The compiled solvers if they may value a position of ``kind`` now, else ``None``.

    The one rule choosing a ruleset's fast path: the compiled solvers
    (:data:`ENGINE`) value a position when they are built, it has at most
    :data:`MAX_CELLS` cells (squares, vertices), no outcome-search budget is
    set (its budgets count the Python solver's positions), no value store or
    persistence is in use (``stored``: the store records the Python solver's
    component values), and the thread is not inside
    ``implementation("python")``.  ``kind`` is the ruleset class asking; every
    class that asks declares its fast path (``fast_path`` of
    :class:`cgt.games.registry.RulesetInfo`; the conformance suite checks it).

    >>> from cgt.games import Domineering
    >>> solver_kernel(Domineering, 81) is None            # 9x9: the Python solver
    True
    >>> solver_kernel(Domineering, 4, stored=True) is None
    True
    >>> with implementation("python"):
    ...     solver_kernel(Domineering, 4) is None
    True
    >>> solver_kernel(Domineering, 4) is ENGINE
    True
    """
    if ENGINE is None or cells > MAX_CELLS or stored or _switch.python:
        return None
    if getattr(_budget._local, "left", None) is not None:
        return None
    return ENGINE
