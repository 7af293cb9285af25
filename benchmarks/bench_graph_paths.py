"""Benchmark: Snort and Col on paths and cycles, compiled engine vs pure Python vs cgt-py.

Run ``python benchmarks/bench_graph_paths.py [--sizes 10 12 16] [--only Snort]
[--graph-inside]``.

Each workload is solved three times, each in a fresh child process (cold: nothing
cached; imports not timed): by cgt with its compiled kernels, by cgt with
``CGT_PURE_PYTHON=1``, and by cgt-py (when installed).  The table shows CPU
times (``time.process_time``: the machine may be shared), the ratios
``compiled / cgt-py`` and ``compiled / pure``, and whether the three values
agree (printed forms, cgt-py's parsed with :func:`cgt.parse`).  Domineering 5x5
is included as a board workload.  The timed call is the solve: each library
reads the networkx graph (cgt-py converts it to its own graph) and values it;
the graph itself is built before the clock starts, for both libraries.
``--graph-inside`` times building it too (``nx.path_graph(n)``, whose first
call costs networkx about 0.7 ms, more than the compiled solve of the small
workloads and about half of cgt-py's).

``--smoke`` (CI): sizes 5 and 8 and Domineering 3x3 in one process, the values
checked against cgt-py (when installed) and against the pure-Python paths.
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
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_positions import ours, theirs

SIZES = (10, 12, 16, 20, 24)


def workloads(sizes: list[int], only: list[str] | None) -> list[str]:
    names = [f"{kind} {shape}_{n}" for kind in ("Snort", "Col") for shape in "PC" for n in sizes]
    names.append("Domineering 5x5")
    if only:
        names = [n for n in names if any(o.lower() in n.lower() for o in only)]
    return names


def child(role: str, name: str, path: str) -> None:
    """Solve one workload in this (fresh) process and print a JSON line."""
    if role == "peer":
        import cgt_py
    else:
        import cgt.games
    if os.environ.get("BENCH_GRAPH_OUTSIDE") and not name.startswith("Domineering"):
        # the networkx graph is built (and networkx's first-call set-up paid)
        # before the clock starts, for both libraries (unless --graph-inside)
        from bench_positions import graph_of, peer_graph

        kind, shape = name.split(" ", 1)
        graph = graph_of(shape)
        if role == "peer":
            start = time.process_time()
            peer = peer_graph(cgt_py, graph)
            value = peer.col.canonical_form if kind == "Col" else peer.snort.canonical_form
        else:
            from cgt.games import Col, Snort

            start = time.process_time()
            value = (Col if kind == "Col" else Snort)(graph).value()
    else:
        start = time.process_time()
        value = theirs(name) if role == "peer" else ours(name)
    spent = time.process_time() - start
    if role == "peer":
        text = repr(value)
        text = text[len("CanonicalForm('") : -2]
    else:
        text = str(value)
    with open(path, "w") as f:
        f.write(text)
    import cgt

    print(json.dumps({"time": spent, "compiled": any(cgt.compiled().values())}))


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_child(role: str, name: str, path: str, limit: float | None = None) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("CGT_PURE_PYTHON", None)
    if role == "pure":
        env["CGT_PURE_PYTHON"] = "1"
    before = _children_cpu()
    try:
        out = subprocess.run(
            [sys.executable, __file__, "--child", role, name, path],
            capture_output=True,
            text=True,
            check=True,
            env=env,
            timeout=limit,
        )
    except subprocess.TimeoutExpired:  # stopped: the CPU time it had used bounds its time
        return {"time": None, "limit": _children_cpu() - before}
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    with open(path) as f:
        result["value"] = f.read()
    return result


PARSE_LIMIT = 100_000
"""Longest printed value of cgt-py that is parsed to compare it (parsing is slow)."""


def _agree(rows: dict[str, dict[str, Any]]) -> str:
    """Compiled and pure print identically; cgt-py's form is parsed and compared."""
    import cgt

    done = {role: r["value"] for role, r in rows.items() if r["time"] is not None}
    ours = {text for role, text in done.items() if role != "peer"}
    if len(ours) != 1:
        return "NO"
    if "peer" not in done:
        return "yes"
    if len(done["peer"]) > PARSE_LIMIT:
        return "yes (cgt-py's form too long to parse)"
    return "yes" if cgt.parse(done["peer"]) == cgt.parse(ours.pop()) else "NO"


