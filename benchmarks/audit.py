"""Adversarial differential audit of every compiled kernel (issue 25).

    python benchmarks/audit.py [--smoke | --count N] [--seed S] [--cpu SECONDS]

For each kernel in ``cgt.compiled()`` (canonical, heap, hexapawn, parse,
shortgame) it draws random inputs from a fixed seed:

* canonical: random game trees built with ``cgt.Game``, their sums,
  differences, negatives and comparisons;
* heap: random octal, hexadecimal and ``!`` codes (malformed ones too) and
  subtraction sets, their Grundy sequences;
* hexapawn: random positions (every pawn type, misère, either side to move;
  some with a pawn on its promotion row, which is refused), searched;
* parse: texts of random games, with mutations and random bytes;
* shortgame: Domineering, Cram, Clobber, Konane, Fission, Amazons boards of
  every shape up to 65 cells (1 x 64, 64 x 1, 2 x 32, 8 x 8, 63 and 65 cells
  among them), Col and Snort graphs of up to 65 vertices, Toads and Frogs,
  Elephants and Rhinos, Push and Shove strips of up to 65 squares, and bad boards.

Every input is evaluated here (kernels in use) and again in a separate
process started with ``CGT_PURE_PYTHON=1``: the printed answers must be equal,
and an input that raises must raise the same exception class both ways.
Then three phases reuse the inputs:

* threads: caches cleared, four threads evaluate all inputs at once, each in
  its own order; every answer equals the pure one, and every game is the very
  object the first evaluation returned (values are interned);
* signals (POSIX): ``SIGALRM`` raises ``KeyboardInterrupt`` at random moments
  during the evaluations (caches cleared now and then); afterwards every input
  is evaluated again and must still agree with the pure answers.  (An
  interrupt that lands in a weak reference's callback is dropped by Python,
  which prints "Exception ignored in ... KeyboardInterrupt": expected.)

It prints, per kernel, the inputs checked, the disagreements and the errors
compared, and the CPU time (this process and its children); the exit status
is 1 on any disagreement.  Time is bounded by CPU time, never by the wall
clock: ``--cpu`` is about what the whole run may take (the first pass over a
kernel's inputs stops at an eighth of its share, later inputs counted as
skipped, since the other phases repeat it), and the pure-Python child is
stopped by ``RLIMIT_CPU`` at twice that.  ``--smoke`` is a run of seconds that
ends with ``smoke: ok`` (tests/test_ci.py runs it; ``benchmarks/sanitize.sh``
runs it under AddressSanitizer and UBSan).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import cgt
from cgt.games import (
    Amazons,
    Clobber,
    Col,
    Cram,
    Domineering,
    ElephantsAndRhinos,
    Fission,
    Hexapawn,
    Konane,
    OctalGame,
    Push,
    Shove,
    Snort,
    SubtractionGame,
    ToadsAndFrogs,
    clear_solver_caches,
)

CHILD = "--pure-child"
"""The child that repeats the evaluations on the pure-Python paths."""

Case = list[Any]  # [kernel, operation, arguments...]: JSON, so the child can read it


# --- evaluation ---------------------------------------------------------------------------
def build(spec: Any) -> cgt.Game:
    """The game of a spec: ["n", "p/q"], ["*", k] or ["g", [lefts], [rights]]."""
    if spec[0] == "n":
        return cgt.number(spec[1])
    if spec[0] == "*":
        return cgt.nimber(spec[1])
    return cgt.Game([build(s) for s in spec[1]], [build(s) for s in spec[2]])


def _canonical(op: str, *args: Any) -> Any:
    games = [build(a) for a in args]
    if op == "form":
        return games[0]
    if op == "neg":
        return -games[0]
    if op == "add":
        total = games[0]
        for g in games[1:]:
            total = total + g
        return total
    if op == "sub":
        return games[0] - games[1]
    a, b = games
    return (a <= b, b <= a, a == b, a < b, a.outcome())


def _heap(op: str, *args: Any) -> Any:
    if op == "octal":
        code, n = args
        return OctalGame(code).grundy_sequence(n)
    values, all_but, n = args
    return SubtractionGame(set(values), all_but=all_but).grundy_sequence(n)


def _hexapawn(op: str, *args: Any) -> Any:
    board, pawn, misere, to_move = args
    if op == "start":
        h = Hexapawn(board[0], board[1], pawn=pawn, misere=misere)
    else:
        h = Hexapawn(board, pawn=pawn, misere=misere, to_move=to_move)
    return (h.outcome(method="search", progress=False), sorted(map(str, h.winning_moves())))


BOARDS: dict[str, Any] = {
    "Domineering": Domineering,
    "Cram": Cram,
    "Clobber": Clobber,
    "Konane": Konane,
    "Fission": Fission,
    "Amazons": Amazons,
    "Col": Col,
    "Snort": Snort,
    "ToadsAndFrogs": ToadsAndFrogs,
    "ElephantsAndRhinos": ElephantsAndRhinos,
    "Push": Push,
    "Shove": Shove,
}


def _shortgame(op: str, text: str) -> Any:
    position = BOARDS[op](text)
    if op == "Cram":
        return position.grundy()
    return position.value()


def evaluate(case: Case) -> Any:
    """The answer to one input (a game, a number, a tuple...); may raise."""
    kernel, op, *args = case
    if kernel == "canonical":
        return _canonical(op, *args)
    if kernel == "heap":
        return _heap(op, *args)
    if kernel == "hexapawn":
        return _hexapawn(op, *args)
    if kernel == "parse":
        return cgt.parse(args[0])
    return _shortgame(op, *args)


def answer(case: Case) -> tuple[str, Any]:
    """``(text, object)``: the printed answer, or ``error:<class>`` for an exception."""
    try:
        value = evaluate(case)
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as err:  # compared by class with the other engine's
        return f"error:{type(err).__module__}.{type(err).__qualname__}", err
    return f"{value}", value


# --- random inputs ------------------------------------------------------------------------
def rand_game(rng: random.Random, depth: int) -> Any:
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.7:
            num = rng.randint(-6, 6)
            den = rng.choice((1, 1, 2, 4, 8))
            return ["n", f"{num}/{den}"]
        return ["*", rng.randint(0, 5)]
    return [
        "g",
        [rand_game(rng, depth - 1) for _ in range(rng.randint(0, 3))],
        [rand_game(rng, depth - 1) for _ in range(rng.randint(0, 3))],
    ]


def canonical_cases(rng: random.Random, count: int) -> list[Case]:
    cases: list[Case] = []
    for _ in range(count):
        op = rng.choice(("form", "neg", "add", "add", "sub", "cmp", "cmp"))
        k = {"form": 1, "neg": 1, "sub": 2, "cmp": 2}.get(op, rng.randint(2, 4))
        cases.append(["canonical", op] + [rand_game(rng, rng.randint(1, 4)) for _ in range(k)])
    return cases


def heap_cases(rng: random.Random, count: int) -> list[Case]:
    cases: list[Case] = []
    for _ in range(count):
        n = rng.randint(1, 400)
        roll = rng.random()
        if roll < 0.5:  # octal: at most two heaps left, the compiled sparse-space method
            code = "0." + "".join(rng.choice("01234567") for _ in range(rng.randint(1, 6)))
            if rng.random() < 0.2:
                code = rng.choice("0123") + code[1:]
        elif roll < 0.65:  # hexadecimal digits (three heaps) and '!' (distinct parts)
            code = "0." + "".join(rng.choice("0123456789abcdef") for _ in range(rng.randint(1, 4)))
            if rng.random() < 0.4:
                code = code[:2] + code[2] + "!" + code[3:]
        elif roll < 0.75:  # malformed codes
            code = "".join(rng.choice("0123.!x8[]-") for _ in range(rng.randint(0, 6)))
        else:
            values = sorted(rng.sample(range(1, 12), rng.randint(0, 4)))
            cases.append(["heap", "sub", values, rng.random() < 0.3, n])
            continue
        cases.append(["heap", "octal", code, n])
    return cases


def hexapawn_cases(rng: random.Random, count: int) -> list[Case]:
    cases: list[Case] = []
    pawns = ("normal", "berolina", "berolina_plus")
    for _ in range(count):
        pawn, misere = rng.choice(pawns), rng.random() < 0.3
        to_move = rng.choice(("white", "black"))
        columns, rows = rng.randint(1, 4), rng.randint(3, 4)
        if columns * rows > 12:
            columns = 3
        if rng.random() < 0.15:
            cases.append(["hexapawn", "start", [columns, rows], pawn, misere, to_move])
            continue
        lines = []
        for r in range(rows):  # r = 0 is the top row (Black's start, White's promotion row)
            line = ""
            for _c in range(columns):
                ch = rng.choice("WB......")
                if (ch == "W" and r == 0) or (ch == "B" and r == rows - 1):
                    ch = ch if rng.random() < 0.05 else "."  # a few refused boards
                line += ch
            lines.append(line)
        cases.append(["hexapawn", "board", "|".join(lines), pawn, misere, to_move])
    return cases


LITERALS = ["0", "1", "-1", "1/2", "-3/4", "5/8", "2", "*", "*2", "*3", "^", "v", "^*", "v*",
            "^2", "+-1", "1*", "-2*2", "{|}", "{1|-1}", "{0|*}"]  # fmt: skip


def rand_text(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(LITERALS)
    sides = [
        ", ".join(rand_text(rng, depth - 1) for _ in range(rng.randint(0, 3))) for _ in range(2)
    ]
    return "{" + sides[0] + rng.choice(("|", " | ", "|")) + sides[1] + "}"


def parse_cases(rng: random.Random, count: int) -> list[Case]:
    cases: list[Case] = []
    alphabet = "{}|,0123456789/*^v.+- "
    for _ in range(count):
        roll = rng.random()
        if roll < 0.3:
            text = rand_text(rng, rng.randint(1, 4))
        elif roll < 0.45:
            text = str(build(rand_game(rng, rng.randint(1, 3))))
        elif roll < 0.55:
            text = " + ".join(rand_text(rng, 2) for _ in range(rng.randint(2, 3)))
        elif roll < 0.85:  # mutations: a character dropped, doubled or replaced
            text = list(rand_text(rng, rng.randint(1, 4)))
            for _m in range(rng.randint(1, 3)):
                i = rng.randrange(len(text) + 1)
                kind = rng.randrange(3)
                if kind == 0 and i < len(text):
                    del text[i]
                elif kind == 1:
                    text.insert(i, rng.choice(alphabet))
                elif i < len(text):
                    text[i] = rng.choice(alphabet)
            text = "".join(text)
        else:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 20)))
        cases.append(["parse", "parse", text])
    return cases


# board shapes: small ones filled densely, and the 62-65-cell boundary with sparse regions
SMALL = [(1, n) for n in range(1, 13)] + [(2, 3), (3, 3), (2, 5), (3, 4), (4, 4), (2, 7)]
LARGE = [(1, 64), (64, 1), (2, 32), (32, 2), (8, 8), (4, 16), (16, 4), (1, 63), (63, 1),
         (7, 9), (9, 7), (1, 62), (2, 31), (1, 65), (65, 1), (5, 13), (13, 5)]  # fmt: skip
# the letters of each ruleset's board, with weights; the largest region the pure path may get
FILL: dict[str, tuple[str, int]] = {
    "Domineering": ("....#", 12),
    "Cram": ("....#", 12),
    "Clobber": ("xxoo.", 10),
    "Konane": ("xxoo...", 12),
    "Fission": ("x...", 12),
    "Amazons": ("x.o......#", 6),
}


def grown(rng: random.Random, h: int, w: int, size: int, letters: str) -> str:
    """A board of '#' with up to three separate regions of about ``size`` cells each
    (no two regions touch, so no component is larger than ``size``)."""
    owner = [-1] * (h * w)
    cells = ["#"] * (h * w)

    def near(i: int) -> list[int]:
        r, c = divmod(i, w)
        steps = [(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        return [y * w + x for y, x in steps if 0 <= y < h and 0 <= x < w]

    def free(i: int, region: int) -> bool:
        return owner[i] < 0 and all(owner[j] in (-1, region) for j in near(i))

    for region, seed in enumerate((0, h * w - 1, rng.randrange(h * w))):
        if not free(seed, region):
            continue
        grew = [seed]
        owner[seed] = region
        for _ in range(8 * size):
            if len(grew) >= size:
                break
            options = [j for j in near(rng.choice(grew)) if free(j, region)]
            if options:
                j = rng.choice(options)
                owner[j] = region
                grew.append(j)
        for i in grew:
            cells[i] = rng.choice(letters)
    return "|".join("".join(cells[r * w : (r + 1) * w]) for r in range(h))


def cap_amazons(text: str, rng: random.Random) -> str:
    """At most one amazon a side (the pure path is slow on more)."""
    cells = list(text)
    for letter in "xo":
        spots = [i for i, ch in enumerate(cells) if ch == letter]
        for i in rng.sample(spots, max(0, len(spots) - 1)):
            cells[i] = "."
    return "".join(cells)


def graph_text(rng: random.Random, n: int) -> str:
    """A random forest-like graph of ``n`` vertices in small components, as a graph string."""
    parts = [f"v{i}:{rng.choice('..LR')}" for i in range(n)]
    order = list(range(n))
    rng.shuffle(order)
    i = 0
    while i < n:
        size = rng.randint(1, 7)
        comp = order[i : i + size]
        for j in range(1, len(comp)):
            parts.append(f"v{comp[j]}-v{comp[rng.randrange(j)]}")
        if len(comp) >= 3 and rng.random() < 0.4:  # close a cycle
            parts.append(f"v{comp[0]}-v{comp[-1]}")
        i += size
    return ";".join(parts)


# the strips: Left's and Right's letters, and walls of dead pieces between short segments
STRIPS: dict[str, tuple[str, str]] = {
    "ToadsAndFrogs": ("tf", "ttff"),
    "ElephantsAndRhinos": ("er", "er"),
    "Push": ("xo", ""),
    "Shove": ("xo", ""),
}


def strip_text(rng: random.Random, rule: str) -> str:
    """A strip of 1 to 12 squares, or of 62 to 65 squares in which the pure path's
    work stays small: short segments between walls, or (Push, Shove) two pieces."""
    pieces, wall = STRIPS[rule]
    if rng.random() < 0.6:
        return "".join(rng.choice("." + pieces) for _ in range(rng.randint(1, 12)))
    n = rng.randint(62, 65)
    if not wall:
        cells = ["."] * n
        for i in rng.sample(range(n), 2):
            cells[i] = rng.choice(pieces)
        return "".join(cells)
    text = ""
    while len(text) < n:
        text += wall + "".join(rng.choice(".." + pieces) for _ in range(rng.randint(1, 5)))
    return text[:n]


def shortgame_cases(rng: random.Random, count: int) -> list[Case]:
    cases: list[Case] = []
    for k in range(count):
        rule = list(BOARDS)[k % len(BOARDS)]
        if rule in STRIPS:
            text = strip_text(rng, rule) if rng.random() > 0.05 else rng.choice(("t?f", "x o"))
            cases.append(["shortgame", rule, text])
            continue
        if rule in ("Col", "Snort"):
            n = rng.choice((63, 64, 65)) if rng.random() < 0.4 else rng.randint(1, 12)
            cases.append(["shortgame", rule, graph_text(rng, n)])
            continue
        letters, size = FILL[rule]
        roll = rng.random()
        if roll < 0.05:  # a bad board: a stray letter or a ragged row
            text = rng.choice(("..|.", "x?o", ".z.", "xo|o", "..|...|.."))
        elif roll < 0.5:
            h, w = rng.choice(SMALL)
            if rng.random() < 0.5:
                h, w = w, h
            cap = 6 if rule == "Amazons" else size
            text = grown(rng, h, w, min(cap, h * w), letters)
        else:
            h, w = rng.choice(LARGE)
            text = grown(rng, h, w, rng.randint(size // 2, size), letters)
        if rule == "Amazons":
            text = cap_amazons(text, rng)
        cases.append(["shortgame", rule, text])
    return cases


GENERATORS: dict[str, Callable[[random.Random, int], list[Case]]] = {
    "canonical": canonical_cases,
    "heap": heap_cases,
    "hexapawn": hexapawn_cases,
    "parse": parse_cases,
    "shortgame": shortgame_cases,
}


# --- phases -------------------------------------------------------------------------------
def cpu() -> float:
    """CPU seconds of this process and its finished children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def clear_all() -> None:
    cgt.clear_caches()
    clear_solver_caches()


