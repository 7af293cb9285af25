"""Fission: split a stone in two, Left vertically, Right horizontally.

``x`` stones only.  Left splits a stone into its two vertical neighbours,
Right into its two horizontal neighbours; both must be empty squares of the
board, and the stone's own square becomes empty.  The board, its regions
and keys are :mod:`cgt.games.board`'s.

>>> Fission(".|x|.").value(), Fission(".x.").value()
(1, -1)
"""

from __future__ import annotations

from .board import STONES, _BitState, _StoneBoard
from .grid import masks

__all__ = ["Fission"]


@STONES.register("Fission", "Fission", ".x.|...")
class Fission(_StoneBoard):
    """A Fission position: split a stone in two, Left vertically, Right horizontally.

    Both neighbours must be empty squares of the board.  Only ``x``, ``.``
    and ``#`` may appear.  Regions are the orthogonally connected parts of
    the board's squares: a split touches only the stone and its neighbours.
    A region without a stone or without an empty square is 0 and is dropped.
    Keys use the reflections and the half turn only (a transposed board has
    the negated value).

    >>> Fission(".|x|.").value(), Fission(".x.").value(), Fission("x|.|.").value()
    (1, -1, 0)
    >>> Fission(".x.|...").right_options()
    [Fission('x.x|...')]
    >>> Fission(".|x|.").key() == Fission(".x.").key()
    False
    """

    __slots__ = ()
    letters = "x.#"
    links = "x."
    transposes = False

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells and "." in cells

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (1, 1) splits vertically into (0, 1) and (2, 1)`` (or horizontally).

        >>> Fission(".x.").describe_move(Fission("x.x"))
        'x (0, 1) splits horizontally into (0, 0) and (0, 2)'
        """
        if len(changed) != 3:
            return None
        (a, a0, a1), (i, i0, i1), (b, b0, b1) = changed
        if (a0, a1, i0, i1, b0, b1) != (".", "x", "x", ".", ".", "x"):
            return None
        way = "horizontally" if i - a == 1 else "vertically"
        return f"x {self._at(i)} splits {way} into {self._at(a)} and {self._at(b)}"

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        dr, dc = (1, 0) if player == "x" else (0, 1)
        out = []
        for i, ch in enumerate(cells):
            if ch != "x":
                continue
            r, c = divmod(i, w)
            if not (r - dr >= 0 and r + dr < h and c - dc >= 0 and c + dc < w):
                continue
            a, b = (r - dr) * w + c - dc, (r + dr) * w + c + dc
            if cells[a] == "." and cells[b] == ".":
                board = list(cells)
                board[i] = "."
                board[a] = board[b] = "x"
                out.append("".join(board))
        return list(dict.fromkeys(out))

    @staticmethod
    def _bit_live(xs: int, os_: int, region: int) -> bool:
        return bool(xs) and region != xs

    @staticmethod
    def _bit_options(state: _BitState, left: bool) -> list[_BitState]:
        """The states after a split (as :meth:`_moves`, on bitboards)."""
        h, w, xs, os_, squares = state
        _, not_first, not_last = masks(h, w)
        empty = squares & ~(xs | os_)
        if left:
            cand = xs & (empty >> w) & (empty << w)
            step = w
        else:
            cand = xs & ((empty >> 1) & not_last) & ((empty << 1) & not_first)
            step = 1
        out = []
        while cand:
            s = cand & -cand
            cand ^= s
            out.append((h, w, xs ^ s | (s << step) | (s >> step), 0, squares))
        return out
