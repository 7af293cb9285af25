"""Fjords (cgt.games.fjords) against a brute force of CGSuite's colouring schema.

CGSuite defines Col, Snort and Fjords by one schema, ``GenCol(leftPermitted,
rightPermitted)`` (``game/graph/GenCol.cgs``, ``game/graph/constants.cgs``):
a player plays a vertex whose label is in their permitted list; it is
deleted, its unlabelled neighbours take the player's label, and its
neighbours labelled with the opponent are deleted.  Col is
``GenCol([Nothing, Right], [Nothing, Left])``, Snort ``GenCol([Nothing,
Left], [Nothing, Right])`` and Fjords ``GenCol([Left], [Right])``.

The brute force here implements the schema on ``networkx`` graphs (no
components, no keys, no solver).  It is checked against the library's Col
and Snort, which are written independently, and then Fjords is checked
against it.  CGSuite's test suite has no Fjords value, so the published
checks are the schema's own instances: its Col and Snort values agree with
the library's, whose published values (Winning Ways) their own tests check.
"""

from __future__ import annotations

import pickle
import random
from functools import cache

import networkx as nx
import pytest

import cgt
from cgt.cli import RULESETS
from cgt.errors import InvalidPosition
from cgt.games import Col, Snort
from cgt.games.fjords import Fjords
from cgt.games.registry import info

State = tuple[frozenset[tuple[int, str]], frozenset[frozenset[int]]]


def state_of(graph: nx.Graph, labels: dict[int, str]) -> State:
    return (
        frozenset((v, labels[v]) for v in graph.nodes),
        frozenset(frozenset(e) for e in graph.edges),
    )


@cache
def brute(left: str, right: str, state: State) -> cgt.Game:
    """GenCol(left, right) on a graph: labels '.' (Nothing), 'L', 'R'; the permitted
    lists are strings of labels."""
    labels = dict(state[0])
    edges = [tuple(e) for e in state[1]]

    def play(v: int, me: str) -> State:
        them = "R" if me == "L" else "L"
        nbrs = {a if b == v else b for a, b in edges if v in (a, b)}
        new = dict(labels)
        gone = {v} | {u for u in nbrs if labels[u] == them}
        for u in nbrs:
            if labels[u] == ".":
                new[u] = me
        return (
            frozenset((u, t) for u, t in new.items() if u not in gone),
            frozenset(frozenset(e) for e in edges if not set(e) & gone),
        )

    return cgt.Game(
        [brute(left, right, play(v, "L")) for v, t in labels.items() if t in left],
        [brute(left, right, play(v, "R")) for v, t in labels.items() if t in right],
    )


def random_graph(rng: random.Random) -> tuple[nx.Graph, dict[int, str]]:
    n = rng.randint(1, 7)
    g = nx.gnp_random_graph(n, rng.choice([0.3, 0.5, 0.7]), seed=rng.randrange(10**6))
    labels = {v: rng.choice("..LR") for v in g.nodes}
    return g, labels


def tinted(graph: nx.Graph, tints: dict[int, str]) -> nx.Graph:
    g = graph.copy()
    for v, t in tints.items():
        g.nodes[v]["tint"] = None if t == "." else t
    return g


def test_the_brute_force_reads_the_schema_as_col_and_snort_play() -> None:
    rng = random.Random(1)
    swap = {".": ".", "L": "R", "R": "L"}
    for _ in range(120):
        g, labels = random_graph(rng)
        state = state_of(g, labels)
        # Snort's labels are the library's tints; Col's label R (next to red) is tint L
        assert Snort(tinted(g, labels)).value() == brute(".L", ".R", state)
        col_tints = {v: swap[t] for v, t in labels.items()}
        assert Col(tinted(g, col_tints)).value() == brute(".R", ".L", state)


def test_fjords_agrees_with_the_brute_force() -> None:
    rng = random.Random(2)
    for _ in range(250):
        g, labels = random_graph(rng)
        assert Fjords(tinted(g, labels)).value() == brute("L", "R", state_of(g, labels)), (
            g.edges,
            labels,
        )


def test_small_values_by_hand() -> None:
    # a lone Left vertex is one move; a path of k free vertices behind it gives k more
    for k in range(5):
        assert Fjords("-".join(["L"] + ["."] * k)).value() == k + 1
    assert Fjords(".-.-.").value() == 0  # nobody owns anything
    assert Fjords("L-R").value() == cgt.star  # either player's move ends it
    assert Fjords("R-.-.").value() == -3


def test_symmetry_and_negation() -> None:
    rng = random.Random(3)
    flip = {".": ".", "L": "R", "R": "L"}
    for _ in range(60):
        g, labels = random_graph(rng)
        v = Fjords(tinted(g, labels)).value()
        assert Fjords(tinted(g, {u: flip[t] for u, t in labels.items()})).value() == -v
        perm = list(g.nodes)
        rng.shuffle(perm)
        mapping = dict(zip(g.nodes, perm, strict=True))
        h = nx.relabel_nodes(g, mapping)
        relabelled = Fjords(tinted(h, {mapping[u]: t for u, t in labels.items()}))
        assert relabelled.value() == v
        assert relabelled.key() == Fjords(tinted(g, labels)).key()


def test_components_moves_and_pickles() -> None:
    p = Fjords("L-.-.;.-R;.-.")
    assert len(p.components()) == 2  # the part nobody owns is over
    for o in p.left_options() + p.right_options():
        assert p.describe_move(o) and p.describe_move(o).startswith("play vertex")
    assert pickle.loads(pickle.dumps(p)) == p
    named = nx.Graph([("a", "b")])
    named.nodes["a"]["tint"] = "L"
    q = Fjords(named)
    assert [q.describe_move(o) for o in q.left_options()] == ["play vertex a (Left)"]
    assert pickle.loads(pickle.dumps(q)) == q


def test_bad_input_raises_cgt_errors() -> None:
    with pytest.raises(InvalidPosition, match="Fjords are played on undirected graphs"):
        Fjords(nx.DiGraph([(0, 1)]))
    with pytest.raises(InvalidPosition, match="a Fjords position is"):
        Fjords(42)
    g = nx.Graph([(0, 1)])
    g.nodes[0]["tint"] = "blue"
    with pytest.raises(InvalidPosition, match="tint"):
        Fjords(g)
    with pytest.raises(InvalidPosition, match="loop; Fjords graphs"):
        Fjords(nx.Graph([(0, 0)]))


def test_the_registry_and_the_command_line_know_it() -> None:
    r = info(Fjords)
    assert (r.name, r.kind, r.cli, r.docs) == ("Fjords", "partizan", "fjords", "col_snort")
    p = RULESETS["fjords"].make(r.example)
    assert p == Fjords(r.example)
    g = nx.Graph()
    labels = dict(enumerate(p.tints))
    g.add_nodes_from(labels)
    g.add_edges_from((u, v) for u in range(len(p.adj)) for v in range(u) if p.adj[u] >> v & 1)
    assert p.value() == brute("L", "R", state_of(g, labels))
