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

from .cakes import _C as _C
from .cakes import Cutcake, Eatcake
from .cakes import _Cake as _Cake
from .cakes import _cake_move as _cake_move
from .cakes import _cake_piece as _cake_piece
from .cakes import _cake_svg as _cake_svg
from .elephants_and_rhinos import ElephantsAndRhinos
from .partizan_subtraction import PartizanSubtraction, PartizanSubtractionPosition
from .partizan_subtraction import _moves_set as _moves_set
from .pushing import Push, Shove
from .pushing import _Pushing as _Pushing
from .strip import _BLUE as _BLUE
from .strip import _CELL as _CELL
from .strip import _GREEN as _GREEN
from .strip import _RED as _RED
from .strip import _bad_char as _bad_char
from .strip import _Line as _Line
from .strip import _Strip as _Strip
from .strip import _svg as _svg
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
