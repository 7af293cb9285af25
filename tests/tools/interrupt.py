"""Ctrl-C in the middle of a computation, at a point set in CPU time.

The kernel tests interrupt a search after a fraction of a CPU second (never a
wall-clock delay: a loaded machine would move the point) and then check that
the half-filled tables still give the right answers.
"""

from __future__ import annotations

import gc
import signal
import time
from collections.abc import Callable
from typing import Any

import pytest

needs_timer = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs signal.setitimer")
"""Marks a test that uses :func:`interrupt_after` (there is no CPU timer on Windows)."""


def interrupt_after(cpu_seconds: float, run: Callable[[], Any]) -> float | None:
    """Run ``run()`` with a KeyboardInterrupt raised after ``cpu_seconds`` of CPU time.

    Returns the CPU seconds from the start to the interrupt, or None when
    ``run()`` finished first.  The timer and the old handler are restored
    whatever happens.

    A handler that runs inside a callback (a gc callback such as hypothesis's,
    a weakref callback) has its KeyboardInterrupt printed and dropped by
    Python instead of raised in ``run()``: the collector is off meanwhile, and
    every interrupt sets the timer again for a millisecond, so a dropped one
    is followed by another.
    """

    def interrupt(signum: int, frame: Any) -> None:
        signal.setitimer(signal.ITIMER_PROF, 1e-3)
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGPROF, interrupt)
    was_enabled = gc.isenabled()
    gc.disable()
    start = time.process_time()
    try:
        signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
        try:
            run()
        except KeyboardInterrupt:
            return time.process_time() - start
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        return None
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, old)
        if was_enabled:
            gc.enable()
