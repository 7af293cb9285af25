"""Col and Snort: values, the number-or-number-star theorem, keys, syntax, errors."""

from __future__ import annotations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cgt
from cgt.errors import InvalidPosition
from cgt.games import Col, Snort, parse_graph
from cgt.games.graphs import COL, SNORT, canonical_key, format_graph
from cgt.solver import Solver
from tests.tools.tiers import examples

TINTS = (None, None, "L", "R")


@st.composite
def graphs(draw: st.DrawFn, max_nodes: int = 7) -> nx.Graph:
    n = draw(st.integers(0, max_nodes))
    g = nx.Graph()
    for v in range(n):
        g.add_node(v, tint=draw(st.sampled_from(TINTS)))
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.booleans()):
                g.add_edge(a, b)
    return g


@pytest.fixture
def python_graphs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Value graphs by the Python solver (its hosts and keys) even when the
    compiled engine is built: the tests using it look at the solver's tables."""
    from cgt.games import graph_colouring

    monkeypatch.setattr(graph_colouring, "_graph_engine", lambda kind, n: None)


def swapped(g: nx.Graph) -> nx.Graph:
    h = g.copy()
    for v in h:
        h.nodes[v]["tint"] = {"L": "R", "R": "L"}.get(h.nodes[v].get("tint"))
    return h


def is_number_or_number_star(g: cgt.Game) -> bool:
    return g.is_number or (g + cgt.star).is_number


# --- small values --------------------------------------------------------------------
def test_col_small_values() -> None:
    assert Col("").value() == 0
    assert Col(".").value() == cgt.star
    assert Col("L").value() == 1
    assert Col("R").value() == -1
    assert Col(".-.").value() == 0  # the survey: {-1/2 | 1/2} = 0
    assert Col("L-.").value() == cgt.number("1/2")
    assert Col(nx.path_graph(3)).value() == 0


def test_snort_small_values() -> None:
    assert Snort(".").value() == cgt.star
    assert Snort("L").value() == 1
    assert Snort(".-.").value() == cgt.switch(1)
    assert Snort(nx.path_graph(3)).value() == cgt.switch(2)
    assert Snort("L-.").value() == cgt.parse("{1|0}")


def test_paths_and_cycles_long() -> None:
    assert Col(nx.path_graph(40)).value() in (cgt.zero, cgt.star)
    assert Col(nx.cycle_graph(17)).value() in (cgt.zero, cgt.star)
    assert Snort(nx.cycle_graph(6)).value() == Snort("a:.-.-.-.-.-.-a").value()


# --- properties ----------------------------------------------------------------------
@settings(max_examples=80, deadline=None)
@given(graphs())
def test_col_values_are_numbers_or_number_star(g: nx.Graph) -> None:
    assert is_number_or_number_star(Col(g).value())


@settings(max_examples=60, deadline=None)
@given(graphs())
def test_uncoloured_col_is_zero_or_star(g: nx.Graph) -> None:
    for v in g:
        g.nodes[v]["tint"] = None
    assert Col(g).value() in (cgt.zero, cgt.star)


@settings(max_examples=50, deadline=None)
@given(graphs(), st.randoms(use_true_random=False))
def test_isomorphic_and_swapped_graphs(g: nx.Graph, rnd: object) -> None:
    perm = list(g)
    rnd.shuffle(perm)  # type: ignore[attr-defined]
    h = nx.relabel_nodes(g, dict(zip(g, perm, strict=True)))
    for cls in (Col, Snort):
        v = cls(g).value()
        assert cls(h).value() == v
        assert cls(swapped(g)).value() == -v
        assert cls(h).key() == cls(g).key()


@settings(max_examples=40, deadline=None)
@given(graphs(max_nodes=6))
def test_keyed_solver_agrees_with_object_protocol(g: nx.Graph) -> None:
    for cls in (Col, Snort):
        position = cls(g)
        assert Solver().value(position) == position.value()


@settings(max_examples=100, deadline=None)
@given(graphs(max_nodes=8), st.randoms(use_true_random=False))
def test_canonical_keys_are_invariant(g: nx.Graph, rnd: object) -> None:
    g = g.subgraph(max(nx.connected_components(g), key=len, default=set())).copy()
    if not len(g):
        return
    perm = list(g)
    rnd.shuffle(perm)  # type: ignore[attr-defined]
    h = nx.relabel_nodes(g, dict(zip(g, perm, strict=True)))
    a, b = Col(g), Col(h)
    assert canonical_key(a.adj, a.tints) == canonical_key(b.adj, b.tints)


