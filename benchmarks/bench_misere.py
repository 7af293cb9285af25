"""Misère quotients: time the verified quotient of Kayles (0.77), of 0.75 and of Wythoff queens.

Run:  python benchmarks/bench_misere.py [--kayles N] [--n075 N] [--wythoff SIZE]

Each quotient is computed from scratch (a new ruleset object each time; the
Wythoff quotient through ``misere_quotient_of`` on every single queen of a
``SIZE`` x ``SIZE`` board, bypassing the method's cache).  Printed: heaps
(or components) covered, order, generators, whether stability is proven, the
number of states the verification visited and the seconds taken.

``--smoke`` (CI): small bounds; orders, generators and verified states checked
against the pure-Python paths, and each quotient on fewer heaps no larger than
on more.
"""

from __future__ import annotations

import argparse
import sys
import time

from cgt.games import OctalGame, Wythoff
from cgt.impartial import misere_quotient_of


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
        return out

    return _smoke.run(__file__, ours)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kayles", type=int, nargs="*", default=[30, 90, 180])
    parser.add_argument("--n075", type=int, nargs="*", default=[30, 200])
    parser.add_argument("--wythoff", type=int, nargs="*", default=[8])
    args = parser.parse_args()
    for n in args.kayles:
        run("0.77", n)
    for n in args.n075:
        run("0.75", n)
    for size in args.wythoff:
        run_wythoff(size)


if __name__ == "__main__":
    main()
