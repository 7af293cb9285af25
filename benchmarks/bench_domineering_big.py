"""Outcomes of single big Domineering boards: the compiled alpha-beta (cgt/_c/bigboard.h).

Run:  python benchmarks/bench_domineering_big.py [--upto N] [--rectangles] [--hour]

Times (CPU seconds, ``time.process_time``; never wall time) and node counts of
the two win/loss searches (Left first, Right first) behind
``Domineering(board).outcome()``, cold (``cgt.clear_caches()`` first):

* empty square boards 5x5 .. ``--upto`` (default 7; ``--upto 8`` is the
  standard board, a first-player win by Breuker, Uiterwijk and van den Herik,
  2000);
* issue 33's 6x6 position with holes ``......|##....|#.....|#....#|..#..#|##...#``
  against the route outcome() took before (the Python outcome search over
  valued components, still used for sums), in the same run;
* 5x5 (and 4x6, 6x4) against ``value().outcome()`` in the same run;
* ``--rectangles``: every rectangle of at most 64 cells with both sides at
  least 4, smallest first, each in a child process stopped after ``--hour``
  CPU seconds (default 3600): the largest settled is printed with its time.

Every outcome is checked: against the value where it is computed, the
published outcomes of the square boards, and the old route.  ``--smoke`` (CI):
boards of 20 to 24 cells, outcomes checked against the pure-Python paths.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from typing import Any

import cgt
from cgt.game import Outcome
from cgt.games import Domineering, clear_solver_caches
from cgt.games import domineering as dom
from cgt.kernels import kernel

# Breuker, Uiterwijk and van den Herik, "Solving 8x8 Domineering", TCS 230 (2000): 5x5 a
# second-player win, the larger squares first-player wins
PUBLISHED = {5: Outcome.P, 6: Outcome.N, 7: Outcome.N, 8: Outcome.N}
ISSUE = "......|##....|#.....|#....#|..#..#|##...#"


def board(h: int, w: int) -> Domineering:
    return Domineering("|".join(["." * w] * h))


def cold() -> None:
    cgt.clear_caches()
    clear_solver_caches()


def search(d: Domineering) -> tuple[Outcome, float, int]:
    """Outcome, CPU seconds and nodes of the two searches, cold."""
    engine: Any = kernel("shortgame")
    cold()
    slots = 1 << 24  # 256 MB of table, as on a machine of 4 GiB or more
    start = time.process_time()
    left, n1, _ = engine.dom_wins(d.h, d.w, d.bits, 0, 0, slots, dom.SMALL_REGION)
    if d.transpose() == d:  # as outcome() does: Right first is Left first on the transpose
        right, n2 = left, 0
    else:
        right, n2, _ = engine.dom_wins(d.h, d.w, d.bits, 1, 0, slots, dom.SMALL_REGION)
    spent = time.process_time() - start
    out = (Outcome.N if right else Outcome.L) if left else (Outcome.R if right else Outcome.P)
    return out, spent, n1 + n2


def old_route(d: Domineering) -> tuple[Outcome, float]:
    """outcome() as it was: the Python search over valued components (no big-board hook)."""
    cold()
    saved = dom.BIG_BOARD_CELLS
    dom.BIG_BOARD_CELLS = 10**9
    try:
        start = time.process_time()
        out = d.outcome()
        return out, time.process_time() - start
    finally:
        dom.BIG_BOARD_CELLS = saved


def value_route(d: Domineering) -> tuple[Outcome, float]:
    cold()
    start = time.process_time()
    out = d.value().outcome()
    return out, time.process_time() - start


def in_child(h: int, w: int, limit: float) -> tuple[Outcome, float, int] | None:
    """One board searched in a child process stopped after ``limit`` CPU seconds."""

    def cap() -> None:
        seconds = int(limit) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds))

    done = subprocess.run(
        [sys.executable, __file__, "--one", f"{h}x{w}"],
        preexec_fn=cap,
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode:
        return None
    name, spent, nodes = done.stdout.split()
    return Outcome[name], float(spent), int(nodes)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--upto", type=int, default=7)
    parser.add_argument("--rectangles", action="store_true")
    parser.add_argument("--hour", type=float, default=3600.0)
    args = parser.parse_args()
    if kernel("shortgame") is None:
        print("the compiled kernels are not built: nothing to measure")
        return 1
    bad = 0
    print(f"{'board':>8} {'outcome':>7} {'CPU s':>9} {'nodes':>12}  check")
    for n in range(5, args.upto + 1):
        out, spent, nodes = search(board(n, n))
        ok = out is PUBLISHED[n]
        bad += not ok
        print(f"{n}x{n:<6} {out.name:>7} {spent:9.3f} {nodes:12d}  published {PUBLISHED[n].name}")
    print()
    print(f"{'position':>44} {'search':>8} {'other':>8} {'other/search':>12}")
    cases = [(ISSUE, "old route", old_route)]
    cases += [
        (s, "value", value_route) for s in ("|".join(["....."] * 5), "|".join(["......"] * 4))
    ]
    for text, name, other in cases:
        d = Domineering(text)
        out, spent, _ = search(d)
        theirs, their_time = other(d)
        ok = out is theirs
        bad += not ok
        print(
            f"{text:>44} {spent:8.3f} {their_time:8.3f} {their_time / max(spent, 1e-6):12.1f}"
            f"  ({name}; {out.name}{'' if ok else ' DISAGREE ' + theirs.name})"
        )
    if args.rectangles:
        print()
        shapes = sorted(
            ((h, w) for h in range(4, 17) for w in range(4, 17) if h * w <= 64 and h <= w),
            key=lambda s: (s[0] * s[1], s),
        )
        largest = None
        for h, w in shapes:
            found = in_child(h, w, args.hour)
            if found is None:
                print(f"{h}x{w}: not settled within {args.hour:.0f} CPU s", flush=True)
                continue
            out, spent, nodes = found
            print(f"{h}x{w}: {out.name} in {spent:.1f} CPU s, {nodes} nodes", flush=True)
            largest = (h, w, out, spent)
        if largest:
            h, w, out, spent = largest
            print(f"largest rectangle settled: {h}x{w} ({out.name}) in {spent:.1f} CPU s")
    print("all outcomes agree" if not bad else f"{bad} DISAGREEMENTS")
    return 1 if bad else 0


def smoke() -> int:
    """Boards of 20 to 24 cells, outcome() here and on the pure-Python paths."""
    import _smoke

    def ours() -> dict[str, object]:
        texts = [
            "....|....|....|....|....",
            ".....|.....|#...#|.....",
            "......|.#..#.|......|#....#",
        ]
        return {t: Domineering(t).outcome().name for t in texts}

    return _smoke.run(__file__, ours, {"....|....|....|....|....": "R"})


if __name__ == "__main__":
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    if "--one" in sys.argv:  # (the child of in_child)
        h, w = map(int, sys.argv[-1].split("x"))
        out, spent, nodes = search(board(h, w))
        print(out.name, spent, nodes)
        sys.exit(0)
    sys.exit(main())
