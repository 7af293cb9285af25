"""Controlled deep recursion, safe under threads and interrupts.

The engine's algorithms are naturally recursive in the depth (birthday) of a
game.  Rather than crash with :class:`RecursionError` on a deep game, a public
entry point decorated with :func:`deep` first runs normally; if Python's
recursion limit is hit, the whole call is re-run once in a worker thread with
a large C stack and a high recursion limit.  Caches are only ever filled with
finished results, so the aborted first attempt leaves nothing inconsistent.

Python's recursion limit is one number for the whole interpreter, so raising
it is only safe while no thread recurses on an ordinary (small) C stack.  The
module therefore keeps two kinds of calls apart:

* a *deep phase* lasts while at least one big-stack worker runs; the limit is
  raised once when the phase starts and restored (to the value it had before)
  when the last worker ends;
* an ordinary first attempt registers its thread while it runs; a deep phase
  starts only once no first attempt is running, and a call that begins during
  a deep phase runs in a big-stack worker of its own instead of on its
  thread's stack.

A ``KeyboardInterrupt`` (or any exception a signal handler raises) that
reaches the waiting thread is passed on to the worker, which unwinds; the
caller re-raises it only once the worker has stopped, so no computation is
left running and the limit is restored.
"""

from __future__ import annotations

import contextlib
import ctypes
import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

from . import _budget
from .errors import GameTooDeep

__all__ = ["deep"]

F = TypeVar("F", bound=Callable[..., Any])

_STACK_BYTES = 1 << 30  # 1 GiB of virtual stack for a worker thread
_DEEP_LIMIT = 400_000
_POLL = 0.002  # seconds between checks while waiting for first attempts to end

_get_ident = threading.get_ident
_cond = threading.Condition(threading.Lock())
# Idents of the threads inside a guarded call: first attempts on ordinary
# stacks and big-stack workers.  A deep phase starts when no worker runs, so
# then this holds first attempts only.
_inside: set[int] = set()
_workers = 0  # big-stack workers running or about to run (guarded by _cond)
_raised = False  # is the limit raised for the current deep phase? (guarded by _cond)
_saved_limit = 0  # the limit before the current deep phase (guarded by _cond)
_starting = False  # is a worker waiting to raise the limit? (guarded by _cond)


def _begin_phase() -> None:
    """Join the deep phase, starting it if needed; return once the limit is raised."""
    global _workers, _raised, _saved_limit, _starting
    with _cond:
        _workers += 1
        try:
            while not _raised:
                if _starting:  # another worker is starting the phase
                    _cond.wait()
                    continue
                _starting = True
                try:
                    # Raise the limit only once no thread recurses on a small stack.
                    while _inside:
                        _cond.wait(_POLL)
                    _saved_limit = sys.getrecursionlimit()
                    _raised = True  # first, so an interrupt from here on restores the limit
                    sys.setrecursionlimit(max(_saved_limit, _DEEP_LIMIT))
                finally:
                    _starting = False
                    _cond.notify_all()
        except BaseException:
            _end_phase_locked()
            raise


def _end_phase_locked() -> None:
    global _workers, _raised
    _workers -= 1
    if _workers == 0 and _raised:
        _raised = False
        # (Python refuses a limit below the caller's depth: then it stays raised.)
        with contextlib.suppress(RecursionError):
            sys.setrecursionlimit(_saved_limit)


def _end_phase() -> None:
    with _cond:
        _end_phase_locked()


def _interrupt(thread: threading.Thread, exc: BaseException) -> None:
    """Raise ``exc``'s class in ``thread`` at its next bytecode."""
    ident = thread.ident
    if ident is None:  # pragma: no cover - the thread has not started
        return
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(type(exc)))


def _run_in_big_stack(fn: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    result: list[Any] = []
    error: list[BaseException] = []
    # Not Thread.join(): on Python 3.11 an interrupted join() can mark a thread
    # that is still running as stopped.  The worker sets this as its last act.
    finished = threading.Event()
    # The worker does the caller's work: it spends the caller's budgets
    # (cgt.work_limit, and the outcome search's), and hands back what is left.
    budgets = [_budget.state()]

    def target() -> None:
        me = _get_ident()
        _inside.add(me)
        try:
            _budget.adopt(budgets[0])
            result.append(fn(*args, **kwargs))
        except RecursionError:
            error.append(GameTooDeep("the game is too deep even for the extended recursion limit"))
        except BaseException as exc:  # re-raised in the caller's thread
            error.append(exc)
        finally:
            budgets[0] = _budget.state()
            _budget.adopt(((None, 0), None))
            _inside.discard(me)
            finished.set()

    worker = threading.Thread(target=target, name="cgt-deep", daemon=True)
    interrupted: BaseException | None = None
    _begin_phase()
    try:
        with _stack_size_lock:
            old_stack = threading.stack_size()
            threading.stack_size(_STACK_BYTES)
            try:
                worker.start()
            finally:
                threading.stack_size(old_stack)
    except BaseException as exc:  # interrupted while starting
        interrupted = exc
    finally:
        # Whatever happens from here on, the phase ends only after the worker.
        if worker.ident is not None:
            interrupted = _await(worker, finished, interrupted)
            _budget.adopt(budgets[0])
        _end_phase()
    if interrupted is not None:
        raise interrupted
    if error:
        raise error[0]
    return result[0]


def _await(
    worker: threading.Thread, finished: threading.Event, interrupted: BaseException | None
) -> BaseException | None:
    """Wait for ``worker`` to finish; pass any exception a signal handler raises
    meanwhile on to it (it unwinds) and return the first such exception."""
    while True:
        try:
            while not finished.is_set():
                try:
                    finished.wait()
                except BaseException as exc:  # Ctrl-C: stop the worker, keep waiting
                    interrupted = interrupted or exc
                    if not finished.is_set():
                        _interrupt(worker, exc)
            return interrupted
        except BaseException as exc:  # pragma: no cover - raised between two checks
            interrupted = interrupted or exc


_stack_size_lock = threading.Lock()


def deep(fn: F) -> F:
    """Make a recursive public function safe on very deep games.

    >>> @deep
    ... def depth(n: int) -> int:
    ...     return 0 if n == 0 else 1 + depth(n - 1)
    >>> depth(20000)
    20000
    """

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        me = _get_ident()
        if me in _inside:  # nested call: already guarded
            return fn(*args, **kwargs)
        if _workers:  # a deep phase: the limit is (or is about to be) raised
            return _run_in_big_stack(fn, args, kwargs)
        _inside.add(me)
        if _workers:  # a phase began between the check and the registration
            _inside.discard(me)
            return _run_in_big_stack(fn, args, kwargs)
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            pass
        finally:
            _inside.discard(me)
        return _run_in_big_stack(fn, args, kwargs)

    return cast(F, wrapper)