def test_keys_separate_non_isomorphic_graphs() -> None:
    star = Col(nx.star_graph(3))
    path = Col(nx.path_graph(4))
    assert star.key() != path.key()
    tinted = nx.path_graph(3)
    tinted.nodes[0]["tint"] = "L"
    middle = nx.path_graph(3)
    middle.nodes[1]["tint"] = "L"
    assert Col(tinted).key() != Col(middle).key()


def test_pruned_edges() -> None:
    # an L-R edge never matters in Col, an L-L edge never in Snort
    assert Col("L-R").value() == Col("L;R").value() == 0
    assert Snort("L-L").value() == 2
    assert COL.prune((0b10, 0b01), "LR") == (0, 0)
    assert SNORT.prune((0b10, 0b01), "LL") == (0, 0)


# --- options -------------------------------------------------------------------------
def test_options_follow_the_rules() -> None:
    col = Col("L-.-R")
    assert sorted(str(o) for o in col.left_options()) == ["v0:R", "v0:R-v1:R"]
    snort = Snort(".-.")
    assert [str(o) for o in snort.left_options()] == ["v0:L", "v0:L"]
    assert [str(o) for o in Snort("L-.").right_options()] == [""]


# --- string syntax and display ---------------------------------------------------------
def test_parse_graph() -> None:
    g = parse_graph("L-.-R")
    assert [g.nodes[v]["tint"] for v in sorted(g)] == ["L", None, "R"]
    assert nx.is_isomorphic(parse_graph("a:.-.-.-.-a"), nx.cycle_graph(4))
    assert nx.is_isomorphic(parse_graph("c:.-.; c-.; c-."), nx.star_graph(3))
    assert len(parse_graph("")) == 0
    assert Col(" L - . ").value() == cgt.number("1/2")


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("L-?", ["'?'", "position 2"]),
        ("L-", ["ends with"]),
        ("a-.", ["'a'", "before"]),
        ("a:.-a", ["itself"]),
        ("a:.;a:L", ["two tints"]),
        ("L..", ["'.'", "position 1"]),
    ],
)
def test_bad_strings(bad: str, words: list[str]) -> None:
    with pytest.raises(InvalidPosition) as err:
        parse_graph(bad)
    for word in words:
        assert word in str(err.value)


def test_bad_graphs() -> None:
    g = nx.path_graph(2)
    g.nodes[0]["tint"] = "blue"
    with pytest.raises(InvalidPosition, match="tint 'blue'"):
        Col(g)
    with pytest.raises(InvalidPosition, match="undirected"):
        Snort(nx.DiGraph([(0, 1)]))
    loop = nx.Graph([(0, 0)])
    with pytest.raises(InvalidPosition, match="loop"):
        Col(loop)
    with pytest.raises(InvalidPosition):
        Col(5)  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(graphs())
def test_str_round_trips(g: nx.Graph) -> None:
    col = Col(g)
    again = Col(str(col))
    assert again.key() == col.key()
    assert again.value() == col.value()
    assert format_graph(col.adj, col.tints) == str(col)


def test_graph_property_and_svg() -> None:
    g = nx.path_graph(3)
    g.nodes[2]["tint"] = "R"
    col = Col(g)
    back = col.graph
    assert back.nodes[2]["tint"] == "R" and back.nodes[0]["tint"] is None
    assert sorted(back.edges) == [(0, 1), (1, 2)]
    svg = col._repr_svg_()
    assert svg.startswith("<svg") and svg.count("<circle") == 3
    assert Col(".")._repr_svg_().count("<circle") == 1
    assert repr(Col("L")) == "Col('v0:L')"


# --- canonical labelling on symmetric graphs; host coordinates -------------------------
def symmetric_graphs() -> list[nx.Graph]:
    spider = nx.Graph()
    for leg in range(5):
        spider.add_edge("c", (leg, 0))
        spider.add_edge((leg, 0), (leg, 1))
    shapes = [
        nx.petersen_graph(),
        nx.hypercube_graph(3),
        nx.complete_bipartite_graph(3, 3),
        nx.circular_ladder_graph(5),
        nx.grid_2d_graph(3, 4),
        nx.complete_graph(5),
        spider,
    ]
    return [nx.convert_node_labels_to_integers(g) for g in shapes]


