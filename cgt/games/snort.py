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
from .graph_colouring import GraphRules, _GraphGame
from .registry import register_ruleset

__all__ = ["SNORT", "Snort"]


SNORT = GraphRules(
    "Snort",
    {"L": {".": "L", "L": "L", "R": ""}, "R": {".": "R", "R": "R", "L": ""}},
    ("LL", "RR"),
)

register_cache(SNORT.clear)


@register_ruleset(
    "Snort",
    "partizan",
    syntax="GRAPH",
    summary="Snort on a graph",
    example=".-.-.",
    cli="snort",
    docs="col_snort",
    stored_as=("cgt.games.graphs.Snort",),
    fast_path="compiled graph solver (cgt/_c/graphs.h), at most 64 vertices",
)
class Snort(_GraphGame):
    """A Snort position: neighbours never have different colours.

    >>> Snort(".-.").value(), Snort("L-.").value(), Snort("L").value()
    (+-1, {1|0}, 1)
    """

    __slots__ = ()
    rules = SNORT
    _kernel_kind = 1  # the compiled engine's number for Snort
