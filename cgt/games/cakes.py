"""Cutcake and Eatcake (Winning Ways, ch. 2): rectangles of cake, cut or eaten.

* **Cutcake**: Left cuts a piece along a vertical line, Right along a
  horizontal one.
* **Eatcake**: Left eats a whole column of one piece, Right a whole row;
  what is left of the piece falls apart into separate cakes.

Both are sums of rectangular pieces and share :class:`_Cake` (checking,
display, identity).

>>> Cutcake(2, 4).value(), Eatcake(1, 2).value()
(1, v)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, ClassVar, TypeVar

from .._svg import Drawable
from ..errors import InvalidPosition
from .base import Position
from .registry import RulesetFamily, read_size
from .strip import _svg

_C = TypeVar("_C", bound="_Cake")

__all__ = ["Cutcake", "Eatcake"]


def _cake_piece(piece: Any, smallest: int) -> tuple[int, int]:
    """``piece`` as a ``(rows, cols)`` pair of ints, each at least ``smallest``."""
    try:
        rows, cols = piece
    except (TypeError, ValueError):
        raise InvalidPosition(f"a piece of cake is a (rows, cols) pair, not {piece!r}") from None
    kind = "positive" if smallest == 1 else "non-negative"
    for n in (rows, cols):
        if isinstance(n, bool) or not isinstance(n, int) or n < smallest:
            raise InvalidPosition(
                f"a piece of cake is rows x cols with {kind} ints, not {(rows, cols)!r}"
            )
    return rows, cols


def _cake_move(
    before: tuple[tuple[int, int], ...], after: tuple[tuple[int, int], ...], verb: str, parts: int
) -> str | None:
    """``"cut the 2x3 piece into 2x1 and 2x2"``: one piece replaced by ``parts`` pieces."""
    if len(after) != len(before) + parts - 1:
        return None
    for i, (rows, cols) in enumerate(before):
        if before[:i] != after[:i]:
            break
        if after[i + parts :] == before[i + 1 :]:
            new = after[i : i + parts]
            if sum(r * c for r, c in new) != rows * cols:
                continue
            where = f"the {rows}x{cols} piece" if len(before) == 1 else f"piece {i} ({rows}x{cols})"
            return f"{verb} {where} into " + " and ".join(f"{r}x{c}" for r, c in new)
    return None


def _cake_svg(pieces: tuple[tuple[int, int], ...]) -> str:
    """The pieces side by side, one square of gap between them."""
    cell = 12
    body = []
    x = 0
    for rows, cols in pieces:
        for r in range(rows):
            for c in range(cols):
                body.append(
                    f'<rect x="{x + c * cell}" y="{r * cell}" width="{cell}" '
                    f'height="{cell}" fill="#f4d58d" stroke="#8f5902"/>'
                )
        x += cols * cell + cell
    height = max((r for r, _ in pieces), default=0) * cell
    return _svg(max(x - cell, 0), height, body)


class _Cake(Position, Drawable):
    """A sum of rectangular pieces of cake (Cutcake and Eatcake share this)."""

    move_coordinates: ClassVar[str] = (
        "pieces are named by their size, rows x columns, and counted from 0 when "
        "there are several; a piece's columns and rows are counted from 0 "
        "(from the left and the top)"
    )

    __slots__ = ("pieces",)

    pieces: tuple[tuple[int, int], ...]

    def __init__(self, rows: int, cols: int) -> None:
        self.pieces = self._pieces([(rows, cols)])

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        raise NotImplementedError

    @classmethod
    def _pieces(cls, pieces: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        return tuple(cls._check(p) for p in pieces)

    @classmethod
    def of(cls: type[_C], pieces: Iterable[tuple[int, int]]) -> _C:
        """The sum of several pieces, each a ``(rows, cols)`` pair.

        >>> print(Cutcake.of([(2, 3), (1, 1)]))
        2x3 + 1x1
        """
        cake = object.__new__(cls)
        cake.pieces = cls._pieces(pieces)
        return cake

    def __str__(self) -> str:
        return " + ".join(f"{r}x{c}" for r, c in self.pieces) or "0"

    def __repr__(self) -> str:
        name = type(self).__name__
        if len(self.pieces) == 1:
            return f"{name}({self.pieces[0][0]}, {self.pieces[0][1]})"
        return f"{name}.of({list(self.pieces)!r})"

    def _draw_svg(self) -> str:
        return _cake_svg(self.pieces)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Cake):
            return NotImplemented
        return type(self) is type(other) and self.pieces == other.pieces

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.pieces))

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self).of, (self.pieces,))


_CAKES = RulesetFamily(
    "partizan", "SIZE", docs="strips", moved_from="cgt.games.strips", make=read_size
)


@_CAKES.register("Cutcake", "Cutcake (2x3 cake)", "2x3")
class Cutcake(_Cake):
    """Winning Ways' Cutcake: a cake of ``rows`` x ``cols`` unit squares.

    Left cuts vertically (North-South): a ``rows x cols`` piece becomes
    ``rows x a`` and ``rows x (cols - a)``.  Right cuts horizontally
    (East-West): it becomes ``a x cols`` and ``(rows - a) x cols``.  So a
    one-row strip ``Cutcake(1, n)`` is Left's alone and worth ``n - 1``, and
    ``Cutcake(n, 1)`` is worth ``-(n - 1)``.  After a cut the position is a
    sum of pieces: :meth:`of` builds one directly.

    >>> Cutcake(1, 5).value(), Cutcake(5, 1).value(), Cutcake(2, 2).value()
    (4, -4, 0)
    >>> Cutcake(2, 4).left_options()
    [Cutcake.of([(2, 1), (2, 3)]), Cutcake.of([(2, 2), (2, 2)])]
    >>> Cutcake.of([(2, 4), (3, 1)]).value()
    -1
    >>> Cutcake(0, 3)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a piece of cake is rows x cols with positive ints, not (0, 3)
    """

    __slots__ = ()

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        return _cake_piece(piece, 1)

    def _cuts(self, vertical: bool) -> list[Cutcake]:
        out = []
        for i, (rows, cols) in enumerate(self.pieces):
            before, after = self.pieces[:i], self.pieces[i + 1 :]
            side = cols if vertical else rows
            for a in range(1, side // 2 + 1):  # a and side - a give the same pieces
                halves = ((rows, a), (rows, cols - a)), ((a, cols), (rows - a, cols))
                new = halves[0] if vertical else halves[1]
                out.append(Cutcake.of(before + new + after))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which piece was cut, into which two (pieces counted from 0 when there are several).

        >>> Cutcake(2, 3).describe_move(Cutcake(2, 3).left_options()[0])
        'cut the 2x3 piece into 2x1 and 2x2'
        >>> c = Cutcake.of([(2, 2), (2, 2)])
        >>> c.describe_move(c.right_options()[1])
        'cut piece 1 (2x2) into 1x2 and 1x2'
        """
        if not isinstance(option, Cutcake):
            return None
        return _cake_move(self.pieces, option.pieces, "cut", 2)

    def left_options(self) -> list[Cutcake]:
        """Cakes after a vertical cut of one piece (Left's moves)."""
        return self._cuts(True)

    def right_options(self) -> list[Cutcake]:
        """Cakes after a horizontal cut of one piece (Right's moves)."""
        return self._cuts(False)

    def components(self) -> list[Cutcake]:
        """One cake per piece larger than a unit square."""
        if len(self.pieces) == 1:
            return [self] if self.pieces[0] != (1, 1) else []
        return [Cutcake.of([p]) for p in self.pieces if p != (1, 1)]

    def key(self) -> Hashable:
        """The sorted pieces (a transposed cake is worth the negative: not identified)."""
        return tuple(sorted(p for p in self.pieces if p != (1, 1)))


