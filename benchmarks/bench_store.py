"""Surveys on two worker processes against serial; a search again against its store.

Run:  python benchmarks/bench_store.py [--digits 3] [--bound 16384] [--workers 2] [--speedup N]

1. A survey: the proven periods of every octal game ``0.abc`` (511 codes),
   each searched over at most ``--bound`` Grundy values: serially in this
   process, then on a ``LocalCluster`` of ``--workers`` worker processes (its
   start-up timed apart), both writing to a fresh store; the results must
   agree.  The same survey a second time against its store (every item
   read back, none computed).
2. The value store: a Domineering search (4x6 board) in a new process with an
   empty store, then the same search in another new process against the
   store it filled; the store's size per value.
3. With ``--farm BOARD``, an experiment: one Domineering search whose
   first-level options are valued on the workers, the store as their shared
   memory, then the board itself by the client from the store.  (On
   ``.......|.......|.......|.......`` it was 0.35x of serial: the options
   share most of their subpositions, which every worker computes again.)

4. With ``--speedup N``, only the survey's speed-up: serial and on the workers,
   interleaved N times, the best of each compared (one run's CPU speed varies
   by some 15 % here).  ``--speedup 2 --bound 65536`` (about 130 s of serial
   work) gave 2.12x and 2.02x, best of two 2.02x, with the compiled kernels.

The machine's load average is printed before and after: other processes
sharing the cores slow the parallel run most.  Not part of the tests, except
``--smoke`` (CI): the periods of the two-digit octal games (bound 512) serially,
on two Dask workers (when Dask is installed) and again from the store, which
must agree; a small Domineering search twice in new processes, the second
reading every value from the store; all checked against the pure-Python paths.
"""

from __future__ import annotations

import argparse
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cgt.store import Store
from cgt.surveys import _QUIET_WORKERS, default_name, octal_codes, octal_period, survey

ROOT = Path(__file__).resolve().parent.parent

SEARCH = """
import sys, time
from cgt.games import Domineering
from cgt.games.domineering import _DOMINEERING
from cgt.solver import Solver
start = time.perf_counter()
s = Solver(store=sys.argv[1])
v = s.keyed_value(_DOMINEERING, Domineering(sys.argv[2]).state, progress=False)
print(time.perf_counter() - start, s.info().misses, s.store_hits, str(v).replace(" ", ""))
"""


def timed_octal(item: tuple[str, int]) -> tuple[tuple[int, int] | None, float]:
    """octal_period and the CPU seconds it took (in whichever process ran it)."""
    start = time.process_time()
    found = octal_period(item)
    return found, time.process_time() - start


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def local_cluster(workers: int) -> Any:
    """A LocalCluster of worker processes as the one survey() starts for itself."""
    import dask
    from distributed import LocalCluster

    with dask.config.set(_QUIET_WORKERS):
        return LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.ERROR,
        )


