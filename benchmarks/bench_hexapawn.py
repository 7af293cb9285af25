"""Hexapawn search benchmarks: time, positions and positions per second.

Run ``python benchmarks/bench_hexapawn.py`` (the four default boards) or
``python benchmarks/bench_hexapawn.py 5x6b`` for one of them.  The two 6 x 6
Berolina boards take many minutes and up to 3 GiB each, so they run only when
named: ``python benchmarks/bench_hexapawn.py 6x6b`` or ``6x6b+`` (``all`` runs
all six).  Each board is solved from an empty transposition table;
"positions" is the number of distinct positions stored, "nodes" the positions
expanded (a few more on large boards, where full windows replace entries that
are then recomputed), and the rate is nodes per second of CPU time (the
process's own, so another busy core does not count against it).

The search is the compiled one when the kernel is built (boards of up to 64
squares), else the pure-Python one; ``CGT_PURE_PYTHON=1`` forces the latter.
``--compare`` solves each board twice, in child processes, compiled and with
``CGT_PURE_PYTHON=1``, and prints the ratio of the two CPU times.
``--smoke`` (CI): small boards, the winners checked against Gardner's 3 x 3
(the second player, Black, wins) and against the pure-Python search.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

from cgt.games import Hexapawn
from cgt.games.hexapawn import clear_engines
from cgt.games.hexapawn._engine import engine_for

CASES = {
    "3x20": (20, 3, "normal"),
    "5x5": (5, 5, "normal"),
    "5x6b": (5, 6, "berolina"),
    "6x6": (6, 6, "normal"),
    "6x6b": (6, 6, "berolina"),
    "6x6b+": (6, 6, "berolina_plus"),
}
#: the boards run when none is named
DEFAULT = ("3x20", "5x5", "5x6b", "6x6")


def measure(name: str) -> dict[str, object]:
    """Solve one board from an empty table: winner, positions, nodes, CPU and wall seconds."""
    columns, rows, pawn = CASES[name]
    clear_engines()
    engine = engine_for(columns, rows, pawn, False)
    wall, cpu = time.perf_counter(), time.process_time()
    winner = Hexapawn(columns, rows, pawn).winner(method="search", progress=False)
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    out: dict[str, object] = {
        "board": name,
        "winner": str(winner),
        "positions": engine.positions,
        "nodes": engine.nodes,
        "cpu": cpu,
        "wall": wall,
        "compiled": engine.compiled,
        "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }
    clear_engines()
    return out


def line(r: dict[str, object]) -> str:
    columns, rows, pawn = CASES[str(r["board"])]
    kind = "compiled" if r["compiled"] else "python"
    cpu = float(str(r["cpu"]))
    rate = int(str(r["nodes"])) / cpu if cpu else float("inf")
    return (
        f"{columns}x{rows} {pawn:13} {kind:8}: {r['winner']:5}  {r['positions']:>11,} positions  "
        f"{cpu:7.2f} s CPU ({float(str(r['wall'])):6.2f} s wall)  {rate:>11,.0f} pos/s  "
        f"(peak RSS {float(str(r['peak_mib'])):,.0f} MiB)"
    )


def child(name: str, pure: bool) -> dict[str, object]:
    """:func:`measure` in a fresh process (pure Python if asked)."""
    env = dict(os.environ)
    env.pop("CGT_PURE_PYTHON", None)
    if pure:
        env["CGT_PURE_PYTHON"] = "1"
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, __file__, "--child", name],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def compare(name: str) -> None:
    fast = child(name, pure=False)
    print(line(fast), flush=True)
    slow = child(name, pure=True)
    print(line(slow), flush=True)
    if fast["winner"] != slow["winner"]:
        raise SystemExit(f"{name}: the two searches disagree")
    ratio = float(str(slow["cpu"])) / max(float(str(fast["cpu"])), 1e-9)
    print(f"{name}: compiled is {ratio:.1f} times as fast (CPU time)\n", flush=True)


SMOKE = [(3, 3, "normal"), (4, 4, "normal"), (3, 4, "berolina"), (4, 3, "normal")]


def smoke() -> int:
    """Small boards, winners checked (see the module docstring)."""
    import _smoke

    def ours() -> dict[str, object]:
        out: dict[str, object] = {}
        for columns, rows, pawn in SMOKE:
            clear_engines()
            board = Hexapawn(columns, rows, pawn)
            out[f"{columns}x{rows} {pawn}"] = board.winner(method="search", progress=False)
        clear_engines()
        return out

    # Gardner (1962): on the 3 x 3 board the second player (Black) wins
    return _smoke.run(__file__, ours, {"3x3 normal": "black"})


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    args = sys.argv[1:]
    if args[:1] == ["--child"]:
        print(json.dumps(measure(args[1])))
        return
    comparing = "--compare" in args
    names = [a for a in args if a != "--compare"] or list(DEFAULT)
    for name in list(CASES) if names == ["all"] else names:
        if name not in CASES:
            raise SystemExit(f"unknown board {name!r}: expected one of {', '.join(CASES)} or all")
        if comparing:
            compare(name)
        else:
            print(line(measure(name)), flush=True)


if __name__ == "__main__":
    main()
