"""The compiled solvers on the node engine: the rulesets' handle on them (internal).

The node engine (``cgt/_c/engine.h``) is part of the canonical kernel; the
compiled solvers of Domineering, Cram, the stone boards, Col and Snort
(``cgt/_c/shortgame.c``) reach it through its C API.  :mod:`cgt.canonical`
owns the intern tables and hands them to the kernel itself, so a ruleset needs
only the two names here: :data:`ENGINE`, the solvers' module (``None`` without
both kernels: the rulesets' Python solvers answer), and :data:`LOCK`, held
around each call.

>>> ENGINE is None or callable(ENGINE.domineering)
True
"""

from __future__ import annotations

import threading
from typing import Any

from .kernels import kernel

__all__ = ["ENGINE", "LOCK"]

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
