"""The compiled stone-board solvers (cgt/_c/boards.h) against the pure-Python path.

Clobber, Konane, Fission and Amazons: every test values boards both ways in
this process, by the kernel (``engine.stones`` directly, or ``value()``) and
by a fresh Python :class:`~cgt.solver.Solver` on the keyed rules of
:mod:`cgt.games.boards`, and asks for the very same game objects.  Skipped
when the kernel is not built or ``CGT_PURE_PYTHON=1``.
"""

from __future__ import annotations

import itertools
import os
import random
from typing import Any

import pytest

import cgt
from cgt import kernels
from cgt.games import Amazons, Clobber, Fission, Konane, clear_solver_caches
from cgt.games.base import solver_for
from cgt.games.boards import _KERNEL_KINDS, _bit_rules, bit_state
from cgt.solver import Solver
from tests.tools.interrupt import interrupt_after, needs_timer

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)

KINDS: list[type[Any]] = [Clobber, Konane, Fission, Amazons]
LETTERS = {Clobber: "xo.#", Konane: "xo.#", Fission: "x.#", Amazons: "xo.#"}


def python_value(kind: type[Any], h: int, w: int, cells: str, solver: Solver) -> cgt.Game:
    return solver.keyed_value(_bit_rules(kind), bit_state(h, w, cells), progress=False)


def kernel_value(kind: type[Any], h: int, w: int, cells: str) -> cgt.Game:
    result: cgt.Game = engine.stones(_KERNEL_KINDS[kind.__name__], *bit_state(h, w, cells))
    return result


