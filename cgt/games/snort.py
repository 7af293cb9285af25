"""Snort: colour a vertex of a graph; neighbours never differ in colour.

Players take turns colouring an uncoloured vertex, Left blue and Right red;
whoever cannot move loses.  Two neighbours may never have different colours.
Positions, tints and keys are those of every colouring game
(:mod:`cgt.games.graph_colouring`, on the geometry of
:mod:`cgt.games.graph`); Snort adds its rules (:data:`SNORT`).

>>> import networkx as nx
>>> Snort(nx.path_graph(3)).value()
+-2
"""

from __future__ import annotations

from .base import register_cache
from .graph_colouring import COLOURING, GraphRules, _GraphGame

__all__ = ["SNORT", "Snort"]


SNORT = GraphRules(
    "Snort",
    {"L": {".": "L", "L": "L", "R": ""}, "R": {".": "R", "R": "R", "L": ""}},
    ("LL", "RR"),
)

register_cache(SNORT.clear)


@COLOURING.register("Snort", "Snort on a graph", ".-.-.")
class Snort(_GraphGame):
    """A Snort position: neighbours never have different colours.

    >>> Snort(".-.").value(), Snort("L-.").value(), Snort("L").value()
    (+-1, {1|0}, 1)
    """

    __slots__ = ()
    rules = SNORT
    _kernel_kind = 1  # the compiled engine's number for Snort
