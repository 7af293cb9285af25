"""Single-threaded cost of a change: this tree against an earlier commit, in one run.

Run:  python benchmarks/bench_versions.py [--base REV] [--repeat N] [--compiled] [--only TEXT]

The earlier commit (default ``977a1e4``, the last version before the engine
became thread-safe) is exported with ``git archive`` into a temporary folder.
Each workload then runs in a fresh interpreter per version, alternating
between the two, ``--repeat`` times; the minimum CPU time of each side is
kept.  Printed: seconds for each side and the ratio new / base (above 1 means
the change made that workload slower).

``--compiled``: the base's C kernels are built too (``setup.py build_ext
--inplace`` in the export; this tree must have its own built) and the
workloads are those of the kernels (boards, Col/Snort, heaps, Hexapawn,
algebra, play, loopy). ``--smoke`` (CI): small workloads that return their
results, run once in each tree (the base as exported, without compiled
kernels); the two versions must compute the same results. With
``CGT_PURE_PYTHON=1`` in the environment both sides time their pure-Python
paths (the variable is passed to the timed interpreters, whose environment is
otherwise emptied). Outside a git checkout (an sdist) or without the base
commit only this tree runs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tarfile
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RANDOM_TEXTS = """
        import random
        rng = random.Random(1)
        atoms = ["0", "1", "-1", "*", "^", "v", "1/2", "*2", "^*", "-2", "+-1"]
        def text(d):
            if d == 0 or rng.random() < 0.3:
                return rng.choice(atoms)
            l = ",".join(text(d - 1) for _ in range(rng.randint(0, 2)))
            r = ",".join(text(d - 1) for _ in range(rng.randint(0, 2)))
            return "{" + l + "|" + r + "}"
