"""Threads, processes, interrupts and memory budgets.

Equal values must be the same object in every thread; deep games must be
right in every thread and never abort the interpreter; Ctrl-C must give a
clean ``KeyboardInterrupt``; caches stay within their budget.  Scripts that
could crash the interpreter run in a subprocess, so a failure is a failed
test, not a dead test run.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import resource
import signal
import subprocess
import sys
import textwrap
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.games import Col, Domineering, OctalGame, Snort
from cgt.games.base import clear_solver_caches

from .strategies import small_games

ROOT = Path(__file__).resolve().parent.parent


def _texts(count: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    atoms = ["0", "1", "-1", "*", "^", "v", "1/2", "*2", "^*", "-2", "+-1"]

    def text(depth: int) -> str:
        if depth == 0 or rng.random() < 0.3:
            return rng.choice(atoms)
        left = ",".join(text(depth - 1) for _ in range(rng.randint(0, 2)))
        right = ",".join(text(depth - 1) for _ in range(rng.randint(0, 2)))
        return "{" + left + "|" + right + "}"

    return [text(4) for _ in range(count)]


def _in_threads(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads started together; re-raise their errors."""
    results: list[Any] = [None] * count
    errors: list[BaseException] = []
    barrier = threading.Barrier(count)

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(i)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


@pytest.fixture
def fast_switching() -> Iterator[None]:
    """Switch threads every microsecond, so races show up in a short test."""
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


@pytest.fixture
def small_caches() -> Iterator[None]:
    old = cgt.cache_limit()
    cgt.set_cache_limit(64)
    try:
        yield
    finally:
        cgt.set_cache_limit(old)


def _default_sigint() -> None:
    # A child inherits an ignored SIGINT (a test run started by nohup, or in the
    # background from a script), and Python then installs no KeyboardInterrupt
    # handler: the Ctrl-C tests would wait for their timeout.  Restore the default
    # before the child's interpreter starts, so it installs its usual handler.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def run_script(code: str, timeout: float = 110) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter (``timeout`` is a hang guard only)."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
        preexec_fn=_default_sigint,
    )


# --- 1. interning is atomic ----------------------------------------------------------
def test_equal_values_are_one_object_in_every_thread(fast_switching: None) -> None:
    texts = _texts(400, seed=1)
    for _ in range(3):
        cgt.clear_caches()
        results = _in_threads(4, lambda i: [cgt.parse(t) for t in texts])
        for other in results[1:]:
            for a, b, text in zip(results[0], other, texts, strict=True):
                assert a is b, text
                assert a == b and a.compare(b) is cgt.Relation.EQUAL


@settings(max_examples=25, deadline=None)
@given(st.lists(small_games, min_size=2, max_size=6), st.booleans())
def test_caches_under_four_threads(games: list[cgt.Game], clear: bool) -> None:
    """Sums and comparisons computed in 4 threads at once, while caches are cleared
    and trimmed, agree with the same computations done alone."""
    texts = [str(g) for g in games]
    expected = [(str(a + b), a <= b, str(a - b)) for a in games for b in games]
    old = cgt.cache_limit()
    cgt.set_cache_limit(32)
    try:

        def work(i: int) -> list[tuple[str, bool, str]]:
            mine = [cgt.parse(t) for t in texts]
            out = []
            for a in mine:
                for b in mine:
                    if clear and i == 0:
                        cgt.clear_caches()
                    out.append((str(a + b), a <= b, str(a - b)))
            return out

        for got in _in_threads(4, work):
            assert got == expected
    finally:
        cgt.set_cache_limit(old)


def test_one_solver_shared_by_threads(fast_switching: None) -> None:
    boards = ["...|...|..#", "....|..#.", "..|..|..", "...|.#.|...", "....|....", "#..|...|..."]
    graphs = [nx.path_graph(7), nx.cycle_graph(6), nx.grid_2d_graph(2, 4), nx.star_graph(5)]
    clear_solver_caches()
    alone = [str(Domineering(b).value()) for b in boards]
    alone += [str(k(g).value()) for g in graphs for k in (Col, Snort)]

    def work(i: int) -> list[str]:
        out = [str(Domineering(b).value()) for b in boards[i:] + boards[:i]]
        out = out[len(boards) - i :] + out[: len(boards) - i]
        return out + [str(k(g).value()) for g in graphs for k in (Col, Snort)]

    for _ in range(2):
        clear_solver_caches()
        for got in _in_threads(4, work):
            assert got == alone


def test_heap_sequences_extended_by_threads(fast_switching: None) -> None:
    expected = OctalGame("0.137").grundy_sequence(600)
    kayles_like = OctalGame("0.137")
    sizes = [50, 600, 120, 333]
    got = _in_threads(4, lambda i: kayles_like.grundy_sequence(sizes[i]))
    for n, seq in zip(sizes, got, strict=True):
        assert seq == expected[:n]
    assert kayles_like.grundy_sequence(600) == expected


