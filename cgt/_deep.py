"""Controlled deep recursion.

The engine's algorithms are naturally recursive in the depth (birthday) of a
game.  Rather than crash with :class:`RecursionError` on a deep game, a public
entry point decorated with :func:`deep` first runs normally; if Python's
recursion limit is hit, the whole call is re-run once in a worker thread with
a large C stack and a high recursion limit.  Caches are only ever filled with
finished results, so the aborted first attempt leaves nothing inconsistent.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar, cast

from .errors import GameTooDeep

__all__ = ["deep"]

F = TypeVar("F", bound=Callable[..., Any])

_STACK_BYTES = 1 << 30  # 1 GiB of virtual stack for the worker thread
_DEEP_LIMIT = 400_000
_local = threading.local()


def _run_in_big_stack(fn: Callable[..., Any], args: Any, kwargs: Any) -> Any:
    result: list[Any] = []
    error: list[BaseException] = []

    def target() -> None:
        _local.inside = True
        try:
            result.append(fn(*args, **kwargs))
        except RecursionError:
            error.append(GameTooDeep("the game is too deep even for the extended recursion limit"))
        except BaseException as exc:  # re-raised in the caller's thread
            error.append(exc)

    old_limit = sys.getrecursionlimit()
    old_stack = threading.stack_size()
    with _lock:
        threading.stack_size(_STACK_BYTES)
        try:
            sys.setrecursionlimit(max(old_limit, _DEEP_LIMIT))
            worker = threading.Thread(target=target, name="cgt-deep")
            worker.start()
            worker.join()
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    if error:
        raise error[0]
    return result[0]


_lock = threading.RLock()


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
        if getattr(_local, "inside", False):
            return fn(*args, **kwargs)
        _local.inside = True
        try:
            return fn(*args, **kwargs)
        except RecursionError:
            pass
        finally:
            _local.inside = False
        return _run_in_big_stack(fn, args, kwargs)

    return cast(F, wrapper)
