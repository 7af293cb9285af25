"""The values of small Domineering rectangles, and of the survey's shapes.

Run ``python examples/domineering_table.py [--max-cells N]``: prints the
value of every ``h`` x ``w`` rectangle with at most ``N`` cells (default 20),
the time each took, and the shapes the Polish survey "When can one win, and
how to play to win?" mentions (see the sources page of the documentation).
The table is antisymmetric: transposing a board swaps the players.
"""

from __future__ import annotations

import argparse
import time

import cgt
from cgt.games import Domineering
from cgt.games.base import solver_for

SHAPES = {
    "a row of 5 (-2)": ".....",
    "a column of 4 (+2)": ".|.|.|.",
    "the 2x2 square (+-1)": "..|..",
    "a corner (*)": "#.|..",
    "1/2": "#.|#.|..",
    "3/4": "##.|##.|...|.##",
    "{0|-1}": "#..|..#",
    "{1/2|-2}": "..|..|..",
}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--max-cells", type=int, default=20)
    args = parser.parse_args()
    print("The survey's shapes:")
    for name, board in SHAPES.items():
        value = Domineering(board).value()
        print(f"  {name:22} {board:18} {value}")
        # the value the survey gives: in parentheses, else the name itself
        published = name[name.index("(") + 1 : -1] if "(" in name else name
        assert value == cgt.parse(published), (name, value)
    print(f"\nRectangles with at most {args.max_cells} cells (h rows, w columns):")
    side = args.max_cells
    for h in range(1, side + 1):
        for w in range(1, side + 1):
            if h * w > args.max_cells or h > w:
                continue
            board = "|".join(["." * w] * h)
            start = time.process_time()
            value = Domineering(board).value()
            spent = time.process_time() - start
            mirror = Domineering("|".join(["." * h] * w)).value()
            assert mirror == -value
            if h == 1:  # a row: Right alone moves, w // 2 dominoes
                assert value == -(w // 2)
            print(f"  {h}x{w}: {value!s:40}  {w}x{h}: {mirror!s:40} ({spent:.2f} s)")
    print(f"\nSolver table: {solver_for(Domineering).info()}")


if __name__ == "__main__":
    main()
