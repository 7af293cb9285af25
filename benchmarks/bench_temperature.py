"""Benchmark: temperature, cool(1) and reduced form of a sum of hot games.

The workload of issue 3: G = sum of {k || k-1 | 0} for k = 1..7.  The sum is
built first (not timed); then temperature, cooling by 1 and the reduced
canonical form are timed from cold caches.  When cgt-py is installed it runs
the same workload in the same process and the ratio is printed.

Run:  python benchmarks/bench_temperature.py

``--smoke`` (CI): the same for k = 1..4, the temperature, the cooled sum and
the reduced form checked against cgt-py (when installed) and the pure-Python
paths.
"""

from __future__ import annotations

import sys
import time

import cgt
from cgt.atomic import clear_atomic_caches
from cgt.temperature import clear_temperature_caches

TEXTS = [f"{{{k}|{{{k - 1}|0}}}}" for k in range(1, 8)]
REPEAT = 3


def bench_cgt() -> tuple[float, tuple[str, str, int]]:
    best = float("inf")
    result: tuple[str, str, int] = ("", "", 0)
    for _ in range(REPEAT):
        cgt.clear_caches()
        clear_temperature_caches()
        clear_atomic_caches()
        total = cgt.zero
        for text in TEXTS:
            total = total + cgt.parse(text)
        start = time.perf_counter()
        temperature = total.temperature()
        cooled = total.cool(1)
        reduced = total.reduced()
        best = min(best, time.perf_counter() - start)
        result = (str(temperature), str(cooled.mean()), reduced.birthday())
    return best, result


def bench_cgt_py() -> tuple[float, tuple[str, str, int]] | None:
    try:
        import cgt_py
    except ImportError:
        return None
    best = float("inf")
    result: tuple[str, str, int] = ("", "", 0)
    for _ in range(REPEAT):
        total = cgt_py.CanonicalForm(TEXTS[0])
        for text in TEXTS[1:]:
            total = total + cgt_py.CanonicalForm(text)
        start = time.perf_counter()
        temperature = total.temperature
        cooled = total.cool("1")
        reduced = total.reduced
        best = min(best, time.perf_counter() - start)
        result = (repr(temperature), repr(cooled)[:20], int(reduced.birthday))
    return best, result


def smoke() -> int:
    """k = 1..4, answers checked (see the module docstring)."""
    import _smoke

    texts = TEXTS[:4]

    def ours() -> dict[str, object]:
        total = cgt.zero
        for text in texts:
            total = total + cgt.parse(text)
        return {
            "temperature": total.temperature(),
            "cooled by 1": total.cool(1),
            "reduced": total.reduced(),
        }

    def theirs() -> dict[str, object]:
        import cgt_py

        total = cgt_py.CanonicalForm(texts[0])
        for text in texts[1:]:
            total = total + cgt_py.CanonicalForm(text)
        temperature = repr(total.temperature)
        if temperature.startswith("DyadicRationalNumber('"):
            temperature = temperature[len("DyadicRationalNumber('") : -2]
        return {
            "temperature": cgt.parse(temperature),
            "cooled by 1": cgt.parse(_smoke.peer_text(total.cool("1"))),
            "reduced": cgt.parse(_smoke.peer_text(total.reduced)),
        }

    return _smoke.run(__file__, ours, peer=theirs)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    ours, info = bench_cgt()
    print(
        f"cgt:    {ours:.4f} s  (temperature {info[0]}, mean of G_1 {info[1]}, "
        f"birthday of rcf {info[2]})"
    )
    peer = bench_cgt_py()
    if peer is None:
        print("cgt-py: not installed (pip install cgt-py, the 'peer' extra)")
        return
    theirs, pinfo = peer
    print(f"cgt-py: {theirs:.4f} s  (temperature {pinfo[0]})")
    print(f"ratio cgt / cgt-py = {ours / theirs:.3f}  (cgt is {theirs / ours:.1f}x faster)")


if __name__ == "__main__":
    main()
