"""The compiled Hexapawn search (cgt/_c/hexapawn.c) against the pure-Python engine.

Both engines are built explicitly in one process (``compiled=True`` and
``compiled=False``), so every comparison runs both searches.  Skipped when the
kernel is not built or ``CGT_PURE_PYTHON=1`` turns it off.
"""

from __future__ import annotations

import gc
import os
import random
import signal
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from itertools import pairwise, product
from pathlib import Path

import pytest

from cgt import progress
from cgt.errors import InvalidArgument
from cgt.games import Hexapawn
from cgt.games.hexapawn import _engine
from cgt.games.hexapawn._engine import Engine, clear_engines, engine_for

pytestmark = pytest.mark.skipif(
    _engine._KERNEL is None, reason="the compiled Hexapawn kernel is not built (or turned off)"
)

PAWNS = ("normal", "berolina", "berolina_plus")
ROOT = Path(__file__).resolve().parents[2]


def pair(columns: int, rows: int, pawn: str, misere: bool) -> tuple[Engine, Engine]:
    c = Engine(columns, rows, pawn, misere, compiled=True)
    p = Engine(columns, rows, pawn, misere, compiled=False)
    assert c.compiled and not p.compiled
    return c, p


def naive(engine: Engine) -> object:
    """A plain minimax over the Python engine's move generator: no table tricks, no pruning."""

    @cache
    def wins(w: int, b: int, white: bool) -> bool:
        kids = engine.children(w, b, white)
        if not kids:
            return engine.misere  # no move: loses, or wins under misere
        far = engine.top if white else engine.bottom
        for _o, t, _c, nw, nb in kids:
            if t & far:
                if not engine.misere:
                    return True
                continue
            if not wins(nw, nb, not white):
                return True
        return False

    return wins


def reachable(engine: Engine, limit: int = 10**6) -> Iterator[tuple[int, int, bool]]:
    """Every position reachable from the start in which nobody has promoted."""
    seen: set[tuple[int, int, bool]] = set()
    stack = [(engine.start_white, engine.start_black, True)]
    while stack and len(seen) < limit:
        pos = stack.pop()
        if pos in seen:
            continue
        seen.add(pos)
        yield pos
        w, b, white = pos
        far = engine.top if white else engine.bottom
        for _o, t, _c, nw, nb in engine.children(w, b, white):
            if not t & far:
                stack.append((nw, nb, not white))


SMALL = [(c, r) for c, r in product(range(1, 5), range(2, 5))]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("pawn", PAWNS)
@pytest.mark.parametrize("size", SMALL, ids=[f"{c}x{r}" for c, r in SMALL])
def test_every_reachable_position_up_to_4x4(size: tuple[int, int], pawn: str, misere: bool) -> None:
    c, p = pair(*size, pawn, misere)
    ref = naive(p)
    positions = list(reachable(p))
    assert positions
    for w, b, white in positions:
        want = ref(w, b, white)  # type: ignore[operator]
        assert c.wins(w, b, white) is want, (size, pawn, misere, w, b, white)
        assert p.wins(w, b, white) is want
    # the same search: from the start, both store and expand the same positions
    # (unless a full window made either table replace an entry, which happens
    # at different places as the two hash their keys differently)
    c.clear()
    p.clear()
    assert c.wins(c.start_white, c.start_black, True) is p.wins(p.start_white, p.start_black, True)
    if c._kernel.replaced == 0 and p.table.replaced == 0:
        assert (c.positions, c.nodes) == (p.positions, p.nodes)
    else:
        assert c.nodes == c.positions + c._kernel.replaced


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("pawn", PAWNS)
@pytest.mark.parametrize("size", [(5, 4), (4, 5), (6, 3), (2, 8), (1, 8)])
def test_start_positions_of_larger_boards(size: tuple[int, int], pawn: str, misere: bool) -> None:
    c, p = pair(*size, pawn, misere)
    assert c.wins(c.start_white, c.start_black, True) is p.wins(p.start_white, p.start_black, True)
    # each table entry is one expanded position; a few may be replaced in a full window
    assert 0.99 * p.positions <= c.positions <= 1.01 * p.positions


def random_board(rng: random.Random, columns: int, rows: int, density: float) -> str:
    lines = []
    for r in reversed(range(rows)):
        line = ""
        for _c in range(columns):
            x = rng.random()
            if x < density and r < rows - 1:
                line += "W"
            elif x < 2 * density and r > 0:
                line += "B"
            else:
                line += "."
        lines.append(line)
    return "|".join(lines)


# (columns, rows, density): 2 x 31 and 3 x 16 and up have keys over 60 bits
# (two-word slots); 8 x 8 is the largest board the kernel takes
RANDOM_BOARDS = [(5, 5, 0.3), (4, 6, 0.3), (6, 4, 0.3), (16, 3, 0.15), (32, 2, 0.3),
                 (8, 8, 0.03), (7, 6, 0.07), (4, 7, 0.2)]  # fmt: skip