def every_board(letters: str, cells: int) -> list[tuple[int, int, str]]:
    """Every filling of every rectangle of ``cells`` cells."""
    out = []
    for h in range(1, cells + 1):
        if cells % h == 0:
            for filling in itertools.product(letters, repeat=cells):
                out.append((h, cells // h, "".join(filling)))
    return out


def random_boards(kind: type[Any], seed: int, count: int, max_h: int, max_w: int) -> list[Any]:
    rng = random.Random(seed)
    out: list[Any] = []
    while len(out) < count:
        h, w = rng.randint(1, max_h), rng.randint(1, max_w)
        if kind is Fission:
            weights = {"x": rng.uniform(0.05, 0.3), ".": 1.0, "#": rng.uniform(0, 0.5)}
        elif kind is Amazons:  # many empty squares are slow for the Python side
            weights = {"x": 0.15, "o": 0.15, ".": 1.0, "#": 0.5 + rng.uniform(0, 1.5)}
        else:
            weights = {"x": 1.0, "o": 1.0, ".": rng.uniform(0, 0.8), "#": rng.uniform(0, 0.3)}
        letters = list(weights)
        cells = "".join(rng.choices(letters, [weights[c] for c in letters], k=h * w))
        if kind is Amazons and cells.count(".") > 9:
            continue
        if kind is Clobber and cells.count("x") + cells.count("o") > 12:
            continue  # dense Clobber is slow for the Python side
        out.append((h, w, cells))
    return out


# --- differential: every small board, random larger ones --------------------------------
SMALL = {Clobber: 7, Konane: 7, Fission: 9, Amazons: 6}


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_every_small_board(kind: type[Any]) -> None:
    # Clobber and Konane: 86,000 boards of at most 7 cells; Fission 120,000 of at
    # most 9; Amazons 19,000 of at most 6
    solver = Solver()
    checked = 0
    for n in range(1, SMALL[kind] + 1):
        for h, w, cells in every_board(LETTERS[kind], n):
            assert kernel_value(kind, h, w, cells) is python_value(kind, h, w, cells, solver), (
                h,
                w,
                cells,
            )
            checked += 1
    assert checked > 15_000


@pytest.mark.slow
@pytest.mark.parametrize("kind", [Clobber, Konane], ids=lambda k: k.__name__)
def test_every_board_of_nine_cells_without_holes(kind: type[Any]) -> None:
    solver = Solver()
    for h, w, cells in every_board("xo.", 9):
        assert kernel_value(kind, h, w, cells) is python_value(kind, h, w, cells, solver)


@pytest.mark.parametrize(
    "kind",
    # Amazons and Fission take seconds: the quick run leaves them out
    [pytest.param(k, marks=pytest.mark.slow) if k in (Amazons, Fission) else k for k in KINDS],
    ids=lambda k: k.__name__,
)
def test_random_boards_up_to_five_by_five(kind: type[Any]) -> None:
    solver = Solver()
    # Amazons' Python side is the slowest: 220 boards took 20 CPU s
    boards = random_boards(kind, 7 + KINDS.index(kind), 90 if kind is Amazons else 220, 5, 5)
    assert len(boards) >= 90
    values = set()
    for h, w, cells in boards:
        expected = python_value(kind, h, w, cells, solver)
        assert kernel_value(kind, h, w, cells) is expected, (h, w, cells)
        values.add(expected)
    assert len(values) > 10  # the boards are not all alike


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_value_uses_the_kernel_and_agrees(kind: type[Any]) -> None:
    clear_solver_caches()
    h, w, cells = random_boards(kind, 3, 1, 4, 4)[0]
    board = kind._make(h, w, cells)
    value = board.value()
    assert solver_for(kind).info().values == 0  # the Python tables stayed empty
    assert value is python_value(kind, h, w, cells, Solver())


# --- laws and published values -------------------------------------------------------------
def test_published_values() -> None:
    # Albert, Nowakowski and Wolfe, Lessons in Play (2007): xo = *, xxo = ^, xoo = v
    # in Clobber; the others are counted by hand (see tests/games/test_boards.py)
    def value(kind: type[Any], text: str) -> cgt.Game:
        b = kind(text)
        return kernel_value(kind, b.h, b.w, b.cells)

    assert value(Clobber, "xo") is cgt.star
    assert value(Clobber, "xxo") is cgt.up
    assert value(Clobber, "xoo") is cgt.down
    assert value(Clobber, "xo|ox") is cgt.star
    assert value(Konane, "xo.") is cgt.number(1)
    assert value(Konane, "xo.o.") is cgt.number(1)
    assert value(Konane, "x.o|o.x") is cgt.zero
    assert value(Fission, ".|x|.|.|x|.") is cgt.number(2)
    assert value(Fission, ".x.") is cgt.number(-1)
    assert value(Amazons, "x...") is cgt.number(3)
    assert value(Amazons, "o..") is cgt.number(-2)
    assert value(Amazons, "x.o") is cgt.star
    expected = "{{5|{1*|0, {1/2|0}}, {2|-1/4}}|{{0, {0|-1/2}|-1*}, {1/4|-2}|-5}}"  # cgt-py
    assert value(Amazons, "x..|...|..o") is cgt.parse(expected)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: k.__name__)
def test_symmetries_negations_and_sums(kind: type[Any]) -> None:
    # reflections keep the value; swapping colours (Fission: transposing) negates
    # it; regions far apart add
    for h, w, cells in random_boards(kind, 11, 40, 4, 4):
        v = kernel_value(kind, h, w, cells)
        rows = [cells[r * w : (r + 1) * w] for r in range(h)]
        assert kernel_value(kind, h, w, "".join(r[::-1] for r in rows)) is v
        columns = "".join("".join(r[c] for r in rows) for c in range(w))
        if kind is Fission:
            assert kernel_value(kind, w, h, columns) is -v
        else:
            assert kernel_value(kind, w, h, columns) is v
            swapped = cells.translate(str.maketrans("xo", "ox"))
            assert kernel_value(kind, h, w, swapped) is -v
    a, b = random_boards(kind, 12, 2, 3, 3)
    width = a[1] + b[1] + 1
    joined = "".join(
        (a[2][r * a[1] : (r + 1) * a[1]] if r < a[0] else "#" * a[1])
        + "#"
        + (b[2][r * b[1] : (r + 1) * b[1]] if r < b[0] else "#" * b[1])
        for r in range(max(a[0], b[0]))
    )
    total = kernel_value(kind, *a) + kernel_value(kind, *b)
    assert kernel_value(kind, max(a[0], b[0]), width, joined) is total


def test_boards_of_64_cells() -> None:
    # rows and columns of 64 cells, one region each: steps by the whole width must
    # not wrap round (the games are kept short for the Python side)
    for kind, text in [
        (Fission, "..x." + "x" * 60),
        (Konane, "xo.ox" + "x" * 59),
        (Clobber, "x" + "o" * 62 + "x"),
        (Amazons, "x." + "o" * 62),
    ]:
        for h, w, cells in ((1, 64, text), (64, 1, text)):
            expected = python_value(kind, h, w, cells, Solver())
            assert kernel_value(kind, h, w, cells) is expected
    assert kernel_value(Fission, 1, 64, "..x." + "x" * 60) is cgt.number(-2)  # two splits
    assert kernel_value(Fission, 64, 1, "..x." + "x" * 60) is cgt.number(2)
    board = "x.o....." + "#" * 48 + "..o.x..."
    assert kernel_value(Konane, 8, 8, board) is python_value(Konane, 8, 8, board, Solver())
    assert kernel_value(Fission, 1, 64, "." + "x" * 62 + ".") is cgt.zero  # no room to split


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError, match="64 cells"):
        engine.stones(0, 9, 9, 0, 0, 1)
    with pytest.raises(ValueError, match="ruleset"):
        engine.stones(7, 1, 2, 1, 2, 3)
    with pytest.raises(ValueError, match="squares"):
        engine.stones(0, 1, 2, 1, 1, 3)  # a square holding both colours
    with pytest.raises(ValueError, match="squares"):
        engine.stones(2, 1, 3, 1, 2, 7)  # an o stone in Fission
    with pytest.raises(ValueError, match="squares"):
        engine.stones(1, 1, 2, 4, 0, 3)  # a stone off the board


