"""Partizan Arc Kayles and Weighted Arc Kayles: CGSuite's relatives of Arc Kayles.

* **Partizan Arc Kayles** (CGSuite's ``PartizanArcKayles``): the edges are
  blue (Left's), red (Right's) or green (either player's).  A move picks an
  edge of your colour or a green one and removes its two endpoints, with every
  edge at them.
* **Weighted Arc Kayles** (CGSuite's ``WeightedArcKayles``): every vertex
  carries a weight, a non-negative integer.  A move picks an edge whose two
  endpoints both have positive weight and takes one from each.  It is
  impartial; with every weight 1 it is :class:`~cgt.games.ArcKayles`.

Whoever cannot move loses.  The connected components (of the edges still
playable) are independent games.  A position's text is CGSuite's string form
of trees (``l`` blue, ``r`` red, ``e`` green edges, letters in a row a path,
parentheses branches) for Partizan Arc Kayles, and weights along paths for
Weighted Arc Kayles (``2-3-1``; ``;`` between separate paths).

>>> from cgt.games.arc_kayles import PartizanArcKayles, WeightedArcKayles
>>> PartizanArcKayles.parse("llr").value()
1/2
>>> WeightedArcKayles.parse("2-3-1").grundy()
1
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Any, ClassVar

from .._svg import Drawable
from ..errors import InvalidPosition, ParseError
from .base import GRAPH_COORDINATES, ImpartialPosition, Position
from .hackenbush import Hackenbush
from .registry import register_ruleset

__all__ = ["PartizanArcKayles", "WeightedArcKayles"]

_COLOUR_NAMES = {"L": "blue", "R": "red", "G": "green"}
_STROKES = {"L": "#1f5fd6", "R": "#d62020", "G": "#1a9a35", "": "#555555"}


def _sorted(items: Iterable[Any]) -> tuple[Any, ...]:
    """A tuple in a fixed order, whatever the types of the vertices."""
    return tuple(sorted(items, key=repr))


def _pieces(edges: tuple[tuple[Any, Any, str], ...]) -> list[tuple[tuple[Any, Any, str], ...]]:
    """The edges split into connected components."""
    owner: dict[Any, Any] = {}

    def find(x: Any) -> Any:
        while owner.setdefault(x, x) != x:
            owner[x] = owner[owner[x]]
            x = owner[x]
        return x

    for u, v, _ in edges:
        owner[find(u)] = find(v)
    groups: dict[Any, list[tuple[Any, Any, str]]] = {}
    for e in edges:
        groups.setdefault(find(e[0]), []).append(e)
    return [tuple(g) for g in groups.values()]


def _draw(edges: Iterable[tuple[Any, Any, str]], labels: dict[Any, str]) -> str:
    """Vertices as labelled circles, edges as lines in their colours (spring layout)."""
    import networkx as nx

    from .._svg import document, escape, num

    g = nx.Graph()
    g.add_nodes_from(labels)
    edges = list(edges)
    g.add_edges_from((u, v) for u, v, _ in edges)
    nodes = list(labels)
    layout = nx.spring_layout(g, seed=1) if len(nodes) > 1 else {v: (0.0, 0.0) for v in nodes}
    size, radius = 60.0 * max(2, len(nodes)) ** 0.5, 11.0

    def xy(v: Any) -> tuple[float, float]:
        x, y = layout[v]
        return radius + 4 + (float(x) + 1) / 2 * size, radius + 4 + (float(y) + 1) / 2 * size

    body = []
    for u, v, c in edges:
        (a, b), (p, q) = xy(u), xy(v)
        body.append(
            f'<line x1="{num(a)}" y1="{num(b)}" x2="{num(p)}" y2="{num(q)}" '
            f'stroke="{_STROKES[c]}" stroke-width="3"/>'
        )
    for v in nodes:
        x, y = xy(v)
        body.append(
            f'<g><circle cx="{num(x)}" cy="{num(y)}" r="{num(radius)}" fill="#ffffff" '
            f'stroke="#222222" stroke-width="1.5"/><text x="{num(x)}" y="{num(y)}" dy="0.35em" '
            f'font-size="9" text-anchor="middle">{escape(labels[v])}</text></g>'
        )
    side = size + 2 * radius + 8
    return document(side, side, body, background="white")


# --- Partizan Arc Kayles ---------------------------------------------------------------


def _coloured_edges(graph: Any) -> tuple[tuple[Any, Any, str], ...]:
    """``(u, v, colour)`` triples from a graph, a triple list or CGSuite's tree string."""
    if isinstance(graph, str):
        return Hackenbush.parse(graph).edges
    if hasattr(graph, "edges") and hasattr(graph, "is_directed"):
        if graph.is_directed():
            raise InvalidPosition("Partizan Arc Kayles is played on undirected graphs")
        graph = [(u, v, c) for u, v, c in graph.edges(data="color")]
    if not isinstance(graph, Iterable):
        raise InvalidPosition(
            "a Partizan Arc Kayles position is a networkx graph with edge colours, "
            f"(u, v, colour) triples or a tree string, not {type(graph).__name__}"
        )
    out = []
    for item in graph:
        if not isinstance(item, tuple) or len(item) != 3:
            raise InvalidPosition(f"an edge is a (u, v, colour) triple, not {item!r}")
        u, v, c = item
        if c not in _COLOUR_NAMES:
            raise InvalidPosition(
                f"the edge {u!r}-{v!r} has colour {c!r}; use 'L' (blue), 'R' (red) or 'G' (green)"
            )
        try:
            hash(u), hash(v)
        except TypeError:
            raise InvalidPosition(f"the vertices of {item!r} are not hashable") from None
        if u == v:
            raise InvalidPosition(f"the edge {item!r} is a loop: Arc Kayles has none")
        out.append((u, v, c))
    return tuple(out)


