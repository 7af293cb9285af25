"""Outcomes of loopy positions: game graph size and seconds.

Run:  python benchmarks/bench_loopy.py [--full]

For each position: the number of nodes of its game graph
(:func:`cgt.loopy.game_graph`, every position reachable from it), the
seconds to build the graph and to analyse it (:func:`cgt.loopy.analyse`),
and the outcome.  Backsliding Toads and Frogs ``ttt..fff``, and Fox and
Geese on a 6x6 board (three geese); with ``--full`` also the standard 8x8
start (four geese); then the sides of ``ttt..fff``
(:func:`cgt.loopy.sides`).  Not part of the tests.

Figures on the development machine (2 cores, Python 3.11): ``ttt..fff`` 560
nodes in 0.01 s (a draw whoever starts); ``tttt..ffff`` 3,150 nodes in
0.06 s (a draw); Fox and Geese 6x6 11,677 nodes in 0.3 s (whoever moves
first wins); the 8x8 start 966,123 nodes, 27.5 s to build the graph and
11.8 s to analyse it (the geese win whoever starts).  The sides of
``ttt..fff``, ``{on||0|-1/2} & {1/2|0||off}``: about 4.5 s of CPU (57 s
before sidling kept its values in simplest form and checked its candidates
in simplest form).

``--smoke`` (CI): ``tt..ff``, ``ttt..fff`` and Fox and Geese on 4x4, and the
sides of ``t.f``; graph sizes and outcomes checked against the figures above
(``ttt..fff``) and everything against the pure-Python paths.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from cgt.games import BackslidingToadsAndFrogs, FoxAndGeese
from cgt.loopy import analyse, game_graph


def run(name: str, position: Any) -> None:
    start = time.perf_counter()
    graph, _ = game_graph(position, max_nodes=5_000_000)
    built = time.perf_counter() - start
    results = analyse(graph)[0]
    analysed = time.perf_counter() - start - built
    print(
        f"{name:<40} {graph.size:>9} nodes  graph {built:7.2f} s  analyse {analysed:6.2f} s  "
        f"Left first: {results.left_first.name}, Right first: {results.right_first.name}"
    )


def run_sides(name: str, position: Any) -> None:
    """Seconds to find the onside and offside (:func:`cgt.loopy.sides`)."""
    from cgt.loopy import sides

    value = position.value()
    start = time.perf_counter()
    result = sides(value)
    print(f"{name:<40} sides {time.perf_counter() - start:7.2f} s  {result}")


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
    parser.add_argument("--full", action="store_true", help="also the 8x8 standard start")
    args = parser.parse_args()
    run("BackslidingToadsAndFrogs('ttt..fff')", BackslidingToadsAndFrogs("ttt..fff"))
    run("BackslidingToadsAndFrogs('tttt..ffff')", BackslidingToadsAndFrogs("tttt..ffff"))
    run_sides("BackslidingToadsAndFrogs('ttt..fff')", BackslidingToadsAndFrogs("ttt..fff"))
    six = FoxAndGeese(fox=(5, 0), geese=[(0, 1), (0, 3), (0, 5)], rows=6, cols=6)
    run("FoxAndGeese 6x6, 3 geese", six)
    if args.full:
        run("FoxAndGeese.standard() 8x8, 4 geese", FoxAndGeese.standard())


if __name__ == "__main__":
    main()
