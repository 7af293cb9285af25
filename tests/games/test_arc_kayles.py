"""Partizan and Weighted Arc Kayles against brute force written here from the rules,
CGSuite's published values and plain Arc Kayles."""

from __future__ import annotations

import pickle
import random
from functools import cache

import networkx as nx
import pytest

import cgt
from cgt import Game
from cgt.errors import InvalidPosition, ParseError
from cgt.games import ArcKayles
from cgt.games.arc_kayles import PartizanArcKayles, WeightedArcKayles
from cgt.impartial.nim import mex

Coloured = frozenset[tuple[int, int, str]]


@cache
def brute_partizan(edges: Coloured) -> Game:
    def moves(mine: str) -> list[Game]:
        out = []
        for u, v, c in edges:
            if c in (mine, "G"):
                rest = frozenset(e for e in edges if u not in e[:2] and v not in e[:2])
                out.append(brute_partizan(rest))
        return out

    return Game(moves("L"), moves("R"))


def random_edges(rng: random.Random, colours: str, n: int = 6) -> list[tuple[int, int, str]]:
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    chosen = rng.sample(pairs, rng.randint(0, min(8, len(pairs))))
    return [(u, v, rng.choice(colours)) for u, v in chosen]


def test_partizan_brute_force() -> None:
    rng = random.Random(291)
    for _ in range(80):
        edges = random_edges(rng, "LRG")
        assert PartizanArcKayles(edges).value() == brute_partizan(frozenset(edges)), edges


def test_partizan_green_is_arc_kayles_and_colours_swap_to_the_negative() -> None:
    rng = random.Random(292)
    for _ in range(40):
        edges = random_edges(rng, "LRG")
        green = [(u, v, "G") for u, v, _ in edges]
        g = nx.Graph()
        g.add_edges_from((u, v) for u, v, _ in edges)
        assert PartizanArcKayles(green).value() == cgt.nimber(ArcKayles(g).grundy())
        swapped = [(u, v, {"L": "R", "R": "L", "G": "G"}[c]) for u, v, c in edges]
        assert PartizanArcKayles(swapped).value() == -PartizanArcKayles(edges).value()


def test_partizan_cgsuite_published_values() -> None:
    # CGSuite's test suite, lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala,
    # "define Partizan Arc Kayles properly"
    assert PartizanArcKayles.parse("llr").value() == cgt.parse("1/2")
    assert PartizanArcKayles.parse("lrlr(ll;ree(rl;l))").value() == cgt.parse(
        "{3*|2*||3/2,3/2*|1/2*}"
    )


def test_partizan_input_moves_and_pickling() -> None:
    g = nx.Graph()
    g.add_edge("a", "b", color="L")
    g.add_edge("b", "c", color="R")
    p = PartizanArcKayles(g)
    assert p.value() == cgt.star and len(p.left_options()) == len(p.right_options()) == 1
    assert p.describe_move(p.right_options()[0]) == (
        "remove the blue edge ('a', 'b') or the red edge ('b', 'c')"
    )
    assert pickle.loads(pickle.dumps(p)) == p and hash(pickle.loads(pickle.dumps(p))) == hash(p)
    assert PartizanArcKayles([("b", "a", "L"), ("c", "b", "R")]) == p
    for bad in ([(1, 1, "L")], [(1, 2)], [(1, 2, "X")], 5, [([1], 2, "L")]):
        with pytest.raises(InvalidPosition):
            PartizanArcKayles(bad)
    with pytest.raises(InvalidPosition):
        PartizanArcKayles(nx.DiGraph([(1, 2)]))
    with pytest.raises(ParseError):
        PartizanArcKayles.parse("l(r")


@cache
def brute_weighted(edges: tuple[tuple[int, int], ...], weights: tuple[int, ...]) -> int:
    seen = set()
    for u, v in edges:
        if weights[u] and weights[v]:
            w = list(weights)
            w[u] -= 1
            w[v] -= 1
            seen.add(brute_weighted(edges, tuple(w)))
    return mex(seen)


def test_weighted_brute_force() -> None:
    rng = random.Random(293)
    for _ in range(80):
        n = rng.randint(2, 6)
        pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
        edges = tuple(rng.sample(pairs, rng.randint(1, min(6, len(pairs)))))
        weights = tuple(rng.randint(0, 3) for _ in range(n))
        g = WeightedArcKayles(list(edges), dict(enumerate(weights)))
        assert g.grundy() == brute_weighted(edges, weights), (edges, weights)
        assert g.value() == cgt.nimber(brute_weighted(edges, weights))


def test_weighted_with_weights_one_is_arc_kayles() -> None:
    for graph in (nx.path_graph(7), nx.cycle_graph(6), nx.star_graph(4), nx.petersen_graph()):
        w = WeightedArcKayles(graph, dict.fromkeys(graph.nodes, 1))
        assert w.grundy() == ArcKayles(graph).grundy()
    # a single edge is played min(a, b) times, one way each time
    for a in range(5):
        for b in range(5):
            assert WeightedArcKayles.parse(f"{a}-{b}").grundy() == min(a, b) % 2


def test_weighted_input_moves_and_pickling() -> None:
    g = nx.path_graph(3)
    nx.set_node_attributes(g, {0: 2, 1: 2, 2: 1}, "weight")
    w = WeightedArcKayles(g)
    assert w == WeightedArcKayles.parse("2-2-1")
    assert [w.describe_move(o) for o in w.options()] == [
        "play the edge (0, 1)",
        "play the edge (1, 2)",
    ]
    assert pickle.loads(pickle.dumps(w)) == w
    assert WeightedArcKayles.parse("0-5;3-3").components() == [
        WeightedArcKayles([(2, 3)], {2: 3, 3: 3})
    ]
    for graph, weights in (
        ([(1, 2)], {1: 1}),
        ([(1, 2)], {1: 1, 2: True}),
        ([(1, 1)], {1: 1}),
        ([(1, 2, 3)], {1: 1}),
        ([(1, 2)], [1, 2]),
        ("1-2", None),
    ):
        with pytest.raises(InvalidPosition):
            WeightedArcKayles(graph, weights)  # type: ignore[arg-type]
    for text in ("", "1--2", "a-1", "-1"):
        with pytest.raises(ParseError):
            WeightedArcKayles.parse(text)
