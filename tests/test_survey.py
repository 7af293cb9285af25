"""Surveys: serial and on a real LocalCluster of two worker processes, with a store.

The results are checked against the serial run and against independent facts
(brute-force Grundy sequences of octal games; published Domineering values).
A worker killed mid-survey, and a client process killed with SIGKILL and run
again, lose nothing.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import cgt
from cgt.cli import main
from cgt.errors import InvalidArgument, WrongType
from cgt.store import Store
from cgt.surveys import (
    default_name,
    domineering_regions,
    domineering_value,
    has_dask,
    octal_codes,
    octal_period,
    survey,
)

ROOT = Path(__file__).resolve().parent.parent
CALLED: list[int] = []


def square(n: int) -> int:
    """A survey function that remembers its calls (in the process that runs it)."""
    CALLED.append(n)
    return n * n


def slow_square(n: int) -> int:
    """A survey function slow enough to be interrupted."""
    time.sleep(0.05)
    CALLED.append(n)
    return n * n


def unpicklable(n: int) -> Any:
    return lambda: n


def brute_octal(code: str, n: int) -> list[int]:
    """Grundy values of octal game ``code`` for heaps ``0 .. n - 1``, by plain mex."""
    digits = [int(d) for d in code.split(".")[1]]
    g = [0] * n
    for h in range(1, n):
        seen = set()
        for k, d in enumerate(digits, start=1):
            if h < k:
                break
            rest = h - k
            if d & 1 and rest == 0:
                seen.add(0)
            if d & 2 and rest > 0:
                seen.add(g[rest])
            if d & 4 and rest > 1:
                for a in range(1, rest // 2 + 1):
                    seen.add(g[a] ^ g[rest - a])
        m = 0
        while m in seen:
            m += 1
        g[h] = m
    return g


# --- serial -----------------------------------------------------------------------------


def test_octal_periods_hold_on_brute_force_sequences() -> None:
    items = [(code, 1024) for code in octal_codes(2)]
    results = survey(octal_period, items, workers=0, progress=False)
    assert list(results) == items
    assert results[("0.77", 1024)] == (71, 12)  # Kayles: Guy and Smith (1956)
    assert results[("0.07", 1024)] == (53, 34)  # Dawson's Kayles: Winning Ways, ch. 4
    proven = 0
    for (code, _bound), found in results.items():
        if found is None:
            continue
        proven += 1
        pre, per = found
        g = brute_octal(code, 400)
        assert all(g[n] == g[n + per] for n in range(pre, 400 - per)), code
    assert proven >= 40  # 44 of the 63 codes at this bound


def test_domineering_regions_have_their_published_values() -> None:
    results = survey(domineering_value, domineering_regions(2, 2), workers=0, progress=False)
    # Winning Ways: the 2x2 square is +-1, the L tromino *, a domino 1 or -1.
    assert results == {"..": "-1", ".|.": "1", "#.|.#": "0", "#.|..": "*", "..|..": "+-1"}
    boxes = domineering_regions(3, 3)
    assert len(boxes) == len(set(boxes))
    for board in boxes[:40]:  # each equals its mirror images' value
        rows = board.split("|")
        mirror = "|".join(r[::-1] for r in rows)
        assert domineering_value(mirror) == domineering_value(board)


def test_a_stored_survey_resumes_and_skips_what_is_stored(tmp_path: Path) -> None:
    path = tmp_path / "s.sqlite"
    CALLED.clear()
    first = survey(square, range(5), store=path, workers=0, progress=False)
    assert first == {n: n * n for n in range(5)} and list(range(5)) == CALLED
    CALLED.clear()
    again = survey(square, range(10), store=path, workers=0, progress=False)
    assert again == {n: n * n for n in range(10)} and list(range(5, 10)) == CALLED
    store = Store.open(path)
    assert store.surveys() == {default_name(square): 10}
    assert store.survey_results(default_name(square)) == again


def test_an_interrupted_serial_survey_keeps_what_arrived(tmp_path: Path) -> None:
    path = tmp_path / "i.sqlite"

    def stop_at_7(n: int) -> int:
        if n == 7:
            raise KeyboardInterrupt
        return n + 1

    with pytest.raises(KeyboardInterrupt):
        survey(stop_at_7, range(10), store=path, name="plus one", workers=0, progress=False)
    assert Store.open(path).survey_results("plus one") == {n: n + 1 for n in range(7)}


def test_survey_uses_the_store_of_use_store(tmp_path: Path) -> None:
    with cgt.use_store(tmp_path / "u.sqlite") as store:
        survey(square, [3], workers=0, progress=False)
        assert store is not None and store.survey_results(default_name(square)) == {3: 9}


def test_bad_calls_say_what_is_wrong(tmp_path: Path) -> None:
    with pytest.raises(InvalidArgument, match="module level"):
        survey(lambda n: n, [1], store=tmp_path / "l.sqlite", workers=0)
    assert survey(lambda n: n, [1], workers=0) == {1: 1}  # no store, no name needed
    with pytest.raises(WrongType, match="cannot be stored: survey items and results must be data"):
        survey(unpicklable, [1], store=tmp_path / "p.sqlite", workers=0, progress=False)
    with pytest.raises(InvalidArgument, match="workers"):
        survey(square, [1], workers=-1)
    with pytest.raises(WrongType):
        survey(42, [1])  # type: ignore[arg-type]


def test_cli_survey_octal_and_domineering(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["survey", "octal", "--digits", "1", "--bound", "512", "--workers", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 7 and "0.6: none proven" in lines  # 0.6: period unknown
    for line in lines:
        code, _, found = line.partition(": ")
        if found != "none proven":
            pre, per = map(int, found.split("+"))
            g = brute_octal(code, 300)
            assert all(g[n] == g[n + per] for n in range(pre, 300 - per))
    assert main(["survey", "domineering", "--box", "2x2", "--workers", "0", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["..|.."] == "+-1"
    assert main(["survey", "domineering", "--box", "2by2", "--workers", "0"]) == 2


# --- Dask ---------------------------------------------------------------------------------

dask = pytest.mark.skipif(not has_dask(), reason="needs the parallel extra (dask.distributed)")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    client = distributed.Client(cluster)
    try:
        yield client
    finally:
        client.close()
        cluster.close()


@dask
@pytest.mark.slow
def test_dask_survey_equals_the_serial_one(client: Any, tmp_path: Path) -> None:
    items = [(code, 1024) for code in octal_codes(2)]
    serial = survey(octal_period, items, workers=0, progress=False)
    parallel = survey(octal_period, items, client=client, store=tmp_path / "d.sqlite")
    assert parallel == serial and list(parallel) == items
    assert Store.open(tmp_path / "d.sqlite").survey_results(default_name(octal_period)) == serial
    pids = client.run(os.getpid)
    assert len(pids) == 2 and os.getpid() not in pids.values()  # two worker processes


@dask
@pytest.mark.slow
def test_dask_refuses_a_function_workers_cannot_import(client: Any) -> None:
    with pytest.raises(InvalidArgument, match="module level"):
        survey(lambda n: n, [1], client=client)


@dask
@pytest.mark.slow
def test_a_worker_killed_mid_survey_costs_no_result(client: Any, tmp_path: Path) -> None:
    path = tmp_path / "k.sqlite"
    killed: list[int] = []
    done_at_kill: list[int] = []

    def kill_one() -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            done = sum(Store.open(path).surveys().values()) if path.exists() else 0
            if done >= 10:
                break
            time.sleep(0.05)
        pid = sorted(client.run(os.getpid).values())[0]
        os.kill(pid, signal.SIGKILL)
        killed.append(pid)
        done_at_kill.append(sum(Store.open(path).surveys().values()))

    killer = threading.Timer(0.0, kill_one)
    killer.start()
    results = survey(slow_square, range(120), client=client, store=path, chunksize=1)
    killer.join()
    assert killed and done_at_kill[0] < 120  # the kill happened mid-survey
    assert results == {n: n * n for n in range(120)}  # what a serial run gives
    assert Store.open(path).survey_results(default_name(slow_square)) == results
    deadline = time.monotonic() + 30  # the nanny restarts the worker
    while len(client.run(os.getpid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert killed[0] not in client.run(os.getpid).values()


CLIENT = """
import sys
from tests.test_survey import CALLED, slow_square
from cgt.store import Store
from cgt.surveys import default_name, survey
path, address = sys.argv[1], sys.argv[2]
done = len(Store(path).survey_done(default_name(slow_square)))
if address == "serial":
    results = survey(slow_square, range(100), store=path, workers=0, progress=False)
