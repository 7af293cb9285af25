"""Guaranteed scoring games: a value type with scores at the end, sums, stops and order.

:mod:`cgt.scoring.games` holds the scoring game forms (``<G^L | G^R>`` with
atoms ``∅^s`` on empty sides), their sums, conjugates, scores and text;
:mod:`cgt.scoring.order` their order modulo the guaranteed scoring games.
``cgt`` does not import this package at start: ``import cgt.scoring``.

>>> from cgt.scoring import parse_scoring, ge
>>> g = parse_scoring("<3|<^0|1>>")
>>> g.left_score, g.right_score, ge(g, "<^0|1>"), ge(3, "<^1|3>")
(3, 0, False, True)
"""

from __future__ import annotations

from .games import (
    SUM_WORK,
    ScoringGame,
    ScoringTree,
    add,
    conjugate,
    hat,
    is_guaranteed,
    number,
    parse_scoring,
    scoring_game,
    zero,
)
from .order import (
    born_by,
    compare,
    context_set,
    equal,
    ge,
    ge_by_search,
    le,
    separator,
    simplest_form,
)

__all__ = [
    "SUM_WORK",
    "ScoringGame",
    "ScoringTree",
    "add",
    "born_by",
    "compare",
    "conjugate",
    "context_set",
    "equal",
    "ge",
    "ge_by_search",
    "hat",
    "is_guaranteed",
    "le",
    "number",
    "parse_scoring",
    "scoring_game",
    "separator",
    "simplest_form",
    "zero",
]
