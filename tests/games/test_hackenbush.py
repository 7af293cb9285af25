"""Hackenbush: the theory (sign rule, edge rule, colon and fusion principles)
and the search, each checked against an independent brute force."""

from __future__ import annotations

import functools
import itertools
import pickle
import random
import time
from fractions import Fraction

import networkx as nx
import pytest

import cgt
from cgt.errors import InvalidPosition, NotImpartial, ParseError
from cgt.games import Hackenbush
from cgt.games.hackenbush import green_grundy, red_blue_tree_value, stalk_value

Edge = tuple[int, int, str]


# ---------------------------------------------------------------------------
# The brute force: whole positions, plain edge lists, ground 0
# ---------------------------------------------------------------------------
def _connected(edges: tuple[Edge, ...]) -> tuple[Edge, ...]:
    reach = {0}
    grew = True
    while grew:
        grew = False
        for u, v, _ in edges:
            if (u in reach) != (v in reach):
                reach |= {u, v}
                grew = True
    return tuple(sorted(e for e in edges if e[0] in reach))


@functools.cache
def _brute(edges: tuple[Edge, ...]) -> cgt.Game:
    def after(i: int) -> cgt.Game:
        return _brute(_connected(edges[:i] + edges[i + 1 :]))

    left = [after(i) for i, e in enumerate(edges) if e[2] in "LG"]
    right = [after(i) for i, e in enumerate(edges) if e[2] in "RG"]
    return cgt.Game(left, right)


def brute(edges: list[Edge]) -> cgt.Game:
    return _brute(_connected(tuple(edges)))


def random_graph(rng: random.Random, colours: str, max_edges: int = 6) -> list[Edge]:
    nodes = rng.randint(1, 5)
    edges = []
    for _ in range(rng.randint(0, max_edges)):
        u = rng.randint(0, nodes)
        v = rng.randint(0, nodes) if rng.random() < 0.85 else u  # some loops
        edges.append((u, v, rng.choice(colours)))
    if edges and rng.random() < 0.3:  # some multi-edges
        u, v, _ = rng.choice(edges)
        edges.append((u, v, rng.choice(colours)))
    return edges


def random_tree(rng: random.Random, colours: str, size: int) -> list[Edge]:
    return [(rng.randrange(i), i, rng.choice(colours)) for i in range(1, size + 1)]


# ---------------------------------------------------------------------------
# Search (and theory where it applies) vs brute force
# ---------------------------------------------------------------------------
def test_random_positions_against_brute_force() -> None:
    rng = random.Random(2026)
    cycles = 0
    for n in range(300):
        colours = ("LRG", "LR", "G", "LG")[n % 4]
        edges = random_graph(rng, colours)
        pos = Hackenbush(edges)
        if not pos.is_tree:
            cycles += 1
        assert pos.value() == brute(edges), edges
    assert cycles > 50


def test_stalks_sign_rule() -> None:
    count = 0
    for n in range(1, 9):
        for letters in itertools.product("lr", repeat=n):
            text = "".join(letters)
            edges = [(i, i + 1, c.upper()) for i, c in enumerate(text)]
            x = stalk_value(text)
            assert cgt.number(cgt.Dyadic(x.numerator, x.denominator)) == brute(edges), text
            assert Hackenbush.parse(text).value() == brute(edges)
            count += 1
    assert count == 510


def test_red_blue_trees_edge_rule() -> None:
    rng = random.Random(7)
    for _ in range(150):
        edges = random_tree(rng, "LR", rng.randint(1, 8))
        x = red_blue_tree_value(edges)
        assert cgt.number(cgt.Dyadic(x.numerator, x.denominator)) == brute(edges), edges
        assert Hackenbush(edges).value() == brute(edges)


def test_loops_are_leaf_edges() -> None:
    # a loop is a leaf edge (same game tree): blue-red trees with loops use the edge rule
    rng = random.Random(9)
    for _ in range(100):
        edges = random_tree(rng, "LR", rng.randint(0, 5))
        for _ in range(rng.randint(1, 3)):
            node = rng.randint(0, len(edges))
            edges.append((node, node, rng.choice("LR")))
        pos = Hackenbush(edges)
        assert not pos.is_tree
        parts = list(pos.components())
        assert all(p._theory() is not None for p in parts)
        assert pos.value() == brute(edges), edges