"""
"""Random texts of forms (``text(depth)``), for the parse workloads."""

PLAY = """
        import random
        from cgt.games import Clobber, Domineering, OctalGame, clear_solver_caches
        from cgt.play import Sum, misere_outcome, outcome, winning_moves
        rng = random.Random(3)
        def domineering():
            rows, cols = rng.choice([(3, 4), (4, 3)])
            cells = ["#" if rng.random() < 0.15 else "." for _ in range(12)]
            board = ["".join(cells[r * cols : (r + 1) * cols]) for r in range(rows)]
            return Domineering("|".join(board))
        def clobber():
            top = "".join(rng.choice("xo") for _ in range(5))
            return Clobber(top + "|" + "".join(rng.choice("xo.") for _ in range(5)))
        def mixed():
            return Sum(*[domineering() for _ in range(3)], *[clobber() for _ in range(3)])
        sums = [mixed() for _ in range(6)]
        kayles = OctalGame("0.77").position(3, 5, 7, 8, 9)
        def run():
            cgt.clear_caches(); clear_solver_caches()
            out = [misere_outcome(kayles)]
            for s in sums:
                out.append(outcome(s))
                position, player = s, "left"  # played out: a winning move, else any move
                while True:
                    left = player == "left"
                    options = position.left_options() if left else position.right_options()
                    if not options:
                        break
                    moves = winning_moves(position, player)
                    position = moves[0].position if moves else options[len(options) // 2]
                    player = "right" if player == "left" else "left"
                out.append(player)
            return out
"""
"""Outcome search, winning moves and a game played out on sums of Domineering and Clobber, and
a misère outcome of Kayles (:mod:`cgt.play`)."""

LOOPY = """
        from cgt.games import BackslidingToadsAndFrogs, clear_solver_caches
        from cgt.loopy import LoopyGame, off, on, over, parse_loopy, sides, under, upon
        texts = ["a{0|a}", "a{a|0}", "a{1|a}", "a{a,1|*}", "a{0,a|-1}", "{on|0}", "{0|off}",
                 "{2|over}", "a{0|{0|a}}", "a{{a|0},1|-1}"]
        def run():
            cgt.clear_caches(); clear_solver_caches()
            out = []
            gs = [parse_loopy(t) for t in texts] + [on, off, over, under, upon]
            gs.append(LoopyGame.of(cgt.parse("{1|{0|-1}}")))
            for a in gs:
                out.append(str(a.canonical()))
                for b in gs:
                    s = a + b
                    out.append(str(s.outcome()))
                    out.append(str(s.canonical()) if s.is_stopper else "-")
                    try:
                        out.append(a.compare(b))
                    except cgt.CGTError as e:
                        out.append(type(e).__name__)
            for t in ("t.f", "tt.f", "t.ff", "tt..f", "t..ff", "tt.ff"):
                v = BackslidingToadsAndFrogs(t).value()
                out += [str(v), str(sides(v))]
            return out
"""
"""Loopy values: parsing, sums and their outcomes and canonical forms, comparison, and the
values and sides (onside, offside) of Backsliding Toads and Frogs (:mod:`cgt.loopy`)."""

LOOPY_OUTCOMES = """
        from cgt.games import BackslidingToadsAndFrogs, FoxAndGeese
        def run():
            fox = FoxAndGeese(fox=(5, 0), geese=[(0, 1), (0, 3), (0, 5)], rows=6, cols=6)
            return [str(fox.outcome()), str(BackslidingToadsAndFrogs("tttt..ffff").outcome())]
"""
"""Outcomes of loopy positions from their whole game graphs (:func:`cgt.loopy.loopy_outcome`)."""

WORKLOADS = {
    "parse 400 texts": RANDOM_TEXTS
    + """
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
    "print 3000 games": RANDOM_TEXTS
    + """
        gs = [cgt.parse(text(7)) for _ in range(3000)]
        hot = [g + cgt.parse(f"{{{k}|-{k}}}") for k, g in enumerate(gs[:300])]
        def run():
            for _ in range(20):
                [str(g) for g in gs + hot]
                [repr(g) for g in gs + hot]
    """,
    "theory of 3000 games": RANDOM_TEXTS
    + """
        gs = [cgt.parse(text(7)) for _ in range(3000)]
        gs += [a + b for a, b in zip(gs[:1000], gs[1000:2000])]
        def run():
            for g in gs:
                g.temperature(); g.mean(); g.thermograph(); g.cool(1); g.heat(1)
                if g.is_all_small:
                    g.atomic_weight()
                g.ordinal_sum(cgt.star); g.norton(cgt.up)
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
    "play": PLAY,
    "loopy": LOOPY,
    "Toads and Frogs tttt....ffff": """
        from cgt.games import ToadsAndFrogs
        def run():
            ToadsAndFrogs("tttt....ffff").value()
    """,
    "strips (E&R, Push, Shove)": """
        from cgt.games import ElephantsAndRhinos, Push, Shove
        def run():
            ElephantsAndRhinos("ee.e.e....r.r.rr").value()
            Push("xo.x.o..xo.ox.o").value()
            Shove("xo.x.o..xo.ox.o").value()
    """,
    "loopy outcomes (Fox and Geese 6x6, tttt..ffff)": LOOPY_OUTCOMES,
}

COMPILED_WORKLOADS = {
    "Domineering 4x7": """
        from cgt.games import Domineering
        def run():
            Domineering("|".join(["......."] * 4)).value()
    """,
    "Cram 5x6 (Grundy)": """
        from cgt.games import Cram
        def run():
            Cram("|".join(["......"] * 5)).grundy()
    """,
    "Clobber 4x4": """
        from cgt.games import Clobber
        def run():
            Clobber("xoxo|oxox|xoxo|oxox").value()
    """,
    "Col 3x6 grid": """
        import networkx as nx
        from cgt.games import Col
        def run():
            Col(nx.grid_2d_graph(3, 6)).value()
    """,
    "Snort 3x6 grid": """
        import networkx as nx
        from cgt.games import Snort
        def run():
            Snort(nx.grid_2d_graph(3, 6)).value()
    """,
    "Kayles to 20000": WORKLOADS["Kayles to 20000"],
    "Officers to 10**6": """
        from cgt.games import OctalGame
        def run():
            OctalGame("0.6").grundy_sequence(10**6, progress=False)
    """,
    "Officers to 10**7": """
        from cgt.games import OctalGame
        def run():
            OctalGame("0.6").grundy_sequence(10**7, progress=False)
    """,
    "0.74 to 3*10**6 (two split rules)": """
        from cgt.games import OctalGame
        def run():
            OctalGame("0.74").grundy_sequence(3 * 10**6, progress=False)
    """,
    "Hexapawn 6x6": """
        from cgt.games import Hexapawn
        def run():
            Hexapawn(6, 6).winner()
    """,
    "parse 400 texts": WORKLOADS["parse 400 texts"],
    "switch and hot sums": WORKLOADS["switch and hot sums"],
    "deep game (birthday 3000)": WORKLOADS["deep game (birthday 3000)"],
    "print 3000 games": WORKLOADS["print 3000 games"],
    "theory of 3000 games": WORKLOADS["theory of 3000 games"],
    "play": PLAY,
    "loopy": LOOPY,
    "Toads and Frogs tttt....ffff": WORKLOADS["Toads and Frogs tttt....ffff"],
    "Toads and Frogs ttttt....fffff": """
        from cgt.games import ToadsAndFrogs
        def run():
            ToadsAndFrogs("ttttt....fffff").value()
    """,
    "strips (E&R, Push, Shove)": WORKLOADS["strips (E&R, Push, Shove)"],
    "loopy outcomes (Fox and Geese 6x6, tttt..ffff)": LOOPY_OUTCOMES,
}
"""``--compiled``: workloads of the C kernels, both trees with their kernels built."""

TIMER = """
import time, cgt
{setup}
t = time.process_time()
run()
print(time.process_time() - t)
"""


SMOKE_WORKLOADS = {
    "parse and add 60 texts": RANDOM_TEXTS
    + """
        texts = [text(4) for _ in range(60)]
        def run():
            gs = [cgt.parse(t) for t in texts]
            return [str(g) for g in gs], [str(a + b) for a in gs[:12] for b in gs[:12]]
    """,
    "hot sums": """
        def run():
            total = cgt.zero
            for k in range(1, 5):
                total = total + cgt.parse(f"{{{k}|{{{k - 1}|0}}}}") + cgt.parse(f"{{{k}|-{k}}}")
            return str(total), str(total.temperature())
    """,
    "Domineering 3x4": """
        from cgt.games import Domineering
        def run():
            return str(Domineering("....|....|....").value())
    """,
    "Kayles to 500": """
        from cgt.games import OctalGame
        def run():
            return list(OctalGame("0.77").grundy_sequence(500))
    """,
}

SMOKE_RUN = """
import hashlib, cgt
{setup}
print(hashlib.sha256(repr(run()).encode()).hexdigest())
"""


def smoke() -> int:
    """Small workloads in both trees, results compared (see the module docstring)."""
    import _smoke

    def results(tree: Path) -> dict[str, str]:
        out = {}
        for name, setup in SMOKE_WORKLOADS.items():
            done = subprocess.run(
                [sys.executable, "-c", SMOKE_RUN.format(setup=textwrap.dedent(setup))],
                cwd=tree,
                env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
                capture_output=True,
                text=True,
                check=True,
            )
            out[name] = done.stdout.split()[-1]
        return out

    ours = results(ROOT)
    known: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            base = export("977a1e4", Path(tmp))
        except (OSError, subprocess.CalledProcessError):
            print("smoke: no git checkout with the base commit: this tree alone")
        else:
            known = results(base)
    return _smoke.run(__file__, lambda: ours, known, pure=False)


def export(rev: str, into: Path) -> Path:
    """Write commit ``rev``'s tree into ``into`` and return that folder."""
    archive = into / "base.tar"
    with archive.open("wb") as out:
        subprocess.run(
            ["git", "archive", rev], cwd=ROOT, stdout=out, stderr=subprocess.DEVNULL, check=True
        )
    with tarfile.open(archive) as tar:
        tar.extractall(into / "base", filter="data")
    return into / "base"


def time_once(tree: Path, setup: str) -> float:
    code = TIMER.format(setup=textwrap.dedent(setup))
    env = {"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"}
    if os.environ.get("CGT_PURE_PYTHON"):  # the pure-Python paths on both sides
        env["CGT_PURE_PYTHON"] = os.environ["CGT_PURE_PYTHON"]
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return float(done.stdout.split()[-1])


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="977a1e4")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--compiled",
        action="store_true",
        help="build the base's C kernels too and time the compiled workloads",
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="TEXT",
        help="time only the workloads whose name contains TEXT (may be repeated)",
    )
    args = parser.parse_args()
    workloads = COMPILED_WORKLOADS if args.compiled else WORKLOADS
    if args.only:
        workloads = {k: v for k, v in workloads.items() if any(t in k for t in args.only)}
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.base, Path(tmp))
        if args.compiled:
            subprocess.run(
                [sys.executable, "setup.py", "build_ext", "--inplace"],
                cwd=base,
                capture_output=True,
                check=True,
            )
        print(f"{'workload':28} {'new s':>8} {'base s':>8} {'new/base':>9}")
        ratios = []
        for name, setup in workloads.items():
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
