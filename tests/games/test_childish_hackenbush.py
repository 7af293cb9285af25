"""Childish Hackenbush against a brute force written here from the rule, CGSuite's
published values and green Hackenbush."""

from __future__ import annotations

import pickle
import random
from functools import cache

import pytest

import cgt
from cgt import Game
from cgt.errors import InvalidPosition, ParseError
from cgt.games import Hackenbush
from cgt.games.childish_hackenbush import ChildishHackenbush

Edges = tuple[tuple[object, object, str], ...]


def grounded(edges: Edges) -> Edges:
    """The edges reachable from the ground 0."""
    seen, todo = {0}, [0]
    while todo:
        x = todo.pop()
        for u, v, _ in edges:
            for a, b in ((u, v), (v, u)):
                if a == x and b not in seen:
                    seen.add(b)
                    todo.append(b)
    return tuple(e for e in edges if e[0] in seen or e[1] in seen)


@cache
def brute(edges: Edges) -> Game:
    """Chop an edge; blue and red only when every other edge stays up."""
    left, right = [], []
    for i, (_, _, c) in enumerate(edges):
        rest = grounded(edges[:i] + edges[i + 1 :])
        if c != "G" and len(rest) < len(edges) - 1:
            continue
        option = brute(tuple(sorted(rest, key=repr)))
        if c in "LG":
            left.append(option)
        if c in "RG":
            right.append(option)
    return Game(left, right)


def random_graph(rng: random.Random, colours: str) -> list[tuple[int, int, str]]:
    nodes = rng.randint(1, 4)
    edges = []
    for _ in range(rng.randint(1, 6)):
        u, v = rng.randint(0, nodes), rng.randint(0, nodes)
        edges.append((u, v, rng.choice(colours)))
    return edges


@pytest.mark.parametrize("colours", ["LR", "LRG", "LLRRG"])
def test_brute_force_on_random_graphs(colours: str) -> None:
    rng = random.Random(hash(colours) % 1000)
    for _ in range(60):
        edges = random_graph(rng, colours)
        expected = brute(tuple(sorted(grounded(tuple(edges)), key=repr)))
        assert ChildishHackenbush(edges).value() == expected, edges


def test_trees_from_text_against_brute_force() -> None:
    for text in [
        "l(l;rl)",
        "lr",
        "rl",
        "llr(l;r)",
        "l;r(l;l)",
        "e(l;r)",
        "lre(l;rr)",
        "l(l(r;l);r)",
    ]:
        g = ChildishHackenbush.parse(text)
        assert g.value() == brute(tuple(sorted(g.edges, key=repr))), text


def cycle(colours: str, through: object = 0) -> list[tuple[object, object, str]]:
    """A cycle of the colours (l, r, e) starting and ending at ``through``."""
    names = [through] + [("c", through, i) for i in range(1, len(colours))] + [through]
    return [(names[i], names[i + 1], "LRG"["lre".index(c)]) for i, c in enumerate(colours)]


def test_cgsuite_published_values() -> None:
    # CGSuite's test suite, lib/core/src/test/scala/org/cgsuite/lang/GameGraphTest.scala,
    # "define Childish Hackenbush properly"; graphs with named vertices built as edge lists
    assert ChildishHackenbush.parse("l(l;rl)").value() == 2
    # ":{ground}llllllrrrr:{ground}": a ten-cycle on the ground
    assert ChildishHackenbush(cycle("llllllrrrr")).value() == cgt.parse("{4|-2}")
    # "r(l:T;r(l:T;r(l:T;r(l:T;rl:T))))": a red stalk of five, each node tied to T in blue
    edges: list[tuple[object, object, str]] = []
    for k in range(1, 6):
        edges += [(k - 1, k, "R"), (k, "T", "L")]
    assert ChildishHackenbush(edges).value() == cgt.parse("15/16")
    # "(e:B;e:Bllllllrrr:B)": two green edges up to B, a blue-red nine-cycle through B
    lollipop = [(0, "B", "G"), (0, "B", "G"), *cycle("llllllrrr", "B")]
    assert ChildishHackenbush(lollipop).value() == cgt.parse("{0|^[4]*||vv}")
    # "(e:B;e:B;e:Blllllllllrr:B)": its atomic weight
    lollipop2 = [(0, "B", "G")] * 3 + cycle("lllllllllrr", "B")
    assert ChildishHackenbush(lollipop2).value().atomic_weight() == cgt.parse("3/2")


def test_green_is_green_hackenbush_and_stalks_lose_only_their_tops() -> None:
    rng = random.Random(7)
    for _ in range(30):
        edges = random_graph(rng, "G")
        assert ChildishHackenbush(edges).value() == Hackenbush(edges).value(), edges
    for text in ["lrrl", "llll", "rlrlr", "lrl"]:
        g = ChildishHackenbush.parse(text)
        top = "LR".index(g.edges[-1][2])
        assert [len(g.left_options()), len(g.right_options())] == [1 - top, top]
    # a blue-red tree has the value the edge rule gives only when nothing can fall
    assert ChildishHackenbush.parse("l;l;r").value() == Hackenbush.parse("l;l;r").value()


def test_swapping_blue_and_red_negates() -> None:
    rng = random.Random(11)
    swap = {"L": "R", "R": "L", "G": "G"}
    for _ in range(40):
        edges = random_graph(rng, "LRG")
        swapped = [(u, v, swap[c]) for u, v, c in edges]
        assert ChildishHackenbush(swapped).value() == -ChildishHackenbush(edges).value()


def test_moves_bad_input_and_pickling() -> None:
    g = ChildishHackenbush.parse("l(l;rl)")
    assert [g.describe_move(o) for o in g.left_options()] == [
        "chop the blue edge (1, 2)",
        "chop the blue edge (3, 4)",
    ]
    assert g.right_options() == []
    assert (
        pickle.loads(pickle.dumps(g)) == g
        and type(pickle.loads(pickle.dumps(g))) is ChildishHackenbush
    )
    assert repr(g) == "ChildishHackenbush.parse('l(l;rl)')" and g != Hackenbush.parse("l(l;rl)")
    with pytest.raises(ParseError):
        ChildishHackenbush.parse("l(r")
    with pytest.raises(InvalidPosition):
        ChildishHackenbush([(0, 1, "B")])
    with pytest.raises(InvalidPosition):
        ChildishHackenbush("lr")