@pytest.mark.parametrize(
    "spec",
    # the boards that take over a CPU second are left out of the quick run
    [
        pytest.param(s, marks=pytest.mark.slow) if s[:2] in {(5, 5), (4, 6), (7, 6)} else s
        for s in RANDOM_BOARDS
    ],
    ids=[f"{c}x{r}" for c, r, _d in RANDOM_BOARDS],
)
def test_random_positions(spec: tuple[int, int, float]) -> None:
    columns, rows, density = spec
    rng = random.Random(f"hexapawn kernel {spec}")
    for pawn, misere in product(PAWNS, (False, True)):
        c, p = pair(columns, rows, pawn, misere)
        for _ in range(12):
            h = Hexapawn(random_board(rng, columns, rows, density), pawn=pawn, misere=misere,
                         to_move=rng.choice(["white", "black"]))  # fmt: skip
            w, b = h.bits()
            assert c.wins(w, b, h.white_to_move) is p.wins(w, b, h.white_to_move), h


def test_wide_keys_use_two_word_slots() -> None:
    kernel = _engine._KERNEL
    assert kernel is not None
    narrow = kernel.Search(6, 6, 0, False)
    wide = kernel.Search(16, 3, 0, False)
    assert (narrow.key_bits, wide.key_bits) == (60, 64)
    assert narrow.nbytes == 8 * (narrow.size + 15) and wide.nbytes == 16 * (wide.size + 15)


def test_a_small_table_replaces_entries_and_stays_exact() -> None:
    c = Engine(5, 5, "normal", False, max_slots=1 << 10, compiled=True)
    p = Engine(5, 5, "normal", False, compiled=False)
    assert c.wins(c.start_white, c.start_black, True) is p.wins(p.start_white, p.start_black, True)
    assert c._kernel.size == 1 << 10 and c._kernel.replaced > 1000
    assert c.positions <= (1 << 10) + 15
    for w, b, white in list(reachable(p, 3000)):
        assert c.wins(w, b, white) is p.wins(w, b, white)


def test_boards_the_kernel_does_not_take() -> None:
    # more than 64 squares: the Python search, and compiled=True says why not
    assert not Engine(9, 8, "normal", False).compiled
    assert not engine_for(33, 2, "normal", False).compiled
    with pytest.raises(InvalidArgument, match="at most 64 squares"):
        Engine(9, 8, "normal", False, compiled=True)
    assert Engine(32, 2, "normal", False).compiled
    # a position the search never meets (a pawn on its far row) goes to the Python
    # search, which treats it as the Python engine always did
    c, p = pair(3, 3, "normal", False)
    odd = (c.top & 0xFF, 1 << 9)  # a white pawn on a3, a black pawn on b2
    assert c.wins(*odd, False) is p.wins(*odd, False)
    assert c.wins(1 << 70, 1 << 9, True) is p.wins(1 << 70, 1 << 9, True)


def test_bad_arguments_of_the_kernel() -> None:
    kernel = _engine._KERNEL
    assert kernel is not None
    for args in [(9, 8, 0, False), (3, 1, 0, False), (3, 9, 0, False), (3, 3, 3, False)]:
        with pytest.raises(ValueError):
            kernel.Search(*args)
    with pytest.raises(ValueError, match="power of two"):
        kernel.Search(3, 3, 0, False, 1000)
    s = kernel.Search(3, 3, 0, False)
    with pytest.raises(TypeError):
        s.wins(1, 2, True)
    assert s.wins(b"\x01\x01\x01", b"\x04\x04\x04", True) is False
    assert s.wins(b"\x01\x01", b"\x04\x04\x04", True) is NotImplemented  # wrong width
    assert s.wins(b"\x08\x01\x01", b"\x04\x04\x04", True) is NotImplemented  # off the board
    # the running search's table cannot be changed from a checkpoint
    big = kernel.Search(4, 4, 0, False)
    start = (b"\x01" * 4, b"\x08" * 4)
    for meddle in (
        lambda: big.clear(),
        lambda: big.wins(*start, True),
        lambda: big.__init__(4, 4, 0, False),
    ):

        def tick(nodes: int, meddle: object = meddle) -> int:
            meddle()  # type: ignore[operator]
            return nodes + 1

        with pytest.raises(RuntimeError, match="running"):
            big.wins(*start, True, 1, tick)
    assert big.wins(*start, True) is True  # 4 x 4: White wins


