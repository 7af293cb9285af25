"""Benchmark: the performance cliffs of the reliability issue.

Run ``python benchmarks/bench_cliffs.py [--full]``.  Prints the time of each
workload; ``--full`` adds the sizes named in the issue (minutes before fixes).

* temperature of the alternating nest ``g_i = {i | g_(i-1)}`` (odd ``i``),
  ``{g_(i-1) | -i}`` (even ``i``), from ``g_0 = 0``;
* Col on a path of ``n`` vertices;
* ``*n + G`` for a switch ``G = +-1/2`` (issue 25: grew like ``n**3.7``, now a closed
  form): CPU time with the closed form against the general sum (closed form off,
  ``cgt.canonical.FAR_NIMBER`` raised), in one run, as a ratio.

``--smoke`` (CI): small sizes, the answers checked against cgt-py (when
installed) and against the pure-Python paths.
"""

from __future__ import annotations

import sys
import time

import networkx as nx

import cgt
from cgt import canonical
from cgt.games import Col


def nest(depth: int) -> cgt.Game:
    g = cgt.zero
    for i in range(1, depth + 1):
        g = cgt.Game([i], [g]) if i % 2 else cgt.Game([g], [-i])
    return g


def timed(label: str, fn: object) -> None:
    start = time.perf_counter()
    fn()  # type: ignore[operator]
    print(f"{label:32s} {time.perf_counter() - start:8.2f} s", flush=True)


def nimber_plus_switch(n: int, closed: bool) -> float:
    """CPU seconds of ``*n + +-1/2`` from cold caches, with or without the closed form."""
    saved = canonical.FAR_NIMBER
    canonical.FAR_NIMBER = saved if closed else 1 << 62
    try:
        cgt.clear_caches()
        switch = cgt.parse("+-1/2")
        start = time.process_time()
        _ = cgt.nimber(n) + switch
        return time.process_time() - start
    finally:
        canonical.FAR_NIMBER = saved
        cgt.clear_caches()


def smoke() -> int:
    """Small sizes, answers checked against cgt-py and the pure-Python paths."""
    import _smoke

    def ours() -> dict[str, object]:
        out: dict[str, object] = {
            f"temperature of nest {d}": nest(d).temperature() for d in (8, 30)
        }
        out.update({f"Col on a path of {n}": Col(nx.path_graph(n)).value() for n in (6, 14)})
        return out

    def theirs() -> dict[str, object]:
        import cgt_py
        from bench_positions import peer_graph

        return {
            f"Col on a path of {n}": cgt.parse(
                _smoke.peer_text(peer_graph(cgt_py, nx.path_graph(n)).col.canonical_form)
            )
            for n in (6, 14)
        }

    return _smoke.run(__file__, ours, peer=theirs)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    full = "--full" in sys.argv
    for n in (128, 256) + ((512,) if full else ()):
        before = nimber_plus_switch(n, closed=False)
        after = nimber_plus_switch(n, closed=True)
        ratio = before / max(after, 1e-6)
        print(
            f"*{n} + +-1/2: general {before:8.3f} s CPU, closed form {after:.6f} s "
            f"(ratio {ratio:,.0f})",
            flush=True,
        )
    after = nimber_plus_switch(2**20, closed=True)
    print(f"*2**20 + +-1/2: closed form {after:.6f} s CPU", flush=True)
    for depth in (100, 200, 400) + ((1000,) if full else ()):
        g = nest(depth)
        timed(f"temperature of nest {depth}", g.temperature)
    for n in (100, 300) + ((1000,) if full else ()):
        timed(f"Col on a path of {n}", lambda n=n: Col(nx.path_graph(n)).value())


if __name__ == "__main__":
    main()
