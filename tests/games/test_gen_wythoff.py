"""Generalised Wythoff (GenWythoff, r-Wythoff) against a brute force written here,
Wythoff's game, Fraenkel's closed form and CGSuite's published values."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from functools import cache

import pytest

import cgt
from cgt.errors import InvalidArgument, InvalidPosition, WrongType
from cgt.games.registry import by_name
from cgt.games.wythoff import (
    BoardTooLarge,
    GenWythoff,
    GenWythoffPosition,
    grundy_value,
    r_wythoff_pair,
    wythoff_pair,
)
from cgt.impartial.nim import mex


def brute_table(bound: Callable[[int], int], size: int) -> list[list[int]]:
    """Grundy values of (x, y) straight from the definition: take from one heap, or k
    from x and l from y with 0 < min(k, l) <= max(k, l) < bound(min(k, l))."""

    @cache
    def g(x: int, y: int) -> int:
        seen = {g(x - k, y) for k in range(1, x + 1)} | {g(x, y - k) for k in range(1, y + 1)}
        for k in range(1, x + 1):
            for m in range(1, y + 1):
                if max(k, m) < bound(min(k, m)):
                    seen.add(g(x - k, y - m))
        return mex(seen)

    return [[g(x, y) for y in range(size)] for x in range(size)]


@pytest.mark.parametrize("r", [1, 2, 3])
def test_r_wythoff_brute_force(r: int) -> None:
    rules = GenWythoff.r_wythoff(r)
    table = brute_table(lambda k: k + r, 14)
    assert [[rules([(x, y)]).grundy() for y in range(14)] for x in range(14)] == table


def test_any_bound_brute_force_and_wythoff() -> None:
    def double(k: int) -> int:
        return 2 * k + 1

    rules = GenWythoff(double)
    table = brute_table(double, 12)
    assert [[rules([(x, y)]).grundy() for y in range(12)] for x in range(12)] == table
    wythoff = GenWythoff(lambda k: k + 1)
    for x in range(20):
        for y in range(20):
            assert wythoff([(x, y)]).grundy() == grundy_value(x, y), (x, y)
    sums = rules([(3, 4), (5, 1), (2, 2)])
    assert sums.grundy() == table[3][4] ^ table[5][1] ^ table[2][2]
    assert sums.value() == cgt.nimber(sums.grundy())


@pytest.mark.parametrize("r", [1, 2, 3, 4, 5])
def test_fraenkel_p_positions(r: int) -> None:
    # Fraenkel, "How to beat your Wythoff games' opponent on three fronts", Amer. Math.
    # Monthly 89 (1982): the P-positions of r-Wythoff are (a_n, a_n + r n), a_n the mex of
    # the earlier a's and b's (the closed form floor(n alpha) is r_wythoff_pair).
    a: list[int] = []
    b: list[int] = []
    for n in range(40):
        an = mex(a + b)
        a.append(an)
        b.append(an + r * n)
        assert r_wythoff_pair(r, n) == (an, an + r * n), (r, n)
    size = 30
    rules = GenWythoff.r_wythoff(r)
    expected = {(x, y) for n in range(40) for x, y in ((a[n], b[n]), (b[n], a[n]))}
    assert set(rules.p_positions(size)) == {(x, y) for x, y in expected if x < size and y < size}


def test_golden_ratio_pairs() -> None:
    # r = 1 is Wythoff: a_n = floor(n phi), exactly, for huge n too
    for n in [*range(200), 10**12 + 7, 3**50]:
        assert r_wythoff_pair(1, n) == wythoff_pair(n)


def test_cgsuite_published_values() -> None:
    # CGSuite's test suite, lib/core/src/test/scala/org/cgsuite/lang/GameHeapTest.scala:
    # rs((10, 10)).Options.Size and [rs((10, n)).NimValue for n from 0 to 20]
    wythoff = GenWythoff(lambda k: k + 1)
    assert len(wythoff([(10, 10)]).options()) == 30
    assert [wythoff([(10, n)]).grundy() for n in range(21)] == [
        10, 11, 9, 8, 13, 12, 0, 15, 16, 17, 14, 18, 7, 6, 2, 3, 1, 4, 5, 23, 28,
    ]  # fmt: skip
    two = GenWythoff.r_wythoff(2)
    assert len(two([(10, 10)]).options()) == 48
    assert [two([(10, n)]).grundy() for n in range(21)] == [
        10, 11, 12, 13, 0, 14, 9, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 15, 28, 29, 30,
    ]  # fmt: skip


@pytest.mark.slow
def test_cgsuite_r_wythoff_p_positions() -> None:
    # the same file: the first 15 P-positions of r-Wythoff, 1 <= r <= 5, by Fraenkel's formula
    for r in range(1, 6):
        rules = GenWythoff.r_wythoff(r)
        assert all(rules([r_wythoff_pair(r, n)]).grundy() == 0 for n in range(15))


def test_positions_bad_input_and_pickling() -> None:
    g = GenWythoff.r_wythoff(2)([(2, 3), (3, 2)])
    assert g.grundy() == 0 and g == GenWythoff.r_wythoff(2)([(3, 2), (2, 3)])
    assert pickle.loads(pickle.dumps(g)) == g
    assert GenWythoff.r_wythoff(2) is GenWythoff.r_wythoff(2)
    assert by_name("GenWythoff").cls is GenWythoffPosition
    assert GenWythoff.r_wythoff(2)([(1, 1)]) != GenWythoff.r_wythoff(3)([(1, 1)])
    with pytest.raises(InvalidPosition):
        GenWythoff.r_wythoff(2)([(1, -1)])
    with pytest.raises(InvalidPosition):
        GenWythoff.r_wythoff(2)("1,2")  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        GenWythoff(3)  # type: ignore[arg-type]
    with pytest.raises(WrongType):
        GenWythoff(lambda k: 0.5)([(2, 2)]).options()  # type: ignore[arg-type,return-value]
    with pytest.raises(WrongType):
        GenWythoffPosition("r", [(1, 1)])  # type: ignore[arg-type]
    for bad in (0, -1, True, 1.5):
        with pytest.raises(InvalidArgument):
            GenWythoff.r_wythoff(bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgument):
            r_wythoff_pair(bad, 3)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument):
        r_wythoff_pair(2, -1)
    with pytest.raises(BoardTooLarge):
        GenWythoff.r_wythoff(2)([(10**6, 3)]).grundy()
