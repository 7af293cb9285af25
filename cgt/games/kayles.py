"""Node Kayles and Arc Kayles: impartial games on graphs.

* **Node Kayles**: a move picks a vertex and removes it together with its
  neighbours.
* **Arc Kayles**: a move picks an edge and removes its two endpoints (with
  every edge at them).

Whoever cannot move loses.  A position is a ``networkx.Graph`` (or a graph
string as :func:`~cgt.games.parse_graph` reads it; tints are ignored).  The
connected components are independent games, and each is keyed by the same
canonical labelling Col and Snort use (paths and cycles by their length), so
isomorphic components share one Grundy value.

>>> import networkx as nx
>>> from cgt.games import NodeKayles, ArcKayles
>>> NodeKayles(nx.path_graph(4)).grundy(), ArcKayles(nx.path_graph(4)).grundy()
(0, 2)
>>> NodeKayles(nx.petersen_graph()).grundy(), ArcKayles(nx.cycle_graph(7)).value()
(1, *)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidPosition
from .base import GRAPH_COORDINATES, ImpartialPosition
from .graph import (
    _bits,
    _components,
    _induced,
    _label,
    canonical_key,
    graph_svg,
    node_coordinates,
    parse_graph,
)
from .registry import register_ruleset

__all__ = ["ArcKayles", "NodeKayles"]


def _read(graph: Any, game: str) -> tuple[list[Hashable], tuple[int, ...]]:
    if isinstance(graph, str):
        graph = parse_graph(graph)
    if not (hasattr(graph, "nodes") and hasattr(graph, "edges") and hasattr(graph, "is_directed")):
        raise InvalidPosition(
            f"a {game} position is a networkx.Graph or a graph string, not {type(graph).__name__}"
        )
    if graph.is_directed():
        raise InvalidPosition(f"{game} is played on undirected graphs")
    nodes = list(graph.nodes)
    index = {v: i for i, v in enumerate(nodes)}
    adj = [0] * len(nodes)
    for a, b in graph.edges():
        if a != b:  # a loop changes no move
            adj[index[a]] |= 1 << index[b]
            adj[index[b]] |= 1 << index[a]
    return nodes, tuple(adj)


class _KaylesGame(ImpartialPosition, Drawable):
    """Shared code: a graph as neighbour masks, split into components, keyed canonically."""

    move_coordinates: ClassVar[str] = GRAPH_COORDINATES

    __slots__ = ("_move", "_where", "adj", "nodes")

    nodes: list[Hashable]
    adj: tuple[int, ...]
    _where: dict[Hashable, tuple[float, float]] | None  # drawing coordinates, if given
    _move: int
    """Which move (an index into the parent's :meth:`_move_masks`) made this option."""

    def _move_of(self, option: Any) -> int | None:
        """The index in :meth:`_move_masks` of a move that leads to ``option``.

        The option's own tag is tried first (equal options may come from different moves).
        """
        if type(option) is not type(self):
            return None
        target = (option.nodes, option.adj)
        masks = self._move_masks()
        tagged = getattr(option, "_move", None)
        order = list(range(len(masks)))
        if tagged is not None and 0 <= tagged < len(masks):
            order.insert(0, tagged)
        for k in order:
            after = self._removing(masks[k])
            if (after.nodes, after.adj) == target:
                return k
        return None

    def _move_masks(self) -> list[int]:
        """The masks of vertices one move removes."""
        raise NotImplementedError

    def __init__(self, graph: Any = "") -> None:
        if isinstance(graph, str):
            graph = parse_graph(graph)
        self.nodes, self.adj = _read(graph, type(self).__name__)
        self._where = node_coordinates(graph)
        self._drop_dead()

    @classmethod
    def _make(
        cls,
        nodes: list[Hashable],
        adj: tuple[int, ...],
        where: dict[Hashable, tuple[float, float]] | None = None,
    ) -> Any:
        pos = object.__new__(cls)
        pos.nodes, pos.adj, pos._where = nodes, adj, where
        pos._drop_dead()
        return pos

    def _drop_dead(self) -> None:
        """Arc Kayles ignores isolated vertices (they are in no edge)."""

    def _removing(self, gone: int) -> Any:
        alive = ((1 << len(self.adj)) - 1) & ~gone
        adj, _ = _induced(self.adj, "." * len(self.adj), alive)
        return self._make([self.nodes[v] for v in _bits(alive)], adj, getattr(self, "_where", None))

    def components(self) -> list[Any]:
        """The connected components (independent games).

        >>> import networkx as nx
        >>> len(NodeKayles(nx.disjoint_union(nx.path_graph(3), nx.path_graph(2))).components())
        2
        """
        n = len(self.adj)
        parts = _components(self.adj, (1 << n) - 1)
        if len(parts) <= 1:
            return [self] if n else []
        return [self._removing(((1 << n) - 1) & ~part) for part in parts]

    def key(self) -> Hashable:
        """Equal for isomorphic graphs (a canonical labelling; paths and cycles by length).

        >>> import networkx as nx
        >>> NodeKayles(nx.relabel_nodes(nx.cycle_graph(5), {0: "a"})).key() == NodeKayles(
        ...     nx.cycle_graph(5)).key()
        True
        """
        parts = _components(self.adj, (1 << len(self.adj)) - 1)
        if len(parts) == 1:
            return canonical_key(self.adj, "." * len(self.adj))[0]
        keys = [canonical_key(*_induced(self.adj, "." * len(self.adj), p))[0] for p in parts]
        return ("+", tuple(sorted(keys, key=repr)))

    @property
    def graph(self) -> Any:
        """A fresh ``networkx.Graph`` of the position."""
        import networkx as nx

        g = nx.Graph()
        g.add_nodes_from(self.nodes)
        for i, v in enumerate(self.nodes):
            for j in _bits(self.adj[i]):
                if j > i:
                    g.add_edge(v, self.nodes[j])
        return g

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _KaylesGame)
        return set(self.nodes) == set(other.nodes) and set(map(frozenset, self.graph.edges)) == set(
            map(frozenset, other.graph.edges)
        )

    def __hash__(self) -> int:
        return hash((type(self).__name__, len(self.adj), sum(a.bit_count() for a in self.adj)))

    def __repr__(self) -> str:
        edges = sorted(
            (
                min(str(self.nodes[i]), str(self.nodes[j])),
                max(str(self.nodes[i]), str(self.nodes[j])),
            )
            for i in range(len(self.adj))
            for j in _bits(self.adj[i])
            if j > i
        )
        return f"{type(self).__name__}({len(self.adj)} vertices, edges {edges})"

    def _draw_svg(self) -> str:
        """The graph, drawn from its vertices' coordinates when it has them.

        >>> import networkx as nx
        >>> NodeKayles(nx.grid_2d_graph(2, 2))._repr_svg_().count("<circle")
        4
        """
        where = getattr(self, "_where", None)
        coords = [where[v] for v in self.nodes] if where is not None else None
        labels = [_label(v) for v in self.nodes]
        return graph_svg(self.adj, "." * len(self.adj), labels, coordinates=coords)