def bench_survey(digits: int, bound: int, workers: int, tmp: Path) -> None:
    items = [(code, bound) for code in octal_codes(digits)]
    print(f"survey: periods of {len(items)} octal codes (up to {digits} digits), bound {bound}")
    print(f"  load average before: {load()}")
    start = time.perf_counter()
    timed = survey(timed_octal, items, workers=0, store=tmp / "serial.sqlite", progress=False)
    t_serial = time.perf_counter() - start
    print(f"  serial:              {t_serial:8.2f} s")

    from distributed import Client

    start = time.perf_counter()
    cluster = local_cluster(workers)
    client = Client(cluster)
    t_start = time.perf_counter() - start
    try:
        start = time.perf_counter()
        timed_parallel = survey(
            timed_octal, items, client=client, store=tmp / "parallel.sqlite", progress=False
        )
        t_parallel = time.perf_counter() - start
    finally:
        client.close()
        cluster.close()
    serial = {item: found for item, (found, _cpu) in timed.items()}
    parallel = {item: found for item, (found, _cpu) in timed_parallel.items()}
    assert parallel == serial, "the parallel survey disagrees with the serial one"
    cpu_serial = sum(cpu for _found, cpu in timed.values())
    cpu_parallel = sum(cpu for _found, cpu in timed_parallel.values())
    print(f"  {workers} workers:           {t_parallel:8.2f} s  (+ {t_start:.2f} s cluster start)")
    print(f"  CPU seconds of the items: serial {cpu_serial:.1f}, on the workers {cpu_parallel:.1f}")
    largest = max(cpu for _found, cpu in timed.values())
    print(f"  largest single item:      {largest:.1f} CPU seconds")
    print(f"  cores the workers got:   {cpu_parallel / t_parallel:.2f} (CPU seconds / wall)")
    print(
        f"  speed-up:            {t_serial / t_parallel:8.2f} x  (with start-up: "
        f"{t_serial / (t_parallel + t_start):.2f} x)"
    )
    # The same items on plain worker processes (no Dask, no store): what the
    # cores give at best, to tell Dask's costs from the machine's.
    from concurrent.futures import ProcessPoolExecutor

    start = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        plain = list(pool.map(timed_octal, items, chunksize=4))
    t_plain = time.perf_counter() - start
    cpu_plain = sum(cpu for _found, cpu in plain)
    print(
        f"  {workers} plain processes:   {t_plain:8.2f} s  ({t_serial / t_plain:.2f} x; "
        f"CPU seconds of the items {cpu_plain:.1f})"
    )
    start = time.perf_counter()
    again = survey(timed_octal, items, workers=0, store=tmp / "serial.sqlite", progress=False)
    t_again = time.perf_counter() - start
    assert again == timed
    print(f"  again from store:    {t_again:8.4f} s  ({t_serial / t_again:,.0f} x faster)")
    size = os.path.getsize(tmp / "serial.sqlite")
    print(f"  store: {size:,} bytes for {len(items)} results ({size / len(items):.0f} B each)")
    proven = sum(1 for v in serial.values() if v is not None)
    print(f"  proven periods: {proven} of {len(items)}")
    print(f"  load average after:  {load()}")
    store = Store(tmp / "serial.sqlite")
    assert len(store.survey_results(default_name(timed_octal))) == len(items)