def test_canonical_keys_on_symmetric_graphs() -> None:
    from networkx.algorithms.isomorphism import GraphMatcher

    rnd = __import__("random").Random(7)

    def tinted(g: nx.Graph) -> nx.Graph:
        h = g.copy()
        for v in h:
            h.nodes[v]["tint"] = rnd.choice([None, None, None, "L", "R"])
        return h

    def key(g: nx.Graph) -> object:
        position = Col(g)
        return canonical_key(position.adj, position.tints)

    for shape in symmetric_graphs():
        for _ in range(12):
            a, b = tinted(shape), tinted(shape)
            perm = list(a)
            rnd.shuffle(perm)
            assert key(nx.relabel_nodes(a, dict(zip(a, perm, strict=True)))) == key(a)
            same = GraphMatcher(a, b, node_match=lambda x, y: x["tint"] == y["tint"])
            assert (key(a) == key(b)) == same.is_isomorphic()


def test_labelling_prunes_by_automorphisms() -> None:
    from cgt.games.graphs import _labelling

    # a spider with k legs of two vertices has k! automorphisms; a search that
    # tried every ordering of the legs would meet about that many
    k = 8
    spider = nx.Graph()
    for leg in range(k):
        spider.add_edge("c", (leg, 0))
        spider.add_edge((leg, 0), (leg, 1))
    position = Col(spider)
    _cert, autos = _labelling(position.adj, position.tints)
    assert len(autos) <= k * k
    n = len(position.adj)
    for g in autos:  # every one is an automorphism
        assert sorted(g) == list(range(n))
        for v in range(n):
            image = sum(1 << g[u] for u in range(n) if position.adj[v] >> u & 1)
            assert image == position.adj[g[v]]


def test_host_symmetries_are_automorphisms() -> None:
    for shape in [*symmetric_graphs(), nx.path_graph(5), nx.cycle_graph(6)]:
        position = Col(shape)
        adj = position.adj
        symmetries = COL.host(adj).symmetries()
        assert symmetries or shape.number_of_nodes() < 2
        for g in symmetries:
            assert g != list(range(len(adj)))
            for v, a in enumerate(adj):
                assert sum(1 << g[u] for u in range(len(adj)) if a >> u & 1) == adj[g[v]]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(["grid", "prism", "spider", "star", "tree", "K3,3"]),
    st.lists(st.sampled_from(TINTS), min_size=15),
)
def test_values_on_symmetric_hosts_match_the_object_protocol(shape: str, tints: list[str]) -> None:
    # on symmetric hosts many components are found as mirror images of known
    # ones; on the last three (groups too large to list) invariants and
    # canonical labels find the isomorphic ones
    if shape == "grid":
        g = nx.convert_node_labels_to_integers(nx.grid_2d_graph(2, 4))
    elif shape == "prism":
        g = nx.circular_ladder_graph(4)
    elif shape == "spider":
        g = nx.star_graph(3)
        g.add_edges_from([(1, 4), (2, 5), (3, 6), (4, 7)])
    elif shape == "star":
        g = nx.star_graph(7)
    elif shape == "tree":
        g = nx.balanced_tree(2, 3).subgraph(range(11)).copy()
    else:
        g = nx.complete_bipartite_graph(3, 3)
    for v, t in zip(sorted(g), tints, strict=False):
        g.nodes[v]["tint"] = t
    for cls in (Col, Snort):
        assert cls(g).value() == Solver().value(cls(g))


@pytest.mark.usefixtures("python_graphs")
def test_host_local_keys_never_clash_between_hosts() -> None:
    # Two graphs on the same five vertices: inside a host a component is keyed
    # by the host's token and its bit masks, and here the second host meets
    # bit masks the first one met too, as a different graph with another value.
    first, second = nx.empty_graph(5), nx.empty_graph(5)
    first.add_edges_from([(0, 3), (1, 3), (2, 4), (3, 4)])
    second.add_edges_from([(0, 1), (0, 4), (1, 3), (1, 4), (2, 4), (3, 4)])
    cgt.games.clear_solver_caches()
    for g in (first, second, first):
        assert Col(g).value() == Solver().value(Col(g))


@pytest.mark.usefixtures("python_graphs")
def test_values_stay_right_when_hosts_are_evicted() -> None:
    # more hosts than GraphRules.max_hosts: evicted hosts' keys stay in the
    # solver's table, and new hosts must never be mistaken for them
    import random

    rnd = random.Random(7)
    shapes = [nx.gnp_random_graph(7, 0.45, seed=rnd.randrange(10**6)) for _ in range(40)]
    expected = [Solver().value(Col(g)) for g in shapes]
    cgt.games.clear_solver_caches()
    for _ in range(2):
        assert [Col(g).value() for g in shapes] == expected


