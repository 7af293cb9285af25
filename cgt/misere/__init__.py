"""Misère play of partizan games: game forms, universes, comparison and simplest forms.

:mod:`cgt.misere.forms` holds the game forms (trees) with sums, conjugates and
misère outcomes; :mod:`cgt.misere.universes` the universes of games (all
forms, the dicots, the dead-ending games) modulo which forms are compared;
:mod:`cgt.misere.dead_ends` the dead ends (Davies' factorisations);
:mod:`cgt.misere.quotient` the misère quotients of closed families of
partizan games (:func:`partizan_quotient_of`).

>>> from cgt.misere import parse_form
>>> parse_form("{*|0}").misere_outcome()
Outcome.L
"""

from __future__ import annotations

from . import full  # registers the universe of all forms, first: universes() lists it first

# isort: split
from . import dicot  # registers the dicot universe

# isort: split
from . import dead_ending, dead_ends  # registers the dead-ending universe, third
from .forms import (
    Form,
    conjugate,
    form,
    integer,
    nim_heap,
    outcome_ge,
    parse_form,
    star,
    sum_outcome,
    zero,
)
from .quotient import LOSING_MOVE, PartizanQuotient, partizan_quotient_of
from .universes import (
    Universe,
    compare,
    register_universe,
    simplest_form,
    universe,
    universes,
)

__all__ = [
    "LOSING_MOVE",
    "Form",
    "PartizanQuotient",
    "Universe",
    "compare",
    "conjugate",
    "dead_ending",
    "dead_ends",
    "dicot",
    "form",
    "full",
    "integer",
    "nim_heap",
    "outcome_ge",
    "parse_form",
    "partizan_quotient_of",
    "register_universe",
    "simplest_form",
    "star",
    "sum_outcome",
    "universe",
    "universes",
    "zero",
]
