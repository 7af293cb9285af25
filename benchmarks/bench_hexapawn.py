"""Hexapawn search benchmarks: time and positions for the boards of issue 6.

Run ``python benchmarks/bench_hexapawn.py`` (the four default boards, a minute
or two) or ``python benchmarks/bench_hexapawn.py 5x6b`` for one of them.  The
two 6 x 6 Berolina boards take many minutes and up to 3 GiB each, so they run
only when named: ``python benchmarks/bench_hexapawn.py 6x6b`` or ``6x6b+``
(``all`` runs all six).  Each board is solved from an empty transposition
table; "positions" is the number of distinct positions stored (each expanded
once; on the largest boards a few entries are replaced and recomputed).
"""

from __future__ import annotations

import resource
import sys
import time

from cgt.games import Hexapawn
from cgt.games.hexapawn import clear_engines, engine_for

CASES = {
    "3x20": (20, 3, "normal"),
    "5x5": (5, 5, "normal"),
    "5x6b": (5, 6, "berolina"),
    "6x6": (6, 6, "normal"),
    "6x6b": (6, 6, "berolina"),
    "6x6b+": (6, 6, "berolina_plus"),
}
#: the boards run when none is named
DEFAULT = ("3x20", "5x5", "5x6b", "6x6")


def run(name: str) -> None:
    columns, rows, pawn = CASES[name]
    clear_engines()
    t0 = time.perf_counter()
    winner = Hexapawn(columns, rows, pawn).winner(method="search")
    seconds = time.perf_counter() - t0
    positions = engine_for(columns, rows, pawn, False).positions
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{columns}x{rows} {pawn:13}: {winner:5}  {positions:>11,} positions  "
        f"{seconds:7.1f} s  (peak RSS so far {peak_mib:,.0f} MiB)",
        flush=True,
    )
    clear_engines()


def main() -> None:
    names = sys.argv[1:] or list(DEFAULT)
    for name in list(CASES) if names == ["all"] else names:
        run(name)


if __name__ == "__main__":
    main()
