"""Cram Grundy values of empty rectangles: the compiled solver, the outcome search
and the mex search.

Run:  python benchmarks/bench_cram.py [--no-mex]

Each board is valued cold (``cgt.clear_caches()`` and
``cgt.games.clear_solver_caches()`` before each run), in the same process, by
the compiled solver (``Cram.grundy()`` when the kernel ``shortgame`` is built:
a mex over all options in C), by the pure-Python default search
(:mod:`cgt.impartial_search`: the least ``n`` with board + ``*n`` a
second-player win) and, unless ``--no-mex``, by the older Python mex search
over all options (``Solver._keyed_mex``).  Printed: CPU seconds of each, the
figure published for the C++ solver MCGS on the same board and the ratios to
it.  Not part of the tests, except ``--smoke`` (CI): small boards by the three
searches, checked against each other, against Dawson's Kayles (a 1 x n strip of
Cram is octal game 0.07), against 0 on even-by-even boards (the second player
answers each move with its mirror image through the centre) and against the
pure-Python paths.
"""

from __future__ import annotations

import argparse
import sys
import time

import cgt
from cgt.games import Cram, clear_solver_caches
from cgt.games.base import solver_for
from cgt.games.domineering import _CRAM

BOARDS = [
    # (rows, columns, MCGS seconds as published)
    (2, 18, 0.3),
    (3, 10, 1.3),
    (3, 11, 4.0),
    (4, 7, 2.0),
]


def timed(board: Cram, how: str) -> tuple[int, float]:
    """Value ``board`` cold: ``how`` is "compiled", "search" or "mex"."""
    cgt.clear_caches()
    clear_solver_caches()
    solver = solver_for(Cram)
    solver._keyed_mex = how == "mex"
    try:
        start = time.process_time()
        if how == "compiled":
            value = board.grundy()
        else:  # the Python solver, whatever is compiled
            value = solver.keyed_grundy(_CRAM, board.state, progress=False)
        return value, time.process_time() - start
    finally:
        solver._keyed_mex = False


SMOKE_BOARDS = [(1, 9), (1, 12), (2, 4), (3, 3), (2, 5), (4, 4)]


def smoke() -> int:
    """Small boards by each search, checked (see the module docstring)."""
    import _smoke

    from cgt.games import OctalGame

    dawson = OctalGame("0.07").grundy_sequence(13)
    known: dict[str, object] = {}
    for h, w in SMOKE_BOARDS:
        if h == 1:
            known[f"{h}x{w} search"] = dawson[w]
        if h % 2 == 0 and w % 2 == 0:
            known[f"{h}x{w} search"] = 0

    def ours() -> dict[str, object]:
        out: dict[str, object] = {}
        for h, w in SMOKE_BOARDS:
            board = Cram("|".join(["." * w] * h))
            for how in ("search", "mex", "compiled"):
                out[f"{h}x{w} {how}"] = timed(board, how)[0]
        problems = [k for k, v in out.items() if v != out[k.rsplit(" ", 1)[0] + " search"]]
        if problems:
            raise SystemExit(f"smoke: the searches disagree on {problems}: {out}")
        return out

    return _smoke.run(__file__, ours, known)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-mex", action="store_true", help="skip the (slow) mex search")
    parser.add_argument("--smoke", action="store_true", help="small boards, checked (CI)")
    args = parser.parse_args()
    compiled = cgt.compiled().get("shortgame", False)
    for h, w, mcgs in BOARDS:
        board = Cram("|".join(["." * w] * h))
        value, ours = timed(board, "search")
        line = f"{h}x{w:<3} *{value:<3}"
        if compiled:
            fast_value, fast = timed(board, "compiled")
            line += f" compiled {fast:6.3f} s (MCGS ratio {fast / mcgs:5.2f}, agree "
            line += f"{fast_value == value})"
        line += f"  search {ours:7.2f} s  MCGS {mcgs:5.1f} s  ratio {ours / mcgs:5.2f}"
        if not args.no_mex:
            old_value, old = timed(board, "mex")
            line += f"  mex {old:7.2f} s  agree {old_value == value}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
