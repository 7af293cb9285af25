"""Surveys: one function over many items, in parallel on Dask, results kept in a store.

:func:`survey` runs ``func(item)`` for every item and returns a dict from
item to result.  With :mod:`dask.distributed` installed (the ``parallel``
extra: ``pip install 'dask[distributed]'``) it starts a ``LocalCluster`` of
worker processes, one per core, or uses the ``Client`` it is given (say of a real
cluster); without Dask (or with ``workers=0``) it runs serially in this
process, with the same result.

With a store (``store=`` or :func:`cgt.use_store`), each result is written to
the store's survey table as it arrives, under the survey's name (by default
the function's module and qualified name) and a stable key of the item, so
an interrupted survey started again skips every item already stored.

>>> from cgt.surveys import octal_period
>>> survey(octal_period, [("0.07", 512), ("0.77", 512)], workers=0, progress=False)
{('0.07', 512): (53, 34), ('0.77', 512): (71, 12)}

``func`` and the results travel between processes: ``func`` must be a
module-level function (importable by the workers) and results must be
picklable.  A stored survey keeps items and results as data, never pickles
(see :func:`cgt.store.encode_data`): with a store, a result that is not data
raises :class:`~cgt.store.UnstorableResult` when it arrives.  Dask retries
the tasks of a worker that dies (``retries``).
"""

from __future__ import annotations

import contextlib
import importlib.util
import logging
import os
import pickle
import signal
import threading
import time
import traceback
from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, TypeVar

from . import progress as _progress
from .errors import InvalidArgument, WrongType
from .store import Store, current_store, encode_key

__all__ = [
    "default_name",
    "domineering_regions",
    "domineering_value",
    "has_dask",
    "octal_codes",
    "octal_period",
    "survey",
]

_I = TypeVar("_I", bound=Hashable)
_R = TypeVar("_R")

FLUSH_SECONDS = 1.0
"""A survey writes the results that arrived at least this often (and at its end)."""


def has_dask() -> bool:
    """Whether :mod:`dask.distributed` is installed (surveys then run in parallel).

    >>> isinstance(has_dask(), bool)
    True
    """
    return importlib.util.find_spec("distributed") is not None


def default_name(func: Callable[..., Any]) -> str:
    """The name a survey of ``func`` is stored under: its module and qualified name.

    >>> default_name(octal_period)
    'cgt.surveys.octal_period'
    """
    module = getattr(func, "__module__", None)
    qualname = getattr(func, "__qualname__", None)
    if not isinstance(module, str) or not isinstance(qualname, str):
        raise WrongType(f"a survey needs a function, not {func!r}")
    return f"{module}.{qualname}"


def _module_level(func: Callable[..., Any]) -> bool:
    qualname = getattr(func, "__qualname__", "<")
    return "<" not in qualname


def survey(
    func: Callable[[_I], _R],
    items: Iterable[_I],
    *,
    store: Store | str | os.PathLike[str] | None = None,
    client: Any = None,
    progress: bool | None = True,
    name: str | None = None,
    workers: int | None = None,
    chunksize: int | None = None,
    retries: int = 3,
) -> dict[_I, _R]:
    """``{item: func(item)}`` for every item, in parallel when Dask is installed.

    * ``store``: a :class:`~cgt.Store` or a file path (by default the store of
      :func:`cgt.use_store`, if any): results are written there as they
      arrive, and items whose results it holds already are not run again.
    * ``client``: a ``dask.distributed.Client`` to run on; ``None`` starts a
      ``LocalCluster`` of ``workers`` processes (default: one per core) for
      this survey and closes it at the end.  ``workers=0`` (or no Dask) runs
      serially in this process.
    * ``name``: the survey's name in the store (default :func:`default_name`).
    * ``chunksize``: items per Dask task (default: chunks that shrink as the
      survey goes, at most 16 items each); ``retries``: how often Dask reruns a
      task whose worker died or that raised.
    * ``progress``: a bar of the items done (see :mod:`cgt.progress`).

    >>> def square(n): return n * n
    >>> survey(square, range(4), workers=0)
    {0: 0, 1: 1, 2: 4, 3: 9}
    """
    _progress.check_flag(progress)
    if not callable(func):
        raise WrongType(f"survey() needs a function to run, not {func!r}")
    if workers is not None and (type(workers) is not int or workers < 0):
        raise InvalidArgument(f"workers must be a non-negative int, not {workers!r}")
    if chunksize is not None and (type(chunksize) is not int or chunksize < 1):
        raise InvalidArgument(f"chunksize must be a positive int, not {chunksize!r}")
    order = list(dict.fromkeys(items))
    if isinstance(store, (str, os.PathLike)):
        opened: Store | None = Store(store)
        target: Store | None = opened
    elif store is None or isinstance(store, Store):
        opened = None
        target = store if store is not None else current_store()
    else:
        raise WrongType(f"store must be a Store, a file path or None, not {store!r}")
    try:
        return _survey(func, order, target, client, progress, name, workers, chunksize, retries)
    finally:
        if opened is not None:
            opened.close()