@_CAKES.register("Eatcake", "Eatcake (2x3 cake)", "2x3")
class Eatcake(_Cake):
    """Winning Ways' Eatcake: a cake of ``rows`` x ``cols`` unit squares.

    Left eats one whole column (a North-South strip one square wide) of one
    piece, anywhere in it: a ``rows x cols`` piece becomes ``rows x a`` and
    ``rows x (cols - 1 - a)`` for any ``0 <= a < cols``.  Right eats one whole
    row of one piece: it becomes ``a x cols`` and ``(rows - 1 - a) x cols``.
    Pieces with no squares left vanish, so eating the last column (or row)
    of a piece removes it, and eating an inner one leaves two separate
    cakes.  Left's side is the columns as in :class:`Cutcake` (CGSuite's
    Eatcake is the same ruleset: octal game ``0.7`` on the columns for Left
    and on the rows for Right).  :meth:`of` builds a sum of pieces.

    >>> Eatcake(1, 1).value(), Eatcake(1, 2).value(), Eatcake(2, 1).value()
    (*, v, ^)
    >>> Eatcake(1, 3).left_options()
    [Eatcake(1, 2), Eatcake.of([(1, 1), (1, 1)])]
    >>> Eatcake(1, 3).right_options()
    [Eatcake.of([])]
    >>> Eatcake(0, 3).pieces, Eatcake.of([(2, 2), (0, 5)]).pieces
    ((), ((2, 2),))
    >>> Eatcake(2, -1)
    Traceback (most recent call last):
    ...
    cgt.errors.InvalidPosition: a piece of cake is rows x cols with non-negative ints, not (2, -1)
    """

    __slots__ = ()

    @staticmethod
    def _check(piece: Any) -> tuple[int, int]:
        return _cake_piece(piece, 0)

    @classmethod
    def _pieces(cls, pieces: Iterable[Any]) -> tuple[tuple[int, int], ...]:
        """The checked pieces, empty ones dropped.

        >>> print(Eatcake.of([(2, 3), (0, 4), (1, 1)]))
        2x3 + 1x1
        """
        checked = (cls._check(p) for p in pieces)
        return tuple((r, c) for r, c in checked if r and c)

    def _eat(self, column: bool) -> list[Eatcake]:
        out = []
        for i, (rows, cols) in enumerate(self.pieces):
            before, after = self.pieces[:i], self.pieces[i + 1 :]
            side = cols if column else rows
            for a in range((side - 1) // 2 + 1):  # a and side - 1 - a: the same pieces
                b = side - 1 - a
                halves = ((rows, a), (rows, b)) if column else ((a, cols), (b, cols))
                new = tuple(p for p in halves if p[0] and p[1])
                out.append(Eatcake.of(before + new + after))
        return out

    def describe_move(self, option: Any) -> str | None:
        """Which column (Left) or row (Right) of which piece was eaten, and what is left.

        >>> g = Eatcake(2, 3)
        >>> [g.describe_move(o) for o in g.left_options() + g.right_options()]
        ['eat column 0 of the 2x3 piece, leaving 2x2', \
'eat column 1 of the 2x3 piece, leaving 2x1 and 2x1', 'eat row 0 of the 2x3 piece, leaving 1x3']
        >>> Eatcake(1, 1).describe_move(Eatcake.of([]))
        'eat the 1x1 piece'
        """
        if not isinstance(option, Eatcake):
            return None
        before, after = self.pieces, option.pieces
        for i, (rows, cols) in enumerate(before):
            if before[:i] != after[:i]:
                break
            where = f"the {rows}x{cols} piece" if len(before) == 1 else f"piece {i} ({rows}x{cols})"
            k = len(after) - len(before) + 1
            if not 0 <= k <= 2 or after[i + k :] != before[i + 1 :]:
                continue
            new = after[i : i + k]
            if (rows, cols) == (1, 1):
                if not new:
                    return f"eat {where}"
                continue
            for a in range(max(rows, cols)):
                for column in (True, False):
                    side = cols if column else rows
                    if a >= side:
                        continue
                    b = side - 1 - a
                    halves = ((rows, a), (rows, b)) if column else ((a, cols), (b, cols))
                    if tuple(p for p in halves if p[0] and p[1]) == new:
                        line = "column" if column else "row"
                        left = " and ".join(f"{r}x{c}" for r, c in new) or "nothing"
                        return f"eat {line} {a} of {where}, leaving {left}"
        return None

    def left_options(self) -> list[Eatcake]:
        """Cakes after Left eats one column of one piece."""
        return self._eat(True)

    def right_options(self) -> list[Eatcake]:
        """Cakes after Right eats one row of one piece."""
        return self._eat(False)

    def components(self) -> list[Eatcake]:
        """One cake per piece (every piece has moves for both players)."""
        if len(self.pieces) == 1:
            return [self]
        return [Eatcake.of([p]) for p in self.pieces]

    def key(self) -> Hashable:
        """The sorted pieces (a transposed cake is worth the negative: not identified)."""
        return tuple(sorted(self.pieces))
