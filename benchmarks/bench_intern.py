"""The values that are trees (scoring games, misère forms and games): speed and memory.

Run:  python benchmarks/bench_intern.py [--base REV] [--repeat N] [--only TEXT]
      python benchmarks/bench_intern.py --memory [--board RxC]

Each workload runs in a fresh interpreter per version, this tree and commit
``REV`` (default ``main``, exported with ``git archive``, its C kernels built
when this tree has its own), alternating between the two, ``--repeat`` times;
the least CPU time of each side is kept (``time.process_time``).  Printed:
seconds for each side and the ratio this tree / base.  The workloads use the
public API only, so any version with ``cgt.scoring`` runs them:

* Dots-and-Boxes as a scoring game: the form of an empty board (a turn is a
  run of lines, each but the last completing a box; atoms are the score so
  far, Left's boxes minus Right's), built from ``DotsAndBoxes``' moves;
* sums and simplest forms of scoring games;
* misère forms: sums, their outcomes and simplest forms modulo the dicots;
* misère canonical games: sums of two, three and six games born by day 4;
* ``benchmarks/bench_misere.py``'s Kayles quotient, on fewer heaps.

``--memory``: in each tree, the Dots-and-Boxes form of ``--board`` (default
1x5), then the sum of the 1x4 and 1x3 forms, then ``del``,
``cgt.clear_caches()`` and ``gc.collect()``: the scoring games alive (counted
by ``gc``) and the resident size after each step.

``--smoke`` (CI): the workloads at small sizes, their results checked against
values written here (the outcome classes and scores of small boards, worked
out by hand) and against the pure-Python paths.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

DOTS = """
        import gc
        import cgt
        from cgt.games import DotsAndBoxes
        from cgt.scoring import ScoringGame, number

        def dots_form(rows, cols):
            turns_of = {}
            forms = {}

            def turns(p):
                # the positions and boxes one turn can end with, keyed by position key
                found = turns_of.get(p.key())
                if found is None:
                    out = {}
                    stack = [(p, 0)]
                    while stack:
                        q, got = stack.pop()
                        for line in q.moves():
                            k = q.completes(line)
                            r = q.play(line)
                            if k and not r.is_over:
                                stack.append((r, got + k))
                            else:
                                out[(r.key(), got + k)] = r
                    found = turns_of[p.key()] = [(r, got) for (_, got), r in out.items()]
                return found

            def form(p, s):
                key = (p.key(), s)
                found = forms.get(key)
                if found is None:
                    if p.is_over:
                        found = number(s)
                    else:
                        ts = turns(p)
                        found = ScoringGame(
                            [form(q, s + got) for q, got in ts],
                            [form(q, s - got) for q, got in ts],
                        )
                    forms[key] = found
                return found

            return form(DotsAndBoxes(rows, cols), 0)