@register_ruleset(
    "PartizanArcKayles",
    "partizan",
    syntax="TREES",
    summary="Partizan Arc Kayles (l blue, r red, e green edges)",
    example="lrlr(ll;ree(rl;l))",
    cli="partizan-arc-kayles",
    docs="impartial",
    make="parse",
)
class PartizanArcKayles(Position, Drawable):
    """A Partizan Arc Kayles position (CGSuite's ``PartizanArcKayles``).

    ``PartizanArcKayles(graph)`` takes a networkx graph whose edges carry
    ``color`` in ``"L"`` (blue, Left's), ``"R"`` (red, Right's) or ``"G"``
    (green, either's), or a list of ``(u, v, colour)`` triples; :meth:`parse`
    reads CGSuite's tree strings.  Left removes both endpoints of a blue or
    green edge, Right of a red or green one.  With only green edges it is
    :class:`~cgt.games.ArcKayles`.

    >>> g = PartizanArcKayles([("a", "b", "L"), ("b", "c", "L"), ("c", "d", "R")])
    >>> g.value(), g.left_options()
    (1/2, [PartizanArcKayles([('c', 'd', 'R')]), PartizanArcKayles([])])
    >>> PartizanArcKayles.parse("lrlr(ll;ree(rl;l))").value()
    {3*|2*||3/2,3/2*|1/2*}
    >>> PartizanArcKayles([(1, 2, "B")])
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: the edge 1-2 has colour 'B'; use 'L' (blue), 'R' (red) or \
'G' (green)
    """

    move_coordinates: ClassVar[str] = GRAPH_COORDINATES

    __slots__ = ("edges",)

    edges: tuple[tuple[Any, Any, str], ...]
    """The edges ``(u, v, colour)`` (a position read from text numbers its vertices from 0)."""

    def __init__(self, graph: Any) -> None:
        self.edges = _coloured_edges(graph)

    @classmethod
    def parse(cls, text: str) -> PartizanArcKayles:
        """Read CGSuite's string form of trees: ``l`` blue, ``r`` red, ``e`` green.

        >>> PartizanArcKayles.parse("llr").edges
        ((0, 1, 'L'), (1, 2, 'L'), (2, 3, 'R'))
        """
        if not isinstance(text, str):
            raise InvalidPosition(
                f"PartizanArcKayles.parse() needs a str, not {type(text).__name__}"
            )
        return cls(text)

    @classmethod
    def _of(cls, edges: tuple[tuple[Any, Any, str], ...]) -> PartizanArcKayles:
        pos = object.__new__(cls)
        pos.edges = edges
        return pos

    def _options(self, colour: str) -> list[PartizanArcKayles]:
        out = []
        for u, v, c in self.edges:
            if c == colour or c == "G":
                out.append(self._of(tuple(e for e in self.edges if not {e[0], e[1]} & {u, v})))
        return out

    def left_options(self) -> list[PartizanArcKayles]:
        """Left removes the endpoints of a blue or green edge."""
        return self._options("L")

    def right_options(self) -> list[PartizanArcKayles]:
        """Right removes the endpoints of a red or green edge."""
        return self._options("R")

    def describe_move(self, option: Any) -> str | None:
        """The edge whose endpoints were removed, by its colour and its endpoints
        (every such edge, when several leave the same position).

        >>> g = PartizanArcKayles.parse("lre")
        >>> [g.describe_move(o) for o in g.left_options()]
        ['remove the blue edge (0, 1)', 'remove the green edge (2, 3)']
        >>> PartizanArcKayles.parse("lr").describe_move(PartizanArcKayles([]))
        'remove the blue edge (0, 1) or the red edge (1, 2)'
        """
        if not isinstance(option, PartizanArcKayles):
            return None
        found = []
        for u, v, c in self.edges:
            after = tuple(e for e in self.edges if not {e[0], e[1]} & {u, v})
            if _sorted(after) == _sorted(option.edges):
                found.append(f"the {_COLOUR_NAMES[c]} edge {(u, v)!r}")
        return "remove " + " or ".join(found) if found else None

    def components(self) -> list[PartizanArcKayles]:
        """The connected components."""
        parts = _pieces(self.edges)
        return [self] if len(parts) == 1 else [self._of(p) for p in parts]

    def key(self) -> Hashable:
        """The edges in a fixed order (vertices keep their names)."""
        return _sorted((*sorted((u, v), key=repr), c) for u, v, c in self.edges)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, PartizanArcKayles)
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"PartizanArcKayles({list(self.edges)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (PartizanArcKayles, (list(self.edges),))

    def _draw_svg(self) -> str:
        labels: dict[Any, str] = {}
        for u, v, _ in self.edges:
            labels.setdefault(u, str(u))
            labels.setdefault(v, str(v))
        return _draw(self.edges, labels)


