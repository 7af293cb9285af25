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

import _thread
import ctypes
import functools
import sys
import threading
import time
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
_lock = threading.Lock()  # (a C lock: taking it runs no Python code, so no check)
# Idents of the threads inside a guarded call: first attempts on ordinary
# stacks and big-stack workers.  A deep phase starts when no worker runs, so
# then this holds first attempts only.
_inside: set[int] = set()
_workers = 0  # big-stack workers running or about to run (guarded by _lock)
_raised = False  # is the limit raised for the current deep phase? (guarded by _lock)
_saved_limit = 0  # the limit before the current deep phase (guarded by _lock)


def _raise_limit() -> None:
    """Return once the deep phase the caller has joined has raised the limit.

    The limit is raised, under the lock, once no thread recurses on a small
    stack; until then this polls (no ``Condition``: an interrupt inside its
    Python code can leave the lock held).  An interrupt anywhere here leaves
    the state as it was, bar the limit raised (which the caller's leaving the
    phase restores).
    """
    global _raised, _saved_limit
    while True:
        with _lock:
            if _raised:
                return
            if not _inside:
                _saved_limit = sys.getrecursionlimit()
                _raised = True  # first, so an interrupt from here on restores the limit
                sys.setrecursionlimit(max(_saved_limit, _DEEP_LIMIT))
                return
        time.sleep(_POLL)


def _set_async_exc(ident: int, exc_type: type[BaseException] | None) -> None:
    """Raise ``exc_type`` in thread ``ident`` at its next check (``None`` clears it)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(ident), ctypes.py_object(exc_type) if exc_type else None
    )


class _Mailbox:
    """The hand-over between a caller and its big-stack worker.

    An exception raised in a thread from outside (``PyThreadState_SetAsyncExc``)
    arrives at that thread's next check, wherever it is.  Arriving while the
    worker tidies up (hands back its budget, leaves ``_inside``, says it has
    finished), it would skip that and leave the caller waiting for ever.  So the
    caller sends one interrupt at most (:meth:`send`), only while the worker
    computes, and the worker stops accepting (:meth:`close`, which also
    withdraws an interrupt sent but not yet arrived) before it tidies up.

    An interrupt can also stop the caller just after it created the thread
    (before it knows it did).  The worker therefore checks in first
    (:meth:`begin`); the caller waits a while for that and then, under the same
    lock, either knows the worker runs (and waits for it) or abandons it (a
    worker that checks in later finds the mailbox closed and returns at once).

    Only C locks here: ``threading.Event`` and ``Thread.start()`` wait on a
    ``Condition``, written in Python, which an interrupt can leave broken.
    """

    __slots__ = ("began", "done", "finished", "ident", "lock", "open", "sent")

    def __init__(self) -> None:
        self.lock = _thread.allocate_lock()
        self.done = _thread.allocate_lock()  # held until the worker has finished
        self.done.acquire()
        self.open = True
        self.began = False
        self.sent = False
        self.finished = False
        self.ident = 0

    def begin(self, ident: int) -> bool:
        """The worker checks in: may it run? (No if its caller gave up on it.)"""
        with self.lock:
            self.began = self.open
            self.ident = ident
            return self.began

    def send(self, exc: BaseException) -> None:
        """The caller passes an interrupt on (the first one, while the worker computes)."""
        with self.lock:
            if self.open and self.began and not self.sent:
                self.sent = True
                _set_async_exc(self.ident, type(exc))

    def close(self) -> None:
        """The worker stops accepting interrupts (and withdraws one on its way)."""
        with self.lock:
            self.open = False
            if self.sent:
                _set_async_exc(self.ident, None)

    def finish(self) -> None:
        """The worker's last act."""
        self.finished = True
        self.done.release()

    def settle(self, started: bool) -> bool:
        """The caller: does the worker run (and must be waited for)?

        ``started`` says the thread was created, so it will check in.
        Otherwise wait up to :data:`_START_WAIT` seconds for it to check in,
        then abandon it.
        """
        if started:
            return True
        deadline = time.monotonic() + _START_WAIT
        while not self.began and time.monotonic() < deadline:
            time.sleep(0.001)
        with self.lock:
            if not self.began:
                self.open = False
            return self.began

    def wait(self, interrupted: BaseException | None) -> BaseException | None:
        """The caller waits for the worker to finish; it passes the first exception
        a signal handler raises meanwhile on to it (it unwinds) and returns it."""
        while True:
            try:
                while not self.finished:
                    try:
                        if self.done.acquire():  # (a signal's exception interrupts it)
                            self.done.release()
                    except BaseException as exc:  # Ctrl-C: stop the worker, keep waiting
                        interrupted = interrupted or exc
                        self.send(exc)
                return interrupted
            except BaseException as exc:  # pragma: no cover - raised between two checks
                interrupted = interrupted or exc


