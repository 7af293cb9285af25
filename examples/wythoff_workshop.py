"""The Wythoff workshop (Delta 5/2025, "Wythoff Nim, a short workshop"), step by step.

Run: ``python examples/wythoff_workshop.py`` (add ``--plot`` to draw a_n with
matplotlib, if installed).  Squares are 0-based (x, y): column from the left,
row from the bottom; (0, 0) is the terminal corner.
"""

from __future__ import annotations

import math
import sys
from functools import reduce
from operator import xor

from cgt.games import SubtractionGame, Wythoff
from cgt.games.wythoff import (
    a_sequence_by_mex,
    golden_ratio_convergence,
    grundy_table,
    grundy_value,
    is_p_position,
    misere_p_positions,
    p_positions,
    wythoff_pair,
)


def queen_moves(x: int, y: int) -> list[tuple[int, int]]:
    """Where one queen can go: left, down, or diagonally down-left (the rules)."""
    return (
        [(x - k, y) for k in range(1, x + 1)]
        + [(x, y - k) for k in range(1, y + 1)]
        + [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    )


def brute_grundy(size: int) -> dict[tuple[int, int], int]:
    """Grundy values by the mex rule, square by square (independent of cgt)."""
    g: dict[tuple[int, int], int] = {}
    for x in range(size):
        for y in range(size):
            seen = {g[m] for m in queen_moves(x, y)}
            g[x, y] = min(set(range(len(seen) + 1)) - seen)
    return g


def brute_misere_p(size: int) -> set[tuple[int, int]]:
    """Squares the player to move loses when whoever moves last loses."""
    lost: set[tuple[int, int]] = set()
    for x in range(size):
        for y in range(size):
            moves = queen_moves(x, y)
            # no move: the previous player moved last and lost, so the mover wins
            if moves and all(m not in lost for m in moves):
                lost.add((x, y))
    return lost


def floor_n_phi(n: int) -> int:
    """floor(n * (1 + sqrt 5) / 2), exactly, in integers."""
    return (n + math.isqrt(5 * n * n)) // 2


def board(mark: list[tuple[int, int]], size: int = 8) -> str:
    rows = []
    for y in reversed(range(size)):
        rows.append(f"{y} " + " ".join("P" if (x, y) in mark else "." for x in range(size)))
    rows.append("  " + " ".join(str(x) for x in range(size)))
    return "\n".join(rows)


def main() -> None:
    print("1. P-positions of one queen on 8 x 8 (normal play):")
    print(board(p_positions(8)))
    grundy = brute_grundy(8)
    assert sorted(p_positions(8)) == sorted(s for s, v in grundy.items() if v == 0)

    print("\n2. a_n = mex{a_i, a_i + i : i < n} equals floor(n*phi):")
    a = a_sequence_by_mex(20)
    print("   a_n      :", a)
    print("   floor(nφ):", [wythoff_pair(n)[0] for n in range(20)])
    assert a == [wythoff_pair(n)[0] for n in range(20)] == [floor_n_phi(n) for n in range(20)]
    for n, a_n, q in golden_ratio_convergence([10, 100, 10**6, 10**30]):
        print(f"   n = {n}: a_n = {a_n}, a_n/n = {q}")
        assert a_n == floor_n_phi(n)
    big = wythoff_pair(10**30)
    print(f"   P-position for n = 10**30: {big}, is_p_position -> {is_p_position(*big)}")
    assert big == (floor_n_phi(10**30), floor_n_phi(10**30) + 10**30) and is_p_position(*big)

    print("\n3. Grundy values g(x, y) (row 7 on top):")
    t = grundy_table(8)
    for y in reversed(range(8)):
        print("  ", " ".join(f"{t[x][y]:2}" for x in range(8)))
    print("   Fig. 4 (1-based in the article): g(4, 5) =", grundy_value(4, 5))
    assert all(t[x][y] == grundy[x, y] for x in range(8) for y in range(8))

    print("\n4. Several queens: values 6, 9, 5")
    queens = [(4, 5), (7, 3), (5, 0)]
    w = Wythoff(queens)
    print("   values", [grundy_value(*q) for q in queens], "xor", w.grundy())
    assert [grundy_value(*q) for q in queens] == [6, 9, 5]  # the article's values
    assert w.grundy() == 6 ^ 9 ^ 5
    print("   winning moves:", w.winning_moves())
    for start, end in w.winning_moves():  # each leaves queens whose values xor to 0
        after = [end if q == start else q for q in queens]
        assert reduce(xor, (grundy[q] for q in after)) == 0

    print("\n5. Exercise 1: three tables, take 1-3 coins from one table")
    tables = SubtractionGame({1, 2, 3})(61, 101, 15)
    print("   value", tables.grundy(), "winning moves:", tables.winning_moves())
    # take 1-3 from a pile: its Grundy value is the pile mod 4
    assert tables.grundy() == reduce(xor, [61 % 4, 101 % 4, 15 % 4])
    for move in tables.winning_moves():
        assert move.grundy() == 0
        assert reduce(xor, [n % 4 for n in move.heaps]) == 0

    print("\n6. Exercise 2: misère single queen on 8 x 8")
    print(board(misere_p_positions(8)))
    assert sorted(misere_p_positions(8)) == sorted(brute_misere_p(8))

    if "--plot" in sys.argv:
        from cgt.games.wythoff import plot_golden_ratio

        ax = plot_golden_ratio(100)
        ax.figure.savefig("wythoff_a_n.png")
        print("\nsaved wythoff_a_n.png")


if __name__ == "__main__":
    main()
