"""Loopy games: positions that can repeat, their outcomes (with draws) and values.

>>> from cgt.loopy import GameGraph, analyse
>>> analyse(GameGraph.of([[0]], [[0]]))[0]      # dud: play never ends
Results(left_first=Winner.DRAW, right_first=Winner.DRAW)
>>> from cgt.loopy import on, off, over
>>> on + off, over > 0
(dud, True)
"""

from __future__ import annotations

# _facade first: it fills LoopyGame's table of theory methods (cgt.loopy.values)
from . import _facade, invariants  # noqa: F401
from .graph import CompactGraph, GameGraph, LoopyOutcome, Results, Winner, analyse
from .invariants import NotIdempotent, NotStable
from .notation import parse_loopy
from .positions import compact_graph, game_graph, loopy_outcome, loopy_value
from .sided import SidedValue, SidesNotFound, parse_sided, sides
from .values import LoopyGame, NotAStopper, dud, off, on, over, under, upon

__all__ = [
    "CompactGraph",
    "GameGraph",
    "LoopyGame",
    "LoopyOutcome",
    "NotAStopper",
    "NotIdempotent",
    "NotStable",
    "Results",
    "SidedValue",
    "SidesNotFound",
    "Winner",
    "analyse",
    "compact_graph",
    "dud",
    "game_graph",
    "invariants",
    "loopy_outcome",
    "loopy_value",
    "off",
    "on",
    "over",
    "parse_loopy",
    "parse_sided",
    "sides",
    "under",
    "upon",
]
