"""cgt against the C++ solver MCGS v1.5 on the same positions, in one run (issue 33).

Run:  python benchmarks/bench_mcgs.py [--only TEXT] [--timeout S] [--runs N]
                                     [--mcgs PATH | --cgt-only]

MCGS (Folkersen, Müller and Du, https://github.com/ualberta-mueller-group/MCGS)
is built outside this repository by ``sh benchmarks/mcgs_build.sh`` into
``~/.cache/cgt/mcgs/src/MCGS``; ``--mcgs PATH`` names another binary.  Without
a binary cgt runs alone, and the script says MCGS is absent.

The workloads (each position for both players moving first):

* Toads and Frogs ``ttttt....fffff`` and ``tttt....ffff`` (MCGS's
  ``gen_toads`` with slide 1, jump over one opponent: the standard rules);
* the Domineering 6x6 boards with blocked squares of MCGS's
  ``input/autotests/domineering_autotests/6x6.test``: the first 31 of its
  101 (the set of issue 33), and one of them alone; without MCGS's checkout,
  31 boards drawn at seed 33 instead, each square blocked with probability 1/4;
* Clobber on the 3x5 checkerboard, and on every board of MCGS's
  ``input/autotests/clobber_autotests/clobber_rectangle_alternating.test``
  (the 14 checkerboards 2x3 to 6x3; its copy in ``main_tests`` adds 4x5 and
  5x4);
* Cram (MCGS: ``impartial domineering``) Grundy values of the boards of
  ``bench_cram.py``, by its function ``timed``.

cgt answers through the public API (``position.outcome()``, the Cram solver
``bench_cram.py`` uses), with cold caches at the start of each workload
(``cgt.clear_caches()``, ``cgt.games.clear_solver_caches()``), timed in CPU
seconds (``time.process_time``).  MCGS solves a workload in one process (every
position of it in one input, its transposition table shared across them as
cgt's caches are; its database of precomputed small subgames off,
``--no-use-db``, as cgt uses no store here), timed by the CPU seconds of the child
(``resource.getrusage(RUSAGE_CHILDREN)``; the median of ``--runs`` runs,
3 by default).  MCGS's start-up (allocating its tables, about a second) is
measured on a trivial position and subtracted: the MCGS column and the ratio
exclude it.  What is left can be a few hundredths of a second, within the
noise of the start-up: such a time is shown as at most the spread of five
start-up runs.  ``--timeout S`` bounds each position's CPU seconds (cgt:
a profiling timer; MCGS: a CPU limit of the child of S per position plus the
start-up); a workload that runs out is shown as ``> T``.

Per position (``--per-position``, which runs this table alone): a time of a
few hundredths of a second is lost in the noise of MCGS's start-up, so each
Toads and Frogs strip of :data:`PER_POSITION` is solved N times in one MCGS input, its
transposition table cleared before each solve (MCGS's ``--clear-tt``), and
its time per position is (time of N copies - time of 1) / (N - 1), less what
clearing the table and reading a solve command cost (the same difference
on a trivial position, 101 copies against 1).  cgt solves the strip N times
in one process, its caches cleared before each copy (not timed), and its
time per position is that of copies 2 to N.  N is chosen so that N copies
take about ``--target`` CPU seconds in cgt (5 to 200 copies).  Each MCGS time is
the least of ``--runs`` runs (the noise of a loaded machine, page faults
above all, only adds), and its figure is shown with a bound on its error:
the spreads of those runs over N - 1.

Every answer is compared: cgt with MCGS, and both with the results written in
MCGS's test files (from CGSuite).  Any disagreement is printed and the script
exits 1.  Not part of the tests, except ``--smoke`` (CI): small positions of
each kind, cgt's outcome search checked against the outcomes of its values,
against the pure-Python paths, and against MCGS when a binary is found.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from types import FrameType
from typing import Any

import cgt
from cgt.games import Clobber, Cram, Domineering, ToadsAndFrogs, clear_solver_caches

BENCHMARKS = Path(__file__).resolve().parent
if str(BENCHMARKS) not in sys.path:  # bench_cram and _smoke, also when loaded from elsewhere
    sys.path.insert(0, str(BENCHMARKS))
DEFAULT_MCGS = Path.home() / ".cache" / "cgt" / "mcgs" / "src" / "MCGS"
DOMINEERING_FILE = "input/autotests/domineering_autotests/6x6.test"
CLOBBER_FILE = "input/autotests/clobber_autotests/clobber_rectangle_alternating.test"
DOMINEERING_COUNT = 31
"""How many boards of the 6x6 file (in its order) make the workload: issue 33's set."""
SINGLE_6X6 = "......|##....|#.....|#....#|..#..#|##...#"
"""The board issue 33 quotes (the 12th of the file)."""
STARTUP = "[clobber_1xn] XO {B}"
"""The trivial input on which MCGS's start-up is measured."""
PER_POSITION = [
    "ttttt....fffff",
    "tttt....ffff",
    "ttttt.....fffff",
    "tttt......ffff",
    "tt.tt....ff.ff",
    "ttt.t....f.fff",
    "t.t.t.t.f.f.f.f",
    "tttt.t...f.ffff",
    "tttttt....ffffff",
]
"""The Toads and Frogs strips timed per position (issue 33's two, and 14-16 squares)."""
TRIVIAL = "XO {B, W}"
"""The trivial solve command (of ``[clobber_1xn]``) whose copies give MCGS's cost of a copy."""
CLEAR_COPIES = 101
"""Copies of the trivial solve whose time, less one copy's, gives MCGS's cost of a copy."""


