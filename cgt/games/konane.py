"""Konane: jump over an adjacent opponent's stone into an empty square.

Jump one of your stones orthogonally over an adjacent opponent's stone into
the empty square beyond, removing the jumped stone; further jumps in the
same straight line may continue the move (every prefix of such a multi-jump
is a move too).  The board, its regions and keys are
:mod:`cgt.games.board`'s.

>>> Konane("xo.").value(), Konane("xo.o.").value()
(1, 1)
"""

from __future__ import annotations

from .board import (
    _ORTHOGONAL,
    _OTHER,
    STONES,
    _bit_sides,
    _bit_steps,
    _BitState,
    _StoneBoard,
)

__all__ = ["Konane"]


@STONES.register("Konane", "Konane", "xo.o.|.x..x")
class Konane(_StoneBoard):
    """A Konane position: jump over an adjacent opponent's stone into an empty square.

    Multiple jumps in one straight line are one move, and every prefix of a
    multi-jump is a move too.  Regions are the orthogonally connected parts
    of the board's squares (``x``, ``o`` and ``.``): no jump crosses a
    missing square.  A region without stones of both colours is 0 and is
    dropped.  (Konane regions split no further here: an empty square can be
    filled by a jump, so stones of one group can reach another.)

    >>> Konane("xo.").value(), Konane("ox.").value(), Konane("x.o|o.x").value()
    (1, -1, 0)
    >>> Konane("xo.o.").left_options()
    [Konane('..xo.'), Konane('....x')]
    """

    __slots__ = ()

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells and "o" in cells

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (0, 0) jumps to (0, 2), taking o at (0, 1)``; several stones in a multi-jump.

        >>> k = Konane("xo.o.")
        >>> [k.describe_move(o) for o in k.left_options()]
        ['x (0, 0) jumps to (0, 2), taking o at (0, 1)', \
'x (0, 0) jumps to (0, 4), taking o at (0, 1) and (0, 3)']
        """
        landed = [i for i, a, b in changed if a == "." and b in "xo"]
        if len(landed) != 1:
            return None
        to = landed[0]
        piece = next(b for i, _, b in changed if i == to)
        starts = [i for i, a, b in changed if a == piece and b == "."]
        taken = [i for i, a, b in changed if a == _OTHER[piece] and b == "."]
        if len(starts) != 1 or not taken or len(taken) + 2 != len(changed):
            return None
        start = starts[0]
        taken.sort(key=lambda i: abs(i - start))
        squares = [self._at(i) for i in taken]
        where = squares[0] if len(squares) == 1 else ", ".join(squares[:-1]) + " and " + squares[-1]
        return (
            f"{piece} {self._at(start)} jumps to {self._at(to)}, taking {_OTHER[piece]} at {where}"
        )

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        other = _OTHER[player]
        out = []
        for i, ch in enumerate(cells):
            if ch != player:
                continue
            r, c = divmod(i, w)
            for dr, dc in _ORTHOGONAL:
                board = list(cells)
                board[i] = "."
                k = 1
                while True:
                    r1, c1 = r + (2 * k - 1) * dr, c + (2 * k - 1) * dc
                    r2, c2 = r + 2 * k * dr, c + 2 * k * dc
                    if not (0 <= r2 < h and 0 <= c2 < w):
                        break
                    if cells[r1 * w + c1] != other or cells[r2 * w + c2] != ".":
                        break
                    board[r1 * w + c1] = "."
                    landing = list(board)
                    landing[r2 * w + c2] = player
                    out.append("".join(landing))
                    k += 1
        return list(dict.fromkeys(out))

    @staticmethod
    def _bit_options(state: _BitState, left: bool) -> list[_BitState]:
        """The states after a (multi-)jump (as :meth:`_moves`, on bitboards)."""
        h, w, xs, os_, squares = state
        mine, theirs = (xs, os_) if left else (os_, xs)
        empty = squares & ~(xs | os_)
        out: list[tuple[int, int, int]] = []  # (mine, theirs, squares)
        for d, m in _bit_steps(h, w, False):
            # the stones that can jump at least once in direction d
            if d > 0:
                rest = mine & ((theirs & m) >> d) & ((((empty & m) >> d) & m) >> d)
            else:
                rest = mine & ((theirs & m) << -d) & ((((empty & m) << -d) & m) << -d)
            while rest:
                s = rest & -rest
                rest ^= s
                cur, gone = s, theirs
                while True:
                    over = ((cur << d) if d > 0 else (cur >> -d)) & m
                    if not over & theirs:
                        break
                    land = ((over << d) if d > 0 else (over >> -d)) & m
                    if not land & empty:
                        break
                    gone ^= over
                    out.append((mine ^ s | land, gone, squares))
                    cur = land
        return _bit_sides(h, w, out, left)