def test_an_exception_in_a_checkpoint_unwinds_and_keeps_the_table_exact() -> None:
    c, p = pair(5, 5, "normal", False)
    search = c._kernel

    class Stop(Exception):
        pass

    def stop(nodes: int) -> int:
        raise Stop(nodes)

    w, b = c.start_white.to_bytes(5, "little"), c.start_black.to_bytes(5, "little")
    with pytest.raises(Stop):
        search.wins(w, b, True, 5000, stop)
    assert 0 < search.count < 5000 <= search.nodes
    # whatever was stored is proven: every position agrees with the Python engine
    for pos in list(reachable(p, 20000)):
        assert c.wins(*pos) is p.wins(*pos)
    calls = []

    def keep_going(nodes: int) -> int:
        calls.append(nodes)
        return nodes + 1000

    c.clear()
    assert search.wins(w, b, True, 1000, keep_going) is True
    assert calls[0] == 1000 and all(b - a == 1000 for a, b in pairwise(calls))


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs POSIX interval timers")
def test_a_signal_interrupts_a_long_search() -> None:
    # SIGALRM's handler raises inside the C search (PyErr_CheckSignals), which
    # unwinds; the engine then answers correctly (6 x 6: Black wins)
    class Alarm(Exception):
        pass

    def ring(signum: int, frame: object) -> None:
        raise Alarm

    clear_engines()
    e = engine_for(6, 6, "normal", False)
    previous = signal.signal(signal.SIGALRM, ring)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(Alarm):
            e.solve(e.start_white, e.start_black, True, progress=False)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert e.tracker is None and 0 < e.positions < 4_000_000
    assert Hexapawn(4, 4).winner() == "white"
    clear_engines()


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc/self/statm")
@pytest.mark.skipif(
    bool(os.environ.get("CGT_SANITIZERS")),
    reason="under AddressSanitizer freed memory stays in its quarantine: RSS measures nothing",
)
@pytest.mark.timeout(360)
def test_memory_stays_flat_over_repeated_solves() -> None:
    code = (
        "import gc, os\n"
        "from cgt.games import Hexapawn\n"
        "from cgt.games.hexapawn import clear_engines\n"
        "def rss():\n"
        "    gc.collect()\n"  # engines left for the collector are not a leak (Python 3.13)
        "    return int(open('/proc/self/statm').read().split()[1]) * os.sysconf('SC_PAGE_SIZE')\n"
        "def run(n):\n"
        "    for i in range(n):\n"
        "        pawn = ('normal', 'berolina')[i % 2]\n"
        "        Hexapawn(4 + i % 2, 4, pawn=pawn).winner(method='search')\n"
        "        Hexapawn('B.B|.W.|W.W', to_move='black').outcome()\n"
        "        clear_engines()\n"
        "run(300)\n"
        "before = rss()\n"
        "run(3000)\n"
        "print(rss() - before)\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-X", "dev", "-c", code], capture_output=True, text=True, env=env,
        check=True, timeout=300,
    )  # fmt: skip
    # 3000 solves with a fresh 32 KiB table each: a leak of the table or of
    # the engine would add about 100 MB
    assert int(out.stdout) < 4 << 20, out.stdout


def test_no_reference_leaks_in_repeated_calls() -> None:
    kernel = _engine._KERNEL
    assert kernel is not None
    s = kernel.Search(4, 4, 0, False)
    start = (b"\x01" * 4, b"\x08" * 4)

    def tick(nodes: int) -> int:
        return nodes + 1

    def run(n: int) -> None:
        for _ in range(n):
            s.clear()
            assert s.wins(*start, True, 1, tick) is True
            assert s.count > 0 and s.nodes > 0 and s.nbytes > 0
            assert s.wins(b"\x01\x01", b"\x08" * 4, False) is NotImplemented
            s.clear()
            with pytest.raises(TypeError):
                s.wins(*start, True, 1, lambda nodes: None)  # tick_at must be an int

    def counts() -> tuple[int, ...]:
        gc.collect()
        refs = [sys.getrefcount(x) for x in (True, NotImplemented, tick, s)]
        return (sys.getallocatedblocks(), *refs)

    run(50)
    before = counts()
    run(2000)
    after = counts()
    assert after[1:] == before[1:]
    assert abs(after[0] - before[0]) < 200  # a leak per call would add thousands


def test_clear_engines_empties_a_table_whatever_its_tracker_says() -> None:
    """A clean-up cut short can leave an engine's ``tracker`` set after its search ended;
    ``clear_engines`` still empties the table.  A search running in this thread (the
    engine's lock already held here) keeps its table."""
    clear_engines()
    e = engine_for(4, 4, "normal", False)
    assert e.solve(e.start_white, e.start_black, True, progress=False) is True
    assert e.positions > 0
    e.tracker = progress.IDLE  # what a cut-short clean-up leaves behind
    clear_engines()
    assert e.positions == 0
    e.tracker = None
    e = engine_for(4, 4, "normal", False)
    e.solve(e.start_white, e.start_black, True, progress=False)
    filled = e.positions
    with e.lock:  # as inside a search of this thread
        clear_engines()
        assert e.positions == filled
    clear_engines()