# --- the wiring --------------------------------------------------------------------------
def test_stores_and_budgets_use_the_python_solver(tmp_path: Any) -> None:
    clear_solver_caches()
    with cgt.use_store(tmp_path / "values.sqlite"):
        assert Konane("xo.|.ox").value() is python_value(Konane, 2, 3, "xo..ox", Solver())
    assert solver_for(Konane).info().values > 0


def test_big_boards_use_the_python_solver() -> None:
    clear_solver_caches()
    board = Clobber("xo" + "#" * 70)  # 72 cells
    assert board.value() is cgt.star
    assert solver_for(Clobber).info().values > 0


def test_clearing_caches_empties_the_kernel() -> None:
    Konane("xo.|.ox|x.o").value()
    assert engine.info()["konane"] > 0
    cgt.clear_caches()
    assert engine.info()["konane"] == 0
    assert engine.info()["nodes"] == 0


def test_a_refusing_engine_hands_over_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from cgt import _engine

    class Refusing:
        Fallback = engine.Fallback

        def stones(self, *args: Any) -> Any:
            raise engine.Fallback("refused")

    clear_solver_caches()
    monkeypatch.setattr(_engine, "ENGINE", Refusing())  # the one rule hands it out
    assert Clobber("xxo").value() is cgt.up
    assert solver_for(Clobber).info().values > 0


@needs_timer
def test_ctrl_c_mid_search_leaves_the_tables_consistent() -> None:
    board = Konane("xoxoxo|oxo.ox|xoxoxo|o.oxox")  # about 2 s in C
    interrupted = 0
    for seed, after in enumerate((0.02, 0.1, 0.3)):
        cgt.clear_caches()
        took = interrupt_after(after, board.value)
        if took is not None:
            interrupted += 1
            assert took < after + 1.5  # CPU seconds: signals are seen often
        # the half-filled tables give the right values afterwards
        solver = Solver()
        for h, w, cells in random_boards(Konane, seed, 40, 4, 4):
            assert kernel_value(Konane, h, w, cells) is python_value(Konane, h, w, cells, solver)
    assert interrupted > 0


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
@pytest.mark.skipif(
    bool(os.environ.get("CGT_SANITIZERS")),
    reason="under AddressSanitizer freed memory stays in its quarantine: RSS measures nothing",
)
def test_memory_stays_flat_over_repeated_solves() -> None:
    def resident() -> int:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    boards = [Clobber("xox|oxo"), Konane("xo.|.ox"), Fission(".x.|...|.x."), Amazons("x..|..o")]

    def solve_many(n: int) -> None:
        for _ in range(n):
            cgt.clear_caches()
            for b in boards:
                b.value()

    solve_many(500)
    before = resident()
    solve_many(5_000)
    assert resident() - before < 2 << 20  # under 2 MiB over 20,000 solves
