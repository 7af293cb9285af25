"""Benchmarks of the impartial toolkit (a plain script: ``python benchmarks/bench_impartial.py``).

Workloads (issue 5):

* Kayles (0.77) Grundy sequence to n = 100000, computed directly on flat arrays,
  and again through its proven period (Guy-Smith certificate);
* Officers (0.6) to n = 100000 (no period is known: direct computation only);
* the Wythoff Grundy table 1000 x 1000 (numpy and pure-Python engines);
* nim products: all a, b < 256, and 10000 products of 64-bit nimbers.

Pass ``--quick`` for a smaller run (n = 20000, table 300 x 300).

``--sequences [--base REV] [--limit S] [--sizes 5,6,7]`` instead measures
octal-game Grundy sequences (issue 17) against an earlier commit in one run:
Kayles (0.77), Dawson's Kayles (0.07) and Officers (0.6) to 10**5, 10**6 and
10**7 heaps, 0.16 (period unknown) and 0.56 (period 144 from heap 326640, proven
only from about 653,570 values on) to 10**5 and 10**6, each with the numpy and the
pure-Python engine.  Each run is a fresh interpreter; CPU seconds and peak
memory (max RSS) are printed for both versions with the ratio new / base.
A run over ``--limit`` seconds (default 120) is stopped and shown as ``>``.
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


SEQUENCE_RUN = """
import resource, sys, time
from cgt.games import OctalGame
t = time.process_time()
seq = OctalGame({code!r}).grundy_sequence({n}, engine={engine!r}, progress=False)
cpu = time.process_time() - t
import cgt
assert cgt.__file__.startswith({root!r}), cgt.__file__
print(cpu, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, hash(tuple(seq)))
"""

SEQUENCE_WORKLOADS = [
    ("0.77", "Kayles", (5, 6, 7)),
    ("0.07", "Dawson's Kayles", (5, 6, 7)),
    ("0.6", "Officers", (5, 6, 7)),
    ("0.16", "0.16 (unknown)", (5, 6)),
    ("0.56", "0.56 (p=144 from 326640)", (5, 6)),
]


def _run_sequence(
    root: str, code: str, n: int, engine: str, limit: float
) -> tuple[float, float, int] | None:
    import os
    import subprocess

    env = dict(os.environ, PYTHONPATH=root)
    try:
        out = subprocess.run(
            [sys.executable, "-c", SEQUENCE_RUN.format(code=code, n=n, engine=engine, root=root)],
            env=env,
            cwd=root,  # so that "import cgt" finds this version, not the working directory's
            capture_output=True,
            text=True,
            timeout=limit,
            check=True,
        ).stdout.split()
    except subprocess.TimeoutExpired:
        return None
    return float(out[0]), float(out[1]), int(out[2])


def sequences(argv: list[str]) -> None:
    import tarfile
    import tempfile
    from pathlib import Path

    def option(name: str, default: str) -> str:
        return argv[argv.index(name) + 1] if name in argv else default

    base, limit = option("--base", "d2fc186"), float(option("--limit", "120"))
    sizes = {int(k) for k in option("--sizes", "5,6,7").split(",")}
    root = Path(__file__).resolve().parent.parent
    print(f"Grundy sequences: this tree vs {base} (CPU s, max RSS MiB; limit {limit:.0f} s)")
    print(f"{'workload':<38} {'engine':<7} {'base s':>8} {'new s':>8} {'ratio':>7} {'MiB':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        archive = Path(tmp) / "base.tar"
        import subprocess

        subprocess.run(
            ["git", "-C", str(root), "archive", "-o", str(archive), base, "cgt"], check=True
        )
        with tarfile.open(archive) as tar:
            tar.extractall(Path(tmp) / "base", filter="data")
        timed_out: set[tuple[str, str, str]] = set()
        for code, name, exponents in SEQUENCE_WORKLOADS:
            for e in exponents:
                if e not in sizes:
                    continue
                for engine in ("numpy", "python"):
                    # a version that ran out of time on fewer heaps is not run again
                    new = old = None
                    if (code, engine, "new") not in timed_out:
                        new = _run_sequence(str(root), code, 10**e, engine, limit)
                    if (code, engine, "base") not in timed_out:
                        old = _run_sequence(str(Path(tmp) / "base"), code, 10**e, engine, limit)
                    for side, result in (("new", new), ("base", old)):
                        if result is None:
                            timed_out.add((code, engine, side))
                    if new and old:
                        assert new[2] == old[2], f"{code} {engine}: sequences differ"
                    shown_old = f"{old[0]:8.2f}" if old else f"> {limit:.0f}".rjust(8)
                    shown_new = f"{new[0]:8.2f}" if new else f"> {limit:.0f}".rjust(8)
                    if new and old:
                        ratio = f"{new[0] / old[0]:.3f}"
                    elif new:  # the base version ran out of time
                        ratio = f"<{new[0] / limit:.3f}"
                    elif old:
                        ratio = f">{limit / old[0]:.3f}"
                    else:
                        ratio = "-"
                    memory = f"{new[1]:6.0f}" if new else "-"
                    label = f"{name} to 10**{e}"
                    print(
                        f"{label:<38} {engine:<7} {shown_old} {shown_new} {ratio:>7} {memory:>6}",
                        flush=True,
                    )


def main(argv: list[str]) -> None:
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
