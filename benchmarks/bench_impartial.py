"""Benchmarks of the impartial toolkit (a plain script: ``python benchmarks/bench_impartial.py``).

Workloads (issue 5):

* Kayles (0.77) Grundy sequence to n = 100000, computed directly on flat arrays,
  and again through its proven period (Guy-Smith certificate);
* Officers (0.6) to n = 100000 (no period is known: direct computation only),
  and, with the compiled kernel, to n = 10**7 (issue 33);
* the Wythoff Grundy table 1000 x 1000 (numpy and pure-Python engines);
* nim products: all a, b < 256, and 10000 products of 64-bit nimbers.

Pass ``--quick`` for a smaller run (n = 20000, table 300 x 300).

``--sequences [--limit S] [--sizes 5,6,7]`` instead measures octal-game
Grundy sequences (issue 17), the compiled kernel against pure Python
(``CGT_PURE_PYTHON=1``, numpy engine) in one run: Kayles (0.77), Dawson's
Kayles (0.07) and Officers (0.6) to 10**5, 10**6 and 10**7 heaps, 0.16 (period
unknown) and 0.56 (period 144 from heap 326640, proven only from about 653,570
values on) to 10**5 and 10**6.  Each run is a fresh interpreter; CPU seconds,
the speed-up and the compiled run's peak memory (max RSS) are printed, and the
two sequences must agree.  A run over ``--limit`` seconds (default 120) is
stopped and shown as ``>`` (then not tried on more heaps); the pure-Python
Officers to 10**7 is not run but estimated (``~``) as ten times its 10**6 time.

``--smoke`` (CI): the same workloads at small sizes, checked against published
values (Kayles' first twelve Grundy values; nim products of small Fermat
2-powers), against each other (period against direct computation, the numpy
and pure-Python Wythoff tables) and against the pure-Python paths.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from cgt import compiled
from cgt.games import OctalGame
from cgt.games.wythoff import grundy_table
from cgt.impartial import nim_product


def timed(label: str, fn: Callable[[], Any]) -> Any:
    start = time.process_time()  # CPU seconds: other processes do not count
    result = fn()
    print(f"{label:<58} {time.process_time() - start:8.2f} s", flush=True)
    return result


SEQUENCE_RUN = """
import resource, sys, time
import cgt
from cgt.games import OctalGame
t = time.process_time()
seq = OctalGame({code!r}).grundy_sequence({n}, progress=False)
cpu = time.process_time() - t
assert cgt.__file__.startswith({root!r}), cgt.__file__
print(cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, hash(tuple(seq)),
      cgt.compiled().get("heap", False))