@dataclass
class Item:
    """One position: how cgt builds it, its MCGS text, the answer a file expects."""

    label: str
    make: Callable[[], Any]
    mcgs: str
    expected: str | None = None


@dataclass
class Workload:
    """Positions solved together (one MCGS run, one cold start of cgt)."""

    name: str
    section: str
    items: list[Item]
    impartial: bool = False
    note: str = ""


@dataclass
class Result:
    """Answers (``None``: not found in time) and CPU seconds of one side."""

    answers: list[str | None]
    seconds: float
    timed_out: bool = False
    below: bool = False
    """``seconds`` is an upper bound (MCGS's time, within the noise of its start-up)."""


# --- positions ------------------------------------------------------------------


def outcome_text(left_wins: bool, right_wins: bool) -> str:
    """The answer in MCGS's words: Left is MCGS's Black, Right its White."""
    return f"B {'win' if left_wins else 'loss'}, W {'win' if right_wins else 'loss'}"


OUTCOME_TEXT = {
    "L": outcome_text(True, False),
    "R": outcome_text(False, True),
    "N": outcome_text(True, True),
    "P": outcome_text(False, False),
}


def toads(strip: str) -> Item:
    """Toads (Left, MCGS's X moving right) and frogs."""
    text = strip.replace("t", "X").replace("f", "O")
    return Item(strip, lambda: ToadsAndFrogs(strip), f"(1,1,1,0:{text})")


def domineering(board: str, expected: str | None = None) -> Item:
    """Left places vertical dominoes in both libraries."""
    return Item(board, lambda: Domineering(board), f"({board})", expected)


def clobber(board: str, expected: str | None = None) -> Item:
    """cgt's ``x`` (Left) is MCGS's X (Black)."""
    ours = board.replace("X", "x").replace("O", "o")
    return Item(board, lambda: Clobber(ours), f"({board.upper()})", expected)


def checkerboard(rows: int, columns: int) -> str:
    """The alternating board with X in the top left corner."""
    return "|".join("".join("XO"[(r + c) % 2] for c in range(columns)) for r in range(rows))


