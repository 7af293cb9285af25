"""Benchmarks of the impartial toolkit (a plain script: ``python benchmarks/bench_impartial.py``).

Workloads (issue 5):

* Kayles (0.77) Grundy sequence to n = 100000, computed directly on flat arrays,
  and again through its proven period (Guy-Smith certificate);
* Officers (0.6) to n = 100000 (no period is known: direct computation only);
* the Wythoff Grundy table 1000 x 1000 (numpy and pure-Python engines);
* nim products: all a, b < 256, and 10000 products of 64-bit nimbers.

Pass ``--quick`` for a smaller run (n = 20000, table 300 x 300).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from cgt.games import OctalGame
from cgt.games.wythoff import grundy_table
from cgt.impartial import nim_product


def timed(label: str, fn: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    result = fn()
    print(f"{label:<58} {time.perf_counter() - start:8.2f} s", flush=True)
    return result


def main(argv: list[str]) -> None:
    quick = "--quick" in argv
    n = 20_000 if quick else 100_000
    side = 300 if quick else 1000
    print(f"cgt impartial benchmarks (n = {n}, table {side} x {side})")

    kayles = timed(
        f"Kayles 0.77, G(0..{n}) direct (numpy engine)",
        lambda: OctalGame("0.77").grundy_sequence(n + 1),
    )

    def via_period() -> list[int]:
        game = OctalGame("0.77")
        p = game.periodicity()
        assert p is not None
        return [p.value(k) for k in range(n + 1)]

    periodic = timed(f"Kayles 0.77, G(0..{n}) via the proven period", via_period)
    assert periodic == kayles, "period disagrees with direct computation"

    officers = timed(
        f"Officers 0.6, G(0..{n}) direct (numpy engine)",
        lambda: OctalGame("0.6").grundy_sequence(n + 1),
    )
    print(f"    Officers: max value {max(officers)}, P-positions {officers.count(0)}")

    if quick:
        timed(
            "Officers 0.6, G(0..5000) pure-Python engine",
            lambda: OctalGame("0.6").grundy_sequence(5001, engine="python"),
        )

    table = timed(
        f"Wythoff Grundy table {side} x {side} (numpy engine)",
        lambda: grundy_table(side, engine="numpy"),
    )
    table_py = timed(
        f"Wythoff Grundy table {side} x {side} (pure-Python engine)",
        lambda: grundy_table(side, engine="python"),
    )
    assert table == table_py

    timed(
        "nim_product for all a, b < 256",
        lambda: [nim_product(a, b) for a in range(256) for b in range(256)],
    )
    rng = random.Random(5)
    pairs = [(rng.getrandbits(64), rng.getrandbits(64)) for _ in range(10_000)]
    timed("nim_product of 10000 random 64-bit pairs", lambda: [nim_product(a, b) for a, b in pairs])


if __name__ == "__main__":
    main(sys.argv[1:])