def test_green_trees_colon_principle() -> None:
    rng = random.Random(11)
    for _ in range(150):
        edges = random_tree(rng, "G", rng.randint(1, 8))
        assert cgt.nimber(green_grundy(edges)) == brute(edges), edges
        assert Hackenbush(edges).grundy() == green_grundy(edges)


def test_green_graphs_fusion_principle() -> None:
    rng = random.Random(13)
    cycles = 0
    for _ in range(300):
        edges = random_graph(rng, "G", max_edges=7)
        if not Hackenbush(edges).is_tree:
            cycles += 1
        pruned = list(_connected(tuple(edges)))
        assert cgt.nimber(green_grundy(pruned)) == brute(edges), edges
        assert Hackenbush(edges).value() == brute(edges)
    assert cycles > 100


def test_mixed_trees_against_brute_force() -> None:
    rng = random.Random(17)
    for _ in range(100):
        edges = random_tree(rng, "LRG", rng.randint(1, 7))
        assert Hackenbush(edges).value() == brute(edges), edges


# ---------------------------------------------------------------------------
# Published values
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "value"),
    [
        # Winning Ways, ch. 1 (blue-red Hackenbush: the sign-expansion rule)
        ("l", "1"),
        ("r", "-1"),
        ("lr", "1/2"),
        ("lrr", "1/4"),
        ("llr", "3/2"),
        ("l;r", "0"),
        ("lr;lr;r", "0"),  # two half-moves pay for a move
        # Winning Ways, ch. 2 / ch. 7 (green stalks are Nim heaps)
        ("e", "*"),
        ("ee", "*2"),
        ("eeeee", "*5"),
        ("e;e", "0"),
        # green and blue: by hand from the options
        ("le", "1*"),  # {0,1|1}
        ("el", "^*"),  # {0,*|0}
    ],
)
def test_published_values(text: str, value: str) -> None:
    assert Hackenbush.parse(text).value() == cgt.parse(value)


def test_colon_principle_example() -> None:
    # Winning Ways, ch. 7: branches *2 and *1 on one node act as a stalk of length 2 xor 1 = 3
    assert Hackenbush.parse("e(ee;e)").grundy() == 4
    pos = Hackenbush.parse("e(ee(e;e);e(eee;ee))")
    assert pos.grundy() == 1 + ((2 + (1 ^ 1)) ^ (1 + (3 ^ 2))) == 1
    assert pos.value() == brute(list(pos.edges))


def test_fusion_cycles() -> None:
    # Winning Ways, ch. 7: an odd cycle on the ground fuses to one loop (*1), an even one to none
    for n in range(1, 7):
        cycle = [(i, (i + 1) % n, "G") for i in range(n)]
        assert Hackenbush(cycle).grundy() == n % 2
        assert Hackenbush(cycle).value() == brute(cycle)


# ---------------------------------------------------------------------------
# Big positions are instant
# ---------------------------------------------------------------------------
def test_big_positions() -> None:
    start = time.process_time()
    stalk = Hackenbush.parse("l" + "r" * 199)
    assert stalk.value() == cgt.number(cgt.Dyadic(1, 2**199))
    assert stalk_value("l" + "r" * 199) == Fraction(1, 2**199)
    rng = random.Random(3)
    tree = Hackenbush(random_tree(rng, "G", 500))
    assert tree.value() == cgt.nimber(tree.grundy())
    green_stalk = Hackenbush.parse("e" * 500)
    assert green_stalk.value() == cgt.nimber(500)
    assert str(green_stalk) == "e" * 500
    assert time.process_time() - start < 5


def test_long_mixed_stalk_by_search() -> None:
    text = "e" + "l" * 40 + "elr"
    edges = [(i, i + 1, c.upper().replace("E", "G")) for i, c in enumerate(text)]
    start = time.process_time()
    assert Hackenbush.parse(text).value() == brute(edges)
    assert time.process_time() - start < 5