# --- Weighted Arc Kayles ----------------------------------------------------------------


def _read_weights(graph: Any, weights: Any) -> tuple[tuple[tuple[Any, Any], ...], dict[Any, int]]:
    if hasattr(graph, "edges") and hasattr(graph, "is_directed"):
        if graph.is_directed():
            raise InvalidPosition("Weighted Arc Kayles is played on undirected graphs")
        if weights is None:
            weights = dict(graph.nodes(data="weight"))
        pairs = list(graph.edges())
    elif isinstance(graph, Iterable) and not isinstance(graph, (str, bytes)):
        pairs = list(graph)
    else:
        raise InvalidPosition(
            "a Weighted Arc Kayles position is a networkx graph or a list of edges with "
            f"weights (WeightedArcKayles.parse reads text), not {type(graph).__name__}"
        )
    if not isinstance(weights, dict):
        raise InvalidPosition(f"the weights are a dict from vertex to int, not {weights!r}")
    edges = []
    for pair in pairs:
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise InvalidPosition(f"an edge is a (u, v) pair, not {pair!r}")
        u, v = pair
        if u == v:
            raise InvalidPosition(f"the edge {pair!r} is a loop: Arc Kayles has none")
        for x in (u, v):
            w = weights.get(x)
            if isinstance(w, bool) or not isinstance(w, int) or w < 0:
                raise InvalidPosition(f"vertex {x!r} needs a non-negative int weight, not {w!r}")
        edges.append((u, v))
    return tuple(edges), {x: w for x, w in weights.items() if any(x in e for e in edges)}