# --- 2. deep games in threads ---------------------------------------------------------
@pytest.mark.slow
@pytest.mark.timeout(360)
def test_deep_games_in_four_threads() -> None:
    """Each thread prints and parses birthday-2,500 games; a deep phase in one thread
    must not change the limit under another (that aborted the interpreter).  Three
    rounds a thread (twelve took 25-37 CPU s on two cores, five 14); the switch interval
    of 10 microseconds interleaves the deep phases within each round."""
    proc = run_script(
        """
        import sys, threading, cgt
        sys.setswitchinterval(1e-5)
        limit = sys.getrecursionlimit()
        D = 2500
        def text(shift):
            return "".join(f"{{{n + shift}|" for n in range(D, 0, -1)) + "0" + "}" * D
        ok, bad = [0], []
        def work(i):
            for r in range(3):
                g = cgt.parse(text(10 * i + r))
                h = cgt.parse(str(g))
                if h is g and g.birthday() > D and (g - g) is cgt.zero:
                    ok[0] += 1
                else:
                    bad.append((i, r))
        threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
        for t in threads: t.start()
        for t in threads: t.join()
        print("ok", ok[0], "bad", len(bad), "restored", sys.getrecursionlimit() == limit)
        """,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["ok", "12", "bad", "0", "restored", "True"]


def test_limit_restored_and_shallow_calls_fine_during_a_deep_phase() -> None:
    from cgt import _deep

    limit = sys.getrecursionlimit()
    started = threading.Event()

    @_deep.deep
    def depth(n: int) -> int:
        if n == 5000:
            started.set()
        return 0 if n == 0 else 1 + depth(n - 1)

    out: list[int] = []
    t = threading.Thread(target=lambda: out.append(depth(60000)))
    t.start()
    started.wait(30)
    # a shallow call from this thread while the other is deep
    assert cgt.parse("{1|0}") + cgt.star == cgt.parse("{1*|*}")
    t.join()
    assert out == [60000]
    assert sys.getrecursionlimit() == limit
    assert _deep._workers == 0 and not _deep._inside


# --- 3. interrupts ----------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_during_a_deep_parse_is_clean() -> None:
    proc = run_script(
        """
        import os, signal, sys, threading, time, cgt
        D = 20000
        limit = sys.getrecursionlimit()
        # a real SIGINT, sent by another thread half a second in; deep parses of new
        # texts keep coming until it lands (one parse may take less than that)
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
        try:
            for shift in range(10000):
                text = "".join(f"{{{n + shift}|" for n in range(D, 0, -1)) + "0" + "}" * D
                cgt.parse(text)
            print("finished")
        except KeyboardInterrupt:
            print("interrupted")
        time.sleep(0.3)
        alive = [t.name for t in threading.enumerate() if t.name.startswith("cgt")]
        print("workers", len(alive), "restored", sys.getrecursionlimit() == limit)
        small = "".join(f"{{{n}|" for n in range(3000, 0, -1)) + "0" + "}" * 3000
        g = cgt.parse(small)
        print("after", g.birthday(), cgt.parse(str(g)) is g, (g + cgt.star) - cgt.star is g)
        """
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    assert lines[0] == "interrupted"
    assert lines[1] == "workers 0 restored True"
    assert lines[2] == "after 3001 True True"


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_the_ctrl_c_test_passes_when_the_runner_ignores_sigint() -> None:
    """A test run started with SIGINT ignored (``nohup``) still gets Ctrl-C in its children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    test = "tests/test_concurrency.py::test_ctrl_c_during_a_deep_parse_is_clean"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test],
        capture_output=True,
        text=True,
        timeout=110,  # a hang guard: before the fix the child waited 600 s
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "1 passed" in done.stdout
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    assert cpu < 60, f"{cpu:.1f} CPU seconds"


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_interrupts_at_random_points_leave_caches_consistent() -> None:
    """Interrupt value computations at many points; afterwards every value is right."""
    proc = run_script(
        """
        import faulthandler, signal, cgt
        faulthandler.dump_traceback_later(100, exit=True)  # a hang shows where it is
        from cgt.games import Domineering
        boards = ["....|....|....", "...|...|...|...", ".....|.....|..#.."]
        def handler(signum, frame):
            raise KeyboardInterrupt
        signal.signal(signal.SIGALRM, handler)
        hits = 0
        for k in range(40):
            cgt.clear_caches()
            from cgt.games.base import clear_solver_caches
            clear_solver_caches()
            signal.setitimer(signal.ITIMER_REAL, 0.001 + 0.004 * k)
            try:
                try:
                    for b in boards:
                        Domineering(b).value()
                    text = "".join(f"{{{n}|" for n in range(1500, 0, -1)) + "0" + "}" * 1500
                    str(cgt.parse(text) + cgt.up)
                finally:
                    # the timer may fire just as the work ends, even here
                    signal.setitimer(signal.ITIMER_REAL, 0)
            except KeyboardInterrupt:
                hits += 1
            got = [str(Domineering(b).value()) for b in boards]
            print(*got, sep=";")
        print("interrupted", hits)
        """
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    lines = proc.stdout.splitlines()
    clear_solver_caches()
    truth = ";".join(
        str(Domineering(b).value())
        for b in ["....|....|....", "...|...|...|...", ".....|.....|..#.."]
    )
    assert all(line == truth for line in lines[:-1])
    assert int(lines[-1].split()[1]) >= 10  # the timer did interrupt most runs


# --- processes --------------------------------------------------------------------------
def _value_of(board: str) -> cgt.Game:
    return Domineering(board).value()


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_interrupts_at_every_point_of_a_deep_call_leave_no_trace() -> None:
    """An interrupt wherever it lands in a deep call (while the worker starts, computes,
    or tidies up) reaches the caller once; the call leaves no thread registered, no
    deep phase and the recursion limit as it was, and the next call works."""
    proc = run_script(
        """
        import faulthandler, random, resource, signal, sys
        faulthandler.dump_traceback_later(100, exit=True)  # a hang shows where it is
        from cgt import _deep

        @_deep.deep
        def depth(n):
            return 0 if n == 0 else 1 + depth(n - 1)

        def handler(signum, frame):
            raise KeyboardInterrupt
        signal.signal(signal.SIGALRM, handler)
        limit = sys.getrecursionlimit()
        rng = random.Random(5)
        hits = 0
        start = resource.getrusage(resource.RUSAGE_SELF).ru_utime
        for k in range(300):
            signal.setitimer(signal.ITIMER_REAL, rng.uniform(0.0001, 0.02))
            try:
                try:
                    depth(rng.choice([3000, 6000, 12000]))
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            except KeyboardInterrupt:
                hits += 1
            assert not _deep._inside and _deep._workers == 0, k
            assert sys.getrecursionlimit() == limit, k
            if resource.getrusage(resource.RUSAGE_SELF).ru_utime - start > 30:
                break  # (CPU-time bound)
        assert depth(5000) == 5000
        print("interrupted", hits, "of", k + 1)
        """
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-3000:]
    hits, runs = (int(w) for w in proc.stdout.split()[1::2])
    assert 0 < hits < runs  # some calls were interrupted, some finished


@pytest.mark.slow
def test_spawn_pool_values_equal_and_interned() -> None:
    boards = ["..|..", "...|...", "..#|...|...", "....|...."]
    texts = _texts(40, seed=2)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(2) as pool:
        parsed = pool.map_async(cgt.parse, texts).get(timeout=120)
        values = pool.map_async(_value_of, boards).get(timeout=120)
    for text, g in zip(texts, parsed, strict=True):
        assert g is cgt.parse(text)  # unpickled games are interned here
    assert values == [Domineering(b).value() for b in boards]


# --- 12. memory budget ------------------------------------------------------------------
def test_caches_stay_within_their_limit(small_caches: None) -> None:
    texts = _texts(300, seed=3)
    games = [cgt.parse(t) for t in texts]
    for a in games[:60]:
        for b in games[:60]:
            _ = a + b, a <= b
            a.temperature()
    info = cgt.cache_info()
    assert info["sum"] <= 64 and info["compare"] <= 64
    # results are still right: compare with a recomputation from scratch
    cgt.clear_caches()
    cgt.set_cache_limit(1 << 20)
    for a, b in itertools.pairwise(games):
        assert (a + b) - b is a


def test_solver_tables_are_bounded(small_caches: None) -> None:
    from cgt.solver import Solver

    solver = Solver()
    for board in ["....|....|....", "...|...|...|..."]:
        assert solver.value(Domineering(board)) == Domineering(board).value()
    assert len(solver.values) <= 64


def test_cache_limit_rejects_nonsense() -> None:
    for bad in [0, -5, 2.5, "10", True]:
        with pytest.raises(cgt.CGTError):
            cgt.set_cache_limit(bad)  # type: ignore[arg-type]


def test_values_and_positions_pickle() -> None:
    """Everything a worker process may send back survives pickling and still works."""
    import pickle

    from cgt.games import Cram, Hexapawn, SubtractionGame, Wythoff

    g = cgt.parse("{3||2|1} + ^*")
    positions: list[Any] = [
        Domineering("..#|...|..."),
        Cram("...|..."),
        Col(nx.path_graph(5)),
        Snort(nx.cycle_graph(5)),
        OctalGame("0.77")(9),
        SubtractionGame({1, 3})(7),
        Wythoff([(2, 3)]),
    ]
    for p in positions:
        q = pickle.loads(pickle.dumps(p))
        assert q == p
        if hasattr(p, "value"):
            assert q.value() is p.value()
        else:
            assert q.grundy() == p.grundy()
    assert pickle.loads(pickle.dumps(Hexapawn(3, 3))).winner() == Hexapawn(3, 3).winner()
    for value in [g, g.mean(), g.temperature(), cgt.Outcome.N, cgt.Relation.CONFUSED]:
        assert pickle.loads(pickle.dumps(value)) == value
    assert str(pickle.loads(pickle.dumps(g.thermograph()))) == str(g.thermograph())
