"""The strip, cake and heap rulesets' old home, kept so old imports and pickles work.

The rulesets once written here each live in their own module now (issue 27,
one ruleset per file on shared geometry):

* the strip geometry (``_Line``, ``_Strip``, ``_svg``, ``_bad_char``):
  :mod:`cgt.games.strip`;
* :class:`~cgt.games.toads_and_frogs.ToadsAndFrogs`:
  :mod:`cgt.games.toads_and_frogs`;
* :class:`~cgt.games.elephants_and_rhinos.ElephantsAndRhinos`:
  :mod:`cgt.games.elephants_and_rhinos`;
* :class:`~cgt.games.toppling_dominoes.TopplingDominoes` (and
  ``ToppingDominoes``): :mod:`cgt.games.toppling_dominoes`;
* :class:`~cgt.games.partizan_subtraction.PartizanSubtraction` and its
  positions: :mod:`cgt.games.partizan_subtraction`;
* :class:`~cgt.games.cakes.Cutcake` and :class:`~cgt.games.cakes.Eatcake`:
  :mod:`cgt.games.cakes`;
* :class:`~cgt.games.pushing.Push` and :class:`~cgt.games.pushing.Shove`:
  :mod:`cgt.games.pushing`.

Every name this module had is still importable from here, and a pickle
naming ``cgt.games.strips.ToadsAndFrogs`` (as written before the move) loads
the same class.  New code imports from the modules above.

>>> from cgt.games.strips import ToadsAndFrogs
>>> from cgt.games.toads_and_frogs import ToadsAndFrogs as Moved
>>> ToadsAndFrogs is Moved
True
"""

from __future__ import annotations

from .cakes import Cutcake, Eatcake, _Cake, _cake_move, _cake_piece, _cake_svg  # noqa: F401
from .elephants_and_rhinos import ElephantsAndRhinos
from .partizan_subtraction import (  # noqa: F401
    PartizanSubtraction,
    PartizanSubtractionPosition,
    _moves_set,
)
from .pushing import Push, Shove, _Pushing  # noqa: F401
from .strip import _BLUE, _CELL, _GREEN, _RED, _bad_char, _Line, _Strip, _svg  # noqa: F401
from .toads_and_frogs import ToadsAndFrogs
from .toppling_dominoes import ToppingDominoes, TopplingDominoes

__all__ = [
    "Cutcake",
    "Eatcake",
    "ElephantsAndRhinos",
    "PartizanSubtraction",
    "PartizanSubtractionPosition",
    "Push",
    "Shove",
    "ToadsAndFrogs",
    "ToppingDominoes",
    "TopplingDominoes",
]
