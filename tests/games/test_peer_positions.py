"""Differential tests of positions against the peer library cgt-py (skipped when absent)."""

from __future__ import annotations

import random

import networkx as nx
import pytest

import cgt
from cgt.games import Col, Domineering, Snort

cgt_py = pytest.importorskip("cgt_py")


def peer(form: object) -> cgt.Game:
    """Read a cgt-py CanonicalForm (its repr is ``CanonicalForm('...')``)."""
    text = repr(form)
    assert text.startswith("CanonicalForm('") and text.endswith("')")
    return cgt.parse(text[len("CanonicalForm('") : -2])


def polyominoes(max_cells: int) -> set[frozenset[tuple[int, int]]]:
    """All fixed polyominoes up to ``max_cells`` cells, moved to the origin."""

    def norm(cells: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        r0 = min(r for r, _ in cells)
        c0 = min(c for _, c in cells)
        return frozenset((r - r0, c - c0) for r, c in cells)

    level = {frozenset({(0, 0)})}
    out = set(level)
    for _ in range(max_cells - 1):
        nxt = set()
        for p in level:
            for r, c in p:
                for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                    if q not in p:
                        nxt.add(norm(p | {q}))
        out |= nxt
        level = nxt
    return out


def grid_string(cells: frozenset[tuple[int, int]]) -> str:
    h = max(r for r, _ in cells) + 1
    w = max(c for _, c in cells) + 1
    return "|".join("".join("." if (r, c) in cells else "#" for c in range(w)) for r in range(h))


def test_polyominoes_up_to_8_cells() -> None:
    shapes = polyominoes(8)
    assert len(shapes) == 3792  # fixed polyominoes of 1..8 cells
    for cells in shapes:
        text = grid_string(cells)
        assert Domineering(text).value() == peer(cgt_py.Domineering(text).canonical_form), text


@pytest.mark.parametrize("h", [1, 2, 3, 4, 5])
def test_rectangles_up_to_4x5(h: int) -> None:
    for w in range(1, 6):
        if h * w > 20:
            continue
        text = "|".join(["." * w] * h)
        assert Domineering(text).value() == peer(cgt_py.Domineering(text).canonical_form), text


def random_graph(rnd: random.Random, n: int) -> nx.Graph:
    g = nx.gnp_random_graph(n, rnd.uniform(0.15, 0.6), seed=rnd.randrange(10**9))
    for v in g:
        g.nodes[v]["tint"] = rnd.choice([None, None, "L", "R"])
    return g


def peer_graph(g: nx.Graph) -> object:
    nodes = list(g)
    index = {v: i for i, v in enumerate(nodes)}
    return cgt_py.Graph(
        len(nodes),
        [(index[a], index[b]) for a, b in g.edges],
        blue=[index[v] for v in nodes if g.nodes[v].get("tint") == "L"],
        red=[index[v] for v in nodes if g.nodes[v].get("tint") == "R"],
    )


@pytest.mark.parametrize("seed", range(4))
def test_col_and_snort_on_random_graphs(seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(25):
        g = random_graph(rnd, rnd.randint(1, 9))
        pg = peer_graph(g)
        assert Col(g).value() == peer(pg.col.canonical_form), str(Col(g))  # type: ignore[attr-defined]
        assert Snort(g).value() == peer(pg.snort.canonical_form), str(Snort(g))  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "g",
    [
        nx.path_graph(10),
        nx.cycle_graph(9),
        nx.grid_2d_graph(2, 4),
        nx.grid_2d_graph(3, 3),
        nx.star_graph(5),
        # symmetric hosts: many components are found as mirror images
        nx.petersen_graph(),
        nx.hypercube_graph(3),
        nx.circular_ladder_graph(4),
    ],
)
def test_col_and_snort_on_named_graphs(g: nx.Graph) -> None:
    pg = peer_graph(g)
    assert Col(g).value() == peer(pg.col.canonical_form)  # type: ignore[attr-defined]
    assert Snort(g).value() == peer(pg.snort.canonical_form)  # type: ignore[attr-defined]
