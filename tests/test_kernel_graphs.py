"""The compiled Col and Snort solver (cgt/_c/graphs.h) against the pure-Python path.

Every test values graphs both ways in this process: by the kernel (``value()``,
which takes the compiled path for at most 64 vertices) and by the Python keyed
solver (``_graph_value``, the host rules of :mod:`cgt.games.graphs`), and asks
for the very same game objects.  Skipped when the kernel is not built or
``CGT_PURE_PYTHON=1``.
"""

from __future__ import annotations

import random
import threading
from typing import Any

import networkx as nx
import pytest

import cgt
from cgt import canonical, kernels
from cgt.games import Col, Snort, clear_solver_caches
from cgt.games.base import solver_for
from cgt.games.graphs import _graph_value, _tint_masks
from cgt.solver import Solver
from tests.tools.interrupt import interrupt_after, needs_timer

engine: Any = kernels.kernel("shortgame")
pytestmark = pytest.mark.skipif(
    engine is None, reason="the compiled kernel is not built (or CGT_PURE_PYTHON=1)"
)

KINDS: list[type[Any]] = [Col, Snort]


def kernel_value(position: Any) -> cgt.Game:
    lefts, rights = _tint_masks(position.tints)
    result: cgt.Game = engine.graph(position._kernel_kind, position.adj, lefts, rights)
    return result


def tinted(g: nx.Graph, rng: random.Random, chance: float = 0.3) -> nx.Graph:
    for v in g:
        g.nodes[v]["tint"] = rng.choice("LR") if rng.random() < chance else None
    return g


def check(g: nx.Graph) -> None:
    for kind in KINDS:
        position = kind(g)
        python = _graph_value(position)
        assert kernel_value(position) is python, (kind.__name__, str(position))
        assert position.value() is python, (kind.__name__, str(position))


# --- differential ---------------------------------------------------------------------
@pytest.mark.slow
def test_every_graph_of_up_to_seven_vertices() -> None:
    rng = random.Random(17)
    atlas = nx.graph_atlas_g()
    assert len(atlas) == 1253
    for g in atlas:
        check(tinted(g.copy(), rng))


def test_paths_and_cycles_up_to_fourteen_vertices() -> None:
    rng = random.Random(3)
    for n in range(1, 15):
        check(nx.path_graph(n))
        check(tinted(nx.path_graph(n), rng))
        if n >= 3:
            check(nx.cycle_graph(n))
            check(tinted(nx.cycle_graph(n), rng))


@pytest.mark.slow
def test_random_graphs_of_eight_to_fourteen_vertices() -> None:
    rng = random.Random(2024)
    for _ in range(100):  # 200 took 11 CPU s
        n = rng.randint(8, 14)
        g = nx.gnp_random_graph(n, rng.uniform(0.1, 0.5), seed=rng.randrange(10**6))
        check(tinted(g, rng, rng.uniform(0, 0.5)))


def test_against_the_object_protocol() -> None:
    # an independent search (no keys, no components): Solver().value on positions
    rng = random.Random(8)
    for _ in range(40):
        n = rng.randint(1, 7)
        g = tinted(nx.gnp_random_graph(n, 0.4, seed=rng.randrange(10**6)), rng)
        for kind in KINDS:
            assert kind(g).value() == Solver().value(kind(g))


def test_published_values() -> None:
    # Col on a path of untinted vertices is 0 from two vertices on, * for one
    # (Winning Ways; col_path_value's closed form); Snort on an edge is +-1 and
    # on a star with n leaves +-n (the centre decides).
    assert Col(nx.path_graph(1)).value() is cgt.star
    for n in range(2, 30):
        assert Col(nx.path_graph(n)).value() is cgt.zero
    assert Snort(nx.path_graph(2)).value() == cgt.parse("+-1")
    for n in (3, 8, 20):
        assert Snort(nx.star_graph(n)).value() == cgt.parse(f"+-{n}")


def test_swapping_tints_negates() -> None:
    rng = random.Random(11)
    for _ in range(50):
        g = tinted(nx.gnp_random_graph(rng.randint(3, 10), 0.35, seed=rng.randrange(10**6)), rng)
        h = g.copy()
        for v in h:
            h.nodes[v]["tint"] = {"L": "R", "R": "L"}.get(h.nodes[v]["tint"])
        for kind in KINDS:
            assert kind(h).value() is -kind(g).value()


def test_sixty_four_vertices() -> None:
    edges = nx.disjoint_union_all([nx.path_graph(2)] * 32)  # 32 edges, +-1 each
    assert Snort(edges).value() is _graph_value(Snort(edges))
    assert Col(nx.path_graph(64)).value() is _graph_value(Col(nx.path_graph(64))) is cgt.zero
    ring = tinted(nx.cycle_graph(64), random.Random(1))
    assert Col(ring).value() is _graph_value(Col(ring))
    clear_solver_caches()
    assert Col(nx.path_graph(65)).value() is cgt.zero  # 65 vertices: Python
    assert solver_for(Col).info().values > 0