def read_test_file(path: Path) -> list[tuple[str, str]]:
    """The (board, expected answer) lines of an MCGS ``.test`` file of one-board sums."""
    text = re.sub(r"/\*.*?\*/", " ", path.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"\{version [^}]*\}|\[[^\]]*\]", " ", text)
    line = r"(\S+)\s*\{\s*B\s+(win|loss)\s*,\s*W\s+(win|loss)\s*\}"
    return [(board, f"B {left}, W {right}") for board, left, right in re.findall(line, text)]


def random_board(rng: random.Random, size: int, hole: float) -> str:
    """A ``size`` x ``size`` Domineering board, each square blocked with chance ``hole``."""
    rows = ("".join("#" if rng.random() < hole else "." for _ in range(size)) for _ in range(size))
    return "|".join(rows)


def workloads(checkout: Path | None) -> list[Workload]:
    """The workloads of issue 33; ``checkout``: MCGS's source tree (its test files)."""
    from bench_cram import BOARDS

    out = [
        Workload("Toads and Frogs ttttt....fffff", "gen_toads", [toads("ttttt....fffff")]),
        Workload("Toads and Frogs tttt....ffff", "gen_toads", [toads("tttt....ffff")]),
    ]
    dom_file = checkout / DOMINEERING_FILE if checkout else None
    if dom_file is not None and dom_file.is_file():
        boards = read_test_file(dom_file)[:DOMINEERING_COUNT]
        note = f"the first {DOMINEERING_COUNT} boards of MCGS's {dom_file.name}"
    else:
        rng = random.Random(33)
        boards = [(random_board(rng, 6, 0.25), "") for _ in range(DOMINEERING_COUNT)]
        note = "MCGS's 6x6.test not found: random boards, seed 33, holes 1/4"
    expected = dict(boards)
    out.append(
        Workload(
            f"Domineering 6x6 with blocked squares ({len(boards)} x 2)",
            "domineering",
            [domineering(b, e or None) for b, e in boards],
            note=note,
        )
    )
    out.append(
        Workload(
            f"Domineering 6x6 {SINGLE_6X6}",
            "domineering",
            [domineering(SINGLE_6X6, expected.get(SINGLE_6X6))],
        )
    )
    out.append(Workload("Clobber 3x5 checkerboard", "clobber", [clobber(checkerboard(3, 5))]))
    clob_file = checkout / CLOBBER_FILE if checkout else None
    if clob_file is not None and clob_file.is_file():
        rectangles = read_test_file(clob_file)
        note = f"MCGS's {clob_file.name}"
    else:
        sizes = [(2, 3), (2, 4), (2, 5), (2, 6), (3, 2), (3, 4), (3, 5), (3, 6)]
        sizes += [(4, 2), (4, 3), (5, 2), (5, 3), (6, 2), (6, 3)]
        rectangles = [(checkerboard(r, c), "") for r, c in sizes]
        note = "MCGS's file not found: the same checkerboards, made here"
    out.append(
        Workload(
            f"Clobber checkerboards 2x3 to 6x3 ({len(rectangles)} x 2)",
            "clobber",
            [clobber(b, e or None) for b, e in rectangles],
            note=note,
        )
    )
    for h, w, _published in BOARDS:
        board = "|".join(["." * w] * h)
        item = Item(f"{h}x{w}", partial(Cram, board), f"({board})")
        out.append(Workload(f"Cram {h}x{w} Grundy value", "impartial domineering", [item], True))
    return out


# --- cgt ------------------------------------------------------------------------


class CpuTimeout(KeyboardInterrupt):
    """A position ran out of CPU time.

    A ``KeyboardInterrupt`` so that it takes the path of Ctrl-C, which cgt
    guarantees leaves its caches consistent (and which no ``except Exception``
    swallows).
    """


def _expire(signum: int, frame: FrameType | None) -> None:
    raise CpuTimeout


@contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`CpuTimeout` in this block after ``seconds`` of CPU time."""
    previous = signal.signal(signal.SIGPROF, _expire)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


def cgt_answer(item: Item, impartial: bool) -> str:
    """Solve one position through the public API."""
    if impartial:
        from bench_cram import timed

        how = "compiled" if cgt.compiled().get("shortgame", False) else "search"
        return f"*{timed(item.make(), how)[0]}"
    return OUTCOME_TEXT[item.make().outcome().name]


def run_cgt(work: Workload, timeout: float) -> Result:
    """The workload from cold caches; each position at most ``timeout`` CPU seconds."""
    cgt.clear_caches()
    clear_solver_caches()
    answers: list[str | None] = []
    total = 0.0
    timed_out = False
    for item in work.items:
        start = time.process_time()
        try:
            with cpu_limit(timeout):
                answer: str | None = cgt_answer(item, work.impartial)
        except CpuTimeout:
            answer, timed_out = None, True
            cgt.clear_caches()
            clear_solver_caches()
        total += time.process_time() - start
        answers.append(answer)
    return Result(answers, total, timed_out)


# --- MCGS -----------------------------------------------------------------------


def children_cpu() -> float:
    """CPU seconds of the children waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def mcgs_input(work: Workload) -> str:
    """One input holding every position of ``work``, each a sum solved on its own."""
    command = "{N}" if work.impartial else "{B, W}"
    return f"[{work.section}] " + " ".join(f"{item.mcgs} {command}" for item in work.items)


def parse_mcgs(output: str, impartial: bool) -> list[str]:
    """The answers MCGS printed, one per solve command ("Got: Win", "Got: 2")."""
    got = re.findall(r"^Player: (\S+)\s*\nGot: (\S+)", output, flags=re.M)
    if impartial:
        return [f"*{value}" for player, value in got if player == "IMP"]
    answers = []
    if len(got) % 2:
        raise ValueError(f"MCGS answered {len(got)} times, not twice a position")
    for (p1, r1), (p2, r2) in zip(got[0::2], got[1::2], strict=True):
        if (p1, p2) != ("B", "W"):
            raise ValueError(f"unexpected MCGS output order: {p1}, {p2}")
        answers.append(outcome_text(r1 == "Win", r2 == "Win"))
    return answers


