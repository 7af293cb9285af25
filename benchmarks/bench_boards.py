"""Board rulesets (Clobber's peers): cgt against cgt-py on the same boards.

Run:  python benchmarks/bench_boards.py [--only NAME] [--no-pure] [--no-peer]

Boards are chosen so that cgt-py takes roughly 1 to 30 seconds.  Each board is
solved three times, each time in a fresh child process (so each starts cold):
by cgt-py, by cgt (with its compiled kernels when they are built) and by cgt
with ``CGT_PURE_PYTHON=1`` (the pure-Python paths; skipped with ``--no-pure``).
Printed: the CPU time (``time.process_time``) and peak resident memory of each
child, the ratios ``cgt time / cgt-py time`` and ``pure-Python time / cgt-py
time`` (below 1: cgt is faster), and whether the values agree (cgt-py's
canonical form parsed with :func:`cgt.parse`; the pure-Python value is compared
with it too).  CPU times are used because the machine may be shared.  Not part
of the tests, except ``--smoke`` (CI): tiny boards of each ruleset, valued in
one process and checked against cgt-py (when installed) and the pure-Python paths.
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
from typing import Any

BOARDS = [
    ("Amazons", "x...|....|...o"),
    ("Konane", "xoxoxo|oxo.ox|xoxoxo|o.oxox"),
    ("Fission", ".....|.x...|.....|...x.|....."),
    ("Fission", "......|..x...|......|...x..|......"),
]


def peer_text(form: object) -> str:
    text = str(form)
    return text[len("CanonicalForm('") : -2] if text.startswith("CanonicalForm('") else text


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def child(role: str, name: str, board: str, path: str) -> None:
    """Solve one board in this (fresh) process and print a JSON line."""
    if role == "peer":
        import cgt_py

        start = time.process_time()
        value: Any = getattr(cgt_py, name)(board).canonical_form
        spent = time.process_time() - start
    else:
        from cgt import games

        start = time.process_time()
        value = getattr(games, name)(board).value()
        spent = time.process_time() - start
    report: dict[str, Any] = {"time": spent, "mib": peak_mib()}
    if role == "peer":
        with open(path, "w") as f:
            f.write(peer_text(value))
    elif os.path.getsize(path):
        import cgt

        with open(path) as f:
            report["agree"] = cgt.parse(f.read()) == value
    print(json.dumps(report))


def run_child(role: str, name: str, board: str, path: str) -> dict[str, Any]:
    env = dict(os.environ)
    env.pop("CGT_PURE_PYTHON", None)
    if role == "pure":
        env["CGT_PURE_PYTHON"] = "1"
    out = subprocess.run(
        [sys.executable, __file__, "--child", role, name, board, path],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


SMOKE_BOARDS = [
    ("Amazons", "x..|..o"),
    ("Konane", "xox|o.o|xox"),
    ("Fission", "...|.x.|..."),
    ("Clobber", "xox|oxo"),
]


def smoke() -> int:
    """Tiny boards: cgt against cgt-py and against its pure-Python paths."""
    import _smoke

    def ours() -> dict[str, object]:
        from cgt import games

        return {f"{n} {b}": getattr(games, n)(b).value() for n, b in SMOKE_BOARDS}

    def theirs() -> dict[str, object]:
        import cgt_py

        import cgt

        return {
            f"{n} {b}": cgt.parse(_smoke.peer_text(getattr(cgt_py, n)(b).canonical_form))
            for n, b in SMOKE_BOARDS
            if hasattr(cgt_py, n)
        }

    return _smoke.run(__file__, ours, peer=theirs)


def main(argv: list[str] | None = None) -> int:
    if "--smoke" in (sys.argv if argv is None else argv):
        return smoke()
    parser = argparse.ArgumentParser(description="cgt against cgt-py on stone boards")
    parser.add_argument("--smoke", action="store_true", help="tiny boards, answers checked (CI)")
    parser.add_argument("--only", help="run only the boards of this ruleset")
    parser.add_argument("--no-peer", action="store_true", help="time cgt alone")
    parser.add_argument("--no-pure", action="store_true", help="skip the pure-Python run")
    parser.add_argument("--child", nargs=4, default=None, help=argparse.SUPPRESS)
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
        f"{'ruleset':8} {'board':36} {'cgt s':>7} {'MiB':>5} {'pure s':>7} {'MiB':>5} "
        f"{'cgt-py s':>8} {'MiB':>5} {'ratio':>6} {'pure ratio':>10}  agree",
        flush=True,
    )
    for name, board in BOARDS:
        if args.only and name != args.only:
            continue
        with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as tmp:
            path = tmp.name
        try:
            peer = run_child("peer", name, board, path) if run_peer else None
            mine = run_child("cgt", name, board, path)
            pure = None if args.no_pure else run_child("pure", name, board, path)
        finally:
            os.unlink(path)
        cols = f"{mine['time']:7.2f} {mine['mib']:5.0f} "
        cols += f"{pure['time']:7.2f} {pure['mib']:5.0f} " if pure else f"{'-':>7} {'-':>5} "
        if peer is not None:
            ratio = mine["time"] / peer["time"] if peer["time"] > 0 else float("inf")
            pure_ratio = f"{pure['time'] / peer['time']:10.2f}" if pure else f"{'-':>10}"
            agree = "yes" if mine.get("agree") and (pure is None or pure.get("agree")) else "NO"
            cols += f"{peer['time']:8.2f} {peer['mib']:5.0f} {ratio:6.2f} {pure_ratio}  {agree}"
        else:
            cols += f"{'-':>8} {'-':>5} {'-':>6} {'-':>10}  -"
        print(f"{name:8} {board:36} {cols}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
