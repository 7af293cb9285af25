"""Diskonnect: capture by jumping, and pay for your capturable stones when you cannot.

A scoring game of the Scoring Games Calculator (J. P. Neto,
``jpneto/ScoringGames``, ``Diskonnect.hs``).  On a board of Left's stones
``x`` and Right's ``o``, every move captures: a stone jumps along a row or
column over an adjacent enemy stone onto the empty square just beyond,
removing it, and may jump on over more enemy stones in the same direction
(stopping after any jump).  Each stone taken is a point (to Left: up; to
Right: down).

The end, stated precisely: when the player to move has no capture, the
game ends, and she pays a penalty of one point for each of her *dead*
stones: her stones that her opponent could capture by some sequence of his
own captures, played one after another with her never moving.  So with
``p`` points won, Left's atom (Left to move, no capture) is ``p`` less the
number of Left's dead stones, and Right's atom is ``p`` plus the number of
Right's.  This is the calculator's rule (its ``computeScore`` and
``captureFill``): a stone counts when some line of the opponent's
captures takes it.

Points already won are part of the position (``"2: x.o"``), as in the
calculator: see :mod:`cgt.games.scoring_board`.

>>> Diskonnect("...|..o|xo.").value()          # the calculator guide's example
<<2|^2>|^2>
"""

from __future__ import annotations

from .. import _cache
from .base import register_cache
from .registry import register_ruleset
from .scoring_board import CaptureBoard, jumps

__all__ = ["Diskonnect", "dead_stones"]

_dead: _cache.BoundedCache[tuple[int, int, str, str], int] = _cache.BoundedCache(
    "games.diskonnect.dead"
)
register_cache(_dead.clear)


def dead_stones(h: int, w: int, cells: str, player: str) -> int:
    """How many of ``player``'s stones the opponent could capture by moving alone.

    Every sequence of the opponent's captures (with ``player`` never moving)
    is tried; a stone of ``player`` is dead if one of them takes it.

    >>> dead_stones(1, 5, "xo.o.", "o")       # x takes both, in one move or two
    2
    >>> dead_stones(1, 4, "x.ox", "x")         # o cannot jump either x
    0
    """
    found = _dead.get((h, w, cells, player))
    if found is not None:
        return found
    opponent = "o" if player == "x" else "x"
    mine = {i for i, ch in enumerate(cells) if ch == player}
    taken: set[int] = set()
    seen = {cells}
    todo = [cells]
    while todo:
        board = todo.pop()
        for after, _ in jumps(h, w, board, opponent):
            if after not in seen:
                seen.add(after)
                todo.append(after)
                taken.update(i for i in mine if after[i] != player)
    _dead[(h, w, cells, player)] = len(taken)
    return len(taken)


@register_ruleset(
    "Diskonnect",
    "scoring",
    syntax="BOARD",
    summary="Diskonnect, a scoring game (x Left, o Right; POINTS: BOARD)",
    example="...|..o|xo.",
    cli="diskonnect",
    docs="scoring",
    samples=lambda: [Diskonnect("2: xo.o.|.ox..")],
)
class Diskonnect(CaptureBoard):
    """A Diskonnect position: the board and the points won so far (``"2: x.o"``).

    >>> d = Diskonnect("...|..o|xo.")
    >>> d.left_options(), d.right_atom()
    ([Diskonnect('1: ...|..o|..x')], 2)
    """

    __slots__ = ()

    def _moves(self, player: str) -> list[tuple[str, int]]:
        return jumps(self.h, self.w, self.cells, player)

    def left_atom(self) -> int:
        """The points won, less Left's dead stones (:func:`dead_stones`).

        >>> Diskonnect("1: ox.").left_atom()      # o could jump x
        0
        """
        return self.points - dead_stones(self.h, self.w, self.cells, "x")

    def right_atom(self) -> int:
        """The points won, plus Right's dead stones.

        >>> Diskonnect("xo.o.").right_atom()
        2
        """
        return self.points + dead_stones(self.h, self.w, self.cells, "o")