_START_WAIT = 2.0


def _run_in_big_stack(fn: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    global _workers, _raised
    result: list[Any] = []
    error: list[BaseException] = []
    mailbox = _Mailbox()
    # The worker does the caller's work: it spends the caller's budgets
    # (cgt.work_limit, and the outcome search's), and hands back what is left.
    budgets = [_budget.state()]

    def target() -> None:
        me = _get_ident()
        if not mailbox.begin(me):
            return  # the caller was interrupted while starting this thread, and left
        # Where the caller's one interrupt may arrive, a ``try`` catches it: it
        # arrives at a check, and the handlers below make no call (no check).
        outcome: BaseException | None = None
        too_deep = False
        try:
            _inside.add(me)
            _budget.adopt(budgets[0])
            result.append(fn(*args, **kwargs))
            mailbox.close()
        except RecursionError:
            too_deep = True
        except BaseException as exc:  # re-raised in the caller's thread
            outcome = exc
        if mailbox.open:  # the computation raised: close the mailbox now
            try:
                mailbox.close()
            except BaseException as exc:  # the interrupt arrived just now
                outcome = outcome or exc
        # From here on no interrupt can arrive.
        if too_deep and outcome is None:
            outcome = GameTooDeep("the game is too deep even for the extended recursion limit")
        if outcome is not None:
            error.append(outcome)
        budgets[0] = _budget.state()
        _budget.adopt(((None, 0), None))
        _inside.discard(me)
        mailbox.finish()

    interrupted: BaseException | None = None
    started = joined = False
    # A signal handler's exception (Ctrl-C) arrives in this thread at a check:
    # after a call returns, at a function's start, at a loop's end.  The phase
    # is joined and left by plain statements under the (C) lock, with no check
    # between the count and the flag that says it was counted.
    try:
        with _lock:
            _workers += 1
            joined = True
        _raise_limit()
        try:
            with _stack_size_lock:
                old_stack = _thread.stack_size(_STACK_BYTES)
                try:
                    _thread.start_new_thread(target, ())
                    started = True
                finally:
                    _thread.stack_size(old_stack)
        except BaseException as exc:  # interrupted while starting
            interrupted = exc
        finally:
            # Whatever happens from here on, the phase ends only after the worker.
            runs = True
            while True:
                try:
                    runs = mailbox.settle(started)
                    break
                except BaseException as exc:  # interrupted again: settle again
                    interrupted = interrupted or exc
            while runs:
                try:
                    interrupted = mailbox.wait(interrupted)
                    runs = False
                except BaseException as exc:  # interrupted on the way in or out
                    interrupted = interrupted or exc
            _budget.adopt(budgets[0])
    finally:
        with _lock:
            if joined:
                joined = False
                _workers -= 1
                if _workers == 0 and _raised:
                    _raised = False
                    # (Python refuses a limit below the caller's depth: it stays;
                    # not contextlib.suppress, whose call would be a check)
                    try:  # noqa: SIM105
                        sys.setrecursionlimit(_saved_limit)
                    except RecursionError:
                        pass
    if interrupted is not None:
        raise interrupted
    if error:
        raise error[0]
    return result[0]


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
        # The registration is inside the ``try``: an interrupt that arrives just
        # after it (at the call's check) still unregisters the thread.
        try:
            _inside.add(me)
            if _workers:  # a phase began between the check and the registration
                _inside.discard(me)
                return _run_in_big_stack(fn, args, kwargs)
            return fn(*args, **kwargs)
        except RecursionError:
            pass
        finally:
            _inside.discard(me)
        return _run_in_big_stack(fn, args, kwargs)

    return cast(F, wrapper)