def _survey(
    func: Callable[[_I], _R],
    order: list[_I],
    store: Store | None,
    client: Any,
    progress: bool | None,
    name: str | None,
    workers: int | None,
    chunksize: int | None,
    retries: int,
) -> dict[_I, _R]:
    results: dict[_I, _R] = {}
    keys: dict[_I, str] = {}
    if store is not None:
        if name is None:
            if not _module_level(func):
                raise InvalidArgument(
                    f"a survey of {default_name(func)} is stored under the function's name, "
                    f"which is not stable for a lambda or a nested function: define func at "
                    f"module level or pass name="
                )
            name = default_name(func)
        for item in order:
            keys[item] = encode_key(item)
        done = store.survey_done(name)
        for item in order:
            key = keys[item]
            if key in done:
                results[item] = done[key]
    todo = [item for item in order if item not in results]
    tracker = _progress.Tracker(
        f"survey {name or default_name(func)}",
        progress=progress,
        unit="item",
        total=len(order),
        base=0,
        every=1,
    )
    pending: list[tuple[_I, _R]] = []
    last = time.monotonic()

    def arrived(item: _I, result: _R) -> None:
        nonlocal last
        results[item] = result
        if store is not None:
            pending.append((item, result))
            now = time.monotonic()
            if now - last >= FLUSH_SECONDS:
                flush()
                last = now
        count = len(results)
        if count >= tracker.next or tracker.bar is not None:
            tracker.update(count)

    def flush() -> None:
        if pending and store is not None:
            assert name is not None
            store.put_results(name, pending)  # UnstorableResult if a result is not data
            pending.clear()

    try:
        if todo:
            if client is None and (workers == 0 or not has_dask()):
                for item in todo:
                    arrived(item, func(item))
            else:
                _run_dask(func, todo, client, workers, chunksize, retries, arrived)
    finally:
        try:
            flush()
        finally:
            if tracker.bar is not None:
                tracker.update(len(results))
            tracker.close()
    return {item: results[item] for item in order}


def _chunk(func: Callable[[Any], Any], items: list[Any]) -> list[Any]:
    """Run ``func`` on a chunk of items in a worker (its own progress bars silenced)."""
    with _progress.set_progress(False):
        return [func(item) for item in items]


_QUIET_WORKERS = {"distributed.worker.profile.enabled": False}


