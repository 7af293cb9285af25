"""Clobber: move a stone onto an adjacent opponent's stone, capturing it.

Move one of your stones orthogonally onto an adjacent opponent's stone,
which is removed; the square left behind is empty.  The board, its regions
and keys are :mod:`cgt.games.board`'s; :mod:`cgt.games.king_clobber`
captures in eight directions.

>>> Clobber("xo").value(), Clobber("xoo").value(), Clobber("xo|ox").value()
(*, v, *)
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

__all__ = ["Clobber"]


@STONES.register("Clobber", "Clobber (x Left, o Right)", "xo.|.ox")
class Clobber(_StoneBoard):
    """A Clobber position: move a stone onto an adjacent opponent's stone, capturing it.

    Regions are the groups of orthogonally connected stones; a group of one
    colour only is 0 and is dropped.  Empty and missing squares play alike.

    >>> Clobber("xo").value(), Clobber("xxo").value(), Clobber("xoxo").value()
    (*, ^, +-{*,^})
    >>> Clobber("x.o|o.x").components()
    [Clobber('x|o'), Clobber('o|x')]
    >>> Clobber("xo.").key() == Clobber("#|o|x").key()   # cropped, turned
    True
    >>> Clobber("xo|ox").right_options()
    [Clobber('x.|oo'), Clobber('o.|ox'), Clobber('oo|.x'), Clobber('xo|.o')]
    """

    __slots__ = ()
    links = "xo"
    filler = "."

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells and "o" in cells

    @staticmethod
    def _normal(cells: str) -> str:
        return cells.replace(".", "#")

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (0, 0) takes o at (0, 1)``.

        >>> Clobber("xo|ox").describe_move(Clobber("o.|ox"))
        'o (0, 1) takes x at (0, 0)'
        """
        if len(changed) != 2:
            return None
        (i, a, b), (j, c, d) = changed
        if (a, b) == (c, d) or {a, b, c, d} != {"x", "o", "."}:
            return None
        if b == ".":  # the stone moved from i onto j
            return f"{a} {self._at(i)} takes {c} at {self._at(j)}"
        return f"{c} {self._at(j)} takes {a} at {self._at(i)}"

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        other = _OTHER[player]
        out = []
        for i, ch in enumerate(cells):
            if ch != player:
                continue
            r, c = divmod(i, w)
            for dr, dc in _ORTHOGONAL:
                rr, cc = r + dr, c + dc
                if 0 <= rr < h and 0 <= cc < w and cells[rr * w + cc] == other:
                    board = list(cells)
                    board[i] = "."
                    board[rr * w + cc] = player
                    out.append("".join(board))
        return list(dict.fromkeys(out))

    @staticmethod
    def _bit_options(state: _BitState, left: bool) -> list[_BitState]:
        """The states after a capture (as :meth:`_moves`, on bitboards)."""
        h, w, xs, os_, squares = state
        mine, theirs = (xs, os_) if left else (os_, xs)
        out: list[tuple[int, int, int]] = []  # (mine, theirs, squares)
        for d, m in _bit_steps(h, w, False):
            # the stones whose neighbour in direction d is the opponent's
            src = mine & (((theirs & m) >> d) if d > 0 else ((theirs & m) << -d))
            while src:
                s = src & -src
                src ^= s
                t = s << d if d > 0 else s >> -d
                out.append((mine ^ s | t, theirs ^ t, squares))
        return _bit_sides(h, w, out, left)
