"""Simplest forms of stoppers: graph sizes and seconds.

Run:  python benchmarks/bench_loopy_canonical.py

For each stopper: the size of its graph, the seconds for
:meth:`cgt.loopy.LoopyGame.canonical` (the order of all pairs of positions
by one retrograde analysis, then fusion, dominated and reversible options
to a fixpoint), the size of the simplest form, and how it prints.  Not part
of the tests.

Figures on the development machine (2 cores, Python 3.11, other jobs
running), against the earlier ``simplify()`` of commit cc953ac (each step
checked by a product-graph comparison; graphs of more than 24 positions
returned as they were), run as ``PYTHONPATH=<old checkout> python
benchmarks/bench_loopy_canonical.py --old``:

==========================================  =====  =========  ==================
stopper                                     nodes  canonical  old simplify
==========================================  =====  =========  ==================
upsum(g, -g), g = {0|^<on>||v<on>}             40  0.002 s    unchanged (40)
{0,pass|a{0|a},5}                               8  0.0002 s   0.08 s (same, 2)
a{0||||0|||a|*||*} + ^[on]                     17  0.0006 s   5.9 s (same, 5)
^[on] + ^[on]* + ^[on]                         12  0.0004 s   0.22 s (same, 4)
a{0||||0|||a|*||*} + {3|1||-1|-3}              60  0.016 s    unchanged (60)
random 20-node stopper + {3|1||-1|-3}         170  0.07 s     unchanged (170)
random 30-node stopper + {3|1||-1|-3} + ^*    486  1.0 s      unchanged (486)
==========================================  =====  =========  ==================

The order of all pairs is the bulk of the time: about ``n**2`` states for
``n`` positions, each settled once.

``--routes``: graphs of 200 positions or more (``NUMPY_ORDER_FROM``) are ordered
and numbered on numpy arrays; this times both routes in one run (CPU seconds, the
same simplest form checked), on the larger stoppers above and on sums with
integers, whose integer parts are chains of positions.  On the development machine
(2 cores, Python 3.11), with the threshold set to 64 for the comparison:

============================================  =====  ======  ===========  =====
stopper                                       nodes  numpy   pure Python  ratio
============================================  =====  ======  ===========  =====
random 20-node stopper + {3|1||-1|-3}           170  0.04 s  0.03 s       1.13
over + 100                                      202  0.04 s  0.05 s       0.82
random 30-node stopper + {3|1||-1|-3} + ^*      486  0.15 s  0.34 s       0.43
over + 300                                      602  0.21 s  0.52 s       0.39
over + 800                                     1602  1.00 s  4.43 s       0.23
============================================  =====  ======  ===========  =====

``--smoke`` (CI): the first four stoppers and a random 12-node one; the sizes
of the simplest forms checked against the table above (where ``simplify()``
found the same form) and the printed forms against the pure-Python paths.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import cgt
from cgt.loopy import GameGraph, LoopyGame


def cases() -> list[tuple[str, LoopyGame]]:
    from cgt.loopy.sided import upsum

    g = cgt.parse("{0|{0||0|0,pass}||-{0||0|0,pass}}")
    assert isinstance(g, LoopyGame)
    a = cgt.parse("a{0||||0|||a|*||*}")
    assert isinstance(a, LoopyGame)
    out = [
        ("upsum(g, -g), g = {0|^<on>||v<on>}", _raw_upsum(g, upsum)),
        ("{0,pass|a{0|a},5}", _loopy("{0,pass|a{0|a},5}")),
        ("a{0||||0|||a|*||*} + ^[on]", a + _loopy("{pass|*}")),
        ("^[on] + ^[on]* + ^[on]", _loopy("{pass|*}") + _loopy("{pass,0|0}") + _loopy("{pass|*}")),
        ("a{0||||0|||a|*||*} + {3|1||-1|-3}", a + cgt.parse("{3|1||-1|-3}")),
    ]
    rng = random.Random(1)
    for n, short in ((12, "^*"), (20, "{3|1||-1|-3}"), (30, "{3|1||-1|-3} + ^*")):
        g = _random_stopper(rng, n) + cgt.parse(short)
        out.append((f"random {n}-node stopper + {short}", g))
    return out


def _loopy(text: str) -> LoopyGame:
    g = cgt.parse(text)
    assert isinstance(g, LoopyGame)
    return g


def _raw_upsum(g: LoopyGame, upsum: object) -> LoopyGame:
    """The onside as found, before simplification."""
    saved = LoopyGame.simplify
    LoopyGame.simplify = lambda self: self  # type: ignore[method-assign]
    try:
        return upsum(g, -g)  # type: ignore[operator, no-any-return]
    finally:
        LoopyGame.simplify = saved  # type: ignore[method-assign]


def _random_stopper(rng: random.Random, n: int) -> LoopyGame:
    while True:
        left = [[w for w in range(n) if rng.random() < 1.5 / n] for _ in range(n)]
        right = [[w for w in range(n) if rng.random() < 1.5 / n] for _ in range(n)]
        g = LoopyGame(GameGraph.of(left, right))
        if g.is_stopper and not g.is_short:
            return g


def smoke() -> int:
    """Small stoppers, answers checked (see the module docstring)."""
    import _smoke

    def ours() -> dict[str, object]:
        out: dict[str, object] = {}
        for name, g in cases()[:4]:
            c = g.canonical()
            out[f"{name} size"] = c.graph.size
            out[name] = c
        g = _random_stopper(random.Random(1), 12) + cgt.parse("^*")
        out["random 12-node stopper + ^*"] = g.canonical()
        return out

    known = {
        "{0,pass|a{0|a},5} size": 2,
        "a{0||||0|||a|*||*} + ^[on] size": 5,
        "^[on] + ^[on]* + ^[on] size": 4,
    }
    return _smoke.run(__file__, ours, known)


def routes() -> None:
    """The numpy and the pure-Python routes of canonical(), in one run (see above)."""
    import os

    import numpy  # noqa: F401  (imported here, not inside the first timing)

    big = [c for c in cases() if c[1].graph.size >= 64]
    big += [(f"over + {k}", cgt.loopy.over + k) for k in (30, 100, 300, 800)]
    for name, g in big:
        seconds = []
        forms = []
        for pure in ("0", "1"):
            os.environ["CGT_PURE_PYTHON"] = pure
            fresh = LoopyGame(g.graph)  # a game keeps its simplest form once found
            start = time.process_time()
            forms.append(fresh.canonical().graph)
            seconds.append(time.process_time() - start)
        os.environ.pop("CGT_PURE_PYTHON")
        assert forms[0] == forms[1], name
        print(
            f"{name:<44} {g.graph.size:>5} nodes  numpy {seconds[0]:7.2f} s  "
            f"pure {seconds[1]:7.2f} s  ratio {seconds[0] / seconds[1]:.2f}"
        )


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    if "--routes" in sys.argv:
        routes()
        return
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--old", action="store_true", help="time simplify() instead")
    args = parser.parse_args()
    for name, g in cases():
        if not g.is_stopper:
            print(f"{name:<42} not a stopper")
            continue
        start = time.perf_counter()
        c = g.simplify() if args.old else g.canonical()
        seconds = time.perf_counter() - start
        text = str(c) if c.graph.size < 40 else f"({c.graph.size} nodes)"
        print(f"{name:<42} {g.graph.size:>5} nodes  {seconds:8.4f} s  -> {c.graph.size:>4}  {text}")


if __name__ == "__main__":
    main()