@register_ruleset(
    "NodeKayles",
    "impartial",
    syntax="GRAPH",
    summary="Node Kayles",
    example=".-.-.-.",
    cli="node-kayles",
    docs="impartial",
    stored_as=("cgt.games.kayles.NodeKayles",),
)
class NodeKayles(_KaylesGame):
    """Node Kayles: a move removes a vertex and its neighbours.

    On a path this is Dawson's Chess (the octal game ``0.137``: a move takes
    one or two vertices at an end, or three in a row).

    >>> import networkx as nx
    >>> [NodeKayles(nx.path_graph(n)).grundy() for n in range(1, 11)]
    [1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    >>> NodeKayles(nx.complete_graph(5)).grundy(), NodeKayles(nx.star_graph(4)).grundy()
    (1, 2)
    """

    __slots__ = ()

    def describe_move(self, option: Any) -> str | None:
        """The vertex removed (with its neighbours), by its name in the graph.

        >>> import networkx as nx
        >>> g = NodeKayles(nx.path_graph(3))
        >>> [g.describe_move(o) for o in g.options()]
        ['remove vertex 0', 'remove vertex 1', 'remove vertex 2']
        """
        v = self._move_of(option)
        return None if v is None else f"remove vertex {self.nodes[v]}"

    def _move_masks(self) -> list[int]:
        return [self.adj[v] | 1 << v for v in range(len(self.adj))]

    def options(self) -> Iterator[NodeKayles]:
        """One option a vertex: the graph without it and its neighbours.

        >>> import networkx as nx
        >>> sorted(len(o.nodes) for o in NodeKayles(nx.path_graph(3)).options())
        [0, 1, 1]
        """
        for k, mask in enumerate(self._move_masks()):
            option = self._removing(mask)
            option._move = k
            yield option


@register_ruleset(
    "ArcKayles",
    "impartial",
    syntax="GRAPH",
    summary="Arc Kayles",
    example=".-.-.-.",
    cli="arc-kayles",
    docs="impartial",
    stored_as=("cgt.games.kayles.ArcKayles",),
)
class ArcKayles(_KaylesGame):
    """Arc Kayles: a move removes the two endpoints of an edge.

    Isolated vertices take no part and are dropped.  On a path of ``n``
    vertices this is Dawson's Kayles (the octal game ``0.07``: take two
    adjacent pins).

    >>> import networkx as nx
    >>> [ArcKayles(nx.path_graph(n)).grundy() for n in range(1, 11)]
    [0, 1, 1, 2, 0, 3, 1, 1, 0, 3]
    >>> ArcKayles(nx.complete_graph(4)).grundy(), ArcKayles(nx.empty_graph(3)).grundy()
    (0, 0)
    """

    __slots__ = ()

    def _drop_dead(self) -> None:
        if any(a == 0 for a in self.adj):
            keep = sum(1 << v for v, a in enumerate(self.adj) if a)
            adj, _ = _induced(self.adj, "." * len(self.adj), keep)
            self.nodes = [self.nodes[v] for v in _bits(keep)]
            self.adj = adj

    def describe_move(self, option: Any) -> str | None:
        """The edge removed (with its two endpoints), by the names of its endpoints.

        >>> import networkx as nx
        >>> g = ArcKayles(nx.path_graph(3))
        >>> [g.describe_move(o) for o in g.options()]
        ['remove edge (0, 1)', 'remove edge (1, 2)']
        """
        k = self._move_of(option)
        if k is None:
            return None
        u, v = _bits(self._move_masks()[k])
        return f"remove edge ({self.nodes[u]}, {self.nodes[v]})"

    def _move_masks(self) -> list[int]:
        return [1 << u | 1 << v for u in range(len(self.adj)) for v in _bits(self.adj[u]) if v > u]

    def options(self) -> Iterator[ArcKayles]:
        """One option an edge: the graph without its two endpoints.

        >>> import networkx as nx
        >>> [len(o.nodes) for o in ArcKayles(nx.path_graph(3)).options()]
        [0, 0]
        """
        for k, mask in enumerate(self._move_masks()):
            option = self._removing(mask)
            option._move = k
            yield option
