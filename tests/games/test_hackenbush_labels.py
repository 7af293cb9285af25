"""Hackenbush strings with labelled vertices, and stalks of numbers.

The labelled string form is CGSuite's (game.graph.Hackenbush, constants.cgs):
``:X`` or ``:{Name}`` after an edge names the vertex at its top; a name used
twice is one vertex.  Checked against graphs built edge by edge, the brute
force of tests/games/test_hackenbush.py, Berlekamp's rule, and published
values: CGSuite's GameGraphTest.scala (Winning Ways ch. 7, figure 3, the
"green girl" = *2) and the constants.cgs documentation (lrlrr = 9/16).
"""

from __future__ import annotations

import itertools
import pickle
import random
from fractions import Fraction

import networkx as nx
import pytest
from hypothesis import given, settings

import cgt
from cgt.games import Hackenbush
from cgt.games.hackenbush import stalk_string, stalk_value
from tests.games.test_hackenbush import brute, random_graph
from tests.strategies import dyadics

GIRL = "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))"


def graph_of(edges: tuple[tuple[int, int, str], ...] | list[tuple[int, int, str]]) -> nx.MultiGraph:
    g = nx.MultiGraph()
    g.add_node(0, ground=True)
    for u, v, c in edges:
        g.add_node(u, ground=u == 0)
        g.add_node(v, ground=v == 0)
        g.add_edge(u, v, color=c)
    return g


def same_picture(a: Hackenbush, b: Hackenbush) -> bool:
    """The same graph up to renaming the vertices: ground to ground, colours kept."""
    return bool(
        nx.is_isomorphic(
            graph_of(a.edges),
            graph_of(b.edges),
            node_match=lambda x, y: x["ground"] == y["ground"],
            edge_match=lambda x, y: (
                sorted(d["color"] for d in x.values()) == sorted(d["color"] for d in y.values())
            ),
        )
    )


# ---------------------------------------------------------------------------
# Reading labels
# ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "edges"),
    [
        # a square on the ground; a square on a stalk of two
        (":Geeee:G", [(0, 1, "G"), (1, 2, "G"), (2, 3, "G"), (3, 0, "G")]),
        ("ee:Aeeee:A", [(0, 1, "G"), (1, 2, "G"), (2, 3, "G"), (3, 4, "G"), (4, 5, "G"),
                        (5, 2, "G")]),
        (":Ae:A", [(0, 0, "G")]),  # a loop on the ground
        ("l:{x}r:{x}", [(0, 1, "L"), (1, 1, "R")]),
        ("(e:B;e:B;r:B)", [(0, 1, "G"), (0, 1, "G"), (0, 1, "R")]),  # three edges, one top
        ("(l;r)", [(0, 1, "L"), (0, 2, "R")]),  # parentheses at the top
        (GIRL, [(0, 1, "G"), (1, 2, "G"), (2, 3, "G"), (1, 4, "G"), (4, 3, "G"), (3, 5, "G"),
                (5, 6, "G"), (6, 7, "G"), (5, 8, "G"), (8, 9, "G"), (8, 9, "G"), (9, 10, "G")]),
    ],
)  # fmt: skip
def test_labels_identify_vertices(text: str, edges: list[tuple[int, int, str]]) -> None:
    pos = Hackenbush.parse(text)
    assert same_picture(pos, Hackenbush(edges))
    assert pos.value() == Hackenbush(edges).value() == brute(edges)


def test_published_values() -> None:
    # GameGraphTest.scala: the green girl of Winning Ways ch. 7, figure 3, is *2
    assert Hackenbush.parse(GIRL).value() == cgt.nimber(2)
    # constants.cgs: the stalk lrlrr is 9/16; GameGraphTest.scala: lrlrrllr = 77/128,
    # the blue-red-green stalk lrlerrr = 3/4v[3]*
    assert Hackenbush.parse("lrlrr").value() == cgt.parse("9/16")
    assert Hackenbush.parse("lrlrrllr").value() == cgt.parse("77/128")
    assert Hackenbush.parse("lrlerrr").value() == cgt.parse("3/4v[3]*")
    # the fusion principle (Winning Ways ch. 7): a square on the ground is 0, a
    # square on a stalk of two a stalk of two (its four loops cancel in pairs)
    assert Hackenbush.parse(":Geeee:G").value() == cgt.zero
    assert Hackenbush.parse("ee:Aeeee:A").value() == cgt.nimber(2)


