"""Progress bars on long searches: shown when due, silent when asked or without tqdm,
and a Ctrl-C in the middle of a search leaves every cache consistent."""

from __future__ import annotations

import gc
import math
import re
import signal
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt import progress
from cgt.errors import WrongType
from cgt.games import Domineering, Hexapawn, OctalGame
from cgt.games.base import clear_solver_caches, solver_for
from cgt.games.domineering import _DOMINEERING
from cgt.games.hexapawn import clear_engines
from cgt.games.hexapawn._engine import Engine
from cgt.solver import Solver
from cgt.store import use_store

try:
    import tqdm
except ImportError:  # pragma: no cover - CI installs the 'progress' extra
    tqdm = None

needs_tqdm = pytest.mark.skipif(tqdm is None, reason="tqdm is not installed")

BOARD = "....|....|...."  # enough positions for many checkpoints


@pytest.fixture
def eager(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Bars open at once, and the clock is read at every position."""
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "EVERY", 1)
    monkeypatch.setattr(progress, "MAX_EVERY", 1)
    monkeypatch.setattr(progress, "_enabled", True)
    clear_solver_caches()
    clear_engines()
    yield
    clear_solver_caches()
    clear_engines()


def _searches() -> dict[str, Callable[[], Any]]:
    return {
        # the generic solver itself (Domineering(...).value() may use the compiled kernel)
        "solver": lambda: solver_for(Domineering).keyed_value(
            _DOMINEERING, Domineering(BOARD).state
        ),
        "hexapawn": lambda: Hexapawn(3, 4).outcome("search"),
        "sequence": lambda: OctalGame("0.137").grundy_sequence(600),
    }


def _expected() -> dict[str, Any]:
    # computed independently of the shared tables: a fresh solver, a fresh engine,
    # the pure-Python heap loop on a fresh ruleset object
    e = Engine(3, 4, "normal", False)
    return {
        "solver": Solver().keyed_value(_DOMINEERING, Domineering(BOARD).state, progress=False),
        "hexapawn": (
            cgt.Outcome.N
            if e.solve(e.start_white, e.start_black, True, progress=False)
            else cgt.Outcome.P
        ),
        "sequence": OctalGame("0.137").grundy_sequence(600, engine="python", progress=False),
    }


@needs_tqdm
@pytest.mark.parametrize("name", ["solver", "hexapawn", "sequence"])
def test_a_long_search_shows_a_bar(
    name: str, eager: None, capsys: pytest.CaptureFixture[str]
) -> None:
    result = _searches()[name]()
    err = capsys.readouterr().err
    assert result == _expected()[name]
    unit = "heap" if name == "sequence" else "pos"
    assert "positions" in err or "Grundy values" in err, err
    assert re.search(rf"\d[kMG]?{unit}/s", err), err  # a rate, not '?pos/s'
    assert progress.outermost() is None


@pytest.mark.parametrize("name", ["solver", "hexapawn", "sequence"])
def test_progress_false_writes_nothing(
    name: str, eager: None, capsys: pytest.CaptureFixture[str]
) -> None:
    with cgt.set_progress(False):
        result = _searches()[name]()
    assert capsys.readouterr().err == ""
    assert result == _expected()[name]
    assert progress.progress_enabled()  # the with block restored the setting
    clear_solver_caches()
    clear_engines()
    calls: dict[str, Callable[[], Any]] = {
        "solver": lambda: solver_for(Domineering).keyed_value(
            _DOMINEERING, Domineering(BOARD).state, progress=False
        ),
        "hexapawn": lambda: Hexapawn(3, 4).outcome("search", progress=False),
        "sequence": lambda: OctalGame("0.137").grundy_sequence(600, progress=False),
    }
    assert calls[name]() == _expected()[name]
    assert capsys.readouterr().err == ""


def test_short_searches_show_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    # the default delay of two seconds: quick searches never open a bar
    clear_solver_caches()
    assert Domineering("...|...").value() == cgt.parse("{2|-1/2}")
    assert Hexapawn(3, 3).outcome("search") is cgt.Outcome.P
    assert capsys.readouterr().err == ""


def test_without_tqdm_everything_is_silent(
    eager: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm now raises ImportError
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    with pytest.raises(ImportError):
        import tqdm.auto  # noqa: F401
    expected = _expected()
    for name, search in _searches().items():
        assert search() == expected[name]
    assert capsys.readouterr().err == ""


def test_bad_progress_arguments() -> None:
    with pytest.raises(WrongType):
        cgt.set_progress("off")  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        Solver().value(cgt.star, progress=1)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        OctalGame("0.77").grundy_sequence(5, progress="no")  # type: ignore[arg-type]
    assert progress.progress_enabled()


class _Interrupt:
    """A replacement of Tracker.update that raises KeyboardInterrupt at its ``at``-th call."""

    def __init__(self, at: int) -> None:
        self.at = at
        self.calls = 0
        self.original = progress.Tracker.update

    def method(self) -> Callable[[progress.Tracker, int], None]:
        def update(tracker: progress.Tracker, count: int) -> None:
            self.calls += 1
            if self.calls == self.at:
                raise KeyboardInterrupt
            self.original(tracker, count)

        return update


@pytest.mark.parametrize("name", ["solver", "hexapawn", "sequence"])
@pytest.mark.parametrize("at", [1, 7, 40])
def test_ctrl_c_mid_search_leaves_caches_consistent(
    name: str, at: int, eager: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    if at > 1 and tqdm is None:  # without a bar the search stops reporting after one update
        pytest.skip("tqdm is not installed")
    expected = _expected()
    interrupt = _Interrupt(at)
    monkeypatch.setattr(progress.Tracker, "update", interrupt.method())
    closed: list[Any] = []
    original_close = progress.Tracker.close

    def close(tracker: progress.Tracker) -> None:
        closed.append(tracker.bar)
        original_close(tracker)

    monkeypatch.setattr(progress.Tracker, "close", close)
    with pytest.raises(KeyboardInterrupt):
        _searches()[name]()
    assert interrupt.calls == at
    # the bar was closed, nothing is left tracking
    assert closed and progress.outermost() is None
    if tqdm is not None:
        assert not [bar for bar in tqdm.tqdm._instances if not bar.disable]
    solver = solver_for(Domineering)
    assert solver._tracker is None and solver._tick_at == progress.NEVER
    if name == "solver":
        # the interrupted search is a prefix of the full one: every value it
        # stored is the value a fresh, uninterrupted solver stores for that key
        fresh = Solver()
        fresh.keyed_value(_DOMINEERING, Domineering(BOARD).state, progress=False)
        assert solver.values or at < 40
        for key, value in list(solver.values.items()):
            assert fresh.values[key] == value, key
    monkeypatch.setattr(progress.Tracker, "update", interrupt.original)
    assert _searches()[name]() == expected[name]
    if name == "hexapawn":
        assert [str(m) for m in Hexapawn(3, 4).winning_moves()] == _winning_moves_by_search()


def _winning_moves_by_search() -> list[str]:
    h = Hexapawn(3, 4)
    out = []
    for m in h.moves():
        if h.promotes(m):
            out.append(str(m))
            continue
        child = h.play(m)
        e = Engine(3, 4, "normal", False)
        w, b = child.bits()
        if not e.solve(w, b, child.white_to_move, progress=False):
            out.append(str(m))
    return out


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs signal.setitimer")
@pytest.mark.parametrize("fraction", [0.1, 0.4, 0.7])
def test_a_real_ctrl_c_signal_mid_search(
    fraction: float, eager: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A signal whose handler raises KeyboardInterrupt, as Ctrl-C does, at an
    # arbitrary moment of a search whose bar is open.  The moment is a fraction
    # of the search's own CPU time, measured here with the caches as warm as
    # they will be (a fixed delay would miss the search once earlier tests
    # have warmed the engine's memos); the timer counts process CPU time.
    monkeypatch.setattr(progress, "MAX_EVERY", 1 << 16)

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    board = ".....|.....|.....|....."  # about a tenth of a second, warm
    expected = Solver().keyed_value(_DOMINEERING, Domineering(board).state, progress=False)
    took = math.inf
    for _ in range(2):  # the least of two runs: the interrupted one may not pay a first run's costs
        clear_solver_caches()
        start = time.process_time()
        solver_for(Domineering).keyed_value(_DOMINEERING, Domineering(board).state)
        took = min(took, time.process_time() - start)
    # A handler that runs inside a callback (a gc callback such as hypothesis's, a weakref
    # callback) has its KeyboardInterrupt printed and dropped by Python, not raised in the
    # search: the collector is off meanwhile, and an attempt whose interrupt was dropped
    # that way (or came after the search) is made again, at most five times (a search's CPU
    # time varies by a third between runs on a shared two-core machine).
    old = signal.signal(signal.SIGPROF, interrupt)
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        for _attempt in range(5):
            clear_solver_caches()
            signal.setitimer(signal.ITIMER_PROF, max(fraction * took, 1e-3))
            try:
                solver_for(Domineering).keyed_value(_DOMINEERING, Domineering(board).state)
            except KeyboardInterrupt:
                break
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
        else:
            pytest.fail("no attempt was interrupted in the search")
    finally:
        signal.signal(signal.SIGPROF, old)
        if was_enabled:
            gc.enable()
    assert progress.outermost() is None and solver_for(Domineering)._tracker is None
    again = solver_for(Domineering).keyed_value(_DOMINEERING, Domineering(board).state)
    assert again == expected and Domineering(board).value() == expected
    fresh = Solver()
    fresh.keyed_value(_DOMINEERING, Domineering(board).state, progress=False)
    for key, value in list(solver_for(Domineering).values.items()):
        assert fresh.values[key] == value, key


def _bookkeeping() -> set[Any]:
    """The code that opens and ends a search's tracking (not the search itself)."""
    return {
        Solver._run.__code__,
        Solver._attach.__code__,
        Solver._detach.__code__,
        Engine.solve.__code__,
        progress.tracking.__code__,
        progress._Tracking.__enter__.__code__,
        progress._Tracking.__exit__.__code__,
        progress.Tracker.__init__.__code__,
        progress.Tracker.close.__code__,
        progress.set_outermost.__code__,
        progress.outermost.__code__,
        progress.check_flag.__code__,
    }


class _InterruptAtLine:
    """A tracer that raises KeyboardInterrupt at the ``at``-th line run in ``codes``."""

    def __init__(self, codes: set[Any], at: int) -> None:
        self.codes, self.at, self.lines = codes, at, 0

    def __call__(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "call":
            return self.local if frame.f_code in self.codes else None
        return None

    def local(self, frame: Any, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines += 1
            if self.lines == self.at:
                raise KeyboardInterrupt
        return self.local


@pytest.mark.parametrize("name", ["solver", "hexapawn", "loopy"])
def test_an_interrupt_at_any_line_of_the_bookkeeping_ends_the_search(
    name: str, eager: None, tmp_path: Path
) -> None:
    # Ctrl-C lands between any two lines of the code that opens and ends a
    # search's tracking: the thread is left with no search running, so the next
    # search opens its own bar (a stale one would make it a silent nested search).
    from cgt.loopy import sides

    runs: dict[str, Callable[[], Any]] = {
        "solver": lambda: solver_for(Domineering).keyed_value(
            _DOMINEERING, Domineering("...|...").state
        ),
        "hexapawn": lambda: Engine(3, 3, "normal", False).solve(*Hexapawn(3, 3).bits(), True),
        "loopy": lambda: sides(cgt.parse("{0|pass}")),
    }
    run, codes = runs[name], _bookkeeping()
    expected = run()
    interrupted = 0
    for at in range(1, 200):
        clear_solver_caches()
        tracer = _InterruptAtLine(codes, at)
        old = sys.gettrace()
        sys.settrace(tracer)
        try:
            got = run()
        except KeyboardInterrupt:
            got = None
        finally:
            sys.settrace(old)
        if got is not None:
            assert got == expected
            break
        interrupted += 1
        assert progress.outermost() is None, (name, at)
        # a tracker the solver still holds (its own clean-up cut short) is closed:
        # it never reports again, and the solver's next search replaces it
        left = solver_for(Domineering)._tracker
        assert left is None or (not left.on and left.next == progress.NEVER), (name, at)
    else:
        pytest.fail("the bookkeeping ran more than 200 lines")
    assert interrupted >= 5  # the interrupts did land, at lines of the bookkeeping
    opened: list[str] = []
    original = progress.Tracker.__init__

    def init(tracker: progress.Tracker, desc: str, **kwargs: Any) -> None:
        opened.append(desc)
        original(tracker, desc, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(progress.Tracker, "__init__", init)
        clear_solver_caches()
        assert run() == expected
    assert opened  # a search of its own, not one nested in a stale one
    if name == "solver":
        # and a top-level call of its own: it attaches the process's store again
        clear_solver_caches()
        with use_store(tmp_path / "values.sqlite") as store:
            assert run() == expected
            assert store is not None and len(store) > 0


@pytest.mark.parametrize("name", ["solver", "hexapawn", "sequence"])
def test_a_second_ctrl_c_while_the_bar_closes_ends_the_search(
    name: str, eager: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first Ctrl-C stops the search; a second lands while its bar closes
    # (closing writes to the terminal: the slowest step of the clean-up)
    interrupt = _Interrupt(3)
    monkeypatch.setattr(progress.Tracker, "update", interrupt.method())
    original_close = progress.Tracker.close

    def close(tracker: progress.Tracker) -> None:
        if tracker.bar is not None:
            tracker.bar.close()
            tracker.bar = None
            raise KeyboardInterrupt
        original_close(tracker)

    monkeypatch.setattr(progress.Tracker, "close", close)
    with pytest.raises(KeyboardInterrupt):
        _searches()[name]()
    assert interrupt.calls >= 1
    assert progress.outermost() is None
    assert solver_for(Domineering)._tracker is None
    monkeypatch.setattr(progress.Tracker, "close", original_close)
    monkeypatch.setattr(progress.Tracker, "update", interrupt.original)
    assert _searches()[name]() == _expected()[name]


def test_a_search_whose_frame_is_gone_is_over() -> None:
    # the clean-up of a tracked block was cut short: once the block's frame is
    # freed, the thread runs no search and the forgotten bar is closed
    tracker = progress.Tracker("positions", progress=False)
    owner = progress.tracking("positions")  # what a ``with`` block's frame holds
    progress.set_outermost(tracker, owner)
    assert progress.outermost() is tracker
    tracker.on = True  # as if its bar were still open
    del owner
    assert progress.outermost() is None
    assert not tracker.on and tracker.next == progress.NEVER