def bench_values(tmp: Path) -> None:
    board = "......|......|......|......"
    path = str(tmp / "values.sqlite")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}

    def run() -> list[str]:
        out = subprocess.run(
            [sys.executable, "-c", SEARCH, path, board],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.split()

    none = str(tmp / "none.sqlite")
    plain = subprocess.run(
        [sys.executable, "-c", SEARCH.replace("store=sys.argv[1]", "store=None"), none, board],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    first, second = run(), run()
    n = len(Store(path))
    size = os.path.getsize(path)
    print(f"value store: Domineering {board} (each run a new process)")
    print(f"  no store:            {float(plain[0]):8.3f} s  ({plain[1]} components computed)")
    print(f"  empty store:         {float(first[0]):8.3f} s  ({first[1]} computed, written)")
    print(
        f"  again, same store:   {float(second[0]):8.4f} s  ({second[1]} computed, "
        f"{second[2]} read)  {float(first[0]) / float(second[0]):,.0f} x faster"
    )
    print(f"  store: {size:,} bytes for {n:,} values ({size / n:.0f} B per value)")


def option_value(item: tuple[str, object]) -> str:
    """The value of one option state of a Domineering board, with the store as shared memory."""
    import cgt
    from cgt.games import Domineering
    from cgt.games.base import solver_for
    from cgt.games.domineering import _DOMINEERING

    path, state = item
    with cgt.use_store(path):
        return str(solver_for(Domineering).keyed_value(_DOMINEERING, state, progress=False))


def bench_farm(board: str, workers: int, tmp: Path) -> None:
    """One big search: its first-level options farmed out to Dask workers (an experiment)."""
    from distributed import Client

    from cgt.games import Domineering
    from cgt.games.domineering import _DOMINEERING
    from cgt.solver import Solver

    state = Domineering(board).state
    print(f"one search on {workers} workers: Domineering {board}")
    print(f"  load average before: {load()}")
    start = time.perf_counter()
    value = Solver().keyed_value(_DOMINEERING, state, progress=False)
    t_serial = time.perf_counter() - start
    print(f"  serial:              {t_serial:8.2f} s")
    ((key, _negated),) = _DOMINEERING.split(state)
    left, right = _DOMINEERING.options(key)
    options = list(dict.fromkeys([*left, *right]))
    path = str(tmp / "farm.sqlite")
    cluster = local_cluster(workers)
    client = Client(cluster)
    try:
        start = time.perf_counter()
        futures = client.map(option_value, [(path, o) for o in options], pure=False)
        client.gather(futures)
        farmed = Solver(store=path).keyed_value(_DOMINEERING, state, progress=False)
        t_farm = time.perf_counter() - start
    finally:
        client.close()
        cluster.close()
    assert farmed == value
    print(f"  {len(options)} options farmed out: {t_farm:8.2f} s  ({t_serial / t_farm:.2f} x)")
    print(f"  load average after:  {load()}")


def bench_speedup(digits: int, bound: int, workers: int, repeat: int, tmp: Path) -> None:
    """Serial and parallel runs interleaved ``repeat`` times; the best of each compared.

    One run's CPU speed varies by 15 % or so on a shared machine, so a single
    serial run against a single parallel one can land anywhere between.
    """
    from distributed import Client

    items = [(code, bound) for code in octal_codes(digits)]
    print(f"speed-up: periods of {len(items)} octal codes, bound {bound}, best of {repeat}")
    cluster = local_cluster(workers)
    client = Client(cluster)
    serial_times, parallel_times = [], []
    try:
        for r in range(repeat):
            start = time.perf_counter()
            serial = survey(
                timed_octal, items, workers=0, store=tmp / f"s{r}.sqlite", progress=False
            )
            serial_times.append(time.perf_counter() - start)
            start = time.perf_counter()
            parallel = survey(
                timed_octal, items, client=client, store=tmp / f"p{r}.sqlite", progress=False
            )
            parallel_times.append(time.perf_counter() - start)
            assert {k: v[0] for k, v in serial.items()} == {k: v[0] for k, v in parallel.items()}
            print(
                f"  run {r + 1}: serial {serial_times[-1]:7.2f} s, {workers} workers "
                f"{parallel_times[-1]:7.2f} s ({serial_times[-1] / parallel_times[-1]:.2f} x)",
                flush=True,
            )
    finally:
        client.close()
        cluster.close()
    best_s, best_p = min(serial_times), min(parallel_times)
    print(
        f"  best serial {best_s:.2f} s, best on {workers} workers {best_p:.2f} s: "
        f"speed-up {best_s / best_p:.2f} x"
    )


def smoke() -> int:
    """Small surveys and searches, answers checked (see the module docstring)."""
    import _smoke

    def ours() -> dict[str, object]:
        out: dict[str, object] = {}
        with tempfile.TemporaryDirectory() as name:
            tmp = Path(name)
            items = [(code, 512) for code in octal_codes(2)]
            serial = survey(octal_period, items, workers=0, store=tmp / "s.sqlite", progress=False)
            again = survey(octal_period, items, workers=0, store=tmp / "s.sqlite", progress=False)
            if again != serial:
                raise SystemExit("smoke: the survey read back from its store differs")
            try:
                import distributed
            except ImportError:
                distributed = None
            if distributed is not None and _smoke.CHILD not in sys.argv:
                parallel = survey(
                    octal_period, items, workers=2, store=tmp / "p.sqlite", progress=False
                )
                if parallel != serial:
                    raise SystemExit("smoke: the survey on two workers differs from the serial one")
            out["periods of the two-digit octal games"] = sorted(serial.items())
            board, path = "...|...|...|...", str(tmp / "values.sqlite")
            env = {**os.environ, "PYTHONPATH": str(ROOT)}
            runs = [
                subprocess.run(
                    [sys.executable, "-c", SEARCH, path, board],
                    env=env,
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
                for _ in range(2)
            ]
            if runs[0][3] != runs[1][3] or int(runs[1][1]) != 0 or int(runs[1][2]) == 0:
                raise SystemExit(f"smoke: the second search did not read the store: {runs}")
            out[f"Domineering {board}"] = runs[0][3]
        return out

    return _smoke.run(__file__, ours)


def main() -> None:
    if "--smoke" in sys.argv:
        sys.exit(smoke())
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--digits", type=int, default=3)
    parser.add_argument("--bound", type=int, default=1 << 14)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--skip-survey", action="store_true")
    parser.add_argument("--farm", metavar="BOARD", help="also farm out one Domineering search")
    parser.add_argument(
        "--speedup", type=int, metavar="N", help="only the speed-up: serial and parallel, N times"
    )
    args = parser.parse_args()
    if args.speedup:
        with tempfile.TemporaryDirectory() as tmp:
            bench_speedup(args.digits, args.bound, args.workers, args.speedup, Path(tmp))
        return
    with tempfile.TemporaryDirectory() as tmp:
        bench_values(Path(tmp))
        if not args.skip_survey:
            bench_survey(args.digits, args.bound, args.workers, Path(tmp))
        if args.farm:
            bench_farm(args.farm, args.workers, Path(tmp))


if __name__ == "__main__":
    main()
