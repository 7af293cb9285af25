"""The compiled short-game engine (cgt/_c/shortgame.c) against the pure-Python paths.

Every test calls both explicitly in this process: the kernel directly, and the
Python engine (:mod:`cgt.canonical`) or a fresh Python :class:`~cgt.solver.Solver`
on the same keyed rules.  All of it is skipped when the kernel is not built or
``CGT_PURE_PYTHON=1`` (the suite's pure-Python run).
"""

from __future__ import annotations

import itertools
import os
import random
import threading
from typing import Any

import pytest

import cgt
from cgt import canonical, kernels
from cgt.games import Cram, Domineering, clear_solver_caches
from cgt.games.base import solver_for
from cgt.games.domineering import DomineeringRules
from cgt.solver import Solver
from tests.tools.interrupt import interrupt_after, needs_timer

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)

_D = DomineeringRules(impartial=False)
_C = DomineeringRules(impartial=True)


def python_value(h: int, w: int, bits: int, solver: Solver) -> cgt.Game:
    return solver.keyed_value(_D, Domineering._make(h, w, bits).state, progress=False)


def python_grundy(h: int, w: int, bits: int, solver: Solver) -> int:
    return solver.keyed_grundy(_C, Cram._make(h, w, bits).state, progress=False)


def random_boards(seed: int, count: int, max_h: int, max_w: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        h, w = rng.randint(1, max_h), rng.randint(1, max_w)
        blocked = rng.choice([0.0, 0.1, 0.2, 0.3, 0.45])
        if h * w >= 25:  # keep the pure-Python side quick
            blocked = max(blocked, 0.2)
        bits = 0
        for i in range(h * w):
            if rng.random() >= blocked:
                bits |= 1 << i
        out.append((h, w, bits))
    return out


# --- Domineering -----------------------------------------------------------------------
SMALL_SHAPES = [(h, w) for h in range(1, 13) for w in range(1, 13) if h * w <= 12]


def test_every_board_up_to_twelve_cells() -> None:
    # every subset of every rectangle of at most 12 cells (31,000 boards)
    solver = Solver()
    shapes = SMALL_SHAPES
    for h, w in shapes:
        for bits in range(1 << (h * w)):
            expected = python_value(h, w, bits, solver)
            assert engine.domineering(h, w, bits) is expected, (h, w, bits)


@pytest.mark.slow
def test_random_boards_up_to_five_by_five() -> None:
    solver = Solver()
    boards = random_boards(17, 320, 5, 5)
    for h, w, bits in boards:
        expected = python_value(h, w, bits, solver)
        got = engine.domineering(h, w, bits)
        # the same interned object, so equal values are identical
        assert got is expected, Domineering._make(h, w, bits)


def test_random_sparse_boards_up_to_eight_by_eight() -> None:
    # up to 64 cells, so the high bits of the masks are used; more than half
    # blocked, so that the pure-Python side stays quick
    rng = random.Random(8)
    solver, cram_solver = Solver(), Solver()
    for _ in range(40):
        h, w = rng.randint(6, 8), rng.randint(6, 8)
        bits = sum(1 << k for k in range(h * w) if rng.random() >= 0.55)
        assert engine.domineering(h, w, bits) is python_value(h, w, bits, solver)
        assert engine.cram(h, w, bits) == python_grundy(h, w, bits, cram_solver)


def test_value_uses_the_kernel_and_agrees() -> None:
    clear_solver_caches()
    d = Domineering(".....|.....|.....|.....")
    value = d.value()
    assert solver_for(Domineering).info().values == 0  # the Python tables stayed empty
    assert engine.info()["domineering"] > 0
    assert value is python_value(d.h, d.w, d.bits, Solver())


def test_published_values() -> None:
    # Berlekamp, Conway and Guy, Winning Ways (2nd ed.), vol. 1, ch. 5 (the
    # Domineering table); Albert, Nowakowski and Wolfe, Lessons in Play, 2.1 and 5.
    def rect(h: int, w: int) -> cgt.Game:
        result: cgt.Game = engine.domineering(h, w, (1 << (h * w)) - 1)
        return result

    assert rect(2, 2) is cgt.switch(1)
    assert rect(3, 3) is cgt.switch(1)
    assert rect(2, 3) is -cgt.parse("{1/2|-2}")
    assert rect(3, 2) is cgt.parse("{1/2|-2}")
    assert rect(2, 4) is cgt.miny(2)
    assert rect(4, 2) is cgt.tiny(2)
    assert rect(3, 4) is cgt.number("-3/2")
    assert rect(4, 3) is cgt.number("3/2")
    assert rect(1, 7) is cgt.number(-3)
    assert rect(6, 1) is cgt.number(3)
    assert rect(4, 4).outcome() is cgt.Outcome.N
    assert rect(5, 5) is cgt.zero  # 5x5 is a second-player win (Lachmann, Moore, Rapaport)


def test_sums_of_components_and_transposes() -> None:
    # a board of separate parts is the sum of the parts; the transpose is the negative
    parts = ["..|..", "...|.#.", "....", ".|.|."]
    total = cgt.zero
    for p in parts:
        total = total + python_value(*Domineering(p).shape, Domineering(p).bits, Solver())
    joined = Domineering("..##|..##|####|...#|.#.#|####|....|####|.###|.###|.###")
    assert engine.domineering(joined.h, joined.w, joined.bits) is total
    for h, w, bits in random_boards(5, 40, 4, 5):
        d = Domineering._make(h, w, bits)
        t = d.transpose()
        assert engine.domineering(t.h, t.w, t.bits) is -engine.domineering(h, w, bits)


def test_a_full_board_of_64_cells() -> None:
    # 8x8 with all but a 2x3 corner blocked, and a long strip: the 64-bit edge cases
    bits = 0b111 | (0b111 << 8)
    assert engine.domineering(8, 8, bits) is python_value(8, 8, bits, Solver())
    row = (1 << 64) - 1
    assert engine.domineering(1, 64, row) is cgt.number(-32)
    assert engine.domineering(64, 1, row) is cgt.number(32)
    corner = (1 << 63) | (1 << 62) | (1 << 55) | (1 << 54)
    assert engine.domineering(8, 8, corner) is cgt.switch(1)


def test_bad_boards_are_refused() -> None:
    with pytest.raises(ValueError):
        engine.domineering(9, 9, 1)
    with pytest.raises(ValueError):
        engine.domineering(2, 2, 1 << 4)


# --- Cram ------------------------------------------------------------------------------
def test_cram_every_board_up_to_twelve_cells() -> None:
    solver = Solver()
    shapes = SMALL_SHAPES
    for h, w in shapes:
        for bits in range(1 << (h * w)):
            expected = python_grundy(h, w, bits, solver)
            assert engine.cram(h, w, bits) == expected, (h, w, bits)


def test_cram_random_boards() -> None:
    solver = Solver()
    for h, w, bits in random_boards(23, 300, 5, 5):
        assert engine.cram(h, w, bits) == python_grundy(h, w, bits, solver)


def test_cram_published_values() -> None:
    # strips are the octal game 0.07 (Winning Ways, ch. 15); even x even boards are
    # second-player wins, even x odd first-player wins (Gardner; the Cram survey)
    strips = [engine.cram(1, n, (1 << n) - 1) for n in range(1, 12)]
    assert strips == [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    assert engine.cram(4, 4, (1 << 16) - 1) == 0
    assert engine.cram(3, 6, (1 << 18) - 1) != 0
    assert Cram("...|...|...").grundy() == 0


# --- the engine ------------------------------------------------------------------------
def random_form(rng: random.Random, depth: int) -> tuple[Any, Any]:
    if depth == 0:
        return ((), ())
    return (
        tuple(random_form(rng, rng.randint(0, depth - 1)) for _ in range(rng.randint(0, 3))),
        tuple(random_form(rng, rng.randint(0, depth - 1)) for _ in range(rng.randint(0, 3))),
    )


def python_form(form: tuple[Any, Any]) -> cgt.Game:
    left, right = form
    return canonical.canonical_form([python_form(f) for f in left], [python_form(f) for f in right])


def test_canonical_forms_of_random_games() -> None:
    rng = random.Random(3)
    for _ in range(400):
        form = random_form(rng, rng.randint(1, 4))
        assert engine.canonical(form) is python_form(form), form


def test_comparison_sum_and_negation_of_random_games() -> None:
    rng = random.Random(4)
    for _ in range(300):
        f, g = random_form(rng, 3), random_form(rng, 3)
        a, b = python_form(f), python_form(g)
        assert engine.le(f, g) is canonical.le(a, b)
        assert engine.add(f, g) is canonical.add(a, b)
        assert engine.neg(f) is canonical.negate(a)
        # laws: G + (-G) = 0, G <= G, and G <= H <= G only for equal games
        assert engine.add(f, negative(f)) is cgt.zero
        assert engine.neg(negative(f)) is a
        assert engine.le(f, f)
        assert (engine.le(f, g) and engine.le(g, f)) is (a is b)


def negative(form: tuple[Any, Any]) -> tuple[Any, Any]:
    left, right = form
    return tuple(negative(f) for f in right), tuple(negative(f) for f in left)


def test_numbers_and_nus_values_become_their_python_kinds() -> None:
    zero = ((), ())
    one = ((zero,), ())
    star = ((zero,), (zero,))
    up = ((zero,), (star,))
    half = ((zero,), (one,))
    assert engine.canonical(half) is cgt.number("1/2")
    assert engine.canonical(up) is cgt.up
    assert engine.canonical(((zero, star), (zero,))) is cgt.up + cgt.star
    assert engine.canonical(((one,), (one,))) is cgt.number(1) + cgt.star
    assert engine.add(up, up) is cgt.up + cgt.up
    assert engine.add(half, half) is cgt.number(1)


def test_malformed_forms_are_refused() -> None:
    with pytest.raises(TypeError):
        engine.canonical((1, 2))
    deep: Any = ((), ())
    for _ in range(70):
        deep = ((deep,), ())
    with pytest.raises(engine.Fallback):
        engine.canonical(deep)
    assert issubclass(engine.Fallback, ArithmeticError)


# --- tables, Ctrl-C, threads, memory -----------------------------------------------------
def test_clearing_caches_empties_the_kernel() -> None:
    Domineering("...|...|...").value()
    assert engine.info()["nodes"] > 0
    cgt.clear_caches()
    assert engine.info()["nodes"] == 0
    Domineering("...|...|...").value()
    clear_solver_caches()
    assert engine.info()["nodes"] == 0
    assert Domineering("...|...|...").value() is cgt.switch(1)


def test_stores_and_budgets_use_the_python_solver(tmp_path: Any) -> None:
    clear_solver_caches()
    with cgt.use_store(tmp_path / "values.sqlite"):
        assert Domineering("....|....").value() is cgt.miny(2)
    assert solver_for(Domineering).info().values > 0


@needs_timer
def test_ctrl_c_mid_search_leaves_the_tables_consistent() -> None:
    board = Domineering("......|......|......|......|......")  # 5x6: seconds in C
    small = Domineering(".....|.....|.....|.....")
    expected_small = python_value(small.h, small.w, small.bits, Solver())
    interrupted = 0
    for seed, after in enumerate((0.01, 0.05, 0.2)):
        cgt.clear_caches()
        if interrupt_after(after, board.value) is not None:
            interrupted += 1
        # the half-filled tables give the right values afterwards
        assert small.value() is expected_small
        for h, w, bits in random_boards(seed, 30, 4, 4):
            assert engine.domineering(h, w, bits) is python_value(h, w, bits, Solver())
    assert interrupted > 0


def test_threads_get_identical_objects() -> None:
    cgt.clear_caches()
    boards = [Domineering._make(h, w, bits) for h, w, bits in random_boards(9, 60, 4, 5)]
    results: list[list[cgt.Game]] = [[] for _ in range(4)]

    def work(i: int) -> None:
        order = boards if i % 2 == 0 else boards[::-1]
        for b in order:
            results[i].append(b.value())
        if i % 2:
            results[i].reverse()

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for r in results[1:]:
        assert len(r) == len(boards)
        assert all(a is b for a, b in zip(r, results[0], strict=True))


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
@pytest.mark.skipif(
    bool(os.environ.get("CGT_SANITIZERS")),
    reason="under AddressSanitizer freed memory stays in its quarantine: RSS measures nothing",
)
def test_memory_stays_flat_over_repeated_solves() -> None:
    def resident() -> int:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    boards: list[Any] = [Domineering("...|.#.|..."), Domineering("..|..|.."), Cram("...|...")]

    def solve_many(n: int) -> None:
        for _ in range(n):
            cgt.clear_caches()
            boards[0].value()
            boards[1].value()
            boards[2].grundy()

    solve_many(1000)
    before = resident()
    solve_many(10_000)
    assert resident() - before < 2 << 20  # under 2 MiB over 30,000 solves


def test_every_board_shape_of_the_small_rectangles_in_one_table() -> None:
    # the tables persist across calls: solving shapes in any order gives the same values
    solver = Solver()
    shapes = list(itertools.product(range(1, 5), range(1, 5)))
    random.Random(1).shuffle(shapes)
    cgt.clear_caches()
    for h, w in shapes:
        full = (1 << (h * w)) - 1
        assert engine.domineering(h, w, full) is python_value(h, w, full, solver)


def test_a_refusing_engine_hands_over_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    # whatever the kernel cannot answer (Fallback: a number beyond 64 bits, a
    # re-entrant call) the Python solver answers
    from cgt import _engine

    class Refusing:
        Fallback = engine.Fallback

        def domineering(self, h: int, w: int, bits: int) -> Any:
            raise engine.Fallback("refused")

        def cram(self, h: int, w: int, bits: int) -> Any:
            raise engine.Fallback("refused")

    clear_solver_caches()
    monkeypatch.setattr(_engine, "ENGINE", Refusing())  # the one rule hands it out
    assert Domineering("...|...|...").value() is cgt.switch(1)
    assert Cram("...|...").grundy() == 1
    assert solver_for(Domineering).info().values > 0
    assert solver_for(Cram).info().misses > 0


@needs_timer
def test_ctrl_c_mid_cram_search_leaves_the_tables_consistent() -> None:
    board = Cram("|".join(["." * 14] * 3))  # seconds in C
    cgt.clear_caches()
    took = interrupt_after(0.05, board.grundy)
    assert took is not None and took < 3  # the search looks at signals often (CPU seconds)
    solver = Solver()
    for h, w, bits in random_boards(31, 60, 3, 6):
        assert engine.cram(h, w, bits) == python_grundy(h, w, bits, solver)


def test_the_engine_lives_in_the_canonical_kernel() -> None:
    # one node engine: the canonical kernel's, shared through its capsule; its
    # Fallback is the solvers' Fallback, and clearing it empties the solvers'
    # tables too (their reset hook)
    import pickle

    core: Any = kernels.kernel("canonical")
    assert core is not None and type(core._engine_api).__name__ == "PyCapsule"
    assert engine.Fallback is core.Fallback
    err = pickle.loads(pickle.dumps(engine.Fallback("refused")))
    assert type(err) is engine.Fallback and err.args == ("refused",)
    before = Domineering("...|...|...").value()
    assert engine.info()["nodes"] > 0 and engine.info()["domineering"] > 0
    core.clear_engine()
    info = engine.info()
    assert info["nodes"] == info["domineering"] == info["compare"] == info["sum"] == 0
    assert engine.domineering(3, 3, 0b111111111) is before is cgt.switch(1)


def test_the_solvers_reach_the_engine_only_through_its_api() -> None:
    # shortgame.c, boards.h and graphs.h hold no dyadic type, nodes, comparison,
    # canonical form or sum of their own: their few engine names forward to the
    # struct of engine_api.h, and engine.h is compiled into the canonical kernel only
    import re
    from pathlib import Path

    sources = Path(cgt.__file__).parent / "_c"
    if not sources.is_dir():
        pytest.skip("no C sources beside the package")
    includers = sorted(p.name for p in sources.iterdir() if '#include "engine.h"' in p.read_text())
    assert includers == ["canonical.c"]
    for name in ("shortgame.c", "boards.h", "graphs.h"):
        text = (sources / name).read_text()
        for word in ("dcmp", "dnorm", "dadd", "simplest_", "g_nodes", "g_pool", "m_le", "m_add"):
            assert word not in text, (name, word)
        assert not re.search(r"\bdy\b", text), name
    solver = (sources / "shortgame.c").read_text()
    assert '#include "engine_api.h"' in solver
    for fn in ("le", "add", "negate", "canonical_form", "number"):
        body = re.search(r"static inline \w+ " + fn + r"\([^)]*\)\s*\{([^}]*)\}", solver)
        assert body is not None and body.group(1).strip().startswith("return E->"), fn
