"""Progress bars for long searches.

A search that runs longer than :data:`DELAY` seconds (two) shows a `tqdm
<https://tqdm.github.io>`_ bar counting the positions it has solved and the
positions per second: a text bar in a terminal, a widget in a Jupyter
notebook (``tqdm.auto`` picks).  Shorter searches never show one.  The
searches that report are the generic solver (every ruleset's ``value()`` and
``grundy()``), Hexapawn's search and the Grundy sequences of heap games.

tqdm is optional (the ``progress`` extra: ``pip install tqdm``): without it every search
runs silently.  :func:`set_progress` switches the bars off (or on again) for
the whole process, or for a ``with`` block; the long entry points that have a
``progress`` keyword (:meth:`cgt.games.Hexapawn.outcome`,
:meth:`~cgt.games.heap.HeapRuleset.grundy_sequence`, the
:class:`~cgt.solver.Solver` methods) take ``progress=False`` for one call.

The cost is one integer comparison per new position.  The clock is read
after :data:`EVERY` positions, then at gaps that adapt so that it is read a
few times a second (doubling while reads come faster than ten a second, up
to :data:`MAX_EVERY`; halving while slower than two a second).  The bar is
created only once :data:`DELAY` seconds have gone by (the effect of tqdm's
own ``delay``, without building a bar object for every short call), and its
time and rate count from the start of the search.

A search stopped with Ctrl-C closes its bar and leaves every cache as it was
before the interrupted position (values are stored only once computed), so
running it again gives the right answer.

The loopy searches report too: building a game graph (positions), its
retrograde analysis (states: a position and who moves), the simplest form of
a stopper (pairs of positions compared) and the search for sides (steps:
candidates checked and values built); a search run inside another tracked
one (:func:`tracking`) adds no bar of its own.

>>> import cgt
>>> with cgt.set_progress(False):
...     progress_enabled()
False
>>> progress_enabled()
True
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
import weakref
from types import TracebackType
from typing import Any

from .errors import WrongType

__all__ = [
    "DELAY",
    "EVERY",
    "MAX_EVERY",
    "Tracker",
    "progress_enabled",
    "set_progress",
    "tracking",
]

DELAY = 2.0
"""Seconds a search runs before its bar appears."""

EVERY = 256
"""Positions between the first two looks at the clock; then the gap adapts so
that the clock is read a few times a second (between 16 and 65,536 positions)."""

MAX_EVERY = 1 << 16
"""The largest gap, in positions, between two looks at the clock."""

NEVER = sys.maxsize
"""A checkpoint that is never reached: searches that are not tracked compare with it."""

_enabled = True
_local = threading.local()
# .active: (the Tracker of this thread's outermost search, a weak reference to its
# owner or None), set in one store so that an interrupt never leaves half of it


class _Setting:
    """What :func:`set_progress` returns: a ``with`` block restores the previous setting."""

    __slots__ = ("previous",)

    def __init__(self, previous: bool) -> None:
        self.previous = previous

    def __enter__(self) -> _Setting:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        global _enabled
        _enabled = self.previous

    def __repr__(self) -> str:
        return f"set_progress({progress_enabled()})"


def set_progress(enabled: bool) -> _Setting:
    """Show progress bars on long searches (``True``, the default) or never (``False``).

    Used as a plain call it holds for the rest of the process; used in a
    ``with`` statement the previous setting comes back at the end of the block.

    >>> _ = set_progress(False); progress_enabled()
    False
    >>> _ = set_progress(True); progress_enabled()
    True
    >>> set_progress("no")
    Traceback (most recent call last):
    ...
    cgt.errors.WrongType: set_progress() needs True or False, not 'no'
    """
    global _enabled
    if not isinstance(enabled, bool):
        raise WrongType(f"set_progress() needs True or False, not {enabled!r}")
    previous = _enabled
    _enabled = enabled
    return _Setting(previous)


def progress_enabled() -> bool:
    """Whether long searches show progress bars (see :func:`set_progress`).

    >>> progress_enabled() in (True, False)
    True
    """
    return _enabled


def check_flag(progress: object) -> None:
    """Refuse a ``progress=`` argument that is not ``True``, ``False`` or ``None``.

    Searches call it before they start, whether or not they will track anything.

    >>> check_flag(None); check_flag(True)
    >>> check_flag("yes")
    Traceback (most recent call last):
    ...
    cgt.errors.WrongType: progress must be True, False or None, not 'yes'
    """
    if progress is not None and not isinstance(progress, bool):
        raise WrongType(f"progress must be True, False or None, not {progress!r}")


def _open_bar(desc: str, unit: str, total: int | None) -> Any:
    """A tqdm bar (``tqdm.auto``), or ``None`` when tqdm is not installed."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    # a tiny delay: tqdm then draws nothing until the first update (with the count)
    return tqdm(
        desc=desc, unit=unit, total=total, leave=False, mininterval=0.5, unit_scale=True, delay=1e-9
    )