"""

SEQUENCE_WORKLOADS = [
    ("0.77", "Kayles", (5, 6, 7)),
    ("0.07", "Dawson's Kayles", (5, 6, 7)),
    ("0.6", "Officers", (5, 6, 7)),
    ("0.16", "0.16 (unknown)", (5, 6)),
    ("0.56", "0.56 (p=144 from 326640)", (5, 6)),
]

PURE_SKIPPED = {("0.6", 7)}
"""Pure-Python runs left out as too slow (Officers to 10**7: about ten times its 10**6
time, the sparse space's work being close to linear there); shown as ``~`` that estimate."""


def _run_sequence(
    root: str, code: str, n: int, pure: bool, limit: float
) -> tuple[float, float, int, bool] | None:
    import os
    import subprocess

    env = dict(os.environ, PYTHONPATH=root, CGT_PURE_PYTHON="1" if pure else "0")
    try:
        out = subprocess.run(
            [sys.executable, "-c", SEQUENCE_RUN.format(code=code, n=n, root=root)],
            env=env,
            cwd=root,  # so that "import cgt" finds this tree, not the working directory's
            capture_output=True,
            text=True,
            timeout=limit,
            check=True,
        ).stdout.split()
    except subprocess.TimeoutExpired:
        return None
    return float(out[0]), float(out[1]), int(out[2]), out[3] == "True"


def sequences(argv: list[str]) -> None:
    from pathlib import Path

    def option(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    limit = float(option("--limit", "120"))
    sizes = {int(k) for k in option("--sizes", "5,6,7").split(",")}
    root = str(Path(__file__).resolve().parent.parent)
    print(
        "Grundy sequences: compiled kernel vs CGT_PURE_PYTHON=1 (numpy engine), "
        f"CPU s and max RSS MiB of a fresh interpreter each; limit {limit:.0f} s"
    )
    print(f"{'workload':<38} {'pure s':>8} {'compiled s':>10} {'speed-up':>8} {'MiB':>6}")
    timed_out: set[tuple[str, bool]] = set()
    last_pure: dict[tuple[str, int], float] = {}
    for code, name, exponents in SEQUENCE_WORKLOADS:
        for e in sorted(exponents):
            if e not in sizes:
                continue
            # a side that ran out of time on fewer heaps is not run again
            runs = {
                pure: None
                if (code, pure) in timed_out or (pure and (code, e) in PURE_SKIPPED)
                else _run_sequence(root, code, 10**e, pure, limit)
                for pure in (True, False)
            }
            for pure, result in runs.items():
                if result is None:
                    timed_out.add((code, pure))
            slow, quick = runs[True], runs[False]
            if quick is not None and not quick[3]:
                print("the heap kernel is not built: python setup.py build_ext --inplace")
                return
            if slow and quick:
                assert slow[2] == quick[2], f"{code} to 10**{e}: sequences differ"
            shown_slow = f"{slow[0]:8.2f}" if slow else f"> {limit:.0f}".rjust(8)
            if (code, e) in PURE_SKIPPED and (code, e - 1) in last_pure:
                shown_slow = f"~{10 * last_pure[code, e - 1]:.0f}".rjust(8)  # not run: 10 x
            if slow:
                last_pure[code, e] = slow[0]
            shown_quick = f"{quick[0]:10.2f}" if quick else f"> {limit:.0f}".rjust(10)
            if slow and quick:
                ratio = f"{slow[0] / max(quick[0], 1e-9):.1f}x"
            elif quick and (code, e - 1) in last_pure and (code, e) in PURE_SKIPPED:
                ratio = f"~{10 * last_pure[code, e - 1] / max(quick[0], 1e-9):.1f}x"
            elif quick:  # the pure-Python run ran out of time
                ratio = f">{limit / max(quick[0], 1e-9):.1f}x"
            else:
                ratio = "-"
            memory = f"{quick[1]:6.0f}" if quick else "-"
            label = f"{name} to 10**{e}"
            print(f"{label:<38} {shown_slow} {shown_quick} {ratio:>8} {memory:>6}", flush=True)


def smoke() -> int:
    """Small sizes, answers checked (see the module docstring)."""
    import hashlib

    import _smoke

    def digest(values: object) -> str:
        return hashlib.sha256(repr(values).encode()).hexdigest()[:16]

    def ours() -> dict[str, object]:
        kayles = OctalGame("0.77").grundy_sequence(3001, progress=False)
        p = OctalGame("0.77").periodicity()
        if [p.value(k) for k in range(3001)] != kayles:
            raise SystemExit("smoke: Kayles' period disagrees with the direct computation")
        table = grundy_table(40, engine="numpy")
        if table != grundy_table(40, engine="python"):
            raise SystemExit("smoke: the numpy and pure-Python Wythoff tables differ")
        return {
            "Kayles G(0..11)": kayles[:12],
            "Kayles G(0..3000)": digest(kayles),
            "Officers G(0..3000)": digest(OctalGame("0.6").grundy_sequence(3001, progress=False)),
            "0.16 G(0..3000)": digest(OctalGame("0.16").grundy_sequence(3001, progress=False)),
            "Wythoff table 40": digest(table),
            "nim products 2*2, 4*4, 2*3, 16*16": [
                nim_product(2, 2),
                nim_product(4, 4),
                nim_product(2, 3),
                nim_product(16, 16),
            ],
            "nim products < 32": digest([nim_product(a, b) for a in range(32) for b in range(32)]),
        }

    # Kayles: Guy and Smith (1956), Winning Ways ch. 4; nim products: a Fermat 2-power F
    # times itself is 3F/2 (2*2 = 3, 4*4 = 6, 16*16 = 24), and 2*3 = 2*(2+1) = 3+2 = 1
    known = {
        "Kayles G(0..11)": [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6],
        "nim products 2*2, 4*4, 2*3, 16*16": [3, 6, 1, 24],
    }
    return _smoke.run(__file__, ours, known)


def main(argv: list[str]) -> None:
    if "--smoke" in argv:
        sys.exit(smoke())
    if "--sequences" in argv:
        sequences(argv)
        return
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
        return [p.value(k) for k in range(n + 1)]

    periodic = timed(f"Kayles 0.77, G(0..{n}) via the proven period", via_period)
    assert periodic == kayles, "period disagrees with direct computation"

    officers = timed(
        f"Officers 0.6, G(0..{n}) direct (numpy engine)",
        lambda: OctalGame("0.6").grundy_sequence(n + 1),
    )
    print(f"    Officers: max value {max(officers)}, P-positions {officers.count(0)}")

    if not quick and compiled().get("heap", False):
        # the compiled kernel's blocks of the sparse space (issue 33), run for real
        big = timed(
            "Officers 0.6, G(0..10**7) (compiled kernel)",
            lambda: OctalGame("0.6").grundy_sequence(10**7, progress=False),
        )
        assert big[: n + 1] == officers, "the kernel disagrees with the shorter run"
        print(f"    Officers to 10**7: max value {max(big)}, P-positions {big.count(0)}")

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