def pure_answers(cases: list[Case], cpu_limit: int) -> list[str]:
    """The answers of a child process on the pure-Python paths (RLIMIT_CPU bounds it)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit))

    env = dict(os.environ, CGT_PURE_PYTHON="1")
    done = subprocess.run(
        [sys.executable, __file__, CHILD],
        input=json.dumps(cases),
        env=env,
        capture_output=True,
        text=True,
        preexec_fn=limit,
    )
    if done.returncode:
        sys.exit(f"audit: the pure-Python child failed ({done.returncode}):\n{done.stderr[-3000:]}")
    answers: list[str] = json.loads(done.stdout)
    return answers


def child() -> int:
    if any(cgt.compiled().values()):
        print("audit: the child uses compiled kernels", file=sys.stderr)
        return 2
    cases = json.load(sys.stdin)
    json.dump([answer(case)[0] for case in cases], sys.stdout)
    return 0


def interned(a: Any, b: Any) -> bool:
    """Whether every game in ``a`` is the very object at the same place in ``b``."""
    if isinstance(a, cgt.Game):
        return a is b
    if isinstance(a, tuple | list) and isinstance(b, tuple | list) and len(a) == len(b):
        return all(interned(x, y) for x, y in zip(a, b, strict=True))
    return True


class Tally:
    def __init__(self) -> None:
        self.checked = self.disagree = self.errors = self.skipped = 0
        self.threads = self.interrupted = self.after_signals = 0
        self.cpu = 0.0


def run_threads(
    cases: list[Case], first: list[tuple[str, Any]], seed: int
) -> list[tuple[str, str]]:
    """Four threads evaluate every input at once; the problems found (kernel, what)."""
    clear_all()
    results: list[list[tuple[str, Any]] | None] = [None] * 4
    failures: list[str] = []
    start = threading.Barrier(4)

    def work(k: int) -> None:
        order = list(range(len(cases)))
        random.Random(seed * 10 + k).shuffle(order)
        out: list[tuple[str, Any]] = [("", None)] * len(cases)
        try:
            start.wait()
            for i in order:
                out[i] = answer(cases[i])
        except BaseException as err:
            failures.append(f"thread {k}: {type(err).__name__}: {err}")
            return
        results[k] = out

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    problems = [("", failure) for failure in failures]
    for k, out in enumerate(results):
        if out is None:
            continue
        for i, ((text, obj), (text0, obj0)) in enumerate(zip(out, first, strict=True)):
            if text != text0:
                problems.append((cases[i][0], f"thread {k}: {cases[i]!r}: {text!r}, not {text0!r}"))
            elif not text.startswith("error:") and not interned(obj, obj0):
                problems.append((cases[i][0], f"thread {k}: {cases[i]!r}: {text!r} not interned"))
    return problems


def run_signals(cases: list[Case], took: list[float], rng: random.Random) -> int:
    """Evaluate every input with SIGALRM raising KeyboardInterrupt at a random moment
    (within the time its first evaluation took); the number of evaluations interrupted."""

    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    old = signal.signal(signal.SIGALRM, handler)
    hits = 0
    try:
        for case, seconds in zip(cases, took, strict=True):
            if rng.random() < 0.5:
                clear_all()
            try:
                try:
                    signal.setitimer(signal.ITIMER_REAL, rng.uniform(1e-6, max(2e-5, seconds)))
                    evaluate(case)
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            except KeyboardInterrupt:
                hits += 1
            except Exception:
                pass
    finally:
        signal.signal(signal.SIGALRM, old)
    return hits


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="a run of seconds (CI)")
    parser.add_argument("--count", type=int, help="inputs per kernel (default 2000, smoke 16)")
    parser.add_argument("--seed", type=int, default=25, help="the random seed (default 25)")
    parser.add_argument(
        "--cpu",
        type=float,
        help="the CPU seconds the whole run may take, roughly (default 300, smoke 120)",
    )
    args = parser.parse_args()
    count = args.count if args.count is not None else (16 if args.smoke else 2000)
    budget = args.cpu if args.cpu is not None else (120.0 if args.smoke else 300.0)
    began = cpu()
    kernels = [name for name, used in cgt.compiled().items() if used]
    if not kernels:
        print(
            "audit: no compiled kernel in use (CGT_PURE_PYTHON=1, or none built): nothing to audit"
        )
        return 1
    tallies = {name: Tally() for name in kernels}
    problems: list[str] = []
    # the first pass takes about an eighth of the whole: the pure child, four threads and
    # the signals phase repeat it
    per_kernel = budget / 8 / len(kernels)

    all_cases: list[Case] = []
    first: list[tuple[str, Any]] = []
    took: list[float] = []  # the CPU time of each first evaluation (caches colder)
    for name in kernels:
        rng = random.Random(f"{args.seed}:{name}")
        cases = GENERATORS[name](rng, count)
        tally = tallies[name]
        start = cpu()
        for case in cases:
            if cpu() - start > per_kernel:
                tally.skipped += 1
                continue
            all_cases.append(case)
            before = time.process_time()
            first.append(answer(case))
            took.append(time.process_time() - before)
            tally.checked += 1
        tally.cpu += cpu() - start

    pure = pure_answers(all_cases, cpu_limit=int(max(120.0, 2 * budget)))
    for case, (text, _), theirs in zip(all_cases, first, pure, strict=True):
        tally = tallies[case[0]]
        if text.startswith("error:") or theirs.startswith("error:"):
            tally.errors += 1
        if text != theirs:
            tally.disagree += 1
            problems.append(f"{case!r}: compiled {text!r}, pure {theirs!r}")
        if text.startswith("error:") and not text.startswith("error:cgt."):
            tally.disagree += 1
            problems.append(f"{case!r}: {text} is not a cgt error")

    rng = random.Random(args.seed)
    start = cpu()
    for name, problem in run_threads(all_cases, first, args.seed):
        if name:
            tallies[name].disagree += 1
        problems.append(problem)
    for name in kernels:
        tallies[name].threads = sum(1 for c in all_cases if c[0] == name)
    thread_cpu = cpu() - start

    signal_cpu = 0.0
    posix = hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
    if posix:
        start = cpu()
        for name in kernels:
            mine = [i for i, c in enumerate(all_cases) if c[0] == name]
            tallies[name].interrupted = run_signals(
                [all_cases[i] for i in mine], [took[i] for i in mine], rng
            )
        for case, (_, obj0), theirs in zip(all_cases, first, pure, strict=True):
            text, obj = answer(case)
            tallies[case[0]].after_signals += 1
            if text != theirs:
                tallies[case[0]].disagree += 1
                problems.append(f"after signals: {case!r}: {text!r}, pure {theirs!r}")
            elif not text.startswith("error:") and not interned(obj, obj0):
                tallies[case[0]].disagree += 1
                problems.append(f"after signals: {case!r}: {text!r} is not the interned object")
        signal_cpu = cpu() - start

    print(f"audit: seed {args.seed}, {count} inputs per kernel, CPU budget {budget:.0f} s")
    print(
        f"{'kernel':<10} {'checked':>7} {'skipped':>7} {'errors':>6} {'disagree':>8} "
        f"{'threads':>7} {'ctrl-c':>6} {'resumed':>7} {'cpu s':>6}"
    )
    for name, t in tallies.items():
        print(
            f"{name:<10} {t.checked:>7} {t.skipped:>7} {t.errors:>6} {t.disagree:>8} "
            f"{t.threads:>7} {t.interrupted:>6} {t.after_signals:>7} {t.cpu:>6.1f}"
        )
    print(
        f"threads: 4 x {len(all_cases)} evaluations, {thread_cpu:.1f} s CPU; signals: "
        + (f"{signal_cpu:.1f} s CPU" if posix else "skipped (not POSIX)")
        + f"; total CPU (pure child included) {cpu() - began:.1f} s"
    )
    for problem in problems[:50]:
        print(f"audit: DISAGREE {problem}", file=sys.stderr)
    if problems:
        print(f"audit: {len(problems)} problems", file=sys.stderr)
        return 1
    checked = sum(t.checked for t in tallies.values())
    errors = sum(t.errors for t in tallies.values())
    print(
        f"{'smoke' if args.smoke else 'audit'}: ok ({checked} inputs of {len(kernels)} kernels "
        f"equal on the pure-Python paths, {errors} of them errors of the same class; "
        f"threads and Ctrl-C agree)"
    )
    return 0


if __name__ == "__main__":
    if CHILD in sys.argv:
        sys.exit(child())
    sys.exit(main())