class Tracker:
    """Counts one search's positions and shows a bar once it has run :data:`DELAY` seconds.

    ``progress`` is ``True``/``False`` for this search, or ``None`` for the
    setting of :func:`set_progress`.  The search calls :meth:`update` with its
    running count (counted from ``base``) whenever the count reaches
    :attr:`next` (``every`` overrides :data:`EVERY` as the first gap), and
    :meth:`close` when it ends, however it ends.

    >>> t = Tracker("positions", progress=False)
    >>> t.next == NEVER, t.bar is None
    (True, True)
    >>> t.update(10_000); t.close(); t.bar is None
    True
    """

    __slots__ = ("bar", "base", "desc", "every", "last", "next", "on", "start", "total", "unit")

    def __init__(
        self,
        desc: str,
        *,
        progress: bool | None = None,
        unit: str = "pos",
        total: int | None = None,
        base: int = 0,
        every: int | None = None,
    ) -> None:
        check_flag(progress)
        self.on = _enabled if progress is None else progress
        self.desc = desc
        self.unit = unit
        self.total = total
        self.start = self.last = time.monotonic()
        self.bar: Any = None
        self.base = base
        """The search's count when it began (counts may run on from earlier searches)."""
        self.every = EVERY if every is None else every
        self.next = base + self.every if self.on else NEVER
        """The count at which the search next calls :meth:`update`."""

    def update(self, count: int) -> None:
        """The search has reached ``count`` positions: refresh the bar, opening it if due."""
        if not self.on:
            return
        now = time.monotonic()
        gap, self.last = now - self.last, now
        if gap < 0.1 and self.every < MAX_EVERY:
            self.every *= 2
        elif gap > 0.5 and self.every > 16:
            self.every //= 2
        self.next = count + self.every
        if self.bar is None:
            if now - self.start < DELAY:
                return
            self.bar = _open_bar(self.desc, self.unit, self.total)
            if self.bar is None:  # no tqdm: stay silent from now on
                self.on = False
                self.next = NEVER
                return
            # count the time and rate from the start of the search, not of the bar
            clock = getattr(self.bar, "_time", time.time)
            began = clock() - (now - self.start)
            self.bar.start_t = self.bar.last_print_t = began
            self.bar.update(count - self.base)
            self.bar.refresh()  # show the bar now, with the count so far
            return
        self.bar.update(count - self.base - self.bar.n)

    def close(self) -> None:
        """End the bar (if one was opened)."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        self.on = False
        self.next = NEVER


IDLE = Tracker("idle", progress=False)
"""A tracker that never reports (for loops that run outside any tracked search)."""


def outermost() -> Tracker | None:
    """The tracker of this thread's running search, if any (nested searches reuse it).

    A search whose clean-up was cut short (a second Ctrl-C while the first one
    unwound it) is over once its frame is gone: its bar is closed then, and it
    is no longer this thread's search.

    >>> outermost() is None
    True
    """
    active: tuple[Tracker, weakref.ref[Any] | None] | None = getattr(_local, "active", None)
    if active is None:
        return None
    tracker, owner = active
    if owner is not None and owner() is None:
        _local.active = None
        tracker.close()
        return None
    return tracker


def set_outermost(tracker: Tracker | None, owner: object | None = None) -> None:
    """Make ``tracker`` this thread's running search (``None`` when it ends); see :func:`outermost`.

    A search that opens its own :class:`Tracker` sets it here, so that nested
    searches report to it instead of opening bars of their own.  With an
    ``owner``, the search also ends when ``owner`` is freed (:func:`tracking`
    passes an object that only its own frame holds).

    >>> t = Tracker("positions", progress=False)
    >>> set_outermost(t); outermost() is t
    True
    >>> set_outermost(None); outermost() is None
    True
    """
    _local.active = (
        None if tracker is None else (tracker, None if owner is None else weakref.ref(owner))
    )


def tracking(
    desc: str,
    *,
    unit: str = "pos",
    progress: bool | None = None,
    total: int | None = None,
    base: int = 0,
) -> contextlib.AbstractContextManager[Tracker]:
    """A :class:`Tracker` for the search run in the ``with`` block, as this thread's
    outermost search; inside another tracked search, :data:`IDLE` (the outer bar
    goes on alone).  The bar is closed however the block ends (Ctrl-C included);
    ``total`` and ``base`` are the :class:`Tracker`'s.

    The search calls ``tracker.update(count)`` whenever its count reaches
    ``tracker.next``:

    >>> with tracking("nodes", progress=False) as t:
    ...     for count in range(1000):
    ...         if count >= t.next:
    ...             t.update(count)
    ...     outermost() is t
    True
    >>> outermost() is None
    True
    """
    return _Tracking(desc, unit, progress, total, base)


class _Tracking:
    """The context manager of :func:`tracking`.

    It is also the search's owner (see :func:`set_outermost`): only the frame of
    the ``with`` block holds it, so the search ends when that frame is freed,
    even if an interrupt cut short :meth:`__exit__`.
    """

    __slots__ = ("__weakref__", "base", "desc", "progress", "total", "tracker", "unit")

    def __init__(
        self, desc: str, unit: str, progress: bool | None, total: int | None, base: int
    ) -> None:
        self.desc, self.unit, self.progress, self.total, self.base = (
            desc,
            unit,
            progress,
            total,
            base,
        )
        self.tracker: Tracker | None = None

    def __enter__(self) -> Tracker:
        if outermost() is not None:
            check_flag(self.progress)
            return IDLE
        tracker = Tracker(
            self.desc, progress=self.progress, unit=self.unit, total=self.total, base=self.base
        )
        self.tracker = tracker
        set_outermost(tracker, self)
        return tracker

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        tracker = self.tracker
        if tracker is not None:
            # the thread's state first, the bar last (a second Ctrl-C may land there)
            set_outermost(None)
            self.tracker = None
            tracker.close()