def _cell(rows: dict[str, dict[str, Any]], role: str, width: int) -> str:
    if role not in rows:
        return f"{'-':>{width}}"
    if rows[role]["time"] is None:  # stopped at the time limit
        return f"{'>' + format(rows[role]['limit'], '.0f'):>{width}}"
    return f"{rows[role]['time']:{width}.3f}"


def _ratio(rows: dict[str, dict[str, Any]], role: str, width: int) -> str:
    if role not in rows or not rows[role]["time"]:
        if role in rows and rows[role]["time"] is None:  # an upper bound on the ratio
            return f"{'<' + format(rows['cgt']['time'] / rows[role]['limit'], '.4f'):>{width}}"
        return f"{'-':>{width}}"
    return f"{rows['cgt']['time'] / rows[role]['time']:{width}.3f}"


SMOKE_SIZES = [5, 8]


def smoke() -> int:
    """Small workloads: values checked against cgt-py and the pure-Python paths."""
    import _smoke

    names = [n for n in workloads(SMOKE_SIZES, None) if not n.startswith("Domineering")]
    names.append("Domineering 3x3")

    def theirs_parsed() -> dict[str, object]:
        import cgt

        return {n: cgt.parse(_smoke.peer_text(theirs(n))) for n in names}

    return _smoke.run(__file__, lambda: {n: ours(n) for n in names}, peer=theirs_parsed)


def main(argv: list[str] | None = None) -> int:
    if "--smoke" in (sys.argv if argv is None else argv):
        return smoke()
    parser = argparse.ArgumentParser(description="Snort and Col: compiled, pure, cgt-py")
    parser.add_argument("--smoke", action="store_true", help="small sizes, checked (CI)")
    parser.add_argument("--sizes", nargs="*", type=int, default=list(SIZES))
    parser.add_argument("--only", nargs="*", default=None, help="workload names to run")
    parser.add_argument("--no-peer", action="store_true", help="skip cgt-py")
    parser.add_argument("--no-pure", action="store_true", help="skip CGT_PURE_PYTHON=1")
    parser.add_argument(
        "--peer-limit", type=float, default=120.0, help="seconds (wall) before cgt-py is stopped"
    )
    parser.add_argument(
        "--graph-inside",
        action="store_true",
        help="time building the networkx graph too (both libraries)",
    )
    parser.add_argument("--child", nargs=3, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.graph_inside:
        os.environ["BENCH_GRAPH_OUTSIDE"] = "1"
    if args.child:
        child(*args.child)
        return 0
    run_peer = not args.no_peer
    if run_peer:
        try:
            import cgt_py  # noqa: F401
        except ImportError:
            run_peer = False

    print(
        f"{'workload':16} {'compiled s':>10} {'pure s':>8} {'cgt-py s':>9} "
        f"{'c/cgt-py':>9} {'c/pure':>7}  agree",
        flush=True,
    )
    for name in workloads(args.sizes, args.only):
        rows: dict[str, dict[str, Any]] = {}
        with tempfile.TemporaryDirectory() as tmp:
            for role in ("cgt", "pure", "peer"):
                if (role == "peer" and not run_peer) or (role == "pure" and args.no_pure):
                    continue
                limit = args.peer_limit if role == "peer" else None
                rows[role] = run_child(role, name, os.path.join(tmp, role), limit)
        mine = rows["cgt"]
        agree = _agree(rows)
        if not mine["compiled"]:
            agree += " (no kernel built)"

        print(
            f"{name:16} {_cell(rows, 'cgt', 10)} {_cell(rows, 'pure', 8)} "
            f"{_cell(rows, 'peer', 9)} {_ratio(rows, 'peer', 9)} {_ratio(rows, 'pure', 7)}  "
            f"{agree}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