@register_ruleset(
    "WeightedArcKayles",
    "impartial",
    syntax="WEIGHTS",
    summary="Weighted Arc Kayles (vertex weights along paths: 2-3-1)",
    example="2-3-1;1-2",
    cli="weighted-arc-kayles",
    docs="impartial",
    make="parse",
)
class WeightedArcKayles(ImpartialPosition, Drawable):
    """A Weighted Arc Kayles position (CGSuite's ``WeightedArcKayles``).

    ``WeightedArcKayles(graph, weights)`` takes a networkx graph (its nodes'
    ``weight`` attribute when ``weights`` is not given) or a list of edges
    ``(u, v)``, and the weights, a dict from vertex to non-negative int.  A
    move picks an edge whose two endpoints have positive weight and takes one
    from each; vertices of weight 0 are out of play.  :meth:`parse` reads paths
    of weights.

    >>> g = WeightedArcKayles([("a", "b"), ("b", "c")], {"a": 1, "b": 2, "c": 1})
    >>> g.grundy(), g.options()
    (0, [WeightedArcKayles([('b', 'c')], {'b': 1, 'c': 1}), \
WeightedArcKayles([('a', 'b')], {'a': 1, 'b': 1})])
    >>> WeightedArcKayles([(1, 2)], {1: 1, 2: -1})
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: vertex 2 needs a non-negative int weight, not -1
    """

    move_coordinates: ClassVar[str] = GRAPH_COORDINATES

    __slots__ = ("edges", "weights")

    edges: tuple[tuple[Any, Any], ...]
    """The edges still playable: both endpoints of positive weight."""
    weights: dict[Any, int]
    """The weights of the vertices of those edges."""

    def __init__(self, graph: Any, weights: dict[Any, int] | None = None) -> None:
        edges, found = _read_weights(graph, weights)
        self._set(edges, found)

    def _set(self, edges: tuple[tuple[Any, Any], ...], weights: dict[Any, int]) -> None:
        live = tuple(e for e in edges if weights[e[0]] and weights[e[1]])
        self.edges = live
        self.weights = {x: w for x, w in weights.items() if any(x in e for e in live)}

    @classmethod
    def parse(cls, text: str) -> WeightedArcKayles:
        """Paths of weights: ``2-3-1`` is a path of three vertices weighing 2, 3 and 1;
        ``;`` separates paths.  Vertices are numbered from 0 in the order written.

        >>> WeightedArcKayles.parse("2-3;1-1")
        WeightedArcKayles([(0, 1), (2, 3)], {0: 2, 1: 3, 2: 1, 3: 1})
        >>> WeightedArcKayles.parse("2-x")
        Traceback (most recent call last):
        ...
        cgt.errors.ParseError: a weight is a non-negative integer, not 'x' at position 2
          2-x
            ^
        """
        if not isinstance(text, str):
            raise InvalidPosition(
                f"WeightedArcKayles.parse() needs a str, not {type(text).__name__}"
            )
        edges: list[tuple[Any, Any]] = []
        weights: dict[Any, int] = {}
        at = 0
        for path in text.split(";"):
            previous = None
            for word in path.split("-"):
                start = at + len(word) - len(word.lstrip())
                if not word.strip().isdigit():
                    raise ParseError(
                        f"a weight is a non-negative integer, not {word.strip()!r}", text, start
                    )
                vertex = len(weights)
                weights[vertex] = int(word)
                if previous is not None:
                    edges.append((previous, vertex))
                previous = vertex
                at += len(word) + 1
        return cls(edges, weights)

    @classmethod
    def _of(cls, edges: tuple[tuple[Any, Any], ...], weights: dict[Any, int]) -> WeightedArcKayles:
        pos = object.__new__(cls)
        pos._set(edges, weights)
        return pos

    def options(self) -> Iterator[WeightedArcKayles]:
        """One option an edge: one taken from the weight of each endpoint.

        >>> [o.weights for o in WeightedArcKayles.parse("1-2").options()]
        [{}]
        """
        for u, v in self.edges:
            weights = dict(self.weights)
            weights[u] -= 1
            weights[v] -= 1
            yield self._of(self.edges, weights)

    def describe_move(self, option: Any) -> str | None:
        """The edge played, by its endpoints.

        >>> g = WeightedArcKayles.parse("1-2-1")
        >>> [g.describe_move(o) for o in g.options()]
        ['play the edge (0, 1)', 'play the edge (1, 2)']
        """
        if not isinstance(option, WeightedArcKayles):
            return None
        for u, v in self.edges:
            weights = dict(self.weights)
            weights[u] -= 1
            weights[v] -= 1
            if self._of(self.edges, weights) == option:
                return f"play the edge {(u, v)!r}"
        return None

    def components(self) -> list[WeightedArcKayles]:
        """The connected components of the playable edges."""
        parts = _pieces(tuple((u, v, "") for u, v in self.edges))
        if len(parts) == 1:
            return [self]
        return [self._of(tuple((u, v) for u, v, _ in p), self.weights) for p in parts]

    def key(self) -> Hashable:
        """The playable edges and their vertices' weights, in a fixed order."""
        edges = _sorted(_sorted(e) for e in self.edges)
        return (edges, _sorted(self.weights.items()))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, WeightedArcKayles)
        return self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"WeightedArcKayles({list(self.edges)!r}, {self.weights!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (WeightedArcKayles, (list(self.edges), dict(self.weights)))

    def _draw_svg(self) -> str:
        return _draw(
            ((u, v, "") for u, v in self.edges), {x: str(w) for x, w in self.weights.items()}
        )
