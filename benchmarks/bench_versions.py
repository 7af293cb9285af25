"""Single-threaded cost of a change: this tree against an earlier commit, in one run.

Run:  python benchmarks/bench_versions.py [--base REV] [--repeat N]

The earlier commit (default ``977a1e4``, the last version before the engine
became thread-safe) is exported with ``git archive`` into a temporary folder.
Each workload then runs in a fresh interpreter per version, alternating
between the two, ``--repeat`` times; the minimum CPU time of each side is
kept.  Printed: seconds for each side and the ratio new / base (above 1 means
the change made that workload slower).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tarfile
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WORKLOADS = {
    "parse 400 texts": """
        import random
        rng = random.Random(1)
        atoms = ["0", "1", "-1", "*", "^", "v", "1/2", "*2", "^*", "-2", "+-1"]
        def text(d):
            if d == 0 or rng.random() < 0.3:
                return rng.choice(atoms)
            l = ",".join(text(d - 1) for _ in range(rng.randint(0, 2)))
            r = ",".join(text(d - 1) for _ in range(rng.randint(0, 2)))
            return "{" + l + "|" + r + "}"
        texts = [text(5) for _ in range(400)]
        def run():
            gs = [cgt.parse(t) for t in texts]
            for a in gs[:80]:
                for b in gs[:80]:
                    a + b; a <= b
    """,
    "switch and hot sums": """
        def run():
            total = cgt.zero
            for k in range(1, 9):
                total = total + cgt.parse(f"{{{k}|{{{k - 1}|0}}}}") + cgt.parse(f"{{{k}|-{k}}}")
            total.temperature()
    """,
    "deep game (birthday 3000)": """
        text = "".join(f"{{{n}|" for n in range(3000, 0, -1)) + "0" + "}" * 3000
        def run():
            g = cgt.parse(text)
            str(g + cgt.star)
    """,
    "Domineering 4x5": """
        from cgt.games import Domineering
        def run():
            Domineering("....|....|....|....|....").value()
    """,
    "Col 2x8 grid": """
        import networkx as nx
        from cgt.games import Col
        def run():
            Col(nx.grid_2d_graph(2, 8)).value()
    """,
    "Kayles to 20000": """
        from cgt.games import OctalGame
        def run():
            OctalGame("0.77").grundy_sequence(20000)
    """,
}

TIMER = """
import time, cgt
{setup}
t = time.process_time()
run()
print(time.process_time() - t)
"""


def export(rev: str, into: Path) -> Path:
    """Write commit ``rev``'s tree into ``into`` and return that folder."""
    archive = into / "base.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "archive", rev], cwd=ROOT, stdout=out, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "base", filter="data")
    return into / "base"


def time_once(tree: Path, setup: str) -> float:
    code = TIMER.format(setup=textwrap.dedent(setup))
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="977a1e4")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.base, Path(tmp))
        print(f"{'workload':28} {'new s':>8} {'base s':>8} {'new/base':>9}")
        ratios = []
        for name, setup in WORKLOADS.items():
            new_t, base_t = [], []
            for _ in range(args.repeat):
                new_t.append(time_once(ROOT, setup))
                base_t.append(time_once(base, setup))
            ratio = min(new_t) / min(base_t)
            ratios.append(ratio)
            print(f"{name:28} {min(new_t):8.3f} {min(base_t):8.3f} {ratio:9.3f}")
        geo = 1.0
        for r in ratios:
            geo *= r
        print(f"{'geometric mean':28} {'':8} {'':8} {geo ** (1 / len(ratios)):9.3f}")


if __name__ == "__main__":
    main()
