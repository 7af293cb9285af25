"""Push and Shove: pieces move leftwards and push the pieces ahead of them.

On a strip, a player moves one of her pieces (Left's ``x``, Right's ``o``)
one square leftwards, and it pushes pieces ahead of it (in Push the
adjacent run only, in Shove every piece to its left); pieces pushed off the
left end leave the game.  They share :class:`_Pushing`, a strip of
:mod:`cgt.games.strip`.

>>> Push("x.o").value(), Shove("x.o").value()
(-2, -5/2)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from .registry import register_ruleset
from .strip import _CELL, _Line

__all__ = ["Push", "Shove"]


class _Pushing(_Line):
    """A strip on which every piece moves leftwards, pushing others ahead of it.

    Left's pieces are ``x``, Right's ``o``, empty squares ``.``.  Subclasses
    say which pieces a move pushes (:meth:`_push`).
    """

    __slots__ = ()

    left_piece = "x"
    right_piece = "o"

    @staticmethod
    def _push(s: str, i: int) -> str:
        raise NotImplementedError

    def _moves(self, piece: str) -> list[Any]:
        s = self.strip
        return [self._make(self._push(s, i)) for i, ch in enumerate(s) if ch == piece]

    def describe_move(self, option: Any) -> str | None:
        """The piece that was moved one square left (squares counted from 0).

        >>> g = Push("x.ox")
        >>> [g.describe_move(o) for o in g.left_options() + g.right_options()]
        ['x at 0 moves off the strip', 'x at 3 moves to 2', 'o at 2 moves to 1']
        """
        if type(option) is not type(self):
            return None
        s = self.strip
        for i, ch in enumerate(s):
            if ch != "." and self._push(s, i) == option.strip:
                if i == 0:
                    return f"{ch} at 0 moves off the strip"
                return f"{ch} at {i} moves to {i - 1}"
        return None

    def left_options(self) -> list[Any]:
        """Strips after Left moves one of her pieces one square leftwards."""
        return self._moves("x")

    def right_options(self) -> list[Any]:
        """Strips after Right moves one of his pieces one square leftwards."""
        return self._moves("o")

    def components(self) -> list[Any]:
        """The strip without its empty squares after the last piece (nothing
        ever moves rightwards, so they are never used); no component if no
        piece is left.  Nothing else splits: a piece may later push, or be
        pushed by, any piece on its side of a gap."""
        s = self.strip.rstrip(".")
        if not s:
            return []
        return [self if s == self.strip else self._make(s)]

    def key(self) -> Hashable:
        """The strip without its trailing empty squares (swapping the sides
        negates the value: not identified)."""
        return self.strip.rstrip(".")

    @staticmethod
    def _piece_svg(x: int, fill: str) -> str:
        """A square piece (pieces that push, not jump)."""
        return f'<rect x="{x + 4}" y="4" width="{_CELL - 8}" height="{_CELL - 8}" fill="{fill}"/>'


@register_ruleset(
    "Shove",
    "partizan",
    syntax="STRIP",
    summary="Shove",
    example="x.o.x",
    cli="shove",
    docs="strips",
    fast_path="compiled strips (cgt/_c/strips.h), at most 64 squares",
    stored_as=("cgt.games.strips.Shove",),
)
class Shove(_Pushing):
    """A Shove strip: ``x`` Left's pieces, ``o`` Right's, ``.`` empty.

    A player picks one of her pieces and moves it one square to the left;
    every piece to its left, adjacent or not, moves one square left with
    it, and a piece moved off the left end (square 0) leaves the game.  A
    piece on square 0 may itself be moved off.  Upper case is accepted.
    The rule is the one of the Lean CombinatorialGames library's Shove.

    >>> Shove("x").value(), Shove("..x").value(), Shove("o.").value()
    (1, 3, -1)
    >>> Shove("xo").value()
    -3/2
    >>> Shove("x.o.x").left_options()
    [Shove('..o.x'), Shove('.o.x.')]
    >>> Shove("x.o.x..").components()      # trailing empty squares are never used
    [Shove('x.o.x')]
    >>> Shove("x?o")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character '?' at row 0, column 1 of 'x?o': ...
    """

    __slots__ = ()
    ruleset = "Shove"
    _kernel = 3

    @staticmethod
    def _push(s: str, i: int) -> str:
        # Squares 0..i all move one square left: square 0's content falls off.
        return s[1 : i + 1] + "." + s[i + 1 :]


@register_ruleset(
    "Push",
    "partizan",
    syntax="STRIP",
    summary="Push",
    example="x.ox",
    cli="push",
    docs="strips",
    fast_path="compiled strips (cgt/_c/strips.h), at most 64 squares",
    stored_as=("cgt.games.strips.Push",),
)
class Push(_Pushing):
    """A Push strip: ``x`` Left's pieces, ``o`` Right's, ``.`` empty.

    A player picks one of her pieces and moves it one square to the left,
    pushing the run of pieces directly to its left (up to the nearest empty
    square) one square left too: the empty square is filled.  If there is
    no empty square to its left the run reaches the left end, and its
    leftmost piece is pushed off and leaves the game.  Upper case is
    accepted.  Push differs from :class:`Shove` only in moving just the
    adjacent run (the rule of the Lean CombinatorialGames library's Push).

    >>> Push("x").value(), Push("..x").value(), Push("xo").value()
    (1, 3, -3/2)
    >>> Push("x.ox").left_options()
    [Push('..ox'), Push('xox.')]
    >>> Push("x.o").value(), Shove("x.o").value()
    (-2, -5/2)
    >>> Push("x.z")
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: unknown character 'z' at row 0, column 2 of 'x.z': ...
    """

    __slots__ = ()
    ruleset = "Push"
    _kernel = 2

    @staticmethod
    def _push(s: str, i: int) -> str:
        # The run ends at the nearest empty square g left of i (it is filled),
        # or at the left end, where square 0's piece falls off.
        g = s.rfind(".", 0, i)
        if g < 0:
            g = 0
        return s[:g] + s[g + 1 : i + 1] + "." + s[i + 1 :]
