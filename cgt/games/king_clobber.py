"""King Clobber: Clobber where a stone captures like a chess king, in eight directions.

A move takes one of your stones onto an opponent's stone on one of the eight
squares around it (a side or a corner), removing that stone; the square left
behind is empty.  Boards are written as for :class:`~cgt.games.Clobber`
(``x`` Left, ``o`` Right, ``.`` empty, ``#`` no square).  Stones touching only
at a corner interact, so regions join diagonally; a region of one colour is 0.
On a single row there is no corner to capture across, and the game is
Clobber itself.

This module is the whole ruleset: it declares itself to the ruleset registry
(the command line's ``king-clobber``, the docs and the tests of every ruleset
read it from there), and the one solver values it.

>>> from cgt.games.king_clobber import KingClobber
>>> KingClobber("x.|.o").value(), KingClobber("xo|ox").value(), KingClobber("xxo").value()
(*, *, ^)
>>> KingClobber("x.o|.o.").value()
v
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import solver_for
from .board import board_neighbours
from .clobber import Clobber
from .registry import register_ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ..game import Game

__all__ = ["KingClobber"]


@register_ruleset(
    "KingClobber",
    "partizan",
    syntax="BOARD",
    summary="King Clobber (captures in eight directions)",
    example="xo.|.ox|o..",
    cli="king-clobber",
    docs="boards",
)
class KingClobber(Clobber):
    """A King Clobber position: a stone captures an opponent's stone on any of the
    eight squares around it.

    Regions are the groups of stones connected through sides or corners; the
    key is the cropped board under the eight symmetries of the square.

    >>> KingClobber("x.|.o").left_options()
    [KingClobber('..|.x')]
    >>> KingClobber("x.o|o.x").components()
    [KingClobber('x|o'), KingClobber('o|x')]
    >>> KingClobber("x.o|.o.").components()      # stones meeting at a corner: one region
    [KingClobber('x.o|.o.')]
    >>> KingClobber("x.|.o").describe_move(KingClobber("..|.x"))
    'x (0, 0) takes o at (1, 1)'
    """

    __slots__ = ()
    diagonal = True

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        other = "o" if player == "x" else "x"
        around = board_neighbours(h, w, True)
        boards = []
        for i in (i for i, ch in enumerate(cells) if ch == player):
            for j in (j for j in around[i] if cells[j] == other):
                low, high = min(i, j), max(i, j)
                first, second = (".", player) if i < j else (player, ".")
                boards.append(
                    cells[:low] + first + cells[low + 1 : high] + second + cells[high + 1 :]
                )
        return boards

    def value(self) -> Game:
        """The canonical value, by the one solver over regions and keys.

        >>> KingClobber("xo|ox").value()
        *
        """
        return solver_for(KingClobber).value(self)
