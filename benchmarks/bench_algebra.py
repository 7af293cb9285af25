"""Algebra workloads, timed for cgt and (when installed) for cgt-py in the same run.

Run:  python benchmarks/bench_algebra.py [--repeat N]

``--smoke`` (CI): the workloads at tiny sizes, their answers checked against
values known in advance, against cgt-py when installed and against the
pure-Python paths; exits non-zero on a disagreement.

Each workload starts from cold caches (``cgt.clear_caches()``), and each side
builds its inputs inside the timed region.  Printed: seconds for each side and
the ratio cgt / cgt-py (below 1 means cgt is faster).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import cgt
from cgt import canonical

try:
    import cgt_py
except ImportError:  # pragma: no cover - the peer is optional
    cgt_py = None


def _switch_sum(make: Callable[[str], Any], zero: Any, n: int) -> Any:
    total = zero
    for k in range(1, n + 1):
        total = total + make(f"{{{k}|-{k}}}")
    return total


def _hot_sum(make: Callable[[str], Any], zero: Any, n: int) -> Any:
    total = zero
    for k in range(1, n + 1):
        total = total + make(f"{{{k}|{{{k - 1}|0}}}}")
    return total


def _mixed_forms(count: int) -> list[str]:
    rng = random.Random(4000)
    atoms = ["0", "*", "1", "-1", "1/2", "^", "v", "*2", "3/4", "^*", "2"]

    def form(depth: int) -> str:
        if depth == 0:
            return rng.choice(atoms)
        left = ",".join(form(depth - 1) for _ in range(rng.randint(0, 2)))
        right = ",".join(form(depth - 1) for _ in range(rng.randint(0, 2)))
        return "{" + left + "|" + right + "}"

    return [form(rng.randint(0, 3)) for _ in range(count)]


FORMS = _mixed_forms(4000)


def workloads(lib: str) -> dict[str, Callable[[], Any]]:
    if lib == "cgt":
        make: Callable[[str], Any] = cgt.parse
        zero: Any = cgt.zero
    else:
        assert cgt_py is not None
        make = cgt_py.CanonicalForm
        zero = cgt_py.CanonicalForm(0)

    def inverse_general() -> bool:
        # Defeat the G + (-G) shortcut so the sum is really expanded.
        canonical.INVERSE_SHORTCUT = False
        try:
            g = _switch_sum(make, zero, 7)
            return bool((g + (-g)) == zero)
        finally:
            canonical.INVERSE_SHORTCUT = True

    def inverse() -> bool:
        g = _switch_sum(make, zero, 7)
        return bool((g + (-g)) == zero)

    return {
        "sum of {k|-k}, k=1..16": lambda: _switch_sum(make, zero, 16),
        "sum of {k||k-1|0}, k=1..8": lambda: _hot_sum(make, zero, 8),
        "G + (-G) == 0, G = sum {k|-k}, k=1..7": inverse,
        "  same, inverse shortcut off": inverse_general if lib == "cgt" else inverse,
        "4000 parses of mixed forms": lambda: [make(s) for s in FORMS],
    }


def timed(fn: Callable[[], Any], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        cgt.clear_caches()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def smoke() -> int:
    """Tiny sizes, answers checked (see the module docstring)."""
    import _smoke

    def results(
        make: Callable[[str], Any], zero: Any, text: Callable[[Any], str]
    ) -> dict[str, str]:
        g = _switch_sum(make, zero, 4)
        out = {
            "sum of {k|-k}, k=1..4": text(g),
            "sum of {k||k-1|0}, k=1..3": text(_hot_sum(make, zero, 3)),
            "G + (-G) == 0": str(bool((g + (-g)) == zero)),
        }
        return out

    def ours() -> dict[str, object]:
        out: dict[str, object] = dict(results(cgt.parse, cgt.zero, str))
        g = cgt.parse(out["sum of {k|-k}, k=1..4"])
        # Left moves first and takes 4, Right -3, Left 2, Right -1: 2 (and -2 for Right)
        out["stops of the switch sum"] = (g.left_stop(), g.right_stop())
        canonical.INVERSE_SHORTCUT = False
        try:
            out["G + (-G) == 0, shortcut off"] = (g + (-g)) == cgt.zero
        finally:
            canonical.INVERSE_SHORTCUT = True
        printed = "\n".join(str(cgt.parse(s)) for s in FORMS[:300])
        out["300 parses (sha256 of the printed forms)"] = hashlib.sha256(
            printed.encode()
        ).hexdigest()
        return out

    def theirs() -> dict[str, object]:
        assert cgt_py is not None

        def text(x: Any) -> str:
            return str(cgt.parse(_smoke.peer_text(x)))

        return dict(results(cgt_py.CanonicalForm, cgt_py.CanonicalForm(0), text))

    known = {
        "G + (-G) == 0": True,
        "G + (-G) == 0, shortcut off": True,
        "stops of the switch sum": (2, -2),
    }
    return _smoke.run(__file__, ours, known, theirs)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs for cgt")
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, answers checked (CI)")
    args = parser.parse_args()
    ours = workloads("cgt")
    theirs = workloads("cgt_py") if cgt_py is not None else {}
    print(f"{'workload':42} {'cgt s':>9} {'cgt-py s':>9} {'ratio':>8}")
    for name, fn in ours.items():
        t_ours = timed(fn, args.repeat)
        if name in theirs:
            t_theirs = timed(theirs[name], 1)
            ratio = f"{t_ours / t_theirs:8.4f}"
            print(f"{name:42} {t_ours:9.4f} {t_theirs:9.4f} {ratio}")
        else:
            print(f"{name:42} {t_ours:9.4f} {'-':>9} {'-':>8}")


if __name__ == "__main__":
    main()
