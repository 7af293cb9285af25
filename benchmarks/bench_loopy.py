"""Outcomes of loopy positions: game graph size and CPU seconds.

Run:  python benchmarks/bench_loopy.py [--full]

For each position: the number of nodes of its game graph
(:func:`cgt.loopy.game_graph`, every position reachable from it), the CPU
seconds to build the graph and to analyse it (:func:`cgt.loopy.analyse`),
and the outcome.  Backsliding Toads and Frogs ``ttt..fff``, and Fox and
Geese on a 6x6 board (three geese); the sides of ``ttt..fff`` and of
``tt.t..ff`` (:func:`cgt.loopy.sides`); then the standard 8x8 Fox and
Geese start's ``outcome()`` in a fresh subprocess, with its CPU seconds and
peak memory (``ru_maxrss``), built on integer codes
(:meth:`cgt.games.FoxAndGeese.compact_moves`); with ``--full`` also through
position objects (:func:`cgt.loopy.game_graph`, as before issue 33).  Not
part of the tests.

Figures on the development machine (2 cores, Python 3.11, CPU seconds):
``ttt..fff`` 560 nodes in 0.01 s (a draw whoever starts); ``tttt..ffff``
3,150 nodes in 0.06 s (a draw); Fox and Geese 6x6 11,677 nodes in 0.3 s
(whoever moves first wins).  The standard 8x8 start, 966,123 nodes (the
geese win whoever starts): 59 s and about 800 MB before issue 33 (a
position object and a tuple per node, the analysis on lists); on integer
codes and flat arrays 5.9-6.1 s and 200 MB with the compiled analysis
(9-10 s pure Python); through position objects (``--full``) 29 s and 625 MB.
The sides of ``ttt..fff``, ``{on||0|-1/2} & {1/2|0||off}``:
about 1.2 s; of ``tt.t..ff``, ``on & on``: 0.1 s (``SidesNotFound`` after
7 s before issue 33: sidling never reached the positions whose onside is
``off``).

``--smoke`` (CI): ``tt..ff``, ``ttt..fff`` and Fox and Geese on 4x4, and the
sides of ``t.f``; graph sizes and outcomes checked against the figures above
(``ttt..fff``) and everything against the pure-Python paths.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from typing import Any

from cgt.games import BackslidingToadsAndFrogs, FoxAndGeese
from cgt.loopy import analyse, game_graph


def run(name: str, position: Any) -> None:
    start = time.process_time()
    graph, _ = game_graph(position, max_nodes=5_000_000)
    built = time.process_time() - start
    results = analyse(graph)[0]
    analysed = time.process_time() - start - built
    print(
        f"{name:<40} {graph.size:>9} nodes  graph {built:7.2f} s  analyse {analysed:6.2f} s  "
        f"Left first: {results.left_first.name}, Right first: {results.right_first.name}"
    )


def run_sides(name: str, position: Any) -> None:
    """Seconds to find the onside and offside (:func:`cgt.loopy.sides`)."""
    from cgt.loopy import sides

    value = position.value()
    start = time.process_time()
    result = sides(value)
    print(f"{name:<40} sides {time.process_time() - start:7.2f} s  {result}")


_CHILD = """
import resource, sys, time
from cgt.games import FoxAndGeese
from cgt.loopy import LoopyOutcome, analyse, game_graph
start = time.process_time()
if sys.argv[1] == "objects":
    graph, _ = game_graph(FoxAndGeese.standard(), max_nodes=5_000_000)
    outcome = LoopyOutcome(*analyse(graph)[0])
else:
    outcome = FoxAndGeese.standard().outcome()
took = time.process_time() - start
print(f"{took:.2f} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024} {outcome}")
"""


def run_standard(how: str) -> None:
    """The standard 8x8 Fox and Geese outcome in a fresh process: CPU s and peak RSS."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, how], capture_output=True, text=True, check=True
    ).stdout.split(maxsplit=2)
    label = f"FoxAndGeese.standard() 8x8 ({how})"
    print(f"{label:<40} {float(out[0]):7.2f} s CPU  peak {out[1]:>5} MB  {out[2].strip()}")


def smoke() -> int:
    """Small positions, answers checked (see the module docstring)."""
    import _smoke

    def facts(position: Any) -> tuple[int, str, str]:
        graph, _ = game_graph(position, max_nodes=100_000)
        results = analyse(graph)[0]
        return graph.size, results.left_first.name, results.right_first.name

    def ours() -> dict[str, object]:
        from cgt.loopy import sides

        four = FoxAndGeese(fox=(3, 0), geese=[(0, 1), (0, 3)], rows=4, cols=4)
        return {
            "tt..ff": facts(BackslidingToadsAndFrogs("tt..ff")),
            "ttt..fff": facts(BackslidingToadsAndFrogs("ttt..fff")),
            "FoxAndGeese 4x4, 2 geese": facts(four),
            "sides of t.f": sides(BackslidingToadsAndFrogs("t.f").value()),
        }

    known = {"ttt..fff": (560, "DRAW", "DRAW")}
    return _smoke.run(__file__, ours, known)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--full", action="store_true", help="also the 8x8 start through position objects"
    )
    args = parser.parse_args()
    run("BackslidingToadsAndFrogs('ttt..fff')", BackslidingToadsAndFrogs("ttt..fff"))
    run("BackslidingToadsAndFrogs('tttt..ffff')", BackslidingToadsAndFrogs("tttt..ffff"))
    run_sides("BackslidingToadsAndFrogs('ttt..fff')", BackslidingToadsAndFrogs("ttt..fff"))
    run_sides("BackslidingToadsAndFrogs('tt.t..ff')", BackslidingToadsAndFrogs("tt.t..ff"))
    six = FoxAndGeese(fox=(5, 0), geese=[(0, 1), (0, 3), (0, 5)], rows=6, cols=6)
    run("FoxAndGeese 6x6, 3 geese", six)
    run_standard("codes")
    if args.full:
        run_standard("objects")


if __name__ == "__main__":
    main()
