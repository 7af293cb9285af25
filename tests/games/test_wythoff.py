"""Wythoff's game.  Coordinates are 0-based (x, y); (0, 0) is the terminal corner."""

from __future__ import annotations

from decimal import Decimal, getcontext
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cgt.errors import InvalidPosition
from cgt.games import Wythoff
from cgt.games.wythoff import (
    BoardTooLarge,
    a_sequence_by_mex,
    golden_ratio_convergence,
    grundy_table,
    grundy_value,
    is_p_position,
    misere_p_positions,
    p_positions,
    wythoff_pair,
)
from cgt.impartial import grundy, mex, misere_outcome


def naive_table(n: int) -> list[list[int]]:
    """g(x, y) straight from the definition: mex over all queen moves."""
    g = [[0] * n for _ in range(n)]
    for x in range(n):
        for y in range(n):
            g[x][y] = mex(
                [g[x - k][y] for k in range(1, x + 1)]
                + [g[x][y - k] for k in range(1, y + 1)]
                + [g[x - k][y - k] for k in range(1, min(x, y) + 1)]
            )
    return g


def test_grundy_table_against_naive_mex() -> None:
    naive = naive_table(48)
    assert grundy_table(48, engine="python") == naive
    assert grundy_table(48, engine="numpy") == naive
    assert grundy_table(48, 20, engine="numpy") == [row[:20] for row in naive]
    assert grundy_table(20, 48, engine="python") == naive[:20]


def test_engines_agree_on_a_large_table() -> None:
    assert grundy_table(300, 250, engine="python") == grundy_table(300, 250, engine="numpy")


def test_p_positions_three_ways() -> None:
    naive = naive_table(60)
    zeros = sorted((x, y) for x in range(60) for y in range(60) if naive[x][y] == 0)
    assert p_positions(60) == zeros
    assert [(x, y) for x in range(60) for y in range(60) if is_p_position(x, y)] == zeros
    a = a_sequence_by_mex(2000)
    assert a == [wythoff_pair(n)[0] for n in range(2000)]


def test_pairs_exact_for_huge_n() -> None:
    getcontext().prec = 120
    phi = (1 + Decimal(5).sqrt()) / 2
    for n in (10**30, 10**30 + 7, 3**60, 2**100 - 1):
        a, b = wythoff_pair(n)
        assert a == int(n * phi)  # floor: n*phi is positive and irrational
        assert b == a + n
        assert is_p_position(a, b) and is_p_position(b, a)
        assert not is_p_position(a, b + 1) and not is_p_position(a + 1, b)
    # floats would already fail here: n = 10**17 needs more than 53 bits of phi
    n = 10**17
    assert wythoff_pair(n)[0] == int(n * phi)


def test_golden_ratio_convergence() -> None:
    getcontext().prec = 50
    phi = (1 + Decimal(5).sqrt()) / 2
    for n, a, q in golden_ratio_convergence([1, 10, 100, 10**4, 10**9, 10**20], digits=30):
        assert abs(Decimal(a) / n - phi) < Decimal(1) / n
        assert abs(q - Decimal(a) / n) < Decimal(10) ** -25


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=4))
def test_several_queens_is_the_xor(queens: list[tuple[int, int]]) -> None:
    w = Wythoff(queens)
    total = 0
    for q in queens:
        total ^= grundy_value(*q)
    assert grundy(w) == w.grundy() == total
    for start, end in w.winning_moves():
        moved = list(queens)
        moved[moved.index(start)] = end
        assert Wythoff(moved).grundy() == 0
    assert (w.winning_moves() == []) == (total == 0)


def test_two_queens_by_brute_force() -> None:
    # the sum's value by a game-tree search over the whole two-queen position
    @cache
    def g(position: tuple[tuple[int, int], ...]) -> int:
        return mex(g(tuple(sorted(o.queens))) for o in Wythoff(list(position)).options())

    for q1 in [(1, 2), (3, 3), (4, 1), (2, 5)]:
        for q2 in [(0, 3), (2, 2), (5, 4)]:
            pos = tuple(sorted([q1, q2]))
            assert g(pos) == grundy_value(*q1) ^ grundy_value(*q2)


def test_misere_single_queen() -> None:
    expected = [(0, 1), (1, 0), (2, 2), (3, 5), (4, 7), (5, 3), (7, 4)]
    assert misere_p_positions(8) == expected
    generic = [
        (x, y) for x in range(8) for y in range(8) if misere_outcome(Wythoff([(x, y)])) == "P"
    ]
    assert generic == expected
    # away from the corner misère and normal P-positions coincide
    normal = set(p_positions(40))
    misere = set(misere_p_positions(40))
    assert normal ^ misere == {(0, 0), (1, 2), (2, 1), (0, 1), (1, 0), (2, 2)}


def test_positions_api() -> None:
    w = Wythoff([(7, 3), (4, 5), (5, 0)])
    assert w.grundy() == 9 ^ 6 ^ 5
    assert ((7, 3), (5, 1)) in w.winning_moves()
    assert Wythoff([(3, 5)]).outcome() == "P"
    assert Wythoff([(3, 5), (3, 5)]).grundy() == 0
    assert Wythoff([(0, 0)]).grundy() == 0 and Wythoff([]).grundy() == 0
    assert Wythoff([(4, 5)]).mex_check() == 6
    assert Wythoff([(1, 2)]) == Wythoff([(1, 2)])
    assert Wythoff([(1, 2), (0, 1)]).key() == Wythoff([(1, 0), (2, 1)]).key()


def test_bad_input() -> None:
    with pytest.raises(InvalidPosition, match=r"\(x, y\) pair"):
        Wythoff((3, 5))  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition, match="non-negative"):
        Wythoff([(-1, 2)])
    with pytest.raises(InvalidPosition, match="must be an int"):
        is_p_position(1.5, 2)  # type: ignore[arg-type]
    with pytest.raises(InvalidPosition):
        Wythoff("ab")  # type: ignore[arg-type]
    with pytest.raises(BoardTooLarge):
        grundy_value(10**5, 10**5)
    with pytest.raises(InvalidPosition):
        golden_ratio_convergence([0])