def _chunks(todo: list[Any], workers: int, chunksize: int | None) -> list[list[Any]]:
    """The items cut into Dask tasks.

    A given ``chunksize`` cuts equal chunks.  By default the chunks shrink as
    the work goes (each about a twentieth of what is left per worker, at most
    16 items), so the first tasks are cheap to ship and the last ones short:
    no worker idles long at the end waiting for the other's big chunk.

    >>> [len(c) for c in _chunks(list(range(10)), 1, 4)]
    [4, 4, 2]
    >>> sizes = [len(c) for c in _chunks(list(range(500)), 2, None)]
    >>> sum(sizes), max(sizes), sizes[-1]
    (500, 12, 1)
    """
    if chunksize is not None:
        return [todo[i : i + chunksize] for i in range(0, len(todo), chunksize)]
    chunks = []
    start = 0
    while start < len(todo):
        size = max(1, min(16, (len(todo) - start) // (20 * workers)))
        chunks.append(todo[start : start + size])
        start += size
    return chunks


@contextlib.contextmanager
def _ctrl_c_for_us_only() -> Iterator[None]:
    """Start processes (a survey's own workers) that ignore SIGINT.

    A terminal's Ctrl-C reaches every process of its foreground group: the
    workers too, each of which would print a traceback while this process
    stops the survey and closes them.  Processes inherit an ignored signal
    (through exec too, and Python then leaves it ignored), so while the
    cluster starts SIGINT is ignored here; afterwards it is this process's
    alone again.  (Outside the main thread nothing changes: only the main
    thread may set signal handlers.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous if previous is not None else signal.SIG_DFL)


class _CancelRaceFilter(logging.Filter):
    """Drop the error Dask logs when Ctrl-C lands before a call to it began.

    ``distributed.utils.sync`` answers a KeyboardInterrupt by scheduling a
    ``cancel`` of the call's future, which raises NameError (logged with its
    traceback by ``tornado.application``) when the interrupt came before the
    future existed.  Nothing was started, so nothing is lost; the survey stops
    as it should.  Every other record passes.

    >>> import logging
    >>> def cancel() -> None:
    ...     raise NameError("cannot access free variable 'future'")
    >>> try:
    ...     cancel()
    ... except NameError as err:
    ...     record = logging.makeLogRecord({"exc_info": (NameError, err, err.__traceback__)})
    >>> _CancelRaceFilter().filter(record), _CancelRaceFilter().filter(logging.makeLogRecord({}))
    (False, True)
    """

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, NameError) or "'future'" not in str(error):
            return True
        frames = traceback.extract_tb(error.__traceback__)
        return not frames or frames[-1].name != "cancel"


@contextlib.contextmanager
def _quiet_cancel_race() -> Iterator[None]:
    """While a survey runs on Dask, ``tornado.application`` drops the error of
    :class:`_CancelRaceFilter`."""
    logger, quiet = logging.getLogger("tornado.application"), _CancelRaceFilter()
    logger.addFilter(quiet)
    try:
        yield
    finally:
        logger.removeFilter(quiet)


def _run_dask(
    func: Callable[[Any], Any],
    todo: list[Any],
    client: Any,
    workers: int | None,
    chunksize: int | None,
    retries: int,
    arrived: Callable[[Any, Any], None],
) -> None:
    distributed: Any = importlib.import_module("distributed")
    Client, LocalCluster = distributed.Client, distributed.LocalCluster
    as_completed = distributed.as_completed

    if not _module_level(func):
        raise InvalidArgument(
            f"{default_name(func)} cannot run on Dask workers: a survey's function must be "
            f"defined at module level, in a module the workers can import"
        )
    own = client is None
    cluster = None
    if own:
        n = workers or os.cpu_count() or 1
        # The workers' statistical profiler samples the running task's stack every
        # 10 ms; a survey's own cluster has no dashboard to show it, so it is off.
        with importlib.import_module("dask").config.set(_QUIET_WORKERS), _ctrl_c_for_us_only():
            cluster = LocalCluster(
                n_workers=n,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                # only critical records of the cluster's own processes are printed: a
                # task's failure reaches the survey through its future, and on Ctrl-C a
                # worker still running its heartbeat when the scheduler has closed
                # logged an error with two tracebacks (seen once in CI)
                silence_logs=logging.CRITICAL,
            )
        client = Client(cluster)
    with _quiet_cancel_race():
        try:
            n_workers = max(1, len(client.scheduler_info().get("workers", {})) or workers or 1)
            chunks = _chunks(todo, n_workers, chunksize)
            futures = client.map(_chunk, [func] * len(chunks), chunks, pure=False, retries=retries)
            which = {future.key: chunk for future, chunk in zip(futures, chunks, strict=True)}
            try:
                for future in as_completed(futures):
                    try:
                        values = future.result()
                    except (pickle.PicklingError, AttributeError, ModuleNotFoundError) as err:
                        raise InvalidArgument(
                            f"a survey task of {default_name(func)} failed to travel between "
                            f"processes ({type(err).__name__}: {err}): func must be a module-level "
                            f"function the workers can import, and its results picklable"
                        ) from err
                    for item, value in zip(which[future.key], values, strict=True):
                        arrived(item, value)
            except BaseException:
                client.cancel(futures)
                raise
        finally:
            if own:
                client.close()
                assert cluster is not None
                cluster.close()


# --- built-in families -----------------------------------------------------------------


def octal_codes(digits: int) -> list[str]:
    """Every octal code ``0.d1...dk`` with ``k <= digits`` whose last digit is not 0.

    >>> len(octal_codes(1)), octal_codes(2)[:3], len(octal_codes(3))
    (7, ['0.1', '0.2', '0.3'], 511)
    """
    if type(digits) is not int or not 1 <= digits <= 6:
        raise InvalidArgument(f"digits must be an int from 1 to 6, not {digits!r}")
    codes = []
    for k in range(1, digits + 1):
        for n in range(8**k):
            text = format(n, "o").zfill(k)
            if text[-1] != "0":
                codes.append("0." + text)
    return sorted(set(codes), key=lambda c: (len(c), c))


def octal_period(item: tuple[str, int]) -> tuple[int, int] | None:
    """``(preperiod, period)`` of octal game ``code``, proven from at most ``bound`` values,
    or ``None`` if no period is proven there.  ``item`` is ``(code, bound)``.

    >>> octal_period(("0.77", 512)), octal_period(("0.6", 256))
    ((71, 12), None)
    """
    from .games import OctalGame, PeriodNotFound

    code, bound = item
    try:
        found = OctalGame(code).periodicity(max_length=bound)
    except PeriodNotFound:
        return None
    return found.preperiod, found.period


def domineering_regions(rows: int, cols: int) -> list[str]:
    """Every region of a ``rows`` x ``cols`` box, as a Domineering board, up to the
    box's symmetries (Domineering's own: reflections in either axis), without
    empty rows or columns at the edges and with at least two cells.

    >>> domineering_regions(1, 3)
    ['..', '.#.', '...']
    >>> domineering_regions(2, 2)
    ['..', '.|.', '#.|.#', '#.|..', '..|..']
    """
    if type(rows) is not int or type(cols) is not int or rows < 1 or cols < 1:
        raise InvalidArgument(f"a box needs positive int sides, not {rows!r} x {cols!r}")
    if rows * cols > 20:
        raise InvalidArgument(f"a {rows}x{cols} box has too many regions to survey (max 20 cells)")
    seen: set[tuple[str, ...]] = set()
    for mask in range(1, 1 << (rows * cols)):
        if bin(mask).count("1") < 2:
            continue
        grid = [
            "".join("." if mask >> (r * cols + c) & 1 else "#" for c in range(cols))
            for r in range(rows)
        ]
        grid = _crop(grid)
        forms = [tuple(grid), tuple(grid[::-1]), tuple(g[::-1] for g in grid)]
        forms.append(tuple(g[::-1] for g in grid[::-1]))
        seen.add(min(forms))
    return sorted(("|".join(g) for g in seen), key=lambda b: (len(b), b))


def _crop(grid: list[str]) -> list[str]:
    first = next(i for i, g in enumerate(grid) if "." in g)
    last = max(i for i, g in enumerate(grid) if "." in g)
    inner = grid[first : last + 1]
    left = min(g.index(".") for g in inner if "." in g)
    right = max(g.rindex(".") for g in inner if "." in g)
    return [g[left : right + 1] for g in inner]


def domineering_value(board: str) -> str:
    """The canonical value of a Domineering board, as CGSuite text.

    >>> domineering_value("..|..")
    '+-1'
    """
    from .games import Domineering

    return str(Domineering(board).value())