else:
    from distributed import Client
    with Client(address) as client:
        results = survey(slow_square, range(100), store=path, client=client, chunksize=1)
print(done, sorted(CALLED))
"""


@dask
@pytest.mark.slow
def test_a_client_killed_and_started_again_skips_every_committed_result(
    client: Any, tmp_path: Path
) -> None:
    path = str(tmp_path / "c.sqlite")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    address = client.scheduler.address
    proc = subprocess.Popen([sys.executable, "-c", CLIENT, path, address], env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            time.sleep(0.1)
            if Path(path).exists() and sum(Store(path).surveys().values()) >= 20:
                break
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    store = Store(path)
    store.check()
    committed = store.survey_results(default_name(slow_square))
    assert 20 <= len(committed) < 100
    assert all(result == n * n for n, result in committed.items())
    # started again (serially, in a new process): only the missing items run
    out = subprocess.run(
        [sys.executable, "-c", CLIENT, path, "serial"],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    ).stdout.split(" ", 1)
    assert int(out[0]) == len(committed)
    assert json.loads(out[1]) == sorted(set(range(100)) - set(committed))
    assert store.survey_results(default_name(slow_square)) == {n: n * n for n in range(100)}


@dask
@pytest.mark.slow
def test_a_survey_starts_and_closes_its_own_local_cluster() -> None:
    import multiprocessing

    before = set(multiprocessing.active_children())
    assert survey(square, range(6), workers=2, progress=False) == {n: n * n for n in range(6)}
    # no worker left behind: the cluster's processes end within a bounded wait
    # (polled, so a loaded machine only makes the wait longer, not the test fail)
    deadline = time.monotonic() + 60
    while not set(multiprocessing.active_children()) <= before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert set(multiprocessing.active_children()) <= before


@dask
@pytest.mark.slow
def test_cli_survey_on_a_scheduler_with_a_store(
    client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["survey", "domineering", "--box", "2x3", "--json"]
    assert main([*args, "--workers", "0"]) == 0
    serial = json.loads(capsys.readouterr().out)
    store = str(tmp_path / "cli.sqlite")
    address = client.scheduler.address
    assert main([*args, "--scheduler", address, "--store", store]) == 0
    assert json.loads(capsys.readouterr().out) == serial
    assert Store.open(store).surveys() == {default_name(domineering_value): len(serial)}
    assert serial["..|.."] == "+-1"  # the 2x2 square: Winning Ways


@dask
@pytest.mark.slow
def test_ctrl_c_stops_a_dask_survey_quietly(tmp_path: Path) -> None:
    # A terminal's Ctrl-C sends SIGINT to its whole foreground process group:
    # the survey's own worker processes too.  Before, each worker printed a
    # KeyboardInterrupt traceback (about 90 lines); now only the CLI's one line.
    path = tmp_path / "i.sqlite"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["survey", "octal", "--digits", "3", "--bound", "4096", "--workers", "2"]
    # the CLI with Python's own Ctrl-C handler, whatever this process ignores
    # (a shell's background job ignores SIGINT, and children inherit that)
    cli = (
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from cgt.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", cli, *args, "--store", str(path)],
        env=env,
        cwd=ROOT,
        start_new_session=True,  # its own group, as a shell gives a foreground job
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
            if path.exists() and sum(Store(path).surveys().values()) >= 3:
                break
        assert proc.poll() is None, "the survey ended before it could be interrupted"
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:  # pragma: no cover - only when the test fails
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert proc.returncode == 130, (out, err)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    # stderr: the progress bar's lines (tqdm redraws, no terminal here) and one message
    said = [line for line in err.splitlines() if line.strip() and not line.startswith("survey ")]
    assert said == ["cgt: interrupted"], err
    # what was stored before the interrupt is right (the serial function's results)
    store = Store(path)
    store.check()
    stored = store.survey_results(default_name(octal_period))
    assert 3 <= len(stored) < 511
    for item in list(stored)[:5]:
        assert stored[item] == octal_period(item)
    # the workers ended with the survey: nothing is left in the group
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)
