"""The outcome search of keyed Grundy values (cgt/impartial_search.py).

Checked against an independent brute force (plain mex recursion on whole Cram
boards: no splitting into components, no normalised keys), against the older
mex search of the solver (``Solver._keyed_mex``), on generic keyed rules, and
under threads.
"""

from __future__ import annotations

import random
import threading
from functools import cache

import pytest

import cgt
from cgt.games import Cram, OctalGame, clear_solver_caches
from cgt.games.domineering import _CRAM
from cgt.impartial_search import OutcomeSearch
from cgt.solver import Solver


def brute_cram(h: int, w: int, bits: int) -> int:
    """Grundy value of a whole h x w board (bit r*w+c = empty cell) by plain mex."""

    @cache
    def value(board: int) -> int:
        seen = set()
        for r in range(h):
            for c in range(w):
                cell = 1 << (r * w + c)
                if not board & cell:
                    continue
                if c + 1 < w and board & (cell << 1):
                    seen.add(value(board ^ cell ^ (cell << 1)))
                if r + 1 < h and board & (cell << w):
                    seen.add(value(board ^ cell ^ (cell << w)))
        g = 0
        while g in seen:
            g += 1
        return g

    return value(bits)


def board_text(h: int, w: int, bits: int) -> str:
    return "|".join(
        "".join("." if bits >> (r * w + c) & 1 else "#" for c in range(w)) for r in range(h)
    )


def random_boards(count: int, seed: int, max_cells: int) -> list[tuple[int, int, int]]:
    rng = random.Random(seed)
    out: list[tuple[int, int, int]] = []
    while len(out) < count:
        h, w = rng.randint(1, 5), rng.randint(1, 5)
        if h * w > max_cells:
            continue
        hole = rng.choice([0.0, 0.1, 0.2, 0.35])
        bits = 0
        for i in range(h * w):
            if rng.random() >= hole:
                bits |= 1 << i
        out.append((h, w, bits))
    return out


def test_agrees_with_whole_board_brute_force() -> None:
    boards = random_boards(250, seed=7, max_cells=16)
    values = set()
    for h, w, bits in boards:
        expected = brute_cram(h, w, bits)
        values.add(expected)
        clear_solver_caches()  # each board searched cold ...
        assert Cram(board_text(h, w, bits)).grundy() == expected, (h, w, bits)
    for h, w, bits in boards:  # ... and again with the tables full of the others
        assert Cram(board_text(h, w, bits)).grundy() == brute_cram(h, w, bits)
    assert len(values) >= 4  # the boards are not all trivial


@pytest.mark.slow
def test_agrees_with_the_mex_search_on_bigger_boards() -> None:
    rng = random.Random(11)
    boards = [(3, 7, (1 << 21) - 1), (4, 5, (1 << 20) - 1), (2, 11, (1 << 22) - 1)]
    for _ in range(25):
        h, w = rng.choice([(3, 6), (4, 5), (4, 4), (2, 9), (3, 5)])
        bits = sum(1 << i for i in range(h * w) if rng.random() > 0.15)
        boards.append((h, w, bits))
    new, old = Solver(), Solver()
    old._keyed_mex = True
    for h, w, bits in boards:
        state = Cram(board_text(h, w, bits)).state
        assert new.keyed_grundy(_CRAM, state) == old.keyed_grundy(_CRAM, state), (h, w, bits)


def test_winning_ways_rectangles() -> None:
    # Winning Ways (Cram): even x even boards are second-player wins by symmetry,
    # even x odd boards first-player wins (take the centre domino, then mirror);
    # a 1 x n strip is the octal game 0.07.
    def rect(h: int, w: int) -> Cram:
        return Cram("|".join(["." * w] * h))

    for h, w in [(2, 10), (4, 6), (6, 4), (2, 16)]:
        assert rect(h, w).grundy() == 0
    for h, w in [(2, 9), (4, 5), (2, 11), (6, 3)]:
        assert rect(h, w).grundy() != 0
    strips = OctalGame("0.07")
    assert [rect(1, n).grundy() for n in range(40)] == [strips(n).grundy() for n in range(40)]


class Nim:
    """Sums of nim heaps as keyed rules, without ``size`` (options are counted)."""

    def split(self, state: tuple[int, ...]) -> list[tuple[int, bool]]:
        return [(n, False) for n in state if n]

    def options(self, key: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        opts = [(k,) for k in range(key)]
        return opts, opts


class Strip:
    """Keyed rules of the octal game 0.07 (take two adjacent pins from a row)."""

    def split(self, state: tuple[int, ...]) -> list[tuple[int, bool]]:
        return [(n, False) for n in state if n > 1]

    def options(self, key: int) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]]:
        opts = [(i, key - i - 2) for i in range(key - 1)]
        return opts, opts

    def size(self, key: int) -> int:
        return key


def test_generic_keyed_rules() -> None:
    s = Solver()
    assert s.keyed_grundy(Nim(), (3, 5, 7)) == 1
    assert [s.keyed_grundy(Nim(), (n,)) for n in range(12)] == list(range(12))
    strip = OctalGame("0.07")
    d = Solver()
    assert [d.keyed_grundy(Strip(), (n,)) for n in range(60)] == [
        strip(n).grundy() for n in range(60)
    ]
    assert d.keyed_grundy(Strip(), (5, 9, 12)) == (
        strip(5).grundy() ^ strip(9).grundy() ^ strip(12).grundy()
    )


def test_outcomes_and_tables() -> None:
    s = Solver()
    state = Cram("...|...|...|...").state
    with s.lock:
        search = OutcomeSearch(s, _CRAM)
        (key, _), *_ = _CRAM.split(state)
        g = search.grundy(key)
        assert [search.wins(key, n) for n in range(g + 3)] == [n != g for n in range(g + 3)]
    assert s.grundy_values[key] == g
    assert s.outcomes  # some wins were remembered
    s.clear()
    assert not s.outcomes and not s.grundy_values


@pytest.mark.slow
def test_threads_get_the_same_answers() -> None:
    boards = [Cram(board_text(h, w, b)) for h, w, b in random_boards(30, seed=3, max_cells=20)]
    expected = [brute_cram(c.h, c.w, c.bits) for c in boards]
    cgt.clear_caches()
    clear_solver_caches()
    results: list[list[int]] = []
    errors: list[BaseException] = []

    def work(order: list[int]) -> None:
        try:
            out = [0] * len(boards)
            for i in order:
                out[i] = boards[i].grundy()
            results.append(out)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    orders = [list(range(len(boards))), list(reversed(range(len(boards))))] * 2
    threads = [threading.Thread(target=work, args=(o,)) for o in orders]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert all(r == expected for r in results)


@pytest.mark.slow
def test_benchmark_boards() -> None:
    # boards one size below those of benchmarks/bench_cram.py (4 x 7 and 3 x 10, 18 s of
    # CPU for the mex search alone), against the mex search (about 5 s)
    for h, w in [(3, 9), (4, 6), (5, 5)]:
        state = Cram("|".join(["." * w] * h)).state
        old = Solver()
        old._keyed_mex = True
        assert Solver().keyed_grundy(_CRAM, state) == old.keyed_grundy(_CRAM, state)
