"""Misère quotients: time the verified quotient of Kayles (0.77), of 0.75, of Wythoff queens
and of random families of heaps.

Run:  python benchmarks/bench_misere.py [--kayles N] [--n075 N] [--wythoff SIZE] [--families K]

Each quotient is computed from scratch (a new ruleset object each time; the
Wythoff quotient through ``misere_quotient_of`` on every single queen of a
``SIZE`` x ``SIZE`` board, bypassing the method's cache).  Printed: heaps
(or components) covered, order, generators, whether stability is proven, the
number of states the verification visited and the seconds taken.

``--families K``: the quotients of the random families of seeds 0 to K - 1 with 9 labels
(a label ``k`` moves to sums of up to two smaller labels: tests/test_misere_quotient_of.py's
families), whose learning asks the same sums many times.  Keeping the answers by the sum
as asked (session 19), in one run on two cores: the quotients of 40 such families (8 to
10 labels) and of six octal games to heap 14 (0.77, 0.75, 0.123, 0.31, 4.07, 0.137) took
216.7 CPU s before and 40.2 after (5.4x), with the same answers; family 8 (order 36)
alone 22 CPU s against 5.

``--smoke`` (CI): small bounds; orders, generators and verified states checked
against the pure-Python paths, and each quotient on fewer heaps no larger than
on more.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # the tests' families

from cgt.games import OctalGame, Wythoff
from cgt.impartial import misere_quotient_of
from tests.test_misere_quotient_of import random_family


def run(code: str, n: int) -> None:
    start = time.perf_counter()
    q = OctalGame(code).misere_quotient(n)
    took = time.perf_counter() - start
    print(
        f"{code:>6} heaps<={n:<4} order {len(q):<4} generators {q.generators} "
        f"stable {q.stability} states {q.verified_states}  {took:.2f} s"
    )


def run_wythoff(size: int) -> None:
    start = time.perf_counter()
    queens = [Wythoff([(x, y)]) for x in range(size) for y in range(x, size)]
    q = misere_quotient_of(queens)
    took = time.perf_counter() - start
    print(
        f"Wythoff {size}x{size}: {len(q.components)} queens, order {len(q):<4} "
        f"generators {len(q.generators)} states {q.verified_states}  {took:.2f} s"
    )


def run_families(count: int) -> None:
    start = time.process_time()
    orders = []
    for seed in range(count):
        family = random_family(seed, 9)
        orders.append(len(misere_quotient_of([max(family)], family.__getitem__)))
    took = time.process_time() - start
    print(f"{count} random families: orders {orders}  {took:.2f} CPU s")


def smoke() -> int:
    """Small bounds, answers checked (see the module docstring)."""
    import _smoke

    def ours() -> dict[str, object]:
        out: dict[str, object] = {}
        for code, bounds in (("0.77", (8, 16)), ("0.75", (12, 30))):
            orders = []
            for n in bounds:
                q = OctalGame(code).misere_quotient(n)
                orders.append(len(q))
                out[f"{code} heaps<={n}"] = (len(q), q.generators, q.verified_states)
            if orders != sorted(orders):
                raise SystemExit(f"smoke: {code}: a quotient shrank on more heaps: {orders}")
        for size in (3, 4):
            queens = [Wythoff([(x, y)]) for x in range(size) for y in range(x, size)]
            q = misere_quotient_of(queens)
            out[f"Wythoff {size}x{size}"] = (len(q), len(q.generators), q.verified_states)
        for seed in (0, 2, 13):
            family = random_family(seed, 8 + seed % 3)
            q = misere_quotient_of([max(family)], family.__getitem__)
            out[f"family {seed}"] = (len(q), q.presentation())
        return out

    return _smoke.run(__file__, ours)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kayles", type=int, nargs="*", default=[30, 90, 180])
    parser.add_argument("--n075", type=int, nargs="*", default=[30, 200])
    parser.add_argument("--wythoff", type=int, nargs="*", default=[8])
    parser.add_argument("--families", type=int, default=12)
    args = parser.parse_args()
    for n in args.kayles:
        run("0.77", n)
    for n in args.n075:
        run("0.75", n)
    for size in args.wythoff:
        run_wythoff(size)
    run_families(args.families)


if __name__ == "__main__":
    main()
