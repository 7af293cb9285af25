"""Fjords: claim a vertex of your own territory; its free neighbours become yours.

CGSuite's ``game.graph.Fjords`` (``GenCol([Left], [Right])``, the colouring
schema of Col and Snort with other permissions).  Each vertex of a graph is
Left's (``L``), Right's (``R``) or nobody's yet (``.``).  A player plays on a
vertex of their own: it is removed, each neighbour of nobody's becomes the
player's, and each neighbour of the opponent's is removed too.  Only the
player's own vertices are playable, so territory grows from where a player
already stands, and meeting the other side destroys the frontier.

Graphs are written as for :class:`~cgt.games.Col` (``L-.-.-R``, or a
``networkx.Graph`` whose node attribute ``tint`` is ``None``, ``"L"`` or
``"R"``); here the letters mean whose vertex it is.

>>> Fjords("L-.").value(), Fjords("L-R").value(), Fjords("L-.-.-R").value()
(2, *, *)
>>> Fjords("L-.-.").value()
3
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

from .._svg import Drawable
from .base import GRAPH_COORDINATES, Position, solver_for
from .graph import (
    _bits,
    _components,
    _induced,
    _label,
    _read_graph,
    canonical_key,
    format_graph,
    graph_svg,
    node_coordinates,
)
from .registry import register_ruleset

__all__ = ["Fjords"]


@register_ruleset(
    "Fjords",
    "partizan",
    syntax="GRAPH",
    summary="Fjords on a graph (L-.-R syntax: whose vertex each is)",
    example="L-.-.-.-R;.-L",
    cli="fjords",
    docs="col_snort",
)
class Fjords(Position, Drawable):
    """A Fjords position: a graph whose vertices are Left's, Right's or nobody's.

    The connected components are independent games; one with no vertex of
    either player's is over (0).  A component is keyed by the canonical
    labelling Col and Snort use (:func:`~cgt.games.graph.canonical_key`).

    >>> g = Fjords("L-.-R")
    >>> g.left_options(), g.right_options()
    ([Fjords('v0:L-v1:R')], [Fjords('v0:L-v1:R')])
    >>> [g.describe_move(o) for o in g.left_options()]
    ['play vertex 0 (Left)']
    >>> Fjords("a:L-.-.-a").value()       # a triangle
    3
    """

    move_coordinates: ClassVar[str] = GRAPH_COORDINATES

    __slots__ = ("_where", "adj", "nodes", "tints")

    nodes: list[Hashable]
    adj: tuple[int, ...]
    tints: str
    _where: dict[Hashable, tuple[float, float]] | None

    def __init__(self, graph: Any = "") -> None:
        self.nodes, self.adj, self.tints = _read_graph(graph, "Fjords")
        self._where = None if isinstance(graph, str) else node_coordinates(graph)

    @classmethod
    def _make(
        cls,
        nodes: list[Hashable],
        adj: tuple[int, ...],
        tints: str,
        where: dict[Hashable, tuple[float, float]] | None,
    ) -> Fjords:
        position = object.__new__(cls)
        position.nodes, position.adj, position.tints, position._where = nodes, adj, tints, where
        return position

    # --- moves -----------------------------------------------------------------------
    def _keeping(self, alive: int, tints: str) -> Fjords:
        adj, kept = _induced(self.adj, tints, alive)
        return self._make([self.nodes[v] for v in _bits(alive)], adj, kept, self._where)

    def _play(self, v: int, player: str) -> Fjords:
        """The position after ``player`` (``L`` or ``R``) plays on vertex ``v``."""
        other = "R" if player == "L" else "L"
        tints = list(self.tints)
        gone = 1 << v
        for u in _bits(self.adj[v]):
            if tints[u] == ".":
                tints[u] = player
            elif tints[u] == other:
                gone |= 1 << u
        alive = ((1 << len(self.adj)) - 1) & ~gone
        return self._keeping(alive, "".join(tints))

    def left_options(self) -> list[Fjords]:
        """The positions after Left plays on one of her vertices.

        >>> Fjords("L-.-R").left_options()
        [Fjords('v0:L-v1:R')]
        """
        return [self._play(v, "L") for v, t in enumerate(self.tints) if t == "L"]

    def right_options(self) -> list[Fjords]:
        """The positions after Right plays on one of his vertices.

        >>> Fjords("L-.;R").right_options()
        [Fjords('v0:L-v1:.')]
        """
        return [self._play(v, "R") for v, t in enumerate(self.tints) if t == "R"]

    def describe_move(self, option: Any) -> str | None:
        """The vertex played, by its name in the graph, and who played it.

        >>> g = Fjords("L-.-L")
        >>> [g.describe_move(o) for o in g.left_options()]
        ['play vertex 0 (Left)', 'play vertex 2 (Left)']
        """
        if type(option) is not type(self):
            return None
        for player, side in (("L", "Left"), ("R", "Right")):
            for v, t in enumerate(self.tints):
                if t == player and self._play(v, player) == option:
                    return f"play vertex {_label(self.nodes[v])} ({side})"
        return None

    # --- structure -------------------------------------------------------------------
    def _parts(self) -> list[int]:
        """The live connected components, as masks (those with a player's vertex)."""
        n = len(self.adj)
        claimed = sum(1 << v for v, t in enumerate(self.tints) if t != ".")
        return [part for part in _components(self.adj, (1 << n) - 1) if part & claimed]

    def components(self) -> list[Fjords]:
        """The connected components where someone can still play.

        >>> Fjords("L-.;.-.;R").components()
        [Fjords('v0:L-v1:.'), Fjords('v0:R')]
        """
        n = len(self.adj)
        parts = self._parts()
        if len(parts) == 1 and parts[0] == (1 << n) - 1:
            return [self]
        return [self._keeping(part, self.tints) for part in parts]

    def key(self) -> Hashable:
        """Equal for isomorphic graphs with the same owners (the live components' keys).

        >>> Fjords("L-.-R").key() == Fjords("R-.-L").key(), Fjords("L-.").key() == Fjords(
        ...     "R-.").key()
        (True, False)
        """
        keys = [
            repr(canonical_key(*_induced(self.adj, self.tints, part))) for part in self._parts()
        ]
        return tuple(sorted(keys))

    def value(self) -> Any:
        """The canonical value, by the one solver over components and keys.

        >>> Fjords("R-.-.").value()
        -3
        """
        return solver_for(Fjords).value(self)

    # --- display and identity -------------------------------------------------------------
    def __str__(self) -> str:
        return format_graph(self.adj, self.tints)

    def __repr__(self) -> str:
        return f"Fjords({format_graph(self.adj, self.tints)!r})"

    def _draw_svg(self) -> str:
        where = self._where
        coords = [where[v] for v in self.nodes] if where is not None else None
        return graph_svg(self.adj, self.tints, [_label(v) for v in self.nodes], coordinates=coords)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Fjords)
        return (self.nodes, self.adj, self.tints) == (other.nodes, other.adj, other.tints)

    def __hash__(self) -> int:
        return hash(("Fjords", tuple(self.nodes), self.adj, self.tints))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.nodes, self.adj, self.tints))


def _rebuild(nodes: list[Hashable], adj: tuple[int, ...], tints: str) -> Fjords:
    """Unpickle a position (its vertices keep their names)."""
    return Fjords._make(list(nodes), tuple(adj), tints, None)