@pytest.mark.usefixtures("python_graphs")
def test_isomorphic_positions_share_their_values() -> None:
    from cgt.games.base import solver_for

    g = nx.convert_node_labels_to_integers(nx.grid_2d_graph(2, 4))
    g.nodes[0]["tint"] = "L"
    perm = list(reversed(range(8)))
    h = nx.relabel_nodes(g, dict(zip(range(8), perm, strict=True)))
    h = nx.Graph(sorted(h.edges))  # a different vertex order: another host
    for v in g:
        h.add_node(perm[v], tint=g.nodes[v].get("tint"))
    solver = solver_for(Col)
    solver.clear()
    value = Col(g).value()
    computed = solver.info().misses
    assert Col(h).value() == value
    assert Col(swapped(h)).value() == -value
    assert solver.info().misses == computed  # nothing new was computed


@pytest.mark.usefixtures("python_graphs")
def test_dropped_hosts_leave_no_values_behind() -> None:
    # A host's own keys carry its token; once the host is dropped no later
    # host can meet them, so their values leave the solver's table with it.
    import random

    from cgt.games.base import solver_for

    rnd = random.Random(5)
    solver = solver_for(Col)
    cgt.games.clear_solver_caches()
    for _ in range(3 * COL.max_hosts + 1):
        Col(nx.gnp_random_graph(10, 0.4, seed=rnd.randrange(10**6))).value()
    live = {host._token for host in COL._hosts.values()}
    owned = [k for k in solver.values if isinstance(k, tuple) and isinstance(k[0], int)]
    assert owned  # the live hosts' own components are there...
    assert {k[0] for k in owned} <= live  # ...and nothing of the dropped ones


@pytest.mark.usefixtures("python_graphs")
def test_hosts_with_many_symmetries_keep_few_classes() -> None:
    # A star's components are stars with some leaves gone or tinted; exact
    # masks alone would make 3**30 of them, isomorphism makes a few thousand.
    from cgt.games.base import solver_for

    for cls, n in ((Col, 30), (Snort, 30)):
        cgt.games.clear_solver_caches()
        value = cls(nx.star_graph(n)).value()
        assert solver_for(cls).info().values < 6000
        assert value == (cgt.zero if cls is Col else cgt.parse(f"+-{n}"))
    # the star's group is too large to list; the grid's four symmetries are listed
    star, grid = COL.host(Col(nx.star_graph(30)).adj), COL.host(Col(nx.grid_2d_graph(3, 6)).adj)
    assert len(star._images()) == star.max_symmetries and star._label_all
    assert len(grid._images()) == 3 and not grid._label_all


@pytest.mark.usefixtures("python_graphs")
def test_equal_parts_share_one_host() -> None:
    # each connected part is valued in its own graph, so 80 equal stars make one
    # host (one symmetry search) instead of a 320-vertex host with 80! symmetries
    part = nx.star_graph(3)
    whole = nx.disjoint_union_all([part] * 80)
    cgt.games.clear_solver_caches()
    assert Col(whole).value() == 80 * Col(part).value()
    assert len(COL._hosts) == 1


def _tinted_path(seq: str) -> nx.Graph:
    g = nx.path_graph(len(seq))
    for v, t in enumerate(seq):
        if t != ".":
            g.nodes[v]["tint"] = t
    return g


def test_col_paths_closed_form_against_the_full_search() -> None:
    """Every path with an untinted interior of 1 to 10 vertices: the closed form
    (:func:`col_path_value`) equals the object-protocol search, which never uses it.
    With the induction in its docstring this proves the form for every length."""
    from cgt.games.graphs import col_path_value

    checked = 0
    for n in range(1, 11):
        ends = ["."] if n == 1 else [".", "L", "R"]
        for a in [".", "L", "R"]:
            for b in ends:
                seq = a if n == 1 else a + "." * (n - 2) + b
                position = Col(_tinted_path(seq))
                searched = Solver().value(position)
                assert col_path_value(seq) is searched, seq
                assert position.value() is searched, seq
                checked += 1
    assert checked == 3 + 9 * 9


def test_col_on_long_paths_is_instant() -> None:
    """A path of 3,000 vertices (the search is quadratic: about 7 s for 1,000)."""
    import time

    start = time.process_time()
    assert Col(nx.path_graph(3000)).value() is cgt.zero
    assert Col(parse_graph("L-" + "-".join(["."] * 2000) + "-L")).value() == 1
    assert time.process_time() - start < 5