"""
"""The scoring form of an empty Dots-and-Boxes board (memoised while it is built)."""

WORKLOADS = {
    "scoring: Dots-and-Boxes 1x4 form": DOTS
    + """
        def run():
            g = dots_form(1, 4)
            return (g.left_score, g.right_score, g.birthday)
    """,
    "scoring: sum of the 1x4 and 1x3 forms": DOTS
    + """
        a, b = dots_form(1, 4), dots_form(1, 3)
        def run():
            g = a + b
            return (g.left_score, g.right_score, len(g.followers()))
    """,
    "scoring: sums, simplest forms": """
        from cgt.scoring import hat, parse_scoring, simplest_form
        def run():
            out = []
            for k in range(40):
                g = hat(3) + parse_scoring(f"<<^{k}|{k + 1}>, {k}|<^{-k - 2}|{-k}>>")
                g = g + parse_scoring(f"<{k}, <^0|{k + 2}>|^{k + 3}>") + hat(-1)
                out.append((g.left_score, g.right_score, str(simplest_form(g))[:40]))
            return out
    """,
    "misère forms: sums, dicot simplest": """
        import random
        from cgt.misere import parse_form, simplest_form, sum_outcome
        rng = random.Random(5)
        def text(d):
            if d == 0 or rng.random() < 0.3:
                return rng.choice(["0", "*", "*2", "{*|0}", "{0|*}"])
            l = ", ".join(text(d - 1) for _ in range(rng.randint(1, 2)))
            r = ", ".join(text(d - 1) for _ in range(rng.randint(1, 2)))
            return "{" + l + "|" + r + "}"
        texts = [text(3) for _ in range(200)]
        def run():
            fs = [parse_form(t) for t in texts]
            out = [str(simplest_form(f)) for f in fs]
            out += [str(sum_outcome([a, b, c])) for a, b, c in zip(fs, fs[1:], fs[2:])]
            out += [str((a + b).misere_outcome()) for a, b in zip(fs[:100], fs[100:])]
            return out
    """,
    "misère canonical: sums of day-4 games": """
        from cgt.impartial import misere_born_by
        def run():
            games = misere_born_by(4)
            twos = [a + b for a in games for b in games]
            threes = [s + g for s in twos for g in games]
            sixes = [s + t for s in threes[::400] for t in threes[::300]]
            return [len(set(x)) for x in (twos, threes, sixes)]
    """,
    "bench_misere: Kayles quotient": """
        from cgt.games import OctalGame
        def run():
            q = OctalGame("0.77").misere_quotient(40)
            return len(q), q.verified_states
    """,
}

SMOKE = textwrap.dedent(DOTS) + textwrap.dedent(
    """
    from cgt.impartial import misere_born_by
    from cgt.misere import parse_form, simplest_form
    def results():
        forms = {size: dots_form(1, size) for size in (1, 2, 3)}
        # the exact search of cgt.games.dots_and_boxes: the mover's net score
        nets = {size: DotsAndBoxes(1, size).net_score() for size in (1, 2, 3)}
        return {
            "1x1 scores": (forms[1].left_score, forms[1].right_score),
            "1xn: Ls - net score, Rs + net score": [
                (forms[n].left_score - nets[n], forms[n].right_score + nets[n]) for n in (1, 2, 3)
            ],
            "1x3 guaranteed": forms[3].is_guaranteed(),
            "census by day 4": len(misere_born_by(4)),
            "dicot {*,{*|*}|*,{*|*}}": str(simplest_form(parse_form("{*, {*|*}|*, {*|*}}"))),
        }
    """
)

# Worked out by hand: on a 1x1 board the fourth line takes the box, and whoever
# moves first draws the first and third lines, so the second player gets it
# (Ls = -1, Rs = 1).  On 1 x n boards the form's first-move scores must be the
# exact search's net score for either mover (Ls for Left moving first, -Rs for
# Right), and a Dots-and-Boxes form is guaranteed (its only atoms are those of
# finished boards, numbers).  Conway counted 22 misère games born by day 4;
# {*, {*|*}|*, {*|*}} is *2 modulo the dicots (the example of
# cgt.misere.universes.simplest_form).
KNOWN = {
    "1x1 scores": (-1, 1),
    "1xn: Ls - net score, Rs + net score": [(0, 0)] * 3,
    "1x3 guaranteed": True,
    "census by day 4": 22,
    "dicot {*,{*|*}|*,{*|*}}": "*2",
}

MEMORY = (
    DOTS
    + """
        def rss():
            with open("/proc/self/status") as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) // 1024
        def alive():
            return sum(1 for o in gc.get_objects() if type(o) is ScoringGame)
        gc.collect()
        out = [rss()]
        g = dots_form({rows}, {cols})
        gc.collect()
        out += [alive(), rss()]
        h = dots_form(1, 4) + dots_form(1, 3)
        gc.collect()
        out += [alive(), rss()]
        del g, h
        cgt.clear_caches()
        gc.collect()
        out += [alive(), rss()]
        print(*out)
"""
)


def smoke() -> int:
    import _smoke

    def compute() -> dict[str, object]:
        space: dict[str, object] = {}
        exec(SMOKE, space)
        found = space["results"]()  # type: ignore[operator]
        assert isinstance(found, dict)
        return found

    return _smoke.run(__file__, compute, KNOWN)


def memory(tree: Path, rows: int, cols: int) -> list[int]:
    code = textwrap.dedent(MEMORY.replace("{rows}", str(rows)).replace("{cols}", str(cols)))
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tree,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    return [int(x) for x in done.stdout.split()]


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    import bench_versions

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="main")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--memory", action="store_true")
    parser.add_argument("--only", metavar="TEXT", help="time the workloads whose name has TEXT")
    parser.add_argument("--board", default="1x5", help="the board of --memory, RxC")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base = bench_versions.export(args.base, Path(tmp))
        if any(ROOT.glob("cgt/_kernel_*")):  # this tree has its kernels: so must the base
            subprocess.run(
                [sys.executable, "setup.py", "build_ext", "--inplace"],
                cwd=base,
                capture_output=True,
                check=True,
            )
        if args.memory:
            rows, cols = (int(x) for x in args.board.split("x"))
            print(
                f"scoring forms alive (counted by gc) and MB resident: at the start, after "
                f"the Dots-and-Boxes {rows}x{cols} form, after the sum of the 1x4 and 1x3 "
                f"forms, after del, cgt.clear_caches() and gc.collect()"
            )
            print(f"{'tree':8} {'MB':>5}" + f" {'forms':>7} {'MB':>5}" * 3)
            for name, tree in (("this", ROOT), (args.base, base)):
                start, *rest = memory(tree, rows, cols)
                cells = " ".join(f"{x:7} {y:5}" for x, y in zip(rest[::2], rest[1::2], strict=True))
                print(f"{name:8} {start:5} {cells}")
            return
        print(f"{'workload':40} {'this s':>8} {'base s':>8} {'this/base':>9}")
        for name, setup in WORKLOADS.items():
            if args.only and args.only not in name:
                continue
            new_t, base_t = [], []
            for _ in range(args.repeat):
                new_t.append(bench_versions.time_once(ROOT, setup))
                base_t.append(bench_versions.time_once(base, setup))
            ratio = min(new_t) / min(base_t)
            print(f"{name:40} {min(new_t):8.3f} {min(base_t):8.3f} {ratio:9.3f}")


if __name__ == "__main__":
    main()
