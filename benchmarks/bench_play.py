"""Outcomes of sums by search against the outcome of the sum's value.

Run:  python benchmarks/bench_play.py [--seeds N]

Workloads (the playing-well issue): sums of 10 random 4x4 Domineering regions
(each square a hole with probability 1/10) and sums of 8 random 2x5 Clobber
regions; and sums of 10 such Clobber regions (issue 33): with 8 the compiled
engine values most sums in milliseconds, so the race of ``cgt.play.outcome``
(see ``cgt.play.ROUTE``) rightly ends on the value route, while with 10 the
canonical forms of some sums blow up (seconds) and the search answers.

For each sum, both sides start cold (``cgt.clear_caches()`` and the solver
tables) with the parts already valued, since both need the parts' values;
then ``cgt.play.outcome(sum)`` is timed against ``sum.value().outcome()``,
and again with the search in Python throughout (``COMPILED_SUM_SEARCH`` off:
the outcome search before the compiled sum search, ``cgt/_c/sumsearch.h``)
(a value that needs over :data:`VALUE_CAP` steps is given up: its time is
then a lower bound, and the outcome is checked against the search alone).
A second table times both from cold including the parts.  Printed: totals
over the seeds and the ratio value / outcome (above 1: ``outcome`` is
faster), the same for the Python search ("python search"), and that every
outcome agreed.  Times are CPU seconds
(``time.process_time``).  Not part of the tests, except ``--smoke`` (CI):
three sums of four regions each, the search's outcome checked against the
value's and both against the pure-Python paths.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import cgt
from cgt import play
from cgt.games import Clobber, Domineering, clear_solver_caches
from cgt.play import Sum, outcome


def domineering_region(rng: random.Random) -> Domineering:
    cells = ["#" if rng.random() < 0.1 else "." for _ in range(16)]
    return Domineering("|".join("".join(cells[r * 4 : r * 4 + 4]) for r in range(4)))


def clobber_region(rng: random.Random) -> Clobber:
    cells = [rng.choice("xo.") if rng.random() < 0.3 else rng.choice("xo") for _ in range(10)]
    return Clobber("".join(cells[:5]) + "|" + "".join(cells[5:]))


def cold(s: Sum, value_parts: bool) -> None:
    cgt.clear_caches()
    clear_solver_caches()
    if value_parts:
        for part in s.parts:
            part.value()


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.process_time()
    result = fn()
    return result, time.process_time() - start


VALUE_CAP = 20_000_000
"""Steps of work (``cgt.work_limit``) after which a value is given up (some
10-region Clobber sums need minutes); its time then counts as a lower bound."""


def capped_value_outcome(s: Sum) -> cgt.Outcome | None:
    """``s.value().outcome()``, or None when the value needs over :data:`VALUE_CAP` steps."""
    try:
        with cgt.work_limit(VALUE_CAP):
            return s.value().outcome()
    except cgt.WorkLimitExceeded:
        return None


def search_only(s: Sum) -> cgt.Outcome:
    """The outcome by the search alone (``cgt.play.ROUTE = "search"``)."""
    before = getattr(play, "ROUTE", "search")  # (versions before the race: the search)
    play.ROUTE = "search"  # type: ignore[attr-defined,unused-ignore]
    try:
        return outcome(s)
    finally:
        play.ROUTE = before  # type: ignore[attr-defined,unused-ignore]


def smoke() -> int:
    """Small sums, outcomes checked (see the module docstring)."""
    import _smoke

    def ours() -> dict[str, object]:
        out: dict[str, object] = {}
        regions = (("Domineering 4x4", domineering_region), ("Clobber 2x5", clobber_region))
        for name, make in regions:
            for seed in range(3):
                rng = random.Random(seed)
                s = Sum(*[make(rng) for _ in range(4)])
                cold(s, False)
                by_search = outcome(s)
                cold(s, True)
                by_value = s.value().outcome()
                if by_search is not by_value:
                    raise SystemExit(f"smoke: {name} {seed}: {by_search} by search, {by_value}")
                out[f"4 {name}, seed {seed}"] = by_search
        return out

    return _smoke.run(__file__, ours)


def python_search_outcome(s: Sum) -> cgt.Outcome:
    """``outcome(s)`` with the compiled sum search off (as before it; the same answers)."""
    before = getattr(play, "COMPILED_SUM_SEARCH", False)
    play.COMPILED_SUM_SEARCH = False  # type: ignore[attr-defined,unused-ignore]
    try:
        return outcome(s)
    finally:
        play.COMPILED_SUM_SEARCH = before  # type: ignore[attr-defined,unused-ignore]


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=12, help="sums per workload")
    args = parser.parse_args()
    workloads = [
        ("10 Domineering 4x4", domineering_region, 10),
        ("8 Clobber 2x5", clobber_region, 8),
        ("10 Clobber 2x5", clobber_region, 10),
    ]
    for value_parts in (True, False):
        title = "sum only (parts valued first)" if value_parts else "from cold (parts included)"
        print(title)
        for name, make, n in workloads:
            search_total = value_total = python_total = 0.0
            agree, capped = True, 0
            for seed in range(args.seeds):
                rng = random.Random(seed)
                s = Sum(*[make(rng) for _ in range(n)])
                cold(s, value_parts)
                by_value, t_value = timed(lambda s=s: capped_value_outcome(s))
                cold(s, value_parts)
                by_search, t_search = timed(lambda s=s: outcome(s))
                cold(s, value_parts)
                by_python, t_python = timed(lambda s=s: python_search_outcome(s))
                agree &= by_python is by_search
                python_total += t_python
                if by_value is None:  # the value did not finish: check by the search alone
                    capped += 1
                    by_value = search_only(s)
                agree &= by_value is by_search
                search_total += t_search
                value_total += t_value
            at_least = ">=" if capped else "  "
            print(
                f"  {name:20} outcome {search_total:7.3f} s  value {at_least}{value_total:7.3f} s  "
                f"ratio {at_least}{value_total / search_total:6.1f}x  "
                f"(python search {python_total:7.3f} s, "
                f"{at_least}{value_total / python_total:5.1f}x)  "
                f"agree {agree}"
                + (f"  ({capped} values stopped at {VALUE_CAP:,} steps)" if capped else ""),
                flush=True,
            )


if __name__ == "__main__":
    main()
