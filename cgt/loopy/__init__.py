"""Loopy games: positions that can repeat, their outcomes (with draws) and values.

>>> from cgt.loopy import GameGraph, analyse
>>> analyse(GameGraph.of([[0]], [[0]]))[0]      # dud: play never ends
Results(left_first=Winner.DRAW, right_first=Winner.DRAW)
"""

from __future__ import annotations

from .graph import GameGraph, LoopyOutcome, Results, Winner, analyse
from .positions import game_graph, loopy_outcome

__all__ = [
    "GameGraph",
    "LoopyOutcome",
    "Results",
    "Winner",
    "analyse",
    "game_graph",
    "loopy_outcome",
]
