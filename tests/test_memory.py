"""The memory budget: one knob (cgt.set_memory_limit) bounds every table,
Python and compiled; answers do not depend on it; RSS flattens under it."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
import textwrap

import pytest

import cgt
from cgt import _cache
from cgt.kernels import kernel

SHORTGAME = kernel("shortgame")

# A random mixed workload: sums, comparisons, canonical forms, temperatures,
# Domineering, Col and Cram values, octal games.  Printed results (one line
# each) are compared between limits and between the compiled and pure paths.
WORKLOAD = textwrap.dedent(
    """
    import random, sys
    import networkx as nx
    import cgt
    from cgt.games import Col, Cram, Domineering, OctalGame

    def game(rng, depth):
        if depth == 0 or rng.random() < 0.2:
            return rng.choice([cgt.number(rng.randint(-4, 4)), cgt.star, cgt.up, cgt.number("1/2")])
        left = [game(rng, depth - 1) for _ in range(rng.randint(0, 2))]
        right = [game(rng, depth - 1) for _ in range(rng.randint(0, 2))]
        return cgt.Game(left, right)

    def board(rng, h, w):
        rows = ["".join("#" if rng.random() < 0.15 else "." for _ in range(w)) for _ in range(h)]
        return "|".join(rows)

    def step(rng, out):
        kind = rng.randrange(6)
        if kind == 0:
            a, b = game(rng, 4), game(rng, 4)
            out.append(f"sum {a} {b} = {a + b}")
        elif kind == 1:
            a, b = game(rng, 4), game(rng, 4)
            out.append(f"cmp {a} {b} = {a.compare(b).name}")
        elif kind == 2:
            a = game(rng, 3)
            out.append(f"temp {a} = {a.temperature()} {a.mean()}")
        elif kind == 3:
            b = board(rng, rng.randint(2, 4), rng.randint(2, 5))
            out.append(f"dom {b} = {Domineering(b).value()} cram {Cram(b).grundy()}")
        elif kind == 4:
            g = nx.gnp_random_graph(rng.randint(3, 7), 0.4, seed=rng.randrange(10**6))
            for v in g.nodes:
                g.nodes[v]["tint"] = rng.choice([None, None, "L", "R"])
            out.append(f"col {sorted(g.edges)} = {Col(g).value()}")
        else:
            code = "0." + "".join(rng.choice("0137") for _ in range(3))
            n = rng.randint(1, 40)
            out.append(f"octal {code} {n} = {OctalGame(code).grundy(n)}")
    """
)


def _run(code: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full = dict(os.environ)
    full.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=full, check=False
    )


def test_knob_validates_and_errors_pickle() -> None:
    old = cgt.memory_limit()
    for bad, kind in (
        (1000, cgt.InvalidArgument),
        (-5, cgt.InvalidArgument),
        ("1G", cgt.WrongType),
    ):
        with pytest.raises(kind) as caught:
            cgt.set_memory_limit(bad)  # type: ignore[arg-type]
        again = pickle.loads(pickle.dumps(caught.value))
        assert str(again) == str(caught.value) and "memory limit" in str(again)
    assert cgt.memory_limit() == old


def test_default_budget_and_split() -> None:
    assert _cache.DEFAULT_MEMORY == 4 << 30
    assert abs(sum(_cache.SHARES.values()) - 1) < 1e-9
    # every group's tables, at their caps, stay within the group's share
    per_table = _cache.ENTRY_BYTES
    plain = sum(1 for _, group, _ in _cache._tables if group == "tables")
    assert plain * _cache._limit * per_table["tables"] <= _cache.share("tables")
    assert 2 * _cache._engine_limit * per_table["engine"] <= _cache.share("engine")
    solvers = max(1, min(len(_cache._solvers), _cache.SOLVER_SPLIT))
    assert solvers * _cache.SOLVER_TABLES * _cache._solver_limit * per_table[
        "solvers"
    ] <= _cache.share("solvers")


def test_caps_follow_the_knob_and_come_back() -> None:
    old = cgt.memory_limit()
    try:
        cgt.set_memory_limit(16 << 20)
        small = (_cache._limit, _cache._engine_limit, _cache._solver_limit)
        cgt.set_memory_limit(256 << 20)
        large = (_cache._limit, _cache._engine_limit, _cache._solver_limit)
        assert all(s < g for s, g in zip(small, large, strict=True))
    finally:
        cgt.set_memory_limit(old)


def test_cache_info_reports_bytes_and_total() -> None:
    from cgt.games import Domineering

    cgt.clear_caches()
    _ = cgt.parse("{3||2|1}") + cgt.parse("{1|-1}") + cgt.up
    Domineering("....|....|....").value()
    info = cgt.cache_info()
    assert info["sum"] > 0 and info.total == sum(info.bytes.values())
    assert info.limit == cgt.memory_limit() and info.total <= info.limit
    engine = kernel("canonical")
    if engine is None:  # the Python tables: entries at their measured size
        assert info.bytes["sum"] == info["sum"] * _cache.ENTRY_BYTES["engine"]
    else:  # the node engine's memos and nodes: exact allocated bytes
        usage = engine.usage()
        assert info.bytes["sum"] >= usage["sum"][1] > 0 and info.bytes["nodes"] > 0
        assert info["compare"] >= usage["compare"][0] > 0
    if SHORTGAME is not None:
        assert info["shortgame.domineering"] > 0 and "shortgame.nodes" not in info
    text = info.report()
    assert text.splitlines()[-1].startswith("total") and "sum" in text


@pytest.mark.skipif(SHORTGAME is None, reason="the compiled kernel is not built")
def test_set_cache_limit_bounds_the_compiled_memos() -> None:
    """The audit's case: a cache limit of 1000 left the compiled compare memo
    free to reach 3,396,382 entries; now its tables stay near the limit."""
    from cgt.games import Domineering

    old = cgt.cache_limit()
    board = "....|....|....|....|...."
    cgt.clear_caches()
    expected = Domineering(board).value()
    assert SHORTGAME.usage()["compare"][0] > 2048  # the unbounded run needs more
    try:
        cgt.clear_caches()
        cgt.set_cache_limit(1000)
        assert Domineering(board).value() is expected
        for name, (count, _) in SHORTGAME.usage().items():
            if name != "nodes":
                assert count <= 2048, (name, count)  # the least table: 4096 slots, half full
    finally:
        cgt.set_cache_limit(old)
        cgt.clear_caches()


@pytest.mark.skipif(SHORTGAME is None, reason="the compiled kernel is not built")
def test_compiled_tables_stay_within_their_share() -> None:
    from cgt.games import Domineering

    old = cgt.memory_limit()
    try:
        cgt.clear_caches()
        cgt.set_memory_limit(4 << 20)  # the kernel's share: 1 MiB
        values = [
            Domineering(b).value() for b in ("....|....|....|....", ".....|.....|.....|.....")
        ]
        usage = SHORTGAME.usage()
        tables = sum(size for name, (_, size) in usage.items() if name != "nodes")
        assert tables <= _cache.share("kernel")
        cgt.set_memory_limit(old)
        cgt.clear_caches()
        assert values == [
            Domineering(b).value() for b in ("....|....|....|....", ".....|.....|.....|.....")
        ]
    finally:
        cgt.set_memory_limit(old)


def _results(env: dict[str, str]) -> list[str]:
    code = WORKLOAD + textwrap.dedent(
        """
        import json, os
        limit = os.environ.get("LIMIT")
        if limit:
            cgt.set_memory_limit(int(limit))
            cgt.set_cache_limit(16)
        out = []
        rng = random.Random(25)
        for _ in range(120):
            step(rng, out)
        print(json.dumps(out))
        """
    )
    done = _run(code, env)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


@pytest.mark.slow
def test_answers_do_not_depend_on_the_limit_or_the_path() -> None:
    pytest.importorskip("networkx")
    default = _results({})
    tiny = _results({"LIMIT": str(1 << 20)})
    pure_tiny = _results({"LIMIT": str(1 << 20), "CGT_PURE_PYTHON": "1"})
    assert len(default) == 120
    assert tiny == default
    assert pure_tiny == default


SOAK = WORKLOAD + textwrap.dedent(
    """
    import json, resource, time

    def rss():
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

    base = rss()
    limit = int(sys.argv[1])
    seconds = float(sys.argv[2])
    cgt.set_memory_limit(limit)
    rng = random.Random(2025)
    samples = []
    start = time.process_time()
    every = seconds / 200  # 200 samples: the list itself must not grow the process
    while (spent := time.process_time() - start) < seconds:
        out = []
        for _ in range(20):
            step(rng, out)
        if not samples or spent >= samples[-1][0] + every:
            samples.append((spent, rss()))
    info = cgt.cache_info()
    print(json.dumps({"base": base, "samples": samples, "total": info.total, "limit": info.limit}))
    """
)


@pytest.mark.slow
def test_soak_rss_flattens_under_the_limit() -> None:
    """A random mixed workload for 15 s of CPU (``CGT_SOAK_SECONDS``: the long soak
    runs 300) under an 8 MiB budget (small, so
    that the tables fill early; under 64 MiB they were still filling after a
    minute, as they should; at 8 MiB they are full within the first seconds):
    the resident size of the second half grows less than 10% over the first
    half's peak, and stays under the budget plus the interpreter's baseline
    plus slack (allocator fragmentation, the interned games in use)."""
    if not os.path.exists("/proc/self/status"):
        pytest.skip("needs /proc")
    pytest.importorskip("networkx")
    limit = 8 << 20
    seconds = os.environ.get("CGT_SOAK_SECONDS", "15")  # e.g. 300 for the long soak
    done = subprocess.run(
        [sys.executable, "-c", SOAK, str(limit), seconds],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    samples = report["samples"]
    assert len(samples) >= 20
    half = len(samples) // 2
    first = max(r for _, r in samples[:half])
    second = max(r for _, r in samples[half:])
    assert second <= first * 1.10, (first, second)
    assert second <= report["base"] + limit + (64 << 20), (report["base"], second)
    assert report["total"] <= report["limit"]