def test_labelled_position_prints_back() -> None:
    rng = random.Random(29)
    cycles = 0
    for n in range(200):
        edges = random_graph(rng, ("LRG", "LR", "G", "LG")[n % 4])
        pos = Hackenbush(edges)
        # the position written in the labelled form reads back as the same graph
        labelled = Hackenbush._make(pos.edges, _labels())
        again = Hackenbush.parse(str(labelled))
        assert same_picture(again, pos), (edges, str(labelled))
        assert again.value() == brute(edges), (edges, str(labelled))
        assert str(Hackenbush.parse(str(again))) == str(again)  # a fixed point
        if not pos.is_tree:
            cycles += 1
    assert cycles > 40
    assert str(Hackenbush.parse("")) == ""


def _labels() -> dict[int, str]:
    from cgt.games.hackenbush import _Labels

    return _Labels()


def test_labels_are_kept_in_printing_moves_and_pickles() -> None:
    pos = Hackenbush.parse(GIRL)
    assert "{head}" in str(pos)
    assert repr(pos) == f"Hackenbush.parse({str(pos)!r})"
    moves = [pos.describe_move(o) for o in pos.left_options()]
    assert "chop the green edge (2, 'waist')" in moves
    assert any("'head'" in m for m in moves if m)
    back = pickle.loads(pickle.dumps(pos))
    assert str(back) == str(pos) and back == pos and back.value() == cgt.nimber(2)
    svg = pos._repr_svg_()
    assert "waist</text>" in svg and "head</text>" in svg
    # trees print as before, labels or not
    assert str(Hackenbush.parse("l:A(l;r:B)")) == "l(l;r)"


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        ("e:", 1, "a vertex label is"),
        ("e:{a", 4, "is not closed"),
        ("e:{}", 1, "a vertex label is"),
        ("e:-", 1, "a vertex label is"),
        ("e:{a b}", 1, "a vertex label is"),
        ("l(e:A;:Ae)", 6, "already names another vertex"),
        (":A", 2, "expected an edge"),
        ("()", 1, "expected an edge"),
    ],
)
def test_bad_labels(text: str, where: int, message: str) -> None:
    with pytest.raises(cgt.ParseError, match=message) as err:
        Hackenbush.parse(text)
    assert err.value.position == where
    again = pickle.loads(pickle.dumps(err.value))
    assert isinstance(again, cgt.ParseError) and again.position == where


# ---------------------------------------------------------------------------
# Stalks of numbers: the inverse of Berlekamp's rule
# ---------------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(dyadics)
def test_stalk_string_inverts_berlekamps_rule(x: Fraction) -> None:
    text = stalk_string(x)
    assert stalk_value(text) == x
    g = cgt.number(cgt.Dyadic(x.numerator, x.denominator))
    assert len(text) == g.birthday()  # the stalk of x is born with x
    assert Hackenbush.stalk(g).value() == g


def test_every_short_stalk_is_the_stalk_of_its_value() -> None:
    # a stalk is the sign expansion of its value exactly when it is that value's
    # shortest stalk: lr and lrl..., not ll r r (= 1, like l)
    for n in range(1, 8):
        for letters in itertools.product("lr", repeat=n):
            text = "".join(letters)
            x = stalk_value(text)
            assert stalk_value(stalk_string(x)) == x
            assert len(stalk_string(x)) <= n
            edges = [(i, i + 1, c.upper()) for i, c in enumerate(stalk_string(x))]
            assert brute(edges) == cgt.number(cgt.Dyadic(x.numerator, x.denominator))


def test_stalk_bad_input() -> None:
    for bad in ["*", cgt.up, "{1|-1}"]:
        with pytest.raises(cgt.InvalidPosition, match="worth a number"):
            stalk_string(bad)
    with pytest.raises(cgt.InvalidPosition, match="dyadic number"):
        stalk_string(object())
    with pytest.raises(cgt.TooLarge):
        Hackenbush.stalk(10**9)
    assert stalk_string(-(2**20)) == "r" * 2**20
