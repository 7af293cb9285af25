"""Benchmark: the generic solver on positions that use the plain Position protocol.

Run ``python benchmarks/bench_protocol.py``.  The keyed-rules fast path (Col,
Snort, Domineering) is measured by ``bench_positions.py``; this one times the
protocol path (``Solver.value`` / ``Solver.grundy`` over ``left_options``,
``components`` and ``key``), best of five runs with fresh tables.

``--smoke`` (CI): Kayles rows to 40 checked against octal game 0.77 (Kayles'
rules as a heap game), and small strips against the pure-Python paths.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import Any

from cgt.games.base import ImpartialPosition, Position
from cgt.solver import Solver


class Kayles(ImpartialPosition):
    """A row of Kayles pins as a sum of rows (components)."""

    def __init__(self, *rows: int) -> None:
        self.rows = tuple(r for r in rows if r)

    def options(self) -> list[Kayles]:
        (n,) = self.rows
        return [Kayles(i, n - i - t) for t in (1, 2) for i in range(n - t + 1)]

    def components(self) -> list[Kayles]:
        return [Kayles(r) for r in self.rows]

    def key(self) -> Any:
        return self.rows


class Strip(Position):
    """Left takes 1 or 2 from the right end, Right 1 or 3 from the left end, of a strip of cells
    with a gap-free 'cut' rule: the remainder splits into two strips."""

    def __init__(self, *rows: int) -> None:
        self.rows = tuple(sorted(r for r in rows if r))

    def left_options(self) -> list[Strip]:
        (n,) = self.rows
        return [Strip(i, n - i - 1) for i in range(n)]

    def right_options(self) -> list[Strip]:
        (n,) = self.rows
        return [Strip(i, n - i - 2) for i in range(n - 1)]

    def components(self) -> list[Strip]:
        return [Strip(r) for r in self.rows]

    def key(self) -> Any:
        return self.rows


def best(fn: Callable[[], Any], runs: int = 5) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def smoke() -> int:
    """Small sizes, answers checked (see the module docstring)."""
    import _smoke

    from cgt.games import OctalGame

    kayles = OctalGame("0.77").grundy_sequence(41, progress=False)

    def ours() -> dict[str, object]:
        out: dict[str, object] = {f"Kayles({n})": Solver().grundy(Kayles(n)) for n in range(1, 41)}
        out.update({f"Strip({n})": Solver().value(Strip(n)) for n in range(1, 25)})
        return out

    return _smoke.run(__file__, ours, {f"Kayles({n})": kayles[n] for n in range(1, 41)})


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    kayles = best(lambda: [Solver().grundy(Kayles(n)) for n in range(1, 160, 3)])
    strip = best(lambda: Solver().value(Strip(200)))
    print(f"Kayles rows 1..160 (grundy): {kayles * 1000:8.1f} ms")
    print(f"Strip(200) (value):          {strip * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
