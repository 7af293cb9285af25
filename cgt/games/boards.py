"""The stone rulesets' old home, kept so old imports and pickles work.

Clobber, Konane, Fission and Amazons were written here; each lives in its own
module now (issue 27, one ruleset per file on shared geometry):

* the stone-board geometry (:func:`~cgt.games.board.parse_board`,
  :func:`~cgt.games.board.board_lines`, ``_StoneBoard``, cropping, the
  symmetries of the rectangle, neighbour lists, pictures) and the bitboard
  representation (:func:`~cgt.games.board.bit_state`, ``_bit_regions``,
  ``_bit_key``, ``_bit_rules``): :mod:`cgt.games.board`;
* :class:`~cgt.games.clobber.Clobber`: :mod:`cgt.games.clobber`;
* :class:`~cgt.games.konane.Konane`: :mod:`cgt.games.konane`;
* :class:`~cgt.games.fission.Fission`: :mod:`cgt.games.fission`;
* :class:`~cgt.games.amazons.Amazons`: :mod:`cgt.games.amazons`.

Every name this module had is still importable from here, and a pickle
naming ``cgt.games.boards.Clobber`` (as written before the move) loads the
same class.  New code imports from the modules above.

>>> from cgt.games.boards import Clobber
>>> from cgt.games.clobber import Clobber as Moved
>>> Clobber is Moved
True
"""

from __future__ import annotations

from .amazons import Amazons
from .board import _B as _B
from .board import _BIT_RULES as _BIT_RULES
from .board import _KERNEL_KINDS as _KERNEL_KINDS
from .board import _LANES as _LANES
from .board import _NEIGHBOURS as _NEIGHBOURS
from .board import _ORTHOGONAL as _ORTHOGONAL
from .board import _OTHER as _OTHER
from .board import _QUEEN as _QUEEN
from .board import _SPREAD as _SPREAD
from .board import _UNPACK as _UNPACK
from .board import _bit_key as _bit_key
from .board import _bit_moves as _bit_moves
from .board import _bit_regions as _bit_regions
from .board import _bit_rules as _bit_rules
from .board import _BitKey as _BitKey
from .board import _BitRules as _BitRules
from .board import _BitState as _BitState
from .board import _board_svg as _board_svg
from .board import _clear_bit_keys as _clear_bit_keys
from .board import _key_state as _key_state
from .board import _lane_tables as _lane_tables
from .board import _rows as _rows
from .board import _spread as _spread
from .board import _StoneBoard as _StoneBoard
from .board import bit_cells as bit_cells
from .board import bit_state as bit_state
from .board import board_images, board_lines, board_neighbours, crop_board, parse_board
from .clobber import Clobber
from .fission import Fission
from .konane import Konane

# renamed when they became the shared helpers of every board ruleset
_crop = crop_board
_images = board_images
_neighbours = board_neighbours

__all__ = [
    "Amazons",
    "Clobber",
    "Fission",
    "Konane",
    "board_lines",
    "parse_board",
]
