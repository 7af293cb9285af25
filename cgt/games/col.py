"""Col: colour a vertex of a graph; neighbours never share a colour.

Players take turns colouring an uncoloured vertex, Left blue and Right red;
whoever cannot move loses.  Two neighbours may never have the same colour.
Positions, tints and keys are those of every colouring game
(:mod:`cgt.games.graph_colouring`, on the geometry of
:mod:`cgt.games.graph`); Col adds its rules (:data:`COL`) and the closed
form of its paths (:func:`col_path_value`).

>>> import networkx as nx
>>> Col(nx.path_graph(3)).value()
0
>>> Col("L-.").value(), Col("L").value(), Col(".").value()
(1/2, 1, *)
>>> Col("a:.-.-.-.-a").value()                 # the 4-cycle, in the string syntax
0
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from .base import register_cache
from .graph_colouring import COLOURING, GraphRules, _GraphGame

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["COL", "Col", "col_path_value"]


def col_path_value(seq: str) -> Game | None:
    """The Col value of a path with tint sequence ``seq``, in closed form when its
    interior is untinted (``None`` otherwise).

    A single vertex is ``*`` untinted, ``1`` if only Left may colour it, ``-1``
    if only Right may.  A longer path is worth ``e(first) + e(last)`` with
    ``e(".") = 0``, ``e("L") = 1/2``, ``e("R") = -1/2``.

    Proof, by induction on the length: every move leaves at most two paths
    whose interiors are untinted again (the new ends take the tints), so the
    options' values are given by the formula.  They depend only on the end
    tints of the pieces and on whether a piece has 0, 1 or more vertices; a
    move at vertex ``i`` gives a left piece of that kind for ``i <= 2`` and one
    of at least two vertices otherwise (likewise on the right).  So from 8
    vertices on, every path with the same end tints has the same *set* of
    option values, hence the same value; the tests check the formula against
    the full search on every such path of 1 to 10 vertices, which covers the
    induction from 8 on.  (Paths of untinted vertices are 0 from two vertices
    on: the familiar fact that Col on a strip is a second-player win.)

    >>> [str(col_path_value(s)) for s in [".", "L", "..", "L...", "L..L", "L..R", "R.R"]]
    ['*', '1', '0', '1/2', '1', '0', '-1']
    >>> col_path_value("L.L.") is None    # an interior tint: searched instead
    True
    """
    from ..dyadic import Dyadic
    from ..game import nimber, number

    if len(seq) == 1:
        return nimber(1) if seq == "." else number(1 if seq == "L" else -1)
    if seq[1:-1].count(".") != len(seq) - 2:
        return None
    return number(Dyadic(_COL_END[seq[0]] + _COL_END[seq[-1]]))


_COL_END = {".": Fraction(0), "L": Fraction(1, 2), "R": Fraction(-1, 2)}


COL = GraphRules(
    "Col",
    {"L": {".": "R", "R": "R", "L": ""}, "R": {".": "L", "L": "L", "R": ""}},
    ("LR", "RL"),
    col_path_value,
)

register_cache(COL.clear)


@COLOURING.register("Col", "Col on a graph (L-.-R syntax)", "L-.-.-R")
class Col(_GraphGame):
    """A Col position: neighbours never share a colour.

    ``Col(graph)`` takes a ``networkx.Graph`` (node attribute ``tint`` in
    ``None, "L", "R"``) or a graph string (see :func:`parse_graph`).

    >>> Col(".-.").value(), Col("L-.-R").value(), Col("L-.-L").value()
    (0, 0, 1)
    >>> import networkx as nx
    >>> g = nx.cycle_graph(5); g.nodes[0]["tint"] = "L"
    >>> Col(g).value()
    0
    """

    __slots__ = ()
    rules = COL
    _kernel_kind = 0  # the compiled engine's number for Col