# ---------------------------------------------------------------------------
# Input, printing, protocol
# ---------------------------------------------------------------------------
def test_parse_and_print_round_trip() -> None:
    for text in ["", "l", "lrlrrllr", "l(l;rl)", "e(ee(e;e);e(eee;ee))", "lr;e(l;r);rr"]:
        pos = Hackenbush.parse(text)
        assert str(pos) == text
        assert eval(repr(pos), {"Hackenbush": Hackenbush}) == pos
    assert str(Hackenbush.parse(" l ( r ; l ) ")) == "l(r;l)"
    assert Hackenbush.parse("l(r;l)") == Hackenbush.parse("l(l;r)")
    assert Hackenbush.parse("l(r;l)") != Hackenbush.parse("l(l;l)")
    assert hash(Hackenbush.parse("lr;l")) == hash(Hackenbush.parse("l;lr"))


def test_graph_input() -> None:
    g = nx.MultiGraph()
    g.add_edge("a", "b", color="L")
    g.add_edge("b", "b", color="R")
    g.add_edge("b", "c", color="G")
    g.add_edge("x", "y", color="L")  # not on the ground: vanishes
    pos = Hackenbush(g, ground="a")
    assert len(pos) == 3
    assert pos.value() == brute([(0, 1, "L"), (1, 1, "R"), (1, 2, "G")])
    simple = nx.Graph()
    simple.add_edge(0, 1, color="L")
    assert Hackenbush(simple).value() == 1
    # several ground nodes are one: an edge between two of them is a loop on the ground
    two = nx.MultiGraph()
    two.add_edge("g1", "g2", color="L")
    two.add_edge("g2", "v", color="R")
    two.add_edge("g1", "v", color="R")
    pos = Hackenbush(two, ground=["g1", "g2"])
    assert pos.value() == brute([(0, 0, "L"), (0, 1, "R"), (0, 1, "R")])
    assert len(list(pos.components())) == 2
    other = Hackenbush(pos.to_networkx(), ground=0)
    assert other == pos
    assert "graph" in str(pos)
    assert eval(repr(pos), {"Hackenbush": Hackenbush}).value() == pos.value()


def test_components_and_options() -> None:
    pos = Hackenbush.parse("lr;e(l;r);rr")
    assert sorted(str(p) for p in pos.components()) == ["e(l;r)", "lr", "rr"]
    assert sorted(str(p) for p in pos.left_options()) == sorted(["e(l;r);rr", "lr;rr", "lr;er;rr"])
    assert sorted(str(p) for p in pos.right_options()) == sorted(
        ["l;e(l;r);rr", "lr;rr", "lr;el;rr", "lr;e(l;r);r", "lr;e(l;r)"]
    )
    assert Hackenbush.parse("").value() == 0
    assert Hackenbush.parse("").left_options() == []


def test_pickle_and_svg() -> None:
    for pos in [Hackenbush.parse("l(l;rl);e"), Hackenbush([(0, 1, "G"), (1, 1, "L"), (1, 0, "R")])]:
        back = pickle.loads(pickle.dumps(pos))
        assert back == pos and str(back) == str(pos)
        svg = pos._repr_svg_()
        assert svg.startswith("<svg") and svg.endswith("</svg>")
        assert "#1f5fd6" in svg  # blue


def test_grundy_needs_green() -> None:
    with pytest.raises(NotImpartial):
        Hackenbush.parse("le").grundy()


def test_bad_input() -> None:
    with pytest.raises(InvalidPosition, match="colour"):
        Hackenbush([(0, 1, "B")])
    g = nx.MultiGraph()
    g.add_edge(1, 2)
    with pytest.raises(InvalidPosition, match="colour"):
        Hackenbush(g, ground=1)
    g = nx.MultiGraph()
    g.add_edge(1, 2, color="L")
    with pytest.raises(InvalidPosition, match="ground"):
        Hackenbush(g)
    with pytest.raises(InvalidPosition, match="ground"):
        Hackenbush(g, ground=[1, 9])
    with pytest.raises(InvalidPosition, match="ground"):
        Hackenbush(g, ground=[])
    with pytest.raises(InvalidPosition):
        Hackenbush(nx.DiGraph([(0, 1)]))
    with pytest.raises(InvalidPosition):
        Hackenbush("lr")
    with pytest.raises(InvalidPosition):
        Hackenbush([(0, 1)])
    for text, where in [("l(r", 3), ("lx", 1), ("l;;r", 2), ("l(;r)", 2), ("l)", 1), ("l()", 2)]:
        with pytest.raises(ParseError) as err:
            Hackenbush.parse(text)
        assert err.value.position == where, text
    with pytest.raises(InvalidPosition):
        Hackenbush.parse(3)  # type: ignore[arg-type]
