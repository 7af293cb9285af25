"""Cram Grundy values of empty rectangles: the outcome search against the mex search.

Run:  python benchmarks/bench_cram.py [--no-mex]

Each board is valued cold (``cgt.clear_caches()`` and
``cgt.games.clear_solver_caches()`` before each run) by the default search
(:mod:`cgt.impartial_search`: the least ``n`` with board + ``*n`` a
second-player win) and, unless ``--no-mex``, by the older mex search over all
options (``Solver._keyed_mex``), in the same process.  Printed: seconds of
each, their ratio, the figure published for the C++ solver MCGS on the same
board and our time over it.  Not part of the tests.
"""

from __future__ import annotations

import argparse
import time

import cgt
from cgt.games import Cram, clear_solver_caches
from cgt.games.base import solver_for

BOARDS = [
    # (rows, columns, MCGS seconds as published)
    (2, 18, 0.3),
    (3, 10, 1.3),
    (3, 11, 4.0),
    (4, 7, 2.0),
]


def timed(board: Cram, mex: bool) -> tuple[int, float]:
    cgt.clear_caches()
    clear_solver_caches()
    solver = solver_for(Cram)
    solver._keyed_mex = mex
    try:
        start = time.perf_counter()
        value = board.grundy()
        return value, time.perf_counter() - start
    finally:
        solver._keyed_mex = False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-mex", action="store_true", help="skip the (slow) mex search")
    args = parser.parse_args()
    for h, w, mcgs in BOARDS:
        board = Cram("|".join(["." * w] * h))
        value, ours = timed(board, mex=False)
        line = f"{h}x{w:<3} *{value:<3} search {ours:7.2f} s"
        line += f"  MCGS {mcgs:5.1f} s  ratio {ours / mcgs:5.2f}"
        if not args.no_mex:
            old_value, old = timed(board, mex=True)
            line += f"  mex {old:7.2f} s  speedup {old / ours:7.1f}x  agree {old_value == value}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