# --- bad input ------------------------------------------------------------------------
def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="ruleset"):
        engine.graph(2, (0,), 0, 0)
    with pytest.raises(ValueError, match="at most 64"):
        engine.graph(0, (0,) * 65, 0, 0)
    with pytest.raises(ValueError, match="symmetric"):
        engine.graph(0, (0b10, 0), 0, 0)
    with pytest.raises(ValueError, match="mask 0"):
        engine.graph(0, (0b1,), 0, 0)  # a loop
    with pytest.raises(ValueError, match="mask 1"):
        engine.graph(0, (0, 0b100), 0, 0)  # a vertex off the graph
    with pytest.raises(ValueError, match="tints"):
        engine.graph(1, (0, 0), 1, 1)
    with pytest.raises(ValueError, match="tints"):
        engine.graph(1, (0, 0), 4, 0)


# --- the wiring -----------------------------------------------------------------------
def test_stores_and_budgets_use_the_python_solver(tmp_path: Any) -> None:
    clear_solver_caches()
    with cgt.use_store(tmp_path / "values.sqlite"):
        assert Snort(nx.path_graph(5)).value() is _graph_value(Snort(nx.path_graph(5)))
    assert solver_for(Snort).info().values > 0


def test_clearing_caches_empties_the_kernel() -> None:
    Snort(nx.cycle_graph(9)).value()
    Col(nx.petersen_graph()).value()
    assert engine.info()["snort"] > 0 and engine.info()["col"] > 0
    cgt.clear_caches()
    assert engine.info()["snort"] == engine.info()["col"] == 0
    assert engine.info()["nodes"] == 0


def test_a_refusing_engine_hands_over_to_python(monkeypatch: pytest.MonkeyPatch) -> None:
    from cgt.games import graph_colouring

    def refuse(kind: type, n: int) -> Any:
        class Refusing:
            Fallback = engine.Fallback

            def graph(self, *args: Any) -> Any:
                raise engine.Fallback("refused")

        return Refusing()

    clear_solver_caches()
    monkeypatch.setattr(graph_colouring, "_graph_engine", refuse)
    assert Snort("L-.").value() == cgt.parse("{1|0}")
    assert solver_for(Snort).info().values > 0


def test_threads_get_the_same_objects() -> None:
    graphs = [nx.path_graph(n) for n in range(8, 13)] + [nx.cycle_graph(n) for n in range(8, 13)]
    results: list[list[cgt.Game]] = [[], []]

    def work(i: int) -> None:
        for g in graphs:
            results[i].append(Snort(g).value())

    cgt.clear_caches()
    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(a is b for a, b in zip(results[0], results[1], strict=True))
    assert all(a is _graph_value(Snort(g)) for a, g in zip(results[0], graphs, strict=True))


@needs_timer
def test_ctrl_c_mid_search_leaves_the_tables_consistent() -> None:
    position = Snort(nx.path_graph(22))  # about a second in C
    interrupted = 0
    for after in (0.02, 0.1):
        cgt.clear_caches()
        took = interrupt_after(after, position.value)
        if took is not None:
            interrupted += 1
            assert took < after + 1.5  # CPU seconds: signals are seen often
        # the half-filled tables give the right values afterwards
        for n in range(1, 12):
            assert Snort(nx.path_graph(n)).value() is _graph_value(Snort(nx.path_graph(n)))
    assert interrupted > 0


@pytest.mark.slow
def test_games_the_engine_makes_are_the_ones_python_makes() -> None:
    # the engine interns its results' games itself (numbers, x*, general forms): made
    # there first, the Python solver must find the very same objects, with the same slots
    import gc

    rng = random.Random(5)
    created = 0
    for n in range(6, 12):
        g = tinted(nx.path_graph(n), rng, 0.2)
        for kind in KINDS:
            cgt.clear_caches()
            clear_solver_caches()
            gc.collect()
            before = len(canonical._forms)
            made = kernel_value(kind(g))
            created += len(canonical._forms) - before
            python = _graph_value(kind(g))
            assert made is python, (kind.__name__, n)
            assert str(made) == str(python) and made.birthday == python.birthday
            assert cgt.parse(str(made)) is made  # the parser interns to the same objects
            del made, python
    assert created > 20  # general forms were made by the engine, not found (other tests may
    # keep some alive in a whole-suite run)


def test_engine_and_python_interning_race() -> None:
    graphs = [nx.path_graph(n) for n in range(7, 12)] + [nx.cycle_graph(n) for n in range(7, 12)]
    results: dict[str, list[cgt.Game]] = {"engine": [], "python": []}

    def work(how: str) -> None:
        for g in graphs:
            value = Snort(g).value() if how == "engine" else _graph_value(Snort(g))
            results[how].append(value)

    for _ in range(3):
        results["engine"].clear()
        results["python"].clear()
        cgt.clear_caches()
        clear_solver_caches()
        threads = [threading.Thread(target=work, args=(h,)) for h in results]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert all(a is b for a, b in zip(results["engine"], results["python"], strict=True))
