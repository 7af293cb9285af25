"""Benchmark: values of positions, cgt against cgt-py in the same run.

Run ``python benchmarks/bench_positions.py [--quick] [--only NAME ...] [--no-pure]``.

Each workload is solved three times, each time in a fresh child process: by
cgt-py, by cgt (cold: nothing cached; with its compiled kernels when they are
built), and by cgt with ``CGT_PURE_PYTHON=1`` (the pure-Python paths; skipped
with ``--no-pure``).  The table shows the CPU time (``time.process_time``) and
the peak resident memory of each child, the ratios ``cgt time / cgt-py time``
and ``pure-Python time / cgt-py time`` (below 1: cgt is faster), cgt-py's time
on the reference machine as quoted in the issue, and whether the values agree
(cgt-py's canonical form is parsed with :func:`cgt.parse` and compared after
cgt's time and memory were taken; the pure-Python value is compared with it
too).  CPU times are used because the machine may be shared.

``--smoke`` (CI): small workloads in one process, the values checked against
known ones, cgt-py (when installed) and the pure-Python paths.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import networkx as nx


def rect(h: int, w: int) -> str:
    return "|".join(["." * w] * h)


def peer_graph(cgt_py: Any, g: nx.Graph) -> Any:
    nodes = list(g)
    index = {v: i for i, v in enumerate(nodes)}
    return cgt_py.Graph(len(nodes), [(index[a], index[b]) for a, b in g.edges])


def ours(name: str) -> Any:
    from cgt.games import Col, Domineering, Snort

    kind, shape = name.split(" ", 1)
    if kind == "Domineering":
        h, w = map(int, shape.split("x"))
        return Domineering(rect(h, w)).value()
    cls = Col if kind == "Col" else Snort
    return cls(graph_of(shape)).value()


def theirs(name: str) -> Any:
    import cgt_py

    kind, shape = name.split(" ", 1)
    if kind == "Domineering":
        h, w = map(int, shape.split("x"))
        return cgt_py.Domineering(rect(h, w)).canonical_form
    g = peer_graph(cgt_py, graph_of(shape))
    return g.col.canonical_form if kind == "Col" else g.snort.canonical_form


def graph_of(shape: str) -> nx.Graph:
    if shape.startswith("P_"):
        return nx.path_graph(int(shape[2:]))
    if shape.startswith("C_"):
        return nx.cycle_graph(int(shape[2:]))
    h, w = map(int, shape.split()[0].split("x"))
    return nx.grid_2d_graph(h, w)


# (name, cgt-py's time on the reference machine (None: not quoted), in the quick set)
WORKLOADS: list[tuple[str, float | None, bool]] = [
    ("Domineering 4x4", None, True),
    ("Domineering 3x6", None, True),
    ("Domineering 4x5", 0.15, True),
    ("Domineering 5x5", 3.9, True),
    ("Domineering 4x7", 24.5, False),
    ("Domineering 5x6", 105.0, False),
    ("Col P_128", 18.2, True),
    ("Col C_56", 12.9, True),
    ("Col 2x10 grid", 15.6, False),
    ("Col 3x6 grid", 8.9, False),
    ("Snort P_20", 38.9, False),
    ("Snort 2x9 grid", 14.9, True),
]


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(role: str, name: str, path: str) -> None:
    """Solve one workload in this (fresh) process and print a JSON line."""
    solve: Callable[[str], Any] = theirs if role == "peer" else ours
    if role != "peer":  # imports are not timed
        import cgt.games
    else:
        import cgt_py  # noqa: F401
    start = time.process_time()
    value = solve(name)
    spent = time.process_time() - start
    report: dict[str, Any] = {"time": spent, "mib": peak_mib()}
    if role == "peer":
        with open(path, "w") as f:
            f.write(repr(value))
    elif os.path.getsize(path):
        import cgt

        with open(path) as f:
            text = f.read()
        report["agree"] = cgt.parse(text[len("CanonicalForm('") : -2]) == value
    print(json.dumps(report))


def run_child(role: str, name: str, path: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("CGT_PURE_PYTHON", None)
    if role == "pure":
        env["CGT_PURE_PYTHON"] = "1"
    out = subprocess.run(
        [sys.executable, __file__, "--child", role, name, path],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


SMOKE = [
    "Domineering 2x2",
    "Domineering 3x4",
    "Col P_7",
    "Col C_6",
    "Snort 2x3 grid",
    "Col 2x3 grid",
]


def smoke() -> int:
    """Small workloads, answers checked (see the module docstring)."""
    import _smoke

    import cgt

    def theirs_parsed() -> dict[str, object]:
        return {n: cgt.parse(_smoke.peer_text(theirs(n))) for n in SMOKE}

    # 2x2: Left's vertical domino leaves Right no move and one more for Left (1), and
    # Right's the mirror image (-1); 3x4 (3 rows of 4): -3/2 (also in tests/test_kernels.py)
    known = {"Domineering 2x2": "+-1", "Domineering 3x4": "-3/2"}
    return _smoke.run(__file__, lambda: {n: ours(n) for n in SMOKE}, known, theirs_parsed)


def main(argv: list[str] | None = None) -> int:
    if "--smoke" in (sys.argv if argv is None else argv):
        return smoke()
    parser = argparse.ArgumentParser(description="cgt against cgt-py on positions")
    parser.add_argument("--smoke", action="store_true", help="small workloads, checked (CI)")
    parser.add_argument("--quick", action="store_true", help="only the short workloads")
    parser.add_argument("--only", nargs="*", default=None, help="workload names to run")
    parser.add_argument("--no-peer", action="store_true", help="time cgt alone")
    parser.add_argument("--no-pure", action="store_true", help="skip the pure-Python run")
    parser.add_argument("--child", nargs=3, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child)
        return 0
    try:
        import cgt_py  # noqa: F401

        run_peer = not args.no_peer
    except ImportError:
        run_peer = False
    print(
        f"{'workload':16} {'cgt s':>8} {'MiB':>6} {'pure s':>8} {'MiB':>6} {'cgt-py s':>9} "
        f"{'MiB':>6} {'ratio':>7} {'pure ratio':>10} {'ref cgt-py s':>13}  agree",
        flush=True,
    )
    for name, reference, quick in WORKLOADS:
        if args.quick and not quick:
            continue
        if args.only and not any(o.lower() in name.lower() for o in args.only):
            continue
        with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as tmp:
            path = tmp.name
        try:
            if run_peer:
                peer = run_child("peer", name, path)
            mine = run_child("cgt", name, path)
            pure = None if args.no_pure else run_child("pure", name, path)
        finally:
            os.unlink(path)
        if pure is not None:
            pure_cols = f"{pure['time']:8.3f} {pure['mib']:6.0f}"
        else:
            pure_cols = f"{'-':>8} {'-':>6}"
        if run_peer:
            ratio = mine["time"] / peer["time"] if peer["time"] > 0 else float("inf")
            agree = "yes" if mine.get("agree") and (pure is None or pure.get("agree")) else "NO"
            pure_ratio = (
                f"{pure['time'] / peer['time']:10.3f}"
                if pure is not None and peer["time"] > 0
                else f"{'-':>10}"
            )
            peer_cols = f"{peer['time']:9.3f} {peer['mib']:6.0f} {ratio:7.3f} {pure_ratio}"
        else:
            agree = "-"
            peer_cols = f"{'-':>9} {'-':>6} {'-':>7} {'-':>10}"
        ref = f"{reference:13.2f}" if reference is not None else f"{'-':>13}"
        print(
            f"{name:16} {mine['time']:8.3f} {mine['mib']:6.0f} {pure_cols} {peer_cols} {ref}"
            f"  {agree}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
