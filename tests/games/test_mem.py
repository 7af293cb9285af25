"""Heap games with a memory (GenMem, Fibonacci Nim, Mem) against a brute force written
here, CGSuite's published values and Whinihan's theorem on Fibonacci Nim."""

from __future__ import annotations

import itertools
import pickle
import random
from functools import cache

import pytest

import cgt
from cgt.errors import InvalidArgument, InvalidPosition, TooLarge, WrongType
from cgt.games.mem import FibonacciNim, GenMem, Mem, MemPosition, zeckendorf
from cgt.games.registry import info
from cgt.impartial.nim import mex


@cache
def brute(n: int, k: int | None, rule: str) -> int:
    """The Grundy value of one heap, straight from the rule."""

    def allowed(a: int) -> bool:
        if k is None:
            return a < n if rule == "fib" else True
        rules = {"fib": a <= 2 * k, "mem": a >= k, "mem0": a != k}
        return rules[rule]

    return mex(brute(n - a, a, rule) for a in range(1, n + 1) if allowed(a))


def test_brute_force() -> None:
    mem0 = GenMem(lambda k, a: a != k, name="Mem0")
    for n in range(0, 25):
        for k in [None, *range(0, 12)]:
            assert FibonacciNim(n, k).grundy() == brute(n, k, "fib"), (n, k)
            assert Mem(n, k).grundy() == brute(n, k, "mem"), (n, k)
            if k is not None:
                assert mem0(n, k).grundy() == brute(n, k, "mem0"), (n, k)
    rng = random.Random(29)
    for _ in range(30):
        heaps = [(rng.randint(0, 12), rng.choice([None, *range(6)])) for _ in range(3)]
        expected = 0
        for n, k in heaps:
            expected ^= brute(n, k, "fib")
        assert FibonacciNim.of(heaps).grundy() == expected, heaps
        assert FibonacciNim.of(heaps).value() == cgt.nimber(expected)


def fibonacci(limit: int) -> set[int]:
    a, b, out = 1, 2, {1}
    while b <= limit:
        out.add(b)
        a, b = b, a + b
    return out


@pytest.mark.slow
def test_whinihan_fibonacci_nim() -> None:
    # Whinihan (1963), "Fibonacci Nim", Fibonacci Quarterly 1(4): the opening player
    # loses exactly on the Fibonacci numbers (OEIS A000045); after a move of k the player
    # to move wins exactly when the least part of the Zeckendorf representation is <= 2k.
    assert {n for n in range(1, 90) if FibonacciNim(n).grundy() == 0} == fibonacci(90)
    for n in range(1, 60):
        for k in range(1, 20):
            assert (FibonacciNim(n, k).grundy() != 0) == (zeckendorf(n)[-1] <= 2 * k), (n, k)
    for n in range(1, 300):
        parts = zeckendorf(n)
        assert sum(parts) == n and set(parts) <= fibonacci(n) and len(set(parts)) == len(parts)
        fibs = sorted(fibonacci(n))
        for x, y in itertools.pairwise(parts):  # never two consecutive Fibonacci numbers
            assert fibs.index(x) - fibs.index(y) >= 2


# CGSuite's test suite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala ("define
# coordinate games properly"): rs((10, 10)).Options.Size and
# [rs((10, n)).NimValue for n from 0 to 20]
CGSUITE = {
    "FibonacciNim": (FibonacciNim.rules, 10, [0, 2, 2, 2] + [5] * 17),
    "TakeAway(3)": (GenMem(lambda k, a: a <= 3 * k), 10, [0, 2, 2] + [6] * 18),
    "Mem": (Mem.rules, 1, [3, 3, 3, 3, 2, 2, 1, 1, 1, 1, 1] + [0] * 10),
    "GenMem(j != memory)": (
        GenMem(lambda k, a: a != k),
        9,
        [6, 6, 6, 4, 6, 6, 3] + [6] * 14,
    ),
}


@pytest.mark.parametrize("name", sorted(CGSUITE))
def test_cgsuite_published_values(name: str) -> None:
    rules, count, row = CGSUITE[name]
    assert len(rules(10, 10).options()) == count
    assert [rules(10, k).grundy() for k in range(21)] == row


def test_cgsuite_published_table() -> None:
    # the same file: game.heap.GenMem((memory, j) -> j != memory).NimValueTable(10, 10)
    table = """0 0 0 0 0 0 0 0 0 0 0|1 0 1 1 1 1 1 1 1 1 1|1 1 1 1 1 1 1 1 1 1 1|
    2 2 2 0 2 2 2 2 2 2 2|3 2 3 3 0 3 3 3 3 3 3|3 3 3 3 3 0 3 3 3 3 3|2 2 2 2 2 2 2 2 2 2 2|
    4 4 4 4 4 4 4 0 4 4 4|5 4 5 3 5 5 5 5 5 5 5|5 5 5 5 5 5 5 5 5 0 5|6 6 6 4 6 6 3 6 6 6 6"""
    expected = [[int(x) for x in row.split()] for row in table.split("|")]
    assert GenMem(lambda k, a: a != k).grundy_table(10, 10) == expected


def test_positions_text_and_pickling() -> None:
    make = info(FibonacciNim).make
    g = make("10 7/2")
    assert g == FibonacciNim.of([(10, None), (7, 2)])
    assert [g.describe_move(o) for o in g.options()][-1] == "take 4 from heap 1 (7)"
    assert pickle.loads(pickle.dumps(g)) == g and pickle.loads(pickle.dumps(Mem(5, 2))) == Mem(5, 2)
    assert FibonacciNim.of([(0, 3), (4, None)]) == FibonacciNim.of([(4, None), (0, None)])
    assert FibonacciNim(4) != Mem(4)
    p = MemPosition(Mem.rules, [(4, 2)])
    assert p.grundy() == Mem(4, 2).grundy() and repr(p) == "Mem.rules(4, 2)"
    with pytest.raises(InvalidArgument):
        make("10 x")
    for bad in ((-1, None), (3, -2), (3, True), (2.5, 1)):
        with pytest.raises(InvalidPosition):
            FibonacciNim(*bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        Mem.of([(1, 2, 3)])  # type: ignore[list-item]
    with pytest.raises(WrongType):
        GenMem(3)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        GenMem(lambda k, a: True, opening=4)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        MemPosition("Mem", [(1, 2)])  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        zeckendorf(0)
    with pytest.raises(TooLarge):
        FibonacciNim(10**6).grundy()
