"""The Wythoff workshop (Delta 5/2025, "Wythoff Nim, a short workshop"), step by step.

Run: ``python examples/wythoff_workshop.py`` (add ``--plot`` to draw a_n with
matplotlib, if installed).  Squares are 0-based (x, y): column from the left,
row from the bottom; (0, 0) is the terminal corner.
"""

from __future__ import annotations

import sys

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


def board(mark: list[tuple[int, int]], size: int = 8) -> str:
    rows = []
    for y in reversed(range(size)):
        rows.append(f"{y} " + " ".join("P" if (x, y) in mark else "." for x in range(size)))
    rows.append("  " + " ".join(str(x) for x in range(size)))
    return "\n".join(rows)


def main() -> None:
    print("1. P-positions of one queen on 8 x 8 (normal play):")
    print(board(p_positions(8)))

    print("\n2. a_n = mex{a_i, a_i + i : i < n} equals floor(n*phi):")
    a = a_sequence_by_mex(20)
    print("   a_n      :", a)
    print("   floor(nφ):", [wythoff_pair(n)[0] for n in range(20)])
    for n, a_n, q in golden_ratio_convergence([10, 100, 10**6, 10**30]):
        print(f"   n = {n}: a_n = {a_n}, a_n/n = {q}")
    big = wythoff_pair(10**30)
    print(f"   P-position for n = 10**30: {big}, is_p_position -> {is_p_position(*big)}")

    print("\n3. Grundy values g(x, y) (row 7 on top):")
    t = grundy_table(8)
    for y in reversed(range(8)):
        print("  ", " ".join(f"{t[x][y]:2}" for x in range(8)))
    print("   Fig. 4 (1-based in the article): g(4, 5) =", grundy_value(4, 5))

    print("\n4. Several queens: values 6, 9, 5")
    queens = [(4, 5), (7, 3), (5, 0)]
    w = Wythoff(queens)
    print("   values", [grundy_value(*q) for q in queens], "xor", w.grundy())
    print("   winning moves:", w.winning_moves())

    print("\n5. Exercise 1: three tables, take 1-3 coins from one table")
    tables = SubtractionGame({1, 2, 3})(61, 101, 15)
    print("   value", tables.grundy(), "winning moves:", tables.winning_moves())

    print("\n6. Exercise 2: misère single queen on 8 x 8")
    print(board(misere_p_positions(8)))

    if "--plot" in sys.argv:
        from cgt.games.wythoff import plot_golden_ratio

        ax = plot_golden_ratio(100)
        ax.figure.savefig("wythoff_a_n.png")
        print("\nsaved wythoff_a_n.png")


if __name__ == "__main__":
    main()
