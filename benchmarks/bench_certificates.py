"""Sizes and checking times of winning-strategy certificates for sums of several regions.

Run:  python benchmarks/bench_certificates.py [--seeds N]

Workloads (issue 32): sums of k random Domineering regions (2x3 and 3x3
boards, each square a hole with probability 1/5) and of k random 1x6 Clobber
regions, for k = 2, 4, 6, 8; and sums of k/2 such Domineering regions and
their negatives (the transposed boards), certified with mirror play. For
each sum a side that wins it (Left if it can, moving second if it can) gets a
certificate from :func:`cgt.certificates.strategy`, which the checker
:func:`cgt.verify.check` then replays with the move generators written from
the rules in ``tests/test_certificates.py`` (no cgt code). Printed per
workload, over the seeds: the certificate's nodes and JSON bytes (mean and
largest), the CPU seconds to build and to check them, and the nodes of the
same proofs without splits (``split=False``, the whole sum as one DAG; stopped
at :data:`CAP` nodes, then shown as a lower bound). Times are CPU seconds
(``time.process_time``), totals over the seeds; the build time is the
certificate's own work: the regions' values are computed before (to choose
the winner).

Not part of the tests, except ``--smoke`` (CI): a few small sums, every
certificate checked, their sizes compared with the sizes known in advance
and with the pure-Python paths.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # the tests' move generators

import _smoke

import cgt
from cgt.certificates import strategy
from cgt.games import Clobber, Domineering
from cgt.verify import check
from tests.test_certificates import clobber_moves, domineering_moves
from tests.test_certificates import domineering_negate as transpose

CAP = 100_000
"""Nodes a certificate without splits may have before the comparison gives up."""


# --- workloads ---------------------------------------------------------------------------
def domineering_region(rng: random.Random) -> Domineering:
    rows, cols = rng.choice([(2, 3), (3, 3), (3, 2)])
    cells = ["#" if rng.random() < 0.2 else "." for _ in range(rows * cols)]
    return Domineering("|".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)))


def clobber_region(rng: random.Random) -> Clobber:
    return Clobber("".join(rng.choice("xo") for _ in range(6)))


def domineering_sum(rng: random.Random, k: int) -> cgt.Sum:
    return cgt.Sum(*(domineering_region(rng) for _ in range(k)))


def mirrored_sum(rng: random.Random, k: int) -> cgt.Sum:
    parts = [domineering_region(rng) for _ in range(k // 2)]
    negatives = [Domineering(transpose(str(p)).replace("\n", "|")) for p in parts]
    return cgt.Sum(*parts, *negatives)


def clobber_sum(rng: random.Random, k: int) -> cgt.Sum:
    return cgt.Sum(*(clobber_region(rng) for _ in range(k)))


Workload = tuple[str, Callable[[random.Random, int], cgt.Sum], Any, Any]
WORKLOADS: list[Workload] = [
    ("Domineering", domineering_sum, domineering_moves, None),
    ("Domineering G + (-G)", mirrored_sum, domineering_moves, transpose),
    ("Clobber 1x6", clobber_sum, clobber_moves, None),
]


def winner(s: cgt.Sum) -> str:
    g = s.value()
    return "L" if g >= 0 or g.fuzzy(0) else "R"


def certify(s: cgt.Sum, moves: Any, negate: Any) -> dict[str, Any]:
    """Build and check one certificate; its sizes and CPU times."""
    side = winner(s)
    start = time.process_time()
    c = strategy(s, side, negate=negate)
    built = time.process_time()
    report = check(c.to_json(), moves, negate=negate, root=[str(p) for p in s.parts])
    checked = time.process_time()
    assert report.winner == side
    try:
        plain: int | None = strategy(s, side, split=False, max_nodes=CAP).nodes
    except cgt.TooLarge:
        plain = None
    return {
        "side": side,
        "moving": c.moving,
        "nodes": c.nodes,
        "bytes": c.json_bytes,
        "build": built - start,
        "check": checked - built,
        "plain": plain,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=10)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, answers checked")
    parser.add_argument(_smoke.CHILD, action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.smoke:
        sys.exit(smoke())
    print(f"{args.seeds} seeds per row; CPU seconds; 'plain' = nodes without splits")
    for name, make, moves, negate in WORKLOADS:
        for k in (2, 4, 6, 8):
            rows = []
            for seed in range(args.seeds):
                rows.append(certify(make(random.Random(f"{name} {k} {seed}"), k), moves, negate))
            nodes = [r["nodes"] for r in rows]
            plain = [r["plain"] for r in rows]
            capped = any(p is None for p in plain)
            plain_total = sum(p if p is not None else CAP for p in plain)
            print(
                f"  {name:22} k={k}  nodes mean {sum(nodes) / len(rows):8.1f} max {max(nodes):6}  "
                f"bytes mean {sum(r['bytes'] for r in rows) / len(rows):9.0f}  "
                f"build {sum(r['build'] for r in rows):7.3f}  "
                f"check {sum(r['check'] for r in rows):7.3f}  "
                f"plain mean {'>=' if capped else '  '}{plain_total / len(rows):9.1f}",
                flush=True,
            )


def smoke() -> int:
    def compute() -> dict[str, object]:
        out: dict[str, object] = {}
        for name, make, moves, negate in WORKLOADS:
            for seed in range(3):
                r = certify(make(random.Random(f"{name} 4 {seed}"), 4), moves, negate)
                out[f"{name} seed {seed}"] = (r["side"], r["moving"], r["nodes"], r["bytes"])
        fixed = cgt.Sum(*(Domineering(t) for t in ("...|...", "..|..|..", "...|...", "..|..|..")))
        r = certify(fixed, domineering_moves, None)
        out["2x3 + 3x2 + 2x3 + 3x2"] = (r["side"], r["moving"], r["nodes"], r["plain"])
        return out

    known = {"2x3 + 3x2 + 2x3 + 3x2": ("L", "second", 44, 672)}
    return _smoke.run(__file__, compute, known)


if __name__ == "__main__":
    main()
