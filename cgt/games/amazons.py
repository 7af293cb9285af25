"""Amazons: a queen move of one of your amazons, then an arrow shot from it.

Move one of your amazons like a chess queen through empty squares, then
shoot an arrow from its landing square, again like a queen through empty
squares (the square just left counts as empty); the arrow's square becomes
``#``.  The board, its regions and keys are :mod:`cgt.games.board`'s.

>>> Amazons("x.o").value(), Amazons("x..").value()
(*, 2)
"""

from __future__ import annotations

from .board import _QUEEN, STONES, _bit_sides, _bit_steps, _BitState, _StoneBoard

__all__ = ["Amazons"]


@STONES.register("Amazons", "Amazons (# burnt)", "x..|.#.|..o")
class Amazons(_StoneBoard):
    """An Amazons position: a queen move of one of your amazons, then an arrow shot from it.

    Regions are the parts of the board's squares connected orthogonally or
    diagonally (queens move diagonally too); a region without amazons is 0
    and is dropped.

    >>> Amazons("x.").value(), Amazons("o..").value(), Amazons("x.o").value()
    (1, -2, *)
    >>> Amazons("x.#|###|..o").components()
    [Amazons('x.'), Amazons('..o')]
    >>> Amazons("x.").left_options()
    [Amazons('#x')]
    """

    __slots__ = ()
    diagonal = True

    @staticmethod
    def _live(cells: str) -> bool:
        return "x" in cells or "o" in cells

    def _describe(self, changed: list[tuple[int, str, str]]) -> str | None:
        """``x (0, 0) to (2, 2), arrow at (2, 0)``: the amazon's move, then the arrow.

        >>> Amazons("x..").describe_move(Amazons(".x#"))
        'x (0, 0) to (0, 1), arrow at (0, 2)'
        >>> Amazons("x..").describe_move(Amazons("#x."))    # back where it came from
        'x (0, 0) to (0, 1), arrow at (0, 0)'
        """
        starts = [(i, a) for i, a, b in changed if a in "xo" and b in ".#"]
        ends = [(i, b) for i, a, b in changed if a == "." and b in "xo"]
        arrows = [i for i, _, b in changed if b == "#"]
        if len(starts) != 1 or len(ends) != 1 or len(arrows) != 1 or starts[0][1] != ends[0][1]:
            return None
        (start, piece), (end, _) = starts[0], ends[0]
        return f"{piece} {self._at(start)} to {self._at(end)}, arrow at {self._at(arrows[0])}"

    @staticmethod
    def _moves(h: int, w: int, cells: str, player: str) -> list[str]:
        out = []
        for i, ch in enumerate(cells):
            if ch != player:
                continue
            board = list(cells)
            board[i] = "."
            r, c = divmod(i, w)
            for dr, dc in _QUEEN:
                r1, c1 = r + dr, c + dc
                while 0 <= r1 < h and 0 <= c1 < w and board[r1 * w + c1] == ".":
                    j = r1 * w + c1
                    board[j] = player
                    for er, ec in _QUEEN:
                        r2, c2 = r1 + er, c1 + ec
                        while 0 <= r2 < h and 0 <= c2 < w and board[r2 * w + c2] == ".":
                            k = r2 * w + c2
                            board[k] = "#"
                            out.append("".join(board))
                            board[k] = "."
                            r2, c2 = r2 + er, c2 + ec
                    board[j] = "."
                    r1, c1 = r1 + dr, c1 + dc
        return list(dict.fromkeys(out))

    @staticmethod
    def _bit_live(xs: int, os_: int, region: int) -> bool:
        return bool(xs or os_)

    @staticmethod
    def _bit_options(state: _BitState, left: bool) -> list[_BitState]:
        """The states after a move and its arrow (as :meth:`_moves`, on bitboards)."""
        h, w, xs, os_, squares = state
        mine, theirs = (xs, os_) if left else (os_, xs)
        empty = squares & ~(xs | os_)
        steps = _bit_steps(h, w, True)
        out: list[tuple[int, int, int]] = []  # (mine, theirs, squares)
        rest = mine
        while rest:
            s = rest & -rest
            rest ^= s
            base = mine ^ s
            free = empty | s
            for d, m in steps:
                to = ((s << d) if d > 0 else (s >> -d)) & m
                while to & free:
                    after = free ^ to
                    for e, n in steps:
                        arrow = ((to << e) if e > 0 else (to >> -e)) & n
                        while arrow & after:
                            out.append((base | to, theirs, squares ^ arrow))
                            arrow = ((arrow << e) if e > 0 else (arrow >> -e)) & n
                    to = ((to << d) if d > 0 else (to >> -d)) & m
        # only Amazons moves are checked for repeats (the others cannot repeat)
        return _bit_sides(h, w, list(dict.fromkeys(out)), left)
