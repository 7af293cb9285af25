"""Node Kayles and Arc Kayles against a plain whole-graph search and the octal games."""

from __future__ import annotations

import pickle
import random
from functools import cache

import networkx as nx
import pytest

import cgt
from cgt.games import ArcKayles, NodeKayles, OctalGame
from cgt.games.base import solver_for
from cgt.impartial import mex


def brute_grundy(graph: nx.Graph, arcs: bool) -> int:
    """Whole-position recursion on vertex sets of one fixed graph: no splitting, no keys."""
    nbrs = {v: set(graph[v]) - {v} for v in graph}

    @cache
    def g(alive: frozenset[object]) -> int:
        if arcs:
            moves = [{u, v} for u in alive for v in nbrs[u] & alive if repr(u) < repr(v)]
        else:
            moves = [({v} | nbrs[v]) for v in alive]
        return mex({g(alive - m) for m in moves})

    return g(frozenset(graph.nodes))


def random_graph(rng: random.Random) -> nx.Graph:
    n = rng.randint(0, 9)
    p = rng.choice([0.2, 0.35, 0.5, 0.7])
    g = nx.gnp_random_graph(n, p, seed=rng.randrange(10**9))
    return nx.relabel_nodes(g, {v: f"v{v}" for v in g})


@pytest.mark.parametrize("cls, arcs", [(NodeKayles, False), (ArcKayles, True)])
def test_against_whole_graph_search(cls: type, arcs: bool) -> None:
    rng = random.Random(2026 + arcs)
    for _ in range(220):
        g = random_graph(rng)
        assert cls(g).grundy() == brute_grundy(g, arcs), sorted(g.edges)


def test_paths_are_octal_games() -> None:
    """On a path, Node Kayles is Dawson's Chess (0.137) and Arc Kayles Dawson's Kayles
    (0.07) (Winning Ways, chapter 4; OEIS A002187)."""
    chess, kayles = OctalGame("0.137"), OctalGame("0.07")
    for n in range(40):
        assert NodeKayles(nx.path_graph(n)).grundy() == chess.grundy(n)
        assert ArcKayles(nx.path_graph(n)).grundy() == kayles.grundy(n)


def test_cycles_open_into_paths() -> None:
    chess, kayles = OctalGame("0.137"), OctalGame("0.07")
    for n in range(3, 30):
        assert NodeKayles(nx.cycle_graph(n)).grundy() == mex([chess.grundy(n - 3)])
        assert ArcKayles(nx.cycle_graph(n)).grundy() == mex([kayles.grundy(n - 2)])


def test_isomorphic_components_share_a_value() -> None:
    solver = solver_for(NodeKayles)
    solver.clear()
    base = nx.petersen_graph()
    copies = [nx.relabel_nodes(base, {v: (k, (3 * v + k) % 10) for v in base}) for k in range(6)]
    union = nx.union_all(copies)
    assert NodeKayles(union).grundy() == 0  # six equal components
    one = solver.info().values
    assert NodeKayles(copies[3]).grundy() == NodeKayles(base).grundy()
    assert solver.info().values == one  # nothing new to compute


def test_values_pickles_and_errors() -> None:
    g = nx.path_graph(5)
    assert NodeKayles(g).value() == cgt.nimber(NodeKayles(g).grundy())
    assert ArcKayles(".-.-.-.").grundy() == ArcKayles(nx.path_graph(4)).grundy()
    for p in (NodeKayles(g), ArcKayles(nx.cycle_graph(5))):
        q = pickle.loads(pickle.dumps(p))
        assert q == p and q.grundy() == p.grundy()
        assert p._repr_svg_().startswith("<svg")
    with pytest.raises(cgt.errors.InvalidPosition, match="undirected"):
        NodeKayles(nx.DiGraph([(0, 1)]))
    with pytest.raises(cgt.errors.InvalidPosition, match=r"networkx\.Graph"):
        ArcKayles(42)


def test_grids_and_named_graphs_against_whole_graph_search() -> None:
    named = [
        nx.grid_2d_graph(2, 3),
        nx.grid_2d_graph(3, 3),
        nx.grid_2d_graph(3, 4),
        nx.petersen_graph(),
        nx.hypercube_graph(3),
        nx.complete_bipartite_graph(3, 4),
        nx.star_graph(7),
    ]
    for g in named:
        assert NodeKayles(g).grundy() == brute_grundy(g, arcs=False)
        assert ArcKayles(g).grundy() == brute_grundy(g, arcs=True)