def run_mcgs(
    binary: Path, text: str, cpu_seconds: float | None, flags: Sequence[str] = ()
) -> tuple[str, float, bool]:
    """MCGS's standard output, its CPU seconds, and whether it ran out of time."""

    def limit() -> None:
        if cpu_seconds is not None:
            whole = max(1, math.ceil(cpu_seconds))
            resource.setrlimit(resource.RLIMIT_CPU, (whole, whole + 1))

    before = children_cpu()
    done = subprocess.run(
        [str(binary), "--no-use-db", *flags, text],
        capture_output=True,
        text=True,
        cwd=binary.parent,
        preexec_fn=limit,
        check=False,
    )
    seconds = children_cpu() - before
    killed = done.returncode in (-signal.SIGXCPU, -signal.SIGKILL)
    if done.returncode and not killed:
        raise RuntimeError(f"MCGS failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return done.stdout, seconds, killed


def mcgs_startup(binary: Path, runs: int = 5) -> tuple[float, float]:
    """MCGS's start-up on a trivial position: the median CPU seconds of ``runs``, their spread."""
    times = sorted(run_mcgs(binary, STARTUP, None)[1] for _ in range(runs))
    return times[len(times) // 2], times[-1] - times[0]


def solve_mcgs(
    binary: Path, work: Workload, timeout: float, startup: float, spread: float, runs: int = 1
) -> Result:
    """MCGS on the workload (the median CPU time of ``runs`` runs), its start-up subtracted.

    A time below the spread of the start-up runs is noise: reported as at
    most that spread (``Result.below``).  The runs must give the same answers.
    """
    limit = startup + timeout * len(work.items)
    times = []
    answers: list[str] | None = None
    for _ in range(runs):
        output, seconds, killed = run_mcgs(binary, mcgs_input(work), limit)
        if killed:
            return Result([None] * len(work.items), seconds - startup, True)
        found = parse_mcgs(output, work.impartial)
        if len(found) != len(work.items) or answers not in (None, found):
            raise RuntimeError(f"MCGS gave {found} for {len(work.items)} positions:\n{output}")
        answers = found
        times.append(seconds)
    assert answers is not None
    net = sorted(times)[len(times) // 2] - startup
    if net < spread:
        return Result(list(answers), spread, below=True)
    return Result(list(answers), net)


# --- comparing and reporting ----------------------------------------------------


def disagreements(work: Workload, ours: Result, theirs: Result | None) -> list[str]:
    """Every answer that differs from another found for the same position."""
    problems = []
    for index, item in enumerate(work.items):
        seen = {"cgt": ours.answers[index]}
        if theirs is not None:
            seen["MCGS"] = theirs.answers[index]
        if item.expected is not None:
            seen["MCGS's file"] = item.expected
        known = {who: answer for who, answer in seen.items() if answer is not None}
        if len(set(known.values())) > 1:
            problems.append(f"{work.name}: {item.label}: {known}")
    return problems


def figure(x: float) -> str:
    """Two decimals from a second up, three significant digits below."""
    return f"{x:.2f}" if x >= 1 else f"{x:.3g}"


def seconds_text(result: Result) -> str:
    if result.timed_out:
        return f"> {figure(result.seconds)} s"
    return f"<= {figure(result.seconds)} s" if result.below else f"{figure(result.seconds)} s"


def ratio_text(ours: Result, theirs: Result) -> str:
    """cgt's time over MCGS's, with ``>=`` or ``<`` where one of them is a bound."""
    if ours.timed_out and theirs.timed_out:
        return "?"
    if theirs.seconds <= 0:
        return "n/a"
    ratio = f"{ours.seconds / theirs.seconds:.3g}"
    if theirs.timed_out:
        return f"< {ratio}"
    return f">= {ratio}" if ours.timed_out or theirs.below else ratio


def agree_text(work: Workload, ours: Result, theirs: Result | None, problems: list[str]) -> str:
    if problems:
        return f"NO ({len(problems)})"
    checked = [
        i
        for i in range(len(work.items))
        if ours.answers[i] is not None
        and (
            (theirs is not None and theirs.answers[i] is not None)
            or work.items[i].expected is not None
        )
    ]
    if not checked:
        return "-"
    if len(checked) < len(work.items):
        return f"yes ({len(checked)} of {len(work.items)})"
    return "yes"


def find_mcgs(args: argparse.Namespace) -> Path | None:
    """The MCGS binary to use, or ``None`` (``--cgt-only``, or none found)."""
    if args.cgt_only:
        return None
    if args.mcgs:
        return Path(args.mcgs).resolve()
    named = os.environ.get("CGT_MCGS")
    if named:
        return Path(named).resolve()
    if DEFAULT_MCGS.is_file():
        return DEFAULT_MCGS
    found = shutil.which("MCGS")
    return Path(found) if found else None


def checkout_of(binary: Path | None) -> Path | None:
    """MCGS's source tree (its ``input`` folder): beside the binary, else the default."""
    for candidate in (binary, DEFAULT_MCGS):
        if candidate is not None and (candidate.parent / "input").is_dir():
            return candidate.parent
    return None


def bench(args: argparse.Namespace) -> int:
    binary = find_mcgs(args)
    if binary is not None and not binary.is_file():
        print(f"no MCGS binary at {binary}", file=sys.stderr)
        return 2
    chosen = [w for w in workloads(checkout_of(binary)) if args.only in w.name]
    head = subprocess.run(
        ["git", "-C", str(BENCHMARKS), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    print(f"cgt at {head or '?'}, compiled kernels: {cgt.compiled().get('shortgame', False)}")
    startup = spread = 0.0
    if binary is None:
        print("MCGS absent (build it: sh benchmarks/mcgs_build.sh): cgt alone")
    elif args.per_position:
        print(f"MCGS: {binary}")
    else:
        startup, spread = mcgs_startup(binary)
        print(
            f"MCGS: {binary}; start-up {startup:.2f} CPU s (median of 5 runs of {STARTUP}, "
            f"spread {spread:.2f} s), subtracted below"
        )
    print(f"CPU seconds; at most {args.timeout:g} s per position\n")
    if args.per_position:
        found = per_position(args, binary)
        for problem in found:
            print(f"DISAGREE {problem}", file=sys.stderr)
        return 1 if found else 0
    rows = ["| workload | cgt | MCGS | cgt/MCGS | agree |", "|---|---|---|---|---|"]
    problems: list[str] = []
    for work in chosen:
        ours = run_cgt(work, args.timeout)
        theirs = (
            solve_mcgs(binary, work, args.timeout, startup, spread, args.runs) if binary else None
        )
        found = disagreements(work, ours, theirs)
        problems += found
        agree = agree_text(work, ours, theirs, found)
        mcgs = seconds_text(theirs) if theirs else "absent"
        ratio = ratio_text(ours, theirs) if theirs else "-"
        name = work.name.replace("|", "\\|")  # boards' row separators, inside a markdown table
        rows.append(f"| {name} | {seconds_text(ours)} | {mcgs} | {ratio} | {agree} |")
        print(rows[-1] + (f"  ({work.note})" if work.note else ""), flush=True)
    print("\n" + "\n".join(rows))
    for problem in problems:
        print(f"DISAGREE {problem}", file=sys.stderr)
    return 1 if problems else 0


# --- per position -----------------------------------------------------------------


@dataclass
class PerPosition:
    """One side's time per position over N solves of one strip (``error``: its bound)."""

    answer: str | None
    seconds: float
    error: float = 0.0
    timed_out: bool = False


def cgt_per_position(strip: str, copies: int, timeout: float) -> PerPosition:
    """cgt on ``strip`` ``copies`` times in this process, cold caches each time (not timed)."""
    item = toads(strip)
    times = []
    answers = set()
    for _ in range(copies):
        cgt.clear_caches()
        clear_solver_caches()
        start = time.process_time()
        try:
            with cpu_limit(timeout):
                answers.add(cgt_answer(item, False))
        except CpuTimeout:
            cgt.clear_caches()
            clear_solver_caches()
            return PerPosition(None, time.process_time() - start, timed_out=True)
        times.append(time.process_time() - start)
    if len(answers) != 1:
        raise RuntimeError(f"cgt gave {answers} for {strip}")
    later = times[1:] if copies > 1 else times
    return PerPosition(answers.pop(), sum(later) / len(later))


def copies_for(seconds: float, target: float) -> int:
    """How many copies of a position of ``seconds`` take about ``target`` seconds (5 to 200)."""
    return max(5, min(200, math.ceil(target / max(seconds, 1e-6))))


def mcgs_copies(
    binary: Path, section: str, solve: str, copies: int, runs: int, cpu_seconds: float | None
) -> tuple[list[str], list[float], bool]:
    """MCGS on ``copies`` copies of the ``solve`` command in one input (the ``section``
    header once), its table cleared before each: the answers of the first run, the CPU
    seconds of each run, and whether one ran out of time."""
    text = f"{section} " + " ".join([solve] * copies)
    times: list[float] = []
    answers: list[str] = []
    for _ in range(runs):
        output, seconds, killed = run_mcgs(binary, text, cpu_seconds, ("--clear-tt",))
        times.append(seconds)
        if killed:
            return [], times, True
        if not answers:
            answers = parse_mcgs(output, False)
    return answers, times, False


def mcgs_copy_cost(binary: Path, runs: int = 5) -> float:
    """MCGS's CPU seconds per copy of a trivial solve with ``--clear-tt`` (clearing, reading)."""
    one = mcgs_copies(binary, "[clobber_1xn]", TRIVIAL, 1, runs, None)[1]
    many = mcgs_copies(binary, "[clobber_1xn]", TRIVIAL, CLEAR_COPIES, runs, None)[1]
    return max(0.0, (min(many) - min(one)) / (CLEAR_COPIES - 1))


def mcgs_per_position(
    binary: Path, strip: str, copies: int, runs: int, copy_cost: float, timeout: float
) -> PerPosition:
    """MCGS's time per position of ``strip``: (N copies - 1 copy) / (N - 1), less a copy's cost."""
    solve = f"{toads(strip).mcgs} {{B, W}}"
    limit = 5.0 + timeout * copies
    first, one, killed = mcgs_copies(binary, "[gen_toads]", solve, 1, runs, limit)
    if killed:
        return PerPosition(None, max(one), timed_out=True)
    answers, many, killed = mcgs_copies(binary, "[gen_toads]", solve, copies, runs, limit)
    if killed:
        return PerPosition(None, (max(many) - min(one)) / (copies - 1), timed_out=True)
    if len(set(answers)) != 1 or len(answers) != copies or first != answers[:1]:
        raise RuntimeError(f"MCGS gave {set(answers)} for {copies} copies of {strip}")
    net = (min(many) - min(one)) / (copies - 1) - copy_cost
    error = (max(many) - min(many) + max(one) - min(one)) / (copies - 1)
    return PerPosition(answers[0], max(net, 0.0), error)


def per_position(args: argparse.Namespace, binary: Path | None) -> list[str]:
    """The per-position table of :data:`PER_POSITION`; returns the disagreements."""
    strips = [s for s in PER_POSITION if args.only in f"Toads and Frogs {s}"]
    if not strips:
        return []
    copy_cost = 0.0
    if binary is not None:
        copy_cost = mcgs_copy_cost(binary)
        print(
            f"\nPer position: N solves in one run; MCGS with --clear-tt, less "
            f"{copy_cost * 1000:.2f} ms a copy (clearing its table, reading a command)"
        )
    rows = [
        "| Toads and Frogs (per position) | N | cgt | MCGS | cgt/MCGS | agree |",
        "|---|---|---|---|---|---|",
    ]
    problems = []
    for strip in strips:
        probe = cgt_per_position(strip, 2, args.timeout)
        copies = args.copies or copies_for(probe.seconds, args.target)
        ours = probe if probe.timed_out else cgt_per_position(strip, copies, args.timeout)
        theirs = None
        if binary is not None:
            theirs = mcgs_per_position(binary, strip, copies, args.runs, copy_cost, args.timeout)
        seen = {"cgt": ours.answer, "MCGS": theirs.answer if theirs else None}
        known = {who: a for who, a in seen.items() if a is not None}
        agree = "-" if len(known) < 2 else "yes"
        if len(set(known.values())) > 1:
            problems.append(f"Toads and Frogs {strip} per position: {known}")
            agree = "NO"
        cgt_text = f"{'> ' if ours.timed_out else ''}{figure(ours.seconds)} s"
        if theirs is None:
            mcgs_text, ratio = "absent", "-"
        else:
            mcgs_text = f"{'> ' if theirs.timed_out else ''}{figure(theirs.seconds)} s"
            if not theirs.timed_out:
                mcgs_text += f" ± {figure(theirs.error)}"
            ratio = "n/a"
            if theirs.seconds > 0 and not (ours.timed_out and theirs.timed_out):
                low = theirs.seconds - theirs.error
                ratio = f"{ours.seconds / theirs.seconds:.3g}"
                if theirs.timed_out:
                    ratio = f"< {ratio}"
                elif ours.timed_out:
                    ratio = f">= {ratio}"
                elif low > 0:
                    ratio += f" (<= {ours.seconds / low:.3g})"
        rows.append(f"| `{strip}` | {copies} | {cgt_text} | {mcgs_text} | {ratio} | {agree} |")
        print(rows[-1], flush=True)
    print("\n" + "\n".join(rows))
    return problems


# --- smoke ----------------------------------------------------------------------

SMOKE_STRIPS = ["t.f", "tt..ff", "tt.t.ff", "t.tf.f", "ttt...fff"]
SMOKE_CRAM = [(2, 4), (3, 3), (1, 7)]


def smoke_workloads() -> list[Workload]:
    """Small positions of each kind (seconds in pure Python)."""
    rng = random.Random(7)
    boards = [random_board(rng, 4, 0.25) for _ in range(4)]
    out = [
        Workload("Toads and Frogs", "gen_toads", [toads(s) for s in SMOKE_STRIPS]),
        Workload("Domineering 4x4", "domineering", [domineering(b) for b in boards]),
        Workload(
            "Clobber checkerboards",
            "clobber",
            [clobber(checkerboard(r, c)) for r, c in [(2, 3), (2, 4), (3, 3), (1, 6)]],
        ),
    ]
    for h, w in SMOKE_CRAM:
        board = "|".join(["." * w] * h)
        item = Item(f"{h}x{w}", partial(Cram, board), f"({board})")
        out.append(Workload(f"Cram {h}x{w}", "impartial domineering", [item], True))
    return out


def smoke(args: argparse.Namespace) -> int:
    """The small workloads, checked (see the module docstring)."""
    import _smoke

    chosen = smoke_workloads()

    def key(work: Workload, item: Item) -> str:
        return f"{work.name} {item.label}"

    def ours() -> dict[str, object]:
        out: dict[str, object] = {}
        for work in chosen:
            result = run_cgt(work, 60.0)
            for item, answer in zip(work.items, result.answers, strict=True):
                out[key(work, item)] = answer
        return out

    known: dict[str, object] = {}
    if _smoke.CHILD not in sys.argv:
        # The outcomes of the values: another route through cgt than the outcome search.
        for work in chosen:
            for item in work.items:
                value = item.make().value()
                text = OUTCOME_TEXT[value.outcome().name]
                known[key(work, item)] = f"*{value.nim_value()}" if work.impartial else text
        binary = find_mcgs(args)
        if binary is not None and binary.is_file():
            for work in chosen:
                theirs = solve_mcgs(binary, work, 60.0, 0.0, 0.0)
                for item, answer in zip(work.items, theirs.answers, strict=True):
                    if answer != known[key(work, item)]:
                        print(
                            f"smoke: DISAGREE {key(work, item)}: MCGS {answer!r}", file=sys.stderr
                        )
                        return 1
            print(f"smoke: MCGS ({binary}) agrees on {len(known)} positions")
        else:
            print("smoke: MCGS absent")
    return _smoke.run(__file__, ours, known)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", metavar="TEXT", help="workloads whose name has TEXT")
    parser.add_argument(
        "--timeout", type=float, default=120.0, metavar="S", help="CPU s a position"
    )
    parser.add_argument(
        "--mcgs", metavar="PATH", help="the MCGS binary (default: ~/.cache/cgt/mcgs)"
    )
    parser.add_argument("--runs", type=int, default=3, metavar="N", help="MCGS runs (median)")
    parser.add_argument("--cgt-only", action="store_true", help="do not run MCGS")
    parser.add_argument(
        "--per-position",
        action="store_true",
        help="also the Toads and Frogs strips timed per position, N copies a run",
    )
    parser.add_argument(
        "--copies", type=int, default=0, metavar="N", help="copies per position (0: by --target)"
    )
    parser.add_argument(
        "--target", type=float, default=3.0, metavar="S", help="cgt CPU s of the N copies"
    )
    parser.add_argument("--smoke", action="store_true", help="small positions, checked (CI)")
    parser.add_argument(_smoke_child(), action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.timeout <= 0 or args.runs < 1 or args.target <= 0:
        parser.error("--timeout and --target must be positive, --runs at least 1")
    if args.copies < 0 or args.copies == 1:
        parser.error("--copies must be 0 (chosen by --target) or at least 2")
    cgt.set_progress(False)  # no bars between the rows
    return smoke(args) if args.smoke else bench(args)


def _smoke_child() -> str:
    import _smoke

    return _smoke.CHILD


if __name__ == "__main__":
    sys.exit(main())
